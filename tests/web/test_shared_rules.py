"""Tables with the same game and parameters share one rules object (`web/hall.py`, `_made`):
made once, not on the event loop at every table's creation, and no match's play leaks into
another's."""

from __future__ import annotations

import asyncio
from pathlib import Path

from dicehall.engine.record import Record, verify
from dicehall.store.repository import Store
from dicehall.web.config import Settings
from dicehall.web.hall import Hall

GREEDY = {"kind": "bot", "level": "greedy"}
RANDOM = {"kind": "bot", "level": "random"}


def test_tables_of_one_game_share_its_rules_and_each_plays_its_own_match(
    tmp_path: Path,
) -> None:
    async def scenario() -> None:
        store = Store(f"sqlite:///{tmp_path / 'db.sqlite'}")
        hall = Hall(store, Settings(bot_delay=0.0, prepare_solvers=False))
        await hall.start()
        made = [await hall.create({"game": "puru", "seats": [GREEDY] * 3}) for _ in range(3)]
        other, _ = await hall.create({"game": "puru", "seats": [RANDOM] * 2})
        tables = [table for table, _ in made]
        assert tables[0].match.game is tables[1].match.game is tables[2].match.game
        assert other.match.game is not tables[0].match.game  # other parameters, other rules
        for _ in range(3000):  # the three play at once, moves interleaved on one loop
            if all(t.match.is_over for t in tables) and other.match.is_over:
                break
            await asyncio.sleep(0.01)
        for table in [*tables, other]:
            assert table.match.is_over
            record = await asyncio.to_thread(store.record, table.id)
            assert record is not None
            assert verify(Record.from_json(record.to_json())) == table.match.result()
        assert len({t.match.seed for t in tables}) == 3  # three different matches
        await hall.stop()
        store.close()

    asyncio.run(scenario())
