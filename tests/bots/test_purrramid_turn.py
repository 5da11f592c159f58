"""Purrramid turn expectimax: exact one-die expectations and the stop/continue recursion."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

from dicehall import games
from dicehall.core import CHANCE
from dicehall.core.search import explored_game
from dicehall.games.purrramid.actions import CONTINUE
from dicehall.games.purrramid.bots.expert import ExpertBot
from dicehall.games.purrramid.bots.turn_solver import TurnSolver
from dicehall.games.purrramid.view_read import read_turn


def _decisions(count: int, seed: int = 2) -> list[Any]:
    """Views at the first `count` stop-or-continue decisions of an expert-played game."""
    game = games.make("purrramid")
    bots = [ExpertBot(game, s) for s in range(game.num_players)]
    out = []
    for state in explored_game(game, bots, random.Random(seed), explore=0.0):
        actors = game.actors(state)
        if len(out) == count or not actors:
            break
        if actors != (CHANCE,) and CONTINUE in game.legal_actions(state, actors[0]):
            out.append(game.observe(state, actors[0]))
    return out


def _solver(view: Any) -> tuple[TurnSolver, Any]:
    bot = ExpertBot(games.make("purrramid"), view["current"])
    turn = read_turn(view)
    return TurnSolver(bot.geo(view), bot.position(view, turn)), turn


def test_one_die_left_is_the_average_of_the_six_faces() -> None:
    for view in _decisions(12):
        solver, turn = _solver(view)
        dice = turn.dice
        expected = 0.0
        for face in range(1, 7):
            fits = [s for s in solver.options(dice) if solver.geo.number[s] == face]
            expected += max((solver.stop(dice | 1 << s, 0) for s in fits), default=0.0) / 6
        assert abs(solver.continue_value(dice, 1, 0) - expected) < 1e-12


def test_value_is_the_better_of_stop_and_continue() -> None:
    for view in _decisions(10):
        solver, turn = _solver(view)
        for left in range(1, turn.left + 1):
            stop = solver.stop(turn.dice, left)
            go = solver.continue_value(turn.dice, left, 0)
            assert solver.value(turn.dice, left, 0) == max(stop, go)
            assert solver.continue_value(turn.dice, left, 1) >= go  # a wool token never hurts


def test_placements_keep_the_turn_connected_and_within_budget() -> None:
    for view in _decisions(10):
        solver, turn = _solver(view)
        for s in solver.options(turn.dice):
            assert not (solver.pos.tiles | turn.dice) >> s & 1
            assert turn.dice == 0 or solver.geo.adjacent[s] & turn.dice
        tight = TurnSolver(solver.geo, replace(solver.pos, room=0))
        assert tight.options(turn.dice) == []
        assert tight.continue_value(turn.dice, turn.left, 0) == 0.0


def test_a_stop_that_ends_the_game_earns_no_bonus_turn() -> None:
    """docs/rules/purrramid.md, *Bonus turns*: "A Stop that ends the game (see below) earns no
    bonus turn: the game is over at once." A bonus turn's dice all placed, on two connected
    bottom spaces: worth a bonus while the player has tiles to spare, not when these are
    their last tiles."""
    from dicehall.games.purrramid.bots.turn_solver import BONUS_VALUE, Position, stop_value
    from dicehall.games.purrramid.view_read import geometry

    game = games.make("purrramid")
    view = game.observe(game.initial_state(), 0)
    geo = geometry(view)
    first = next(s for s in range(len(geo.cost)) if geo.below[s] == 0 and geo.adjacent[s])
    second = next(s for s in range(len(geo.cost)) if geo.adjacent[first] >> s & 1)
    dice = 1 << first | 1 << second
    tiles = geo.cost[first] + geo.cost[second]
    spare = Position(0, dice, 0, 4, 10, 0, 0, budget=10, last_turn=False)
    last = replace(spare, room=tiles, budget=tiles)
    assert stop_value(geo, spare) == tiles + BONUS_VALUE[3]
    assert stop_value(geo, last) == tiles
    assert stop_value(geo, replace(spare, last_turn=True)) == tiles


def test_the_solver_kept_from_the_turn_start_values_every_decision_of_the_turn_alike() -> None:
    """The expert keeps one solver per turn, built from the turn's start; at every later
    decision of that turn it must give the values a solver built there would give."""
    game = games.make("purrramid")
    bots = [ExpertBot(game, s) for s in range(game.num_players)]  # one per seat, as in play
    checked = 0
    for view in _decisions(40, seed=5):
        turn = read_turn(view)
        kept, (fresh, _) = bots[view["current"]].solver(view, turn), _solver(view)
        tokens = view["wool"][view["current"]]
        for left in range(1, turn.left + 1):
            assert kept.continue_value(turn.dice, left, tokens) == fresh.continue_value(
                turn.dice, left, tokens
            )
            assert kept.stop(turn.dice, left) == fresh.stop(turn.dice, left)
        checked += turn.dice != 0  # a decision after the turn's first placement
    assert checked >= 20
