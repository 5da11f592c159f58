"""An unknown name costs a sign-in the same hashing work as a known one (accounts/passwords.py):
it is checked against a decoy hash, made at the first check of any name."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from dicehall.web.accounts import passwords


class CountingHasher:
    """Argon2's interface, counting the hashes made and the hashes verified."""

    def __init__(self) -> None:
        self.hashed: list[str] = []
        self.verified: list[str] = []

    def hash(self, password: str) -> str:
        self.hashed.append(password)
        return f"hash-of-{password}"

    def verify(self, stored: str, password: str) -> bool:
        self.verified.append(stored)
        return stored == f"hash-of-{password}"


@pytest.fixture
def hasher(monkeypatch: pytest.MonkeyPatch) -> Iterator[CountingHasher]:
    fake = CountingHasher()
    monkeypatch.setattr(passwords, "HASHER", fake)
    passwords._decoy.cache_clear()
    yield fake
    passwords._decoy.cache_clear()  # the real hasher's decoy next time


@pytest.mark.parametrize("first", ["known", "unknown"])
def test_the_first_check_makes_the_decoy_whichever_name_it_is(
    hasher: CountingHasher, first: str
) -> None:
    stored = "hash-of-right password" if first == "known" else None
    passwords.check_password(stored, "right password")
    assert len(hasher.hashed) == 1  # the decoy, for a known name too
    passwords.check_password("hash-of-x", "y")
    passwords.check_password(None, "y")
    assert len(hasher.hashed) == 1  # made once
    assert len(hasher.verified) == 3  # every check verifies one hash


def test_an_unknown_name_is_verified_against_the_decoy_and_never_matches(
    hasher: CountingHasher,
) -> None:
    decoy_password = "not the password of any account"
    assert passwords.check_password(None, decoy_password) is False
    assert hasher.verified == [f"hash-of-{decoy_password}"]
    assert passwords.check_password("hash-of-secret", "secret") is True
