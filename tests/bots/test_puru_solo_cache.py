"""The disk cache of the Puru Solo tables: reused, checked, rebuilt when damaged."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from dicehall import games
from dicehall.bots.solvers import cache
from dicehall.games.puru.bots import solve_solo as puru_solo
from dicehall.games.puru.bots.expert import ExpertBot, solution
from dicehall.games.puru.state import Phase, PuruState

LO = 18  # the small late-game grid (tests/bots/test_puru_solo.py checks it exactly)


@pytest.fixture(autouse=True)
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv(cache.ENV_DIR, str(tmp_path))
    solution.cache_clear()
    return tmp_path


def _decisions(auto_dice: int) -> list[dict[Any, float]]:
    """The expert's values of every choice in a few positions of the small grid."""
    game = games.make("puru", solo=True, **{"super": auto_dice == 4})
    bot = ExpertBot(game, 0, lo=LO)
    out = []
    for dice in [(3, 2, 1, 0), (0, 0, 3, 3), (6, 0, 0, 0), (1, 2, 2, 1)]:
        for rerolls in (0, 1):
            state = PuruState(Phase.CHOOSE, 0, (18, 19), (18, 18), (2, 2), dice, 6, rerolls)
            out.append(bot.values(game.observe(state, 0)))
    return out


def _no_solving(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("solved although the cache holds the table")

    monkeypatch.setattr(puru_solo, "solve", refuse)


@pytest.mark.parametrize("auto_dice", [3, 4])
def test_a_fresh_process_loads_the_table_and_decides_the_same(
    auto_dice: int, folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    solved = puru_solo.solve(auto_dice, LO).auto_turn
    first = _decisions(auto_dice)
    path = folder / f"{puru_solo.cache_name(auto_dice, LO)}.npy"
    assert path.is_file() and Path(f"{path}.sha256").is_file()
    solution.cache_clear()  # as in a new process
    _no_solving(monkeypatch)
    loaded = solution(auto_dice, LO)
    assert isinstance(loaded.auto_turn, np.memmap)
    assert np.array_equal(loaded.auto_turn, solved)
    assert _decisions(auto_dice) == first


def _damage(path: Path, how: str) -> None:
    data = bytearray(path.read_bytes())
    if how == "truncated":
        data = data[: len(data) // 2]
    elif how == "flipped":
        data[-5] ^= 0x40  # same size and header, one value changed
    else:
        data = data[:8] + b"\0" * 64 + data[72:]  # the header overwritten
    path.write_bytes(bytes(data))


@pytest.mark.parametrize("how", ["truncated", "flipped", "header"])
def test_a_damaged_table_is_detected_and_solved_again(how: str, folder: Path) -> None:
    name = puru_solo.cache_name(3, LO)
    first = puru_solo.load_or_solve(3, LO)
    expected = np.array(first.auto_turn)
    path = cache.table_path(name)
    assert path.parent == folder
    _damage(path, how)
    with pytest.warns(cache.CacheWarning, match="solving again"):
        again = puru_solo.load_or_solve(3, LO)
    assert np.array_equal(np.asarray(again.auto_turn), expected)
    assert cache.load(name, expected.shape, "float32") is not None  # rewritten whole


def test_a_missing_checksum_is_not_trusted(folder: Path) -> None:
    name = puru_solo.cache_name(4, LO)
    puru_solo.load_or_solve(4, LO)
    Path(f"{cache.table_path(name)}.sha256").unlink()
    with pytest.warns(cache.CacheWarning, match="cannot be read"):
        assert cache.load(name, (20 - LO,) * 6, "float32") is None


def test_a_table_of_another_shape_is_not_used(folder: Path) -> None:
    cache.save("other", np.zeros((2, 3), dtype=np.float32))
    with pytest.warns(cache.CacheWarning, match="expected"):
        assert cache.load("other", (3, 2), "float32") is None
    assert cache.load("missing", (3, 2), "float32") is None


def test_the_folder_comes_from_the_environment(
    folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert cache.cache_dir() == folder
    monkeypatch.delenv(cache.ENV_DIR)
    assert cache.cache_dir().name.lower() == "dicehall"
    assert cache.cache_dir() != folder


def test_an_unwritable_folder_only_warns(folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    blocker = folder / "a-file"
    blocker.write_text("not a folder")
    monkeypatch.setenv(cache.ENV_DIR, str(blocker))
    with pytest.warns(cache.CacheWarning, match="could not cache"):
        sol = puru_solo.load_or_solve(3, LO)
    assert not isinstance(sol.auto_turn, np.memmap)
    assert 0.0 <= sol.value(18, 18, 2, 18, 18, 2) <= 1.0


def test_the_name_changes_with_the_solver_the_opponent_and_the_grid(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    names = {puru_solo.cache_name(d, lo) for d in (3, 4) for lo in (0, LO)}
    assert len(names) == 4
    before = puru_solo.cache_name(3)
    monkeypatch.setattr(puru_solo, "SOLVER_VERSION", puru_solo.SOLVER_VERSION + 1)
    assert puru_solo.cache_name(3) != before
    assert puru_solo.DIE in before


def test_values_from_the_cache_match_the_solved_win_table() -> None:
    solved = puru_solo.solve(4, LO)
    cached = puru_solo.load_or_solve(4, LO)
    rng = random.Random(1)
    for _ in range(20):
        pos = (rng.randint(18, 19), rng.randint(18, 19), rng.randint(1, 2),
               rng.randint(18, 19), rng.randint(18, 19), rng.randint(1, 2))  # fmt: skip
        assert cached.value(*pos) == pytest.approx(solved.value(*pos), abs=1e-6)


def test_the_solve_command_fills_the_cache(folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from functools import partial

    from typer.testing import CliRunner

    from dicehall.cli.main import app

    small = partial(puru_solo.load_or_solve, lo=LO)
    monkeypatch.setattr(puru_solo, "load_or_solve", small)  # the whole game takes minutes
    name = puru_solo.cache_name
    monkeypatch.setattr(puru_solo, "cache_name", lambda auto_dice, lo=LO: name(auto_dice, LO))
    monkeypatch.setattr(puru_solo.Solution, "start", lambda sol: sol.value(18, 18, 2, 18, 18, 2))
    result = CliRunner().invoke(app, ["solve", "puru", "--opponent", "super"])
    assert result.exit_code == 0, result.output
    assert "SuperAutoPuray: win probability" in result.output
    assert cache.table_path(puru_solo.cache_name(4)).is_file()
    assert not cache.table_path(puru_solo.cache_name(3)).exists()
    for bad in (["solve", "jelly"], ["solve", "puru", "--opponent", "mega"]):
        refused = CliRunner().invoke(app, bad)
        assert refused.exit_code == 2 and "error" in refused.output


def test_a_process_waits_for_the_one_solving(folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import threading

    name = puru_solo.cache_name(3, LO)
    solved = puru_solo.solve(3, LO).auto_turn
    _no_solving(monkeypatch)  # the waiting one must load what the solving one saved
    results: list[Any] = []
    with cache.lock(name):  # as another process solving now
        waiting = threading.Thread(target=lambda: results.append(puru_solo.load_or_solve(3, LO)))
        waiting.start()
        cache.save(name, solved)
    waiting.join()
    assert len(results) == 1 and isinstance(results[0].auto_turn, np.memmap)
    assert np.array_equal(results[0].auto_turn, solved)
