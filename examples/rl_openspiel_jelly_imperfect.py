"""OpenSpiel's imperfect-information algorithms on Jelly Monster, through its information states.

Jelly Monster hides each player's roll behind a screen, so its OpenSpiel game provides
`information_state_string` (perfect recall), `information_state_tensor` and
`resample_from_infostate`. This script runs:

- IS-MCTS (`open_spiel.python.algorithms.ismcts.ISMCTSBot`, random-rollout evaluator) as
  seat 0 against uniformly random players, and prints its win rate next to the random line;
- outcome-sampling MCCFR (`outcome_sampling_mccfr.OutcomeSamplingSolver`) for a number of
  iterations, printing how many information states it met and how its average policy does
  against random players.

    python examples/rl_openspiel_jelly_imperfect.py [--games 10] [--simulations 40]
        [--iterations 300] [--players 3] [--seed 0]
"""

from __future__ import annotations

import argparse
import time
from typing import Any

import numpy as np
from open_spiel.python.algorithms import ismcts, mcts, outcome_sampling_mccfr

from dicehall.rl.openspiel import load


def play(game: Any, choose: Any, rng: np.random.Generator) -> list[float]:
    """One game: seat 0 plays `choose(state)`, the others uniformly at random."""
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            ids, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(ids, p=probs)))
        elif state.current_player() == 0:
            state.apply_action(choose(state))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    return list(state.returns())


def win_rate(game: Any, choose: Any, games: int, seed: int) -> float:
    rng = np.random.default_rng(seed)
    return sum(play(game, choose, rng)[0] for _ in range(games)) / games


def run_ismcts(game: Any, args: argparse.Namespace) -> dict[str, float]:
    evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(args.seed))
    bot = ismcts.ISMCTSBot(
        game, evaluator, 2.0, args.simulations, random_state=np.random.RandomState(args.seed)
    )
    start = time.process_time()
    rate = win_rate(game, bot.step, args.games, args.seed)
    return {"win_rate": rate, "cpu_s": time.process_time() - start}


def run_mccfr(game: Any, args: argparse.Namespace) -> dict[str, float]:
    solver = outcome_sampling_mccfr.OutcomeSamplingSolver(game)
    start = time.process_time()
    with np.errstate(divide="ignore", invalid="ignore"):  # counted below
        for _ in range(args.iterations):
            solver.iteration()
    cpu = time.process_time() - start
    # A sampled game of a few hundred decisions has a sampling probability that underflows to
    # 0 (a product of 1/|actions| per decision), so some regrets come out infinite or NaN.
    broken = sum(not np.isfinite(table[0]).all() for table in solver._infostates.values())
    average = solver.average_policy()
    rng = np.random.default_rng(args.seed + 1)

    def choose(state: Any) -> int:
        probs = average.action_probabilities(state)
        actions = list(probs)
        weights = np.nan_to_num(np.array([probs[a] for a in actions]), nan=0.0, posinf=0.0)
        if weights.sum() <= 0:
            return int(rng.choice(actions))
        return int(rng.choice(actions, p=weights / weights.sum()))

    rate = win_rate(game, choose, args.games, args.seed)
    known = len(solver._infostates)  # regrets and average policy per information state
    return {"infostates": known, "broken": broken, "cpu_s": cpu, "win_rate": rate}


def main(argv: list[str] | None = None) -> dict[str, Any]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--simulations", type=int, default=40)
    parser.add_argument("--iterations", type=int, default=300)
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    game = load("jelly", players=args.players)
    assert game.get_type().provides_information_state_string
    rng = np.random.default_rng(args.seed + 2)
    line = win_rate(game, lambda s: int(rng.choice(s.legal_actions())), args.games, args.seed)
    out = {"random": line, "ismcts": run_ismcts(game, args), "mccfr": run_mccfr(game, args)}
    print(
        f"Jelly Monster, {args.players} players, seat 0 against random players, {args.games} games"
    )
    print(f"  random seat 0:            win share {line:.2f} (1/{args.players} is even)")
    ism = out["ismcts"]
    print(
        f"  IS-MCTS ({args.simulations} simulations): win share {ism['win_rate']:.2f} "
        f"({ism['cpu_s']:.0f} CPU s)"
    )
    cfr = out["mccfr"]
    print(
        f"  outcome-sampling MCCFR, {args.iterations} iterations ({cfr['cpu_s']:.0f} CPU s): "
        f"{cfr['infostates']:,} information states ({cfr['broken']:,} with non-finite "
        f"regrets); average policy's win share {cfr['win_rate']:.2f}"
    )
    return out


if __name__ == "__main__":
    main()
