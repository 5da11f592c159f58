"""OpenSpiel's MCTSBot against a uniformly random player on a dicehall game.

The game is registered as `dicehall_<id>`; chance nodes are sampled from `chance_outcomes()`.
The MCTS seat alternates between games. Prints MCTS's win rate with a 95% interval.

Usage: python examples/rl_openspiel_mcts.py [game id] [games] [simulations per move]
"""

from __future__ import annotations

import math
import sys

import numpy as np
import pyspiel
from open_spiel.python.algorithms import mcts

from dicehall.rl.openspiel import load


def play(
    game: pyspiel.Game, bot: mcts.MCTSBot, mcts_seat: int, rng: np.random.RandomState
) -> float:
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(outcomes, p=probs)))
        elif state.current_player() == mcts_seat:
            state.apply_action(bot.step(state))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    return float(state.returns()[mcts_seat])


def main() -> None:
    game_id = sys.argv[1] if len(sys.argv) > 1 else "puru"
    games = int(sys.argv[2]) if len(sys.argv) > 2 else 20
    sims = int(sys.argv[3]) if len(sys.argv) > 3 else 50
    game = load(game_id)
    rng = np.random.RandomState(0)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=2, random_state=rng)
    bot = mcts.MCTSBot(game, 2.0, sims, evaluator, random_state=rng)
    print(f"{game.get_type().long_name}: MCTSBot ({sims} simulations) vs random, {games} games")
    score = 0.0
    for i in range(games):
        score += play(game, bot, i % game.num_players(), rng)
        if (i + 1) % 5 == 0:
            print(f"  after {i + 1:3d} games: MCTS won {score / (i + 1):.0%}", flush=True)
    p = score / games
    half = 1.96 * math.sqrt(max(p * (1 - p), 1e-9) / games)
    print(f"MCTS win share {p:.0%} (95% interval {max(0, p - half):.0%}..{min(1, p + half):.0%})")


if __name__ == "__main__":
    main()
