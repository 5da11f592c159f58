"""The bot ladder script (`python -m dicehall.sim.ladder`): its lines and its table."""

from __future__ import annotations

import pytest

from dicehall.sim import ladder
from dicehall.sim.ladder import Cell, Mode, modes


def _cell(rung: str, players: int, games: int, wins: float) -> Cell:
    return Cell(Mode("puru", "x", {}), rung, "mcts", "greedy", players, games, wins, 1.0)


def test_the_lines_are_the_issue_targets() -> None:
    assert _cell("hard", 2, 10, 5).line == 0.55  # head to head
    assert _cell("hard", 4, 10, 5).line == pytest.approx(1.3 / 4)  # 1.3x an equal share
    assert _cell("expert", 3, 10, 5).line == pytest.approx(1 / 3)  # at least as strong


def test_verdicts_follow_the_interval() -> None:
    assert _cell("hard", 2, 400, 300).verdict() == "above the line"
    assert _cell("hard", 2, 20, 12).verdict().startswith("at or over the line")
    assert _cell("hard", 2, 400, 100).verdict() == "below the line"
    assert _cell("hard", 2, 20, 10).verdict().startswith("under the line")


def test_every_mode_of_the_issue_is_listed() -> None:
    names = {f"{m.game}:{m.name}" for m in modes()}
    assert {"puru:basic-2p", "puru:basic-5p", "puru:full-2p", "purrramid:side-b",
            "paradice:4p", "jelly:5p-realtime", "jelly:3p-tick"} <= names  # fmt: skip
    assert len(names) == 16


def test_a_tiny_run_prints_the_table(capsys: pytest.CaptureFixture[str]) -> None:
    ladder.main(["--games", "2", "--only", "puru:basic-3p", "--rungs", "hard", "expert"])
    lines = capsys.readouterr().out.strip().splitlines()
    assert lines[0].startswith("| mode | rung | games")
    assert len(lines) == 4
    assert lines[2].startswith("| puru basic-3p | mcts vs greedy | 2 | ")
    assert lines[3].startswith("| puru basic-3p | expert vs mcts | 2 | ")


def test_progress_counts_the_games_and_the_wins(capsys: pytest.CaptureFixture[str]) -> None:
    ladder.main(["--games", "3", "--only", "puru:basic-2p", "--rungs", "hard", "--progress"])
    captured = capsys.readouterr()
    lines = captured.err.strip().splitlines()
    assert [line.split(": ")[1].split(",")[0] for line in lines] == [
        "1/3 games",
        "2/3 games",
        "3/3 games",
    ]
    won = float(lines[-1].rsplit(", ", 1)[1].removesuffix(" won"))
    share = captured.out.strip().splitlines()[-1].split(" | ")[3]
    assert f"{won / 3:.1%}" == share  # the last count is the table's


def test_an_unknown_mode_is_refused() -> None:
    with pytest.raises(SystemExit, match="unknown mode"):
        ladder.main(["--games", "1", "--only", "puru:basic-9p"])
