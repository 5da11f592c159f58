"""Game end and scoring (rules.md, *Winning, gold tiles and the end*)."""

from __future__ import annotations

from dicehall.core.types import Result, competition_ranks
from dicehall.games.purrramid.board import Board
from dicehall.games.purrramid.state import NO_WINNER, End, PurrramidState

GOLD_TILES = 12

REASONS = {
    End.BOARD_FULL: "all spaces of the board are covered",
    End.SECOND_PLAYER_DONE: "a second player placed all their tiles",
    End.GOLD_DONE: "the winner placed all 12 gold tiles",
    End.TURN_LIMIT: "the turn limit was reached (no rulebook end)",
}

# The winner's title by gold tiles placed (rulebook "Game End and Scoring").
TITLES = (
    (0, 0, "Decent Kitten Juggler"),
    (1, 2, "Drowsy Whisperer"),
    (3, 4, "Pawssionate Lullabist"),
    (5, 6, "Master of Cat Naps"),
    (7, 8, "Grand Slumbermage"),
    (9, 11, "Legendary Dreamweaver"),
    (12, 12, "The Ultimate Purrrchitect of Sleep"),
)


def title(gold_placed: int) -> str:
    """The winner's title for `gold_placed` gold tiles."""
    for low, high, name in TITLES:
        if low <= gold_placed <= high:
            return name
    raise ValueError(f"gold tiles placed out of range: {gold_placed}")


def end_condition(board: Board, state: PurrramidState) -> End:
    """Which end condition holds after a turn, in the rulebook's order (NONE if none)."""
    if state.tile_mask == board.all_mask:
        return End.BOARD_FULL
    if state.winner != NO_WINNER:
        others = (r for s, r in enumerate(state.regular) if s != state.winner)
        if any(r == 0 for r in others):
            return End.SECOND_PLAYER_DONE
        if state.gold_left == 0:
            return End.GOLD_DONE
    return End.NONE


def scores(state: PurrramidState) -> tuple[int, ...]:
    """Winner: gold tiles placed; everyone else: minus their regular tiles left (at the turn
    limit everyone, see `no_one_has_won`)."""
    if no_one_has_won(state):
        return tuple(-r for r in state.regular)
    gold_placed = GOLD_TILES - state.gold_left
    return tuple(gold_placed if s == state.winner else -r for s, r in enumerate(state.regular))


def no_one_has_won(state: PurrramidState) -> bool:
    """At the turn limit no one has won, even a player who placed all their regular tiles:
    everyone scores minus their regular tiles left and the best score wins (rules.md,
    *Winning, gold tiles and the end*: the turn limit)."""
    return state.winner == NO_WINNER or state.end is End.TURN_LIMIT


def result(state: PurrramidState, num_players: int) -> Result:
    """Final result: the first player out wins; the others rank by their scores."""
    points = scores(state)
    reason = REASONS.get(state.end, "the game is not over")
    if no_one_has_won(state):  # only at the turn limit
        ranks = competition_ranks(points)
        winners = tuple(s for s in range(num_players) if ranks[s] == 1)
        return Result(tuple(map(float, points)), winners, ranks, reason, tile_notes(state))
    others = [p for s, p in enumerate(points) if s != state.winner]
    ranks = tuple(
        1 if s == state.winner else 2 + sum(1 for o in others if o > p)
        for s, p in enumerate(points)
    )
    gold_placed = GOLD_TILES - state.gold_left
    note = (
        f"Player {state.winner + 1} placed every regular tile first, then {gold_placed} gold "
        f"tiles: {title(gold_placed)} (score {gold_placed})"
    )
    notes = (note, *tile_notes(state, skip=state.winner))
    return Result(tuple(map(float, points)), (state.winner,), ranks, reason, notes)


def tile_notes(state: PurrramidState, skip: int = NO_WINNER) -> tuple[str, ...]:
    """Everyone but the winner scores minus their regular tiles left."""
    return tuple(
        f"Player {s + 1}: {r} regular tile{'' if r == 1 else 's'} left (score {-r})"
        for s, r in enumerate(state.regular)
        if s != skip
    )
