"""Exact reviews of Puru Puru (2-player Basic and Solo) on a late-game corner of the tables,
checked against a brute-force expectimax over the rules."""

from __future__ import annotations

from typing import Any

import pytest

from dicehall import games
from dicehall.games.puru.actions import GIVE_AWAY, KEEP, RESOLVE
from dicehall.games.puru.bots.solve_duel import solve as solve_duel
from dicehall.games.puru.review import DuelEvaluator, SoloEvaluator
from dicehall.games.puru.state import Phase, PuruState
from dicehall.review import review_states
from tests.bots.test_puru_duel import _brute
from tests.review.paths import identity_gap, play_path, random_moves

LO = 18


@pytest.fixture(scope="module")
def duel() -> Any:
    return games.make("puru", players=2)


@pytest.fixture(scope="module")
def duel_evaluator(duel: Any) -> DuelEvaluator:
    return DuelEvaluator(duel, solve_duel(lo=LO, threads=1))


def _start(pos: tuple[int, ...], roller: int = 0) -> PuruState:
    a, b, c, d, e, f = pos
    return PuruState(Phase.ROLL, roller, (a, d), (b, e), (c, f), (0, 0, 0, 0), 6, 0)


@pytest.mark.parametrize("seed", range(6))
def test_duel_review_is_exact_and_adds_up(duel: Any, duel_evaluator: Any, seed: int) -> None:
    """Each decision's values are the brute-force expectimax values of the moves, its loss the
    gap to the best; per seat, start + luck + decisions = final exactly."""
    brute = _brute(duel)
    states, entries = play_path(duel, _start((18, 19, 2, 19, 18, 2), seed % 2), seed, random_moves)
    review = review_states(duel, states, entries, duel_evaluator, ["a", "b"])
    assert review.exact
    assert review.steps[0].before.mean[0] == pytest.approx(brute(states[0]), abs=1e-5)
    assert identity_gap(review) < 1e-9
    # a solved table is consistent: going on from one step to the next, nothing drifts
    assert all(abs(x) < 1e-5 for s in review.steps if s.drift is not None for x in s.drift)
    decisions = [s for s in review.steps if s.kind == "decision"]
    assert decisions
    for step in decisions:
        seat, state = step.seat, states[step.index]
        exact = {a: brute(duel.apply(state, seat, a)) for a in duel.legal_actions(state, seat)}
        mine = {a: v if seat == 0 else 1 - v for a, v in exact.items()}
        made = step.made.action
        assert step.made.value.mean[seat] == pytest.approx(mine[made], abs=1e-5)
        assert step.loss == pytest.approx(max(mine.values()) - mine[made], abs=1e-5)
        assert mine[step.best.action] == pytest.approx(max(mine.values()), abs=1e-5)
        # exact tables are consistent: the mover's own swing is minus its loss
        assert step.swing[seat] == pytest.approx(-step.loss, abs=1e-5)
    chance = [s for s in review.steps if s.kind == "chance"]
    assert any(states[s.index].rerolls == 2 for s in chance)  # a paid reroll's roll too
    for step in chance:  # the value before a roll is the exact expectation over it
        exact = brute(states[step.index])
        assert step.before.mean[0] == pytest.approx(exact, abs=1e-5)
        assert duel_evaluator.state_value(states[step.index]).mean[0] == pytest.approx(
            exact, abs=1e-5
        )


def test_a_losing_choice_is_found(duel: Any, duel_evaluator: Any) -> None:
    """ "With six of a kind, the roller may keep them (and take their effects) or give them
    away" (docs/rules/puru.md, *Resolving: the majority face*): giving six Hearts to an
    opponent at 19 Love hands over the game; keeping them wins it. The review must say so."""
    rolled = PuruState(Phase.CHOOSE, 0, (18, 19), (18, 18), (2, 2), (6, 0, 0, 0), 6, 0)
    keep_or_give = duel.apply(rolled, 0, RESOLVE)
    assert keep_or_give.phase == Phase.KEEP

    def choose(state: Any, seat: int, legal: Any, rng: Any) -> Any:
        return GIVE_AWAY if state is keep_or_give else random_moves(state, seat, legal, rng)

    states, entries = play_path(duel, keep_or_give, 1, choose)
    review = review_states(duel, states, entries, duel_evaluator, ["a", "b"])
    first = review.steps[0]
    assert first.kind == "decision" and first.made.action == GIVE_AWAY
    assert first.best.action == KEEP and first.loss == pytest.approx(1.0)
    assert review.summaries[0].mistakes == [0]
    assert review.summaries[0].final == 0.0 and identity_gap(review) < 1e-9


@pytest.mark.parametrize("auto_dice", [3, 4])
def test_solo_review_is_exact_and_adds_up(auto_dice: int) -> None:
    """Solo: your exact chance to win against AutoPuray's rolls (docs/rules/puru.md, *Solo*)."""
    from tests.bots.test_puru_solo import _brute as solo_brute

    game = games.make("puru", solo=True, **{"super": auto_dice == 4})
    evaluator = SoloEvaluator(game, lo=LO)
    brute = solo_brute(game)
    for seed in range(3):
        states, entries = play_path(game, _start((18, 19, 2, 19, 18, 2)), seed, random_moves)
        review = review_states(game, states, entries, evaluator, ["you", "auto"])
        assert identity_gap(review) < 1e-9
        assert review.steps[0].before.mean[0] == pytest.approx(brute(states[0]), abs=1e-5)
        for step in review.steps:
            if step.kind == "decision":
                state = states[step.index]
                exact = {a: brute(game.apply(state, 0, a)) for a in game.legal_actions(state, 0)}
                assert step.loss == pytest.approx(
                    max(exact.values()) - exact[step.made.action], abs=1e-5
                )
                assert step.swing[0] == pytest.approx(-step.loss, abs=1e-5)
