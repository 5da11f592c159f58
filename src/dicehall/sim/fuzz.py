"""Rules fuzzing: random games from seeds, with invariant, illegal-action and secrecy probes.

`fuzz_game(game, seed)` plays one game, choosing uniformly among the legal actions (chance by
its exact distribution; in real time the engine's sand timer now and then). After every step it
checks the game's invariants (the `violations` of the game's `checks` part, a
`core.parts.FuzzChecks`, pure) and that the game ends within `max_game_length`. At probed steps
(the first ones, then a random share) it also tries illegal and malformed actions, each of which
must raise `IllegalActionError`/`MalformedActionError` and leave the state equal (and equal in
hash) to a copy taken before, and it checks hidden information: seats' views differ only in the
game's `seat_keys`; changing a seat's secret (`hidden_variants`) or a chance outcome that only
some seats see (`chance_witnesses`) changes no other seat's view; and two outcomes of a chance
node that a viewer's view cannot tell apart read the same to it in the log (`describe`), in
every game. `fuzz` runs many games and counts.
"""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from dicehall import games
from dicehall.bots import Bot, make_bot
from dicehall.bots.levels import GREEDY
from dicehall.core import CHANCE, ENGINE, Game, IllegalActionError, MalformedActionError, sample
from dicehall.core.parts import FuzzChecks
from dicehall.sim.log_secrecy import log_text_problems

EARLY_STEPS = 20
"""Every one of a game's first steps is probed; later ones with `probe_rate`."""
TIMER_RATE = 0.02
"""Real time: the chance per step that the engine fires a running sand timer."""
POOL_SIZE = 256
"""Distinct actions remembered from earlier states, tried again as probes."""


@dataclass(frozen=True)
class Violation:
    game: str
    params: dict[str, Any]
    seed: int
    step: int
    message: str

    def __str__(self) -> str:
        return f"{self.game} {self.params} seed {self.seed} step {self.step}: {self.message}"


@dataclass
class FuzzStats:
    """Counts of one game/params pair; `revealing` counts hidden-information probes whose
    change the secret's owner could see (so the probe did touch a secret)."""

    game: str
    params: dict[str, Any]
    games: int = 0
    actions: int = 0
    illegal_probes: int = 0
    hidden_probes: int = 0
    revealing: int = 0
    violations: list[Violation] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        out = {k: v for k, v in self.__dict__.items() if k != "violations"}
        return {**out, "violations": [str(v) for v in self.violations]}


def configs(game_id: str) -> tuple[dict[str, Any], ...]:
    """The params fuzzed for a game: its checks' `configs` (every variant, player count and
    parameter that changes the rules), else each player count it allows."""
    found = games.fuzz_checks(game_id)
    if found is not None and found.configs is not None:
        return found.configs
    spec = games.spec(game_id)
    if not any(p.name == "players" for p in spec.params):
        return ({},)
    return tuple({"players": n} for n in range(spec.min_players, spec.max_players + 1))


def checks(game: Game[Any, Any]) -> FuzzChecks | None:
    """The game's `checks` part, or None when it has none."""
    return games.fuzz_checks(game.id)


# --- checks of one state ----------------------------------------------------------------
def invariant_violations(game: Game[Any, Any], state: Any) -> list[str]:
    """The game's own invariants plus the protocol's: actors exactly until the end."""
    module = checks(game)
    out = list(module.violations(game, state)) if module is not None else []
    actors = game.actors(state)
    if game.is_terminal(state) != (actors == ()):
        out.append(f"terminal {game.is_terminal(state)} but actors {actors}")
    return out


def step_problems(game: Game[Any, Any], before: Any, action: Any, after: Any) -> list[str]:
    """The game's checks of one transition (`step_violations`), if it has them."""
    found = checks(game)
    hook = found.step_violations if found is not None else None
    return list(hook(game, before, action, after)) if hook is not None else []


def is_legal(game: Game[Any, Any], state: Any, seat: int, action: Any) -> bool:
    if seat == CHANCE:
        return game.is_chance_node(state) and any(
            o == action for o, _ in game.chance_outcomes(state)
        )
    if seat == ENGINE:
        return action in game.legal_actions(state, ENGINE)
    return seat in game.actors(state) and action in game.legal_actions(state, seat)


