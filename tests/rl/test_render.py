"""Rendering: "human" prints the terminal board, "ansi" returns it, "rgb_array" a picture of it;
OpenSpiel states read as lines of the spectator's view."""

from __future__ import annotations

import re

import numpy as np
import pytest

from dicehall.core import DicehallError
from dicehall.rl import openspiel
from dicehall.rl.gym import DicehallEnv
from dicehall.rl.pettingzoo import env as aec_env
from dicehall.rl.pettingzoo import parallel_env
from dicehall.rl.render import board_text

ANSI = re.compile(r"\x1b\[[0-9;]*m")


def test_gym_ansi_is_the_agents_terminal_board() -> None:
    env = DicehallEnv("puru", render_mode="ansi")
    env.reset(seed=2)
    text = env.render()
    assert isinstance(text, str)
    assert "Puru Puru Paradice" in text and "Love" in text and "Jelly" in text
    assert not text.lstrip().startswith("{")  # no longer the view's JSON
    assert ANSI.sub("", text).strip() == board_text(env.game, env.runner.state, 0).strip()


def test_gym_human_prints_the_board_at_each_step(capsys: pytest.CaptureFixture[str]) -> None:
    env = DicehallEnv("puru", render_mode="human")
    _, info = env.reset(seed=2)
    env.step(int(np.flatnonzero(info["action_mask"])[0]))
    printed = ANSI.sub("", capsys.readouterr().out)
    assert printed.count("Puru Puru Paradice") >= 2
    assert env.render() is None


def test_rgb_array_is_a_picture_of_the_board() -> None:
    env = DicehallEnv("purrramid", render_mode="rgb_array")
    env.reset(seed=1)
    picture = env.render()
    assert isinstance(picture, np.ndarray)
    assert picture.dtype == np.uint8 and picture.ndim == 3 and picture.shape[2] == 3
    assert picture.shape[0] > 100 and picture.shape[1] > 200
    dark = (picture.sum(axis=2) < 200).mean()
    assert 0.005 < dark < 0.5  # text on a white ground


def test_pettingzoo_renders_the_spectators_board_without_secrets() -> None:
    """Jelly Monster's rolls are behind screens: the environments draw the table as a
    spectator sees it."""
    aec = aec_env("jelly", players=3, render_mode="ansi")
    aec.reset(seed=4)
    rng = np.random.default_rng(4)
    for _ in range(12):
        mask = aec.observe(aec.agent_selection)["action_mask"]
        aec.step(int(rng.choice(np.flatnonzero(mask))))
    text = ANSI.sub("", aec.render())
    assert text.strip() == board_text(aec.game, aec.runner.state, None).strip()
    assert "Your roll" not in text
    par = parallel_env("jelly", players=3, render_mode="rgb_array")
    par.reset(seed=4)
    assert par.render().ndim == 3


def test_unknown_render_mode_is_refused() -> None:
    with pytest.raises(DicehallError, match="render_mode must be one of"):
        DicehallEnv("puru", render_mode="video")


def test_openspiel_states_read_as_the_view_and_draw_the_board() -> None:
    state = openspiel.load("puru").new_initial_state()
    text = str(state)
    assert text.startswith("table: ")
    assert "players[0]: " in text and "love=0" in text
    assert "PuruState(" not in text
    assert "Puru Puru Paradice" in state.board()
