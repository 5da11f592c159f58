"""The review of a finished match: every decision scored against the best move, every chance
event's swing, and per seat the exact sum start + luck + decisions (+ an estimate's drift) =
final.

Each state along the match gets one value per seat (`Value`): at a decision, the best examined
move's value (a player who plays best keeps it); right after a decision, the value of the move
made; at a chance event not preceded by a decision, the evaluator's value of the state; at the
end, the result in the evaluator's objective. A step's swing is the value after it minus the
value before it: those of chance (and engine) events are luck, those of decisions skill, and a
decision's swing for its own seat is exactly minus its loss.

Where the next step's value is a new estimate rather than the one the step ended with (a
decision after a decision: its best move's value against the move made before; a state in
another turn, which estimates measure to another horizon: `Evaluator.context`), the difference
is the next step's `drift`: the estimate's own inconsistency, neither luck nor skill, kept
apart so that per seat start + luck + own + others' decisions + drift = final exactly. Solved
tables are consistent: their drift is 0 up to float32 rounding.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from dicehall.core.errors import DicehallError
from dicehall.core.types import CHANCE, OMNISCIENT
from dicehall.engine.match import LogEntry
from dicehall.engine.record import Record, game_of, replay
from dicehall.review.estimate import paired_se
from dicehall.review.model import Choice, Review, SeatSummary, Step, Value
from dicehall.review.protocol import Annotator, Evaluator, game_hooks

TIE = 1e-6  # a move within this of the best is as good as the best (float32 tables)
MISTAKES = 3  # costliest decisions listed per seat
Progress = Callable[[int, int], None]


class NotReviewable(DicehallError):
    """The record cannot be reviewed (unfinished: the review is omniscient)."""


def pick_evaluator(
    game: Any, *, estimate: dict[str, Any] | None = None
) -> tuple[Evaluator, list[str]]:
    """The game's exact evaluator where it has one here, else a rollout estimate; and notes
    saying why a game with an exact solution was estimated."""
    from dicehall.review.estimate import RolloutEvaluator

    notes: list[str] = []
    hooks = game_hooks(game)
    if hooks is not None and hooks.exact_evaluator is not None:
        found = hooks.exact_evaluator(game)
        if not isinstance(found, str):
            return found, notes
        notes.append(found)
    options = {**(hooks.estimate if hooks is not None else {}), **(estimate or {})}
    return RolloutEvaluator(game, **options), notes


def review_record(
    record: Record,
    *,
    evaluator: Evaluator | None = None,
    estimate: dict[str, Any] | None = None,
    progress: Progress | None = None,
) -> Review:
    """Review a finished record (raises `NotReviewable`, `CorruptRecordError`)."""
    game = game_of(record)
    states = [state for _, state in replay(record)]
    if not game.is_terminal(states[-1]):
        raise NotReviewable("only a finished match can be reviewed (a review shows every secret)")
    notes: list[str] = []
    if evaluator is None:
        evaluator, notes = pick_evaluator(game, estimate=estimate)
    hooks = game_hooks(game)
    make_annotator = hooks.annotator if hooks is not None else None
    annotator = make_annotator(game) if make_annotator is not None else None
    names = seat_names(record, game, states[-1])
    review = review_states(game, states, record.actions, evaluator, names, annotator, progress)
    review.notes[:0] = notes
    return review


def seat_names(record: Record, game: Any, final: Any) -> list[str]:
    """`seat 0 (Player 1, greedy)`: the game's names for the players and the record's bots."""
    players = game.observe(final, None).get("players")
    names = []
    for seat in range(game.num_players):
        info = next((s for s in record.seats if s.get("seat") == seat), {})
        parts = []
        if isinstance(players, list) and seat < len(players) and isinstance(players[seat], dict):
            parts.append(str(players[seat].get("name", "")))
        parts.append(str(info.get("bot") or info.get("kind") or ""))
        label = ", ".join(p for p in parts if p)
        names.append(f"seat {seat}" + (f" ({label})" if label else ""))
    return names


def review_states(
    game: Any,
    states: Sequence[Any],
    entries: Sequence[LogEntry],
    evaluator: Evaluator,
    names: Sequence[str],
    annotator: Annotator | None = None,
    progress: Progress | None = None,
) -> Review:
    """Review the path `states[0] -a0-> states[1] ...` (`entries[i]` leads from state i)."""
    actions = [game.action_from_json(e.action) for e in entries]
    options: dict[int, dict[Any, Value]] = {}
    notes: dict[int, dict[str, Any] | None] = {}
    context = getattr(evaluator, "context", None)

    def decides(i: int) -> bool:
        return i < len(entries) and entries[i].seat >= 0 and not game.is_terminal(states[i])

    def same_context(i: int, j: int) -> bool:
        """Whether values at states i and j are measured alike (an end is the same for all)."""
        if context is None or game.is_terminal(states[j]):
            return True
        return bool(context(states[i]) == context(states[j]))

    def own_value(i: int) -> Value:
        """State i's value in its own context: at a decision the best examined move's."""
        state = states[i]
        if game.is_terminal(state):
            return Value(evaluator.terminal_value(state))
        if decides(i):
            seat = entries[i].seat
            note = notes[i] = annotator(state, seat, actions[i]) if annotator else None
            also = (note.pop("best_action"),) if note and "best_action" in note else ()
            options[i] = evaluator.action_values(state, seat, actions[i], also)
            return best_of(options[i], seat, actions[i])[1]
        return evaluator.state_value(state)

    steps: list[Step] = []
    before, drift = own_value(0), None
    for i, entry in enumerate(entries):
        following: Value | None = None  # state i + 1's value in its own context, once known
        if decides(i):
            after = options[i][actions[i]]  # the move made: its swing is minus its loss
            if not decides(i + 1) and same_context(i, i + 1):
                following = after  # a roll (or the end) goes on from the move made
        elif same_context(i, i + 1):
            after = following = own_value(i + 1)
        else:  # the roll's outcome valued to the same horizon as before it
            after = evaluator.state_value(states[i + 1], within=states[i])
        step = _step(game, i, entry, actions[i], before, after, options.get(i),
                     notes.pop(i, None))  # fmt: skip
        step.drift = drift
        steps.append(step)
        options.pop(i, None)
        if i + 1 < len(entries):
            before = following if following is not None else own_value(i + 1)
            drift = None if following is not None else _difference(before, after)
        if progress is not None:
            progress(i + 1, len(entries))
    summaries = [_summary(seat, names[seat], steps) for seat in range(game.num_players)]
    return Review(
        game=game.id,
        params=dict(game.params),
        seats=list(names),
        exact=evaluator.exact,
        method=evaluator.method,
        unit=evaluator.unit,
        steps=steps,
        summaries=summaries,
        exact_unit=next((s.exact_note["unit"] for s in steps if s.exact_note), ""),
    )


def _difference(a: Value, b: Value) -> tuple[float, ...]:
    return tuple(x - y for x, y in zip(a.mean, b.mean, strict=True))


def best_of(values: dict[Any, Value], seat: int, chosen: Any) -> tuple[Any, Value]:
    """The best examined move for `seat` (the move made when it is within `TIE` of the best)."""
    best = max(values, key=lambda a: values[a].mean[seat])
    if values[chosen].mean[seat] >= values[best].mean[seat] - TIE:
        best = chosen
    return best, values[best]


def _step(
    game: Any,
    i: int,
    entry: LogEntry,
    action: Any,
    before: Value,
    after: Value,
    values: dict[Any, Value] | None,
    note: dict[str, Any] | None,
) -> Step:
    text = game.describe(action, OMNISCIENT)
    if entry.seat < 0 or values is None:
        kind = "chance" if entry.seat == CHANCE else "engine"
        return Step(i, entry.seat, kind, text, before, after)
    seat = entry.seat
    best, best_value = best_of(values, seat, action)
    made = values[action]
    loss = max(best_value.mean[seat] - made.mean[seat], 0.0)
    loss_se = None
    if best_value.se is not None and made.se is not None:
        paired = paired_se(best_value, made, seat)
        unpaired = (best_value.se[seat] ** 2 + made.se[seat] ** 2) ** 0.5
        loss_se = paired if paired is not None else unpaired
    return Step(
        i, seat, "decision", text, before, after,
        made=Choice(action, text, made),
        best=Choice(best, game.describe(best, OMNISCIENT), best_value),
        loss=loss, loss_se=loss_se, moves=len(values), exact_note=note,
    )  # fmt: skip


def _summary(seat: int, name: str, steps: Sequence[Step]) -> SeatSummary:
    luck = sum(s.swing[seat] for s in steps if s.kind != "decision")
    own = sum(s.swing[seat] for s in steps if s.kind == "decision" and s.seat == seat)
    others = sum(s.swing[seat] for s in steps if s.kind == "decision" and s.seat != seat)
    drift = sum(s.drift[seat] for s in steps if s.drift is not None)
    mine = [s for s in steps if s.kind == "decision" and s.seat == seat]
    costly = sorted((s for s in mine if s.loss > max(TIE, 2 * (s.loss_se or 0.0))),
                    key=lambda s: -s.loss)  # fmt: skip
    notes = [s.exact_note for s in mine if s.exact_note]
    exact_total = None
    if notes:
        exact_total = {"loss": sum(n["loss"] for n in notes), "decisions": float(len(notes))}
    return SeatSummary(
        seat=seat, name=name, decisions=len(mine), total_loss=sum(s.loss for s in mine),
        start=steps[0].before.mean[seat] if steps else 0.0,
        final=steps[-1].after.mean[seat] if steps else 0.0,
        luck=luck, own=own, others=others, drift=drift,
        mistakes=[s.index for s in costly[:MISTAKES]], exact_total=exact_total,
    )  # fmt: skip
