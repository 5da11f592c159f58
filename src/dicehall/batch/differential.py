"""The batched rules against the rules engine, both ways, and their distributions.

- `check_batch_games`: trajectories recorded by a batch replayed through the rules engine:
  every action legal there for the seat the batch said, every chance outcome one of the
  engine's (with a positive probability), the game over exactly at the end, same scores.
- `check_engine_games`: random games of the rules engine replayed through the batch, their
  chance outcomes scripted in: at every decision the batch's player and legal actions are the
  engine's, and the batch ends each game where the engine did, with the same scores.
- `check_loaded_states`: rules-engine decision states loaded into a batch (`load`) and
  stepped there, each game's steps replayed from its state through the rules engine.
- `compare_distributions`: the first player's win rate and the mean length of random games
  of both, within a few standard errors of each other.

`dicehall fuzz GAME --batch` and the tests run these; none of them trusts the batch.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from dicehall.batch.engine import BatchGame
from dicehall.batch.recorder import ACTION, Trajectory
from dicehall.core import CHANCE, Game, sample

MAX_PROBLEMS = 20
"""Problems kept per check (the counts stay exact)."""
Z_LIMIT = 4.0
"""Standard errors within which two estimates agree: a false alarm once in about 16,000."""


@dataclass
class Check:
    """What one check looked at and what it found wrong."""

    name: str
    games: int = 0
    actions: int = 0
    chance: int = 0
    problems: list[str] = field(default_factory=list)
    failed: int = 0

    def fail(self, text: str) -> None:
        self.failed += 1
        if len(self.problems) < MAX_PROBLEMS:
            self.problems.append(text)

    @property
    def ok(self) -> bool:
        return self.failed == 0

    def to_json(self) -> dict[str, Any]:
        return {
            "check": self.name, "games": self.games, "actions": self.actions,
            "chance": self.chance, "failed": self.failed, "problems": self.problems,
        }  # fmt: skip


def record_batch_games(env: BatchGame, games: int, seed: int) -> list[Trajectory]:
    """`games` whole games of the batch with random legal actions, recorded: the first
    `games / B` (rounded up) of every slot, so that short games are not favoured (the games
    that end first in a batch are the short ones)."""
    per_slot = -(-games // env.batch)
    recorder = env.record()
    assert recorder is not None
    env.reset(seed)
    rng = np.random.default_rng(seed + 1)
    ended = np.zeros(env.batch, dtype=np.int64)
    limit = 10 * per_slot * env.game.max_game_length
    for _ in range(limit):
        if ended.min() >= per_slot:
            break
        env.step(env.random_actions(rng))
        ended += env.done
    else:
        raise RuntimeError("the batch's games do not end")
    env.record(False)
    return [t for t in recorder.finished() if t.ordinal < per_slot]


def check_batch_games(env: BatchGame, trajectories: Sequence[Trajectory]) -> Check:
    """Replay each recorded trajectory through the rules engine."""
    game, check = env.game, Check("batch -> rules engine")
    for number, trajectory in enumerate(trajectories):
        check.games += 1
        problem = _replay(env, game, trajectory, check)
        if problem:
            check.fail(f"batch game {number}: {problem}")
    return check


def _replay(env: BatchGame, game: Game[Any, Any], trajectory: Trajectory, check: Check) -> str:
    state = game.initial_state()
    for step, (kind, seat, value) in enumerate(trajectory.events):
        actors = game.actors(state)
        if kind == ACTION:
            check.actions += 1
            if actors != (seat,):
                return f"event {step}: the batch let seat {seat} act, the engine {actors}"
            action = game.decode(value)
            if action not in game.legal_actions(state, seat):
                return f"event {step}: {action} is not legal for seat {seat}"
            state = game.apply(state, seat, action)
        else:
            check.chance += 1
            if actors != (CHANCE,):
                return f"event {step}: the batch drew chance where {actors} act"
            outcome = env.chance_outcome(value)
            if dict(game.chance_outcomes(state)).get(outcome, 0) <= 0:
                return f"event {step}: {outcome} is not a chance outcome here"
            state = game.apply(state, CHANCE, outcome)
    if not game.is_terminal(state):
        return "the batch ended a game that the engine goes on with"
    result = game.result(state)
    scores = tuple(float(x) for x in result.scores)
    if scores != trajectory.scores:
        return f"scores {trajectory.scores} in the batch, {scores} in the engine"
    if tuple(sorted(result.winners)) != trajectory.winners:
        return f"winners {trajectory.winners} in the batch, {result.winners} in the engine"
    return ""


@dataclass(frozen=True, slots=True)
class EngineGame:
    """A random game of the rules engine: per decision the seat, its legal ids and the id
    played; the chance codes in order; the final scores."""

    decisions: tuple[tuple[int, tuple[int, ...], int], ...]
    chance: tuple[int, ...]
    scores: tuple[float, ...]
    states: tuple[Any, ...]
    """The state at each decision."""
    first_wins: bool
    reason: str = ""
    ranks: tuple[int, ...] = ()


def play_engine_games(env: BatchGame, games: int, seed: int) -> list[EngineGame]:
    """Random games of the rules engine (uniform legal actions, chance by `core.sample`)."""
    game, rng, out = env.game, random.Random(seed), []
    for _ in range(games):
        state = game.initial_state()
        decisions, chance, states = [], [], []
        while not game.is_terminal(state):
            actors = game.actors(state)
            if actors == (CHANCE,):
                outcome = sample(game, state, rng)
                chance.append(env.chance_code(outcome))
                state = game.apply(state, CHANCE, outcome)
                continue
            seat = actors[0]
            legal = game.legal_actions(state, seat)
            ids = tuple(sorted(game.encode(a) for a in legal))
            action = legal[rng.randrange(len(legal))]
            decisions.append((seat, ids, game.encode(action)))
            states.append(state)
            state = game.apply(state, seat, action)
        result = game.result(state)
        scores = tuple(float(x) for x in result.scores)
        first = 0 in result.winners
        out.append(
            EngineGame(
                tuple(decisions), tuple(chance), scores, tuple(states), first, result.reason,
                tuple(result.ranks),
            )
        )  # fmt: skip
    return out


Observe = Callable[[BatchGame, int, Any, int], str]
"""`(batch, game index, engine state, seat)`: a problem with the batch's observation, or ""."""


