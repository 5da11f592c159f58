"""Guided first games: a game's tutorial script, checked and replayed by the real rules.

A game package may ship `tutorial.toml` beside its rules.md (docs/tutorials.md says how one is
written). The script is a short game written out in full: every chance outcome (the dice are
fixed), every other seat's move and every move of the learner, each learner move with the
caption that teaches it and the board targets to tap. Nothing is faked: `Tutorial.at(k)` applies
the script's entries through the game's own `apply` up to the learner's k-th decision, so the
board the learner sees is the engine's state, observed as that seat may see it.
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from typing import Any

from dicehall import games
from dicehall.core import chance
from dicehall.core.errors import DicehallError
from dicehall.core.game import Game
from dicehall.core.seeding import chance_rng
from dicehall.core.types import CHANCE, ENGINE, Seat
from dicehall.engine.match import LogEntry

FILE = "tutorial.toml"
MAX_STEPS = 400
"""Entries a script may hold (a tutorial is short; this bounds the replay of one request)."""
MAX_TEXT = 600
"""Characters of one caption."""
SEAT_WORDS = {"dice": CHANCE, "timer": ENGINE}


class TutorialError(DicehallError):
    """A tutorial script that cannot be read or does not play through the rules."""


@dataclass(frozen=True, slots=True)
class Entry:
    """One scripted action: who acts, what (the action's wire form), and for the learner's
    moves the caption and the targets to tap (CSS selectors of the game's renderer, in order)."""

    seat: Seat
    action: dict[str, Any]
    say: str = ""
    tap: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Point:
    """The tutorial at the learner's k-th decision (k == len(decisions): the end)."""

    step: int
    state: Any
    log: list[LogEntry]
    entry: Entry | None
    """The learner's scripted move here; None at the end."""
    notes: tuple[str, ...]
    """What the other seats' scripted moves since the learner's last decision were about."""


@dataclass(frozen=True, slots=True)
class Tutorial:
    game: Game[Any, Any]
    title: str
    learner: Seat
    names: tuple[str, ...]
    intro: str
    outro: str
    entries: tuple[Entry, ...]
    seed: int = 0
    """Draws every chance outcome the script does not give (a set-up's shuffles), as a match
    with this seed would: the same draws on every replay."""

    @property
    def decisions(self) -> int:
        return sum(e.seat == self.learner for e in self.entries)

    def play(self) -> Iterator[tuple[Entry, Any]]:
        """Every action of the script in order, with the state before it: the script's entries,
        and at a chance node the script does not fill, the seed's draw."""
        game, state, index = self.game, self.game.initial_state(), 0
        for entry in self.entries:
            while not game.is_terminal(state) and entry.seat != CHANCE and self._draws(state):
                drawn = chance.sample(game, state, chance_rng(self.seed, index))
                yield Entry(CHANCE, game.action_to_json(drawn)), state
                state, index = game.apply(state, CHANCE, drawn), index + 1
            yield entry, state
            state = game.apply(state, entry.seat, game.action_from_json(entry.action))
            index += 1

    def _draws(self, state: Any) -> bool:
        return self.game.actors(state) == (CHANCE,)

    def at(self, step: int) -> Point:
        """Replay the script up to the learner's `step`-th decision (0-based)."""
        if not 0 <= step <= self.decisions:
            raise TutorialError(f"step must be 0..{self.decisions}")
        log: list[LogEntry] = []
        notes: list[str] = []
        seen, state = 0, self.game.initial_state()
        for entry, before in self.play():
            if entry.seat == self.learner:
                if seen == step:
                    return Point(step, before, log, entry, tuple(notes))
                seen, notes = seen + 1, []
            elif entry.say:
                notes.append(entry.say)
            state = self.game.apply(before, entry.seat, self.game.action_from_json(entry.action))
            log.append(LogEntry(entry.seat, entry.action))
        return Point(step, state, log, None, tuple(notes))


def _text(data: dict[str, Any], key: str, where: str) -> str:
    value = data.get(key, "")
    if not isinstance(value, str) or len(value) > MAX_TEXT:
        raise TutorialError(f"{where}: {key!r} must be text of at most {MAX_TEXT} characters")
    return value


def _seat(value: Any, where: str) -> Seat:
    if isinstance(value, str) and value in SEAT_WORDS:
        return SEAT_WORDS[value]
    if isinstance(value, bool) or not isinstance(value, int):
        raise TutorialError(f"{where}: seat must be a seat number, 'dice' or 'timer'")
    return value


def _seed(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < 2**31:
        raise TutorialError("tutorial: seed must be a whole number from 0 to 2**31 - 1")
    return value


def _entry(data: Any, where: str) -> Entry:
    if not isinstance(data, dict) or not isinstance(data.get("action"), dict):
        raise TutorialError(f"{where}: needs a seat and an action table")
    tap = data.get("tap", [])
    if not isinstance(tap, list) or not all(isinstance(t, str) and len(t) <= 200 for t in tap):
        raise TutorialError(f"{where}: tap must be a list of CSS selectors")
    return Entry(
        _seat(data.get("seat"), where), data["action"], _text(data, "say", where), tuple(tap)
    )


def parse(game_id: str, text: str) -> Tutorial:
    """Read a script and play it through the rules; `TutorialError` names the first problem."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise TutorialError(f"{game_id} tutorial: not valid TOML: {exc}") from None
    raw = data.get("steps", [])
    if not isinstance(raw, list) or not 0 < len(raw) <= MAX_STEPS:
        raise TutorialError(f"{game_id} tutorial: needs 1..{MAX_STEPS} [[steps]]")
    params = data.get("params", {})
    names = data.get("names", [])
    if not isinstance(params, dict) or not isinstance(names, list):
        raise TutorialError(f"{game_id} tutorial: params must be a table and names a list")
    game = games.make(game_id, **params)
    tutorial = Tutorial(
        game=game,
        title=_text(data, "title", "tutorial"),
        learner=_seat(data.get("learner", 0), "learner"),
        names=tuple(str(n)[:40] for n in names),
        intro=_text(data, "intro", "tutorial"),
        outro=_text(data, "outro", "tutorial"),
        entries=tuple(_entry(e, f"{game_id} tutorial step {i + 1}") for i, e in enumerate(raw)),
        seed=_seed(data.get("seed", 0)),
    )
    check(tutorial)
    return tutorial


def check(tutorial: Tutorial) -> None:
    """Play every entry through the rules: each seat may act, each chance outcome is possible,
    each action is legal; each learner move says something and points at something."""
    game = tutorial.game
    if not 0 <= tutorial.learner < game.num_players:
        raise TutorialError(f"{game.id} tutorial: learner must be a seat of the game")
    numbers = {id(e): i + 1 for i, e in enumerate(tutorial.entries)}
    plays = tutorial.play()
    while True:
        try:
            entry, state = next(plays)
        except StopIteration:
            break
        except (DicehallError, KeyError, TypeError, ValueError) as exc:
            raise TutorialError(f"{game.id} tutorial: {exc}") from None
        where = f"{game.id} tutorial step {numbers.get(id(entry), '(a seeded draw)')}"
        _check_entry(tutorial, entry, state, where)
    if tutorial.decisions == 0:
        raise TutorialError(f"{game.id} tutorial: the learner never moves")


def _check_entry(tutorial: Tutorial, entry: Entry, state: Any, where: str) -> None:
    game = tutorial.game
    if game.is_terminal(state):
        raise TutorialError(f"{where}: the game is already over")
    if entry.seat != ENGINE and entry.seat not in game.actors(state):
        raise TutorialError(f"{where}: seat {entry.seat} may not act here")
    try:
        action = game.action_from_json(entry.action)
        if entry.seat == CHANCE:
            possible = any(o == action for o, _ in game.chance_outcomes(state))
        else:
            possible = entry.seat == ENGINE or action in game.legal_actions(state, entry.seat)
    except (DicehallError, KeyError, TypeError, ValueError) as exc:
        raise TutorialError(f"{where}: {exc}") from None
    if not possible:
        raise TutorialError(f"{where}: {entry.action} is not possible here")
    if entry.seat == tutorial.learner and not (entry.say and entry.tap):
        raise TutorialError(f"{where}: a learner's move needs 'say' and 'tap'")


def script_text(game_id: str) -> str | None:
    """The game package's tutorial.toml, or None when it has none."""
    try:
        entry = resources.files(games.module_name(game_id)).joinpath(FILE)
    except (TypeError, ModuleNotFoundError, KeyError):
        return None
    return entry.read_text(encoding="utf-8") if entry.is_file() else None


@lru_cache(maxsize=16)
def load(game_id: str) -> Tutorial | None:
    """An installed game's tutorial (checked once), or None when it ships none."""
    text = script_text(game_id)
    return None if text is None else parse(game_id, text)
