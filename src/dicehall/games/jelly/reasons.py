"""One log line per change of a player's Jelly or Jelly-pods in a scoring step, with the
reward that made it (docs/rules/jelly.md, "Scoring a round" and "District rewards"): a +2 and a
-2 in one step are two lines, where a net change would show none.

The step's scoring ops are run again under `scoring.traced`: the move that made the step is
found among the legal ones (the one whose result shows the public table after it, tried from
the public table before it), so every reason is the rules' own op, never a guess from the
totals. Read from the spectators' view only (the public table), so every viewer may read
every line.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from dicehall.core import CHANCE, ENGINE
from dicehall.core.parts import explained_move
from dicehall.games.jelly import scoring
from dicehall.games.jelly.content import Give, Tribute, reward_text
from dicehall.games.jelly.state import Debt, Grant, JellyState, Op, ScoreCentre, evolve

if TYPE_CHECKING:
    from dicehall.games.jelly.rules import JellyGame


def _signed(n: int) -> str:
    return f"+{n}" if n > 0 else f"−{-n}"


def _moves(game: JellyGame, s: JellyState) -> Iterator[tuple[int, Any]]:
    """Every move that could have made the next step: chance outcomes, the sand timer, the
    actors' legal moves."""
    for seat in game.actors(s):
        if seat == CHANCE:
            yield from ((CHANCE, outcome) for outcome, _ in game.chance_outcomes(s))
        else:
            yield from ((seat, action) for action in game.legal_actions(s, seat))
    yield from ((ENGINE, action) for action in game.legal_actions(s, ENGINE))


def _public_twins(s: JellyState) -> Iterator[JellyState]:
    """`s` with the rolls behind the screens replaced by what the public table allows: a move
    that ends a round by placing places a seat's last dice, all of one value, so each value
    for every held roll (no line may depend on a roll nobody else has seen)."""
    if not any(s.rolls):
        yield s
        return
    for value in range(1, 7):
        yield evolve(s, rolls=tuple((value,) * len(r) if r else r for r in s.rolls))


def replay(
    game: JellyGame, before: JellyState, after: JellyState
) -> list[tuple[Any, scoring.Traced]]:
    """Each move (from a public twin of `before`) whose result shows the public table of
    `after`, with the scoring ops it ran; only the logged move where the caller names it
    (`core.parts.explained_move`: after a round's last die the board is cleared, and other
    moves may leave the same table)."""
    public = game.observe(after, None)
    known = explained_move()  # the logged move, where the caller has it: no other fits
    found = []
    for twin in _public_twins(before):
        for seat, move in _moves(game, twin):
            if known is not None and (seat, move) != known:
                continue
            with scoring.traced() as ops:
                try:
                    got = game.apply(twin, seat, move)
                except Exception:  # an outcome the state cannot take: not this one
                    continue
            if game.observe(got, None) == public:
                found.append((move, ops))
    return found


def _reason(op: Op, seat: int, view: dict[str, Any], last: Grant | None) -> str:
    if isinstance(op, ScoreCentre):
        return "most dice in the city centre: a Jelly-pod"
    if isinstance(op, Grant):
        d = view["districts"][op.district]
        whose = "a neighbour's reward" if op.adjacent else "the Target reward"
        return f"{d['letter']} {d['name']}, {whose}: {reward_text((op.atom,))}"
    assert isinstance(op, Debt)
    why = ""
    if last is not None and isinstance(last.atom, Tribute | Give):
        d = view["districts"][last.district]
        why = f" ({d['letter']} {d['name']}: {reward_text((last.atom,))})"
    if seat == op.giver:
        paid = ", ".join(f"Player {r + 1}" for r, _ in op.owed)
        return f"pays {paid}{why}"
    return f"paid by Player {op.giver + 1}{why}"


def _lines(seat: int, was: JellyState, now: JellyState, reason: str) -> list[str]:
    out = []
    if now.jelly[seat] != was.jelly[seat]:
        change = _signed(now.jelly[seat] - was.jelly[seat])
        out.append(
            f"Player {seat + 1} {change} Jelly ({was.jelly[seat]} → {now.jelly[seat]}): {reason}"
        )
    if now.pods[seat] != was.pods[seat]:
        change = _signed(now.pods[seat] - was.pods[seat])
        out.append(f"Player {seat + 1} {change} Jelly-pod ({now.pods[seat]} now): {reason}")
    return out


def change_lines(
    game: JellyGame, before: JellyState, after: JellyState
) -> tuple[JellyState | None, list[str]]:
    """Each change of Jelly and pods in the step from `before` to `after`, in the order the
    rules made them, with its reason; a change made by the move itself (a player short of
    Jelly handing one over) gives the move's own words. Also the state the step's scoring
    started from (the board as scored, after the step's own move), None where none ran.
    Where the public table fits moves that tell different stories, none is told."""
    view = game.observe(before, None)
    stories = [
        _story(game, view, before, after, move, ops) for move, ops in replay(game, before, after)
    ]
    # one story: the same lines from the same board (twins differ only behind the screens)
    told = {(lines, board and (board.entrances, board.targets)) for board, lines in stories}
    if len(told) != 1:
        return None, []
    board, lines = stories[0]
    return board, list(lines)


def _story(
    game: JellyGame,
    view: dict[str, Any],
    before: JellyState,
    after: JellyState,
    move: Any,
    ops: scoring.Traced,
) -> tuple[JellyState | None, tuple[str, ...]]:
    """The board as scored and the lines of one candidate move."""
    start = ops[0][1] if ops else None
    out = _choice_lines(game, move, before, start if start is not None else after)
    last: Grant | None = None
    for op, was, now in ops:
        if isinstance(op, Grant):
            last = op
        if now.jelly == was.jelly and now.pods == was.pods:
            continue  # scoring a district only queues its rewards; a reroll moves a die
        for seat in range(game.num_players):
            out.extend(_lines(seat, was, now, _reason(op, seat, view, last)))
    return start, tuple(out)


def _choice_lines(game: JellyGame, move: Any, before: JellyState, start: JellyState) -> list[str]:
    """What the move changed before any op ran (GiveJelly: one Jelly from a short giver)."""
    words = game.describe(move, None)
    out = []
    for seat in range(game.num_players):
        out.extend(_lines(seat, before, start, words))
    return out
