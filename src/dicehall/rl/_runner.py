"""One game in progress for the environments: chance resolved, legal actions at hand.

Chance is resolved in one of two ways (`seeding=`):
- "episode" (the default): one `random.Random(seed)` per episode draws every chance outcome
  and every bot's random choices; the same seed and the same player actions give the same
  episode.
- "match": exactly as `engine.Match` does it: the outcome of a chance node reached after `k`
  applied actions (chance outcomes included) is `core.sample` with
  `core.seeding.chance_rng(seed, k)`, and bots decide with `engine.Match`'s per-move random
  sources. So the same seed and player actions give the same game as through the engine, at a
  cost: seeding a Mersenne Twister takes longer than most actions of the rules.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np

from dicehall.core import CHANCE, DicehallError, Game, sample
from dicehall.core.seeding import bot_rng, chance_rng
from dicehall.rl._common import check_seeding, encoder

NOT_LEGAL: Any = object()
"""What `Legal.action` gives for an id that is not legal now."""


class Legal:
    """One tuple of legal actions as the environments use it: the ids in the tuple's order,
    the action of a chosen id and the mask over `size` ids (made when first asked)."""

    __slots__ = ("_mask", "_sorted", "actions", "ids", "size")

    def __init__(self, actions: tuple[Any, ...], ids: list[int], size: int) -> None:
        self.actions, self.ids, self.size = actions, ids, size
        self._mask: np.ndarray | None = None
        self._sorted: list[int] | None = None

    def sorted_ids(self) -> list[int]:
        """The ids in increasing order (shared: copy the list before changing it)."""
        if self._sorted is None:
            self._sorted = sorted(self.ids)
        return self._sorted

    def mask(self) -> np.ndarray:
        """1 for each legal id, as int8 (shared: copy it before changing it)."""
        if self._mask is None:
            made = bytearray(self.size)
            for i in self.ids:
                made[i] = 1
            self._mask = np.frombuffer(made, np.int8)
        return self._mask

    def action(self, action_id: Any) -> Any:
        """The legal action whose id is `action_id`, or `NOT_LEGAL`."""
        try:
            at = self.ids.index(int(action_id))
        except (TypeError, ValueError, OverflowError):
            return NOT_LEGAL
        return self.actions[at]


class LegalIds:
    """The `Legal` of each legal-action tuple, remembered per tuple object (games hand out the
    same tuple for the same choices), at most `size` of them."""

    def __init__(self, game: Game[Any, Any], size: int = 4096) -> None:
        self._encode_many = encoder(game)
        self._num_actions = game.num_actions
        self._size = size
        self._made: dict[int, tuple[tuple[Any, ...], Legal]] = {}

    def __call__(self, legal: tuple[Any, ...]) -> Legal:
        found = self._made.get(id(legal))
        if found is not None and found[0] is legal:
            return found[1]
        made = Legal(legal, self._encode_many(legal), self._num_actions)
        if len(self._made) >= self._size:
            self._made.clear()
        self._made[id(legal)] = (legal, made)
        return made

    def __len__(self) -> int:
        return len(self._made)


class Runner:
    """One game in progress, with chance resolved from `seed` (see the module's `seeding`).

    `state` changes only through `act` and `settle`; `actors` is the game's `actors(state)`."""

    def __init__(
        self,
        game: Game[Any, Any],
        seed: int,
        seeding: str = "episode",
        ids: LegalIds | None = None,
    ) -> None:
        self.game = game
        self.seed = seed
        self.per_move = check_seeding(seeding) == "match"
        self.rng = random.Random(seed)  # the episode's one random source ("episode" seeding)
        self.state: Any = game.initial_state()
        self.actors: tuple[int, ...] = game.actors(self.state)
        self.applied = 0
        self.moves: list[tuple[int, Any]] = []  # the player actions applied, in order
        self._ids = ids if ids is not None else LegalIds(game)  # empty is falsy: not `or`
        self._legal_at: tuple[Any, int, Legal | None] = (None, CHANCE, None)
        self.settle()

    @property
    def over(self) -> bool:
        return self.game.is_terminal(self.state)

    def actor(self) -> int:
        """The one seat to act (turn-based play), or -1 when the game is over."""
        actors = self.actors
        if not actors:
            return -1
        if len(actors) != 1 or actors[0] < 0:
            raise DicehallError(f"{self.game.id}: expected one seat to act, got {actors}")
        return actors[0]

    def legal(self, seat: int) -> Legal:
        """`seat`'s legal actions now (asked once per state and seat)."""
        state, asked, found = self._legal_at
        if found is not None and state is self.state and asked == seat:
            return found
        found = self._ids(self.game.legal_actions(self.state, seat))
        self._legal_at = (self.state, seat, found)
        return found

    def legal_ids(self, seat: int) -> list[int]:
        """The ids of `seat`'s legal actions (the list is shared: do not change it)."""
        return self.legal(seat).ids

    def act(self, seat: int, action: Any) -> None:
        """Apply a player action (IllegalActionError if it is not legal), then settle chance."""
        self.state = self.game.apply(self.state, seat, action)
        self.applied += 1
        self.moves.append((seat, action))
        self.actors = self.game.actors(self.state)
        self.settle()

    def settle(self) -> None:
        """Resolve chance nodes until a seat must act or the game is over."""
        while self.actors == (CHANCE,):
            self.settle_one()

    def settle_one(self) -> None:
        """Resolve the chance node the game is at."""
        game = self.game
        rng = chance_rng(self.seed, self.applied) if self.per_move else self.rng
        self.state = game.apply(self.state, CHANCE, sample(game, self.state, rng))
        self.applied += 1
        self.actors = game.actors(self.state)

    def bot_rng(self, seat: int) -> random.Random:
        """The random source a bot decides with: the episode's, or ("match" seeding) the one
        `engine.Match.play_bot` gives a bot at this point."""
        if self.per_move:
            return bot_rng(self.seed, seat, self.applied)
        return self.rng
