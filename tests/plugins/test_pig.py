"""Pig, a fifth game added as a plugin from its own folder (examples/plugins/dicehall-pig).

The package is installed into the test environment (`make install` does it; this module does it
too when it is missing) and then found like any game, through its `dicehall.games` entry point.
Every front end takes it without a line of dicehall naming it.
"""

from __future__ import annotations

import importlib
import importlib.util
import json
import math
import random
import re
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from dicehall import games
from dicehall.cli.main import app
from dicehall.core import CHANCE, sample
from dicehall.games import plugins

ROOT = Path(__file__).resolve().parents[2]
FOLDER = ROOT / "examples" / "plugins" / "dicehall-pig"


@pytest.fixture(scope="module", autouse=True)
def pig_installed() -> None:
    """Install the plugin (editable, no dependencies) unless it already is, then find it."""
    if importlib.util.find_spec("dicehall_pig") is None:
        pip = [sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "-e", str(FOLDER)]
        subprocess.run(pip, check=True, capture_output=True, timeout=300)
        importlib.invalidate_caches()
    games._MODULES.update(plugins.discover())


def test_the_plugin_is_found_through_its_entry_point_from_its_own_folder() -> None:
    assert "pig" in games.available()
    module = importlib.import_module(games.module_name("pig"))
    assert Path(module.__file__ or "").resolve().is_relative_to(FOLDER)
    listed = CliRunner().invoke(app, ["games"])
    assert listed.exit_code == 0 and re.search(r"\bpig\b", listed.output)


def test_nothing_outside_the_plugin_folder_names_pig() -> None:
    """Zero edits outside its folder: dicehall's own code and web assets never name the game."""
    source = ROOT / "src" / "dicehall"
    named = [
        str(p.relative_to(ROOT))
        for p in source.rglob("*")
        if p.suffix in (".py", ".js", ".html", ".toml")
        and re.search(r"\b(pig|dicehall_pig)\b", p.read_text(encoding="utf-8"), re.IGNORECASE)
    ]
    assert named == []


def test_rules_page_and_a_terminal_game(tmp_path: Path) -> None:
    runner = CliRunner()
    rules = runner.invoke(app, ["rules", "pig"])
    assert rules.exit_code == 0 and "first to bank" in rules.output.lower()
    played = runner.invoke(
        app,
        ["play", "pig", "--bot", "1=greedy", "--seed", "4", "--record-dir", str(tmp_path)],
        input="1\n" * 400,
    )
    assert played.exit_code == 0, played.output
    assert "Pig: first to 100" in played.output  # the plugin's own terminal renderer
    assert "game over" in played.output.lower()


def test_simulate_and_rate() -> None:
    runner = CliRunner()
    sim = runner.invoke(
        app, ["simulate", "pig", "--games", "40", "--bots", "greedy,random", "--json"]
    )
    assert sim.exit_code == 0, sim.output
    assert json.loads(sim.stdout)["games"] == 40  # stderr may carry progress
    rated = runner.invoke(app, ["rate", "pig", "--bots", "random,greedy", "--games", "20"])
    assert rated.exit_code == 0, rated.output
    assert "greedy" in rated.output


def test_fuzz_finds_no_violation() -> None:
    from dicehall.sim.fuzz import configs, fuzz

    for params in configs("pig"):
        report = fuzz("pig", params, 5, seed=1)
        assert report.violations == [], report.violations


def test_gymnasium_pettingzoo_and_openspiel_checkers() -> None:
    import gymnasium
    import pyspiel
    from gymnasium.utils.env_checker import check_env
    from pettingzoo.test import api_test

    from dicehall.rl import gym, openspiel
    from dicehall.rl.pettingzoo import env

    assert "dicehall/pig-v0" in gymnasium.registry  # importing dicehall.rl.gym registers it

    check_env(gymnasium.make("dicehall/pig-v0", illegal="fallback", players=3).unwrapped)
    assert isinstance(gymnasium.make("dicehall/pig-v0").unwrapped, gym.DicehallEnv)
    with pytest.warns(UserWarning):  # api_test's advice for dict observations
        api_test(env("pig", players=4), num_cycles=60)
    pyspiel.random_sim_test(openspiel.load("pig"), num_sims=3, serialize=False, verbose=False)


def test_the_first_player_wins_as_often_as_in_openspiels_pig() -> None:
    """The same random policy in both, same parameters (2 players, 100 points, horizon 1000):
    the first player's win rates agree within a two-sided 95% test (seeded, so repeatable)."""
    import pyspiel

    n = 1500
    ours = _dicehall_first_wins(n, random.Random(1))
    theirs = _openspiel_first_wins(pyspiel.load_game("pig", {"winscore": 100}), n, random.Random(2))
    pooled = (ours + theirs) / (2 * n)
    z = (ours - theirs) / n / math.sqrt(2 * pooled * (1 - pooled) / n)
    assert abs(z) < 1.96, (ours, theirs, z)
    assert 0.5 < ours / n < 0.6  # and the first player's edge is there at all


def _dicehall_first_wins(n: int, rng: random.Random) -> int:
    game, wins = games.make("pig"), 0
    for _ in range(n):
        state = game.initial_state()
        while not game.is_terminal(state):
            (seat,) = game.actors(state)
            if seat == CHANCE:
                action = sample(game, state, rng)
            else:
                legal = game.legal_actions(state, seat)
                action = legal[rng.randrange(len(legal))]
            state = game.apply(state, seat, action)
        wins += game.result(state).winners == (0,)
    return wins


def _openspiel_first_wins(game: object, n: int, rng: random.Random) -> int:
    wins = 0
    for _ in range(n):
        state = game.new_initial_state()  # type: ignore[attr-defined]
        while not state.is_terminal():
            if state.is_chance_node():
                faces = state.chance_outcomes()
                state.apply_action(rng.choices([o for o, _ in faces], [p for _, p in faces])[0])
            else:
                legal = state.legal_actions()
                state.apply_action(legal[rng.randrange(len(legal))])
        wins += state.returns()[0] > 0
    return wins
