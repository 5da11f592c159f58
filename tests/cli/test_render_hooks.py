"""The per-game renderer hooks: `render` and `hint` are used, and a failing one is not fatal."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from rich.text import Text

from dicehall.cli import common
from dicehall.core.parts import TerminalHooks
from tests.cli.helpers import run


def _renderer(fail: bool = False) -> TerminalHooks:
    def render(game: Any, view: dict[str, Any], seat: int | None) -> Text:
        if fail:
            raise RuntimeError("boom")
        return Text(f"BOARD scores={view['scores']} for={seat}")

    def hint(game: Any, view: dict[str, Any], seat: int) -> str:
        return f"take it when the die shows {view['die']}"

    return TerminalHooks(render=render, hint=hint)


def _play(tmp_path: Path, *extra: str) -> str:
    args = ["play", "clitoy", "--bot", "1=random", "--seed", "3", "--record-dir", str(tmp_path)]
    result = run([*args, *extra], input="1\n" * 50)
    assert result.exit_code == 0
    return result.stdout


def test_the_games_renderer_and_hints_are_shown(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(common, "terminal_hooks", lambda game_id: _renderer())
    out = _play(tmp_path, "--hints")
    assert "BOARD scores=[0, 0] for=0" in out  # the human seat's own view
    assert "BOARD" in out.split("game over")[-1] and "for=None" in out  # spectator at the end
    assert "hint: take it when the die shows" in out
    assert "hint:" not in _play(tmp_path)  # only with --hints


def test_a_failing_renderer_falls_back_to_the_raw_view(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(common, "terminal_hooks", lambda game_id: _renderer(fail=True))
    out = _play(tmp_path)
    assert "the clitoy renderer failed: RuntimeError('boom')" in out
    assert "'scores': [0, 0]" in out
