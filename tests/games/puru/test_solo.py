"""Solo mode against AutoPuray and SuperAutoPuray (docs/rules/puru.md, *Solo*)."""

from __future__ import annotations

from fractions import Fraction

import pytest
from tests.games.puru.helpers import make, resolve, roll, rolled, start, tracks

from dicehall.core import CHANCE
from dicehall.games.puru.actions import RESOLVE
from dicehall.games.puru.state import Phase


@pytest.mark.parametrize(("super_", "dice"), [(False, 3), (True, 4)])
def test_autopuray_rolls_its_dice_without_decisions(super_: bool, dice: int) -> None:
    game = make(solo=True, super=super_)
    state = resolve(game, start(game), "HHSSCA")  # your turn: no majority
    assert state.roller == 1 and state.n_dice == dice and game.actors(state) == (CHANCE,)
    outcomes = game.chance_outcomes(state)
    assert sum(p for _, p in outcomes) == 1
    assert dict(outcomes)[roll("A" * dice)] == Fraction(1, 6**dice)
    state = rolled(game, state, "HSCA"[:dice])
    # Heart and Star feed AutoPuray, Crying and Angry drip you
    assert tracks(state) == ((2, 1), (2, 1), (18 - (dice - 2), 20))
    assert state.roller == 0 and state.n_dice == 6 and state.phase == Phase.ROLL


def test_your_majority_goes_to_autopuray() -> None:
    game = make(solo=True)
    state = resolve(game, start(game), "CCCCHS")
    assert tracks(state) == ((1, 0), (1, 0), (20, 16))


def test_autopuray_wins_by_dripping_you_out() -> None:
    game = make(solo=True)
    state = rolled(game, start(game, roller=1, n_dice=3, jelly=(2, 20), love=(9, 0)), "CAH")
    assert state.phase == Phase.OVER and state.jelly == (0, 20)
    result = game.result(state)
    assert result.winners == (1,) and result.reason == "drip-out"
    assert "AutoPuray" in game.observe(state, 0)["players"][1]["name"]


def test_autopuray_wins_at_twenty_excitement() -> None:
    game = make(solo=True, super=True)
    state = rolled(game, start(game, roller=1, n_dice=4, excite=(0, 17)), "SSSH")
    assert game.result(state).winners == (1,) and game.result(state).reason == "paradice"


def test_you_win_by_dripping_autopuray_out() -> None:
    game = make(solo=True)
    state = rolled(game, start(game, love=(3, 12), excite=(5, 0), jelly=(20, 4)), "AAAAHS")
    state = game.apply(state, 0, RESOLVE)
    assert state.jelly == (20, 0) and game.result(state).winners == (0,)


def test_when_your_roll_drips_you_and_autopuray_out_autopuray_does_not_win() -> None:
    """Rulebook: "If one or more players drip to 0, all other players look at their Love and
    Excitement values ... The player with the highest final score wins the game." Your roll
    that drips both of you to 0 leaves no other player: nobody wins (docs/rules/puru.md,
    *Solo*)."""
    game = make(solo=True)
    begin = start(game, love=(2, 9), excite=(2, 9), jelly=(1, 4))
    state = resolve(game, begin, "CCCCAH")  # 4 Crying drip AutoPuray, the Angry drips you
    assert state.phase == Phase.OVER and state.jelly == (0, 0)
    result = game.result(state)
    assert result.winners == () and result.reason == "drip-out"