def check_engine_games(
    make: Callable[[int], BatchGame], played: Sequence[EngineGame], observe: Observe | None = None
) -> Check:
    """Replay engine games through a batch of `len(played)` games, chance scripted in."""
    check = Check("rules engine -> batch")
    env = make(len(played))
    env.script([g.chance for g in played])
    env.reset(0)
    rng = np.random.default_rng(0)
    live = np.ones(len(played), dtype=bool)
    longest = max(len(g.decisions) for g in played)
    for step in range(longest):
        mask, seats, actions = env.legal_mask(), env.current_player, env.random_actions(rng)
        for i in np.flatnonzero(live).tolist():
            seat, ids, action = played[i].decisions[step]
            if seats[i] != seat or tuple(np.flatnonzero(mask[i]).tolist()) != ids:
                check.fail(f"engine game {i}, decision {step}: the batch differs")
                live[i] = False
                continue
            if observe is not None:
                problem = observe(env, i, played[i].states[step], seat)
                if problem:
                    check.fail(f"engine game {i}, decision {step}: {problem}")
            actions[i] = action
            check.actions += 1
        env.step(actions)
        for i in np.flatnonzero(live).tolist():
            last = step == len(played[i].decisions) - 1
            if bool(env.done[i]) != last:
                check.fail(f"engine game {i}: the batch's game {'goes on' if last else 'ended'}")
                live[i] = False
            elif last:
                live[i] = False
                scores = tuple(float(x) for x in env.scores[i])
                if scores != played[i].scores:
                    check.fail(f"engine game {i}: scores {scores}, engine {played[i].scores}")
                elif (env.returns[i, 0] > 0) != played[i].first_wins:
                    check.fail(f"engine game {i}: the first player's win differs")
                elif env.outcome_reason(i) != played[i].reason:
                    check.fail(f"engine game {i}: ended {env.outcome_reason(i)!r}, engine "
                               f"{played[i].reason!r}")  # fmt: skip
                elif env.outcome_ranks(i) != played[i].ranks:
                    check.fail(f"engine game {i}: ranks {env.outcome_ranks(i)}, engine "
                               f"{played[i].ranks}")  # fmt: skip
    check.games = len(played)
    check.chance = sum(len(g.chance) for g in played)
    env.script(None)
    return check


