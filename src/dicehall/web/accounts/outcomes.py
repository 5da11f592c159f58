"""The end of a match, for the accounts that played it: outcome, rating, achievements.

Runs once per finished match that has seats linked to accounts (again after a restart if the
server stopped before it was done: `Standings.record_outcome` records each match once).
A person who abandoned a rated match (a bot stood in for them at the end) loses it: they rank
behind everyone, whatever the bot made of their seat.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from types import ModuleType
from typing import Any

from dicehall import games
from dicehall.core.errors import DicehallError
from dicehall.core.types import Result
from dicehall.engine.record import game_of
from dicehall.store import MatchRow, Store
from dicehall.store.standings import Award, Outcome, Standings, opponent_keys
from dicehall.web.accounts import ratings

log = logging.getLogger("dicehall.web")


def achievement_module(game_id: str) -> ModuleType | None:
    """The game's achievements (its `achievements` part), if its rulebook has any."""
    try:
        found: ModuleType | None = games.part(game_id, "achievements")
    except DicehallError:  # a game no longer installed
        return None
    return found


def catalogue() -> dict[str, list[dict[str, str]]]:
    """Every game's achievements: key, the rulebook's text, and how each is earned."""
    out: dict[str, list[dict[str, str]]] = {}
    for game_id in games.available():
        module = achievement_module(game_id)
        if module is not None:
            out[game_id] = [
                {"key": a.key, "text": a.text, "how": a.how} for a in module.ACHIEVEMENTS
            ]
    return out


@dataclass(frozen=True)
class Finish:
    """What the table knows at the end that the store does not: who had abandoned."""

    match_id: str
    abandoned: frozenset[int]


def record_finish(store: Store, finish: Finish) -> bool:
    """Record the finished match for its accounts (in a thread: replays the log)."""
    standings = Standings(store)
    linked = standings.linked(finish.match_id)
    if not linked or not standings.unrecorded(finish.match_id):
        return False
    row, record = store.get(finish.match_id), store.record(finish.match_id)
    if row is None or record is None or record.result is None:
        return False
    abandoned = set(finish.abandoned & set(linked))
    ranks = _ranks(record.result, abandoned)
    winners = set(record.result.winners) - abandoned
    outcomes = _outcomes(standings, row, linked, ranks, winners, abandoned)
    awards = _awards(standings, record, linked, outcomes)
    return standings.record_outcome(finish.match_id, row.game, row.updated, outcomes, awards)


def _ranks(result: Result, abandoned: set[int]) -> list[int]:
    """The result's ranks, with the people who abandoned behind everyone."""
    worst = max(result.ranks) + 1
    return [worst if s in abandoned else r for s, r in enumerate(result.ranks)]


def _outcomes(
    standings: Standings,
    row: MatchRow,
    linked: dict[int, str | None],
    ranks: list[int],
    winners: set[int],
    abandoned: set[int],
) -> list[Outcome]:
    game, seats = row.game, row.seats
    people = [s for s, cfg in enumerate(seats) if cfg.get("kind") == "human"]
    rated = bool(row.options.get("rated")) and all(linked.get(s) for s in people)
    before = {s: standings.rating(str(linked[s]), game) for s in people} if rated else {}
    after = ratings.update(game, seats, ranks, before) if rated else {}
    out = []
    for seat in sorted(linked):
        new = after.get(seat)
        out.append(
            Outcome(
                seat=seat,
                rank=ranks[seat],
                won=seat in winners,
                abandoned=seat in abandoned,
                rating=new,
                rating_before=ratings.ordinal(before.get(seat)) if rated else None,
                rating_after=ratings.ordinal(new) if new else None,
                opponents=tuple(opponent_keys(seats, linked, seat)) if new else (),
            )
        )
    return out


def _awards(
    standings: Standings, record: Any, linked: dict[int, str | None], outcomes: list[Outcome]
) -> list[Award]:
    module = achievement_module(record.game)
    if module is None:
        return []
    try:
        game = game_of(record)
        earned: dict[int, set[str]] = module.detect(
            game, [(e.seat, e.action) for e in record.actions]
        )
    except Exception:  # a match that no longer replays earns nothing; it is still recorded
        log.exception("match of %s: achievements not detected", record.game)
        earned = {}
    won = {o.seat: o.won for o in outcomes}
    abandoned = {o.seat for o in outcomes if o.abandoned}
    awards = []
    for seat, account_id in linked.items():
        if account_id is None or seat in abandoned:
            continue  # a bot played the end for who abandoned: what it earned is not theirs
        keys = set(earned.get(seat, set()))
        if seat in won:
            keys |= module.from_results([*standings.results(account_id, record.game), won[seat]])
        awards += [Award(account_id, key) for key in sorted(keys)]
    return awards
