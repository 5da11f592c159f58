"""Estimated values where no exact solution exists: flat Monte Carlo over the search's rollouts.

A position's value is the mean, over `rollouts` playouts, of the returns (`Game.returns`: 1
shared among the winners) reached when every seat plays the game's prior bot (`prior` of
the game's `SearchHooks`: the level MCTS's root favours, e.g. greedy, or a game's expert)
from its own view; with the game's `horizon` a playout stops that many turns on and the game's
fitted or heuristic `evaluate` values the position there, as MCTS's rollouts do.
The moves of a decision are played out to the horizon of the decision's turn, as MCTS's
rollouts are counted from its root: a move that ends the turn is valued where the turn ends,
like a move that goes on and ends it later. (Counted from each move's own state, a move
ending the turn would be valued a whole turn later, after the next player's turn, and a
heuristic evaluation is not the same number there: a stop looked worse than continue by
about what the next player's turn is worth.) A position's horizon is its
`context`; the review re-estimates where the context changes (`review.engine`).
Each value carries the standard error of its mean. The moves of one decision are played out
with the same seeds (common random numbers), so their difference, the loss, is far less noisy
than each value; its standard error comes from the paired playouts. At a decision the move
made, the game's prior bot's move (or the move the game's exact side values rank best) and
further legal moves up to `moves` in all are examined. Playouts start from
the true state: a review is of a finished match and sees everything.

The seeds are fixed by the position's step and the move, so a review is reproducible.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import Any

from dicehall import games
from dicehall.bots.mcts import Cutoff, searched
from dicehall.core import CHANCE, DicehallError, sample
from dicehall.review.model import Value

ROLLOUTS = 24
MOVES = 6
POLICIES = ("prior", "default")
"""`prior`: every seat plays the game's prior bot; `default`: MCTS's default rollout policy."""


def mean(xs: Sequence[float]) -> float:
    return sum(xs) / len(xs)


def standard_error(xs: Sequence[float]) -> float:
    """The standard error of the mean of `xs` (at least two)."""
    m = mean(xs)
    return math.sqrt(sum((x - m) ** 2 for x in xs) / (len(xs) - 1) / len(xs))


def paired_se(a: Value, b: Value, seat: int) -> float | None:
    """The standard error of `seat`'s difference of two estimates played with common seeds."""
    if a.draws is None or b.draws is None or len(a.draws) != len(b.draws):
        return None
    return standard_error([x[seat] - y[seat] for x, y in zip(a.draws, b.draws, strict=True)])


