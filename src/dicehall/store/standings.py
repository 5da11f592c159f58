"""`Standings`: the seats accounts played, their outcomes, ratings and achievements.

A seat is linked to an account when a signed-in person takes it. When the match ends its
outcome is recorded once for every linked seat (`record_outcome` is idempotent), with the
rating change of a rated match and the achievements it earned, in one transaction.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sqlalchemy import Connection, case, false, func, insert, select, update
from sqlalchemy.exc import IntegrityError

from dicehall.store.models import (
    accounts,
    achievements,
    match_players,
    matches,
    rating_opponents,
    ratings,
)
from dicehall.store.repository import Store, now_text


class _SecondSeat(Exception):
    """An account's second seat at a rated table: its link is rolled back."""


@dataclass(frozen=True)
class Outcome:
    """One linked seat's end of a match."""

    seat: int
    rank: int
    won: bool
    abandoned: bool
    rating: tuple[float, float] | None = None  # new (mu, sigma) of a rated match
    rating_before: float | None = None
    rating_after: float | None = None
    opponents: tuple[str, ...] = ()  # a rated match's: `opponent_keys`


def opponent_keys(seats: list[Any], linked: dict[int, str | None], seat: int) -> list[str]:
    """The opponents of `seat` as the leaderboard counts them: each other person by account
    (`account:<id>`), each bot by its level without a budget (`bot:mcts` for `mcts:1s`): a
    bot level is one opponent however many seats or matches it plays."""
    keys = []
    for other, cfg in enumerate(seats):
        if other == seat:
            continue
        account = linked.get(other)
        if account is not None:
            keys.append(f"account:{account}")
        elif isinstance(cfg, dict) and cfg.get("kind") == "bot":
            keys.append("bot:" + str(cfg.get("bot", "random")).split(":", 1)[0])
    return sorted(set(keys))


@dataclass(frozen=True)
class Award:
    account_id: str
    key: str


