"""Views and log texts leak nothing secret: changing what a seat must not see never changes
its view, nor the text it reads of any log line.

Each game with hidden information has a probe that alters one seat's secret in a reached
state; every other seat's view and the spectators' view must stay the same, while the owner's
view changes (so the probe really touched something visible to its owner). Log texts
(`describe(action, viewer)`) are probed in every game at the step that makes them: another
outcome of the same roll (or another choice of the same seat) that a viewer's view cannot tell
apart must read the same to that viewer.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from dicehall import games
from dicehall.core import CHANCE, Game
from tests.conformance.configs import CONFIGS, case_id, cases
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


ALTERNATIVES = 3
"""Other outcomes (or choices) tried at each probed step."""


def _alternatives(game: Game[Any, Any], state: Any, seat: int, action: Any, rng: random.Random
                  ) -> list[Any]:  # fmt: skip
    """A few other actions `seat` could have taken here (chance: other outcomes)."""
    if seat == CHANCE:
        options = [o for o, _ in game.chance_outcomes(state)]
    else:
        options = list(game.legal_actions(state, seat))
    others = [o for o in options if o != action]
    return rng.sample(others, min(ALTERNATIVES, len(others)))


@pytest.mark.parametrize("case", cases(), ids=[case_id(c) for c in cases()])
def test_log_texts_tell_no_viewer_what_its_view_hides(
    case: tuple[str, dict[str, Any]], monkeypatch: pytest.MonkeyPatch
) -> None:
    game_id, params = case
    monkeypatch.setitem(games._MODULES, "toy", "tests.core.toy_game")  # as the conformance suite
    game = games.make(game_id, **params)
    viewers = (*range(game.num_players), None)
    rng = random.Random(5)
    probed, secret = 0, 0

    def check(g: Game[Any, Any], state: Any, seat: int, action: Any) -> None:
        nonlocal probed, secret
        texts = {v: game.describe(action, v) for v in viewers}
        if not game.spec.hidden_information:
            assert len(set(texts.values())) == 1, f"a game without secrets redacts: {texts}"
        if rng.random() > 0.3:
            return
        after = game.apply(state, seat, action)
        for other in _alternatives(game, state, seat, action, rng):
            twin = game.apply(state, seat, other)
            sees = [v for v in viewers if game.observe(after, v) != game.observe(twin, v)]
            if not sees:  # nobody's view tells the two apart: nothing is anyone's secret
                continue
            probed += 1
            for v in viewers:
                if v not in sees:
                    assert game.describe(other, v) == texts[v], (
                        f"viewer {v} reads {texts[v]!r} / {game.describe(other, v)!r}, "
                        f"which only {sees} may tell apart"
                    )
            secret += len(sees) < len(viewers) and len({game.describe(other, v) for v in sees} |
                                                       {texts[v] for v in sees}) > 1  # fmt: skip

    random_playout(game, seed=8, check=check)
    assert probed > 0, "no step had an alternative that any view tells apart"
    if game.spec.hidden_information:
        assert secret > 0, "no probe changed a secret that its owner reads in the log"
