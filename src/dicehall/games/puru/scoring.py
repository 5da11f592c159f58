"""The end of the game and its result (docs/rules/puru.md, *The end* and *Solo*)."""

from __future__ import annotations

from dicehall.core.types import Result, competition_ranks
from dicehall.games.puru.actions import Character
from dicehall.games.puru.state import TRACK_MAX

DRIPPED_SCORE = -1.0
"""A player at 0 Jelly loses: their score ranks below every other player's."""
DRIPPED_OUT = "dripped to 0 Jelly: out of the game, scored -1 (below every other player)"
"""The result's reason for that -1 (docs/rules/puru.md, *The end*)."""


def final_result(
    love: tuple[int, ...], excite: tuple[int, ...], jelly: tuple[int, ...], names: tuple[str, ...]
) -> Result:
    """Paradice first: everyone at 20 Love or Excitement wins. Else drip-out scoring."""
    seats = range(len(love))
    paradice = [s for s in seats if TRACK_MAX in (love[s], excite[s])]
    if paradice:
        # scores: the higher track, so the winners' 20 ranks above everyone else
        scores = tuple(float(max(love[s], excite[s])) for s in seats)
        notes = tuple(
            f"{names[s]} reached 20 {'Love' if love[s] == TRACK_MAX else 'Excitement'}"
            for s in paradice
        )
        notes += ("scores are the higher of Love and Excitement: 20 reached Paradice",)
        notes += tracks(love, excite, jelly, names)
        return Result(scores, tuple(paradice), competition_ranks(scores), "paradice", notes)
    out = [s for s in seats if jelly[s] <= 0]
    if len(out) == len(love):
        return _nobody_wins(names)
    compared = [s for s in seats if s not in out]
    scores = tuple(
        float(min(love[s], excite[s])) if s in compared else DRIPPED_SCORE for s in seats
    )
    best = max(scores[s] for s in compared)
    winners = tuple(s for s in compared if scores[s] == best)
    lines = [f"{names[s]} {DRIPPED_OUT}" for s in out]
    lines.append("scores are the lower of Love and Excitement; the highest wins, ties share")
    lines += tracks(love, excite, jelly, names)
    return Result(scores, winners, competition_ranks(scores), "drip-out", tuple(lines))


def tracks(
    love: tuple[int, ...], excite: tuple[int, ...], jelly: tuple[int, ...], names: tuple[str, ...]
) -> tuple[str, ...]:
    """Each player's three tracks at the end (docs/rules/puru.md, *The end*)."""
    return tuple(
        f"{names[s]}: Love {love[s]}, Excitement {excite[s]}, Jelly {jelly[s]}"
        for s in range(len(love))
    )


def _nobody_wins(names: tuple[str, ...]) -> Result:
    """Every player dripped to 0 in the same roll: players at 0 Jelly lose and no other player
    is left to score, so nobody wins; all share the last place (*The end*, drip-out)."""
    scores = (DRIPPED_SCORE,) * len(names)
    lines = (*(f"{name} {DRIPPED_OUT}" for name in names), "everyone dripped out: nobody wins")
    return Result(scores, (), competition_ranks(scores), "drip-out", lines)


def player_names(players: int, auto: str, characters: tuple[int, ...]) -> tuple[str, ...]:
    """'Player 1'... ('You' and `auto` in Solo), with the character in the Full game."""
    names = [f"Player {s + 1}" for s in range(players)]
    if auto:
        names = ["You", auto]
    for s, c in enumerate(characters):
        names[s] += f" ({Character(c).label})"
    return tuple(names)
