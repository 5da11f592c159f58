"""One Ctrl-C stops a long run, keeps its finished games, and `--resume` completes it exactly.

Each test starts the real command in its own session and sends SIGINT to the whole process group,
as a terminal's Ctrl-C does (the worker processes receive it too). It waits for some games to end
(each game's record is saved as it ends, in `--records`), interrupts, then resumes; the resumed
results must equal, row for row, those of a run never interrupted.
"""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pandas as pd
import pytest

from dicehall.cli.common import EXIT_INTERRUPTED

STOP_WITHIN_S = 60  # generous for a loaded machine; the run itself takes far longer
GAMES = 3000


def _dicehall(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "dicehall", *args],
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=300,
        env={**os.environ, "NO_COLOR": "1", "COLUMNS": "200"},
    )


PROGRESS = re.compile(r": (\d+)/\d+, elapsed")


def _finished(err: str) -> int:
    """Games finished by the last progress line (printed where stderr is not a terminal)."""
    counts = [int(n) for n in PROGRESS.findall(err)]
    return counts[-1] if counts else 0


def _default_sigint() -> None:
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def _interrupt_after(args: list[str], cwd: Path, at_least: int = 1) -> tuple[int, str]:
    """Start `dicehall ARGS`, send one SIGINT to its process group once its progress line says
    `at_least` games have finished; its exit code and stderr. Fails if it does not stop in time
    or leaves a process behind."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "dicehall", *args],
        cwd=cwd,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
        # a shell's background job starts with Ctrl-C ignored, and Python keeps an ignored
        # SIGINT ignored: the run gets a terminal's default, whoever started the tests
        preexec_fn=_default_sigint,
        env={**os.environ, "NO_COLOR": "1", "COLUMNS": "200"},
    )
    stream = proc.stderr
    assert stream is not None
    err: list[str] = []
    reader = threading.Thread(target=lambda: err.extend(iter(stream.readline, "")))
    reader.start()
    try:
        deadline = time.monotonic() + 240
        while time.monotonic() < deadline and proc.poll() is None:
            if _finished("".join(err)) >= at_least:
                break
            time.sleep(0.1)
        assert proc.poll() is None, "the run ended before it could be interrupted"
        os.killpg(proc.pid, signal.SIGINT)
        proc.wait(timeout=STOP_WITHIN_S)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
        reader.join(10)
        stream.close()
    time.sleep(0.5)
    listed = subprocess.run(["ps", "-o", "stat=", "-s", str(proc.pid)], capture_output=True,
                            text=True).stdout.split()  # fmt: skip
    alive = [stat for stat in listed if not stat.startswith("Z")]
    assert not alive, f"{len(alive)} process(es) of the run still going after it exited"
    return proc.returncode, "".join(err)


def _results(stdout: str) -> object:
    """A command's JSON output without what differs from run to run (time, file names)."""

    def strip(value: object) -> object:
        if isinstance(value, dict):
            return {k: strip(v) for k, v in value.items() if k not in ("elapsed_s", "out")}
        if isinstance(value, list):
            return [strip(v) for v in value]
        return value

    return strip(json.loads(stdout))


@pytest.mark.slow
def test_ctrl_c_keeps_finished_games_and_resume_matches_an_uninterrupted_run(
    tmp_path: Path,
) -> None:
    run = ["simulate", "puru", "--bots", "random", "--games", str(GAMES), "--seed", "7"]
    code, err = _interrupt_after(
        [*run, "--workers", "2", "--out", "cc.parquet", "--records", "recs"], tmp_path
    )
    assert code == EXIT_INTERRUPTED, err
    assert "Traceback" not in err
    assert "interrupted:" in err
    checkpoint = tmp_path / "cc.parquet.resume.json"
    assert checkpoint.is_file()
    kept = pd.read_parquet(tmp_path / "cc.parquet")
    finished = kept["seed"].nunique()
    assert _finished(err) <= finished < GAMES, err
    assert len(list((tmp_path / "recs").glob("*.json"))) >= finished
    # the command to go on is printed, and the summary of the finished games is on stdout
    resume_line = next(line for line in err.splitlines() if "--resume" in line).split()
    assert resume_line[0] == "dicehall" and resume_line[1:] == [
        *run, "--workers", "2", "--out", "cc.parquet", "--records", "recs", "--resume"
    ]  # fmt: skip

    resumed = _dicehall(*resume_line[1:], cwd=tmp_path)
    assert resumed.returncode == 0, resumed.stderr
    assert not checkpoint.exists()  # a completed run needs no checkpoint

    whole = _dicehall(*run, "--workers", "1", "--out", "whole.parquet", cwd=tmp_path)
    assert whole.returncode == 0, whole.stderr
    got = pd.read_parquet(tmp_path / "cc.parquet")
    want = pd.read_parquet(tmp_path / "whole.parquet")
    assert len(want) == 2 * GAMES
    pd.testing.assert_frame_equal(got, want)
    assert (tmp_path / "cc.parquet").read_bytes() == (tmp_path / "whole.parquet").read_bytes()


def test_resume_refuses_the_checkpoint_of_another_run(tmp_path: Path) -> None:
    (tmp_path / "cc.parquet.resume.json").write_text(
        json.dumps({"dicehall_checkpoint": 1, "run": {"command": "simulate"}, "games": []})
    )
    result = _dicehall(
        "simulate", "puru", "--bots", "random", "--games", "5", "--out", "cc.parquet",
        "--resume", cwd=tmp_path,
    )  # fmt: skip
    assert result.returncode == 2
    assert "checkpoint of another run" in result.stderr
    assert "Traceback" not in result.stderr


@pytest.mark.slow
@pytest.mark.parametrize(
    ("command", "checkpoint", "games"),
    [
        # a sweep of random games is quick: enough of them that a quiet machine is still
        # playing when the first progress line comes (after 1 s, then every 10 s)
        (["sweep", "puru", "--grid", "die=HHSSCA,HSSCCA", "--bots", "random", "--out",
          "sw.parquet"], "sw.parquet.resume.json", 2500),
        (["rate", "puru", "--bots", "random,greedy"], "dicehall-rate-puru.resume.json", 2400),
    ],
)  # fmt: skip
def test_sweep_and_rate_stop_on_ctrl_c_and_resume_to_the_same_results(
    tmp_path: Path, command: list[str], checkpoint: str, games: int
) -> None:
    asked = [*command, "--games", str(games), "--json", "--seed", "3"]
    code, err = _interrupt_after([*asked, "--workers", "2"], tmp_path)
    assert code == EXIT_INTERRUPTED, err
    assert "Traceback" not in err and "interrupted:" in err
    assert (tmp_path / checkpoint).is_file()
    resumed = _dicehall(*asked, "--workers", "2", "--resume", cwd=tmp_path)
    assert resumed.returncode == 0, resumed.stderr
    whole = _dicehall(*asked, "--workers", "1", cwd=tmp_path)
    assert whole.returncode == 0, whole.stderr
    assert _results(resumed.stdout) == _results(whole.stdout)
