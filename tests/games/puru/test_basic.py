"""Basic game scenarios from the rulebook and the rulings, set up with chosen rolls."""

from __future__ import annotations

from fractions import Fraction

import pytest
from tests.games.puru.helpers import make, resolve, roll, rolled, start, tracks

from dicehall.core import CHANCE, IllegalActionError, ParamError
from dicehall.games.puru.actions import GIVE_AWAY, KEEP, RESOLVE, Reroll
from dicehall.games.puru.dice import Face, counts_of
from dicehall.games.puru.state import Phase

MAJORITY = [
    ("HHHHSS", Face.HEART),  # 4-2
    ("SSSSHC", Face.STAR),  # 4-1-1
    ("CCCHHA", Face.CRYING),  # 3-2-1
    ("AAAHSC", Face.ANGRY),  # 3-1-1-1
    ("HHHHHS", Face.HEART),  # 5-1
]
NO_MAJORITY = ["HHHSSS", "HHSSCC", "HHSSCA"]  # 3-3, 2-2-2, 2-2-1-1


@pytest.mark.parametrize(("letters", "face"), MAJORITY)
def test_a_majority_goes_to_both_neighbours_and_the_rest_to_the_roller(
    letters: str, face: Face
) -> None:
    game = make(players=4)
    state = resolve(game, start(game), letters)
    counts = counts_of(roll(letters).faces)
    major = [n if f == face else 0 for f, n in enumerate(counts)]
    rest = [n - m for n, m in zip(counts, major, strict=True)]

    def effect(c: list[int]) -> tuple[int, int, int]:
        return c[0], c[1], 20 - c[2] - c[3]

    got = [(state.love[s], state.excite[s], state.jelly[s]) for s in range(4)]
    assert got == [effect(rest), effect(major), (0, 0, 20), effect(major)]
    assert state.last is not None and state.last.receivers == (1, 3)
    assert state.roller == 1 and state.phase == Phase.ROLL


@pytest.mark.parametrize("letters", NO_MAJORITY)
def test_without_a_majority_the_roller_receives_every_die(letters: str) -> None:
    game = make(players=3)
    state = resolve(game, start(game), letters)
    c = counts_of(roll(letters).faces)
    assert tracks(state) == ((c[0], 0, 0), (c[1], 0, 0), (20 - c[2] - c[3], 20, 20))
    assert state.last is not None and state.last.receivers == ()


def test_with_two_players_the_opponent_receives_the_majority_once() -> None:
    game = make(players=2)
    state = resolve(game, start(game), "CCCCHS")
    assert tracks(state) == ((1, 0), (1, 0), (20, 16))


def test_crying_and_angry_are_different_faces() -> None:
    game = make(players=3)
    state = resolve(game, start(game), "CCCAAH")  # 3-2-1: crying is the majority
    assert tracks(state) == ((1, 0, 0), (0, 0, 0), (18, 17, 17))


def test_six_of_a_kind_may_be_kept() -> None:
    game = make(players=3)
    state = rolled(game, start(game), "HHHHHH")
    state = game.apply(state, 0, RESOLVE)
    assert state.phase == Phase.KEEP and game.actors(state) == (0,)
    assert game.legal_actions(state, 0) == (KEEP, GIVE_AWAY)
    assert game.apply(state, 0, KEEP).love == (6, 0, 0)


def test_six_of_a_kind_may_be_given_away() -> None:
    game = make(players=3)
    state = game.apply(rolled(game, start(game), "CCCCCC"), 0, RESOLVE)
    after = game.apply(state, 0, GIVE_AWAY)
    assert after.jelly == (20, 14, 14)
    assert after.last is not None and after.last.kept is False


def test_tracks_stop_at_twenty_and_zero() -> None:
    game = make(players=3)
    state = resolve(game, start(game, love=(0, 18, 0), jelly=(20, 2, 20)), "HHHHCC")
    assert state.love == (0, 20, 4)  # 18 + 4 stops at 20
    assert state.phase == Phase.OVER
    state = resolve(game, start(game, jelly=(20, 3, 20)), "CCCCHS")
    assert state.jelly == (20, 0, 16)  # 3 - 4 stops at 0