class Standings:
    def __init__(self, store: Store) -> None:
        self.store = store
        self.engine = store.engine

    # --- seats ------------------------------------------------------------------------
    def link(self, match_id: str, seat: int, account_id: str, game: str, rated: bool) -> bool:
        """Link the seat to the account unless it is linked already; whether it is now the
        account's seat. At a rated table an account holds one seat at most: a second is
        refused (the row is written first, then counted, in one transaction)."""
        try:
            with self.store._writing() as conn:
                conn.execute(
                    insert(match_players).values(
                        match_id=match_id,
                        seat=seat,
                        account_id=account_id,
                        game=game,
                        rated=rated,
                        recorded=False,
                    )
                )
                if rated and self._seats_held(conn, match_id, account_id) > 1:
                    raise _SecondSeat
        except _SecondSeat:
            return False
        except IntegrityError:
            return self.linked(match_id).get(seat) == account_id
        return True

    @staticmethod
    def _seats_held(conn: Connection, match_id: str, account_id: str) -> int:
        query = select(func.count()).where(
            match_players.c.match_id == match_id, match_players.c.account_id == account_id
        )
        return int(conn.execute(query).scalar_one())

    def name_seat(self, match_id: str, seat: int, name: str) -> None:
        """Show the account's name at its seat (and mark the seat as an account's)."""
        with self.store._writing() as conn:
            row = conn.execute(select(matches.c.seats).where(matches.c.id == match_id)).first()
            if row is None:
                return
            seats = [dict(s) for s in row.seats]
            seats[seat].update(name=name, account=name)
            conn.execute(update(matches).where(matches.c.id == match_id).values(seats=seats))

    def linked(self, match_id: str) -> dict[int, str | None]:
        """Seat -> account id (None: the account was deleted) of the match's linked seats."""
        query = select(match_players.c.seat, match_players.c.account_id).where(
            match_players.c.match_id == match_id
        )
        with self.engine.connect() as conn:
            return {r.seat: r.account_id for r in conn.execute(query)}

    def unrecorded(self, match_id: str) -> bool:
        query = select(func.count()).where(
            match_players.c.match_id == match_id, match_players.c.recorded.is_(False)
        )
        with self.engine.connect() as conn:
            return bool(conn.execute(query).scalar_one())

    # --- ratings ----------------------------------------------------------------------
    def rating(self, account_id: str, game: str) -> tuple[float, float] | None:
        query = select(ratings.c.mu, ratings.c.sigma).where(
            ratings.c.account_id == account_id, ratings.c.game == game
        )
        with self.engine.connect() as conn:
            row = conn.execute(query).first()
        return (row.mu, row.sigma) if row else None

    # --- the end of a match -----------------------------------------------------------
    def record_outcome(
        self, match_id: str, game: str, finished: str, outcomes: list[Outcome], awards: list[Award]
    ) -> bool:
        """Record each linked seat's outcome, rating and awards once; False if already done."""
        with self.store._writing() as conn:
            pending = {
                r.seat: r.account_id
                for r in conn.execute(
                    select(match_players.c.seat, match_players.c.account_id).where(
                        match_players.c.match_id == match_id,
                        match_players.c.recorded.is_(False),
                    )
                )
            }
            if not pending:
                return False
            for out in outcomes:
                if out.seat not in pending:
                    continue
                conn.execute(
                    update(match_players)
                    .where(match_players.c.match_id == match_id, match_players.c.seat == out.seat)
                    .values(
                        recorded=True,
                        rank=out.rank,
                        won=out.won,
                        abandoned=out.abandoned,
                        rating_before=out.rating_before,
                        rating_after=out.rating_after,
                        finished=finished,
                    )
                )
                account_id = pending[out.seat]
                if out.rating is not None and account_id is not None:
                    _save_rating(conn, account_id, game, out.rating)
                    _met(conn, account_id, game, out.opponents)
            for award in awards:
                _award(conn, award.account_id, game, award.key, finished, match_id, False)
        return True

    # --- achievements -----------------------------------------------------------------
    def achievements(self, account_id: str) -> list[dict[str, Any]]:
        query = (
            select(achievements)
            .where(achievements.c.account_id == account_id)
            .order_by(achievements.c.earned)
        )
        with self.engine.connect() as conn:
            return [
                {
                    "game": r.game,
                    "key": r.key,
                    "earned": r.earned,
                    "match_id": r.match_id,
                    "attested": r.attested,
                }
                for r in conn.execute(query)
            ]

    def attest(self, account_id: str, game: str, key: str, held: bool) -> None:
        """A player's own declaration of an achievement the game cannot observe."""
        with self.store._writing() as conn:
            if held:
                _award(conn, account_id, game, key, now_text(), None, True)
            else:
                conn.execute(
                    achievements.delete().where(
                        achievements.c.account_id == account_id,
                        achievements.c.game == game,
                        achievements.c.key == key,
                        achievements.c.attested.is_(True),
                    )
                )

    # --- reading ----------------------------------------------------------------------
    def history(
        self, account_id: str, limit: int = 20, viewer: str | None = None
    ) -> list[dict[str, Any]]:
        """The account's matches, newest first, with their outcome when finished, as the
        account `viewer` (None: a stranger) may see them: a private table only when the
        viewer played at it (the account itself sees all of its own)."""
        private = func.coalesce(matches.c.options["private"].as_boolean(), false())
        others = match_players.alias("viewer_seat")
        played = (
            select(others.c.match_id)
            .where(others.c.match_id == matches.c.id, others.c.account_id == viewer)
            .exists()
        )
        shown = private.is_(false()) if viewer is None else private.is_(false()) | played
        query = (
            select(match_players, matches.c.status, matches.c.created, matches.c.seats)
            .join(matches, matches.c.id == match_players.c.match_id)
            .where(match_players.c.account_id == account_id, shown)
            .order_by(matches.c.created.desc(), matches.c.id)
            .limit(limit)
        )
        with self.engine.connect() as conn:
            return [_history_row(r._mapping) for r in conn.execute(query)]

    def results(self, account_id: str, game: str) -> list[bool]:
        """Won or not, for each recorded match of `game`, oldest first."""
        query = (
            select(match_players.c.won)
            .where(
                match_players.c.account_id == account_id,
                match_players.c.game == game,
                match_players.c.recorded.is_(True),
            )
            .order_by(match_players.c.finished, match_players.c.match_id)
        )
        with self.engine.connect() as conn:
            return [bool(r.won) for r in conn.execute(query)]

    def per_game(self, account_id: str) -> list[dict[str, Any]]:
        """Games played and won per game (finished matches), with the rating if any."""
        won = func.sum(case((match_players.c.won.is_(True), 1), else_=0))
        query = (
            select(match_players.c.game, func.count().label("played"), won.label("won"))
            .where(match_players.c.account_id == account_id, match_players.c.recorded.is_(True))
            .group_by(match_players.c.game)
            .order_by(match_players.c.game)
        )
        rated = select(ratings).where(ratings.c.account_id == account_id)
        with self.engine.connect() as conn:
            rows = {r.game: {"game": r.game, "played": r.played, "won": int(r.won or 0)}
                    for r in conn.execute(query)}  # fmt: skip
            for r in conn.execute(rated):
                entry = rows.setdefault(r.game, {"game": r.game, "played": 0, "won": 0})
                entry["rating"] = _rating_json(r.mu, r.sigma, r.games)
        return [rows[g] for g in sorted(rows)]

    def leaderboard(
        self, game: str, limit: int = 50, min_games: int = 1, min_opponents: int = 1
    ) -> list[dict[str, Any]]:
        """Accounts by rating (ordinal: mu - 3 sigma) in `game`, best first; only those with
        at least `min_games` rated games there against `min_opponents` distinct opponents."""
        ordinal = ratings.c.mu - 3 * ratings.c.sigma
        met = (
            select(rating_opponents.c.account_id, func.count().label("opponents"))
            .where(rating_opponents.c.game == game)
            .group_by(rating_opponents.c.account_id)
            .subquery()
        )
        query = (
            select(accounts.c.name, ratings.c.mu, ratings.c.sigma, ratings.c.games, met.c.opponents)
            .join(accounts, accounts.c.id == ratings.c.account_id)
            .join(met, met.c.account_id == ratings.c.account_id)
            .where(ratings.c.game == game, ratings.c.games >= min_games)
            .where(met.c.opponents >= min_opponents)
            .order_by(ordinal.desc(), accounts.c.name_key)
            .limit(limit)
        )
        with self.engine.connect() as conn:
            return [
                {"name": r.name, **_rating_json(r.mu, r.sigma, r.games), "opponents": r.opponents}
                for r in conn.execute(query)
            ]


