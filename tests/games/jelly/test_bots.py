"""The greedy bot: legal choices from the view alone, and the heuristics it promises."""

from __future__ import annotations

import random
from dataclasses import replace

from tests.games.jelly.helpers import game, score_round, start, table

from dicehall.bots import RandomBot, make_bot
from dicehall.engine import Match
from dicehall.games.jelly.actions import (
    ChooseSide,
    FlipTimer,
    GiveJelly,
    Lock,
    Pass,
    Place,
    PlaceMove,
    PlaceRemove,
    Wait,
)
from dicehall.games.jelly.bots.greedy import GreedyBot
from dicehall.games.jelly.play import MAX_WAITS

G = game(3)
FACES = ["1A", "2A", "3A", "4A", "5A"]
RNG = random.Random(0)


def act(s, seat):  # type: ignore[no-untyped-def]
    return GreedyBot(G, seat).act(G.observe(s, seat), G.legal_actions(s, seat), RNG)


def test_make_bot_finds_the_greedy_level() -> None:
    assert isinstance(make_bot("greedy", G, 1), GreedyBot)


def test_greedy_avoids_cancelling_its_own_dice() -> None:
    s = table(start(G, FACES), {2: [(0, 6)]}, targets=(0, 0, 2, 0, 0))  # C: 8 Jelly
    s = replace(s, rolls=((6,), (), ()))
    action = act(s, 0)
    assert not (action.value == 6 and action.district == 2)


def test_greedy_contests_the_highest_reward() -> None:
    s = replace(start(G, FACES), rolls=((5,), (), ()), targets=(0, 0, 2, 0, 0))  # C: 8 Jelly
    assert act(s, 0) == Place(5, 2)


def strong_elsewhere(*free: int) -> dict[int, list[tuple[int, int]]]:
    """Seat 2 holds a 6 on every district but `free`."""
    return {d: [(2, 6)] for d in range(5) if d not in free}


def test_greedy_knocks_out_the_leaders_die_with_a_1() -> None:
    dice = {**strong_elsewhere(2), 2: [(1, 6)]}
    s = table(start(G, FACES), dice, targets=(0, 0, 2, 0, 0))
    s = replace(s, rolls=((1,), (), ()))
    assert act(s, 0) == PlaceRemove(1, 2, 1, 6)


def test_greedy_moves_a_target_to_a_better_zone_it_controls() -> None:
    s = table(start(G, FACES), {**strong_elsewhere(0), 0: [(0, 2)]})  # Jelly Market: 3, then 7
    s = replace(s, rolls=((4,), (), ()))
    assert act(s, 0) == PlaceMove(4, 0, 1)


def test_greedy_locks_its_best_district_then_flips_when_ahead() -> None:
    dice = {2: [(0, 1), (0, 2), (0, 3)], 3: [(0, 4), (0, 5)], 4: [(0, 6), (0, 1)]}
    s = table(start(G, FACES), dice, targets=(0, 0, 2, 0, 0))
    assert act(s, 0) == Lock(2)  # 8 Jelly at C
    s = G.apply(s, 0, Lock(2))
    assert act(s, 0) == FlipTimer()
    behind = replace(s, jelly=(0, 30, 2))
    assert act(behind, 0) == Wait()  # keeps the flip in hand while behind


def test_greedy_keeps_the_flip_in_hand_and_flips_once_it_is_ahead() -> None:
    """Rulebook: "After a player has placed all their dice, they MAY flip the sand timer"
    (no deadline for that choice; docs/rules/jelly.md, *A round* and *Bots and simulated real
    time*): out of dice and behind, greedy waits and looks again as the round changes."""
    dice = {2: [(0, 1), (0, 2), (0, 3)], 3: [(0, 4), (0, 5)], 4: [(0, 6), (0, 1)]}
    s = table(start(G, FACES), dice, targets=(0, 0, 2, 0, 0), jelly=(0, 30, 2))
    s = G.apply(s, 0, Lock(2))
    assert act(s, 0) == Wait()
    s = G.apply(s, 0, Wait())
    assert not s.done[0] and FlipTimer() in G.legal_actions(s, 0)
    assert act(replace(s, jelly=(40, 30, 2)), 0) == FlipTimer()  # ahead now: flip
    assert act(replace(s, waits=(MAX_WAITS, 0, 0)), 0) == Pass()  # no more waiting


def test_greedy_chooses_the_better_neighbour_and_gives_to_the_weakest() -> None:
    s = table(start(G, ["1A", "3B", "8A", "4A", "5A"]), {1: [(1, 5)]}, targets=(1, 1, 1, 0, 0))
    s = score_round(G, s)
    assert act(s, 1) == ChooseSide("right")  # 8 Jelly beats 7
    s = table(start(G, ["4B", "1A", "2A", "3A", "5A"]), {0: [(0, 6), (1, 6)]})
    s = score_round(G, replace(s, jelly=(2, 2, 1), targets=(2, 0, 0, 0, 0)))
    assert act(s, 2) == GiveJelly(0) or act(s, 2) == GiveJelly(1)


def test_greedy_beats_random_bots_most_of_the_time() -> None:
    wins = 0
    for seed in range(12):
        bots = {s: RandomBot(G, s) for s in range(3)}
        bots[seed % 3] = GreedyBot(G, seed % 3)  # type: ignore[assignment]
        match = Match(game(3, mode="tick"), seed, bots=dict(bots))
        match.run_bots()
        result = match.result()
        assert result is not None
        wins += (seed % 3) in result.winners
    assert wins >= 9
