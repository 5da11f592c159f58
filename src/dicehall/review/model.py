"""What a review holds: values per seat, the decisions and chance events of a match, summaries.

Every value is a seat's chance to win in the evaluator's objective (its `unit`): an exact value
has `se` None; an estimate carries the standard error of each seat's mean.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from dicehall.core.valuation import Value as Value
from dicehall.review import story

FORMAT = 3
"""The review's version: a review kept by a server (`store.reviews`) and made by another
version is made again. 2: drift kept apart, a decision's moves played to its turn's horizon.
3: each player's accuracy, the game's biggest mistakes, luck against skill in a sentence."""


@dataclass(frozen=True, slots=True)
class Choice:
    """One move at a decision and its value (in the mover's objective)."""

    action: Any
    text: str
    value: Value


@dataclass(slots=True)
class Step:
    """One logged action: a decision (`seat` >= 0) or an event (chance, engine).

    `before`/`after`: each seat's value before and after the step (the graph's points);
    `swing`: after minus before, per seat. For a decision: the move made, the best move found,
    their values to the mover, and the mover's `loss` (best minus made, >= 0); the decision's
    `after` is the move made's value, so its swing for the mover is minus its loss.
    `drift`: where an estimate values this step's state anew (`before`) rather than going on
    from the previous step's `after`, the difference, per seat (None where it goes on)."""

    index: int
    seat: int
    kind: str  # "decision", "chance" or "engine"
    text: str
    before: Value
    after: Value
    made: Choice | None = None
    best: Choice | None = None
    loss: float = 0.0
    loss_se: float | None = None
    moves: int = 0
    exact_note: dict[str, Any] | None = None
    drift: tuple[float, ...] | None = None

    @property
    def swing(self) -> tuple[float, ...]:
        return tuple(a - b for a, b in zip(self.after.mean, self.before.mean, strict=True))


@dataclass(slots=True)
class SeatSummary:
    """Per seat: start + luck + own decisions + others' decisions + drift = final, exactly
    (by sums); `own` is minus `total_loss`."""

    seat: int
    name: str
    decisions: int
    total_loss: float
    start: float
    final: float
    luck: float
    """The sum of the chance events' swings for this seat: what the dice gave (+) or took (-)."""
    own: float
    """The sum of this seat's value changes at its own decisions (minus its losses)."""
    others: float
    """The sum of this seat's value changes at the other seats' decisions."""
    drift: float = 0.0
    """The sum of the re-estimates' differences (`Step.drift`): an estimate's own
    inconsistency, neither luck nor skill; 0 for exact values."""
    mistakes: list[int] = field(default_factory=list)
    """Indices of this seat's costliest decisions (largest loss first)."""
    exact_total: dict[str, float] | None = None


@dataclass(slots=True)
class Review:
    game: str
    params: dict[str, Any]
    seats: list[str]
    exact: bool
    method: str
    unit: str
    steps: list[Step]
    summaries: list[SeatSummary]
    notes: list[str] = field(default_factory=list)
    exact_unit: str = ""

    def curve(self) -> list[tuple[float, ...]]:
        """Each seat's value before every step, and at the end: the win-chance graph."""
        points = [s.before.mean for s in self.steps]
        if self.steps:
            points.append(self.steps[-1].after.mean)
        return points

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "params": self.params,
            "seats": self.seats,
            "exact": self.exact,
            "method": self.method,
            "unit": self.unit,
            "exact_unit": self.exact_unit,
            "notes": self.notes,
            "curve": [list(p) for p in self.curve()],
            "steps": [_step_json(s) for s in self.steps],
            "summaries": [
                {**_summary_json(s), "accuracy": story.accuracy(self, s.seat)}
                for s in self.summaries
            ],
            # in players' words (review/story.py): what the Review tab leads with
            "luck_vs_skill": story.luck_vs_skill(self),
            "biggest_mistakes": story.biggest_mistakes(self),
        }


def _value_json(value: Value) -> dict[str, Any]:
    return {"mean": list(value.mean), "se": list(value.se) if value.se is not None else None}


def _choice_json(choice: Choice | None) -> dict[str, Any] | None:
    if choice is None:
        return None
    return {"text": choice.text, "value": _value_json(choice.value)}


def _step_json(step: Step) -> dict[str, Any]:
    out: dict[str, Any] = {
        "index": step.index,
        "seat": step.seat,
        "kind": step.kind,
        "text": step.text,
        "before": _value_json(step.before),
        "after": _value_json(step.after),
        "swing": list(step.swing),
    }
    if step.drift is not None:
        out["drift"] = list(step.drift)
    if step.kind == "decision":
        out.update(
            made=_choice_json(step.made),
            best=_choice_json(step.best),
            loss=step.loss,
            loss_se=step.loss_se,
            moves=step.moves,
            exact_note=step.exact_note,
        )
    return out


def _summary_json(s: SeatSummary) -> dict[str, Any]:
    return {
        "seat": s.seat,
        "name": s.name,
        "decisions": s.decisions,
        "total_loss": s.total_loss,
        "start": s.start,
        "final": s.final,
        "luck": s.luck,
        "own": s.own,
        "others": s.others,
        "drift": s.drift,
        "mistakes": s.mistakes,
        "exact_total": s.exact_total,
    }
