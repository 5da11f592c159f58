"""The adapter floor measurement runs and prints its three loops (figures, never asserted)."""

from __future__ import annotations

from typing import Any

import pytest

from dicehall.rl.adapter_floor import LOOPS, aec_loop, main, measure


def test_every_loop_is_timed_per_player_action() -> None:
    found = measure("puru", seconds=0.02, runs=1)
    assert list(found) == list(LOOPS) and all(us > 0 for us in found.values())


def test_the_loop_without_features_sees_one_constant_observation() -> None:
    import random

    from dicehall.rl.pettingzoo import env

    seen: list[Any] = []
    aec = env("purrramid")
    play = aec_loop("purrramid", features=False, aec=aec)
    observe = aec.observe
    aec.observe = lambda agent: seen.append(observe(agent)["observation"]) or observe(agent)
    assert play(1, random.Random(1)) > 0
    assert len(seen) > 10 and not any(v.any() for v in seen)  # all zeros: no features made


def test_the_table_names_each_game(capsys: pytest.CaptureFixture[str]) -> None:
    main(["puru", "--seconds", "0.02", "--runs", "1"])
    out = capsys.readouterr().out
    assert "| puru |" in out and "share without features" in out
