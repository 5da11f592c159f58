"""A game's front-end parts, and the small protocols they meet.

A game package may set `PARTS = GameParts(...)` beside `SPEC` and `make_game`. Each part is named
`"module:attribute"` (or `"module"`) relative to the game's package, e.g. `"bots.greedy:GreedyBot"`,
and is imported only when a front end asks for it, so the rules load without Rich, numpy or the
solvers. Every part is optional: a game without a terminal renderer is drawn as raw data, one
without a determiniser has no search bots, one without features has no RL observation vector.

Parts depend only on `dicehall.core` and on their medium's library (Rich for the terminal); the
front ends (`bots`, `cli`, `rl`, `sim`, `web`) find them with `dicehall.games.part(game_id, name)`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, fields
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
    - `search`: a module with `state_from_view` (`StateFromView`) and the optional hooks that
      `bots.mcts` documents; with it the game gets the `mcts` and `expert` levels (a hook
      `bot(game, seat, level, **budget)` may play them with the game's own search instead).
    - `terminal`: a module with `render(game, view, seat)` (`TerminalRenderer`) and the optional
      menu hooks `label`, `menu_note`, `parse_choice`, `warn` and `hint` (see `cli.menu`).
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
    - `review`: a module with the game's exact review hooks (`dicehall.review.protocol`), for
      the decisions its solved tables or turn solver value exactly.
    - `achievements`: a module with the rulebook's achievements (`ACHIEVEMENTS`, `detect` over
      a match log, `from_results` over a player's results, `ATTESTED` keys a person declares).
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
    rl_params: tuple[tuple[str, Any], ...] = ()

    @staticmethod
    def loadable() -> tuple[str, ...]:
        """The names of the parts that are importable objects."""
        return tuple(
            f.name for f in fields(GameParts) if f.name not in ("web_renderer", "rl_params")
        )


@runtime_checkable
class Bot(Protocol):
    """A seat's decision maker. `level` names it ("random", "greedy", ...)."""

    level: str

    def act(self, view: View, legal_actions: Sequence[Any], rng: random.Random) -> Any:
        """One of `legal_actions`, chosen from `view` alone."""
        ...


class BotFactory(Protocol):
    """Makes a game's bot for a seat (a bot class is one)."""

    def __call__(self, game: Any, seat: int) -> Bot: ...


class ExpertFactory(Protocol):
    """The game's exact player for `game` and `seat`, or None where it has none."""

    def __call__(self, game: Any, seat: int, **options: Any) -> Bot | None: ...


StateFromView = Callable[[Any, View, int, "random.Random"], Any]
"""A full state consistent with a seat's view, secrets drawn with the generator, for search."""


class TerminalRenderer(Protocol):
    """A game's terminal drawing: a Rich renderable of what `seat` sees (None: a spectator)."""

    def render(self, game: Any, view: View, seat: int | None) -> Any: ...


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
