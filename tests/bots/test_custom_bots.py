"""Trying your own strategy: a strategy file (`--bots path/to/file.py:ClassName`), an installed
package's bot (entry point group `dicehall.bots`) and the knobs of the games' own bots
(`greedy:stop=3`), each with a clear error when the spec is wrong."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from dicehall import bots, games
from dicehall.core.errors import DicehallError
from dicehall.engine import Match
from tests.cli.helpers import run

STRATEGY = '''
class LastMove:
    """Always the last legal action."""

    def __init__(self, game, seat):
        self.seat = seat

    def act(self, view, legal_actions, rng):
        return legal_actions[-1]
'''


def _strategy(tmp_path: Path, text: str = STRATEGY) -> Path:
    path = tmp_path / "strategy.py"
    path.write_text(text, encoding="utf-8")
    return path


def _moves(game: Any, seat_bots: dict[int, Any], seed: int = 1) -> list[Any]:
    match = Match(game, seed, bots=seat_bots)
    match.run_bots()
    return [entry.action for entry in match.log]


def test_a_strategy_file_plays_and_is_recorded_by_its_spec(tmp_path: Path) -> None:
    spec = f"{_strategy(tmp_path)}:LastMove"
    game = games.make("purrramid", players=2)
    bot = bots.make_bot(spec, game, 0)
    assert bot.level == spec
    legal = ["a", "b", "c"]
    assert bot.act({}, legal, random.Random(0)) == "c"
    assert bots.check_bot(spec, "purrramid") == spec


def test_simulate_takes_a_strategy_file(tmp_path: Path) -> None:
    spec = f"{_strategy(tmp_path)}:LastMove"
    args = ["simulate", "purrramid", "--bots", f"{spec},greedy", "--games", "3", "--workers", "1"]
    result = run([*args, "--json"])
    assert result.exit_code == 0, result.output
    assert [s["bot"] for s in json.loads(result.stdout)["seats"]] == [spec, "greedy"]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("x = 1\n", "defines no class 'LastMove'"),
        ("raise RuntimeError('broken strategy')\n", "failed to load: RuntimeError"),
        ("class LastMove:\n    def __init__(self, game, seat): pass\n", "has no act"),
    ],
)
def test_a_bad_strategy_file_is_a_clear_error(tmp_path: Path, text: str, message: str) -> None:
    spec = f"{_strategy(tmp_path, text)}:LastMove"
    with pytest.raises(DicehallError, match=message):
        bots.make_bot(spec, games.make("puru", players=2), 0)


def test_a_missing_strategy_file_fails_cleanly_on_the_command_line(tmp_path: Path) -> None:
    result = run(["simulate", "puru", "--bots", f"{tmp_path / 'nope.py'}:Bot", "--games", "2"])
    assert result.exit_code == 2
    assert "no strategy file" in result.stderr and "Traceback" not in result.output


def test_an_installed_package_offers_a_bot(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A package's entry point in the group `dicehall.bots` is a bot by its name."""
    (tmp_path / "dicehall_test_strategies.py").write_text(STRATEGY, encoding="utf-8")
    info = tmp_path / "dicehall_test_strategies-1.0.dist-info"
    info.mkdir()
    meta = "Metadata-Version: 2.1\nName: dicehall-test-strategies\nVersion: 1.0\n"
    (info / "METADATA").write_text(meta, encoding="utf-8")
    points = "[dicehall.bots]\nlast-move = dicehall_test_strategies:LastMove\n"
    (info / "entry_points.txt").write_text(points, encoding="utf-8")
    with pytest.raises(DicehallError, match="no bot level 'last-move'"):
        bots.check_bot("last-move", "puru")
    monkeypatch.syspath_prepend(str(tmp_path))
    assert "installed: last-move" in bots.bot_choices("puru")
    bot = bots.make_bot("last-move", games.make("puru", players=2), 0)
    assert bot.level == "last-move" and bot.act({}, [1, 2], random.Random(0)) == 2


def test_purrramids_stop_knob_changes_how_greedy_plays() -> None:
    game = games.make("purrramid", players=2)
    cautious = _moves(game, {s: bots.make_bot("greedy:stop=5", game, s) for s in range(2)})
    default = _moves(game, {s: bots.make_bot("greedy", game, s) for s in range(2)})
    assert cautious != default
    stops = [a for a in cautious if a.get("type") == "Stop"]
    assert len(stops) > len([a for a in default if a.get("type") == "Stop"])


def test_purus_guard_knob_changes_when_greedy_pays_for_a_reroll() -> None:
    game = games.make("puru", players=3)
    never = _moves(game, {s: bots.make_bot("greedy:guard=20", game, s) for s in range(3)}, 4)
    default = _moves(game, {s: bots.make_bot("greedy", game, s) for s in range(3)}, 4)
    assert never != default


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("greedy:stpo=3", "has no knob 'stpo'; its knobs: stop"),
        ("greedy:stop=9", "from 0 to 5, got '9'"),
        ("greedy:stop=two", "whole number"),
        ("greedy:3", "knob=value pairs"),
        ("random:stop=1", "the random bot of purrramid has no knobs"),
        ("mcts:fast", "a budget is iterations"),
    ],
)
def test_bad_bot_specs_say_what_is_wrong(spec: str, message: str) -> None:
    with pytest.raises(DicehallError, match=message):
        bots.check_bot(spec, "purrramid")
    result = run(["simulate", "purrramid", "--bots", spec, "--games", "2"])
    assert result.exit_code == 2 and "Traceback" not in result.output


def test_bots_help_lists_the_levels_and_knobs() -> None:
    result = run(["simulate", "purrramid", "--bots", "help"])
    assert result.exit_code == 0
    assert "greedy:stop=N (0-5" in result.stdout and "path/to/file.py:ClassName" in result.stdout
    assert "greedy (stop=0-5)" in run(["games"]).stdout
