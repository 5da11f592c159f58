"""Generic Monte Carlo tree search over the game protocol (the `mcts` level).

- **Information sets by determinisation** (single-observer IS-MCTS): every iteration starts from
  a full state drawn by the game's `search` part, `state_from_view(game, view, seat, rng)`, which
  copies what the seat sees and samples only what it cannot see. The tree is keyed by actions,
  so statistics are shared across determinisations; a child is only selectable in iterations
  whose state allows its action (availability counts, as in Cowling, Powley and Whitehouse 2012).
- **Chance-aware**: at a chance node an outcome is sampled with its exact probability
  (`core.chance.sample`); each sampled outcome has its own child (sampled chance nodes).
- **Several players**: a node stores the sum of return vectors (`Game.returns`, one entry per
  seat) and each mover maximises its own entry (max^n with UCB1).
- **Budget**: `iterations` per move, or `seconds` per move (wall clock), whichever is given.
  With an iteration budget the bot is deterministic given the rng the engine passes in.

What the search knows of a game beyond the protocol comes from its `search` part, a
`dicehall.core.parts.SearchHooks` (a determiniser, a rollout policy, a cut-off with an
evaluation, default options and budgets; each hook but the determiniser optional).

A **prior** (weight `prior` in (0, 1]) puts that share of the root's PUCT prior on the move of the
game's prior bot (`SearchHooks.prior`, a level name such as `greedy`), spread the rest evenly:
the search starts from what a good player would do and leaves it only when the statistics say so.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from dicehall import games
from dicehall.core import CHANCE, DicehallError, Game, sample
from dicehall.core.parts import RolloutPolicy, RolloutSteps, SearchHooks, StateFromView
from dicehall.core.search import NotDeterminisable
from dicehall.core.types import View

DEFAULT_ITERATIONS = 200
EXPLORATION = 0.7  # UCB1 constant for returns in [0, 1]
OPTIONS = frozenset({"horizon", "prior", "exploration", "leaves", "playouts"})
"""Search options: `leaves` and `playouts` choose batched playouts (`bots.mcts_batched`)."""


def search_hooks(game_id: str) -> SearchHooks:
    """The game's `search` part; raises `DicehallError` when the game has none."""
    hooks = games.search_hooks(game_id)
    if hooks is None:
        raise DicehallError(f"mcts: no determiniser for {game_id}")
    return hooks


def determiniser(game_id: str) -> StateFromView:
    """The game's `state_from_view`; raises `DicehallError` when the game has none."""
    return search_hooks(game_id).state_from_view


def searched(hooks: SearchHooks, game: Game[Any, Any]) -> Game[Any, Any]:
    """The rules object search plays for `game` (its `search_game`, else the game itself)."""
    return hooks.search_game(game) if hooks.search_game is not None else game


@dataclass(frozen=True, slots=True)
class Cutoff:
    """Rollouts stop `horizon` turns on (by the game's `turn_index`) and `evaluate` there."""

    horizon: int
    turn_index: Callable[[Any], int]
    evaluate: Callable[[Game[Any, Any], Any], tuple[float, ...]]

    @staticmethod
    def of(hooks: SearchHooks, horizon: int | None) -> Cutoff | None:
        """The cut-off `horizon` turns on, where the game can count turns and evaluate."""
        if not horizon or hooks.turn_index is None or hooks.evaluate is None:
            return None
        return Cutoff(horizon, hooks.turn_index, hooks.evaluate)


class Node:
    """Statistics of one action sequence: visits, availability and summed returns per seat."""

    __slots__ = ("avail", "children", "total", "visits")

    def __init__(self, players: int) -> None:
        self.children: dict[Any, Node] = {}
        self.visits = 0
        self.avail = 0
        self.total = [0.0] * players


