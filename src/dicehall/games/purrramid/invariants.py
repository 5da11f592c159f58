"""Purrramid invariants for the rules fuzzer (`dicehall.sim.fuzz`): pure checks of a state.

Tiles are conserved (each seat's regular tiles on the board plus in hand stay its setup share;
gold tiles on the board plus in the supply stay 12), wool tokens lie exactly on the uncovered
"8" spaces, this turn's dice match their spaces, and the scores follow from the board.
Purrramid has no hidden information, so there are no hidden variants.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from dicehall.core.parts import FuzzChecks
from dicehall.games.purrramid import scoring
from dicehall.games.purrramid.board import MAX_DICE, bits
from dicehall.games.purrramid.state import EMPTY, NO_WINNER, SETUP, End, Phase, PurrramidState

FUZZ_CONFIGS: tuple[dict[str, Any], ...] = (
    *({"players": n, "side": side} for side in "ab" for n in range(2, 5)),
    {"players": 3, "connection": "adjacent"},  # the house rule (rules.md, *House rules*)
)
"""The variants, player counts and parameters the rules fuzzer plays (`dicehall fuzz`)."""

if TYPE_CHECKING:
    from dicehall.games.purrramid.rules import PurrramidGame

SEAT_KEYS = ("viewer",)
"""View keys that may differ between seats (everything else is public)."""


def violations(game: PurrramidGame, s: PurrramidState) -> list[str]:
    """What is wrong with `s` (empty when every invariant holds)."""
    return [*_board(game, s), *_tiles(game, s), *_wool(game, s), *_turn(s), *_end(game, s)]


def _board(game: PurrramidGame, s: PurrramidState) -> list[str]:
    board, out = game.board, []
    if len(s.owner) != len(board.spaces) or len(s.gold) != len(board.spaces):
        return [f"owner/gold cover {len(s.owner)}/{len(s.gold)} of {len(board.spaces)} spaces"]
    covered = sum(1 << i for i, o in enumerate(s.owner) if o != EMPTY)
    if covered != s.tile_mask:
        out.append("the tile mask disagrees with the spaces' owners")
    setup = sum(1 << i for i, o in enumerate(s.owner) if o == SETUP)
    if setup != (board.bottom_two_mask if game.num_players == 2 else 0):
        out.append("setup tiles must cover exactly the two bottom rows with 2 players")
    if any(o not in (EMPTY, SETUP) and not 0 <= o < game.num_players for o in s.owner):
        out.append(f"a space owned by no seat: {s.owner}")
    if s.dice_mask & s.tile_mask:
        out.append("dice lie on spaces covered by tiles")
    return out


def _tiles(game: PurrramidGame, s: PurrramidState) -> list[str]:
    """Regular and gold tiles are conserved; gold tiles are the winner's only."""
    from dicehall.games.purrramid.rules import GOLD_TILES, TILES_PER_SEAT

    costs = [sp.cost for sp in game.board.spaces]
    start, out = TILES_PER_SEAT[game.num_players], []
    for seat in range(game.num_players):
        placed = sum(c - g for c, g, o in zip(costs, s.gold, s.owner, strict=True) if o == seat)
        if s.regular[seat] < 0 or placed + s.regular[seat] != start[seat]:
            out.append(f"seat {seat}: {placed} regular tiles placed + {s.regular[seat]} in hand")
    if any(not 0 <= g <= c for g, c in zip(s.gold, costs, strict=True)):
        out.append(f"a space with more gold tiles than it takes: {s.gold}")
    gold_on_board = sum(s.gold)
    if not 0 <= s.gold_left <= GOLD_TILES or gold_on_board + s.gold_left != GOLD_TILES:
        out.append(f"{gold_on_board} gold tiles on the board + {s.gold_left} in the supply")
    if any(g and o != s.winner for g, o in zip(s.gold, s.owner, strict=True)):
        out.append("gold tiles on a space not covered by the winner (Winning)")
    if s.winner != NO_WINNER and s.regular[s.winner] != 0:
        out.append(f"winner {s.winner} still has {s.regular[s.winner]} regular tiles")
    return out


