"""Views leak nothing secret: changing what a seat must not see never changes its view.

Each game with hidden information has a probe that alters one seat's secret in a reached
state; every other seat's view and the spectators' view must stay the same, while the owner's
view changes (so the probe really touched something visible to its owner).
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from dicehall import games
from dicehall.core import Game
from tests.conformance.configs import CONFIGS
from tests.conformance.playout import random_playout

Probe = Callable[[Game[Any, Any], Any], Iterator[tuple[int, Any]]]


def _jelly_rolls(game: Game[Any, Any], state: Any) -> Iterator[tuple[int, Any]]:
    """Change one die of a holder's current roll (another multiset of as many dice)."""
    for seat, roll in enumerate(state.rolls):
        if roll:
            other = tuple(sorted((roll[0] % 6 + 1, *roll[1:])))
            rolls = list(state.rolls)
            rolls[seat] = other
            yield seat, dataclasses.replace(state, rolls=tuple(rolls))


PROBES: dict[str, Probe] = {"jelly": _jelly_rolls}


def _states(game: Game[Any, Any], seed: int) -> list[Any]:
    seen: list[Any] = []
    random_playout(game, seed, lambda g, s, seat, a: seen.append(s))
    return seen


CASES = [(g, p) for g in PROBES if g in games.available() for p in CONFIGS.get(g, [{}])]


@pytest.mark.parametrize("case", CASES, ids=[f"{g}-{i}" for i, (g, _) in enumerate(CASES)])
def test_secrets_stay_secret(case: tuple[str, dict[str, Any]]) -> None:
    game_id, params = case
    game = games.make(game_id, **params)
    probe = PROBES[game_id]
    rng = random.Random(3)
    checked = 0
    for state in _states(game, seed=8):
        for owner, altered in probe(game, state):
            if altered == state or rng.random() > 0.3:
                continue
            assert game.observe(altered, owner) != game.observe(state, owner)
            for viewer in (*range(game.num_players), None):
                if viewer != owner:
                    assert game.observe(altered, viewer) == game.observe(state, viewer), (
                        f"seat {viewer} sees seat {owner}'s secret"
                    )
            checked += 1
    assert checked > 0, "the probe found no secret to change"


def test_every_hidden_information_game_has_a_probe() -> None:
    hidden = [g for g in games.available() if games.spec(g).hidden_information]
    assert set(hidden) <= set(PROBES)
