"""Password hashing: Argon2id through argon2-cffi, with its recommended parameters (RFC 9106).

Hashing is deliberately slow (tens of milliseconds of CPU and 64 MiB): callers run it in a
thread. A sign-in with an unknown name still verifies against a fixed hash, so its answer
takes as long as a wrong password's and does not tell which names exist.
"""

from __future__ import annotations

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError, VerifyMismatchError

HASHER = PasswordHasher()
MIN_PASSWORD = 8
MAX_PASSWORD = 128  # longer ones buy nothing and cost hashing time
_DECOY = HASHER.hash("not the password of any account")


def hash_password(password: str) -> str:
    return HASHER.hash(password)


def check_password(stored: str | None, password: str) -> bool:
    """Whether `password` matches `stored` (None: no such account, checked against a decoy)."""
    try:
        return HASHER.verify(stored or _DECOY, password) and stored is not None
    except (VerifyMismatchError, VerificationError, InvalidHashError):
        return False


def needs_rehash(stored: str) -> bool:
    return HASHER.check_needs_rehash(stored)
