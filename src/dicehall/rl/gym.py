"""Gymnasium: one seat of a dicehall game against dicehall bots.

`DicehallEnv(game_id, seat=0, opponents="greedy", **params)` (or
`gymnasium.make("dicehall/<game_id>-v0", ...)`) lets an agent play `seat`; every other seat is a
`dicehall.bots.make_bot(level, game, seat)` bot. The observation is the seat's feature vector;
`info["action_mask"]` and `action_masks()` give the legal actions over `game.num_actions`.
The observation is relative to the seat (`relative=False`: seat order; names:
`rl.observation_names`). The reward comes at the end (`reward="win"`, `"score"`, `"margin"` or
`"returns"`); `render_mode` "human", "ansi" or "rgb_array" draws the seat's terminal board
(`rl.render`). Vector envs: `gymnasium.make_vec` (a finished episode's mask allows every action,
the one a next-step autoreset ignores).
A seed replays the same episode: chance and the bots' random choices come from one random
source per episode (`seeding="episode"`, the default), or are seeded exactly as in `engine.Match`
(`seeding="match"`, slower), so that a seed and the agent's actions replay the same match.
"""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces

from dicehall import games
from dicehall.bots import Bot, make_bot
from dicehall.core import DicehallError, IllegalActionError, View
from dicehall.rl._common import (
    automated_seats,
    check_reward,
    check_seeding,
    final_rewards,
    make_game,
)
from dicehall.rl._runner import NOT_LEGAL, LegalIds, Runner
from dicehall.rl._spaces import Observer, Seeds, check_illegal
from dicehall.rl.render import RENDER_MODES, check_render_mode, render


class DicehallEnv(gymnasium.Env[np.ndarray, Any]):
    """A single-agent environment: the agent plays `seat`, bots play the other seats."""

    metadata: dict[str, Any] = {"render_modes": list(RENDER_MODES), "render_fps": 4}  # noqa: RUF012

    def __init__(
        self,
        game_id: str,
        *,
        seat: int = 0,
        opponents: str | dict[int, str] = "greedy",
        reward: str = "win",
        illegal: str = "raise",
        render_mode: str | None = None,
        seeding: str = "episode",
        relative: bool = True,
        **params: Any,
    ) -> None:
        self.seeding = check_seeding(seeding)
        self.game = make_game(game_id, **params)
        if not 0 <= seat < self.game.num_players or seat in automated_seats(self.game):
            raise DicehallError(f"{game_id}: seat {seat} is not a seat an agent can play")
        self.seat = seat
        self.reward, self.illegal = check_reward(reward), check_illegal(illegal)
        self.render_mode = check_render_mode(render_mode)
        self.bots = self._make_bots(opponents)
        self._reads_view = {s: getattr(b, "reads_view", True) for s, b in self.bots.items()}
        self.observer = Observer(self.game, relative)
        self.observation_space = self.observer.box
        self.action_space = spaces.Discrete(self.game.num_actions)
        self._seeds = Seeds()
        self._any = np.ones(self.game.num_actions, np.int8)
        self._legal_ids = LegalIds(self.game)
        self.runner = Runner(self.game, 0, self.seeding, self._legal_ids)

    def _make_bots(self, opponents: str | dict[int, str]) -> dict[int, Bot]:
        auto = automated_seats(self.game)
        others = [s for s in range(self.game.num_players) if s != self.seat and s not in auto]
        if isinstance(opponents, str):
            opponents = dict.fromkeys(others, opponents)
        if sorted(opponents) != others:
            raise DicehallError(f"opponents must give a bot level for seats {others}")
        return {s: make_bot(level, self.game, s) for s, level in opponents.items()}

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[np.ndarray, dict[str, Any]]:
        super().reset(seed=seed)
        self.runner = Runner(self.game, self._seeds.next(seed), self.seeding, self._legal_ids)
        self._play_bots()
        if self.render_mode == "human":
            self.render()
        return self._observation(), self._info()

    def step(self, action: int) -> tuple[np.ndarray, float, bool, bool, dict[str, Any]]:
        if self.runner.over:
            raise DicehallError("the episode is over: call reset()")
        legal = self.runner.legal(self.seat)
        chosen = legal.action(action)
        illegal = chosen is NOT_LEGAL
        if illegal:
            if self.illegal == "raise":
                raise IllegalActionError(f"action {action} is not legal now", seat=self.seat)
            chosen = legal.actions[0]
        self.runner.act(self.seat, chosen)
        self._play_bots()
        over = self.runner.over
        reward = final_rewards(self.game, self.runner.state, self.reward)[self.seat] if over else 0
        info = self._info()
        if illegal:
            info["illegal_action"] = True
        if self.render_mode == "human":
            self.render()
        return self._observation(), float(reward), over, False, info

    def _play_bots(self) -> None:
        """Bots act until the agent must act or the end (no view for bots that read none)."""
        runner, game = self.runner, self.game
        while not runner.over and (seat := runner.actor()) != self.seat:
            bot = self.bots[seat]
            legal = game.legal_actions(runner.state, seat)
            view = game.observe(runner.state, seat) if self._reads_view[seat] else {}
            runner.act(seat, bot.act(view, legal, runner.bot_rng(seat)))

    def _observation(self) -> np.ndarray:
        return self.observer.vector(self.runner.state, self.seat)

    def _info(self) -> dict[str, Any]:
        return {"action_mask": self._mask().copy()}

    def _mask(self) -> np.ndarray:
        """The agent's legal actions as int8 (shared: copy it before changing it). Once the
        episode is over every action is allowed: a vector env (`gymnasium.make_vec`, whose
        default autoreset comes at the next step) still takes an action for a finished env,
        ignores it and resets, so a masked sampler must find something to pick."""
        return self._any if self.runner.over else self.runner.legal(self.seat).mask()

    def view(self) -> View:
        """The agent's view of the table (what the features are made from)."""
        return self.game.observe(self.runner.state, self.seat)

    def action_masks(self) -> np.ndarray:
        """Legal actions as booleans (the sb3-contrib MaskablePPO convention)."""
        return self._mask().astype(bool)

    def render(self) -> Any:
        """The agent's seat's terminal board (`rl.render`): printed ("human"), as text with
        ANSI colours ("ansi") or as an RGB picture ("rgb_array")."""
        return render(self.game, self.runner.state, self.seat, self.render_mode)


def _make(**kwargs: Any) -> DicehallEnv:
    return DicehallEnv(**kwargs)


def register() -> None:
    """Register `dicehall/<game_id>-v0` with Gymnasium for every installed game."""
    for game_id in games.available():
        name = f"dicehall/{game_id}-v0"
        if name not in gymnasium.registry:
            gymnasium.register(name, entry_point=_make, kwargs={"game_id": game_id})


register()

__all__ = ["DicehallEnv", "register"]
