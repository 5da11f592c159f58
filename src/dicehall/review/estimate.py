"""Estimated values where no exact solution exists: flat Monte Carlo over the search's rollouts.

A position's value is the mean, over `rollouts` playouts, of the returns (`Game.returns`: 1
shared among the winners) that MCTS's own default policy reaches (`bots.determinize.<game>`:
its `rollout_action`, else uniformly random moves; with the game's `horizon` a playout stops
that many turns on and the game's fitted or heuristic `evaluate` values the position there).
Each value carries the standard error of its mean. At a decision the move made, the game's
prior bot's move and further legal moves up to `moves` in all are examined. Playouts start from
the true state: a review is of a finished match and sees everything.

The seeds are fixed by the position's step and the move, so a review is reproducible.
"""

from __future__ import annotations

import importlib
import math
import random
from collections.abc import Sequence
from typing import Any

from dicehall.core import CHANCE, sample
from dicehall.review.model import Value

ROLLOUTS = 24
MOVES = 6


class RolloutEvaluator:
    exact = False
    unit = "chance to win (a shared win split among the winners)"

    def __init__(self, game: Any, rollouts: int = ROLLOUTS, moves: int = MOVES, seed: int = 0):
        if rollouts < 2 or moves < 1:
            raise ValueError("an estimate needs at least 2 rollouts and 1 move")
        self.game, self.rollouts, self.moves, self.seed = game, rollouts, moves, seed
        module = importlib.import_module(f"dicehall.bots.determinize.{game.id}")
        hook = getattr(module, "search_game", None)
        self.search = hook(game) if hook else game
        self.policy = getattr(module, "rollout_action", None)
        horizon = getattr(module, "SEARCH", {}).get("horizon")
        self.turn_index = getattr(module, "turn_index", None)
        self.evaluate = getattr(module, "evaluate", None)
        self.horizon = horizon if self.turn_index and self.evaluate else None
        self.prior_level = getattr(module, "PRIOR", "greedy")
        self._prior: dict[int, Any] = {}
        self._calls = 0
        cut = f", cut {horizon} turn(s) on and valued by the game's evaluation" if self.horizon else ""
        self.method = (
            f"estimate: {rollouts} playouts per position with the search's default policy{cut};"
            f" up to {moves} moves examined per decision; ± is one standard error"
        )

    def terminal_value(self, state: Any) -> tuple[float, ...]:
        return tuple(self.game.returns(state))

    def state_value(self, state: Any) -> Value:
        self._calls += 1
        return self._estimate(state, f"s{self._calls}")

    def action_values(self, state: Any, seat: int, chosen: Any) -> dict[Any, Value]:
        self._calls += 1
        game = self.game
        legal = game.legal_actions(state, seat)
        examined = [chosen]
        prior = self._prior_move(state, seat, legal)
        if prior is not None and prior not in examined:
            examined.append(prior)
        examined += [a for a in legal if a not in examined][: max(self.moves - len(examined), 0)]
        out: dict[Any, Value] = {}
        for k, action in enumerate(examined):
            child = game.apply(state, seat, action)
            if game.is_terminal(child):
                out[action] = Value(self.terminal_value(child), (0.0,) * game.num_players)
            else:
                out[action] = self._estimate(child, f"a{self._calls}/{k}")
        return out

    def _prior_move(self, state: Any, seat: int, legal: Sequence[Any]) -> Any:
        from dicehall.bots import make_bot

        bot = self._prior.get(seat)
        if bot is None:
            try:
                bot = self._prior[seat] = make_bot(self.prior_level, self.game, seat)
            except Exception:  # a level this mode lacks: no prior move
                return None
        return bot.act(self.game.observe(state, seat), legal, random.Random(self._calls))

    def _estimate(self, state: Any, key: str) -> Value:
        n = self.game.num_players
        sums, squares = [0.0] * n, [0.0] * n
        for r in range(self.rollouts):
            rng = random.Random(f"review/{self.seed}/{key}/{r}")
            returns = self._playout(state, rng)
            for s in range(n):
                sums[s] += returns[s]
                squares[s] += returns[s] * returns[s]
        k = self.rollouts
        mean = tuple(x / k for x in sums)
        var = tuple(max(q / k - m * m, 0.0) * k / (k - 1) for q, m in zip(squares, mean, strict=True))
        return Value(mean, tuple(math.sqrt(v / k) for v in var))

    def _playout(self, state: Any, rng: random.Random) -> tuple[float, ...]:
        game, policy = self.search, self.policy
        stop = None
        if self.horizon is not None and self.turn_index is not None:
            stop = self.turn_index(state) + self.horizon
        for _ in range(game.max_game_length):
            actors = game.actors(state)
            if not actors:
                return tuple(game.returns(state))
            if stop is not None and self.evaluate is not None and self.turn_index(state) >= stop:  # type: ignore[misc]
                return tuple(self.evaluate(game, state))
            if actors == (CHANCE,):
                state = game.apply(state, CHANCE, sample(game, state, rng))
                continue
            seat = min(actors)
            legal = game.legal_actions(state, seat)
            if policy is None:
                action = legal[rng.randrange(len(legal))]
            else:
                action = policy(game, state, seat, legal, rng)
            state = game.apply(state, seat, action)
        return (1.0 / game.num_players,) * game.num_players
