"""The rulebook's own examples, played through the rules."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st
from tests.games.jelly.helpers import game, score_round, start, table

from dicehall.core import CHANCE
from dicehall.games.jelly.actions import PlaceMove, PlaceRemove, RollDice
from dicehall.games.jelly.rewards import standing

GINA, SAM, CHARLIE = 0, 1, 2


def test_control_by_totals_7_4_3_gives_gina_the_7_jelly_target() -> None:
    g = game(3)
    s = start(g, ["1A", "2A", "3A", "4A", "5A"])  # Jelly Market: 3 / 7 / pod
    s = table(s, {0: [(GINA, 3), (SAM, 4), (GINA, 4), (CHARLIE, 1), (CHARLIE, 2)]})
    s = replace(s, targets=(1, 0, 0, 0, 0))  # the layout example's 7-Jelly target
    assert standing(s.entrances[0], 3).totals == (7, 4, 3)
    assert standing(s.entrances[0], 3).controllers == (GINA,)
    after = score_round(g, s)
    assert after.jelly == (2 + 7, 2, 2)


def test_charlies_two_sixes_cancel_and_sam_takes_6_jelly() -> None:
    g = game(3)
    s = start(g, ["7A", "2A", "3A", "4A", "5A"])  # Ice Rink: 6 / 3 / pod
    dice = [(CHARLIE, 6), (SAM, 4), (CHARLIE, 6), (CHARLIE, 3), (GINA, 1)]
    s = table(s, {0: dice})
    st = standing(s.entrances[0], 3)
    assert st.totals == (1, 4, 3)  # Sam 4 - Charlie 3 - Gina 1
    assert score_round(g, s).jelly == (2, 2 + 6, 2)


def test_three_identical_dice_all_cancel() -> None:
    st = standing(((0, 5), (0, 5), (0, 5), (1, 2)), 2)
    assert st.totals == (0, 2) and st.controllers == (1,)


def test_sams_1_sends_ginas_5_to_the_city_centre() -> None:
    g = game(3)
    s = start(g, ["1A", "2A", "3A", "4A", "5A"])
    s = table(s, {0: [(GINA, 5)]})
    s = replace(s, rolls=((), (1, 3), ()))
    action = PlaceRemove(1, 0, GINA, 5)
    assert action in g.legal_actions(s, SAM)
    after = g.apply(s, SAM, action)
    assert after.entrances[0] == ((SAM, 1),)
    assert after.centre == (1, 0, 0)
    assert after.unplaced[SAM] == 6 and after.rolls[SAM] == ()


def test_ginas_4_moves_the_target_marker_to_the_adjacent_zone() -> None:
    g = game(3)
    s = replace(start(g, ["1A", "2A", "3A", "4A", "5A"]), rolls=((4, 6), (), ()))
    legal = g.legal_actions(s, GINA)
    assert PlaceMove(4, 0, 1) in legal
    assert PlaceMove(4, 0, 2) not in legal  # one zone only, from where the marker is
    assert g.apply(s, GINA, PlaceMove(4, 0, 1)).targets[0] == 1


def test_city_centre_majority_is_by_count_three_dice_beat_two() -> None:
    g = game(3)
    s = replace(start(g, ["1A", "2A", "3A", "4A", "5A"]), centre=(3, 0, 2))
    after = score_round(g, s)
    assert after.pods == (1, 0, 0) and after.pod_stack == 29


def test_adjacent_arrow_takes_the_neighbours_6_jelly() -> None:
    g = game(3)
    s = start(g, ["2B", "7A", "3A", "4A", "5A"])  # A: Twin Bridges, B: Ice Rink (6)
    s = replace(table(s, {0: [(GINA, 5)]}), targets=(2, 0, 0, 0, 0))  # arrow to the right
    assert score_round(g, s).jelly == (2 + 6, 2, 2)


def test_a_roll_is_a_sorted_multiset_with_exact_probabilities() -> None:
    g = game(3)
    s = start(g, ["1A", "2A", "3A", "4A", "5A"])
    s = g.apply(s, SAM, g.legal_actions(s, SAM)[0])  # Reroll
    assert g.actors(s) == (CHANCE,)
    outcomes = dict(g.chance_outcomes(s))
    assert len(outcomes) == 792  # multisets of 7 dice
    assert sum(outcomes.values()) == 1
    assert outcomes[RollDice(SAM, (6,) * 7)] * 6**7 == 1
    assert outcomes[RollDice(SAM, (1, 2, 3, 4, 5, 6, 6))] * 6**7 == 5040 // 2


@settings(max_examples=400, deadline=None)
@given(
    players=st.integers(3, 5),
    dice=st.lists(st.tuples(st.integers(0, 4), st.integers(1, 6)), max_size=16),
)
def test_standings_follow_the_cancelling_and_control_rules(
    players: int, dice: list[tuple[int, int]]
) -> None:
    """ "On each entrance, all dice of one player showing the same value cancel (two, three or
    more of them) and no longer count this round." "The player with the highest total of
    counting dice controls the district ... Ties: every tied player takes the reward. A
    district with no counting die scores nothing." (docs/rules/jelly.md, *Scoring*)"""
    entrance = tuple((owner % players, value) for owner, value in dice)
    st_ = standing(entrance, players)
    for seat in range(players):
        mine = Counter(v for o, v in entrance if o == seat)
        counting = sorted(v for v, n in mine.items() if n == 1)
        assert st_.dice[seat] == tuple(counting) and st_.totals[seat] == sum(counting)
    best = max(st_.totals)
    assert st_.controllers == tuple(s for s in range(players) if best and st_.totals[s] == best)