def _rating_json(mu: float, sigma: float, games: int) -> dict[str, Any]:
    return {"mu": round(mu, 3), "sigma": round(sigma, 3),
            "ordinal": round(mu - 3 * sigma, 3), "games": games}  # fmt: skip


def _history_row(m: Any) -> dict[str, Any]:
    return {
        "match_id": m["match_id"],
        "game": m["game"],
        "seat": m["seat"],
        "status": m["status"],
        "created": m["created"],
        "finished": m["finished"],
        "rated": bool(m["rated"]),
        "rank": m["rank"],
        "won": m["won"],
        "abandoned": m["abandoned"],
        "rating_before": m["rating_before"],
        "rating_after": m["rating_after"],
        "opponents": [s.get("name", "") for i, s in enumerate(m["seats"]) if i != m["seat"]],
    }


def _save_rating(conn: Any, account_id: str, game: str, rating: tuple[float, float]) -> None:
    mu, sigma = rating
    key = (ratings.c.account_id == account_id) & (ratings.c.game == game)
    found = conn.execute(select(ratings.c.games).where(key)).first()
    if found is None:
        conn.execute(
            insert(ratings).values(
                account_id=account_id, game=game, mu=mu, sigma=sigma, games=1, updated=now_text()
            )
        )
    else:
        conn.execute(
            update(ratings)
            .where(key)
            .values(mu=mu, sigma=sigma, games=found.games + 1, updated=now_text())
        )


def _met(conn: Any, account_id: str, game: str, opponents: tuple[str, ...]) -> None:
    """Remember the distinct opponents of the account's rated matches in `game`."""
    known = {
        r.opponent
        for r in conn.execute(
            select(rating_opponents.c.opponent).where(
                rating_opponents.c.account_id == account_id, rating_opponents.c.game == game
            )
        )
    }
    for key in sorted(set(opponents) - known):
        conn.execute(
            insert(rating_opponents).values(account_id=account_id, game=game, opponent=key[:80])
        )


def _award(
    conn: Any, account_id: str, game: str, key: str, earned: str, match: str | None, attested: bool
) -> None:
    """Insert the achievement unless the account holds it already (the first date stays)."""
    held = conn.execute(
        select(achievements.c.key).where(
            achievements.c.account_id == account_id,
            achievements.c.game == game,
            achievements.c.key == key,
        )
    ).first()
    if held is None:
        conn.execute(
            insert(achievements).values(
                account_id=account_id,
                game=game,
                key=key,
                earned=earned,
                match_id=match,
                attested=attested,
            )
        )
