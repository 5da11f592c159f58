"""The Puru expert's solved tables (the game's `tables` part): Solo against AutoPuray and
SuperAutoPuray, and the 2-player Basic game (docs/bots.md, *Exact solvers*)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from dicehall.core.parts import SolvedTable
from dicehall.games.puru.bots import expert
from dicehall.games.puru.bots import solve_duel as duel
from dicehall.games.puru.bots import solve_solo as solo

_SOLO = {"auto": 3, "super": 4}


COST = "a few minutes and about 3.4 GB of memory"


class PuruTables:
    def all(self, lo: int = 0) -> Sequence[SolvedTable]:
        return (
            SolvedTable("duel", duel.cache_name(lo), "the 2-player Basic table", COST),
            SolvedTable("auto", solo.cache_name(3, lo), "the Solo table against AutoPuray", COST),
            SolvedTable(
                "super", solo.cache_name(4, lo), "the Solo table against SuperAutoPuray", COST
            ),
        )

    def needed(self, game: Any, seat: int) -> Sequence[SolvedTable]:
        if expert.plays_duel_table(game):
            return self.all()[:1]
        if expert.plays_solo_table(game) and seat == 0:
            return self.all()[1:2] if game.auto_dice == 3 else self.all()[2:]
        return ()

    def load(self, key: str, lo: int = 0, threads: int | None = None) -> Any:
        """Through the expert's own loaders (one solve per process, shared with the bots)
        unless a thread count or the late-game corner is asked for."""
        shared = threads is None and lo == 0
        options: dict[str, Any] = {"threads": threads or 0, **({"lo": lo} if lo else {})}
        if key == "duel":
            return expert.duel_solution() if shared else duel.load_or_solve(**options)
        if key not in _SOLO:
            raise ValueError(f"no Puru table {key!r}; tables: duel, auto, super")
        dice = _SOLO[key]
        return expert.solution(dice) if shared else solo.load_or_solve(dice, **options)

    def summary(self, key: str, solution: Any) -> str:
        if key == "duel":
            return (
                f"2-player Basic: the first player wins {solution.start():.6f} under optimal play"
            )
        who = "SuperAutoPuray" if key == "super" else "AutoPuray"
        return f"{who}: win probability {solution.start():.6f} from the start"


TABLES = PuruTables()
