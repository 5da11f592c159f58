"""`Match.checkpoint`/`rollback`: a caller that must save a move before it counts (the web
table) puts the whole match back when saving fails: state, version, log and armed timer."""

from __future__ import annotations

from dicehall.engine import ManualClock, Match
from dicehall.games.jelly.actions import FlipTimer
from tests.games.jelly.helpers import game, start, table

G = game(3)
FACES = ["1A", "2A", "3A", "4A", "5A"]
OUT_OF_DICE = {2: [(0, 1), (0, 2), (0, 3)], 3: [(0, 4), (0, 5)], 4: [(0, 6), (0, 1)]}


def flipped_match() -> tuple[Match, ManualClock]:
    clock = ManualClock()
    match = Match(G, 1, clock=clock, state=table(start(G, FACES), OUT_OF_DICE))
    match.submit(0, FlipTimer())
    return match, clock


def test_rollback_after_a_fired_timer_rearms_it_and_restores_the_match() -> None:
    match, clock = flipped_match()
    before = (match.state, match.version, list(match.log), match.timer_deadline())
    saved = match.checkpoint()
    clock.advance_to(10.0)
    fired = match.fire_due_timers()
    assert fired and match.timer_deadline() is None
    match.rollback(saved)
    assert (match.state, match.version, list(match.log), match.timer_deadline()) == before
    assert match.fire_due_timers() == fired  # the timer is armed again and fires the same way


def test_rollback_to_a_checkpoint_taken_now_changes_nothing() -> None:
    match, _ = flipped_match()
    before = (match.state, match.version, list(match.log), match.timer_deadline())
    match.rollback(match.checkpoint())
    assert (match.state, match.version, list(match.log), match.timer_deadline()) == before
