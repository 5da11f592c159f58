"""The round: rolling, placing, locks, the sand timer, unplaced dice, simultaneous play, ticks."""

from __future__ import annotations

from dataclasses import replace

import pytest
from tests.games.jelly.helpers import game, start, table

from dicehall.core import CHANCE, ENGINE, IllegalActionError, TimerRequest
from dicehall.engine import ManualClock, Match
from dicehall.games.jelly.actions import (
    FlipTimer,
    Lock,
    Pass,
    Place,
    PlaceRemove,
    Reroll,
    RollDice,
    TickOrder,
    TimeUp,
    Wait,
)
from dicehall.games.jelly.play import MAX_REROLLS, MAX_WAITS
from dicehall.games.jelly.state import NOBODY, JellyState, Phase, RoundEnd

A, B, C = 0, 1, 2
G = game(3)
FACES = ["1A", "2A", "3A", "4A", "5A"]


def out_of_dice(seat: int) -> dict[int, list[tuple[int, int]]]:
    """Seat's seven dice spread over districts C-E (values distinct per district)."""
    return {
        2: [(seat, 1), (seat, 2), (seat, 3)],
        3: [(seat, 4), (seat, 5)],
        4: [(seat, 6), (seat, 1)],
    }


def test_everyone_may_act_at_once_and_a_roll_is_a_chance_node() -> None:
    s = start(G, FACES)
    assert G.actors(s) == (A, B, C)
    assert G.legal_actions(s, B) == (Reroll(),)
    s = G.apply(s, B, Reroll())
    assert G.actors(s) == (CHANCE,)
    s = G.apply(s, CHANCE, RollDice(B, (1, 1, 2, 3, 4, 5, 6)))
    assert s.rolls[B] == (1, 1, 2, 3, 4, 5, 6) and G.actors(s) == (A, B, C)


def test_simultaneous_actions_from_several_seats_commute() -> None:
    s = replace(start(G, FACES), rolls=((5, 6), (2, 3), (4, 4)))
    moves = [(A, Place(5, 0)), (B, Place(3, 1)), (C, Place(4, 2))]
    ends = set()
    for order in ([0, 1, 2], [2, 1, 0], [1, 2, 0]):
        t = s
        for i in order:
            t = G.apply(t, *moves[i])
        ends.add(t)
    assert len(ends) == 1


def test_placing_on_the_same_entrance_in_either_order_scores_the_same() -> None:
    from dicehall.games.jelly.rewards import standing

    s = replace(start(G, FACES), rolls=((5,), (3,), ()))
    ab = G.apply(G.apply(s, A, Place(5, 0)), B, Place(3, 0))
    ba = G.apply(G.apply(s, B, Place(3, 0)), A, Place(5, 0))
    assert standing(ab.entrances[0], 3) == standing(ba.entrances[0], 3)


def test_rerolling_without_placing_is_capped() -> None:
    s = replace(start(G, FACES), rolls=((1, 2, 3, 4, 5, 6, 6), (), ()))
    assert Reroll() in G.legal_actions(s, A)
    s = replace(s, rerolls=(MAX_REROLLS, 0, 0))
    assert Reroll() not in G.legal_actions(s, A)
    assert Place(6, 0) in G.legal_actions(s, A)


def _roll(s: JellyState, seat: int) -> JellyState:
    """`seat` rolls its unplaced dice (all showing 6)."""
    s = G.apply(s, seat, Reroll())
    return G.apply(s, CHANCE, RollDice(seat, (6,) * s.unplaced[seat]))


def test_the_reroll_safeguard_counts_only_rolls_since_the_last_placement() -> None:
    """Rulebook: "Either: place one of your dice on a district entrance ... OR do not place a
    die" (and roll again). docs/rules/jelly.md, *A round*: "each player may roll at most 20
    times without placing a die in between" (the count starts again at every placement)."""
    s = _roll(start(G, FACES), A)
    for _ in range(15):  # 16 rolls before the first die
        s = _roll(s, A)
    s = G.apply(s, A, Place(6, 0))
    for _ in range(20 - 1):  # the documented safeguard: 20 rolls
        s = _roll(s, A)
        assert Reroll() in G.legal_actions(s, A)
    s = _roll(s, A)  # the 20th roll since the placement: now a die must be placed
    assert Reroll() not in G.legal_actions(s, A) and Place(6, 1) in G.legal_actions(s, A)


def test_an_effect_needs_a_die_already_on_that_entrance() -> None:
    s = replace(start(G, FACES), rolls=((1,), (), ()))
    with pytest.raises(IllegalActionError, match="already on that entrance"):
        G.apply(s, A, PlaceRemove(1, 0, B, 5))
    with pytest.raises(IllegalActionError, match="no 6"):
        G.apply(s, A, Place(6, 0))