class MCTSBot:
    """IS-MCTS with sampled chance nodes and vector returns; see the module docstring."""

    def __init__(
        self,
        game: Game[Any, Any],
        seat: int,
        iterations: int | None = None,
        seconds: float | None = None,
        level: str = "mcts",
        **search: Any,
    ) -> None:
        self.game, self.seat, self.level = game, seat, level
        self.iterations = iterations if iterations or seconds else DEFAULT_ITERATIONS
        self.seconds = seconds
        hooks = search_hooks(game.id)
        self.state_from_view = hooks.state_from_view
        options = {**hooks.options, **search}
        unknown = set(options) - OPTIONS
        if unknown:
            raise DicehallError(f"mcts: unknown options {sorted(unknown)}")
        self.options = options
        self.exploration: float = options.get("exploration", EXPLORATION)
        self.rollout_action: RolloutPolicy | None = hooks.rollout_action
        self.rollout_steps: RolloutSteps | None = hooks.rollout_steps
        self.cutoff = Cutoff.of(hooks, options.get("horizon"))
        self.prior: float = options.get("prior", 0.0)
        self.prior_level: str = hooks.prior
        self._prior_bot: Any = None
        self.search: Game[Any, Any] = searched(hooks, game)
        self._fallback: Any = None
        self.last_iterations = 0  # iterations run for the last decision (bench, tests)

    # --- the Bot protocol -----------------------------------------------------------
    def act(self, view: View, legal_actions: Sequence[Any], rng: random.Random) -> Any:
        if len(legal_actions) == 1:
            return legal_actions[0]
        try:
            first = self.state_from_view(self.search, view, self.seat, rng)
        except NotDeterminisable:
            return self.fallback().act(view, legal_actions, rng)
        root = Node(self.game.num_players)
        hint = self.prior_action(view, legal_actions, rng) if self.prior else None
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        done = 0
        while True:
            if self.iterations is not None and done >= self.iterations:
                break
            if deadline is not None and done > 0 and time.perf_counter() >= deadline:
                break
            state = first if done == 0 else self.state_from_view(self.search, view, self.seat, rng)
            self._iterate(root, state, rng, hint)
            done += 1
        self.last_iterations = done
        return self._best(root, legal_actions)

    def fallback(self) -> Any:
        """The greedy bot (random where a game has none), for views no state fits."""
        if self._fallback is None:
            from dicehall.bots import make_bot, stand_in

            self._fallback = make_bot(stand_in(self.game.id), self.game, self.seat)
        return self._fallback

    def prior_action(self, view: View, legal: Sequence[Any], rng: random.Random) -> Any:
        """The prior bot's move, which the root's PUCT prior favours."""
        if self._prior_bot is None:
            from dicehall.bots import make_bot

            self._prior_bot = make_bot(self.prior_level, self.game, self.seat)
        return self._prior_bot.act(view, legal, rng)

    def _best(self, root: Node, legal: Sequence[Any]) -> Any:
        """The most visited legal root action (ties: the first in legal order)."""
        best, most = legal[0], -1
        for action in legal:
            child = root.children.get(action)
            visits = child.visits if child else 0
            if visits > most:
                best, most = action, visits
        return best

    # --- one iteration --------------------------------------------------------------
    def _iterate(self, root: Node, state: Any, rng: random.Random, hint: Any) -> None:
        path, leaf, stop = self._descend(root, state, rng, hint)
        self._backup(path, self._rollout(leaf, rng, stop))

    def _descend(
        self, root: Node, state: Any, rng: random.Random, hint: Any
    ) -> tuple[list[Node], Any, int | None]:
        """Select down the tree from `state` and expand one node: the path, with a visit
        counted on each of its nodes (a virtual loss until `_backup` adds the returns), the
        state reached, and the turn where a rollout from it stops (None: the end)."""
        game = self.search
        cut = self.cutoff
        stop = None if cut is None else cut.turn_index(state) + cut.horizon
        path = [root]
        node = root
        expanded = False
        while not expanded:
            actors = game.actors(state)
            if not actors:
                break
            if actors == (CHANCE,):
                action = sample(game, state, rng)
                seat = CHANCE
            else:
                seat = min(actors)
                legal = game.legal_actions(state, seat)
                if node is root and self.prior:
                    action, expanded = self._select_puct(node, legal, seat, hint)
                else:
                    action, expanded = self._select(node, legal, seat, rng)
            child = node.children.get(action)
            if child is None:
                child = node.children[action] = Node(game.num_players)
                expanded = True
            state = game.apply(state, seat, action)
            node = child
            path.append(node)
        for visited in path:
            visited.visits += 1
        return path, state, stop

    @staticmethod
    def _backup(path: list[Node], returns: Sequence[float]) -> None:
        """Add one iteration's returns along its path (its visits are counted already)."""
        for visited in path:
            total = visited.total
            for i, r in enumerate(returns):
                total[i] += r

    def _select(
        self, node: Node, legal: Sequence[Any], seat: int, rng: random.Random
    ) -> tuple[Any, bool]:
        """An untried legal action (at random), else the legal child with the best UCB1."""
        children = node.children
        untried = [a for a in legal if a not in children]
        for action in legal:
            if action in children:
                children[action].avail += 1
        if untried:
            return untried[rng.randrange(len(untried))], True
        best, best_score = legal[0], -math.inf
        c = self.exploration
        for action in legal:
            child = children[action]
            mean = child.total[seat] / child.visits if child.visits else 0.0
            score = mean + c * math.sqrt(math.log(max(child.avail, 1)) / max(child.visits, 1))
            if score > best_score:
                best, best_score = action, score
        return best, False

    def _select_puct(
        self, node: Node, legal: Sequence[Any], seat: int, hint: Any
    ) -> tuple[Any, bool]:
        """PUCT (the root, with a prior): `prior` of the prior mass on `hint`, the rest even.

        Unvisited children are valued at the node's mean so far (first-play urgency)."""
        children = node.children
        even = (1.0 - self.prior) / len(legal)
        sqrt_n = math.sqrt(max(node.visits, 1))
        c = self.exploration
        fpu = node.total[seat] / node.visits if node.visits else 0.5
        best, best_score = legal[0], -math.inf
        for action in legal:
            child = children.get(action)
            p = even + (self.prior if action == hint else 0.0)
            if child is None or not child.visits:
                q, visits = fpu, 0
            else:
                q, visits = child.total[seat] / child.visits, child.visits
            score = q + c * p * sqrt_n / (1 + visits)
            if score > best_score:
                best, best_score = action, score
        return best, best not in children

    def _rollout(self, state: Any, rng: random.Random, stop: int | None) -> tuple[float, ...]:
        """Play the default policy to the end, or to turn `stop` and evaluate there."""
        game, policy, fast = self.search, self.rollout_action, self.rollout_steps
        cut = self.cutoff
        steps, limit = 0, game.max_game_length
        while steps < limit:
            if fast is not None:
                state, played = fast(game, state, rng, stop, limit - steps)
                steps += played
                if steps >= limit:
                    break
            steps += 1
            actors = game.actors(state)
            if not actors:
                return game.returns(state)
            if cut is not None and stop is not None and cut.turn_index(state) >= stop:
                return cut.evaluate(game, state)
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
        share = 1.0 / game.num_players  # an unfinished rollout: nobody is favoured
        return (share,) * game.num_players


