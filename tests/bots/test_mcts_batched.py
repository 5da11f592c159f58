"""MCTS with batched playouts (`bots.mcts_batched`, `batch.playouts`): the playouts' values,
the search's budget and choices, and the plain MCTS where batching does not apply."""

from __future__ import annotations

import random

import numpy as np
import pytest
from dicehall_pig import state as pig_state  # the example plug-in (`make install` installs it)

from dicehall import games
from dicehall.batch.playouts import Playouts
from dicehall.bots import check_bot, make_bot, parse_level
from dicehall.bots.mcts import MCTSBot
from dicehall.bots.mcts_batched import BatchedMCTSBot, make_mcts
from dicehall.core import DicehallError


def test_a_playout_where_holding_wins_returns_the_win() -> None:
    """Pig's rules.md, *End*: "The game ends the moment a player banks the target; that player
    wins and everybody else loses." The hold-at-20 playouts hold 15 on 90 at once."""
    game = games.make("pig", players=2)
    state = pig_state.PigState(scores=(90, 50), seat=0, turn_total=15, decisions=40)
    playouts = Playouts(game, 16)
    values = playouts.returns([state], np.random.default_rng(0))
    assert values.tolist() == [[1.0, 0.0]]
    assert playouts.played == 16


def test_each_state_gets_its_share_of_the_playouts() -> None:
    game = games.make("pig", players=2)
    won = pig_state.PigState(scores=(90, 50), seat=0, turn_total=15, decisions=40)
    lost = pig_state.PigState(scores=(50, 90), seat=1, turn_total=15, decisions=41)
    open_ = pig_state.PigState(scores=(0, 0), seat=0)
    values = Playouts(game, 30).returns([won, lost, open_], np.random.default_rng(1))
    assert values[0].tolist() == [1.0, 0.0] and values[1].tolist() == [0.0, 1.0]
    assert 0.0 < values[2, 0] < 1.0 and values[2].sum() == pytest.approx(1.0)
    with pytest.raises(ValueError, match="states per call"):
        Playouts(game, 2).returns([won, lost, open_], np.random.default_rng(1))


def test_the_batched_search_spends_its_budget_in_rounds() -> None:
    game = games.make("pig", players=2)
    state = pig_state.PigState(scores=(50, 60), seat=0, turn_total=10, decisions=40)
    legal = game.legal_actions(state, 0)
    bot = BatchedMCTSBot(game, 0, iterations=80, leaves=32)
    assert bot.act(game.observe(state, 0), legal, random.Random(3)) in legal
    assert bot.last_iterations == 80  # rounds of 32, 32 and 16 leaves
    assert bot.playouts.played == 3 * 32  # each round fills the batch


def test_the_batched_search_replays_from_its_rng() -> None:
    game = games.make("puru", solo=True)
    state = game.initial_state()
    from dicehall.core import CHANCE, sample

    rng = random.Random(5)
    while game.actors(state) == (CHANCE,):
        state = game.apply(state, CHANCE, sample(game, state, rng))
    legal = game.legal_actions(state, 0)

    def choose(seed: int) -> object:
        bot = BatchedMCTSBot(game, 0, iterations=24, leaves=8)
        return bot.act(game.observe(state, 0), legal, random.Random(seed))

    assert choose(1) == choose(1)
    assert choose(1) in legal


def test_make_mcts_batches_only_where_it_can() -> None:
    assert isinstance(make_mcts(games.make("pig"), 0, iterations=8, leaves=4), BatchedMCTSBot)
    plain = make_mcts(games.make("pig"), 0, iterations=8, leaves=0)
    assert type(plain) is MCTSBot
    # the Full game has no batched form: the plain MCTS plays it
    full = make_mcts(games.make("puru", full=True, players=2), 0, iterations=8, leaves=4)
    assert type(full) is MCTSBot


def test_batched_options_are_checked() -> None:
    game = games.make("pig")
    with pytest.raises(DicehallError, match="at most 4096 playouts"):
        BatchedMCTSBot(game, 0, iterations=8, leaves=64, playouts=128)
    with pytest.raises(DicehallError, match="unknown options"):
        MCTSBot(game, 0, iterations=8, leafs=4)


def test_a_level_asks_for_batched_playouts_or_the_plain_search() -> None:
    assert parse_level("mcts:1.5s:leaves=32") == ("mcts", {"seconds": 1.5, "leaves": 32})
    assert parse_level("expert:leaves=8:playouts=4:400") == (
        "expert", {"leaves": 8, "playouts": 4, "iterations": 400},
    )  # fmt: skip
    game = games.make("pig")
    assert isinstance(make_bot("mcts:64:leaves=16", game, 0), BatchedMCTSBot)
    # Pig's own search options ask for 32 leaves a round (its `search` part)
    default = make_bot("mcts:64", game, 0)
    assert isinstance(default, BatchedMCTSBot) and default.leaves == 32
    assert isinstance(make_bot("expert", game, 0), BatchedMCTSBot)
    assert type(make_bot("mcts:64:leaves=0", game, 0)) is MCTSBot
    for bad in ("mcts:leaves=x", "mcts:leafs=3", "mcts:leaves=5000", "mcts:1s:leaves"):
        with pytest.raises(DicehallError):
            parse_level(bad)
        with pytest.raises(DicehallError):
            check_bot(bad, "pig")