def test_lock_only_after_the_last_die_and_then_nobody_places_there() -> None:
    s = table(start(G, FACES), out_of_dice(A))
    s = replace(s, rolls=((), (5,), ()))
    assert s.unplaced[A] == 0
    legal = G.legal_actions(s, A)
    assert Lock(0) in legal and FlipTimer() in legal and Pass() in legal
    s = G.apply(s, A, Lock(2))
    assert s.locks[2] == A
    assert all(not (isinstance(a, Place) and a.district == 2) for a in G.legal_actions(s, B))
    with pytest.raises(IllegalActionError, match="locked"):
        G.apply(s, B, Place(5, 2))
    assert not any(isinstance(a, Lock) for a in G.legal_actions(s, A))  # one lock each


def test_a_player_with_dice_cannot_lock_or_flip() -> None:
    s = replace(start(G, FACES), rolls=((5,), (), ()))
    with pytest.raises(IllegalActionError):
        G.apply(s, A, Lock(0))
    with pytest.raises(IllegalActionError):
        G.apply(s, A, FlipTimer())


def test_the_sand_timer_is_flipped_once_per_round_and_locking_comes_before_it() -> None:
    s = table(start(G, FACES), {**out_of_dice(A), 0: [(B, v) for v in range(1, 8) if v < 7]})
    s = table(s, {1: [(B, 6)]})
    assert s.unplaced[B] == 0
    assert G.timer(s) is None
    s = G.apply(s, A, FlipTimer())
    assert s.flipped_by == A and s.done[A] and A not in G.actors(s)  # no lock after a flip
    assert FlipTimer() not in G.legal_actions(s, B)
    assert G.timer(s) == TimerRequest("sand/0", 10.0, TimeUp())


def test_time_up_is_an_engine_action_only_after_a_flip() -> None:
    s = start(G, FACES)
    with pytest.raises(IllegalActionError, match="not running"):
        G.apply(s, ENGINE, TimeUp())
    assert G.legal_actions(s, ENGINE) == ()
    assert G.legal_actions(replace(s, flipped_by=B), ENGINE) == (TimeUp(),)


def test_dice_left_unplaced_at_time_up_do_not_count() -> None:
    s = table(start(G, FACES), {**out_of_dice(A), 0: [(B, 2)]}, targets=(1, 0, 0, 0, 0))
    s = replace(s, rolls=((), (6, 6, 6, 6, 6, 6), (6,) * 7), flipped_by=A)
    s = G.apply(s, ENGINE, TimeUp())
    assert s.round_ends == (RoundEnd.TIMER,)
    # A: C 5 Jelly, D a pod, E tribute 1 from B and C; B: A's 7; C placed nothing
    assert s.jelly == (2 + 5 + 2, 2 + 7 - 1, 2 - 1) and s.pods == (1, 0, 0)
    assert s.round == 1 and s.unplaced == (7, 7, 7)


def test_the_round_ends_when_everyone_is_out_of_dice() -> None:
    s = table(start(G, FACES), {**out_of_dice(A), 0: [(B, v) for v in range(1, 7)]})
    s = table(s, {1: [(C, v) for v in range(1, 8) if v < 7] + [(B, 6)]})
    s = replace(s, unplaced=(0, 0, 1), rolls=((), (), (5,)))
    s = G.apply(s, C, Place(5, 2))
    assert s.round_ends == (RoundEnd.ALL_PLACED,) and s.round == 1


def test_next_round_resets_targets_locks_and_the_timer() -> None:
    s = table(start(G, FACES), out_of_dice(A), targets=(2, 1, 0, 0, 0))
    s = G.apply(G.apply(s, A, Lock(0)), A, FlipTimer())
    s = G.apply(s, ENGINE, TimeUp())
    assert s.phase == Phase.PLAY and s.round == 1
    assert s.targets == (0,) * 5 and s.locks == (NOBODY,) * 5 and s.flipped_by == NOBODY
    assert s.centre == (0, 0, 0) and s.entrances == ((),) * 5


def test_the_match_clock_issues_time_up_ten_seconds_after_the_flip() -> None:
    clock = ManualClock()
    match = Match(G, 1, clock=clock, state=table(start(G, FACES), out_of_dice(A)))
    match.submit(A, FlipTimer())
    assert match.timer_deadline() == 10.0
    clock.advance_to(9.9)
    assert match.fire_due_timers() == []
    clock.advance_to(10.0)
    events = match.fire_due_timers()
    assert events[0].seat == ENGINE and events[0].text == "time is up"
    assert match.state.round == 1


