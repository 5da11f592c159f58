"""What each house rule touches, counted over greedy games played through the rules API
(the counts quoted in docs/analysis.md, *House rules*).

Usage: python examples/house_rule_counts.py [games per count]   (default: the document's sizes)
"""

from __future__ import annotations

import dataclasses
import random
import sys
from collections import Counter
from collections.abc import Callable
from typing import Any

from dicehall import games
from dicehall.bots import make_bot
from dicehall.core import CHANCE, Game, sample
from dicehall.games.paradice.actions import BagMove, PickColumn, PickRow, StoreMove
from dicehall.games.paradice.scoring import result, type_factors
from dicehall.games.puru.actions import SpaceRoll

Watch = Callable[[Any, Any, Any], None]
"""Called with (state before, action, state after) for every player action."""


def play(game: Game[Any, Any], seed: int, watch: Watch) -> Any:
    """One game between greedy bots; returns the final state."""
    bots = {s: make_bot("greedy", game, s) for s in range(game.num_players)}
    rng = random.Random(seed)
    state = game.initial_state()
    while not game.is_terminal(state):
        (seat,) = game.actors(state)
        if seat == CHANCE:
            state = game.apply(state, CHANCE, sample(game, state, rng))
            continue
        action = bots[seat].act(game.observe(state, seat), game.legal_actions(state, seat), rng)
        after = game.apply(state, seat, action)
        watch(state, action, after)
        state = after
    return state


def puru_copies(n: int) -> None:
    for reading in ("type", "total"):
        game = games.make("puru", players=3, full=True, characters="puru,fish,grass",
                          puru_copy=reading)  # fmt: skip
        copies = rolls = 0

        def watch(before: Any, action: Any, after: Any) -> None:
            nonlocal copies, rolls
            if after.turns != before.turns and after.last is not None:
                rolls += 1
                copies += sum(e.startswith("Puru Puru copied") for e in after.last.events)

        for seed in range(n):
            play(game, seed, watch)
        print(f"puru_copy={reading}: {copies / n:.2f} copies a game, {copies / rolls:.1%} of rolls")


def space_declines(n: int) -> None:
    game = games.make("puru", players=3, full=True, characters="space,fish,grass",
                      space_roll="optional")  # fmt: skip
    offers: Counter[bool] = Counter()

    def watch(before: Any, action: Any, after: Any) -> None:
        if isinstance(action, SpaceRoll):
            offers[action.again] += 1

    for seed in range(n):
        play(game, seed, watch)
    total = offers[True] + offers[False]
    print(f"space_roll=optional: {total} offers in {n} games, declined {offers[False]}")


def purrramid_busts(n: int) -> None:
    for connection in ("group", "adjacent"):
        game = games.make("purrramid", players=2, connection=connection)
        ends: Counter[str] = Counter()

        def watch(before: Any, action: Any, after: Any, ends: Counter[str] = ends) -> None:
            if after.last is not before.last and after.last is not None:
                ends["success" if after.last.success else after.last.reason] += 1

        for seed in range(n):
            play(game, seed, watch)
        turns = sum(ends.values())
        shares = ", ".join(f"{k} {v / turns:.1%}" for k, v in ends.most_common())
        print(f"connection={connection}: {turns / n:.1f} turns a game; {shares}")


def paradice_counts(n: int) -> None:
    game = games.make("paradice", players=2)
    unshared = dataclasses.replace(game.cfg, double_unshared=True)  # type: ignore[attr-defined]
    late = differs = winner = none = none_u = 0

    def watch(before: Any, action: Any, after: Any) -> None:
        nonlocal late
        late += isinstance(action, StoreMove | BagMove) and before.first_out >= 0

    for seed in range(n):
        final = play(game, seed, watch)
        cfg = game.cfg  # type: ignore[attr-defined]
        alone, other = type_factors(cfg, final), type_factors(unshared, final)
        differs += alone != other
        none += 2 not in alone
        none_u += 2 not in other
        winner += result(cfg, final).winners != result(unshared, final).winners
    print(f"double_scoring: no double {none / n:.1%} (alone) vs {none_u / n:.1%} (unshared); "
          f"doubled type differs {differs / n:.1%}; winner differs {winner / n:.1%}")  # fmt: skip
    print(f"storehouse_lock: token moves after the first token is out {late / n:.2f} a game")
    for grouping in ("separate", "whole"):
        picks: list[int] = []
        grouped = games.make("paradice", players=2, grouping=grouping)

        def count(before: Any, action: Any, after: Any, picks: list[int] = picks) -> None:
            if isinstance(action, PickRow):
                picks.append(len(action.cols))
            elif isinstance(action, PickColumn):
                picks.append(action.count)

        for seed in range(n):
            play(grouped, seed, count)
        print(f"grouping={grouping}: {len(picks) / n:.1f} picks a game, "
              f"{sum(picks) / len(picks):.2f} dice a pick")  # fmt: skip


def main() -> None:
    given = int(sys.argv[1]) if len(sys.argv) > 1 else 0
    puru_copies(given or 500)
    space_declines(given or 400)
    purrramid_busts(given or 200)
    paradice_counts(given or 300)


if __name__ == "__main__":
    main()
