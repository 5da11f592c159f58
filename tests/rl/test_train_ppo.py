"""The MaskablePPO script (`make train`): its curve bookkeeping, and a short run when the
`train` extra (sb3-contrib, torch, matplotlib) is installed."""

from __future__ import annotations

import json
from dataclasses import asdict
from pathlib import Path

import pytest

from dicehall.rl.train_ppo import Curve, plot, train


def test_the_curve_says_when_the_policy_first_beat_greedy() -> None:
    curve = Curve(games=100, greedy=0.30)
    curve.steps += [0, 1000, 2000, 3000]
    curve.cpu_seconds += [0.0, 5.0, 10.0, 15.0]
    curve.win_rate += [0.0, 0.30, 0.31, 0.29]
    assert curve.passed_greedy() == (2000, 10.0)
    curve.win_rate[2] = 0.2
    assert curve.passed_greedy() is None


def test_a_short_training_run_records_a_curve_and_a_plot(tmp_path: Path) -> None:
    pytest.importorskip("sb3_contrib")
    out = tmp_path / "curve.json"
    curve = train(steps=1, every=1, games=3, log=lambda _: None, out=out)
    assert curve.steps[0] == 0 and curve.steps[-1] >= 1
    assert all(0.0 <= r <= 1.0 for r in curve.win_rate)
    assert json.loads(out.read_text()) == json.loads(json.dumps(asdict(curve)))
    plot(curve, tmp_path / "curve.png")
    assert (tmp_path / "curve.png").read_bytes().startswith(b"\x89PNG")
