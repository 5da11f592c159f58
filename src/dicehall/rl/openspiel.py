"""OpenSpiel: every turn-based dicehall game as a registered OpenSpiel Python game.

Importing this module registers `dicehall_<game_id>` for each installed game (with the
parameters its `rl_params` part requires, e.g. a real-time game's tick mode), so
`pyspiel.load_game("dicehall_puru", {"players": 3})` works and OpenSpiel's algorithms
(MCTSBot, random simulation tests...) run on them.

- Dynamics: sequential, with explicit chance. Chance outcomes get the stable integer ids of
  the game's `chance_index` (a fixed list of every outcome a game can produce).
- Players: the seats that choose (`Game.automated_seats` are played by the rules: a
  solo game against an automated opponent is a one-player game, that opponent part of the
  environment).
- Information: imperfect where the game's spec says `hidden_information` (rolls behind
  screens), else perfect. Observations come from `game.observe(state, seat)`: the
  string is that view as compact JSON, the tensor is its feature vector (`rl.features`,
  relative to the seat). Imperfect-information games also give information states
  (`rl._infostate`: perfect recall) and `resample_from_infostate` (the game's determiniser).
- Utility: `Game.returns` (1 shared among the winners, 0 for the others), at the end only;
  constant-sum where every ending has a winner (`GameSpec.constant_sum`).
- States pickle and serialise (their shared game data as the game's id and parameters);
  `str(state)` is the spectator's view as lines, `state.board()` the terminal board.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pyspiel  # type: ignore[import-not-found]

from dicehall import games
from dicehall.core import CHANCE, OMNISCIENT, DicehallError, Distribution
from dicehall.rl._common import automated_seats, make_game, rl_params
from dicehall.rl._infostate import Trail
from dicehall.rl._runner import LegalIds
from dicehall.rl._spaces import Observer
from dicehall.rl.outcomes import ChanceIds
from dicehall.rl.render import board_text, view_text

PREFIX = "dicehall_"
_TERMINAL = int(pyspiel.PlayerId.TERMINAL)
_CHANCE = int(pyspiel.PlayerId.CHANCE)


class _Shared:
    """Per-game data that states share; copying a state (OpenSpiel clones by deepcopy) keeps it.
    Pickled as the game's id and parameters (`_shared`): a state pickles with its position only,
    and unpickled states of one game share one again."""

    def __init__(self, game_id: str, params: dict[str, Any]) -> None:
        self.key = (game_id, tuple(sorted(params.items())))
        game = self.game = make_game(game_id, **params)
        auto = automated_seats(game)
        self.seats = tuple(s for s in range(game.num_players) if s not in auto)
        self.hidden = game.spec.hidden_information
        self.resample = games.part(game_id, "search") if self.hidden else None
        """OpenSpiel's players: the seats that choose (a solo game: seat 0 only; an
        automated opponent, which the rules play, is part of the environment)."""
        self.player_of = {seat: player for player, seat in enumerate(self.seats)}
        self.ids = ChanceIds(game)
        self.observer = Observer(game)
        self._chance: dict[int, tuple[Any, list[tuple[int, float]]]] = {}
        self._legal = LegalIds(game)
        self._last_text: tuple[Any, str] | None = None

    def legal_ids(self, state: Any, player: int) -> list[int]:
        """Sorted ids of the legal actions, remembered per legal tuple (`LegalIds`)."""
        return list(self._legal(self.game.legal_actions(state, player)).sorted_ids())

    def chance(self, state: Any) -> list[tuple[int, float]]:
        """(id, probability) pairs sorted by id, memoised per outcome list (games cache theirs)."""
        outcomes = self.game.chance_outcomes(state)
        found = self._chance.get(id(outcomes))
        if found is None or found[0] is not outcomes:
            if len(self._chance) > 4096:
                self._chance.clear()
            if isinstance(outcomes, Distribution):  # its floats from its integer weights
                ids = self.ids.encode_many(outcomes.outcomes)
                pairs = sorted(zip(ids, outcomes.floats(), strict=True))
            else:
                pairs = sorted((self.ids.encode(o), float(p)) for o, p in outcomes)
            found = self._chance[id(outcomes)] = (outcomes, pairs)
        return list(found[1])

    def text(self, state: Any) -> str:
        """`view_text` of the spectator's view, the last one remembered (OpenSpiel's checks
        ask for a state's string and then for its deserialised copy's, an equal state)."""
        last = self._last_text
        if last is not None and (last[0] is state or last[0] == state):
            return last[1]
        text = view_text(self.game.observe(state, None))
        self._last_text = (state, text)
        return text

    def __deepcopy__(self, memo: dict[int, Any]) -> _Shared:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return (_shared, self.key)


_SHARED: dict[tuple[str, tuple[tuple[str, Any], ...]], _Shared] = {}


def _shared(game_id: str, params: tuple[tuple[str, Any], ...]) -> _Shared:
    """The one `_Shared` of a game and parameters in this process (unpickling asks for it)."""
    found = _SHARED.get((game_id, params))
    if found is None:
        if len(_SHARED) >= 64:
            _SHARED.clear()
        found = _SHARED[(game_id, params)] = _Shared(game_id, dict(params))
    return found


class _Frozen:
    """A dicehall state (immutable, so copies may share it)."""

    __slots__ = ("value",)

    def __init__(self, value: Any) -> None:
        self.value = value

    def __deepcopy__(self, memo: dict[int, Any]) -> _Frozen:
        return self


def _defaults(game_id: str) -> dict[str, Any]:
    """OpenSpiel parameters: the spec's params with a value (None defaults are left out)."""
    out = {p.name: p.default for p in games.spec(game_id).params if p.default is not None}
    return {**out, **rl_params(game_id)}