@dataclass(frozen=True, slots=True)
class Sample:
    """Random games' first-player win rate (a shared win counts) and mean length."""

    games: int
    first_wins: float
    mean_length: float
    length_sd: float

    def to_json(self) -> dict[str, Any]:
        return {"games": self.games, "first_player_wins": self.first_wins,
                "mean_length": self.mean_length, "length_sd": self.length_sd}  # fmt: skip


def engine_sample(game: Game[Any, Any], games: int, seed: int) -> Sample:
    """Random games of the rules engine (uniform legal actions, chance by `core.sample`)."""
    rng, wins, lengths = random.Random(seed), [], []
    for _ in range(games):
        state, length = game.initial_state(), 0
        while not game.is_terminal(state):
            actors = game.actors(state)
            if actors == (CHANCE,):
                state = game.apply(state, CHANCE, sample(game, state, rng))
                continue
            legal = game.legal_actions(state, actors[0])
            state = game.apply(state, actors[0], legal[rng.randrange(len(legal))])
            length += 1
        wins.append(0 in game.result(state).winners)
        lengths.append(length)
    return _sample(wins, lengths)


def batch_sample(env: BatchGame, games: int, seed: int) -> Sample:
    """Random games of the batch: the first `games / B` (rounded up) of every slot."""
    per_slot = -(-games // env.batch)
    env.reset(seed)
    rng = np.random.default_rng(seed + 1)
    ended = np.zeros(env.batch, dtype=np.int64)
    length = np.zeros(env.batch, dtype=np.int64)
    wins: list[bool] = []
    lengths: list[int] = []
    for _ in range(10 * per_slot * env.game.max_game_length):
        if ended.min() >= per_slot:
            break
        env.step(env.random_actions(rng))
        length += 1
        counted = env.done & (ended < per_slot)
        lengths += length[counted].tolist()
        wins += (env.returns[counted, 0] > 0).tolist()
        ended += env.done
        length[env.done] = 0
    else:
        raise RuntimeError("the batch's games do not end")
    return _sample(wins, lengths)


def _sample(wins: Sequence[bool], lengths: Sequence[int]) -> Sample:
    n = len(lengths)
    mean = sum(lengths) / n
    sd = math.sqrt(sum((x - mean) ** 2 for x in lengths) / max(1, n - 1))
    return Sample(n, sum(wins) / n, mean, sd)


def compare_distributions(engine: Sample, batch: Sample) -> Check:
    """The two samples' first-player win rates and mean lengths within `Z_LIMIT` standard
    errors of their difference."""
    check = Check("distributions", games=engine.games + batch.games)
    p = (engine.first_wins * engine.games + batch.first_wins * batch.games) / check.games
    se = math.sqrt(max(p * (1 - p), 1e-12) * (1 / engine.games + 1 / batch.games))
    z = abs(engine.first_wins - batch.first_wins) / se
    if z > Z_LIMIT:
        check.fail(f"first player wins {engine.first_wins:.4f} (engine) vs "
                   f"{batch.first_wins:.4f} (batch): {z:.1f} standard errors")  # fmt: skip
    se = math.sqrt(engine.length_sd**2 / engine.games + batch.length_sd**2 / batch.games)
    z = abs(engine.mean_length - batch.mean_length) / max(se, 1e-12)
    if z > Z_LIMIT:
        check.fail(f"mean length {engine.mean_length:.2f} (engine) vs "
                   f"{batch.mean_length:.2f} (batch): {z:.1f} standard errors")  # fmt: skip
    return check


def decision_states(game: Game[Any, Any], count: int, seed: int) -> list[Any]:
    """`count` states where one player decides, drawn evenly from every decision of random
    games of the rules engine (early, middle and late positions alike)."""
    rng, pool = random.Random(seed), list[Any]()
    while len(pool) < 3 * count:
        state = game.initial_state()
        while not game.is_terminal(state):
            actors = game.actors(state)
            if actors == (CHANCE,):
                state = game.apply(state, CHANCE, sample(game, state, rng))
                continue
            pool.append(state)
            legal = game.legal_actions(state, actors[0])
            state = game.apply(state, actors[0], legal[rng.randrange(len(legal))])
    return rng.sample(pool, count)


def check_loaded_states(env: BatchGame, states: Sequence[Any], steps: int, seed: int) -> Check:
    """Load rules-engine `states` into the batch (`load`), step `steps` random actions, and
    replay each game's recorded steps from its state through the rules engine: at every
    decision the batch's player and legal actions are the engine's, every chance outcome is
    one of the engine's, and a game the batch ended is over there with the same scores."""
    check = Check("rules engine states -> batch", games=len(states))
    recorder = env.record()
    assert recorder is not None
    env.load(states)
    rng = np.random.default_rng(seed)
    masks, seats, dones = [], [], []
    for _ in range(steps):
        masks.append(env.legal_mask().copy())
        seats.append(env.current_player)
        env.step(env.random_actions(rng))
        dones.append(env.done.copy())
    env.record(False)
    for i, (state, first) in enumerate(zip(states, recorder.first_games(), strict=True)):
        seen = [(m[i], s[i], d[i]) for m, s, d in zip(masks, seats, dones, strict=True)]
        problem = _replay_loaded(env, state, first, seen, check)
        if problem:
            check.fail(f"loaded state {i}: {problem}")
    return check


def _replay_loaded(
    env: BatchGame, state: Any, first: Trajectory, steps: list[tuple[Any, Any, Any]], check: Check
) -> str:
    """Replay one loaded game's `steps` (mask, seat, done) and recorded events from `state`."""
    game, events, at = env.game, first.events, 0
    for number, (mask, seat, done) in enumerate(steps):
        if game.actors(state) != (int(seat),):
            return f"step {number}: the batch's player is {int(seat)}, the engine's " \
                   f"{game.actors(state)}"  # fmt: skip
        ids = tuple(sorted(game.encode(a) for a in game.legal_actions(state, int(seat))))
        if tuple(np.flatnonzero(mask).tolist()) != ids:
            return f"step {number}: the batch's legal actions differ from the engine's"
        value = events[at][2]  # the action the batch played, as recorded
        state = game.apply(state, int(seat), game.decode(value))
        at += 1
        check.actions += 1
        while at < len(events) and events[at][0] != ACTION:
            outcome = env.chance_outcome(events[at][2])
            if dict(game.chance_outcomes(state)).get(outcome, 0) <= 0:
                return f"step {number}: {outcome} is not a chance outcome here"
            state = game.apply(state, CHANCE, outcome)
            at += 1
            check.chance += 1
        if bool(done) != game.is_terminal(state):
            return f"step {number}: the batch {'ended' if done else 'goes on with'} the game"
        if done:
            scores = tuple(float(x) for x in game.result(state).scores)
            return "" if scores == first.scores else f"scores {first.scores}, engine {scores}"
    return ""
