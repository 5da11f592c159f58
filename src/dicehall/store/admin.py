"""`Administration`: operators, suspended accounts and the log of operators' actions.

An operator is an account marked by `dicehall admin grant NAME` (on the server's database);
only operators may use /admin. A suspended account can neither sign in nor play: its
sessions are deleted, a session of it no longer signs anyone in (`Accounts.session`), and its
seats' websocket hellos are refused. Every operator's action is kept in `admin_actions`
(docs/hosting.md, *Administration*).
"""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import delete, insert, select, update

from dicehall.store.accounts import Account, Accounts, name_key
from dicehall.store.models import accounts, admin_actions, match_players, matches, sessions
from dicehall.store.repository import EXPIRED, LIVE, Store, now_text


@dataclass(frozen=True)
class AdminAction:
    id: int
    made: str
    operator: str
    action: str
    target: str


class Administration:
    """Operators' powers over the `Store`'s engine (its writes fail the same clear way)."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.accounts = Accounts(store)

    def account(self, name: str) -> Account | None:
        found = self.accounts.by_name(name)
        return found[0] if found else None

    def set_operator(self, name: str, operator: bool) -> bool:
        """Mark (or unmark) the account `name` operator; False if there is no such account."""
        query = update(accounts).where(accounts.c.name_key == name_key(name))
        with self.store._writing() as conn:
            return bool(conn.execute(query.values(operator=operator)).rowcount)

    def operators(self) -> list[str]:
        query = select(accounts.c.name).where(accounts.c.operator).order_by(accounts.c.name_key)
        with self.store.engine.connect() as conn:
            return [r.name for r in conn.execute(query)]

    def suspend(self, account_id: str, suspended: bool) -> int:
        """Suspend the account (and delete its sessions: how many) or lift its suspension."""
        when = now_text() if suspended else None
        with self.store._writing() as conn:
            conn.execute(update(accounts).where(accounts.c.id == account_id).values(suspended=when))
            if not suspended:
                return 0
            ended = conn.execute(delete(sessions).where(sessions.c.account_id == account_id))
            return int(ended.rowcount or 0)

    def end_sessions(self, account_id: str) -> int:
        """Delete every session of the account; how many there were."""
        return self.accounts.close_sessions(account_id)

    def live_seats(self, account_id: str) -> list[tuple[str, int]]:
        """(table, seat) of the account's seats at unfinished tables."""
        query = (
            select(match_players.c.match_id, match_players.c.seat)
            .join(matches, matches.c.id == match_players.c.match_id)
            .where(match_players.c.account_id == account_id, matches.c.status == LIVE)
        )
        with self.store.engine.connect() as conn:
            return [(r.match_id, r.seat) for r in conn.execute(query)]

    def suspended_seats(self, match_id: str) -> set[int]:
        """The seats of `match_id` that belong to a suspended account."""
        query = (
            select(match_players.c.seat)
            .join(accounts, accounts.c.id == match_players.c.account_id)
            .where(match_players.c.match_id == match_id, accounts.c.suspended.is_not(None))
        )
        with self.store.engine.connect() as conn:
            return {r.seat for r in conn.execute(query)}

    def suspended_among(self, match_ids: list[str]) -> list[tuple[str, int]]:
        """(table, seat) of `match_ids`' seats that belong to a suspended account."""
        if not match_ids:
            return []
        query = (
            select(match_players.c.match_id, match_players.c.seat)
            .join(accounts, accounts.c.id == match_players.c.account_id)
            .where(match_players.c.match_id.in_(match_ids), accounts.c.suspended.is_not(None))
        )
        with self.store.engine.connect() as conn:
            return [(r.match_id, r.seat) for r in conn.execute(query)]

    def close_table(self, match_id: str) -> bool:
        """An unfinished table stops being played (kept, watchable: `EXPIRED`); False if it
        is not live."""
        live = (matches.c.id == match_id) & (matches.c.status == LIVE)
        query = update(matches).where(live).values(status=EXPIRED, updated=now_text())
        with self.store._writing() as conn:
            return bool(conn.execute(query).rowcount)

    def closed_among(self, match_ids: list[str]) -> list[str]:
        """Those of `match_ids` the store no longer has live as `EXPIRED` (closed by an
        operator, or expired, through another process)."""
        if not match_ids:
            return []
        query = select(matches.c.id).where(matches.c.id.in_(match_ids), matches.c.status == EXPIRED)
        with self.store.engine.connect() as conn:
            return [r.id for r in conn.execute(query)]

    def log(self, operator: str, action: str, target: str) -> AdminAction:
        """Keep one operator's action."""
        row = {"made": now_text(), "operator": operator, "action": action, "target": target}
        with self.store._writing() as conn:
            made = conn.execute(insert(admin_actions).values(**row))
            new_id = int(made.inserted_primary_key[0])  # type: ignore[index]
        return AdminAction(new_id, **row)

    def actions(self, limit: int = 50) -> list[AdminAction]:
        """The newest actions first."""
        query = select(admin_actions).order_by(admin_actions.c.id.desc()).limit(limit)
        with self.store.engine.connect() as conn:
            return [AdminAction(**r._mapping) for r in conn.execute(query)]
