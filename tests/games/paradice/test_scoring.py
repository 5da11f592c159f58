"""Tickets, the Storehouse end, scoring factors, the tie-break, the Prize List, closing time."""

from __future__ import annotations

from tests.games.paradice.helpers import card, d, make, resolve, scene

from dicehall.games.paradice.actions import PickRow, Place, StoreMove
from dicehall.games.paradice.scoring import prize, type_factors
from dicehall.games.paradice.state import ParadiceState, Phase, Player, evolve

GAME = make(players=2)
CFG = GAME.cfg


def done(*ids: str) -> tuple[int, ...]:
    return tuple(card(GAME, i) for i in ids)


def finish_fries(state: ParadiceState, seat_stall: str = "fries-2") -> ParadiceState:
    """Seat 0 completes a fries stall holding blue 1 and blue 4 with a green 2."""
    mine = ((card(GAME, seat_stall), (d("B1"), d("B4"), 0)),)
    player = Player(stalls=mine, done=state.players[0].done)
    state = evolve(state, players=(player, *state.players[1:]), pending=(d("G2"),))
    return GAME.apply(state, 0, Place(d("G2"), 0, 2))


def test_two_stalls_of_a_type_earn_its_ticket_and_more_steal_it() -> None:
    base = scene(GAME, phase=Phase.PLACE)
    first = finish_fries(evolve(base, players=(Player(done=done("fries-1")), Player())))
    assert first.tickets[3] == 0
    # seat 1 holds the ticket with 2 fries: seat 0 reaching 2 does not steal it
    held = (Player(done=done("fries-1")), Player(done=done("fries-3", "fries-4")))
    tied = finish_fries(evolve(base, players=held, tickets=(-1, -1, -1, 1, -1)))
    assert tied.tickets[3] == 1
    held = (Player(done=done("fries-1", "fries-5")), held[1])
    stolen = finish_fries(evolve(base, players=held, tickets=(-1, -1, -1, 1, -1)))
    assert stolen.tickets[3] == 0


def test_golden_ticket_to_the_first_with_all_five_types_and_it_stays() -> None:
    four = done("balloon-1", "cotton-1", "duck-1", "surprise-1")
    base = scene(GAME, phase=Phase.PLACE)
    state = finish_fries(evolve(base, players=(Player(done=four), Player())))
    assert state.golden == 0
    taken = finish_fries(evolve(base, players=(Player(done=four), Player()), golden=1))
    assert taken.golden == 1


def test_first_type_out_scores_nothing_furthest_behind_scores_double() -> None:
    state = scene(GAME, store=(5, 1, 3, 2, 2), first_out=0)
    assert type_factors(CFG, state) == (0, 2, 1, 1, 1)
    shared = scene(GAME, store=(5, 1, 1, 2, 2), first_out=0)
    assert type_factors(CFG, shared) == (0, 1, 1, 1, 1)  # tied furthest behind: no double


def test_a_second_token_out_ends_the_game_at_once() -> None:
    state = scene(GAME, ("K4 P1 O2 G3 L5",), mine=("balloon-1",), store=(5, 0, 0, 4, 0))
    state = evolve(state, first_out=0, phase=Phase.PLACE, pending=(d("P2"), d("K4")))
    assert StoreMove(d("K4"), 0, 1) not in GAME.legal_actions(state, 0)  # already out
    over = GAME.apply(state, 0, StoreMove(d("K4"), 3, 1))
    assert over.phase == Phase.OVER and over.second_out == 3 and GAME.actors(over) == ()
    players = (Player(done=done("balloon-2", "fries-9", "duck-9")), Player(done=done("cotton-9")))
    over = evolve(over, players=players, tickets=(1, -1, -1, -1, -1))
    result = GAME.result(over)
    # balloon (first out) 0; cotton candy furthest behind... tied at 0 with duck and surprise
    assert result.scores == (22.0 + 22.0, 25.0 + 10.0)
    assert result.winners == (0,) and result.ranks == (1, 2)


def test_ticket_points_count_even_for_the_first_type_out() -> None:
    state = scene(GAME, store=(5, 5, 1, 2, 2), first_out=0, second_out=1, phase=Phase.OVER)
    players = (Player(done=done("balloon-1", "balloon-2")), Player())
    state = evolve(state, players=players, tickets=(0, -1, -1, -1, -1), golden=1)
    assert GAME.result(state).scores == (10.0, 20.0)


def test_tie_goes_to_fewer_stalls_of_the_types_out_then_is_shared() -> None:
    state = scene(GAME, store=(5, 5, 1, 2, 2), first_out=0, second_out=1, phase=Phase.OVER)
    a = Player(done=done("cotton-1", "cotton-2", "balloon-1", "fries-1"))  # 3 of the types out
    b = Player(done=done("surprise-1", "surprise-2", "fries-2"))  # none of them
    result = GAME.result(evolve(state, players=(a, b)))
    assert result.scores == (30.0, 30.0) and result.winners == (1,) and result.ranks == (2, 1)
    a = Player(done=done("cotton-1", "duck-1"))  # 10 + 20 (duck furthest behind: double)
    b = Player(done=done("cotton-2", "duck-2"))
    result = GAME.result(evolve(state, players=(a, b)))
    assert result.winners == (0, 1) and result.ranks == (1, 1)


def test_prize_list_by_player_count() -> None:
    assert prize(CFG, 0) == (1, "Crazy hand") and prize(CFG, 57) == (2, "Helium balloon")
    four = make(players=4).cfg
    assert prize(four, 95) == (10, "Toy game console")
    assert "Master of Paradice" in prize(four, 300)[1]


def test_the_fair_closes_at_the_round_limit() -> None:
    state = scene(GAME, ("B4 P1 O2 G3 L5",), mine=("cotton-8",), turns=CFG.turn_limit)
    last = GAME.apply(state, 0, PickRow((0,)))  # an unplaceable die ends the last turn
    over = resolve(GAME, last)
    assert over.turns == CFG.turn_limit == 60 * 2
    assert over.phase == Phase.OVER and "closed" in GAME.result(over).reason
