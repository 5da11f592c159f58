"""MCTS whose leaves are valued by batched playouts (`leaves` > 0 among the search options).

Each round selects `leaves` leaves of the tree one after another, each from its own
determinisation; a visit is counted on every node of a path as it is selected (a virtual loss),
so the round's later selections spread over other branches. The leaves' states are played out
together as whole games in one batch of the game's batched form (`dicehall.batch.playouts`):
`playouts` games per leaf, by the batched greedy bot where the game has one (else random
actions). Their mean returns are then added along the paths. A `horizon` cut-off does not
apply: the playouts run to the end. `make_mcts` gives the plain `MCTSBot` where `leaves` is
0 or the game has no batched form for its parameters; the plain bot stays the reference.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from typing import Any

import numpy as np

from dicehall.batch import BatchUnsupportedError
from dicehall.batch.playouts import Playouts
from dicehall.bots.mcts import MCTSBot, Node, search_hooks
from dicehall.core import CHANCE, DicehallError, Game, sample
from dicehall.core.search import NotDeterminisable
from dicehall.core.types import View

MAX_PLAYOUTS = 4096
"""The most playouts of one round (`leaves * playouts`): a bound on the batch's memory."""


class BatchedMCTSBot(MCTSBot):
    """IS-MCTS with batched whole-game playouts at the leaves; see the module docstring."""

    def __init__(
        self,
        game: Game[Any, Any],
        seat: int,
        iterations: int | None = None,
        seconds: float | None = None,
        level: str = "mcts",
        **search: Any,
    ) -> None:
        super().__init__(game, seat, iterations, seconds, level, **search)
        self.leaves = int(self.options.get("leaves", 0))
        self.per_leaf = int(self.options.get("playouts", 1))
        if not 1 <= self.leaves * self.per_leaf <= MAX_PLAYOUTS or self.per_leaf < 1:
            raise DicehallError(
                f"mcts: leaves and playouts are at least 1, with at most {MAX_PLAYOUTS} "
                "playouts a round"
            )
        self.playouts = Playouts(self.search, self.leaves * self.per_leaf)

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
        chance = np.random.default_rng(rng.getrandbits(64))
        done = 0
        while True:
            if self.iterations is not None and done >= self.iterations:
                break
            if deadline is not None and done > 0 and time.perf_counter() >= deadline:
                break
            size = self.leaves
            if self.iterations is not None:
                size = min(size, self.iterations - done)
            self._round(root, first, done == 0, size, view, rng, hint, chance)
            done += size
        self.last_iterations = done
        return self._best(root, legal_actions)

    def _round(
        self, root: Node, first: Any, fresh: bool, size: int, view: View,
        rng: random.Random, hint: Any, chance: np.random.Generator,
    ) -> None:  # fmt: skip
        """Select `size` leaves, play them out in one batch, add their returns."""
        game = self.search
        paths: list[list[Node]] = []
        ends: list[Sequence[float] | None] = []
        waiting: list[Any] = []
        for j in range(size):
            state = first if fresh and j == 0 else self.state_from_view(game, view, self.seat, rng)
            path, leaf, _ = self._descend(root, state, rng, hint)
            while game.actors(leaf) == (CHANCE,):  # the batch starts where a player decides
                leaf = game.apply(leaf, CHANCE, sample(game, leaf, rng))
            paths.append(path)
            if game.is_terminal(leaf):
                ends.append(game.returns(leaf))
            else:
                ends.append(None)
                waiting.append(leaf)
        values = iter(self.playouts.returns(waiting, chance).tolist() if waiting else [])
        for path, end in zip(paths, ends, strict=True):
            self._backup(path, end if end is not None else next(values))


def make_mcts(game: Game[Any, Any], seat: int, level: str = "mcts", **options: Any) -> MCTSBot:
    """The MCTS bot for the options (the game's search options, then `options`): batched
    playouts where `leaves` > 0 and the game's batched form plays these parameters, else the
    plain MCTS."""
    hooks = search_hooks(game.id)
    if int({**hooks.options, **options}.get("leaves", 0)) > 0:
        try:
            return BatchedMCTSBot(game, seat, level=level, **options)
        except BatchUnsupportedError:
            pass
    return MCTSBot(game, seat, level=level, **{**options, "leaves": 0})
