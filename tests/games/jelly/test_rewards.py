"""Every reward type of the rulebook, ties included (built-in faces, chosen dice)."""

from __future__ import annotations

from dataclasses import replace

import pytest
from tests.games.jelly.helpers import game, score_round, start, table

from dicehall.games.jelly.actions import ChooseSide, GiveJelly
from dicehall.games.jelly.state import JellyState, Phase

A, B, C = 0, 1, 2
G = game(3)
BASE = ["1A", "2A", "3A", "4A", "5A"]


def around(face: str) -> list[str]:
    """`face` at district A, then beginner faces of four other boards."""
    others = [f"{b}A" for b in range(1, 9) if str(b) != face[0]]
    return [face, *others[:4]]


def scored(faces: list[str], targets: tuple[int, ...], dice: dict[int, list[tuple[int, int]]],
           **changes: object) -> JellyState:  # fmt: skip
    s = table(start(G, faces), dice, targets=targets, **changes)
    return score_round(G, s)


def test_plain_jelly_including_zero() -> None:
    s = scored(around("3B"), (2, 0, 0, 0, 0), {0: [(A, 6)]})  # Crossroads zone 3: 0
    assert s.jelly == (2, 2, 2)
    s = scored(around("3B"), (0, 0, 0, 0, 0), {0: [(A, 6)]})  # zone 1: 6 Jelly
    assert s.jelly == (8, 2, 2)


def test_a_district_without_counting_dice_scores_nothing() -> None:
    s = scored(BASE, (0,) * 5, {0: [(A, 3), (A, 3)], 1: []})
    assert s.jelly == (2, 2, 2)


def test_tied_controllers_each_take_the_reward() -> None:
    s = scored(BASE, (1, 0, 0, 0, 0), {0: [(A, 5), (B, 2), (B, 3), (C, 1)]})
    assert s.jelly == (9, 9, 2)


def test_jelly_pod_for_each_tied_player_or_none_if_the_stack_is_short() -> None:
    dice = {0: [(A, 5), (B, 5)]}
    s = scored(BASE, (2, 0, 0, 0, 0), dice)  # Jelly Market zone 3: a pod
    assert s.pods == (1, 1, 0) and s.pod_stack == 28
    s = scored(BASE, (2, 0, 0, 0, 0), dice, pod_stack=1)
    assert s.pods == (0, 0, 0) and s.pod_stack == 1


def test_discard_a_pod_then_8_jelly() -> None:
    s = scored(around("7B"), (1, 0, 0, 0, 0), {0: [(A, 6)]}, pods=(2, 0, 0))
    assert s.pods == (1, 0, 0) and s.jelly == (10, 2, 2)
    s = scored(around("7B"), (1, 0, 0, 0, 0), {0: [(A, 6)]})
    assert s.pods == (0, 0, 0) and s.jelly == (10, 2, 2)


def test_2_jelly_per_jelly_pod() -> None:
    s = scored(around("7B"), (0, 0, 0, 0, 0), {0: [(B, 2)]}, pods=(0, 3, 0))
    assert s.jelly == (2, 2 + 6, 2)


def test_adjacent_left_is_the_counter_clockwise_neighbour_on_the_ring() -> None:
    # Twin Bridges at A, zone 1 points left: to the last district, Park Gates (6 in zone 2)
    s = scored(["2B", "1A", "3A", "4A", "5A"], (0, 0, 0, 0, 1), {0: [(C, 4)]})
    assert s.jelly == (2, 2, 2 + 6)


def test_adjacent_rewards_never_chain() -> None:
    # A points right to Crossroads, whose Target is itself an "either" neighbour reward
    s = scored(["2B", "3B", "1A", "4A", "5A"], (2, 1, 0, 0, 0), {0: [(A, 4)]})
    assert s.jelly == (2, 2, 2)


def _either(dice: list[tuple[int, int]]) -> JellyState:
    """Crossroads at B with its "either" zone targeted: left is Jelly Market 7, right 8A 8."""
    s = table(start(G, ["1A", "3B", "8A", "4A", "5A"]), {1: dice}, targets=(1, 1, 1, 0, 0))
    return score_round(G, s)


def test_either_single_controller_chooses_the_side() -> None:
    s = _either([(B, 5)])
    assert s.phase == Phase.SCORING and G.actors(s) == (B,)
    assert G.legal_actions(s, B) == (ChooseSide("left"), ChooseSide("right"))
    assert G.apply(s, B, ChooseSide("right")).jelly == (2, 2 + 8, 2)
    assert G.apply(s, B, ChooseSide("left")).jelly == (2, 2 + 7, 2)


def test_either_tied_controllers_who_agree_both_gain() -> None:
    s = _either([(A, 5), (C, 5)])
    assert G.actors(s) == (A,)
    s = G.apply(s, A, ChooseSide("left"))
    assert G.actors(s) == (C,)
    s = G.apply(s, C, ChooseSide("left"))
    assert s.jelly == (9, 2, 9)


def test_either_tied_controllers_who_disagree_get_nothing() -> None:
    s = _either([(A, 5), (C, 5)])
    s = G.apply(G.apply(s, A, ChooseSide("left")), C, ChooseSide("right"))
    assert s.jelly == (2, 2, 2) and s.phase == Phase.PLAY and s.round == 1


