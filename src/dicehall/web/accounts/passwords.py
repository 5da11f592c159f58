"""Password hashing: Argon2id through argon2-cffi, with its recommended parameters (RFC 9106).

Hashing is deliberately slow (tens of milliseconds of CPU and 64 MiB): callers run it in a
thread. A sign-in with an unknown name still verifies against a fixed hash, so its answer
takes as long as a wrong password's and does not tell which names exist.
"""

from __future__ import annotations

from functools import lru_cache

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError, VerifyMismatchError

HASHER = PasswordHasher()
MIN_PASSWORD = 8
MAX_PASSWORD = 128  # longer ones buy nothing and cost hashing time


@lru_cache(maxsize=1)
def _decoy() -> str:
    """The hash an unknown name is checked against. Made at the first check of any name, not
    at import (117 ms of every server start, most of which never checks a password): that
    first check costs one hash more, whether its name exists or not, so it tells nothing."""
    return HASHER.hash("not the password of any account")


def hash_password(password: str) -> str:
    return HASHER.hash(password)


def check_password(stored: str | None, password: str) -> bool:
    """Whether `password` matches `stored` (None: no such account, checked against a decoy)."""
    try:
        decoy = _decoy()  # before the branch on `stored`, for a known name too
        return HASHER.verify(stored or decoy, password) and stored is not None
    except (VerifyMismatchError, VerificationError, InvalidHashError):
        return False


def needs_rehash(stored: str) -> bool:
    return HASHER.check_needs_rehash(stored)
