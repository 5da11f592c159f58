"""District faces: reward atoms, the TOML loader and its validation.

A face has three zones; a zone's reward is a sequence of atoms resolved left to right
(rulebook, "District Rewards"). Built-in faces are a documented reconstruction; a user may
pass their own file. Every parsed value is a frozen dataclass so it can sit in a state.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from dicehall.core.errors import ContentError

LEFT, RIGHT, EITHER = "left", "right", "either"


@dataclass(frozen=True, slots=True)
class Jelly:
    """Take N Jelly from the supply (0 allowed)."""

    amount: int


@dataclass(frozen=True, slots=True)
class TakePod:
    """Take the top Jelly-pod."""


@dataclass(frozen=True, slots=True)
class DiscardPod:
    """Return one of your Jelly-pods to the box."""


@dataclass(frozen=True, slots=True)
class JellyPerPod:
    """Take N Jelly for each Jelly-pod you have."""

    amount: int


@dataclass(frozen=True, slots=True)
class Adjacent:
    """Gain the Target reward of the left/right/either neighbouring district."""

    side: str


@dataclass(frozen=True, slots=True)
class Tribute:
    """Each other player gives you N Jelly."""

    amount: int


@dataclass(frozen=True, slots=True)
class Give:
    """Give N Jelly to each other player."""

    amount: int


@dataclass(frozen=True, slots=True)
class DiceCount:
    """`few` when you have at most `up_to` counting dice here, else `many`."""

    up_to: int
    few: tuple[Atom, ...]
    many: tuple[Atom, ...]


@dataclass(frozen=True, slots=True)
class Podium:
    """`ranks[0]` to the highest totals, `ranks[1]` to the second highest...; `others` to
    every other player with a counting die here."""

    ranks: tuple[tuple[Atom, ...], ...]
    others: tuple[Atom, ...]


@dataclass(frozen=True, slots=True)
class JellyPerDie:
    """Promotional New York: N Jelly per counting die of yours showing an odd/even value."""

    amount: int
    parity: str


Atom = (
    Jelly
    | TakePod
    | DiscardPod
    | JellyPerPod
    | Adjacent
    | Tribute
    | Give
    | DiceCount
    | Podium
    | JellyPerDie
)
Reward = tuple[Atom, ...]


@dataclass(frozen=True, slots=True)
class Face:
    """One side of a district board."""

    id: str
    board: int
    name: str
    beginner: bool
    zones: tuple[Reward, Reward, Reward]
    reroll: bool = False  # promotional Cannes: dice are rerolled before scoring


class _Parser:
    def __init__(self, source: str) -> None:
        self.source = source

    def fail(self, where: str, problem: str) -> ContentError:
        return ContentError(self.source, where, problem)

    def integer(self, value: Any, where: str, low: int, high: int) -> int:
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise self.fail(where, f"expected an integer {low}..{high}, got {value!r}")
        return value

    def reward(self, value: Any, where: str, nested: bool = False) -> Reward:
        if not isinstance(value, list) or not value:
            raise self.fail(where, "a reward is a non-empty list of atoms")
        return tuple(self.atom(a, f"{where}[{i}]", nested) for i, a in enumerate(value))

    def atom(self, value: Any, where: str, nested: bool) -> Atom:
        if not isinstance(value, dict) or len(value) != 1:
            raise self.fail(where, f"an atom is a table with one key, got {value!r}")
        ((key, arg),) = value.items()
        simple: dict[str, Callable[[], Atom]] = {
            "jelly": lambda: Jelly(self.integer(arg, where, 0, 50)),
            "pod": lambda: self.flag(arg, where, TakePod()),
            "discard_pod": lambda: self.flag(arg, where, DiscardPod()),
            "jelly_per_pod": lambda: JellyPerPod(self.integer(arg, where, 1, 10)),
            "tribute": lambda: Tribute(self.integer(arg, where, 1, 5)),
            "give": lambda: Give(self.integer(arg, where, 1, 5)),
            "adjacent": lambda: Adjacent(self.side(arg, where)),
        }
        if key in simple:
            return simple[key]()
        if nested:
            raise self.fail(where, f"{key!r} cannot be nested inside another reward")
        if key == "dice_count":
            return self.dice_count(arg, where)
        if key == "podium":
            return self.podium(arg, where)
        if key == "jelly_per_die":
            return self.per_die(arg, where)
        raise self.fail(where, f"unknown reward {key!r}")

    def flag(self, arg: Any, where: str, atom: Atom) -> Atom:
        self.integer(arg, where, 1, 1)
        return atom

    def side(self, arg: Any, where: str) -> str:
        if arg not in (LEFT, RIGHT, EITHER):
            raise self.fail(where, f"adjacent must be left, right or either, got {arg!r}")
        return str(arg)

    def table(self, arg: Any, where: str, keys: set[str]) -> dict[str, Any]:
        if not isinstance(arg, dict) or set(arg) - keys:
            raise self.fail(where, f"expected a table with keys {sorted(keys)}")
        return arg

    def dice_count(self, arg: Any, where: str) -> DiceCount:
        t = self.table(arg, where, {"up_to", "few", "many"})
        return DiceCount(
            self.integer(t.get("up_to"), f"{where}.up_to", 1, 6),
            self.reward(t.get("few"), f"{where}.few", nested=True),
            self.reward(t.get("many"), f"{where}.many", nested=True),
        )

    def podium(self, arg: Any, where: str) -> Podium:
        t = self.table(arg, where, {"ranks", "others"})
        ranks = t.get("ranks")
        if not isinstance(ranks, list) or not 1 <= len(ranks) <= 3:
            raise self.fail(f"{where}.ranks", "expected 1 to 3 rewards")
        parsed = tuple(self.reward(r, f"{where}.ranks[{i}]", True) for i, r in enumerate(ranks))
        others = self.reward(t["others"], f"{where}.others", True) if "others" in t else ()
        return Podium(parsed, others)

    def per_die(self, arg: Any, where: str) -> JellyPerDie:
        t = self.table(arg, where, {"amount", "parity"})
        if t.get("parity") not in ("odd", "even"):
            raise self.fail(f"{where}.parity", "expected odd or even")
        return JellyPerDie(self.integer(t.get("amount"), f"{where}.amount", 1, 10), t["parity"])

    def face(self, value: Any, where: str) -> Face:
        keys = {"id", "board", "name", "beginner", "zones"}
        t = self.table(value, where, keys | {"reroll_before_scoring"})
        missing = keys - set(t)
        if missing:
            raise self.fail(where, f"missing {', '.join(sorted(missing))}")
        zones = t["zones"]
        if not isinstance(zones, list) or len(zones) != 3:
            raise self.fail(f"{where}.zones", "a district has exactly 3 zones")
        parsed = tuple(self.reward(z, f"{where}.zones[{i}]") for i, z in enumerate(zones))
        if len(set(parsed)) != 3:
            raise self.fail(f"{where}.zones", "the 3 zones must show different rewards")
        reroll = t.get("reroll_before_scoring", False)
        if not all(isinstance(x, bool) for x in (t["beginner"], reroll)):
            raise self.fail(where, "beginner and reroll_before_scoring must be true or false")
        if not isinstance(t["name"], str):
            raise self.fail(where, "name must be text")
        return Face(str(t["id"]), self.integer(t["board"], f"{where}.board", 1, 99), t["name"],
                    t["beginner"], (parsed[0], parsed[1], parsed[2]), reroll)  # fmt: skip


def parse_faces(data: dict[str, Any], source: str) -> tuple[Face, ...]:
    """Validated faces of a districts file; raises `ContentError` naming the bad entry."""
    p = _Parser(source)
    raw = data.get("face")
    if not isinstance(raw, list) or not raw:
        raise p.fail("face", "expected [[face]] entries")
    faces = tuple(p.face(f, f"face[{i}]") for i, f in enumerate(raw))
    ids = [f.id for f in faces]
    if len(set(ids)) != len(ids):
        raise p.fail("face", "face ids must be unique")
    for board in {f.board for f in faces}:
        if sum(f.board == board for f in faces) > 2:
            raise p.fail("face", f"board {board} has more than two faces")
    return faces


def parse_reward(value: Any, source: str) -> Reward:
    """One zone's reward from its TOML/JSON form (views carry rewards in this form)."""
    return _Parser(source).reward(value, "reward")


