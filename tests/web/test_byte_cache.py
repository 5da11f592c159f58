"""The replays' and reviews' body cache: bounded by bytes, least recently used out."""

from __future__ import annotations

from dicehall.web.records.byte_cache import ByteCache


def test_the_oldest_bodies_go_once_the_bytes_pass_the_limit() -> None:
    cache = ByteCache(10)
    cache.put("a", b"1234")
    cache.put("b", b"1234")
    assert cache.get("a") == b"1234"  # now the most recently used
    cache.put("c", b"1234")
    assert cache.get("b") is None and cache.get("a") == b"1234" and cache.get("c") == b"1234"
    cache.put("huge", b"x" * 11)
    assert cache.get("huge") is None


def test_storing_a_key_again_counts_its_bytes_once() -> None:
    cache = ByteCache(10)
    for _ in range(5):
        cache.put("a", b"12345")
    cache.put("b", b"12345")
    assert cache.get("a") == b"12345" and cache.get("b") == b"12345"
