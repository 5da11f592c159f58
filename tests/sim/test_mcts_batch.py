"""`python -m dicehall.sim.mcts_batch`: batched against plain MCTS, speed and an arena (the
figures of docs/performance.md are printed, never asserted)."""

from __future__ import annotations

import json

import pytest

from dicehall.sim import mcts_batch


def test_compare_reports_both_bots_and_an_arena_of_whole_games() -> None:
    found = mcts_batch.compare(
        "pig", {"target": 30}, leaves=4, playouts=2, ms=2.0, games_played=4, decisions=3, seed=0
    )
    assert found["plain_iterations_per_cpu_s"] > 0 and found["batched_iterations_per_cpu_s"] > 0
    assert found["batched_playouts_per_cpu_s"] == pytest.approx(
        2 * found["batched_iterations_per_cpu_s"], abs=2
    )
    arena = found["arena"]
    assert arena["games"] == 4 and not arena["solo"]
    # two seats, a winner or a draw each game: the two shares add up to at most 1
    total = arena["batched_wins"]["mean"] + arena["plain_wins"]["mean"]
    assert 0.0 <= total <= 1.0


def test_a_solo_game_plays_both_bots_on_the_same_games() -> None:
    found = mcts_batch.compare(
        "puru", {"solo": True}, leaves=2, playouts=1, ms=1.0, games_played=2, decisions=2, seed=1
    )
    assert found["arena"]["solo"] and found["arena"]["games"] == 2


def test_main_prints_one_json_line_per_game(capsys: pytest.CaptureFixture[str]) -> None:
    mcts_batch.main(["pig", "--param", "target=20", "--leaves", "2", "--ms", "1", "--arena",
                     "0", "--decisions", "2"])  # fmt: skip
    line = json.loads(capsys.readouterr().out)
    assert line["game"] == "pig" and "arena" not in line


@pytest.mark.parametrize(
    "args",
    [["nosuchgame"], ["pig", "--leaves", "0"], ["pig", "--param", "target"], ["pig", "--ms", "0"]],
)
def test_bad_arguments_exit_with_a_message(args: list[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        mcts_batch.main(args)
    assert exit_info.value.code == 2
