"""Super Achievements: match logs (and steps the rules made) that earn each observable one, and
ones that come close and do not. Each test quotes the rulebook's line."""

from __future__ import annotations

import random
from typing import Any

from tests.games.paradice.helpers import card, d, make, resolve, scene

from dicehall.core import CHANCE, sample
from dicehall.engine.match import Match
from dicehall.games.paradice import ParadiceGame
from dicehall.games.paradice.achievements import (
    ACHIEVEMENTS,
    ATTESTED,
    Watcher,
    detect,
    from_results,
)
from dicehall.games.paradice.actions import (
    BagMove,
    CottonCandy,
    PickRow,
    Place,
    Roulette,
    StoreMove,
    SurpriseBag,
)  # fmt: skip
from dicehall.games.paradice.state import ParadiceState, Phase, Player, evolve

GAME = make(players=2)


def play(
    game: ParadiceGame, watcher: Watcher, state: ParadiceState, seat: int, action: Any
) -> ParadiceState:
    """Apply a player's action and any chance that follows, each step watched."""
    after = game.apply(state, seat, action)
    watcher.step(state, seat, action, after)
    rng = random.Random(len(watcher.earned) + after.turns)
    while game.actors(after) == (CHANCE,):
        before, outcome = after, sample(game, after, rng)
        after = game.apply(before, CHANCE, outcome)
        watcher.step(before, CHANCE, outcome, after)
    return after


def logged_game(game: ParadiceGame, seed: int, choose: Any) -> list[tuple[int, Any]]:
    """A whole match played by `choose(state, legal, rng)`, as its log of JSON entries."""
    rng = random.Random(seed)
    state = game.initial_state()
    log = []
    while not game.is_terminal(state):
        (seat,) = game.actors(state)
        if seat == CHANCE:
            action = sample(game, state, rng)
        else:
            action = choose(state, game.legal_actions(state, seat), rng)
        log.append((seat, game.action_to_json(action)))
        state = game.apply(state, seat, action)
    return log


def test_the_rulebook_list_is_complete_and_four_are_attested() -> None:
    """'Super Achievements ... mark the achievements accomplished': fifteen lines, four of which
    (class or work, a fair, two photos) only a person can attest."""
    assert len(ACHIEVEMENTS) == 15 and len({a.key for a in ACHIEVEMENTS}) == 15
    assert {"class_or_work", "at_a_fair", "photo_best_game", "photo_master"} == ATTESTED


def test_finish_and_win_and_the_machine_colour_from_a_whole_logged_match() -> None:
    """'Finish and win the game'; 'Play with the Dispensing Machine in the light blue color'."""
    game = make(players=2, machine_colour="light blue")
    match = Match(game, seed=3)
    match.bots = {}
    rng = random.Random(3)
    while not match.is_over:
        (seat,) = [s for s in match.actors() if s != CHANCE] or [CHANCE]
        if seat != CHANCE:
            legal = match.legal_actions(seat)
            match.submit(seat, legal[rng.randrange(len(legal))])
    earned = detect(game, [(e.seat, e.action) for e in match.log])
    winners = match.result().winners
    assert winners  # a random game between two players has a winner here
    for seat in range(2):
        assert "light_blue" in earned[seat] and "dark_blue" not in earned[seat]
        assert ("finish_and_win" in earned[seat]) == (seat in winners)