class RolloutEvaluator:
    exact = False
    unit = "chance to win (a shared win split among the winners)"

    def __init__(
        self,
        game: Any,
        rollouts: int = ROLLOUTS,
        moves: int = MOVES,
        seed: int = 0,
        policy: str = "prior",
    ) -> None:
        if rollouts < 2 or moves < 1 or policy not in POLICIES:
            raise ValueError("an estimate needs 2 rollouts, 1 move and a known policy")
        self.game, self.rollouts, self.moves, self.seed = game, rollouts, moves, seed
        self.use_bots = policy == "prior"
        hooks = games.search_hooks(game.id)
        if hooks is None:
            raise DicehallError(f"{game.id} has no determiniser to estimate with")
        self.search = searched(hooks, game)
        self.policy = hooks.rollout_action
        horizon = hooks.options.get("horizon")
        self.cutoff = Cutoff.of(hooks, horizon)
        """Playouts stop that many turns on, valued there."""
        self.prior_level = hooks.prior
        self._prior: dict[int, Any] = {}
        self._calls = 0
        cut = (
            f", cut {horizon} turn(s) on and valued by the game's evaluation" if self.cutoff else ""
        )
        who = f"the {self.prior_level} bot" if self.use_bots else "MCTS's default rollout policy"
        self.method = (
            f"estimate: {rollouts} playouts per position, every seat playing {who}{cut};"
            f" up to {moves} moves examined per decision; ± is one standard error"
        )

    def terminal_value(self, state: Any) -> tuple[float, ...]:
        return tuple(self.game.returns(state))

    def context(self, state: Any) -> Any:
        """What a value at `state` is measured to: the turn its playouts stop at (None: the
        end of the game, the same for every state)."""
        if self.cutoff is None:
            return None
        return self.cutoff.turn_index(state) + self.cutoff.horizon

    def state_value(self, state: Any, within: Any = None) -> Value:
        """`state`'s value, played out to the horizon of `within` (default: `state`)."""
        self._calls += 1
        return self._estimate(state, f"s{self._calls}", within)

    def action_values(
        self, state: Any, seat: int, chosen: Any, also: Sequence[Any] = ()
    ) -> dict[Any, Value]:
        self._calls += 1
        game = self.game
        legal = game.legal_actions(state, seat)
        examined = [chosen, *(a for a in also if a != chosen and a in legal)]
        prior = None if also else self._prior_move(state, seat, legal)
        if prior is not None and prior not in examined:
            examined.append(prior)
        examined += [a for a in legal if a not in examined][: max(self.moves - len(examined), 0)]
        out: dict[Any, Value] = {}
        for action in examined:
            child = game.apply(state, seat, action)
            if game.is_terminal(child):
                end = self.terminal_value(child)
                out[action] = Value(end, (0.0,) * len(end), (end,) * self.rollouts)
            else:
                out[action] = self._estimate(child, f"a{self._calls}", state)
        return out

    def _bot(self, seat: int) -> Any:
        """The prior bot of `seat` in the searched rules (None where the mode has none)."""
        from dicehall.bots import make_bot

        if seat not in self._prior:
            try:
                self._prior[seat] = make_bot(self.prior_level, self.search, seat)
            except DicehallError:  # a level this mode lacks: the default policy plays
                self._prior[seat] = None
        return self._prior[seat]

    def _prior_move(self, state: Any, seat: int, legal: Sequence[Any]) -> Any:
        bot = self._bot(seat) if self.search is self.game else None
        if bot is None:
            return None
        return bot.act(self.game.observe(state, seat), legal, random.Random(self._calls))

    def draws(self, state: Any, key: str, within: Any = None) -> tuple[tuple[float, ...], ...]:
        """`rollouts` playouts' returns from `state` to the horizon of `within` (default:
        `state`), seeded by `key` and the playout's number."""
        stop = self.context(state if within is None else within)
        return tuple(
            self._playout(state, random.Random(f"review/{self.seed}/{key}/{r}"), stop)
            for r in range(self.rollouts)
        )

    def one_playout(self, state: Any, key: str) -> tuple[float, ...]:
        """One playout from `state` to its own horizon, as `draws` plays each (the review's
        cost estimate times a few: `review.cost`)."""
        return self._playout(state, random.Random(f"review/{self.seed}/{key}"), self.context(state))

    def _estimate(self, state: Any, key: str, within: Any = None) -> Value:
        draws = self.draws(state, key, within)
        columns = list(zip(*draws, strict=True))
        return Value(
            tuple(mean(c) for c in columns), tuple(standard_error(c) for c in columns), draws
        )

    def _playout(self, state: Any, rng: random.Random, stop: Any) -> tuple[float, ...]:
        """One playout's returns, cut where the turn index reaches `stop` (None: no cut)."""
        game, policy = self.search, self.policy
        turn_index: Any = None
        evaluate_at: Any = None
        if self.cutoff is not None and stop is not None:
            turn_index, evaluate_at = self.cutoff.turn_index, self.cutoff.evaluate
        for _ in range(game.max_game_length):
            actors = game.actors(state)
            if not actors:
                return tuple(game.returns(state))
            if turn_index is not None and turn_index(state) >= stop:
                return tuple(float(x) for x in evaluate_at(game, state))
            if actors == (CHANCE,):
                state = game.apply(state, CHANCE, sample(game, state, rng))
                continue
            seat = min(actors)
            legal = game.legal_actions(state, seat)
            bot = self._bot(seat) if self.use_bots else None
            if bot is not None:
                action = bot.act(game.observe(state, seat), legal, rng)
            elif policy is not None:
                action = policy(game, state, seat, legal, rng)
            else:
                action = legal[rng.randrange(len(legal))]
            state = game.apply(state, seat, action)
        players: int = game.num_players
        return (1.0 / players,) * players
