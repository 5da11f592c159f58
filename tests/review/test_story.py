"""A review in players' words (review/story.py): accuracy per player, the game's costliest
mistakes with the better move, luck against skill in one sentence, all read from the review's
own figures."""

from __future__ import annotations

import re

from dicehall import games
from dicehall.review import review_record
from dicehall.review.story import NEAR, accurate
from tests.review.test_estimate import finished


def test_the_story_is_read_from_the_reviews_figures() -> None:
    review = review_record(
        finished(games.make("puru", players=3), 5, ("greedy", "random", "greedy")),
        estimate={"rollouts": 4, "moves": 2},
    )
    out = review.to_json()
    decisions = [s for s in review.steps if s.kind == "decision"]
    for summary in out["summaries"]:
        mine = [s for s in decisions if s.seat == summary["seat"]]
        good = [s for s in mine if s.loss <= max(NEAR, 2 * (s.loss_se or 0.0))]
        assert summary["accuracy"] == len(good) / len(mine)
    assert any(s["accuracy"] < 1 for s in out["summaries"])  # the random bot errs
    # the 3 costliest inaccurate decisions of the game, costliest first
    worst = sorted((s for s in decisions if not accurate(s)), key=lambda s: -s.loss)[:3]
    assert out["biggest_mistakes"] == [s.index for s in worst] and len(worst) == 3
    assert all(
        out["steps"][i]["best"]["text"] != out["steps"][i]["made"]["text"]
        for i in out["biggest_mistakes"]
    )
    # luck against skill: the sums of the player who finished best, in points of win chance
    best = max(review.summaries, key=lambda p: p.final)
    found = re.fullmatch(
        r"Player (\d) finished best: the dice moved their chance to win by ([+−]?\d+) points, "
        r"their own decisions by ([+−]?\d+) and the others' by ([+−]?\d+), so "
        r"(luck weighed more than skill|decisions weighed more than luck)\.",
        out["luck_vs_skill"],
    )
    assert found is not None, out["luck_vs_skill"]
    assert int(found[1]) == best.seat + 1
    assert int(found[2].replace("−", "-").lstrip("+")) == round(100 * best.luck)
    luckier = abs(best.luck) > abs(best.own + best.others)
    assert (found[5] == "luck weighed more than skill") == luckier
