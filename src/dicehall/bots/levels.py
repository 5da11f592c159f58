"""The bot levels, one `Level` record each in `LEVELS`: everything that asks about a level (the
CLI's `--bots`, the web lobby, the server's worker pools and thinking times, `verify`, the
solved tables a level needs) reads these records, so a new level is one record here.

A level is written `NAME` or `NAME:OPTIONS`. A searching level takes a budget, iterations
(`mcts:400`) or seconds per move (`mcts:1.5s`), and batched playouts (`mcts:1s:leaves=32`,
`leaves=0` for the plain MCTS; `bots.mcts_batched`); a level whose game bot has knobs takes
`knob=value` pairs joined by `:` (`greedy:stop=3`, the knobs a game declares,
`dicehall.core.parts.Knob`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from dicehall import games
from dicehall.bots.base import Bot, RandomBot
from dicehall.core.errors import DicehallError
from dicehall.core.game import Game
from dicehall.core.parts import BotFactory, ExpertFactory

Factory = Callable[[Game[Any, Any], int, dict[str, Any]], Bot]
"""`(game, seat, options)` to a bot; `options` are the parsed budget or the checked knobs."""
MAX_SPEC = 300
"""The longest level text read (a level with knobs, a path to a strategy file)."""


def _no_budget(game_id: str) -> str | None:
    return None


@dataclass(frozen=True, slots=True)
class Level:
    """One bot level and every fact the front ends need of it."""

    name: str
    lobby: str
    """The web lobby's word for it (easy, medium, hard, expert): what a form sends; players
    read `label`."""
    label: Callable[[str], str]
    """What it is, in players' words, for a game (by id): the lobby, the leaderboard and the
    table show this, never a difficulty word, because a level's strength differs by game (in
    some games `greedy` rates above `mcts`, docs/bots.md)."""
    pool: str
    """Where the web server thinks for it: `inline` (in the server process: a microsecond),
    `quick` (a quick worker) or `search` (a searching worker: seconds)."""
    make: Factory
    available: Callable[[str], bool]
    """Whether a game (by id) has it."""
    table_budget: Callable[[str], str | None] = _no_budget
    """Its thinking time per move at a web table, where people wait (None: it needs none)."""
    replayable: bool = False
    """`verify` re-runs it: its moves follow from the view and the recorded seed alone."""
    budgeted: bool = False
    """It takes a budget (`mcts:400`, `mcts:1.5s`)."""
    reads_tables: bool = False
    """It plays from the game's solved tables, which must be prepared before it moves."""


def has_solver(game_id: str) -> bool:
    """True when the game has its own exact player (where it has none, `expert` searches)."""
    return games.has_part(game_id, "expert")


def _greedy(game: Game[Any, Any], seat: int, knobs: dict[str, Any]) -> Bot:
    make: BotFactory = games.part(game.id, "greedy")
    return make(game, seat, **knobs)


def _search(game: Game[Any, Any], seat: int, name: str, options: dict[str, Any]) -> Bot:
    """The game's own search for `name`, else the generic MCTS with the level's budget."""
    hooks = games.search_hooks(game.id)
    own = hooks.bot if hooks is not None else None
    searcher: Bot | None = own(game, seat, name, **options) if own is not None else None
    if searcher is not None:
        return searcher
    if "iterations" not in options and "seconds" not in options:
        options = {**options, "iterations": default_iterations(game.id, name)}
    defaults = hooks.options if hooks is not None else {}
    if int({**defaults, **options}.get("leaves", 0)) > 0:
        try:
            from dicehall.bots.mcts_batched import make_mcts  # numpy, only where it is asked for
        except ImportError:  # no numpy here: the plain MCTS
            options = {**options, "leaves": 0}
        else:
            return make_mcts(game, seat, level=name, **options)
    from dicehall.bots.mcts import MCTSBot

    return MCTSBot(game, seat, level=name, **options)


