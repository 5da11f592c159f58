"""Messages to clients are written by `strict_json.dumps` (orjson, with `json` as fallback)."""

from __future__ import annotations

import json

from dicehall.web.protection.strict_json import dumps


def test_a_message_reads_back_as_the_same_value_and_is_compact() -> None:
    message = {
        "type": "update",
        "log": [{"index": 3, "seat": None, "text": "Ann rolls ♥ ★ — and keeps 2", "ok": True}],
        "panels": [{"seat": 0, "score": -1.5, "dice": [1, 2, 6], "hints": None}],
        "version": 41,
    }
    text = dumps(message)
    assert json.loads(text) == message
    assert ", " not in text and ": " not in text


def test_integer_keys_become_text_as_json_makes_them() -> None:
    assert json.loads(dumps({1: "a", 2: [3]})) == {"1": "a", "2": [3]}


def test_what_orjson_refuses_is_still_written_by_json() -> None:
    """An integer beyond 64 bits and a lone surrogate: orjson raises; the message still goes."""
    for value in ({"big": 2**70}, {"text": "\ud800"}):
        assert json.loads(dumps(value)) == value
