"""The terminal shows the game's explanations (`engine.explain`): in the play log as bots and
people move, and beside each step of `dicehall replay`."""

from __future__ import annotations

import re
from pathlib import Path

from dicehall.engine import Record
from dicehall.engine.explain import explain_entries
from dicehall.engine.record import game_of
from tests.cli.helpers import run


def test_play_log_and_replay_explain_each_turn_end(tmp_path: Path) -> None:
    """Rulebook (docs/rules/purrramid.md, "A turn"): "If not, you bust" - the log says why a
    turn busted, or what a safe stop placed."""
    args = ["play", "purrramid", "--bot", "0=random", "--bot", "rest=random", "--seed", "1",
            "--record-dir", str(tmp_path)]  # fmt: skip
    result = run(args)
    assert result.exit_code == 0
    assert re.search(r"→ Player \d (busted: |stopped safely: )", result.stdout)
    [path] = sorted(tmp_path.glob("*.json"))
    record = Record.load(path)
    game = game_of(record)
    why = explain_entries(game, game.initial_state(), record.actions, None)
    index, lines = next(iter(why.items()))
    shown = run(["replay", str(path), "--step", str(index + 1)])
    assert shown.exit_code == 0
    assert f"→ {lines[0]}" in " ".join(shown.stdout.split())