def rejection_problem(
    game: Game[Any, Any], state: Any, twin: Any, seat: int, action: Any
) -> str | None:
    """None when `apply` rejects `action` with a dicehall error and `state` still equals `twin`."""
    problem = None
    try:
        game.apply(state, seat, action)
        problem = f"accepted an illegal action: {action!r} by seat {seat}"
    except (IllegalActionError, MalformedActionError):
        pass
    except Exception as exc:  # any other error is what we look for
        problem = f"{action!r} by seat {seat} raised {type(exc).__name__}: {exc}"
    if state != twin or hash(state) != hash(twin):
        problem = f"rejecting {action!r} by seat {seat} changed the state"
    return problem


def illegal_candidates(game: Game[Any, Any], state: Any, rng: random.Random,
                       pool: list[Any]) -> Iterator[tuple[int, Any]]:  # fmt: skip
    """(seat, action) pairs to try: random ids, earlier actions, wrong seats, chance outcomes,
    mutated wire forms, anything after the end; callers keep those that are really illegal."""
    n, actors = game.num_players, game.actors(state)
    earlier = rng.sample(pool, min(4, len(pool)))
    ids = [game.decode(rng.randrange(game.num_actions)) for _ in range(4)]
    if not actors:
        for seat in (*range(n), CHANCE):
            yield from ((seat, a) for a in (*earlier[:2], *ids[:1]))
        return
    if actors == (CHANCE,):
        outcome = sample(game, state, rng)
        yield from ((CHANCE, a) for a in (*earlier, *ids[:2]))
        yield rng.randrange(n), outcome  # players never pick a chance outcome
        yield from ((CHANCE, a) for a in mutations(game, outcome, rng))
        return
    seat = actors[rng.randrange(len(actors))]
    legal = game.legal_actions(state, seat)
    yield from ((seat, a) for a in (*ids, *earlier))
    yield CHANCE, legal[0]
    outsiders = [s for s in (*range(n), n, -3) if s not in actors]
    if not game.spec.real_time:
        outsiders.append(ENGINE)
    for other in rng.sample(outsiders, min(2, len(outsiders))):
        yield other, legal[rng.randrange(len(legal))]  # legal for another seat only
    yield from ((seat, a) for a in mutations(game, legal[rng.randrange(len(legal))], rng))


_JUNK: tuple[Any, ...] = (-1, 0, 7, 99, -(2**40), 2**40, "x", None, True, [], [1, 2], {})


def mutations(game: Game[Any, Any], action: Any, rng: random.Random) -> Iterator[Any]:
    """Actions parsed from `action`'s wire form with one field changed (unparsable ones are
    skipped: `malformed_problems` checks those are refused)."""
    data = game.action_to_json(action)
    fields = [k for k in data if k != "type"]
    for _ in range(3):
        changed = dict(data)
        if fields:
            key = fields[rng.randrange(len(fields))]
            value = changed[key]
            if isinstance(value, list) and value and rng.random() < 0.5:
                value = list(value)
                value[rng.randrange(len(value))] = rng.choice((-1, 0, 7, 99))
                changed[key] = value
            else:
                changed[key] = rng.choice(_JUNK)
        else:
            changed["type"] = rng.choice(game.action_codec.type_names)
        try:
            yield game.action_from_json(changed)
        except MalformedActionError:
            continue


_BAD_JSON: tuple[Any, ...] = ([], "x", 3, {}, {"type": 3}, {"type": "NoSuchAction"}, {"kind": 1})


def malformed_problems(game: Game[Any, Any], rng: random.Random) -> tuple[list[str], int]:
    """(problems, probes): integer ids out of range or not integers, and JSON that names no
    action, must raise MalformedActionError."""
    far = game.num_actions + rng.randrange(1, 10**6)
    ids: tuple[Any, ...] = (-1, game.num_actions, far, "3", 2.5, None, True)
    tries = [*((i, game.decode) for i in ids), *((d, game.action_from_json) for d in _BAD_JSON)]
    out = []
    for bad, parse in tries:
        try:
            parse(bad)
            out.append(f"{parse.__name__} accepted {bad!r}")
        except MalformedActionError:
            pass
        except Exception as exc:
            out.append(f"{parse.__name__}({bad!r}) raised {type(exc).__name__}: {exc}")
    return out, len(tries)


