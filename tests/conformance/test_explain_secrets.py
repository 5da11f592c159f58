"""Explanation lines keep secrets: what a step's explanation (`GameParts.explain`) tells a
viewer never depends on what that viewer's view hides.

Two checks, for every game and main variant: at a step, another outcome of the same roll (or
another choice of the same seat) that a viewer's view cannot tell apart must explain the same
to that viewer; and two states that differ only in one seat's secret (the probes of
`test_secrets`) explain the same to every other viewer. A deliberately leaky explainer is
caught by the same checks, so they can fail.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from dicehall import games
from dicehall.core import Game
from dicehall.core.parts import Explain
from dicehall.engine.explain import explainer
from tests.conformance.configs import CONFIGS
from tests.conformance.playout import random_playout
from tests.conformance.test_secrets import PROBES, _alternatives, _states

CASES = [
    (g, p)
    for g in sorted(games.available())
    if games.parts(g).explain
    for p in CONFIGS.get(g, [{}])
]


def alternative_leaks(game: Game[Any, Any], explain: Explain, seed: int) -> tuple[list[str], int]:
    """(leaks, probes): steps whose alternative explains differently to a viewer whose view
    cannot tell the two results apart."""
    viewers = (*range(game.num_players), None)
    rng = random.Random(seed)
    leaks: list[str] = []
    probed = 0

    def check(g: Game[Any, Any], state: Any, seat: int, action: Any) -> None:
        nonlocal probed
        if rng.random() > 0.3:
            return
        after = game.apply(state, seat, action)
        for other in _alternatives(game, state, seat, action, rng):
            twin = game.apply(state, seat, other)
            for v in viewers:
                if game.observe(after, v) != game.observe(twin, v):
                    continue
                probed += 1
                a, b = explain(game, state, after, v), explain(game, state, twin, v)
                if a != b:
                    leaks.append(f"viewer {v} reads {a} / {b} after {action} / {other}")

    random_playout(game, seed=seed, check=check)
    return leaks, probed


def probe_leaks(game: Game[Any, Any], explain: Explain) -> tuple[list[str], int]:
    """(leaks, probes): a state and its twin that differs in one seat's secret, explained
    from the state before them and towards the state after them, to every other viewer."""
    probe = PROBES.get(game.id)
    if probe is None:
        return [], 0
    states = _states(game, seed=8)
    leaks: list[str] = []
    probed = 0
    for before, state, after in zip(states, states[1:], states[2:], strict=False):
        for owner, altered in probe(game, state):
            for v in (*range(game.num_players), None):
                if v == owner:
                    continue
                probed += 1
                into = explain(game, before, state, v), explain(game, before, altered, v)
                out = explain(game, state, after, v), explain(game, altered, after, v)
                if into[0] != into[1] or out[0] != out[1]:
                    leaks.append(f"viewer {v} learns seat {owner}'s secret: {into} / {out}")
    return leaks, probed


@pytest.mark.parametrize("case", CASES, ids=[f"{g}-{i}" for i, (g, _) in enumerate(CASES)])
def test_explanations_tell_no_viewer_what_its_view_hides(case: tuple[str, dict[str, Any]]) -> None:
    game_id, params = case
    game = games.make(game_id, **params)
    explain = explainer(game)
    assert explain is not None
    leaks, probed = alternative_leaks(game, explain, seed=8)
    assert leaks == []
    if game.spec.hidden_information:  # some viewer could not tell two results apart
        assert probed > 0
    leaks, _ = probe_leaks(game, explain)
    assert leaks == []


def _leaky(game: Game[Any, Any], before: Any, after: Any, viewer: int | None) -> list[str]:
    """Tells everyone every roll behind a screen: the bug the checks guard against."""
    return [f"rolls {after.rolls}"] if any(after.rolls) else []


def test_a_leaky_explainer_is_caught() -> None:
    game = games.make("jelly", players=3, mode="tick")
    leaks, _ = alternative_leaks(game, _leaky, seed=8)
    assert leaks
    leaks, _ = probe_leaks(game, _leaky)
    assert leaks
