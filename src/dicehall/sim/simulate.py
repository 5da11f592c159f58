"""Batch simulation: many bot-vs-bot games, in parallel processes, summarised with statistics.

Game `i` of a run is played with seed `seed + i`, exactly as `engine.Match(game, seed + i, bots)`
would play it (the same chance and bot random streams), so any single game of a simulation
can be replayed as a match. Results do not depend on the number of worker processes. With a
record folder, each game is played once as a logged match and its record saved as it ends.

Shared wins count as a win for each winner, so the seats' win rates may add up to more than 1.

Ctrl-C (`pool.Interrupted`) ends a run with the summary of the games finished so far, and a
run given those games (`done`) plays only the others: its results are those of a run never
interrupted (`sim.checkpoint` keeps them between the two).
"""

from __future__ import annotations

import importlib
import time
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from dicehall import games
from dicehall.bots import Bot, RandomBot, make_bot
from dicehall.core import CHANCE, DicehallError, Game, sample
from dicehall.core.seeding import bot_rng, chance_rng
from dicehall.engine import Match, Record
from dicehall.sim import pool, stats

TURN_KEYS = ("turns_played", "turns", "turn")
ROUND_KEYS = ("rounds_played", "round")
"""Keys of the final spectator view read as the game's length in turns and in rounds."""


@dataclass(frozen=True, slots=True)
class Outcome:
    """What one simulated game tells the summary."""

    winners: tuple[int, ...]
    scores: tuple[float, ...]
    reason: str
    actions: int  # actions taken by players (chance and engine actions not counted)
    turns: int | None  # from the final spectator view, when it tells
    by_seat: tuple[int, ...] = ()  # actions taken by each seat
    rounds: int | None = None  # from the final spectator view, when it tells
    extras: tuple[tuple[str, Any], ...] = ()  # `--stat` keys of the final spectator view
    ranks: tuple[int, ...] = ()  # competition ranks (1 is best)


@dataclass
class Summary:
    """The outcomes of a batch of games, in game order, with their statistics."""

    game: str
    params: dict[str, Any]
    seed: int
    bots: tuple[str, ...]
    outcomes: list[Outcome]
    elapsed_s: float = 0.0
    notes: list[str] = field(default_factory=list)
    speeds: tuple[str, ...] = ()  # speed profiles of a real-time simulation
    seeds: tuple[int, ...] = ()  # each game's seed, when not `seed + i` (an interrupted run)

    @property
    def games(self) -> int:
        return len(self.outcomes)

    def seed_of(self, index: int) -> int:
        """The seed game `index` of the summary was played with."""
        return self.seeds[index] if self.seeds else self.seed + index

    def wins(self, seat: int) -> int:
        """Games `seat` won, shared wins included."""
        return sum(1 for o in self.outcomes if seat in o.winners)

    def end_reasons(self) -> dict[str, int]:
        counts = Counter(o.reason for o in self.outcomes)
        return dict(sorted(counts.items(), key=lambda kv: (-kv[1], kv[0])))

    def turns(self) -> list[int] | None:
        """Turns per game, when every game's final view told them."""
        found = [o.turns for o in self.outcomes if o.turns is not None]
        return found if self.outcomes and len(found) == len(self.outcomes) else None

    def rounds(self) -> list[int] | None:
        """Rounds per game, when every game's final view told them."""
        found = [o.rounds for o in self.outcomes if o.rounds is not None]
        return found if self.outcomes and len(found) == len(self.outcomes) else None

    def seat_rows(self) -> list[dict[str, Any]]:
        n = self.games
        rows = []
        for seat, bot in enumerate(self.bots):
            wins = self.wins(seat)
            lo, hi = stats.wilson(wins, n)
            scores = [o.scores[seat] for o in self.outcomes]
            acted = [o.by_seat[seat] for o in self.outcomes if o.by_seat]
            rows.append(
                {
                    "seat": seat,
                    "bot": bot,
                    "wins": wins,
                    "win_rate": wins / n if n else 0.0,
                    "ci95": [lo, hi],
                    "mean_score": stats.mean(scores),
                    "mean_actions": stats.mean(acted),
                }
            )
            if self.speeds:
                rows[-1]["speed"] = self.speeds[seat]
        return rows

    def length(self) -> dict[str, Any]:
        actions = [o.actions for o in self.outcomes]
        out: dict[str, Any] = {
            "mean": stats.mean(actions),
            "median": stats.median(actions),
            "min": min(actions, default=None),
            "max": max(actions, default=None),
        }
        for name, counts in (("turns", self.turns()), ("rounds", self.rounds())):
            if counts is not None:
                out[f"{name}_mean"] = stats.mean(counts)
                out[f"{name}_median"] = stats.median(counts)
                out[f"{name}_min"] = min(counts)
                out[f"{name}_max"] = max(counts)
        return out

    def view_stats(self) -> dict[str, dict[str, Any]]:
        """`stats.describe` of each `--stat` key over the games."""
        keys = [k for k, _ in self.outcomes[0].extras] if self.outcomes else []
        return {
            key: stats.describe([dict(o.extras).get(key) for o in self.outcomes]) for key in keys
        }

    def to_json(self) -> dict[str, Any]:
        out = {
            "game": self.game,
            "params": self.params,
            "games": self.games,
            "seed": self.seed,
            "seats": self.seat_rows(),
            "shared_wins": sum(1 for o in self.outcomes if len(o.winners) > 1),
            "length": self.length(),
            "end_reasons": self.end_reasons(),
            "elapsed_s": round(self.elapsed_s, 3),
            "notes": self.notes,
        }
        view_stats = self.view_stats()
        if view_stats:
            out["stats"] = view_stats
        return out