def _without(view: dict[str, Any], keys: tuple[str, ...]) -> dict[str, Any]:
    return {k: v for k, v in view.items() if k not in keys}


def secrecy_problems(
    game: Game[Any, Any], state: Any, rng: random.Random
) -> tuple[list[str], int, int]:
    """(problems, probes, revealing probes) of the hidden-information checks at `state`."""
    found = checks(game)
    keys = found.seat_keys if found is not None else ()
    viewers: tuple[int | None, ...] = (*range(game.num_players), None)
    views = {v: game.observe(state, v) for v in viewers}
    out, probes, revealing = [], 1, 0
    public = _without(views[None], keys)
    out += [
        f"seat {v} sees more than {keys}" for v in viewers if _without(views[v], keys) != public
    ]
    variants = found.hidden_variants if found is not None else None
    for owner, other in variants(game, state, rng) if variants else ():
        probes += 1
        for v in viewers:
            if v != owner and game.observe(other, v) != views[v]:
                out.append(f"viewer {v} sees a secret of {'no seat' if owner is None else owner}")
        revealing += owner is not None and game.observe(other, owner) != views[owner]
    witnesses = found.chance_witnesses if found is not None else None
    seen = witnesses(game, state) if witnesses and game.is_chance_node(state) else None
    outcomes = [o for o, _ in game.chance_outcomes(state)] if seen is not None else []
    if len(outcomes) > 1:
        a, b = rng.sample(outcomes, 2)
        after = game.apply(state, CHANCE, a), game.apply(state, CHANCE, b)
        probes += 1
        differ = [v for v in viewers if game.observe(after[0], v) != game.observe(after[1], v)]
        out += [
            f"viewer {v} sees a chance outcome meant for {seen}"
            for v in differ
            if v not in (seen or ())
        ]
        revealing += any(v in (seen or ()) for v in differ)
    return out, probes, revealing


def result_problems(game: Game[Any, Any], state: Any) -> list[str]:
    """A terminal state: nobody acts, and the result's winners are exactly its rank-1 seats
    (or nobody wins, as when every player is out at once, and all share a rank)."""
    n, result = game.num_players, game.result(state)
    out = [f"seat {s} acts after the end" for s in range(n) if game.legal_actions(state, s)]
    first = [s for s in range(n) if len(result.ranks) == n and result.ranks[s] == 1]
    nobody = not result.winners and len(set(result.ranks)) == 1
    ranked = bool(result.winners) and list(result.winners) == first
    if len(result.scores) != n or not (nobody or ranked):
        out.append(f"winners {result.winners} are not the rank-1 seats of {result.ranks}")
    return out


# --- playing ----------------------------------------------------------------------------
@lru_cache(maxsize=64)
def _greedy(game: Game[Any, Any], seat: int) -> Bot:
    return make_bot(GREEDY.name, game, seat)


def greedy_seats(game: Game[Any, Any], seed: int, share: float) -> dict[int, Bot]:
    """Seats played by the greedy bot in game `seed` (each with probability `share`): its
    games are shorter and reach other states (full pyramids, bonus turns, big scores)."""
    if share <= 0 or not GREEDY.available(game.id):
        return {}
    pick = random.Random(f"greedy/{seed}")
    return {s: _greedy(game, s) for s in range(game.num_players) if pick.random() < share}


def choose(
    game: Game[Any, Any], state: Any, rng: random.Random, bots: dict[int, Bot] | None = None
) -> tuple[int, Any]:
    """A random actor's action: its bot's from its view, else uniformly random among the
    legal actions (chance: its exact distribution)."""
    actors = game.actors(state)
    if actors == (CHANCE,):
        return CHANCE, sample(game, state, rng)
    if game.spec.real_time and rng.random() < TIMER_RATE:
        timer = game.legal_actions(state, ENGINE)
        if timer:
            return ENGINE, timer[0]
    seat = actors[rng.randrange(len(actors))]
    legal = game.legal_actions(state, seat)
    if not legal:
        raise AssertionError(f"seat {seat} acts but has no legal action")
    if bots and seat in bots:
        action = bots[seat].act(game.observe(state, seat), legal, rng)
        if action not in legal:
            raise AssertionError(f"the {bots[seat].level} bot chose an illegal {action!r}")
        return seat, action
    return seat, legal[rng.randrange(len(legal))]


