"""Exact tables a bot needs: announced, and solved before any game starts, never silently.

The Puru expert plays from solved tables (Solo, and the 2-player Basic game). Solving one
takes minutes and about 3.4 GB of memory, once per machine; `dicehall solve puru` does it
ahead of time. Commands call `prepare` before the first game so that the solve is announced
with that hint, shows a spinner, and runs once here rather than inside each worker.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import partial
from typing import Any

from dicehall.bots import parse_level
from dicehall.cli.common import error_console
from dicehall.core import Game, Seat

Needed = tuple[str, str, Callable[[], Any]]  # (cache name, what it is, load-or-solve)


def needed(game: Game[Any, Any], seats: Iterable[tuple[Seat, str]]) -> list[Needed]:
    """The tables the seats' bots will read that the disk cache does not hold yet."""
    if game.id != "puru":
        return []
    from dicehall.bots.solvers import cache
    from dicehall.games.puru.bots import expert
    from dicehall.games.puru.bots import solve_duel as puru_duel
    from dicehall.games.puru.bots import solve_solo as puru_solo

    found: dict[str, Needed] = {}
    for seat, level in seats:
        if parse_level(level)[0] != "expert":
            continue
        if expert.plays_duel_table(game):
            name = puru_duel.cache_name()
            found[name] = (name, "the 2-player Basic table", expert.duel_solution)
        elif expert.plays_solo_table(game) and seat == 0:
            dice = int(getattr(game, "auto_dice", 3))
            name = puru_solo.cache_name(dice)
            what = f"the Solo table against {'Super' if dice == 4 else ''}AutoPuray"
            found[name] = (name, what, partial(expert.solution, dice))
    return [n for n in found.values() if not cache.table_path(n[0]).exists()]


def prepare(game: Game[Any, Any], seats: Iterable[tuple[Seat, str]]) -> None:
    """Announce and solve every table the bots need that is not cached yet."""
    out = error_console()
    for _, what, load in needed(game, seats):
        out.print(
            f"The {game.id} expert plays from {what}, which this machine has not solved yet. "
            "Solving it now: a few minutes and about 3.4 GB of memory, once per machine "
            "(`dicehall solve puru` does this ahead of time).",
            style="yellow",
            markup=False,
        )
        with out.status(f"solving {what}…"):
            load()
        out.print(f"{what}: solved and cached.", markup=False)
