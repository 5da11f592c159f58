"""Rating opponents: the distinct opponents each account met in rated matches of each game.

The leaderboard lists a player only after rated games against enough distinct opponents
(docs/accounts.md, *Ratings*). Only adds a table, filled from the rated matches already
recorded, so an existing database keeps every match and rating.

Revision ID: 0007
Revises: 0006
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    table = op.create_table(
        "rating_opponents",
        sa.Column("account_id", sa.String(32), sa.ForeignKey("accounts.id"), primary_key=True),
        sa.Column("game", sa.String(32), primary_key=True),
        sa.Column("opponent", sa.String(80), primary_key=True),
    )
    _backfill(table)


def _backfill(table: sa.Table) -> None:
    """Each recorded rated seat's opponents, as `store.standings.opponent_keys` names them."""
    from dicehall.store.standings import opponent_keys

    conn = op.get_bind()
    meta = sa.MetaData()
    players = sa.Table("match_players", meta, autoload_with=conn)
    matches = sa.Table("matches", meta, autoload_with=conn)
    rows = conn.execute(
        sa.select(players.c.match_id, players.c.seat, players.c.account_id, players.c.game)
        .where(players.c.rated.is_(True), players.c.recorded.is_(True))
        .where(players.c.account_id.is_not(None))
    ).all()
    seen: set[tuple[str, str, str]] = set()
    for row in rows:
        seats = conn.execute(sa.select(matches.c.seats).where(matches.c.id == row.match_id))
        linked = {
            r.seat: r.account_id
            for r in conn.execute(
                sa.select(players.c.seat, players.c.account_id).where(
                    players.c.match_id == row.match_id
                )
            )
        }
        for key in opponent_keys(seats.scalar_one() or [], linked, row.seat):
            if (row.account_id, row.game, key) not in seen:
                seen.add((row.account_id, row.game, key))
                conn.execute(
                    sa.insert(table).values(account_id=row.account_id, game=row.game, opponent=key)
                )


def downgrade() -> None:
    op.drop_table("rating_opponents")