# --- one game ---------------------------------------------------------------------------


def play_out(game: Game[Any, Any], bots: Sequence[Bot], seed: int) -> tuple[Any, list[int]]:
    """Play a bot-only game to its end; `(final state, actions taken by each seat)`.

    Uses the same random streams as `engine.Match` (`core.seeding`) without building a log,
    for speed.
    """
    state = game.initial_state()
    steps = 0
    by_seat = [0] * game.num_players
    check_timer = game.spec.real_time
    # RandomBot never reads its view: skip building one (observe can cost more than the rules)
    blind = [type(bot) is RandomBot for bot in bots]
    while True:
        actors = game.actors(state)
        if not actors:
            return state, by_seat
        if actors == (CHANCE,):
            outcome = sample(game, state, chance_rng(seed, steps))
            state = game.apply(state, CHANCE, outcome)
        else:
            seat = actors[0]
            legal = game.legal_actions(state, seat)
            rng = bot_rng(seed, seat, steps)
            view = {} if blind[seat] else game.observe(state, seat)
            state = game.apply(state, seat, bots[seat].act(view, legal, rng))
            by_seat[seat] += 1
        steps += 1
        if steps > game.max_game_length:
            raise DicehallError(f"{game.id}: game longer than its maximum {game.max_game_length}")
        if check_timer and game.timer(state) is not None:
            raise DicehallError(f"{game.id}: this mode needs real-time simulation")


def lookup(view: Any, key: str) -> Any:
    """The value at a dotted path of a view (`storehouse.first_out`, `scores.0`); None if absent."""
    value = view
    for part in key.split("."):
        if isinstance(value, dict) and part in value:
            value = value[part]
        elif isinstance(value, list) and part.isdigit() and int(part) < len(value):
            value = value[int(part)]
        else:
            return None
    return value


def _count(view: dict[str, Any], keys: tuple[str, ...]) -> int | None:
    for key in keys:
        value = view.get(key)
        if isinstance(value, int) and not isinstance(value, bool):
            return value
    return None


def realtime_runner(game: Game[Any, Any]) -> Callable[..., Any] | None:
    """`engine.realtime.simulate_realtime` for a game in real-time mode, when installed."""
    if not (game.spec.real_time and game.params.get("mode") == "realtime"):
        return None
    try:
        module = importlib.import_module("dicehall.engine.realtime")
    except ModuleNotFoundError:
        return None
    runner: Callable[..., Any] | None = getattr(module, "simulate_realtime", None)
    return runner


