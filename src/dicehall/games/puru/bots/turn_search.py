"""Puru Puru's search bot (the `mcts` level, and `expert` where no solved table plays): an
expectimax over the whole turn with full-width chance, ending with a value fitted by self-play.

Within a turn the roller's choices (resolve, or which dice to reroll, docs/rules/puru.md *A
turn*) are searched over the exact roll distributions (`turn_shape`): each final multiset of
dice is resolved by the rules themselves, with the keep-or-give choice and the Full game's power
choices (*Full game*) made by whoever makes them, each for their own best (max^n); the Jelly paid
for the second reroll, and the game ending when it is the last, are the rules' own. The
position once the roll has ended is valued by the fitted model (`leaf_value`): every seat's
chance to win, so a roll that hurts a neighbour is worth something too.

`depth` 1 (the `mcts` level) looks to the end of its own roll; `depth` 2 (the `expert` level
where no table plays) also searches the next roller's whole turn the same way, for every
position its own roll can end in, and values the positions after that. The search has no
randomness and nothing to sample, so an iteration or time budget does not apply: a budget
given with the level (`mcts:400`, `mcts:1s`) is accepted and ignored. Puru Puru has no hidden
information: the search reads the view, which holds the whole position.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from dicehall.core.evolve import replace
from dicehall.core.types import View
from dicehall.games.puru.actions import RESOLVE, Reroll
from dicehall.games.puru.bots.basic_rolls import AfterRoll, end_returns, resolve_all
from dicehall.games.puru.bots.leaf_value import model, win_chances_array
from dicehall.games.puru.bots.turn_shape import TIE, TurnShape, best_choices, turn_shape
from dicehall.games.puru.dice import DEFAULT_DIE, Counts, parse_die
from dicehall.games.puru.state import PAID_REROLL, Phase, PuruState

CACHED = 20_000  # turns kept
Vector = Any  # a numpy array of one value per seat
Leaf = Callable[[int, Any, Any, Any, tuple[int, ...]], Any]
"""(roller about to roll, Love, Excitement, Jelly as rows x seats, characters) -> every seat's
value of each row (rows x seats): how positions after a roll are valued."""


class Turn:
    """The roller's whole turn from one position: each choice's value vector."""

    __slots__ = ("broke", "free", "paid", "resolve", "shape", "value")

    def __init__(self, shape: TurnShape, resolve: Any, paid: Any, broke: Any, seat: int) -> None:
        self.shape, self.resolve, self.broke = shape, resolve, broke
        # after the paid reroll the dice resolve by themselves; after the free one, choose again
        self.paid = shape.roll @ paid if broke is None else None
        second = resolve if self.paid is None else best_choices(shape, resolve, self.paid, seat)
        self.free = shape.roll @ second
        self.value = shape.opening @ best_choices(shape, resolve, self.free, seat)

    def choice(self, dice: Counts, rerolls: int, action: Any) -> Vector:
        """The value vector of `action` with `dice` showing after `rerolls` rerolls."""
        shape = self.shape
        if not isinstance(action, Reroll):
            return self.resolve[shape.final_index[dice]]
        counts = action.counts
        kept = (dice[0] - counts[0], dice[1] - counts[1], dice[2] - counts[2], dice[3] - counts[3])
        if rerolls == 0:
            return self.free[shape.kept_index[kept]]
        return self.broke if self.paid is None else self.paid[shape.kept_index[kept]]


class TurnSearch:
    """Expectimax over turns of one game (its caches are shared by the decisions of a game).

    The Basic game resolves every final multiset at once from arrays (`basic_rolls`); the Full
    game through the rules, one roll at a time, with the powers' choices."""

    def __init__(self, game: Any, depth: int = 1, leaf: Leaf | None = None) -> None:
        import numpy as np

        self.np, self.game, self.depth = np, game, depth
        self.weights = parse_die(str(game.params.get("die", DEFAULT_DIE)))
        self.model = model(game.num_players, bool(game.full))
        self.leaf: Leaf = leaf or self.fitted
        self.basic = not game.full
        self.turns: dict[tuple[Any, ...], Turn] = {}

    # --- values -------------------------------------------------------------------------
    def turn(self, state: PuruState, depth: int) -> Turn:
        """The turn of `state.roller` from the position of `state` (the dice are ignored)."""
        key = (depth, *_position(state))
        found = self.turns.get(key)
        if found is None:
            if len(self.turns) >= CACHED:
                self.turns.clear()
            make = self._basic_turn if self.basic else self._full_turn
            found = self.turns[key] = make(state, depth)
        return found

    def _basic_turn(self, state: PuruState, depth: int) -> Turn:
        np, r = self.np, state.roller
        shape = turn_shape(self.weights, state.n_dice)
        after = self._after_rows(state, depth)
        position = (r, state.love, state.excite, state.jelly)
        resolve = resolve_all(np, shape.finals, position, after)
        poorer = _less(state.jelly, r)
        if state.jelly[r] > 1:  # paying the last Jelly ends the game (rules.md, *A turn*)
            paid = resolve_all(np, shape.finals, (r, state.love, state.excite, poorer), after)
            return Turn(shape, resolve, paid, None, r)
        broke = end_returns(np, np.array(state.love), np.array(state.excite), np.array(poorer))
        return Turn(shape, resolve, None, broke[1], r)

    def _after_rows(self, state: PuruState, depth: int) -> AfterRoll:
        """Values the positions after the roll: the fitted model, or the next turn searched."""

        def after(roller: int, love: Any, excite: Any, jelly: Any) -> Any:
            if depth <= 1:
                return self.leaf(roller, love, excite, jelly, state.characters)
            rows = [
                self.turn(
                    replace(state, roller=roller, love=tuple(map(int, a)),
                            excite=tuple(map(int, b)), jelly=tuple(map(int, c))),
                    depth - 1,
                ).value
                for a, b, c in zip(love, excite, jelly, strict=True)
            ]  # fmt: skip
            return self.np.array(rows)

        return after

    def _full_turn(self, state: PuruState, depth: int) -> Turn:
        r = state.roller
        shape = turn_shape(self.weights, state.n_dice)
        template = replace(state, phase=Phase.CHOOSE, rerolls=0, chooser=-1, res=None)
        resolve = self.np.array([self.resolved(template, d, depth) for d in shape.finals])
        if state.jelly[r] > 1:  # paying the last Jelly ends the game (rules.md, *A turn*)
            poorer = replace(template, jelly=_less(state.jelly, r))
            paid = self.np.array([self.resolved(poorer, d, depth) for d in shape.finals])
            return Turn(shape, resolve, paid, None, r)
        return Turn(shape, resolve, None, self.broke(template), r)

    def resolved(self, template: PuruState, dice: Counts, depth: int) -> Vector:
        """The value vector of resolving `dice` from the position of `template`."""
        state = replace(template, dice=dice)
        return self.settle(self.game.apply(state, state.roller, RESOLVE), depth)

    def settle(self, state: PuruState, depth: int) -> Vector:
        """The value vector once the roll in progress has ended; its remaining choices (keep or
        give, powers) are each made by their chooser for their own best (max^n)."""
        game = self.game
        if state.phase == Phase.OVER:
            return self.np.array(game.returns(state))
        if state.phase == Phase.ROLL:  # the roll has ended: the next one is about to start
            if depth > 1:
                return self.turn(state, depth - 1).value
            love, excite, jelly = (
                self.np.array([x]) for x in (state.love, state.excite, state.jelly)
            )
            return self.leaf(state.roller, love, excite, jelly, state.characters)[0]
        seat = game.actors(state)[0]
        best: Vector = None
        for action in game.legal_actions(state, seat):
            value = self.settle(game.apply(state, seat, action), depth)
            if best is None or value[seat] > best[seat] + TIE:
                best = value
        return best

    def fitted(
        self, roller: int, love: Any, excite: Any, jelly: Any, characters: tuple[int, ...]
    ) -> Any:
        """The default `Leaf`: the self-play fit (`leaf_value`)."""
        return win_chances_array(self.np, self.model, love, excite, jelly, roller, characters)

    def broke(self, template: PuruState) -> Vector:
        """The end of the game when the roller pays its last Jelly for the second reroll."""
        game = self.game
        dice = turn_shape(self.weights, template.n_dice).finals[0]
        state = replace(template, rerolls=PAID_REROLL - 1, dice=dice)
        reroll = next(a for a in game.legal_actions(state, state.roller) if a is not RESOLVE)
        return self.np.array(game.returns(game.apply(state, state.roller, reroll)))

    # --- decisions ----------------------------------------------------------------------
    def choice_values(self, state: PuruState, seat: int) -> dict[Any, Vector]:
        """Each legal action of `seat` at `state`, with its value vector."""
        game = self.game
        legal = game.legal_actions(state, seat)
        if state.phase == Phase.CHOOSE:
            turn = self.turn(state, self.depth)
            return {a: turn.choice(state.dice, state.rerolls, a) for a in legal}
        return {a: self.settle(game.apply(state, seat, a), self.depth) for a in legal}


def _position(state: PuruState) -> tuple[Any, ...]:
    return (state.roller, state.love, state.excite, state.jelly, state.n_dice)


def _less(jelly: tuple[int, ...], seat: int) -> tuple[int, ...]:
    return tuple(j - (s == seat) for s, j in enumerate(jelly))


class TurnSearchBot:
    """Plays the action whose value vector is best for its own seat (ties: resolve, then the
    first legal action)."""

    def __init__(self, game: Any, seat: int, level: str = "mcts", depth: int = 1) -> None:
        from dicehall.games.puru.bots.determinize import state_from_view

        self.game, self.seat, self.level = game, seat, level
        self.search = TurnSearch(game, depth)
        self._state_from_view = state_from_view

    def act(self, view: View, legal_actions: Sequence[Any], rng: random.Random) -> Any:
        if len(legal_actions) == 1:
            return legal_actions[0]
        state = self._state_from_view(self.game, view, self.seat, rng)
        values = self.search.choice_values(state, self.seat)
        best, top = legal_actions[0], -1.0
        for action in sorted(legal_actions, key=lambda a: a is not RESOLVE):
            mine = float(values[action][self.seat])
            if mine > top + TIE:
                best, top = action, mine
        return best
