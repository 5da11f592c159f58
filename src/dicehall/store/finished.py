"""Every finished match of a store as a record, oldest first (`dicehall export`).

The ids are read in pages (by creation time, then id), so an export of a large database holds
one page of ids and one record at a time, and matches finishing meanwhile do not shift a page.
"""

from __future__ import annotations

from collections.abc import Iterator

from sqlalchemy import select, tuple_

from dicehall.engine.record import Record
from dicehall.store.models import matches
from dicehall.store.repository import FINISHED, Store

PAGE = 500


def finished_records(store: Store) -> Iterator[tuple[str, Record]]:
    """(match id, record) of each finished match, by creation time."""
    after: tuple[str, str] | None = None
    while True:
        query = (
            select(matches.c.created, matches.c.id)
            .where(matches.c.status == FINISHED)
            .order_by(matches.c.created, matches.c.id)
            .limit(PAGE)
        )
        if after is not None:
            query = query.where(tuple_(matches.c.created, matches.c.id) > after)
        with store.engine.connect() as conn:
            page = [(r.created, r.id) for r in conn.execute(query)]
        for _, match_id in page:
            record = store.record(match_id)
            if record is not None:
                yield match_id, record
        if len(page) < PAGE:
            return
        after = page[-1]