def play_one(
    game: Game[Any, Any],
    bots: Sequence[Bot],
    seed: int,
    speeds: Sequence[str] = (),
    keys: Sequence[str] = (),
) -> Outcome:
    """One simulated game and what the summary needs from it.

    `speeds`: the seats' speed profiles for real-time simulation (default: the engine's);
    `keys`: values of the final spectator view to keep (`--stat`).
    """
    return play_one_with_view(game, bots, seed, speeds, keys)[0]


def _logged(game: Game[Any, Any], bots: Sequence[Bot], seed: int, speeds: Sequence[str]) -> Match:
    """The game played to its end as a logged match (the same game `play_out` plays)."""
    runner = realtime_runner(game)
    if runner is not None:
        played: Match = runner(game, seed, dict(enumerate(bots)), dict(enumerate(speeds)) or None)
        return played
    match = Match(game, seed, bots=dict(enumerate(bots)))
    match.run_bots()
    if not match.is_over:
        raise DicehallError(f"{game.id}: game {seed} stopped before its end")
    return match


def record_path(folder: Path, game_id: str, seed: int) -> Path:
    return folder / f"{game_id}-{seed}.json"


def play_one_with_view(
    game: Game[Any, Any],
    bots: Sequence[Bot],
    seed: int,
    speeds: Sequence[str] = (),
    keys: Sequence[str] = (),
    record_folder: Path | None = None,
) -> tuple[Outcome, Any]:
    """`play_one` and the final spectator view; with `record_folder`, the game's record is
    saved there as `GAME-SEED.json`."""
    if realtime_runner(game) is not None or record_folder is not None:
        match = _logged(game, bots, seed, speeds)
        if record_folder is not None:
            Record.of(match).save(record_path(record_folder, game.id, seed))
        state = match.state
        by_seat = [sum(1 for e in match.log if e.seat == s) for s in range(game.num_players)]
    else:
        state, by_seat = play_out(game, bots, seed)
    result = game.result(state)
    view = game.observe(state, None)
    return Outcome(
        winners=tuple(result.winners),
        scores=tuple(result.scores),
        reason=result.reason,
        actions=sum(by_seat),
        turns=_count(view, TURN_KEYS),
        by_seat=tuple(by_seat),
        rounds=_count(view, ROUND_KEYS),
        extras=tuple((key, lookup(view, key)) for key in keys),
        ranks=tuple(result.ranks),
    ), view


# --- many games -------------------------------------------------------------------------


def setup(
    game_id: str, params: dict[str, Any], levels: Sequence[str]
) -> tuple[Game[Any, Any], list[Bot]]:
    """The game and one bot per seat; raises `DicehallError` when they do not fit."""
    game = games.make(game_id, **params)
    if len(levels) != game.num_players:
        raise DicehallError(
            f"{len(levels)} bot(s) named for {game.num_players} seat(s); name one per seat "
            "or a single level for all"
        )
    return game, [make_bot(level, game, seat) for seat, level in enumerate(levels)]


def run_seeds(
    game_id: str,
    params: dict[str, Any],
    levels: Sequence[str],
    seeds: Sequence[int],
    speeds: Sequence[str] = (),
    keys: Sequence[str] = (),
    record_folder: str | None = None,
) -> list[Outcome]:
    """Play one game per seed (a worker's share). Bots are reused from game to game."""
    game, bots = setup(game_id, params, levels)
    folder = Path(record_folder) if record_folder is not None else None
    if folder is not None:
        folder.mkdir(parents=True, exist_ok=True)
    return [play_one_with_view(game, bots, s, speeds, keys, folder)[0] for s in seeds]


def _chunks(seeds: Sequence[int], size: int) -> list[list[int]]:
    return [list(seeds[i : i + size]) for i in range(0, len(seeds), size)]


