"""In-process checks of the web layer's pure parts: log secrecy, hints, rate limits, parsing."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from dicehall import games
from dicehall.core.types import CHANCE, OMNISCIENT
from dicehall.engine import LogEntry, Match
from dicehall.store import Store
from dicehall.web.config import Settings
from dicehall.web.errors import RequestError
from dicehall.web.hall import Hall, make_game
from dicehall.web.tables.hints import hints_for
from dicehall.web.tables.table import StorageError
from dicehall.web.tables.views import entry_text, log_lines
from dicehall.web.ws import BadMessage, RateLimit, parse


def test_jelly_rolls_are_hidden_from_everyone_but_the_roller() -> None:
    game = games.make("jelly", players=3, mode="tick")
    entry = LogEntry(CHANCE, {"type": "RollDice", "seat": 1, "values": [1, 2, 6]})
    assert entry_text(game, entry, 0) == "Player 2 rolls behind their screen (3 dice)"
    assert entry_text(game, entry, None) == entry_text(game, entry, 0)
    assert entry_text(game, entry, 1) == "Player 2 rolls 1 2 6"
    assert entry_text(game, entry, OMNISCIENT) == "Player 2 rolls 1 2 6"


def test_public_chance_is_shown() -> None:
    game = games.make("puru", players=2)
    match = Match(game, 5)
    lines = log_lines(game, [], match.log, viewer=None)
    assert lines and lines[0]["who"] == "Dice" and "rolled" in lines[0]["text"]


def test_purrramid_odds_hint_is_a_distribution() -> None:
    game = games.make("purrramid", players=2)
    match = Match(game, 11)
    view = match.view(None)
    while not (view["phase"] == "decide" and view["turn"]["left"]):
        seat = match.actors()[0]
        match.submit(seat, match.legal_actions(seat)[0])
        view = match.view(None)
    hint = hints_for(game, view)
    assert hint is not None
    assert 0 <= hint["bust_with_wool"] <= hint["bust"] <= 1
    assert hint["can_stop"] + hint["bust"] <= 1 + 1e-9
    assert hints_for(games.make("puru", players=2), {"phase": "decide"}) is None


def test_rate_limit_allows_a_burst_then_refuses() -> None:
    limit = RateLimit(rate=0.0, burst=3)
    assert [limit.allow() for _ in range(5)] == [True, True, True, False, False]


@given(st.text(max_size=200))
def test_parse_never_crashes_on_text(text: str) -> None:
    try:
        data = parse(text, 100)
    except BadMessage as exc:
        # bad_number, bad_text: Python reads NaN, Infinity and lone surrogates; JSON has none
        assert exc.code in {"too_large", "malformed_json", "bad_message", "bad_number", "bad_text"}
    else:
        assert isinstance(data, dict) and isinstance(data["type"], str)
        assert json.loads(text) == data


def test_parse_refuses_binary_frames() -> None:
    with pytest.raises(BadMessage, match="text"):
        parse(None, 100)


@pytest.mark.parametrize("value", ["/etc/passwd", "..\\x", "~/mine.toml", "a.toml"])
def test_no_server_paths_from_the_web(value: str) -> None:
    with pytest.raises(RequestError) as info:
        make_game("jelly", {"content": value})
    assert info.value.status == 422


def test_a_failed_save_leaves_the_match_as_it_was(tmp_path: Path) -> None:
    async def scenario() -> None:
        store = Store(f"sqlite:///{tmp_path / 'db.sqlite'}")
        hall = Hall(store, Settings(bot_delay=60.0))
        table, _ = await hall.create({"game": "puru", "seats": [{"kind": "human"}] * 2})
        match = table.match
        before = (match.state, match.version, list(match.log))

        def broken(*args: object, **kwargs: object) -> None:
            raise OSError("disk full")

        store.append = broken  # type: ignore[method-assign]
        seat = match.actors()[0]
        with pytest.raises(StorageError, match="nothing changed"):
            await table.act(seat, match.legal_actions(seat)[0], match.version)
        assert (match.state, match.version, match.log) == before
        await hall.stop()
        store.close()

    asyncio.run(scenario())
