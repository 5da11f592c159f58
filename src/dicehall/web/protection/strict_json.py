"""Standard JSON only: no NaN or Infinity, no lone surrogates, bounded nesting.

Python's `json` reads `NaN`, `Infinity` and `"\\ud800"` (half of a UTF-16 pair) although the
JSON standard (RFC 8259) has no such values; the first break every JSON answer that echoes
them, the second every UTF-8 encoding of the text (the database, the log, a token's digest).
Requests and websocket messages are read with `loads`, which refuses them all; messages to
clients are written with `dumps`.
"""

from __future__ import annotations

import json
import math
import re
from typing import Any

import orjson

SURROGATE = re.compile("[\ud800-\udfff]")


class BadJSON(ValueError):
    """Text that is not standard JSON; `code` names the kind of problem."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code, self.message = code, message


def _no_constants(name: str) -> Any:
    raise BadJSON("bad_number", f"{name} is not a JSON number; send finite numbers only")


def _finite(text: str) -> float:
    value = float(text)
    if math.isinf(value):  # `1e999` is JSON syntax, but no double holds it
        raise BadJSON("bad_number", f"{text[:32]} is too large for a number")
    return value


def _lone_surrogate(value: Any) -> bool:
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            if SURROGATE.search(item):
                return True
        elif isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return False


def loads(data: str | bytes) -> Any:
    """Parse standard JSON; raises `BadJSON` (a `ValueError`) for anything else."""
    if isinstance(data, bytes):
        try:
            data = data.decode("utf-8")
        except UnicodeDecodeError:
            raise BadJSON("bad_encoding", "the body is not UTF-8 text") from None
    try:
        value = json.loads(data, parse_constant=_no_constants, parse_float=_finite)
    except BadJSON:
        raise
    except ValueError:
        raise BadJSON("malformed_json", "the text is not valid JSON") from None
    except RecursionError:  # `[[[[...`: deeper than the decoder goes
        raise BadJSON("malformed_json", "the JSON is nested too deeply") from None
    if _lone_surrogate(value):
        raise BadJSON("bad_text", "text holds half of a UTF-16 surrogate pair, not a character")
    return value


def dumps(value: Any) -> str:
    """Compact JSON text of a message to a client, written by orjson: `json.dumps` took a
    fifteenth of the event loop's time under the bot load (a message per watcher per move).
    What orjson refuses (an integer beyond 64 bits, a lone surrogate) is written by `json`,
    as before; keys that are not text become text, as `json` makes them."""
    try:
        return orjson.dumps(value, option=orjson.OPT_NON_STR_KEYS).decode()
    except TypeError:  # orjson.JSONEncodeError is one
        return json.dumps(value, separators=(",", ":"))
