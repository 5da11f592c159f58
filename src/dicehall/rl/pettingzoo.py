"""PettingZoo environments for every dicehall game.

`env(game_id, **params)` is an AEC environment: one agent `player_<seat>` per seat that makes
choices, a dict observation `{"observation": float32 vector, "action_mask": int8 over
game.num_actions}`, rewards only at the end (`reward=` "win", "score", "margin" or "returns"),
and chance resolved inside from the reset seed exactly as `engine.Match` resolves it.

`parallel_env(game_id, **params)` is a Parallel environment. A real-time game's tick mode is
simultaneous there: at the start of each tick every seat of the tick chooses from the same
table, then the tick order is drawn and the actions are applied in that order. Seats with
nothing to choose (and every seat in turn-based games but the one to move) send the extra
action `game.num_actions` ("wait"), the only one their mask allows.

Observations are relative to the observing seat (`relative=False`: seat order; names:
`rl.observation_names`); `render_mode` "human", "ansi" or "rgb_array" draws a spectator's
terminal board (`rl.render`). SuperSuit vectorises the Parallel env (docs/rl.md).

`seeding="episode"` (the default) draws chance from one random source per episode;
`seeding="match"` resolves it exactly as `engine.Match` does (see `dicehall.rl._runner`).
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv, ParallelEnv  # type: ignore[import-untyped]

from dicehall.core import IllegalActionError
from dicehall.rl._common import (
    automated_seats,
    check_reward,
    check_seeding,
    final_rewards,
    make_game,
)
from dicehall.rl._runner import NOT_LEGAL, LegalIds, Runner
from dicehall.rl._spaces import Observer, Seeds, check_illegal, mask
from dicehall.rl._tick import TickRunner
from dicehall.rl.render import RENDER_MODES, check_render_mode, render


class DicehallAEC(AECEnv):  # type: ignore[misc]
    """Turn-based play of one dicehall game (a real-time game in its tick mode)."""

    def __init__(
        self,
        game_id: str,
        *,
        reward: str = "win",
        illegal: str = "raise",
        render_mode: str | None = None,
        seeding: str = "episode",
        relative: bool = True,
        **params: Any,
    ) -> None:
        super().__init__()
        self.seeding = check_seeding(seeding)
        self.game = make_game(game_id, **params)
        self.metadata = {"render_modes": list(RENDER_MODES), "name": f"dicehall_{game_id}_v0"}
        self.reward, self.illegal = check_reward(reward), check_illegal(illegal)
        self.render_mode = check_render_mode(render_mode)
        self.observer = Observer(self.game, relative)
        auto = automated_seats(self.game)
        seats = [s for s in range(self.game.num_players) if s not in auto]
        self.possible_agents = [f"player_{s}" for s in seats]
        self.seat_of = {f"player_{s}": s for s in seats}
        self._names = [f"player_{s}" for s in range(self.game.num_players)]
        n = self.game.num_actions
        obs = spaces.Dict(
            {"observation": self.observer.box, "action_mask": spaces.Box(0, 1, (n,), np.int8)}
        )
        self.observation_spaces = dict.fromkeys(self.possible_agents, obs)
        self.action_spaces = {a: spaces.Discrete(n) for a in self.possible_agents}
        self._seeds = Seeds()
        self._none = np.zeros(n, np.int8)
        self._legal_ids = LegalIds(self.game)
        self.runner = Runner(self.game, 0, self.seeding, self._legal_ids)
        self._no_rewards: dict[str, float] = {}

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        self.runner = Runner(self.game, self._seeds.next(seed), self.seeding, self._legal_ids)
        self.agents = list(self.possible_agents)
        self._no_rewards = dict.fromkeys(self.agents, 0.0)
        self.rewards = self._no_rewards
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._after_move()

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        seat = self.seat_of[agent]
        runner = self.runner
        if agent == self.agent_selection and runner.actors == (seat,):
            legal = runner.legal(seat).mask().copy()
        else:
            legal = self._none.copy()
        return {"observation": self.observer.vector(runner.state, seat), "action_mask": legal}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        seat = self.seat_of[agent]
        self._cumulative_rewards[agent] = 0.0
        legal = self.runner.legal(seat)
        chosen = NOT_LEGAL if action is None else legal.action(action)
        if chosen is NOT_LEGAL:
            if self.illegal == "raise":
                raise IllegalActionError(f"action {action} is not legal now", seat=seat)
            chosen = legal.actions[0]
            self.infos[agent] = {"illegal_action": True}
        else:
            self.infos[agent] = {}
        self.runner.act(seat, chosen)
        self._after_move()
        if self.render_mode == "human":
            self.render()

    def _after_move(self) -> None:
        """Rewards come at the end only: until then `rewards` is one dict of zeros."""
        runner = self.runner
        if not runner.over:
            self.agent_selection = self._names[runner.actor()]
            self.rewards = self._no_rewards
            return
        self.rewards = dict.fromkeys(self.agents, 0.0)
        final = final_rewards(self.game, runner.state, self.reward)
        for agent in self.agents:
            self.rewards[agent] = final[self.seat_of[agent]]
            self.terminations[agent] = True
        self.agent_selection = self.agents[0]
        self._accumulate_rewards()

    def render(self) -> Any:
        """The table as a spectator sees it (no secrets), the terminal board (`rl.render`):
        printed ("human"), as ANSI text ("ansi") or as an RGB picture ("rgb_array")."""
        return render(self.game, self.runner.state, None, self.render_mode)

    def close(self) -> None:
        pass


class DicehallParallel(ParallelEnv):  # type: ignore[misc]
    """Simultaneous play: a real-time game's ticks; one mover at a time in the other games."""

    def __init__(
        self,
        game_id: str,
        *,
        reward: str = "win",
        illegal: str = "raise",
        render_mode: str | None = None,
        seeding: str = "episode",
        relative: bool = True,
        **params: Any,
    ) -> None:
        self.seeding = check_seeding(seeding)
        self.game = make_game(game_id, **params)
        self.metadata = {
            "render_modes": list(RENDER_MODES),
            "name": f"dicehall_{game_id}_parallel_v0",
        }
        self.reward, self.illegal = check_reward(reward), check_illegal(illegal)
        self.render_mode = check_render_mode(render_mode)
        self.observer = Observer(self.game, relative)
        auto = automated_seats(self.game)
        seats = [s for s in range(self.game.num_players) if s not in auto]
        self.possible_agents = [f"player_{s}" for s in seats]
        self.seat_of = {f"player_{s}": s for s in seats}
        self.wait = self.game.num_actions
        obs = spaces.Dict(
            {
                "observation": self.observer.box,
                "action_mask": spaces.Box(0, 1, (self.wait + 1,), np.int8),
            }
        )
        self.observation_spaces = dict.fromkeys(self.possible_agents, obs)
        self.action_spaces = {a: spaces.Discrete(self.wait + 1) for a in self.possible_agents}
        self._seeds = Seeds()
        self.runner = TickRunner(self.game, 0, self.seeding)
        self.agents: list[str] = []

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Any], dict[str, dict[str, Any]]]:
        self.runner = TickRunner(self.game, self._seeds.next(seed), self.seeding)
        self.agents = list(self.possible_agents)
        return self._observations(), {a: {} for a in self.agents}

    def _observations(self) -> dict[str, Any]:
        legal = self.runner.choices()
        out = {}
        for agent in self.agents:
            seat = self.seat_of[agent]
            ids = [self.game.encode(a) for a in legal.get(seat, ())] or [self.wait]
            out[agent] = {
                "observation": self.observer.vector(self.runner.state, seat),
                "action_mask": mask(self.wait + 1, ids),
            }
        return out

    def step(self, actions: dict[str, int]) -> tuple[Any, Any, Any, Any, Any]:
        legal = self.runner.choices()
        infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        chosen = {}
        for seat, options in legal.items():
            agent = f"player_{seat}"
            action_id = int(actions.get(agent, self.wait))
            action = self.game.decode(action_id) if action_id != self.wait else None
            if action not in options:
                if self.illegal == "raise":
                    raise IllegalActionError(f"action {action_id} is not legal now", seat=seat)
                action, infos[agent] = options[0], {"illegal_action": True}
            chosen[seat] = action
        self.runner.play(chosen)
        over = self.runner.over
        final = final_rewards(self.game, self.runner.state, self.reward) if over else None
        rewards = {a: final[self.seat_of[a]] if final else 0.0 for a in self.agents}
        observations = self._observations()
        terminations = dict.fromkeys(self.agents, over)
        truncations = dict.fromkeys(self.agents, False)
        if over:
            self.agents = []
        if self.render_mode == "human":
            self.render()
        return observations, rewards, terminations, truncations, infos

    def render(self) -> Any:
        """The table as a spectator sees it (no secrets), the terminal board (`rl.render`):
        printed ("human"), as ANSI text ("ansi") or as an RGB picture ("rgb_array")."""
        return render(self.game, self.runner.state, None, self.render_mode)

    def close(self) -> None:
        pass


def env(game_id: str, **kwargs: Any) -> DicehallAEC:
    """The AEC environment of `game_id` (params and reward/illegal/render_mode as keywords)."""
    return DicehallAEC(game_id, **kwargs)


def raw_env(game_id: str, **kwargs: Any) -> DicehallAEC:
    return DicehallAEC(game_id, **kwargs)


def parallel_env(game_id: str, **kwargs: Any) -> DicehallParallel:
    """The Parallel environment of `game_id` (a real-time game: one step per tick)."""
    return DicehallParallel(game_id, **kwargs)


__all__ = ["DicehallAEC", "DicehallParallel", "env", "parallel_env", "raw_env"]