def test_rerolls_keep_the_other_dice_and_the_second_costs_a_jelly() -> None:
    game = make(players=2)
    state = rolled(game, start(game), "HHSCCA")
    state = game.apply(state, 0, Reroll(crying=2, angry=1))
    assert state.phase == Phase.ROLL and game.actors(state) == (CHANCE,)
    outcomes = dict(game.chance_outcomes(state))
    assert len(outcomes) == 20 and outcomes[roll("HHH")] == Fraction(1, 27)  # 3 dice
    state = rolled(game, state, "HSC")
    assert state.dice == (3, 2, 1, 0) and state.rerolls == 1
    assert state.jelly == (20, 20)
    state = game.apply(state, 0, Reroll(crying=1))
    assert state.jelly == (19, 20)  # paid before rolling
    state = rolled(game, state, "H")  # no rerolls left: resolved at once
    assert state.roller == 1 and tracks(state) == ((0, 4), (2, 0), (19, 20))


def test_illegal_rerolls_are_refused() -> None:
    game = make(players=2)
    state = rolled(game, start(game), "HHSSCA")
    with pytest.raises(IllegalActionError):
        game.apply(state, 0, Reroll(heart=3))
    with pytest.raises(IllegalActionError):
        game.apply(state, 1, RESOLVE)
    with pytest.raises(IllegalActionError):
        game.apply(state, CHANCE, roll("HHHHHH"))
    with pytest.raises(IllegalActionError):
        game.apply(start(game), CHANCE, roll("HHH"))  # six dice are rolled


def test_paying_for_the_second_reroll_can_drip_to_zero_and_end_the_game() -> None:
    game = make(players=3)
    state = rolled(game, start(game, love=(5, 3, 9), excite=(9, 4, 2), jelly=(1, 20, 20)), "CCSSHA")
    state = game.apply(
        rolled(game, game.apply(state, 0, Reroll(crying=1)), "C"), 0, Reroll(heart=1)
    )
    assert state.phase == Phase.OVER and state.jelly == (0, 20, 20)
    result = game.result(state)
    assert result.reason == "drip-out"
    assert result.scores == (-1.0, 3.0, 2.0) and result.winners == (1,)
    assert result.ranks == (3, 1, 2)


def test_drip_out_ties_share_the_win() -> None:
    game = make(players=4)
    begin = start(game, love=(4, 7, 6, 9), excite=(6, 5, 6, 1), jelly=(20, 1, 20, 20))
    state = resolve(game, begin, "CCCHHS")  # crying to seats 1 and 3, H H S to the roller
    assert state.phase == Phase.OVER and state.jelly == (20, 0, 20, 17)
    result = game.result(state)
    assert result.reason == "drip-out"
    assert result.scores == (6.0, -1.0, 6.0, 1.0)  # min(Love, Excitement); seat 1 dripped
    assert result.winners == (0, 2) and result.ranks == (1, 4, 1, 3)


def test_simultaneous_paradice_winners_share() -> None:
    game = make(players=3)
    state = resolve(game, start(game, love=(10, 19, 16)), "HHHHSC")
    assert state.phase == Phase.OVER and state.love == (10, 20, 20)
    result = game.result(state)
    assert result.reason == "paradice" and result.winners == (1, 2)
    assert result.scores == (10.0, 20.0, 20.0) and result.ranks == (3, 1, 1)


def test_paradice_beats_a_drip_out_in_the_same_roll() -> None:
    game = make(players=2)
    state = resolve(game, start(game, love=(0, 17), jelly=(20, 1)), "HHHSCA")
    assert state.jelly == (18, 1) and state.love == (0, 20)
    state = resolve(game, start(game, excite=(19, 0), jelly=(20, 3)), "AAASHH")
    assert state.jelly == (20, 0) and game.result(state).winners == (0,)
    assert game.result(state).reason == "paradice"