def iterations_per_second(
    game: Game[Any, Any], seconds: float = 1.0, seed: int = 0, budget: int = 50
) -> tuple[int, float]:
    """MCTS iterations run in about `seconds` on decisions of random games (`dicehall bench`).

    Plays random games; at each decision with a choice, runs an `budget`-iteration search for
    the seat to act. Returns `(iterations, elapsed seconds)`.
    """
    rng = random.Random(seed)
    bots = [MCTSBot(game, s, iterations=budget) for s in range(game.num_players)]
    total, start = 0, time.perf_counter()

    def more() -> bool:  # at least one search, however short the time
        return total == 0 or time.perf_counter() - start < seconds

    for _ in range(100):  # games; a game with no choice at all must not loop forever
        state = game.initial_state()
        while not game.is_terminal(state) and more():
            actors = game.actors(state)
            if actors == (CHANCE,):
                state = game.apply(state, CHANCE, sample(game, state, rng))
                continue
            seat = min(actors)
            legal = game.legal_actions(state, seat)
            if len(legal) > 1:
                bots[seat].act(game.observe(state, seat), legal, rng)
                total += bots[seat].last_iterations
            state = game.apply(state, seat, legal[rng.randrange(len(legal))])
        if not more():
            break
    return total, time.perf_counter() - start
