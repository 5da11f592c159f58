"""Loading and validating Paradice content: stall cards, Surprise Bag cards, the Prize List.

Every problem raises `ContentError` naming the card, the field, what was expected and what was
found. Every stall must be completable with the real dice.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from dicehall.core import ContentError
from dicehall.games.paradice.spec import COLOURS, TYPES
from dicehall.games.paradice.stalls import ALL_COLOURS, Card, Slot, completable

STALLS_PER_TYPE = 9
BAG_CARDS = 9
BAG_EFFECTS = ("points", "stall", "storehouse")
_CONDITION_KEYS = ("parity", "total", "total_min", "total_max", "forbid", "only")


@dataclass(frozen=True, slots=True)
class BagCard:
    """A Surprise Bag card: end-game points, a Plaza stall, or one Storehouse move."""

    id: str
    effect: str
    points: int
    text: str


@dataclass(frozen=True, slots=True)
class Content:
    name: str
    stalls: tuple[Card, ...]
    bag: tuple[BagCard, ...]
    prizes: tuple[tuple[int, tuple[tuple[int, str], ...]], ...]  # (players, ((min, prize), ..))

    def prize_list(self, players: int) -> tuple[tuple[int, str], ...]:
        for count, table in self.prizes:
            if count == players:
                return table
        return ()


class _Checker:
    def __init__(self, source: str) -> None:
        self.source = source

    def fail(self, where: str, expected: str, found: Any) -> ContentError:
        return ContentError(self.source, where, f"expected {expected}, found {found!r}")

    def get(self, table: Any, key: str, kind: type, where: str, expected: str) -> Any:
        if not isinstance(table, dict) or key not in table:
            raise self.fail(f"{where}.{key}", expected, "nothing")
        value = table[key]
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            raise self.fail(f"{where}.{key}", expected, value)
        return value

    def colour(self, name: Any, where: str) -> int:
        if name not in COLOURS[:5]:
            raise self.fail(where, "one of " + ", ".join(COLOURS[:5]), name)
        return COLOURS.index(name)


def _slot(check: _Checker, text: Any, where: str) -> Slot:
    expected = "'any', a colour, a number 1-6, or both ('blue 4')"
    if not isinstance(text, str):
        raise check.fail(where, expected, text)
    colour, value = -1, 0
    for word in text.split():
        if word.isdigit() and 1 <= int(word) <= 6 and not value:
            value = int(word)
        elif word in COLOURS[:5] and colour < 0:
            colour = COLOURS.index(word)
        elif word != "any" or len(text.split()) > 1:
            raise check.fail(where, expected, text)
    return Slot(colour, value)


def _condition(check: _Checker, table: Any, where: str) -> dict[str, int]:
    if not isinstance(table, dict):
        raise check.fail(where, "a table such as { parity = 'even' }", table)
    for key in table:
        if key not in _CONDITION_KEYS:
            raise check.fail(f"{where}.{key}", "one of " + ", ".join(_CONDITION_KEYS), key)
    out = {"parity": 0, "total_min": 3, "total_max": 18, "colours": ALL_COLOURS}
    if "parity" in table:
        if table["parity"] not in ("odd", "even"):
            raise check.fail(f"{where}.parity", "'odd' or 'even'", table["parity"])
        out["parity"] = 1 if table["parity"] == "odd" else 2
    for key in ("total", "total_min", "total_max"):
        if key in table:
            value = check.get(table, key, int, where, "a whole number 3-18")
            if not 3 <= value <= 18:
                raise check.fail(f"{where}.{key}", "a whole number 3-18", value)
            if key != "total_max":
                out["total_min"] = value
            if key != "total_min":
                out["total_max"] = value
    for key in ("forbid", "only"):
        if key in table:
            names = check.get(table, key, list, where, "a list of colour names")
            mask = sum(1 << check.colour(n, f"{where}.{key}") for n in names)
            out["colours"] &= ~mask if key == "forbid" else mask
    return out


def _card(check: _Checker, raw: Any, index: int) -> Card:
    where = f"stall[{index}]"
    card_id = check.get(raw, "id", str, where, "a text id")
    where = f"stall {card_id!r}"
    type_name = check.get(raw, "type", str, where, "a stall type")
    if type_name not in TYPES:
        raise check.fail(f"{where}.type", "one of " + ", ".join(TYPES), type_name)
    points = check.get(raw, "points", int, where, "points (a positive whole number)")
    if points <= 0:
        raise check.fail(f"{where}.points", "points (a positive whole number)", points)
    slots = check.get(raw, "slots", list, where, "a list of 3 slots")
    if len(slots) != 3:
        raise check.fail(f"{where}.slots", "3 slots", f"{len(slots)} slots")
    parsed = tuple(_slot(check, s, f"{where}.slots[{i}]") for i, s in enumerate(slots))
    cond = _condition(check, raw.get("condition", {}), f"{where}.condition")
    card = Card(card_id, TYPES.index(type_name), points, parsed, **cond)  # type: ignore[arg-type]
    if not completable(card):
        raise check.fail(where, "a stall that real dice can complete", "an impossible stall")
    return card


def _bag_card(check: _Checker, raw: Any, index: int) -> BagCard:
    where = f"surprise[{index}]"
    card_id = check.get(raw, "id", str, where, "a text id")
    where = f"surprise {card_id!r}"
    effect = check.get(raw, "effect", str, where, "an effect")
    if effect not in BAG_EFFECTS:
        raise check.fail(f"{where}.effect", "one of " + ", ".join(BAG_EFFECTS), effect)
    points = raw.get("points", 0)
    if effect == "points":
        points = check.get(raw, "points", int, where, "points (a positive whole number)")
    text = raw.get("text", "")
    return BagCard(card_id, effect, points, text if isinstance(text, str) else "")


def _prizes(check: _Checker, raw: Any) -> tuple[tuple[int, tuple[tuple[int, str], ...]], ...]:
    if not isinstance(raw, dict):
        return ()
    out = []
    for key, rows in sorted(raw.items()):
        where = f"prizes.{key}"
        if key not in ("2", "3", "4") or not isinstance(rows, list):
            raise check.fail(where, "players '2', '3' or '4' with a list of prizes", key)
        table = []
        for i, row in enumerate(rows):
            low = check.get(row, "min", int, f"{where}[{i}]", "a minimum score")
            table.append((low, check.get(row, "prize", str, f"{where}[{i}]", "a prize name")))
        out.append((int(key), tuple(table)))
    return tuple(out)


def _unique_ids(check: _Checker, ids: list[str], where: str) -> None:
    for i, card_id in enumerate(ids):
        if card_id in ids[:i]:
            raise check.fail(where, "unique card ids", f"{card_id!r} twice")


def parse_content(data: dict[str, Any], source: str) -> Content:
    """Validate parsed TOML into `Content`; raises `ContentError` at the first problem."""
    check = _Checker(source)
    raw_stalls = data.get("stall")
    if not isinstance(raw_stalls, list):
        raise check.fail("stall", "a list of [[stall]] tables", raw_stalls)
    stalls = tuple(_card(check, raw, i) for i, raw in enumerate(raw_stalls))
    _unique_ids(check, [c.id for c in stalls], "stall")
    for t, name in enumerate(TYPES):
        found = sum(1 for c in stalls if c.type == t)
        if found != STALLS_PER_TYPE:
            raise check.fail("stall", f"{STALLS_PER_TYPE} {name} stalls", f"{found}")
    if sum(1 for c in stalls if c.points == 10) < 4:
        raise check.fail("stall", "at least 4 starting stalls worth 10 points", "fewer")
    raw_bag = data.get("surprise")
    if not isinstance(raw_bag, list) or len(raw_bag) != BAG_CARDS:
        raise check.fail("surprise", f"{BAG_CARDS} [[surprise]] cards", raw_bag)
    bag = tuple(_bag_card(check, raw, i) for i, raw in enumerate(raw_bag))
    _unique_ids(check, [c.id for c in bag], "surprise")
    meta = data.get("meta", {})
    name = meta.get("name", source) if isinstance(meta, dict) else source
    return Content(str(name), stalls, bag, _prizes(check, data.get("prizes")))