def test_when_every_player_drips_out_in_the_same_roll_nobody_wins() -> None:
    """Rulebook: "If one or more players drip to 0, all other players look at their Love and
    Excitement values, taking the lower value as their final score. The player with the
    highest final score wins the game." With everyone at 0 there is no other player: nobody
    wins (docs/rules/puru.md, *The end*)."""
    game = make(players=2)
    state = resolve(game, start(game, love=(3, 2), excite=(3, 9), jelly=(2, 3)), "CCCAAH")
    assert state.jelly == (0, 0)  # the 3 Crying drip seat 1, the 2 Angry the roller
    result = game.result(state)
    assert result.reason == "drip-out" and result.winners == ()
    assert result.scores == (-1.0, -1.0) and result.ranks == (1, 1)
    assert any("nobody wins" in note for note in result.notes)


def test_exact_probability_that_six_dice_show_a_majority() -> None:
    # A die has 6 sides: H H S S C A. Of the 6^6 = 46656 equally likely side sequences,
    # the counts (h, s, c, a) occur 6!/(h! s! c! a!) * 2^h * 2^s times. No majority means
    # 3-3, 2-2-2 or 2-2-1-1 (face weights w: H 2, S 2, C 1, A 1):
    #   3-3:     20 * (w^3 products of pairs: HS 64, HC 8, HA 8, SC 8, SA 8, CA 1 = 97) = 1940
    #   2-2-2:   90 * (w^2 products of triples: HSC 16, HSA 16, HCA 4, SCA 4 = 40)    = 3600
    #   2-2-1-1: 180 * 4 * (pairs with two: HS 4, HC 2, HA 2, SC 2, SA 2, CA 1 = 13)  = 9360
    # so 46656 - 14900 = 31756 sequences have a majority face.
    expected = Fraction(31756, 46656)
    game = make(players=3)
    first = start(game)
    total = Fraction(0)
    for outcome, p in game.chance_outcomes(first):
        view = game.observe(game.apply(first, CHANCE, outcome), 0)
        if view["majority"] is not None:
            total += p
    assert total == expected == Fraction(7939, 11664)


def test_outcomes_are_the_sorted_multisets_of_six_dice() -> None:
    game = make()
    outcomes = game.chance_outcomes(start(game))
    assert len(outcomes) == 84 and sum(p for _, p in outcomes) == 1
    assert dict(outcomes)[roll("HHHHHH")] == Fraction(1, 729)


@pytest.mark.parametrize(
    "params",
    [
        {"solo": True, "players": 3},
        {"solo": True, "full": True},
        {"super": True},
        {"characters": "puru,space"},
        {"full": True, "characters": "puru"},
        {"full": True, "characters": "puru,puru"},
        {"full": True, "characters": "puru,batman"},
        {"die": "HHSSCX"},
        {"players": 6},
    ],
)
def test_contradictory_params_are_refused(params: dict[str, object]) -> None:
    with pytest.raises(ParamError):
        make(**params)


def test_a_different_die_changes_the_tables() -> None:
    game = make(die="HSCA")
    probabilities = {p for _, p in game.chance_outcomes(start(game))}
    assert Fraction(1, 4096) in probabilities  # 6 hearts on a four-sided die


def test_a_dripped_out_players_minus_one_is_explained() -> None:
    """Rulebook (docs/rules/puru.md, *The end*): "a dripped-out player scores −1 so they rank
    last" - the result says so next to the score it shows."""
    from dicehall.games.puru.scoring import final_result

    result = final_result((6, 9), (7, 3), (0, 5), ("Player 1", "Player 2"))
    assert result.scores[0] == -1.0
    assert result.notes[0] == (
        "Player 1 dripped to 0 Jelly: out of the game, scored -1 (below every other player)"
    )