def probe(game: Game[Any, Any], state: Any, rng: random.Random, pool: list[Any],
          stats: FuzzStats) -> list[str]:  # fmt: skip
    """Every illegal-action and hidden-information probe of one state."""
    twin = copy.deepcopy(state)
    out, tried = malformed_problems(game, rng)
    stats.illegal_probes += tried
    for seat, action in illegal_candidates(game, state, rng, pool):
        if not is_legal(game, state, seat, action):
            stats.illegal_probes += 1
            problem = rejection_problem(game, state, twin, seat, action)
            out += [problem] if problem else []
    for seat in (*range(game.num_players), ENGINE):
        timer = seat == ENGINE and game.spec.real_time  # the engine acts outside `actors`
        if not timer and seat not in game.actors(state) and game.legal_actions(state, seat):
            out.append(f"seat {seat} has legal actions but is not an actor")
    found, probes, revealing = secrecy_problems(game, state, rng)
    logged, log_probes, log_revealing = log_text_problems(game, state, rng)
    stats.hidden_probes += probes + log_probes
    stats.revealing += revealing + log_revealing
    found += logged
    view = game.observe(state, None)
    if json.loads(json.dumps(view)) != view:
        out.append("the spectators' view is not plain JSON")
    return out + found


def fuzz_game(game: Game[Any, Any], seed: int, stats: FuzzStats | None = None,
              probe_rate: float = 0.1, greedy: float = 0.0) -> FuzzStats:  # fmt: skip
    """Play one game from `seed` with every check (a share `greedy` of the seats played by
    the greedy bot); violations are added to the stats (the game stops at its first one: the
    state is no longer trusted)."""
    stats = stats or FuzzStats(game.id, dict(game.params))
    bots = greedy_seats(game, seed, greedy)
    rng, prng = random.Random(seed), random.Random(f"probe/{seed}")
    pool: list[Any] = []
    known: set[Any] = set()
    state, step = game.initial_state(), 0
    while True:
        probed = step < EARLY_STEPS or prng.random() < probe_rate or game.is_terminal(state)
        try:
            found = invariant_violations(game, state)
            if probed and not found:
                found = probe(game, state, prng, pool, stats)
            if not found and game.is_terminal(state):
                found = result_problems(game, state)
                stats.games += not found
            elif not found:
                seat, action = choose(game, state, rng, bots)
                twin = copy.deepcopy(state) if probed else state
                nxt = game.apply(state, seat, action)
                found = step_problems(game, state, action, nxt)
                if state != twin:
                    found.append(f"applying {action!r} changed its input state")
        except Exception as exc:  # a crash on a legal path is a violation
            found = [f"{type(exc).__name__}: {exc}"]
        if found or game.is_terminal(state):
            stats.violations += [
                Violation(game.id, dict(game.params), seed, step, m) for m in found
            ]
            return stats
        if action not in known and len(pool) < POOL_SIZE:
            known.add(action)
            pool.append(action)
        state, step = nxt, step + 1
        stats.actions += 1
        if step > game.max_game_length:
            message = f"no end after max_game_length = {game.max_game_length} actions"
            stats.violations.append(Violation(game.id, dict(game.params), seed, step, message))
            return stats


def fuzz(game_id: str, params: dict[str, Any], n_games: int, seed: int = 0,
         probe_rate: float = 0.1, greedy: float = 0.0) -> FuzzStats:  # fmt: skip
    """`n_games` games of one config, from seeds `seed * 1_000_000 + i`."""
    game = games.make(game_id, **params)
    stats = FuzzStats(game_id, dict(params))
    for i in range(n_games):
        fuzz_game(game, seed * 1_000_000 + i, stats, probe_rate, greedy)
    return stats
