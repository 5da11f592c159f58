"""Changes to a table's seats and options after its creation: a waiting room's, saved in one
commit with the seats' token digests that change with them (a seat that becomes a bot loses
its token; one that becomes a person's gets a fresh one), and a finished table's options
(where its rematch is, `web.rematch`).
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import delete, insert, update

from dicehall.store.models import matches, seat_tokens
from dicehall.store.repository import Store, now_text


def save_room(
    store: Store,
    match_id: str,
    seats: list[dict[str, Any]],
    options: dict[str, Any],
    tokens: dict[int, str | None] | None = None,
) -> None:
    """Save `seats` and `options`; `tokens` maps a seat to its new token digest (None: the
    seat is a bot's now and has no token). A seat given a digest is not claimed."""
    with store._writing() as conn:
        conn.execute(
            update(matches)
            .where(matches.c.id == match_id)
            .values(seats=seats, options=options, updated=now_text())
        )
        for seat, digest in sorted((tokens or {}).items()):
            conn.execute(
                delete(seat_tokens).where(
                    seat_tokens.c.match_id == match_id, seat_tokens.c.seat == seat
                )
            )
            if digest is not None:
                conn.execute(
                    insert(seat_tokens).values(
                        match_id=match_id, seat=seat, token_hash=digest, claimed=False
                    )
                )


def save_options(store: Store, match_id: str, options: dict[str, Any]) -> None:
    """Save the table's options (nothing else changes)."""
    with store._writing() as conn:
        conn.execute(update(matches).where(matches.c.id == match_id).values(options=options))
