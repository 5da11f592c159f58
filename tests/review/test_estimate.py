"""Estimated reviews: labelled estimates with standard errors, never exact; the sums hold."""

from __future__ import annotations

import random
from typing import Any

import pytest

from dicehall import games
from dicehall.bots import make_bot
from dicehall.engine.match import Match
from dicehall.engine.record import Record
from dicehall.review import NotReviewable, review_record
from dicehall.review.estimate import RolloutEvaluator, paired_se
from dicehall.review.model import Value
from tests.review.paths import identity_gap


def finished(game: Any, seed: int, levels: tuple[str, ...]) -> Record:
    bots = {s: make_bot(level, game, s) for s, level in enumerate(levels)}
    match = Match(game, seed, bots=bots)
    match.run_bots()
    assert match.is_over
    return Record.of(match)


@pytest.fixture(scope="module")
def three_player_record() -> Record:
    return finished(games.make("puru", players=3), 5, ("greedy", "random", "greedy"))


def test_an_unsolved_game_is_estimated_with_standard_errors(three_player_record: Any) -> None:
    review = review_record(three_player_record, estimate={"rollouts": 4, "moves": 2})
    assert not review.exact and review.method.startswith("estimate: 4 playouts")
    assert "no exact solution" in review.notes[0]
    decisions = [s for s in review.steps if s.kind == "decision"]
    assert decisions and all(s.loss >= 0 for s in decisions)
    assert all(s.made.value.se is not None and s.loss_se is not None for s in decisions)
    assert all(s.moves <= 2 for s in decisions)
    assert identity_gap(review) < 1e-9
    final = review.summaries
    assert [s.final for s in final] == list(
        games.make("puru", players=3).returns(_last_state(three_player_record))
    )


def _last_state(record: Record) -> Any:
    from dicehall.engine.record import final_state

    return final_state(record)


def test_estimates_are_reproducible(three_player_record: Any) -> None:
    a = review_record(three_player_record, estimate={"rollouts": 3, "moves": 2}).to_json()
    b = review_record(three_player_record, estimate={"rollouts": 3, "moves": 2}).to_json()
    assert a == b


def test_a_loss_standard_error_comes_from_the_paired_playouts() -> None:
    """Moves played out with common seeds: the loss's error is that of the differences."""
    a = Value((2 / 3,), (0.0,), ((1.0,), (0.0,), (1.0,)))
    b = Value((1 / 3,), (0.0,), ((1.0,), (0.0,), (0.0,)))
    # differences 0, 0, 1: variance 1/3, standard error sqrt(1/3 / 3) = 1/3
    assert paired_se(a, b, 0) == pytest.approx(1 / 3)
    assert paired_se(a, Value((0.5,), (0.1,)), 0) is None


def test_an_unfinished_match_is_not_reviewed() -> None:
    """A review shows every secret: only a finished match may have one."""
    game = games.make("puru", players=2)
    match = Match(game, 1, bots={0: make_bot("greedy", game, 0)})
    match.run_bots()
    with pytest.raises(NotReviewable):
        review_record(Record.of(match))


def test_bad_budgets_are_refused() -> None:
    game = games.make("puru", players=3)
    for bad in ({"rollouts": 1}, {"moves": 0}, {"policy": "psychic"}):
        with pytest.raises(ValueError):
            RolloutEvaluator(game, **bad)


def test_a_move_that_ends_the_turn_is_valued_where_the_turn_ends() -> None:
    """The moves of one decision are played out to the same horizon, the end of the decision's
    turn (as MCTS counts from its root): Stop is valued by the evaluation right where the turn
    ends, not after the next player's turn (which made Stop look worse than Continue)."""
    from dicehall.core import CHANCE, sample
    from dicehall.games.purrramid.actions import CONTINUE, STOP
    from dicehall.games.purrramid.bots.determinize import evaluate

    game = games.make("purrramid")
    evaluator = RolloutEvaluator(game, rollouts=6, moves=2, policy="default")
    rng, state, checked = random.Random(4), game.initial_state(), 0
    while checked < 5 and not game.is_terminal(state):
        actors = game.actors(state)
        if actors == (CHANCE,):
            state = game.apply(state, CHANCE, sample(game, state, rng))
            continue
        seat, legal = actors[0], game.legal_actions(state, actors[0])
        if STOP in legal and CONTINUE in legal:
            values = evaluator.action_values(state, seat, CONTINUE)
            child = game.apply(state, seat, STOP)
            assert not game.is_terminal(child)
            assert values[STOP].draws == (evaluate(game, child),) * 6
            assert evaluator.context(child) == evaluator.context(state) + 1
            checked += 1
        state = game.apply(state, seat, legal[rng.randrange(len(legal))])
    assert checked == 5


def test_an_estimated_review_keeps_its_drift_apart_from_luck_and_skill(
    three_player_record: Any,
) -> None:
    """Where an estimate values a state anew (the next turn: another horizon), the difference
    is the step's drift; a decision's swing for its mover stays minus its loss."""
    review = review_record(three_player_record, estimate={"rollouts": 4, "moves": 2})
    assert any(s.drift is not None and any(abs(x) > 1e-9 for x in s.drift) for s in review.steps)
    for step in review.steps:
        if step.kind == "decision":
            assert step.swing[step.seat] == pytest.approx(-step.loss)
    assert identity_gap(review) < 1e-9
    as_json = review.to_json()
    assert all("drift" in s for s in as_json["summaries"])