def boards(faces: tuple[Face, ...], beginner_only: bool) -> tuple[tuple[int, ...], ...]:
    """Face indices grouped by board, keeping only beginner faces when asked."""
    out: dict[int, list[int]] = {}
    for i, f in enumerate(faces):
        if f.beginner or not beginner_only:
            out.setdefault(f.board, []).append(i)
    return tuple(tuple(v) for _, v in sorted(out.items()))


def atom_to_json(atom: Atom) -> dict[str, Any]:
    """The TOML form of an atom (what views show and bots read)."""
    match atom:
        case Jelly(n):
            return {"jelly": n}
        case TakePod():
            return {"pod": 1}
        case DiscardPod():
            return {"discard_pod": 1}
        case JellyPerPod(n):
            return {"jelly_per_pod": n}
        case Adjacent(side):
            return {"adjacent": side}
        case Tribute(n):
            return {"tribute": n}
        case Give(n):
            return {"give": n}
        case DiceCount(up_to, few, many):
            return {"dice_count": {"up_to": up_to, "few": reward_to_json(few),
                                   "many": reward_to_json(many)}}  # fmt: skip
        case Podium(ranks, others):
            podium: dict[str, Any] = {"ranks": [reward_to_json(r) for r in ranks]}
            if others:
                podium["others"] = reward_to_json(others)
            return {"podium": podium}
        case JellyPerDie(amount, parity):
            return {"jelly_per_die": {"amount": amount, "parity": parity}}
    raise TypeError(atom)  # pragma: no cover


def reward_to_json(reward: Reward) -> list[dict[str, Any]]:
    return [atom_to_json(a) for a in reward]


def reward_text(reward: Reward) -> str:
    """A short label: '7 Jelly', 'pod', 'discard pod + 8 Jelly'..."""
    return " + ".join(_atom_text(a) for a in reward) if reward else "nothing"


def _atom_text(atom: Atom) -> str:
    match atom:
        case Jelly(n):
            return f"{n} Jelly"
        case TakePod():
            return "Jelly-pod"
        case DiscardPod():
            return "discard a pod"
        case JellyPerPod(n):
            return f"{n} Jelly per pod"
        case Adjacent(side):
            return f"{side} neighbour's reward"
        case Tribute(n):
            return f"each player gives you {n}"
        case Give(n):
            return f"give {n} to each player"
        case DiceCount(up_to, few, many):
            return f"1–{up_to} dice: {reward_text(few)}; {up_to + 1}+ dice: {reward_text(many)}"
        case Podium(ranks, others):
            places = ("highest", "second", "third", "fourth", "fifth")
            parts = [f"{places[min(i, 4)]}: {reward_text(r)}" for i, r in enumerate(ranks)]
            if others:
                parts.append(f"others with a die here: {reward_text(others)}")
            return "; ".join(parts)
        case JellyPerDie(amount, parity):
            return f"{amount} Jelly per {parity} die"
    raise TypeError(atom)  # pragma: no cover