def _wool(game: PurrramidGame, s: PurrramidState) -> list[str]:
    """A wool token stays on each "8" until a tile covers it; spent tokens go to the box."""
    board, out = game.board, []
    if s.wool_mask != board.eights_mask & ~s.tile_mask:
        out.append("wool tokens must lie on exactly the uncovered 8 spaces")
    if any(w < 0 for w in s.wool):
        out.append(f"negative wool: {s.wool}")
    setup = board.bottom_two_mask if game.num_players == 2 else 0
    taken = (board.eights_mask & s.tile_mask & ~setup).bit_count()
    if sum(s.wool) > taken:
        out.append(f"{sum(s.wool)} wool held but only {taken} taken from the board")
    return out


def _turn(s: PurrramidState) -> list[str]:
    """This turn's dice: on distinct spaces of the dice mask, the rest still to roll."""
    out = []
    spaces = [sp for sp, _ in s.turn]
    if sorted(spaces) != bits(s.dice_mask):
        out.append(f"this turn's spaces {spaces} disagree with the dice mask")
    used = sum(len(d) for _, d in s.turn)
    over = s.phase is Phase.OVER  # the last turn's dice are gone; `left` is not reset
    if not 1 <= s.dice <= MAX_DICE or s.left < 0 or (used + s.left != s.dice and not over):
        out.append(f"{used} dice placed + {s.left} left of {s.dice} this turn")
    if any(not 1 <= v <= 6 for _, d in s.turn for v in d):
        out.append(f"a placed die outside 1..6: {s.turn}")
    if s.phase is Phase.PLACE:
        if len(s.roll) != s.left or list(s.roll) != sorted(s.roll):
            out.append(f"roll {s.roll} is not a sorted roll of the {s.left} dice left")
    elif s.roll:
        out.append(f"a roll {s.roll} outside the PLACE phase")
    if s.phase is Phase.ROLL and s.left == 0:
        out.append("a roll of no dice")
    return out


def _end(game: PurrramidGame, s: PurrramidState) -> list[str]:
    """The end conditions are checked after each turn; the scores follow from the board."""
    out, found = [], scoring.end_condition(game.board, s)
    over = s.phase is Phase.OVER
    if not over and (s.end is not End.NONE or found is not End.NONE):
        out.append(f"the game goes on although it ended: {s.end.name}, {found.name}")
    if over and s.end not in (found, End.TURN_LIMIT):
        out.append(f"ended for {s.end.name} but the board says {found.name}")
    points = scoring.scores(s)
    for seat, p in enumerate(points):
        expected = sum(s.gold) if seat == s.winner else -s.regular[seat]
        if p != expected:
            out.append(f"seat {seat} scores {p}, the board says {expected}")
    return out


def step_violations(
    game: PurrramidGame, s: PurrramidState, action: object, t: PurrramidState
) -> list[str]:
    """One action: tiles stay where they are, supplies only shrink, wool moves one way."""
    from dicehall.games.purrramid.actions import SpendWool

    out = []
    if s.tile_mask & ~t.tile_mask or any(
        a != b for a, b in zip(s.owner, t.owner, strict=True) if a != EMPTY
    ):
        out.append("a tile was moved or removed")
    if any(b > a for a, b in zip(s.regular, t.regular, strict=True)) or t.gold_left > s.gold_left:
        out.append("tiles came back to a supply")
    spent = sum(s.wool) - sum(t.wool)
    taken = (s.wool_mask & ~t.wool_mask).bit_count()
    if spent != (1 if isinstance(action, SpendWool) else 0) - taken:
        out.append(f"wool held changed by {-spent} with {taken} taken from the board")
    if t.turns - s.turns not in (0, 1) or (s.winner != NO_WINNER and t.winner != s.winner):
        out.append("turns went back or jumped, or the winner changed")
    return out


CHECKS = FuzzChecks(
    violations=violations,
    step_violations=step_violations,
    seat_keys=SEAT_KEYS,
    configs=FUZZ_CONFIGS,
)
"""This game's `checks` part (`GameParts.checks`)."""
