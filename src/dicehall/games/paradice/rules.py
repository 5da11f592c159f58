"""`ParadiceGame`: the protocol methods, dispatching to the turn, power and chance modules."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from dicehall.core import CHANCE, Distribution, Game, IllegalActionError, Result, Seat, View
from dicehall.core.tuples import holds
from dicehall.games.paradice import chances, draws, powers, turn
from dicehall.games.paradice.actions import (
    BAG_MOVES,
    CODEC,
    END_TURN,
    INDEX,
    PASS,
    BagMove,
    Balloon,
    ChooseStall,
    CottonCandy,
    EndTurn,
    Fries,
    ParadiceAction,
    Pass,
    Place,
    RoulettePick,
    StoreMove,
    SurpriseBag,
)  # fmt: skip
from dicehall.games.paradice.config import Config
from dicehall.games.paradice.observe import observe
from dicehall.games.paradice.scoring import add_returns, result
from dicehall.games.paradice.spec import BLACK, DICE_PER_COLOUR, PLAZA_SIZE, SPEC
from dicehall.games.paradice.state import GAINS as _GAINS
from dicehall.games.paradice.state import MAIN as _MAIN
from dicehall.games.paradice.state import OVER as _OVER
from dicehall.games.paradice.state import PLACE as _PLACE
from dicehall.games.paradice.state import PRE as _PRE
from dicehall.games.paradice.state import ROULETTE as _ROULETTE
from dicehall.games.paradice.state import SETUP as _SETUP
from dicehall.games.paradice.state import ParadiceState, Player, evolve

if TYPE_CHECKING:  # the rules never draw: `core.sample` passes its generator in
    import random

_POWERS = (CottonCandy, SurpriseBag, Fries, Balloon)
_CHANCE = (CHANCE,)

# A true bound on the actions of a game (project ruling: the fair closes after a round limit).
_SETUP_ACTIONS = 50 + 4 + 4
_ACTIONS_PER_TURN = 400
_ACTIONS_PER_POWER = 60


class ParadiceGame(Game[ParadiceState, ParadiceAction]):
    action_index = INDEX
    action_codec = CODEC

    def __init__(self, cfg: Config, params: dict[str, Any], content_hash: str) -> None:
        self.cfg = cfg
        self.spec = SPEC
        self.params = params
        self.num_players = cfg.players
        self.num_actions = len(INDEX)
        self.content_hash = content_hash
        powers = len(cfg.content.stalls) + len(cfg.content.bag)
        self.max_game_length = (
            _SETUP_ACTIONS + (cfg.turn_limit + 1) * _ACTIONS_PER_TURN + powers * _ACTIONS_PER_POWER
        )
        self._memo: tuple[ParadiceState, list[Any]] = (self.initial_state(), [])
        self._sorted_memo: tuple[ParadiceState, tuple[Any, ...]] = (self.initial_state(), ())
        self._actors_memo: tuple[ParadiceState, tuple[Seat, ...]] = (
            self.initial_state(),
            (CHANCE,),
        )
        self._at_rest = (self._memo, self._sorted_memo, self._actors_memo)
        self._seats = tuple((seat,) for seat in range(cfg.players))

    def chance_catalogue(self) -> Iterator[Any]:
        return chances.catalogue(self.cfg.content)

    # --- dynamics -----------------------------------------------------------------------
    def initial_state(self) -> ParadiceState:
        n = self.cfg.players
        return ParadiceState(
            phase=_SETUP,
            machine=((),) * 5,
            players=(Player(),) * n,
            plaza=(-1,) * PLAZA_SIZE,
            deck=tuple(range(len(self.cfg.content.stalls))),
            bag_deck=tuple(range(len(self.cfg.content.bag))),
            returns=DICE_PER_COLOUR,
        )

    def actors(self, state: ParadiceState) -> tuple[Seat, ...]:
        memo = self._actors_memo  # asked several times per state: remember the last answer
        if memo[0] is state:
            return memo[1]
        if state.phase == _OVER:
            # a finished game leaves nothing in the rules object: its last states, made late
            # in a long run, would keep whole blocks of freed memory from going back to the
            # system (docs/performance.md, *Memory*)
            self._memo, self._sorted_memo, self._actors_memo = self._at_rest
            return ()
        if draws.is_chance(self.cfg, state):
            found: tuple[Seat, ...] = _CHANCE
        else:
            found = self._seats[state.turn]
        self._actors_memo = (state, found)
        return found

    def chance_outcomes(self, state: ParadiceState) -> Distribution:
        if self.actors(state) != (CHANCE,):
            raise IllegalActionError("not a chance node")
        return draws.outcomes(self.cfg, state)

    def sample_chance(self, state: ParadiceState, rng: random.Random) -> Any:
        """`core.sample`'s draw, without building the distribution (`draws.sample`)."""
        if self.actors(state) != _CHANCE:
            raise IllegalActionError("not a chance node")
        return draws.sample(self.cfg, state, rng)

    def legal_actions(self, state: ParadiceState, seat: Seat) -> tuple[ParadiceAction, ...]:
        if self.actors(state) != (seat,) or seat == CHANCE:
            return ()
        memo = self._sorted_memo
        if memo[0] is state:
            return memo[1]
        found = tuple(self._legal(state))  # made in action-index order (tests/games/paradice)
        self._sorted_memo = (state, found)
        return found

    def _is_legal(self, state: ParadiceState, action: Any) -> bool:
        found = self._legal(state)
        return holds(found, action)

    def _legal(self, state: ParadiceState) -> list[Any]:
        """The legal actions in any order (remembered for the last state asked about)."""
        memo = self._memo
        if memo[0] is state:
            return memo[1]
        found = self._compute_legal(state)
        self._memo = (state, found)
        return found

    def _compute_legal(self, state: ParadiceState) -> list[Any]:
        """The legal actions in action-index order: basic actions, placements, black-die and
        Surprise Bag token moves, Balloon, Fries, Cotton Candy, Surprise Bag, the end."""
        cfg, phase = self.cfg, state.phase
        if phase == _PRE:
            return list(turn.placements(cfg, state))
        if phase == _ROULETTE:
            return list(turn.roulette_picks(cfg, state))
        if phase == _GAINS:
            return list(turn.gain_choices(state))
        if turn.has_black(state):  # black dice are used the moment they are obtained
            blacks = tuple(d for d in state.pending if d // 10 == BLACK)
            return turn.placements(cfg, state, blacks) + powers.black_uses(cfg, state)
        if state.moves:
            return [BAG_MOVES[k, step] for k, step in powers.token_moves(cfg, state)]
        if phase == _MAIN:
            basic = turn.basic_actions(cfg, state)
            out: list[Any] = basic + turn.placements(cfg, state)
            out += powers.anytime_powers(cfg, state)
            return out if basic else [*out, PASS]
        found: list[Any] = turn.placements(cfg, state)
        placing = bool(found)
        found += powers.dice_powers(cfg, state)
        found += powers.anytime_powers(cfg, state)
        if not placing:
            found.append(END_TURN)  # placement ends only when no die can be placed
        return found

    def apply(self, state: ParadiceState, seat: Seat, action: ParadiceAction) -> ParadiceState:
        if seat == CHANCE:
            if self.actors(state) != (CHANCE,):
                raise IllegalActionError("not a chance node", seat=seat, action=action)
            return self._settle(draws.apply_chance(self.cfg, state, action))
        if self.actors(state) != (seat,):
            raise IllegalActionError(f"seat {seat} may not act now", seat=seat, action=action)
        if not self._is_legal(state, action):
            raise IllegalActionError(f"{action!r} is not legal now", seat=seat, action=action)
        return self._settle(self._apply(state, action))

    def _apply(self, state: ParadiceState, action: Any) -> ParadiceState:
        cfg = self.cfg
        if isinstance(action, Place):
            return turn.apply_place(cfg, state, action)
        if isinstance(action, StoreMove):
            return powers.apply_store_move(cfg, state, action)
        if isinstance(action, BagMove):
            return powers.apply_bag_move(cfg, state, action)
        if isinstance(action, _POWERS):
            return powers.apply_power(cfg, state, action)
        if isinstance(action, RoulettePick):
            return turn.apply_roulette_pick(self.cfg, state, action)
        if isinstance(action, ChooseStall):
            return turn.choose_stall(state, action)
        if isinstance(action, EndTurn):
            return turn.end_turn(state)
        if isinstance(action, Pass):
            return evolve(state, phase=_PLACE)  # no basic action is possible
        return turn.apply_basic(cfg, state, action)

    def _settle(self, state: ParadiceState) -> ParadiceState:
        """Automatic steps: start of play, unplaceable pre-turn dice, forced ends of turn."""
        cfg = self.cfg
        while True:
            actors = self.actors(state)
            if not actors or actors == _CHANCE:
                return state
            phase = state.phase
            if phase == _SETUP:
                state = evolve(state, phase=_MAIN, turns=1)
            elif phase == _PRE and not turn.placements(cfg, state):
                # pre-turn dice that cannot be placed go back to the machine
                state = evolve(add_returns(state, state.pending), pending=(), phase=_MAIN)
            elif phase == _PLACE and self._legal(state) == [END_TURN]:
                state = turn.end_turn(state)
            elif phase == _GAINS and not turn.gain_choices(state):
                state = turn.next_turn(cfg, state)  # gains beyond 5 active stalls are lost
            elif not self._legal(state) and (turn.has_black(state) or state.moves):
                # only with `storehouse_lock=all` once a token is out (rules.md, *House
                # rules*): a black die with no stall to go on returns to the machine, and
                # a Surprise Bag's Storehouse move is lost
                state = _drop_unusable(state)
            else:
                return state

    def is_terminal(self, state: ParadiceState) -> bool:
        return state.phase == _OVER

    def result(self, state: ParadiceState) -> Result:
        if state.phase != _OVER:
            raise IllegalActionError("the game is not over")
        return result(self.cfg, state)

    # --- information and wire forms -----------------------------------------------------
    def observe(self, state: ParadiceState, seat: Seat | None) -> View:
        return observe(self.cfg, state, seat)

    def describe(self, action: ParadiceAction, viewer: Seat | None) -> str:
        from dicehall.games.paradice.describe import describe

        return describe(action, viewer, self.cfg)


def _drop_unusable(state: ParadiceState) -> ParadiceState:
    """A black die that nothing can use goes back to the machine; a Storehouse move that no
    token can make is lost (only under `storehouse_lock=all`, rules.md *House rules*)."""
    if turn.has_black(state):
        die = state.pending[-1]
        return add_returns(evolve(state, pending=state.pending[:-1]), [die])
    return evolve(state, moves=0)