def test_the_game_ends_after_four_rounds_with_pod_values_rolled() -> None:
    s = replace(start(G, FACES), round=3, pods=(2, 0, 1), pod_stack=27)
    s = G.apply(replace(s, flipped_by=A), ENGINE, TimeUp())
    assert s.phase == Phase.PODS
    outcomes = [o for o, _ in G.chance_outcomes(s)]
    assert [o.seat for o in outcomes] == [A] * 6
    for value in (6, 1, 4):
        s = G.apply(s, CHANCE, next(o for o in G.chance_outcomes(s) if o[0].value == value)[0])
    assert G.is_terminal(s)
    result = G.result(s)
    assert result.scores == (9.0, 2.0, 6.0) and result.winners == (A,) and result.ranks == (1, 3, 2)


def test_ties_share_the_victory() -> None:
    s = replace(start(G, FACES), round=3, jelly=(5, 5, 1))
    s = G.apply(replace(s, flipped_by=A), ENGINE, TimeUp())
    result = G.result(s)
    assert result.winners == (A, B) and result.ranks == (1, 1, 3)


# --- tick mode --------------------------------------------------------------------------
T = game(3, mode="tick")


def tick_start() -> JellyState:
    s = start(T, FACES)
    for seat in range(3):
        s = T.apply(s, CHANCE, RollDice(seat, (1, 2, 3, 4, 5, 6, 6)))
    return s


def test_tick_mode_draws_an_order_and_one_seat_acts_at_a_time() -> None:
    s = tick_start()
    assert T.actors(s) == (CHANCE,)
    assert len(T.chance_outcomes(s)) == 6  # every order of 3 seats
    s = T.apply(s, CHANCE, TickOrder((2, 0, 1)))
    assert T.actors(s) == (2,)
    assert T.timer(s) is None
    s = T.apply(s, 2, Place(6, 0))
    assert T.actors(s) == (CHANCE,)  # placing rolls the other six dice at once
    s = T.apply(s, CHANCE, RollDice(2, (1, 1, 1, 1, 1, 1)))
    assert T.actors(s) == (0,)


def test_tick_mode_timer_runs_three_ticks_after_the_flip() -> None:
    s = table(tick_start(), out_of_dice(A))
    s = T.apply(s, CHANCE, TickOrder((0, 1, 2)))
    s = T.apply(s, A, FlipTimer())
    assert s.ticks_left == 4
    for _ in range(3):  # the rest of this tick, then ticks 2 and 3: B and C reroll
        for seat in (B, C):
            if T.actors(s) == (CHANCE,) and not s.to_roll:
                s = T.apply(s, CHANCE, TickOrder((B, C)))
            s = T.apply(s, seat, Reroll())
            s = T.apply(s, CHANCE, RollDice(seat, (1, 2, 3, 4, 5, 6, 6)))
    assert s.round == 0 and s.ticks_left == 1
    s = T.apply(s, CHANCE, TickOrder((B, C)))
    s = T.apply(s, B, Reroll())
    s = T.apply(s, CHANCE, RollDice(B, (1, 2, 3, 4, 5, 6, 6)))
    s = T.apply(s, C, Reroll())  # the last action of the third tick after the flip
    assert s.round_ends == (RoundEnd.TIMER,) and s.round == 1


def test_tick_mode_an_out_of_dice_seat_may_wait_and_flip_in_a_later_tick() -> None:
    """Rulebook: "After a player has placed all their dice, they MAY flip the sand timer. If
    they do, the remaining players have 10 seconds" (with no deadline for that choice; docs/
    rules/jelly.md, *Tick mode*: out of dice, a seat may wait for a later tick)."""
    s = table(tick_start(), out_of_dice(A))
    s = T.apply(s, CHANCE, TickOrder((0, 1, 2)))
    assert Wait() in T.legal_actions(s, A)
    s = T.apply(s, A, Wait())
    assert not s.done[A] and s.flipped_by == NOBODY
    for seat in (B, C):  # the rest of the tick: B and C roll again
        s = T.apply(s, seat, Reroll())
        s = T.apply(s, CHANCE, RollDice(seat, (1, 2, 3, 4, 5, 6, 6)))
    assert T.actors(s) == (CHANCE,) and A in T.chance_outcomes(s)[0][0].seats  # A takes part
    s = T.apply(s, CHANCE, TickOrder((1, 0, 2)))
    s = T.apply(s, B, Reroll())
    s = T.apply(s, CHANCE, RollDice(B, (1, 2, 3, 4, 5, 6, 6)))
    s = T.apply(s, A, FlipTimer())  # a tick later, A flips after all
    assert s.flipped_by == A and s.ticks_left == 4


def test_waiting_is_capped_then_lock_flip_or_done_remain() -> None:
    """docs/rules/jelly.md, *A round*: "a seat may wait at most 30 times a round"."""
    s = table(start(G, FACES), out_of_dice(A))
    for _ in range(MAX_WAITS):
        s = G.apply(s, A, Wait())
    legal = G.legal_actions(s, A)
    assert Wait() not in legal and FlipTimer() in legal and Pass() in legal
    with pytest.raises(IllegalActionError, match="at most 30 waits"):
        G.apply(s, A, Wait())
