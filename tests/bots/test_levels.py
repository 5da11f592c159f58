"""One list of bot levels (`bots.levels`): a new level is one record, and every front end that
asks about levels (the CLI's `--bots`, the lobby, the server's pools and thinking times,
`verify`, the solved tables) takes it from that record."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import pytest

from dicehall import bots, games
from dicehall.bots import levels
from dicehall.bots.levels import Level
from dicehall.core.errors import DicehallError
from dicehall.engine import Match
from dicehall.engine.proof import check
from dicehall.engine.record import Record
from dicehall.web.hall import interactive_level
from dicehall.web.workers.thinking import BotSpec


class FirstBot:
    """Always the first legal action."""

    level = "first"

    def act(self, view: Any, legal_actions: Sequence[Any], rng: random.Random) -> Any:
        return legal_actions[0]


FIRST = Level(
    "first",
    lobby="novice",
    label=lambda game_id: "the first move",
    pool="inline",
    make=lambda game, seat, options: FirstBot(),
    available=lambda game_id: True,
    replayable=True,
)


@pytest.fixture
def with_first(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(levels, "LEVELS", (*levels.LEVELS, FIRST))


@pytest.mark.usefixtures("with_first")
def test_a_new_level_is_one_record() -> None:
    game = games.make("puru", players=2)
    assert "first" in bots.levels_for("puru")
    assert isinstance(bots.make_bot("first", game, 1), FirstBot)
    assert bots.parse_bot_list("first,random", "puru", 2) == ("first", "random")
    assert bots.LOBBY["novice"] == "first"  # the lobby's word for it
    assert bots.labels_for("puru")["first"] == "the first move"  # what players read
    assert BotSpec.of("puru", {}, 0, "first").pool == "inline"  # the server thinks inline
    assert interactive_level("first", "puru") == "first"  # no thinking time at a table
    match = Match(game, 3, bots={0: bots.make_bot("first", game, 0), 1: FirstBot()})
    match.run_bots()
    verdict = check(Record.of(match))
    assert verdict.bots_rerun == ((0, "first"), (1, "first"))  # replayable: verify re-runs it


def test_without_the_record_there_is_no_such_level() -> None:
    assert "first" not in bots.levels_for("puru")
    with pytest.raises(DicehallError, match="no bot level 'first'"):
        bots.parse_bot_list("first", "puru", 2)


def test_the_records_say_what_the_front_ends_asked_by_name() -> None:
    """The facts the server and verify once matched as strings, now in the records."""
    assert [lv.pool for lv in levels.LEVELS] == ["inline", "quick", "search", "search"]
    assert [lv.name for lv in levels.LEVELS if lv.replayable] == ["random", "greedy"]
    assert [lv.name for lv in levels.LEVELS if lv.reads_tables] == ["expert"]
    assert bots.stand_in("puru") == "greedy"
    assert bots.at_table("expert", "jelly") == "expert:3s"  # no solver: a timed search
    assert bots.at_table("expert", "puru") == "expert"  # an exact player needs no time
