"""Batched playouts against the plain MCTS: iterations per CPU-second and strength at equal
time (`python -m dicehall.sim.mcts_batch GAME...`, `make bench-mcts-batch`).

1. **Speed.** Both bots think at the same decisions, drawn from random games of the rules
   engine (only decisions with a choice); iterations per CPU-second of the process, and for
   the batched bot the playouts per CPU-second (`leaves * playouts` a round).
2. **Strength at equal time.** Each bot gets the iterations it runs in `ms` CPU milliseconds
   per decision at the rate just measured (an iteration budget: a loaded machine slows both
   alike, and the games replay). In games where several seats decide, the batched bot takes
   seat `g % players` of game g and the plain bot the others; where one seat decides (a solo
   game), each bot plays that seat in the same games (the same seeds). Win shares are printed
   with their standard errors; nothing is asserted.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import time
from collections.abc import Callable, Sequence
from typing import Any

from dicehall import games
from dicehall.batch.differential import decision_states
from dicehall.bots.mcts import MCTSBot
from dicehall.bots.mcts_batched import BatchedMCTSBot
from dicehall.core import CHANCE, DicehallError, Game, sample

MakeBot = Callable[[Game[Any, Any], int, int], MCTSBot]
"""`(game, seat, iterations)` to a bot."""


def plain(game: Game[Any, Any], seat: int, iterations: int) -> MCTSBot:
    return MCTSBot(game, seat, iterations=max(1, iterations), leaves=0)


def batched(leaves: int, playouts: int) -> MakeBot:
    def make(game: Game[Any, Any], seat: int, iterations: int) -> MCTSBot:
        budget = max(leaves, iterations - iterations % leaves)  # whole rounds
        return BatchedMCTSBot(game, seat, iterations=budget, leaves=leaves, playouts=playouts)

    return make


def rate(game: Game[Any, Any], make: MakeBot, states: Sequence[Any], budget: int) -> float:
    """Iterations per CPU-second of `make`'s bot, `budget` iterations at each of `states`."""
    rng, done = random.Random(0), 0
    start = time.process_time()
    for state in states:
        (seat,) = game.actors(state)
        bot = make(game, seat, budget)
        bot.act(game.observe(state, seat), game.legal_actions(state, seat), rng)
        done += bot.last_iterations
    return done / max(time.process_time() - start, 1e-9)


def play(game: Game[Any, Any], bots: dict[int, MCTSBot], seed: int) -> tuple[float, ...]:
    """One game, the seats in `bots` played by them (others: uniformly random); returns."""
    rng, state = random.Random(seed), game.initial_state()
    while not game.is_terminal(state):
        actors = game.actors(state)
        if actors == (CHANCE,):
            state = game.apply(state, CHANCE, sample(game, state, rng))
            continue
        seat = actors[0]
        legal = game.legal_actions(state, seat)
        bot = bots.get(seat)
        if bot is None:
            action = legal[rng.randrange(len(legal))]
        else:
            action = bot.act(game.observe(state, seat), legal, rng)
        state = game.apply(state, seat, action)
    return game.returns(state)


def arena(
    game: Game[Any, Any], make_a: MakeBot, iters_a: int, make_b: MakeBot, iters_b: int,
    count: int, seed: int,
) -> dict[str, Any]:  # fmt: skip
    """Bot a against bot b (see the module docstring); a's and b's win shares."""
    deciding = [s for s in range(game.num_players) if s not in game.automated_seats()]
    a_wins: list[float] = []
    b_wins: list[float] = []
    for g in range(count):
        if len(deciding) == 1:
            (seat,) = deciding
            a_wins.append(play(game, {seat: make_a(game, seat, iters_a)}, seed + g)[seat])
            b_wins.append(play(game, {seat: make_b(game, seat, iters_b)}, seed + g)[seat])
            continue
        mine = deciding[g % len(deciding)]
        bots = {s: (make_a if s == mine else make_b)(game, s, iters_a if s == mine else iters_b)
                for s in deciding}  # fmt: skip
        returns = play(game, bots, seed + g)
        a_wins.append(returns[mine])
        b_wins.append(sum(returns[s] for s in deciding if s != mine))
    return {"games": count, "batched_wins": _share(a_wins), "plain_wins": _share(b_wins),
            "solo": len(deciding) == 1}  # fmt: skip


def _share(values: Sequence[float]) -> dict[str, float]:
    n = len(values)
    mean = sum(values) / n
    sd = math.sqrt(sum((v - mean) ** 2 for v in values) / max(1, n - 1))
    return {"mean": round(mean, 4), "se": round(sd / math.sqrt(n), 4)}


def compare(
    game_id: str, params: dict[str, Any], *, leaves: int, playouts: int, ms: float,
    games_played: int, decisions: int, seed: int,
) -> dict[str, Any]:  # fmt: skip
    """Speed, then strength at `ms` CPU milliseconds a decision (module docstring)."""
    game = games.make(game_id, **params)
    states = [
        s for s in decision_states(game, 4 * decisions, seed)
        if len(game.legal_actions(s, game.actors(s)[0])) > 1
    ][:decisions]  # fmt: skip
    make_b = batched(leaves, playouts)
    plain_rate = rate(game, plain, states, 200)
    batch_rate = rate(game, make_b, states, 4 * leaves)
    iters_plain = round(plain_rate * ms / 1000)
    iters_batch = round(batch_rate * ms / 1000)
    out = {
        "game": game_id, "params": params, "leaves": leaves, "playouts": playouts,
        "plain_iterations_per_cpu_s": round(plain_rate),
        "batched_iterations_per_cpu_s": round(batch_rate),
        "batched_playouts_per_cpu_s": round(batch_rate * playouts),
        "cpu_ms_per_decision": ms, "plain_iterations": iters_plain,
        "batched_iterations": iters_batch,
    }  # fmt: skip
    if games_played:
        out["arena"] = arena(
            game, make_b, iters_batch, plain, iters_plain, games_played, seed + 1000
        )
    return out


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m dicehall.sim.mcts_batch")
    parser.add_argument("games", nargs="+", help="game ids (with a batched form)")
    parser.add_argument("--param", action="append", default=[], help="KEY=VALUE, all games")
    parser.add_argument("--leaves", type=int, default=32)
    parser.add_argument("--playouts", type=int, default=1)
    parser.add_argument("--ms", type=float, default=20.0, help="CPU ms per decision")
    parser.add_argument("--arena", type=int, default=40, help="games of the arena (0: none)")
    parser.add_argument("--decisions", type=int, default=30)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    if any("=" not in p for p in args.param):
        parser.error("--param is KEY=VALUE")
    params = dict(p.split("=", 1) for p in args.param)
    if not (1 <= args.leaves * args.playouts <= 4096 and args.leaves >= 1 and args.playouts >= 1):
        parser.error("--leaves and --playouts are at least 1, with at most 4,096 playouts a round")
    if not (0 < args.ms <= 60_000 and 0 <= args.arena <= 100_000 and 1 <= args.decisions <= 10_000):
        parser.error("--ms is 0 to 60,000, --arena 0 to 100,000, --decisions 1 to 10,000")
    for game_id in args.games:
        try:
            found = compare(
                game_id, params, leaves=args.leaves, playouts=args.playouts, ms=args.ms,
                games_played=args.arena, decisions=args.decisions, seed=args.seed,
            )  # fmt: skip
        except DicehallError as exc:
            parser.error(str(exc))
        print(json.dumps(found), flush=True)


if __name__ == "__main__":
    main()
