"""`Store.touch` keeps live matches from expiring and leaves a finished match's time alone:
the lobby's "Finished matches" shows it as when the game ended."""

from __future__ import annotations

from pathlib import Path

from sqlalchemy import update

from dicehall import games
from dicehall.bots.base import RandomBot
from dicehall.engine import Match
from dicehall.store import FINISHED, LIVE, Store, now_text
from dicehall.store.models import matches
from tests.store.test_store import _row

LONG_AGO = "2000-01-01T00:00:00+00:00"


def test_touch_moves_live_matches_only(tmp_path: Path) -> None:
    store = Store(f"sqlite:///{tmp_path / 'db.sqlite'}")
    game = games.make("puru", players=2)
    bots = {0: RandomBot(game, 0), 1: RandomBot(game, 1)}
    done, playing = Match(game, 1, bots=bots), Match(game, 2, bots=bots)
    store.create_match(_row(done, "done"), {}, list(done.log))
    store.create_match(_row(playing, "playing"), {}, list(playing.log))
    while not done.is_over:
        start = len(done.log)
        done.play_bot(done.bots_to_act()[0])
        store.append("done", start, done.log[start:], done.result())
    with store.engine.begin() as conn:  # both last changed long ago
        conn.execute(update(matches).values(updated=LONG_AGO))
    store.touch(["done", "playing"])
    finished, live = store.get("done"), store.get("playing")
    assert finished is not None and finished.status == FINISHED
    assert finished.updated == LONG_AGO
    assert live is not None and live.status == LIVE and live.updated >= now_text()[:10]
    store.close()