def _expert(game: Game[Any, Any], seat: int, options: dict[str, Any]) -> Bot:
    expert: ExpertFactory | None = games.part(game.id, "expert")
    exact = expert(game, seat, **options) if expert is not None else None
    return exact if exact is not None else _search(game, seat, "expert", options)


EXPERT_ITERATIONS = 1000
"""The budget of the `expert` level in games without an exact solver (MCTS with more thinking)."""


def default_iterations(game_id: str, level: str) -> int:
    """The MCTS budget of `level` (`mcts` or `expert`) when none is given: the game's own
    (`iterations` of its `SearchHooks`, where a game's search needs more to beat the level
    below) or the common one (200 and `EXPERT_ITERATIONS`)."""
    from dicehall.bots.mcts import DEFAULT_ITERATIONS

    hooks = games.search_hooks(game_id)
    own = hooks.iterations if hooks is not None else {}
    common = EXPERT_ITERATIONS if level == EXPERT.name else DEFAULT_ITERATIONS
    return own.get(level, common)


RANDOM = Level(
    "random",
    lobby="easy",
    label=lambda game_id: "random moves",
    pool="inline",
    make=lambda game, seat, options: RandomBot(game, seat),
    available=lambda game_id: True,
    replayable=True,
)
GREEDY = Level(
    "greedy",
    lobby="medium",
    label=lambda game_id: "best move now",
    pool="quick",
    make=_greedy,
    available=lambda game_id: games.has_part(game_id, "greedy"),
    replayable=True,
)
MCTS = Level(
    "mcts",
    lobby="hard",
    label=lambda game_id: "searches ahead",
    pool="search",
    make=lambda game, seat, options: _search(game, seat, "mcts", options),
    available=lambda game_id: games.has_part(game_id, "search"),
    table_budget=lambda game_id: "1s",
    budgeted=True,
)
EXPERT = Level(
    "expert",
    lobby="expert",
    label=lambda game_id: "thinks longest",  # exact tables where solved, else the longest search
    pool="search",
    make=_expert,
    available=lambda game_id: games.has_part(game_id, "search") or has_solver(game_id),
    table_budget=lambda game_id: None if has_solver(game_id) else "3s",
    budgeted=True,
    reads_tables=True,
)
LEVELS: tuple[Level, ...] = (RANDOM, GREEDY, MCTS, EXPERT)
"""Every level, weakest first."""


def find(name: str) -> Level | None:
    """The level called `name` (without options), or None."""
    return next((level for level in LEVELS if level.name == name), None)


def levels_for(game_id: str) -> tuple[str, ...]:
    """The names of the levels a game has, weakest first."""
    return tuple(level.name for level in LEVELS if level.available(game_id))


def labels_for(game_id: str) -> dict[str, str]:
    """Each level a game has -> what it is in players' words (`Level.label`)."""
    return {level.name: level.label(game_id) for level in LEVELS if level.available(game_id)}


class LobbyNames(Mapping[str, str]):
    """The web lobby's word for each level -> the level's name, read from `LEVELS`."""

    def __getitem__(self, word: str) -> str:
        return {level.lobby: level.name for level in LEVELS}[word]

    def __iter__(self) -> Iterator[str]:
        return iter([level.lobby for level in LEVELS])

    def __len__(self) -> int:
        return len(LEVELS)


def stand_in(game_id: str) -> str:
    """The strongest level that thinks without a searching worker (a stand-in for a person
    away, a fallback for a search that finds no state)."""
    quick = [lv.name for lv in LEVELS if lv.pool != "search" and lv.available(game_id)]
    return quick[-1]


def parse_level(text: str) -> tuple[str, dict[str, Any]]:
    """`"mcts:400"` -> `("mcts", {"iterations": 400})`; `"mcts:2s"` -> seconds;
    `"greedy:stop=3"` -> `("greedy", {"stop": "3"})` (knobs are checked against a game by
    `make_bot`); a bare name -> no options."""
    if len(text) > MAX_SPEC:
        raise DicehallError(f"a bot level is at most {MAX_SPEC} characters")
    name, sep, rest = text.strip().partition(":")
    if not sep:
        return name, {}
    level = find(name)
    if level is not None and level.budgeted:
        return name, _search_options(rest, text)
    return name, _knobs(rest, text)


