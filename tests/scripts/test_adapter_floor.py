"""The adapter floor measurement runs and prints its three loops (figures, never asserted)."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from scripts.adapter_floor import LOOPS, main, measure

from dicehall.sim.bench_adapters import WORKER


def test_every_loop_is_timed_per_player_action() -> None:
    found = measure("puru", seconds=0.02, runs=1)
    assert list(found) == list(LOOPS) and all(0 < us < float("inf") for us in found.values())


def test_the_loop_without_features_makes_no_features() -> None:
    """`aec_constant` plays the AEC loop without calling the game's featurizer once."""
    probe = (
        "import dicehall.rl._spaces as spaces\n"
        "made = []\n"
        "def counting(game):\n"
        "    inner = real(game)\n"
        "    return lambda state, seat: made.append(1) or inner(state, seat)\n"
        "real, spaces.state_featurizer = spaces.state_featurizer, counting\n"
    )
    counts = {}
    for kind in ("aec_constant", "aec"):
        args = {"kind": kind, "game": "purrramid", "params": {}, "seconds": 0.0, "seed": 1}
        script = probe + WORKER + "\nprint(json.dumps({'features': len(made)}))\n"
        out = subprocess.run(
            [sys.executable, "-c", script, json.dumps(args)],
            capture_output=True,
            text=True,
            check=True,
        ).stdout.splitlines()
        counts[kind] = json.loads(out[-1])["features"]
    assert counts["aec_constant"] == 0 and counts["aec"] > 10


def test_the_table_names_each_game(capsys: pytest.CaptureFixture[str]) -> None:
    main(["puru", "--seconds", "0.02", "--runs", "1"])
    out = capsys.readouterr().out
    assert "| puru |" in out and "share without features" in out