def _speeds(game: Game[Any, Any], speeds: Sequence[str]) -> tuple[str, ...]:
    """One speed profile per seat for real-time simulation; () for other games."""
    if realtime_runner(game) is None:
        if speeds:
            raise DicehallError("speed profiles apply only to real-time simulation")
        return ()
    from dicehall.bots import speed  # only real-time games need it

    names = tuple(speeds) or (speed.DEFAULT,)
    for name in names:
        if name not in speed.PROFILES:
            raise DicehallError(f"unknown speed {name!r}; known: {', '.join(speed.PROFILES)}")
    if len(names) == 1:
        return names * game.num_players
    if len(names) != game.num_players:
        raise DicehallError(f"{len(names)} speed(s) named for {game.num_players} seat(s)")
    return names


def _prepare(
    game_id: str, params: dict[str, Any], levels: Sequence[str], notes: list[str]
) -> Game[Any, Any]:
    """The game to simulate, checked in this process before any worker starts."""
    game, _ = setup(game_id, params, levels)
    if game.spec.real_time and game.params.get("mode") == "realtime" and not realtime_runner(game):
        # no real-time simulator installed: the documented turn-by-tick variant instead
        game, _ = setup(game_id, {**game.params, "mode": "tick"}, levels)
        notes.append("real-time simulation unavailable; played in tick mode")
    return game


def simulate(
    game_id: str,
    params: dict[str, Any],
    levels: Sequence[str],
    count: int,
    seed: int = 0,
    workers: int = 1,
    on_progress: Callable[[int], None] | None = None,
    speeds: Sequence[str] = (),
    stat_keys: Sequence[str] = (),
    ray_address: str | None = None,
    record_folder: Path | None = None,
    done: Mapping[int, Outcome] | None = None,
) -> Summary:
    """Play `count` games (game i with seed `seed + i`) and summarise them.

    `on_progress(n)` is called with the number of games finished so far; `speeds` names the
    seats' speed profiles for real-time games (one per seat, or one for all); `stat_keys`
    are (dotted) keys of the final spectator view to summarise; `ray_address` runs the games
    as Ray tasks (`"local"`: a Ray runtime on this machine) instead of worker processes;
    `record_folder` keeps each game's record there (on a cluster, a folder every node shares);
    `done` holds outcomes already played, by seed (a resumed run), which are not played again.

    Ctrl-C raises `pool.Interrupted` whose `partial` is the `Summary` of the finished games.
    """
    if count < 1:
        raise DicehallError("simulate at least one game")
    if workers < 1:
        raise DicehallError("workers must be >= 1")
    notes: list[str] = []
    game = _prepare(game_id, params, levels, notes)
    per_seat = _speeds(game, speeds)
    started = time.perf_counter()
    played = {s: o for s, o in (done or {}).items() if seed <= s < seed + count}
    missing = [s for s in range(seed, seed + count) if s not in played]
    chunks = _chunks(missing, max(1, min(50, len(missing) // (workers * 8) or 1)))
    job = (game_id, dict(game.params), tuple(levels))
    keys = tuple(stat_keys)

    def finished(index: int, outcomes: list[Outcome]) -> None:
        played.update(zip(chunks[index], outcomes, strict=True))
        if on_progress:
            on_progress(len(played))

    def summary() -> Summary:
        seeds = sorted(played)
        outcomes = [played[s] for s in seeds]
        elapsed = time.perf_counter() - started
        out = Summary(game_id, dict(game.params), seed, tuple(levels), outcomes, elapsed, notes)
        out.speeds = per_seat
        if seeds != list(range(seed, seed + len(seeds))):
            out.seeds = tuple(seeds)
        return out

    folder = None if record_folder is None else str(record_folder.resolve())
    jobs = [(run_seeds, (*job, chunk, per_seat, keys, folder)) for chunk in chunks]
    try:
        pool.run_jobs(jobs, workers, ray_address, finished)
    except pool.Interrupted:
        raise pool.Interrupted(summary()) from None
    return summary()