def game_type(game_id: str, players: int | None = None) -> pyspiel.GameType:
    """The game's type; `players`: the OpenSpiel players of one parameter set (one player
    makes it general-sum; registration leaves it out)."""
    spec = games.spec(game_id)
    info = pyspiel.GameType.Information
    utility = pyspiel.GameType.Utility
    constant = spec.constant_sum and players != 1  # `GameSpec.constant_sum`; a test checks it
    solo = any(p.name == "solo" for p in spec.params)  # Solo: one player against the rules
    return pyspiel.GameType(
        short_name=PREFIX + game_id,
        long_name=f"dicehall {spec.name}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=info.IMPERFECT_INFORMATION
        if spec.hidden_information
        else info.PERFECT_INFORMATION,
        utility=utility.CONSTANT_SUM if constant else utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=spec.max_players,
        min_num_players=1 if solo else spec.min_players,
        provides_information_state_string=spec.hidden_information,
        provides_information_state_tensor=spec.hidden_information,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=_defaults(game_id),
    )


class DicehallGame(pyspiel.Game):  # type: ignore[misc]
    """A dicehall game for one parameter set, seen by OpenSpiel."""

    def __init__(self, game_id: str, params: dict[str, Any] | None = None) -> None:
        resolved = {**_defaults(game_id), **(params or {})}
        self.shared = _shared(game_id, tuple(sorted(resolved.items())))
        game, players = self.shared.game, len(self.shared.seats)
        low, high = game.spec.utility_range
        kind = game_type(game_id, players)
        constant = kind.utility == pyspiel.GameType.Utility.CONSTANT_SUM
        info = pyspiel.GameInfo(
            num_distinct_actions=game.num_actions,
            max_chance_outcomes=game.max_chance_outcomes,
            num_players=players,
            min_utility=low,
            max_utility=high,
            utility_sum=1.0 if constant else None,
            max_game_length=game.max_game_length,
        )
        super().__init__(kind, info, resolved)

    def new_initial_state(self) -> DicehallState:
        return DicehallState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> DicehallObserver:
        if iig_obs_type is not None and iig_obs_type.perfect_recall:
            return DicehallInfostateObserver(self.shared)
        return DicehallObserver(self.shared)