SEARCH_KNOBS = {"leaves": 4096, "playouts": 4096}
"""The search options a budgeted level takes as `key=value` (`mcts:1s:leaves=32`), with their
largest values: batched playouts (`bots.mcts_batched`; `leaves=0`: the plain MCTS)."""


def _search_options(rest: str, text: str) -> dict[str, Any]:
    """`400`, `1.5s`, `leaves=32`, joined by `:`: the budget and the search options."""
    out: dict[str, Any] = {}
    for part in rest.split(":"):
        key, sep, value = part.partition("=")
        if not sep:
            out.update(_budget(part.strip(), text))
            continue
        largest = SEARCH_KNOBS.get(key.strip())
        if largest is None or not value.strip().isdigit() or int(value) > largest:
            raise DicehallError(
                f"a searching level takes a budget and {', '.join(SEARCH_KNOBS)} (whole "
                f"numbers up to {max(SEARCH_KNOBS.values())}), as in mcts:1s:leaves=32; "
                f"got {text!r}"
            )
        out[key.strip()] = int(value)
    return out


def _budget(budget: str, text: str) -> dict[str, Any]:
    try:
        if budget.endswith("s"):
            seconds = float(budget[:-1])
            if not 0 < seconds < 1e6:
                raise ValueError
            return {"seconds": seconds}
        iterations = int(budget)
        if not 1 <= iterations <= 10**9:
            raise ValueError
        return {"iterations": iterations}
    except ValueError:
        raise DicehallError(
            f"a budget is iterations (mcts:400) or seconds (mcts:1.5s), got {text!r}"
        ) from None


def _knobs(rest: str, text: str) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for pair in rest.split(":"):
        key, sep, value = pair.partition("=")
        if not sep or not key.strip() or not value.strip():
            raise DicehallError(
                f"bot options are knob=value pairs (greedy:stop=3) or a budget of a searching "
                f"level (mcts:400, mcts:1.5s), got {text!r}"
            )
        out[key.strip()] = value.strip()
    return out


def make_level(text: str, game: Game[Any, Any], seat: int, **options: Any) -> Bot:
    """A bot of the level `text` (with its budget or knobs) for `seat` of `game`."""
    name, parsed = parse_level(text)
    level = find(name)
    if level is None or not level.available(game.id):
        known = ", ".join(levels_for(game.id))
        raise DicehallError(f"no bot level {name!r} for {game.id}; available: {known}")
    if parsed and not level.budgeted:
        from dicehall.bots.knobs import checked, labelled

        knobs = checked(game.id, name, parsed)
        return labelled(level.make(game, seat, {**knobs, **options}), text.strip())
    return level.make(game, seat, {**parsed, **options})


def level_named(text: str) -> Level | None:
    """The level a bot spec is of (`mcts:1s` is `mcts`), or None (a strategy file, an
    installed bot, an unknown name)."""
    return find(text.partition(":")[0].strip())


def at_table(text: str, game_id: str) -> str:
    """The level as a web table plays it: a searching level gets its thinking time per move
    (`mcts` -> `mcts:1s`), unless a budget was given."""
    level = level_named(text)
    budget = level.table_budget(game_id) if level is not None else None
    if ":" in text or level is None or budget is None:
        return text
    return f"{level.name}:{budget}"


class Seated:
    """A bot seat's level where another process does the thinking (the web server's workers):
    the match knows the seat is a bot's and what level, and never asks it to move."""

    def __init__(self, level: str) -> None:
        self.level = level

    def act(self, view: Any, legal_actions: Any, rng: Any) -> Any:
        raise DicehallError(f"the {self.level} bot thinks in a worker, not here")
