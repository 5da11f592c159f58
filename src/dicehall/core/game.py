"""The game protocol shared by all four games.

A `Game` is a frozen rules object made by `dicehall.games.make(game_id, **params)`. Its methods
are pure functions of immutable states: they never draw random numbers, read clocks or do IO.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterable, Sequence
from fractions import Fraction
from functools import cached_property
from typing import Any, Generic, TypeVar

from dicehall.core.actions import ActionCodec, ActionIndex
from dicehall.core.types import CHANCE, GameSpec, Result, Seat, TimerRequest, View

S = TypeVar("S")
A = TypeVar("A")


class Game(ABC, Generic[S, A]):
    """Rules of one game for one parameter set.

    Subclasses set `spec`, `params` (resolved, JSON-compatible), `num_players`, `num_actions`,
    `max_game_length` (an upper bound on actions of all actors, chance included) and
    `content_hash` (a digest of the content data in use, "" when the game has none).
    """

    spec: GameSpec
    params: dict[str, Any]
    num_players: int
    num_actions: int
    max_game_length: int
    content_hash: str = ""

    @property
    def id(self) -> str:
        return self.spec.id

    # --- dynamics -------------------------------------------------------------------
    @abstractmethod
    def initial_state(self) -> S:
        """The state before the first chance event (setup rolls and shuffles are chance too)."""

    @abstractmethod
    def actors(self, state: S) -> tuple[Seat, ...]:
        """Who may act: `()` when terminal, `(CHANCE,)` at a chance node, else seats."""

    @abstractmethod
    def legal_actions(self, state: S, seat: Seat) -> tuple[A, ...]:
        """Sorted, deterministic tuple of the actions `seat` may take now (empty if none)."""

    @abstractmethod
    def chance_outcomes(self, state: S) -> Sequence[tuple[A, Fraction]]:
        """Outcomes of the chance node with exact probabilities summing to 1."""

    @abstractmethod
    def apply(self, state: S, seat: Seat, action: A) -> S:
        """The next state; raises `IllegalActionError` and leaves `state` as it was."""

    @abstractmethod
    def is_terminal(self, state: S) -> bool: ...

    @abstractmethod
    def result(self, state: S) -> Result:
        """Scores, winners, ranks and end reason of a terminal state."""

    # --- information ----------------------------------------------------------------
    @abstractmethod
    def observe(self, state: S, seat: Seat | None) -> View:
        """JSON-compatible view for `seat`, or the spectators' view when `seat` is None."""

    @abstractmethod
    def describe(self, action: A, viewer: Seat | None) -> str:
        """The log text of `action` (any actor's) as `viewer` may read it.

        `viewer` is a seat, None for the spectators, or `OMNISCIENT` (a finished match, a
        record). Which parts of an action are secret is the game's decision: a viewer who may
        not read them gets a redacted text ("Player 1 rolls behind their screen (7 dice)"), so the
        text never tells a viewer more than its `observe` view does.
        """

    # --- wire forms -----------------------------------------------------------------
    # Games set `action_index` (every player action, in id order) and `action_codec` (JSON
    # for every action type, chance outcomes included); override to do otherwise.
    action_index: ActionIndex
    action_codec: ActionCodec

    def encode(self, action: A) -> int:
        """Stable integer id of a player action in `range(num_actions)`."""
        return self.action_index.encode(action)

    @cached_property
    def chance_index(self) -> ActionIndex:
        """Stable integer ids over every chance outcome this game can produce, in a fixed order,
        so an id means the same outcome in every state and process (OpenSpiel's chance ids)."""
        return ActionIndex(self.chance_catalogue())

    def chance_catalogue(self) -> Iterable[Any]:
        """Every chance outcome the game can produce, in a fixed order (none by default)."""
        return ()

    @property
    def max_chance_outcomes(self) -> int:
        """How many distinct chance outcomes this parameter set has (OpenSpiel's GameInfo)."""
        return len(self.chance_index)

    def decode(self, action_id: int) -> A:
        decoded: A = self.action_index.decode(action_id)
        return decoded

    def action_to_json(self, action: A) -> dict[str, Any]:
        """Wire form of any action, chance outcomes and engine actions included."""
        return self.action_codec.to_json(action)

    def action_from_json(self, data: Any) -> A:
        """Parse a wire-form action; raises `MalformedActionError`."""
        parsed: A = self.action_codec.from_json(data)
        return parsed

    # --- optional hooks -------------------------------------------------------------
    sample_chance: Any = None
    """Optional fast path of `core.sample`: a method `(state, rng) -> outcome` drawing exactly
    what `Distribution.sample` draws from `chance_outcomes(state)` with the same `rng` (the same
    integers asked of it, the same outcome object), for chance nodes whose distribution is
    costly to build. `None`: `sample` builds the distribution."""

    def timer(self, state: S) -> TimerRequest | None:
        """A clock request for real-time games; turn-based games have none."""
        return None

    def automated_seats(self) -> frozenset[Seat]:
        """Seats the rules play themselves (never asked for an action), e.g. a Solo opponent."""
        return frozenset()

    def is_chance_node(self, state: S) -> bool:
        return self.actors(state) == (CHANCE,)

    def returns(self, state: S) -> tuple[float, ...]:
        """Per-seat returns for search: 1 shared among winners, 0 for the others."""
        result = self.result(state)
        share = 1.0 / len(result.winners) if result.winners else 0.0
        return tuple(share if s in result.winners else 0.0 for s in range(self.num_players))

    def __repr__(self) -> str:
        args = ", ".join(f"{k}={v!r}" for k, v in sorted(self.params.items()))
        return f"{type(self).__name__}({args})"
