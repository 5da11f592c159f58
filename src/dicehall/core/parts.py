"""A game's front-end parts, and the small protocols they meet.

A game package may set `PARTS = GameParts(...)` beside `SPEC` and `make_game`. Each part is named
`"module:attribute"` (or `"module"`) relative to the game's package, e.g. `"bots.greedy:GreedyBot"`,
and is imported only when a front end asks for it, so the rules load without Rich, numpy or the
solvers. Every part is optional: a game without a terminal renderer is drawn as raw data, one
without a determiniser has no search bots, one without features has no RL observation vector.

Parts depend only on `dicehall.core` and on their medium's library (Rich for the terminal); the
front ends (`bots`, `cli`, `rl`, `sim`, `web`) find them with `dicehall.games.part(game_id, name)`.

This file is the whole plug-in surface: besides the parts' protocols, the four parts that are
bundles of hooks are typed records a game fills in (`SearchHooks`, `TerminalHooks`,
`ReviewHooks`, `FuzzChecks`), and `dicehall.games` is the one place that reads them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field, fields
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from dicehall.core.types import View

if TYPE_CHECKING:  # annotations only: core draws no random numbers
    import random


@dataclass(frozen=True, slots=True)
class GameParts:
    """Where a game's front-end parts live, relative to its package ("" where it has none).

    - `greedy`: a `BotFactory`, the heuristic `greedy` level.
    - `expert`: an `ExpertFactory`: the game's exact player for a game and seat, or None where it
      has none there (the front end then searches with a larger budget).
    - `search`: a `SearchHooks`, what search needs beyond the protocol; with it the game gets
      the `mcts` and `expert` levels.
    - `terminal`: a `TerminalHooks`, the terminal drawing and the menu's optional hooks.
    - `features`: a `Features` function, the RL observation vector of a view.
    - `state_features`: `(game, state, seat)` to the same vector as `features` of that seat's
      view, read from the state without building the view (the fast path of the RL
      environments; a game without it is featurized through its views).
    - `feature_names`: `(game) -> list[str]`, one name per entry of `features`' vector, seats
      written `seat<k>` (`dicehall.core.features.seat_labels`; `Vec(named=True)` makes them).
    - `hints`: a `Hint` function, advice shown beside a seat's view in the browser.
    - `explain`: an `Explain` function, the log lines that say why one logged action changed
      what they changed (a roll's gains, a bust's reason, a round's scoring), for a viewer.
    - `guide`: a `Guide` function, the first game's step-by-step hint for the decision in
      front of a seat (the browser shows each kind once, until the player has made it).
    - `pause`: a `Pause` function: where a table holds for a while so that people can read
      what just happened (a round's scoring) before the game goes on.
    - `web_renderer`: a file of the package (`"ui/web.js"`), the browser's renderer module.
    - `tables`: a `Tables` object, the expert's solved tables.
    - `ticks`: a `Ticks` module, for games whose chance orders seats that act together (the
      RL Parallel environment lets them choose at once).
    - `review`: a `ReviewHooks`, the game's exact review hooks, for the decisions its solved
      tables or turn solver value exactly.
    - `checks`: a `FuzzChecks`, the game's invariants for the rules fuzzer (`dicehall fuzz`).
    - `knobs`: a `BotKnobs`, the knobs of the game's bots by level (`greedy:stop=3`).
    - `achievements`: a module with the rulebook's achievements (`ACHIEVEMENTS`, `detect` over
      a match log, `from_results` over a player's results, `ATTESTED` keys a person declares).
    - `modes`: named parameter sets worth comparing bots in (`("basic-2p", (("players", 2),))`),
      one per variant and player count that plays differently: the bot ladder's modes.
    - `rl_params`: parameters that reinforcement-learning front ends set (e.g. a turn-based mode
      of a real-time game), as `"name=value"` pairs.
    """

    greedy: str = ""
    expert: str = ""
    search: str = ""
    terminal: str = ""
    features: str = ""
    state_features: str = ""
    feature_names: str = ""
    hints: str = ""
    explain: str = ""
    pause: str = ""
    guide: str = ""
    web_renderer: str = ""
    tables: str = ""
    ticks: str = ""
    review: str = ""
    achievements: str = ""
    checks: str = ""
    knobs: str = ""
    rl_params: tuple[tuple[str, Any], ...] = ()
    modes: tuple[tuple[str, tuple[tuple[str, Any], ...]], ...] = ()

    @staticmethod
    def loadable() -> tuple[str, ...]:
        """The names of the parts that are importable objects."""
        return tuple(
            f.name
            for f in fields(GameParts)
            if f.name not in ("web_renderer", "rl_params", "modes")
        )


@runtime_checkable
class Bot(Protocol):
    """A seat's decision maker. `level` names it ("random", "greedy", ...)."""

    level: str

    def act(self, view: View, legal_actions: Sequence[Any], rng: random.Random) -> Any:
        """One of `legal_actions`, chosen from `view` alone."""
        ...


class BotFactory(Protocol):
    """Makes a game's bot for a seat (a bot class is one); `knobs` are the values of the
    level's knobs that were set (`BotKnobs`), each checked against its range."""

    def __call__(self, game: Any, seat: int, **knobs: int) -> Bot: ...


@dataclass(frozen=True, slots=True)
class Knob:
    """A whole-number setting of a game's bot, written `level:name=value` (`greedy:stop=3`):
    what a designer turns to compare strategies without writing one."""

    name: str
    help: str
    """What it does, in a few words, with its default ("stop once N or fewer dice are left")."""
    default: int
    low: int
    high: int


BotKnobs = Mapping[str, tuple[Knob, ...]]
"""The `knobs` part: a level's name -> the knobs its factory takes as keyword arguments."""


class ExpertFactory(Protocol):
    """The game's exact player for `game` and `seat`, or None where it has none."""

    def __call__(self, game: Any, seat: int, **options: Any) -> Bot | None: ...


StateFromView = Callable[[Any, View, int, "random.Random"], Any]
"""A full state consistent with a seat's view, secrets drawn with the generator, for search."""


class Features(Protocol):
    """A list of floats from a seat's view, of the same length for every state of the game."""

    def __call__(self, game: Any, view: View) -> list[float]: ...


class Hint(Protocol):
    """Advice computed from a seat's own view only (so it reveals nothing), or None."""

    def __call__(self, game: Any, view: View) -> dict[str, Any] | None: ...


class Explain(Protocol):
    """Log lines explaining the change from `before` to `after` (one logged action) as `viewer`
    (a seat, None for spectators, or `OMNISCIENT`) may read them: never more than that
    viewer's `observe` views of the two states show. Players are named "Player 1", "Player 2"...
    as in `Game.describe` (front ends show chosen names instead)."""

    def __call__(self, game: Any, before: Any, after: Any, viewer: int | None) -> list[str]: ...


_MOVE: ContextVar[tuple[int, Any] | None] = ContextVar("dicehall_explained_move", default=None)


def explained_move() -> tuple[int, Any] | None:
    """Inside an `Explain` call: the logged move `(seat, action)` being explained, where the
    caller knows it (`dicehall.engine.explain`), else None. A game whose states do not tell
    which of several moves was made (a round's last die, then a cleared board) reads it."""
    return _MOVE.get()


@contextmanager
def explaining(seat: int, action: Any) -> Iterator[None]:
    """Make `(seat, action)` the `explained_move` inside the block."""
    token = _MOVE.set((seat, action))
    try:
        yield
    finally:
        _MOVE.reset(token)


class Guide(Protocol):
    """A first game's hint for the decision in front of a seat: `{"key": kind of decision,
    "text": what it means and how to make it}`, from the seat's view and the wire forms of
    its legal actions only (so it reveals nothing), or None."""

    def __call__(
        self, game: Any, view: View, legal: Sequence[dict[str, Any]]
    ) -> dict[str, str] | None: ...


class Pause(Protocol):
    """Whether a table holds after the action that led from `before` to `after`."""

    def __call__(self, game: Any, before: Any, after: Any) -> bool: ...


@dataclass(frozen=True, slots=True)
class SolvedTable:
    """One table a game's exact player reads: `key` names it on the command line
    (`dicehall solve GAME --table KEY`), `name` in the cache (it changes with the solver),
    `label` for people ("the Solo table against AutoPuray")."""

    key: str
    name: str
    label: str
    cost: str = ""
    """What one solve takes, for people ("a few minutes and about 3.4 GB of memory")."""


class Tables(Protocol):
    """The solved tables a game's expert reads, prepared ahead of play (`dicehall solve`, the
    web server's background preparation). `lo` limits a table to the late game (tests)."""

    def all(self, lo: int = 0) -> Sequence[SolvedTable]:
        """Every table, in the order they are prepared."""
        ...

    def needed(self, game: Any, seat: int) -> Sequence[SolvedTable]:
        """The tables the expert of `seat` reads in this parameter set (none: it searches)."""
        ...

    def load(self, key: str, lo: int = 0, threads: int | None = None) -> Any:
        """The solution of table `key`: from the cache, else solved here and cached (`threads`:
        how many threads a solve uses, 0 one per core; None: as the game's bots load it)."""
        ...

    def summary(self, key: str, solution: Any) -> str:
        """One line about a solution, e.g. the first player's winning chance."""
        ...


class Ticks(Protocol):
    """Simultaneous moves hidden in a turn-based game: a chance outcome that orders seats."""

    def order_seats(self, outcome: Any) -> tuple[int, ...] | None:
        """The seats this chance outcome puts in order, or None for any other outcome."""
        ...

    def substitute(self, action: Any, legal: Sequence[Any]) -> Any | None:
        """What to play instead of `action`, which an earlier seat made illegal (None: any)."""
        ...


RolloutPolicy = Callable[[Any, Any, int, Sequence[Any], "random.Random"], Any]
"""`(game, state, seat, legal, rng)`: a cheap default policy's move in a rollout."""
RolloutSteps = Callable[[Any, Any, "random.Random", int | None, int], tuple[Any, int]]
"""`(game, state, rng, stop, budget)`: up to `budget` rollout steps at once (see `SearchHooks`)."""


@dataclass(frozen=True, slots=True)
class SearchHooks:
    """What search (`bots.mcts`, the review's estimates) knows of a game beyond the protocol:
    the `search` part. Only `state_from_view` is required.

    - `state_from_view(game, view, seat, rng)`: a full state consistent with the seat's view,
      the hidden part drawn with `rng` (raise `core.search.NotDeterminisable` where none fits);
    - `rollout_action(game, state, seat, legal, rng)`: a cheap default policy for rollouts (else
      uniformly random legal actions; the lowest seat among several actors moves);
    - `turn_index(state)` and `evaluate(game, state)`: with a `horizon` of H turns, a rollout
      stops once H turns have ended and `evaluate` estimates every seat's return there;
    - `options`: the game's defaults for MCTS's options (`horizon`, `prior`, `exploration`);
    - `iterations`: the game's default budget per level (`{"mcts": 600, "expert": 2000}`),
      where the common ones are too few for its search;
    - `prior`: the level whose move MCTS's root prior favours and the review's playouts play;
    - `rollout_steps(game, state, rng, stop, budget)`: at most `budget` steps of a rollout (the
      default policy's moves and the chance draws) with the same calls on `rng` as the loop,
      only faster; returns the state reached and the steps taken, stopping before a step it
      does not handle and at turn `stop` (None: no cut-off);
    - `search_game(game)`: the rules object search plays (e.g. a turn-based mode of a real-time
      game);
    - `bot(game, seat, level, **budget)`: the game's own player of the `mcts` and `expert`
      levels, or None for the generic MCTS.
    """

    state_from_view: StateFromView
    rollout_action: RolloutPolicy | None = None
    turn_index: Callable[[Any], int] | None = None
    evaluate: Callable[[Any, Any], tuple[float, ...]] | None = None
    options: Mapping[str, Any] = field(default_factory=dict)
    iterations: Mapping[str, int] = field(default_factory=dict)
    prior: str = "greedy"
    rollout_steps: RolloutSteps | None = None
    search_game: Callable[[Any], Any] | None = None
    bot: Callable[..., Bot | None] | None = None


@dataclass(frozen=True, slots=True)
class TerminalHooks:
    """A game's terminal drawing (the `terminal` part): `render(game, view, seat)`, a Rich
    renderable of what `seat` sees (None: a spectator), and the optional hooks of the menu:

    - `label(game, action, viewer)`: a shorter menu text than `game.describe`;
    - `menu_note(game, view, legal)`: a line under the menu (shortcut help), or None;
    - `parse_choice(game, view, legal, text)`: the index of the legal action a typed shortcut
      means (None: not a shortcut; `ValueError`: a shortcut that is wrong);
    - `warn(game, view, action)`: a warning to confirm before the action, or None;
    - `hint(game, view, seat)`: advice for `--hints`, from the seat's own view, or None.
    """

    render: Callable[[Any, View, int | None], Any]
    label: Callable[[Any, Any, Any], str] | None = None
    menu_note: Callable[[Any, View, Sequence[Any]], str | None] | None = None
    parse_choice: Callable[[Any, View, Sequence[Any], str], int | None] | None = None
    warn: Callable[[Any, View, Any], str | None] | None = None
    hint: Callable[[Any, View, int], str | None] | None = None


CoachValues = Callable[[Any, View, int, Sequence[Any]], "tuple[dict[Any, Any], str, str] | None"]
"""`(game, view, seat, legal)`: exact values of the legal moves from a seat's own view, with
their unit and method, or None where the game has none there."""


@dataclass(frozen=True, slots=True)
class ReviewHooks:
    """A game's exact review hooks (the `review` part; `dicehall.review.protocol` says what an
    evaluator is), each optional:

    - `exact_evaluator(game)`: the exact evaluator for this parameter set, or a sentence saying
      why there is none here (not solved for these rules, table not cached, ...);
    - `annotator(game)`: exact side values of single decisions in another unit (e.g. expected
      points of the turn), shown beside an estimated win chance, or None;
    - `coach_values`: exact values of a seat's moves from its view (`CoachValues`);
    - `estimate`: the options of the review's estimate where it estimates (`policy`, `moves`).
    """

    exact_evaluator: Callable[[Any], Any] | None = None
    annotator: Callable[[Any], Any] | None = None
    coach_values: CoachValues | None = None
    estimate: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class FuzzChecks:
    """A game's checks for the rules fuzzer (the `checks` part, `dicehall fuzz`), all pure:

    - `violations(game, state)`: what is wrong with a state (empty: nothing);
    - `step_violations(game, before, action, after)`: what is wrong with one transition;
    - `seat_keys`: the keys of a view that may differ between seats (the seat's own);
    - `configs`: the params to fuzz (every variant and player count that changes the rules;
      None: each player count the game allows);
    - `hidden_variants(game, state, rng)`: `(owner, other)` pairs, states differing from
      `state` only in a secret of `owner` (None: a secret of nobody), which no other viewer's
      view may tell apart;
    - `chance_witnesses(game, state)`: the seats that may see the outcome of this chance node
      (None: everybody).
    """

    violations: Callable[[Any, Any], Iterable[str]]
    step_violations: Callable[[Any, Any, Any, Any], Iterable[str]] | None = None
    seat_keys: tuple[str, ...] = ()
    configs: tuple[dict[str, Any], ...] | None = None
    hidden_variants: Callable[[Any, Any, random.Random], Iterable[tuple[Any, Any]]] | None = None
    chance_witnesses: Callable[[Any, Any], tuple[int, ...] | None] | None = None


HOOK_TYPES: dict[str, Any] = {
    "search": SearchHooks,
    "terminal": TerminalHooks,
    "review": ReviewHooks,
    "checks": FuzzChecks,
    "knobs": Mapping,
}
"""The parts that are typed bundles of hooks, and the record each must be."""