def test_an_unfinished_match_earns_no_end_achievements() -> None:
    """'Finish and win the game': a match cut short is not finished."""
    log = logged_game(GAME, 5, lambda s, legal, rng: legal[rng.randrange(len(legal))])
    earned = detect(GAME, log[: len(log) // 2])
    assert not any(k in keys for keys in earned.values() for k in ("finish_and_win", "dark_blue"))


def test_five_roulettes_in_a_row_and_four_do_not() -> None:
    """'Use the Roulette Move 5 times in a row in the same game'."""

    def roulette_first(limit: int) -> Any:
        def choose(state: ParadiceState, legal: tuple[Any, ...], rng: random.Random) -> Any:
            # seat 0 roulettes on its first `limit` turns, then once more after a break
            mine = state.turn == 0 and (
                (state.turns + 1) // 2 <= limit or (state.turns + 1) // 2 == limit + 2
            )
            if mine and any(isinstance(a, Roulette) for a in legal):
                return next(a for a in legal if isinstance(a, Roulette))
            others = [a for a in legal if not isinstance(a, Roulette)] or list(legal)
            return others[rng.randrange(len(others))]

        return choose

    five = detect(GAME, logged_game(GAME, 11, roulette_first(5)))
    assert "roulette_5" in five[0]
    four = detect(GAME, logged_game(GAME, 11, roulette_first(4)))
    assert "roulette_5" not in four.get(0, set())


def test_two_wild_dice_in_one_turn_and_one_is_not_enough() -> None:
    """'Get 2 Wild dice on your turn'."""
    rows = ("K3 K5 O3 B4 G5", "P1 L2 O4 B1 G2")
    state = resolve(GAME, scene(GAME, rows, mine=("balloon-1", "fries-1")))
    watcher = Watcher(GAME)
    play(GAME, watcher, state, 0, PickRow((0, 1)))  # the two black dice: a colour run
    assert "two_wilds" in watcher.earned.get(0, set())
    rows = ("K3 O3 P5 B4 G5", "P1 L2 O4 B1 G2")
    state = resolve(GAME, scene(GAME, rows, mine=("balloon-1", "fries-1")))
    one = Watcher(GAME)
    play(GAME, one, state, 0, PickRow((0, 1)))  # black 3 and orange 3: one wild die
    assert "two_wilds" not in one.earned.get(0, set())


def test_finishing_with_a_wild_die_and_not_with_a_surprise_bag_move() -> None:
    """'Finish the game by advancing a Storehouse token with a Wild die'."""
    state = scene(GAME, ("K4 P1 O2 G3 L5",), mine=("balloon-1",), store=(5, 0, 0, 4, 0))
    state = evolve(state, first_out=0, phase=Phase.PLACE, pending=(d("P2"), d("K4")))
    watcher = Watcher(GAME)
    over = play(GAME, watcher, state, 0, StoreMove(d("K4"), 3, 1))
    assert over.phase == Phase.OVER and "wild_finish" in watcher.earned[0]
    back = Watcher(GAME)
    play(GAME, back, state, 0, StoreMove(d("K4"), 3, -1))  # a wild die, but no end
    assert "wild_finish" not in back.earned.get(0, set())
    bag = evolve(state, pending=(d("P2"),), moves=1)
    by_bag = Watcher(GAME)
    over = play(GAME, by_bag, bag, 0, BagMove(3, 1))  # the end, but by a Surprise Bag card
    assert over.phase == Phase.OVER and "wild_finish" not in by_bag.earned.get(0, set())


def _finish_fries(state: ParadiceState, done: tuple[int, ...], watcher: Watcher) -> ParadiceState:
    """Seat 0 completes a fries stall holding blue 1 and blue 4 with a green 2."""
    mine = ((card(GAME, "fries-2"), (d("B1"), d("B4"), 0)),)
    player = Player(stalls=mine, done=done)
    state = evolve(state, players=(player, *state.players[1:]), pending=(d("G2"),))
    return play(GAME, watcher, state, 0, Place(d("G2"), 0, 2))


def test_stealing_a_ticket_and_a_first_ticket_is_no_theft() -> None:
    """'Steal a Ticket from the rest of the visitors'."""
    theirs = Player(done=(card(GAME, "fries-3"), card(GAME, "fries-4")))
    base = evolve(scene(GAME, phase=Phase.PLACE), tickets=(-1, -1, -1, 1, -1))
    base = evolve(base, players=(Player(), theirs))
    watcher = Watcher(GAME)
    after = _finish_fries(base, (card(GAME, "fries-1"), card(GAME, "fries-5")), watcher)
    assert after.tickets[3] == 0 and "steal_ticket" in watcher.earned[0]
    nobody = evolve(base, tickets=(-1,) * 5, players=(Player(), Player()))
    first = Watcher(GAME)
    after = _finish_fries(nobody, (card(GAME, "fries-1"),), first)
    assert after.tickets[3] == 0 and "steal_ticket" not in first.earned.get(0, set())


def test_all_five_stall_tickets_and_four_are_not_all() -> None:
    """'Get all the Stall Tickets in the same game'."""
    base = evolve(scene(GAME, phase=Phase.PLACE), tickets=(0, 0, 0, -1, 0))
    watcher = Watcher(GAME)
    after = _finish_fries(base, (card(GAME, "fries-1"),), watcher)
    assert after.tickets == (0,) * 5 and "all_stall_tickets" in watcher.earned[0]
    four = evolve(base, tickets=(0, 0, 1, -1, 0))
    short = Watcher(GAME)
    after = _finish_fries(four, (card(GAME, "fries-1"),), short)
    assert after.tickets == (0, 0, 1, 0, 0) and "all_stall_tickets" not in short.earned.get(
        0, set()
    )


def _use_powers(count: int) -> Watcher:
    """Seat 0, with Cotton Candy and Surprise Bag powers, uses `count` of them in one turn."""
    rows = ("P1 L2 O3 B4 G5", "B1 O2 L5 P4 G6", "G3 P3 L3 O6 B6", "O1 O4 B2 L1 P2")
    state = scene(GAME, rows, mine=("balloon-1",))
    player = evolve(state, players=state.players).players[0]
    from dataclasses import replace

    state = evolve(state, players=(replace(player, powers=(0, 4, 0, 0, 3)), state.players[1]))
    watcher = Watcher(GAME)
    for i in range(count):
        if i % 2 == 0:
            state = play(GAME, watcher, state, 0, CottonCandy(i // 2))
        else:
            state = play(GAME, watcher, state, 0, SurpriseBag())
        while state.moves:  # a Surprise Bag card may owe a Storehouse move
            move = next(a for a in GAME.legal_actions(state, 0) if isinstance(a, BagMove))
            state = play(GAME, watcher, state, 0, move)
    return watcher


def test_six_powers_in_one_turn_and_five_are_not_enough() -> None:
    """'Use 6 powers in the same turn'."""
    assert "six_powers" in _use_powers(6).earned.get(0, set())
    assert "six_powers" not in _use_powers(5).earned.get(0, set())


def _ended(players: tuple[Player, ...], **changes: Any) -> ParadiceState:
    """A finished game: seat 0 won (Storehouse ended by the fries and duck tokens)."""
    state = scene(GAME, store=(0, 0, 5, 5, 0), first_out=2, second_out=3, phase=Phase.OVER)
    return evolve(state, players=players, **changes)


def test_winning_without_tickets_or_bags_and_with_a_ticket() -> None:
    """'Win a game without Tickets or Surprise Bag cards'."""
    winner = Player(done=(card(GAME, "balloon-9"), card(GAME, "cotton-9")))
    loser = Player(done=(card(GAME, "balloon-1"),))
    bare = Watcher(GAME)
    bare.end(_ended((winner, loser)))
    assert {"win_bare", "finish_and_win", "dark_blue"} <= bare.earned[0]
    assert "win_bare" not in bare.earned[1] and "finish_and_win" not in bare.earned[1]
    ticket = Watcher(GAME)
    ticket.end(_ended((winner, loser), tickets=(0, -1, -1, -1, -1)))
    assert "finish_and_win" in ticket.earned[0] and "win_bare" not in ticket.earned[0]
    bag = Watcher(GAME)
    bag.end(_ended((Player(done=winner.done, bag=(0,)), loser)))
    assert "finish_and_win" in bag.earned[0] and "win_bare" not in bag.earned[0]


def test_three_wins_in_a_row_over_a_players_history() -> None:
    """'Win 3 games in a row'."""
    assert from_results([False, True, True, True]) == {"win_3_in_a_row"}
    assert from_results([True, True, False, True, True]) == set()


def test_the_machine_colour_changes_nothing_but_itself() -> None:
    """'The Dispensing Machine has 2 available designs ... Choose whichever side of the pieces
    you like best': the same seed and moves give the same game in either colour."""
    light = make(players=2, machine_colour="light blue")
    log = logged_game(GAME, 7, lambda s, legal, rng: legal[rng.randrange(len(legal))])
    dark_state, light_state = GAME.initial_state(), light.initial_state()
    for seat, action in log:
        dark_state = GAME.apply(dark_state, seat, GAME.action_from_json(action))
        light_state = light.apply(light_state, seat, light.action_from_json(action))
        assert dark_state == light_state
    assert GAME.result(dark_state) == light.result(light_state)
    assert GAME.content_hash == light.content_hash
