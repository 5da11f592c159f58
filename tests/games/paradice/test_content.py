"""Content loading: the built-in cards, a user's own file, and precise errors."""

from __future__ import annotations

import tomllib
from importlib import resources
from pathlib import Path
from typing import Any

import pytest

from dicehall import games
from dicehall.core import ContentError
from dicehall.games.paradice.content import parse_content


def built_in() -> dict[str, Any]:
    raw = resources.files("dicehall.games.paradice").joinpath("content/cards.toml").read_bytes()
    return tomllib.loads(raw.decode())


def test_built_in_content_is_a_labelled_reconstruction() -> None:
    data = built_in()
    assert data["meta"]["reconstruction"] is True
    content = parse_content(data, "cards")
    assert len(content.stalls) == 45 and len(content.bag) == 9
    assert sum(1 for c in content.stalls if c.points == 10) >= 4


def test_content_hash_is_the_digest_of_the_file(tmp_path: Path) -> None:
    game = games.make("paradice")
    assert len(game.content_hash) == 64
    mine = tmp_path / "mine.toml"
    text = resources.files("dicehall.games.paradice").joinpath("content/cards.toml").read_text()
    mine.write_text(text.replace("points = 25", "points = 30", 1))
    other = games.make("paradice", content=str(mine))
    assert other.content_hash != game.content_hash
    assert max(c.points for c in other.cfg.content.stalls) == 30  # type: ignore[attr-defined]


def broken(change: str) -> str:
    data = built_in()
    card = data["stall"][3]
    if change == "type":
        card["type"] = "carousel"
    elif change == "slot":
        card["slots"] = ["any", "purple", "any"]
    elif change == "impossible":
        card["slots"] = ["blue 5", "any", "any"]
        card["condition"] = {"parity": "even"}
    elif change == "key":
        card["condition"] = {"colour": "red"}
    elif change == "count":
        del data["stall"][3]
    with pytest.raises(ContentError) as info:
        parse_content(data, "mine.toml")
    return str(info.value)


def test_errors_name_the_card_the_field_and_what_was_expected() -> None:
    assert "stall 'balloon-4'.type" in broken("type") and "'carousel'" in broken("type")
    assert "slots[1]" in broken("slot") and "'purple'" in broken("slot")
    assert "stall 'balloon-4'" in broken("impossible") and "impossible" in broken("impossible")
    assert "condition.colour" in broken("key")
    assert "9 balloon stalls" in broken("count") and "found '8'" in broken("count")


def test_a_missing_file_is_a_content_error() -> None:
    with pytest.raises(ContentError):
        games.make("paradice", content="no/such/file.toml")