def test_each_player_gives_you_2() -> None:
    s = scored(around("4B"), (2, 0, 0, 0, 0), {0: [(A, 6)]}, jelly=(2, 5, 1))
    assert s.jelly == (2 + 2 + 1, 3, 0)  # C has only 1 Jelly to give


def test_tied_controllers_do_not_give_each_other_tribute() -> None:
    s = scored(around("4B"), (0, 0, 0, 0, 0), {0: [(A, 6), (B, 6)]}, jelly=(2, 2, 5))
    assert s.jelly == (3, 3, 3)


def test_a_short_giver_chooses_who_gets_the_jelly() -> None:
    s = table(start(G, around("4B")), {0: [(A, 6), (B, 6)]}, targets=(2, 0, 0, 0, 0))
    s = score_round(G, replace(s, jelly=(2, 2, 3)))  # C owes 2 + 2 but has 3
    assert s.phase == Phase.SCORING and G.actors(s) == (C,)
    assert G.legal_actions(s, C) == (GiveJelly(A), GiveJelly(B))
    s = G.apply(s, C, GiveJelly(B))
    s = G.apply(s, C, GiveJelly(B))  # B is now paid in full
    assert s.jelly == (3, 4, 0) and s.round == 1


def test_give_1_to_each_other_player_after_taking_9() -> None:
    s = scored(around("5B"), (0, 0, 0, 0, 0), {0: [(A, 6), (B, 2)]})
    assert s.jelly == (2 + 9 - 2, 3, 3)


def test_tied_givers_do_not_give_each_other() -> None:
    s = scored(around("5B"), (0, 0, 0, 0, 0), {0: [(A, 6), (B, 6)]})
    assert s.jelly == (10, 10, 4)


def test_giver_without_enough_jelly_chooses_recipients_and_never_goes_below_0() -> None:
    # Laboratory zone 2: a pod, then give 1 to each other player; A holds 1 Jelly
    s = table(start(G, around("8B")), {0: [(A, 6)]}, targets=(1, 0, 0, 0, 0))
    s = score_round(G, replace(s, jelly=(1, 2, 2)))
    assert G.actors(s) == (A,) and s.pods == (1, 0, 0)
    s = G.apply(s, A, GiveJelly(C))
    assert s.jelly == (0, 2, 3) and s.round == 1


@pytest.mark.parametrize(("dice", "jelly", "pods"), [(2, 9, 0), (3, 2, 1)])
def test_number_of_dice_reward(dice: int, jelly: int, pods: int) -> None:
    mine = [(A, v) for v in range(1, dice + 1)]
    s = scored(around("1B"), (1, 0, 0, 0, 0), {0: mine})  # 1-2 dice: 7; 3+: a pod
    assert s.jelly[A] == jelly and s.pods[A] == pods


def test_number_of_dice_counts_each_tied_controller_on_its_own() -> None:
    s = scored(around("1B"), (1, 0, 0, 0, 0), {0: [(A, 6), (B, 1), (B, 2), (B, 3)]})
    assert s.jelly == (9, 2, 2) and s.pods == (0, 1, 0)


def test_podium_highest_2_second_4_regardless_of_ties_on_top() -> None:
    s = scored(around("6B"), (0, 0, 0, 0, 0), {0: [(A, 6), (B, 6), (C, 2)]})
    assert s.jelly == (4, 4, 6)


def test_podium_highest_4_and_1_for_every_other_player_with_a_die() -> None:
    s = scored(around("6B"), (2, 0, 0, 0, 0), {0: [(A, 6), (B, 1)]})
    assert s.jelly == (6, 3, 2)
    # a player whose dice all cancelled has no die left on the entrance
    s = scored(around("6B"), (2, 0, 0, 0, 0), {0: [(A, 6), (C, 3), (C, 3)]})
    assert s.jelly == (6, 2, 2)


def test_promotional_new_york_pays_per_odd_die() -> None:
    g = game(3, content="promo")
    s = table(start(g, around("P1")), {0: [(A, 1), (A, 3), (A, 4)]}, targets=(0,) * 5)
    assert score_round(g, s).jelly[A] == 2 + 8
    s = replace(s, targets=(2, 0, 0, 0, 0))
    assert score_round(g, s).jelly[A] == 2 + 4


def test_scoring_runs_district_by_district_so_pods_go_in_order() -> None:
    # A and B both offer a pod; one pod left: district A's controller takes it
    s = scored(BASE, (2, 1, 0, 0, 0), {0: [(C, 6)], 1: [(A, 6)]}, pod_stack=1)
    assert s.pods == (0, 0, 1)


def test_promotional_cannes_rerolls_every_die_before_scoring_its_podium() -> None:
    from dicehall.core import CHANCE
    from dicehall.games.jelly.actions import DieValue

    g = game(3, content="promo")
    dice = {0: [(A, 6), (A, 5), (B, 1), (C, 3)]}
    s = score_round(g, table(start(g, around("P2")), dice, targets=(0,) * 5))
    assert g.actors(s) == (CHANCE,)
    assert [o for o, _ in g.chance_outcomes(s)] == [DieValue(0, 0, v) for v in range(1, 7)]
    for index, value in enumerate((1, 1, 4, 2)):  # A's two dice now cancel; B 4, C 2
        s = g.apply(s, CHANCE, DieValue(0, index, value))
    assert s.jelly == (2, 2 + 2, 2 + 4)  # podium 2/4/7: highest 2, second 4, no third
