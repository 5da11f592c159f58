"""Checking a record against everything its seed determines.

A match draws every chance outcome from `chance_rng(seed, step)` and lets a bot decide with
`bot_rng(seed, seat, step)` (core/seeding.py). So a record proves its dice only through its
seed: `check` replays the record, recomputes each chance outcome, re-runs each bot whose level
decides from its view and that rng alone, and names the first step where the record differs
(recorded vs expected). A record without a seed (transcribed from a game at a real table)
replays only as legal play: its dice are "not verifiable", never verified.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from dicehall.bots import Bot, RandomBot, level_named, levels_for, make_bot
from dicehall.bots.custom import is_custom
from dicehall.core import chance
from dicehall.core.errors import CorruptRecordError, DicehallError
from dicehall.core.game import Game
from dicehall.core.seeding import bot_rng, chance_rng
from dicehall.core.types import CHANCE, ENGINE, OMNISCIENT, Result
from dicehall.engine.record import Record, game_of

Visit = Callable[[int, Any], None]
# The bots re-run are the levels marked `replayable` (`bots.levels`): they decide from their
# view and rng alone, quickly. Searching levels play under a time budget at a table, and a
# strategy file may have changed since, so their moves are not re-run.


@dataclass(frozen=True)
class Verdict:
    """What a record proved: its result, and how much of it the seed vouches for."""

    game: str
    steps: int
    result: Result | None
    dice_verified: bool
    """False when the record has no seed: legal play, but the dice could be anything."""
    bots_rerun: tuple[tuple[int, str], ...] = ()
    bots_not_rerun: tuple[tuple[int, str], ...] = ()


def check(record: Record, visit: Visit | None = None) -> Verdict:
    """Replay `record` from its seed; a `Verdict`, or `CorruptRecordError` at the first
    step whose recorded action differs from what the rules and the seed allow. `visit` is
    called with `(step, state)` for every state on the way (step 0 is the start)."""
    game = game_of(record)
    if record.game_version != game.spec.version:
        raise CorruptRecordError(
            f"recorded with version {record.game_version} of the {game.id} rules; "
            f"this is version {game.spec.version}"
        )
    bots, skipped = _bots(record, game)
    state = game.initial_state()
    if visit is not None:
        visit(0, state)
    for step, entry in enumerate(record.actions):
        state = _apply(game, record, state, step, entry.seat, entry.action, bots)
        if visit is not None:
            visit(step + 1, state)
    result = game.result(state) if game.is_terminal(state) else None
    if _facts(result) != _facts(record.result):
        raise CorruptRecordError(
            _result_difference(record.result, result), step=len(record.actions)
        )
    return Verdict(
        game=game.id,
        steps=len(record.actions),
        result=result,
        dice_verified=record.seed is not None,
        bots_rerun=tuple((s, _level(record, s)) for s in sorted(bots)),
        bots_not_rerun=skipped,
    )


def _apply(
    game: Game[Any, Any],
    record: Record,
    state: Any,
    step: int,
    seat: int,
    data: dict[str, Any],
    bots: dict[int, Bot],
) -> Any:
    """Check one logged action against the rules and the seed, and apply it."""
    if game.is_terminal(state):
        raise CorruptRecordError("actions logged after the game ended", step=step)
    actors = game.actors(state)
    # engine actions (a timer running out) are checked by the rules themselves
    if seat != ENGINE and seat not in actors:
        raise CorruptRecordError(f"seat {seat} may not act here", step=step)
    try:
        action = game.action_from_json(data)
        if seat == CHANCE:
            _check_chance(game, record.seed, state, step, action)
        elif seat in bots and record.seed is not None:
            bot = bots[seat]
            # a random bot never reads its view (bots/base.py): skip building one
            view = {} if isinstance(bot, RandomBot) else game.observe(state, seat)
            legal = game.legal_actions(state, seat)
            expected = bot.act(view, legal, bot_rng(record.seed, seat, step))
            if action != expected:
                raise CorruptRecordError(
                    f"the move of seat {seat} ({_level(record, seat)} bot) differs from the "
                    f"one its seeded rng makes: recorded {_text(game, action)!r}, "
                    f"expected {_text(game, expected)!r}",
                    step=step,
                )
        return game.apply(state, seat, action)
    except CorruptRecordError:
        raise
    except DicehallError as exc:
        raise CorruptRecordError(str(exc), step=step) from None


def _check_chance(
    game: Game[Any, Any], seed: int | None, state: Any, step: int, action: Any
) -> None:
    outcomes = game.chance_outcomes(state)
    possible = any(o == action for o, _ in outcomes)
    if seed is None:
        if not possible:
            raise CorruptRecordError(
                f"impossible chance outcome: recorded {_text(game, action)!r}", step=step
            )
        return
    expected = chance.sample(game, state, chance_rng(seed, step))
    if action != expected:
        what = "chance outcome differs from the seed's" if possible else "impossible chance outcome"
        raise CorruptRecordError(
            f"{what}: recorded {_text(game, action)!r}, expected {_text(game, expected)!r}",
            step=step,
        )


def _text(game: Game[Any, Any], action: Any) -> str:
    try:
        return game.describe(action, OMNISCIENT)
    except Exception:  # an impossible outcome may not describe itself: show its wire form
        return str(game.action_to_json(action))


def _level(record: Record, seat: int) -> str:
    for cfg in record.seats:
        if isinstance(cfg, dict) and cfg.get("seat", -1) == seat and cfg.get("kind") == "bot":
            return str(cfg.get("bot", cfg.get("level", "")))
    return ""


def _bots(
    record: Record, game: Game[Any, Any]
) -> tuple[dict[int, Bot], tuple[tuple[int, str], ...]]:
    """The bots to re-run, by seat, and the (seat, level) of those that cannot be."""
    bots: dict[int, Bot] = {}
    skipped: list[tuple[int, str]] = []
    for seat in range(game.num_players):
        level = _level(record, seat)
        if not level:
            continue
        if level_named(level) is None and is_custom(level):
            skipped.append((seat, level))
            continue
        found = level_named(level)
        if found is None or found.name not in levels_for(game.id):
            known = ", ".join(levels_for(game.id))
            raise CorruptRecordError(
                f"seat {seat} is labelled a {level!r} bot; {game.id} has the levels {known}"
            )
        if found.replayable:
            try:  # its knobs (greedy:stop=3) are part of its label
                bots[seat] = make_bot(level, game, seat)
            except DicehallError as exc:
                raise CorruptRecordError(f"seat {seat}'s bot {level!r}: {exc}") from None
        else:
            skipped.append((seat, level))
    return bots, tuple(skipped)


RESULT_FACTS = ("winners", "scores", "ranks", "reason")
"""What a replay must reproduce of the recorded result. Its `notes` are explanations in words,
which a newer version may word differently; a signature still covers them (`engine.signing`)."""


def _facts(result: Result | None) -> tuple[Any, ...] | None:
    return None if result is None else tuple(getattr(result, name) for name in RESULT_FACTS)


def _result_difference(recorded: Result | None, replayed: Result | None) -> str:
    """Which fields of the result differ, with both values."""
    if recorded is None or replayed is None:

        def said(r: Result | None) -> str:
            return "the game is unfinished" if r is None else f"the game ended ({r.reason})"

        return (
            f"the recorded result differs from the replay: the record says {said(recorded)}, "
            f"the replay says {said(replayed)}"
        )
    parts = [
        f"{name}: recorded {getattr(recorded, name)!r}, replayed {getattr(replayed, name)!r}"
        for name in RESULT_FACTS
        if getattr(recorded, name) != getattr(replayed, name)
    ]
    return "the recorded result differs from the replay: " + "; ".join(parts)