class DicehallState(pyspiel.State):  # type: ignore[misc]
    """A position: the dicehall state behind OpenSpiel's State API."""

    def __init__(self, game: DicehallGame) -> None:
        super().__init__(game)
        self._shared = game.shared
        self._trail: Trail | None = None
        self._set(game.shared.game.initial_state())

    def _set(self, value: Any) -> None:
        """Move to `value`, noting who acts there (OpenSpiel asks several times per move)."""
        self._s = _Frozen(value)
        if self._shared.hidden:  # the history a seat's information state is made of
            self._trail = Trail(self._trail, value)
        actors = self._shared.game.actors(value)
        if not actors:
            self._player = _TERMINAL
        elif actors == (CHANCE,):
            self._player = _CHANCE
        else:
            self._player = self._shared.player_of[int(actors[0])]

    @property
    def dicehall_state(self) -> Any:
        return self._s.value

    def current_player(self) -> int:
        return self._player

    # Answered here rather than by OpenSpiel's C++ State, which asks Python for the current
    # player, whether the state is terminal and then the legal actions on every call; the
    # answers are the same (open_spiel/python/pybind11/python_games.cc, PyState::LegalActions).
    def is_chance_node(self) -> bool:
        return self._player == _CHANCE

    def is_player_node(self) -> bool:
        return self._player >= 0

    def legal_actions(self, player: int | None = None) -> list[int]:
        current = self._player
        if player is None:
            player = current
        if current == _TERMINAL:
            return []
        if current == _CHANCE:
            return [outcome for outcome, _ in self.chance_outcomes()]
        if player == current:
            return self._legal_actions(player)
        if player < 0:
            raise pyspiel.SpielError(f"Called LegalActions for pseudo-player {player}")
        return []

    def _legal_actions(self, player: int) -> list[int]:
        return self._shared.legal_ids(self._s.value, self._shared.seats[player])

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return self._shared.chance(self._s.value)

    def _apply_action(self, action: int) -> None:
        game, s, player = self._shared.game, self._s.value, self._player
        if player == _CHANCE:
            self._set(game.apply(s, CHANCE, self._shared.ids.decode(action)))
        else:
            self._set(game.apply(s, self._shared.seats[player], game.decode(action)))

    def _action_to_string(self, player: int, action: int) -> str:
        game = self._shared.game
        if player == pyspiel.PlayerId.CHANCE:
            # two outcomes may read alike (two cards of one kind); OpenSpiel wants them distinct
            text = game.describe(self._shared.ids.decode(action), OMNISCIENT)
            return f"chance #{action}: {text}"
        return game.describe(game.decode(action), self._shared.seats[player])

    def is_terminal(self) -> bool:
        return self._player == _TERMINAL

    def returns(self) -> list[float]:
        game, s, seats = self._shared.game, self._s.value, self._shared.seats
        if not game.is_terminal(s):
            return [0.0] * len(seats)
        returns = game.returns(s)
        return [returns[seat] for seat in seats]

    def __str__(self) -> str:
        """The table as a spectator sees it (no secret), one line per part of the view
        (`rl.render.view_text`); `board()` draws it as `dicehall play` does."""
        return self._shared.text(self._s.value)

    def board(self) -> str:
        """The spectator's terminal board of `dicehall play`, as plain text."""
        return board_text(self._shared.game, self._s.value, None)

    def information_digest(self, player: int) -> str:
        """The chained SHA-1 of the player's views along the history (`rl._infostate`)."""
        assert self._trail is not None, "only games with hidden information keep a history"
        return self._trail.digest(self._shared.seats[player], self._shared.observer.text)

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> DicehallState:
        """A state the player cannot tell from this one: the same history, and what the
        player does not see (the other seats' rolls) drawn anew with the game's own
        determiniser (`state_from_view`, seeded from the sampler). A state with nothing
        hidden from the player comes back as a copy."""
        copy: DicehallState = self.clone()
        hook = self._shared.resample
        seat, game = self._shared.seats[player_id], self._shared.game
        if hook is None or self._trail is None:
            return copy
        rng = random.Random(int(probability_sampler() * 2**53))
        try:
            value = hook.state_from_view(game, game.observe(self._s.value, seat), seat, rng)
        except DicehallError:  # not determinisable: nothing is hidden there (not in play)
            return copy
        copy._s = _Frozen(value)
        copy._trail = self._trail.replaced(value)
        return copy


class DicehallObserver:
    """Observation tensor (features of the player's view) and string (the view as JSON)."""

    def __init__(self, shared: _Shared) -> None:
        self._observer = shared.observer
        self._seats = shared.seats
        self.tensor = np.zeros(shared.observer.size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: DicehallState, player: int) -> None:
        self.tensor[:] = self._observer.vector(state.dicehall_state, self._seats[player])

    def string_from(self, state: DicehallState, player: int) -> str:
        return self._observer.text(state.dicehall_state, self._seats[player])


class DicehallInfostateObserver(DicehallObserver):
    """Information states (games with hidden information): the string is the player's view
    (JSON) then the chained digest of its views at every step so far (perfect recall); the
    tensor is the view's feature vector, which does not recall the past (a summary)."""

    def string_from(self, state: DicehallState, player: int) -> str:
        return f"{super().string_from(state, player)}\n{state.information_digest(player)}"


def register() -> tuple[str, ...]:
    """Register every installed game with OpenSpiel; returns the registered short names."""
    names = []
    known = set(pyspiel.registered_names())
    for game_id in games.available():
        name = PREFIX + game_id
        if name not in known:
            pyspiel.register_game(game_type(game_id), _constructor(game_id))
        names.append(name)
    return tuple(names)


def _constructor(game_id: str) -> type[DicehallGame]:
    """A subclass per game: OpenSpiel constructs a registered game from its params alone."""

    def __init__(self: DicehallGame, params: dict[str, Any] | None = None) -> None:
        DicehallGame.__init__(self, game_id, params)

    name = f"Dicehall{game_id.title()}Game"
    return type(name, (DicehallGame,), {"__init__": __init__, "__module__": __name__})


def load(game_id: str, **params: Any) -> pyspiel.Game:
    """`pyspiel.load_game("dicehall_<game_id>", params)` after registering."""
    register()
    return pyspiel.load_game(PREFIX + game_id, params)


register()

__all__ = ["DicehallGame", "DicehallObserver", "DicehallState", "load", "register"]
