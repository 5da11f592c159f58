"""The guided games' routes (web/pages/tutorial_routes.py) without a browser."""

from __future__ import annotations

import pytest

from dicehall.engine.tutorial import TutorialError
from dicehall.web.pages import tutorial_routes


def test_a_script_that_does_not_play_means_no_guided_game(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def broken(game_id: str) -> None:
        raise TutorialError(f"{game_id} tutorial step 2: not possible here")

    monkeypatch.setattr(tutorial_routes, "load", broken)
    assert tutorial_routes.tutorial_of("puru") is None  # a 404, never a 500


def test_a_step_shows_only_the_learners_view() -> None:
    tutorial = tutorial_routes.tutorial_of("jelly")
    assert tutorial is not None
    for step in range(tutorial.decisions + 1):
        shown = tutorial_routes.step_json(tutorial, step)
        assert shown["view"]["seat"] == tutorial.learner
        # Momo's rolls are behind their screen: the log names how many dice, never the values
        for line in shown["log"]:
            if line["seat"] == -1 and "Player 2 rolls" in line["text"]:
                assert "behind their screen" in line["text"]
