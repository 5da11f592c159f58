"""What every RL interface shares: making the game, resolving chance, rewards.

Chance is resolved in one of two ways (`seeding=`):
- "episode" (the default): one `random.Random(seed)` per episode draws every chance outcome
  and every bot's random choices; the same seed and the same player actions give the same
  episode.
- "match": exactly as `engine.Match` does it: the outcome of a chance node reached after `k`
  applied actions (chance outcomes included) is `core.sample` with
  `core.seeding.chance_rng(seed, k)`, and bots decide with `engine.Match`'s per-move random
  sources. So the same seed and player actions give the same game as through the engine, at a
  cost: seeding a Mersenne Twister takes longer than most actions of the rules.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from typing import Any

from dicehall import games
from dicehall.core import CHANCE, DicehallError, Game, sample
from dicehall.core.seeding import bot_rng, chance_rng

SEEDINGS = ("episode", "match")
REWARDS = ("win", "score", "margin", "returns")
"""win: +1 for each winner, -1 for the others (0 for all when all win); score: the final
scores; margin: a seat's final score minus the best final score of the other seats;
returns: `Game.returns` (1 shared among the winners)."""


def rl_params(game_id: str) -> dict[str, Any]:
    """The parameters the game requires of RL front ends (`GameParts.rl_params`), e.g. the
    turn-based mode of a real-time game (real time needs a clock)."""
    return dict(games.parts(game_id).rl_params)


def make_game(game_id: str, **params: Any) -> Game[Any, Any]:
    """The rules object, with the parameters the game requires of RL front ends."""
    for name, value in rl_params(game_id).items():
        params.setdefault(name, value)
        if params[name] != value:
            raise DicehallError(f"{game_id}: RL interfaces need {name}={value!r}")
    return games.make(game_id, **params)


def automated_seats(game: Game[Any, Any]) -> frozenset[int]:
    """Seats that never choose an action: those the rules play (`Game.automated_seats`)."""
    return game.automated_seats()


def final_rewards(game: Game[Any, Any], state: Any, reward: str) -> tuple[float, ...]:
    """Per-seat reward of a terminal state."""
    if reward == "returns":
        return game.returns(state)
    result = game.result(state)
    scores = tuple(float(x) for x in result.scores)
    if reward == "score":
        return scores
    if reward == "margin":
        return tuple(x - max(scores[:i] + scores[i + 1 :]) for i, x in enumerate(scores))
    if len(result.winners) == game.num_players:
        return (0.0,) * game.num_players
    return tuple(1.0 if s in result.winners else -1.0 for s in range(game.num_players))


def check_seeding(seeding: str) -> str:
    if seeding not in SEEDINGS:
        raise DicehallError(f"seeding must be one of {', '.join(SEEDINGS)}, got {seeding!r}")
    return seeding


def check_reward(reward: str) -> str:
    if reward not in REWARDS:
        raise DicehallError(f"reward must be one of {', '.join(REWARDS)}, got {reward!r}")
    return reward


def encoder(game: Game[Any, Any]) -> Callable[[Iterable[Any]], list[int]]:
    """`actions -> [game.encode(a) for a in actions]`, through the game's action index in one
    pass unless the game encodes actions its own way."""
    if type(game).encode is Game.encode:
        return game.action_index.encode_many
    return lambda actions: [game.encode(a) for a in actions]


class LegalIds:
    """Ids of legal-action tuples, remembered per tuple object: games hand out the same tuple
    for the same choices, so across the episodes of one environment most calls only look up."""

    def __init__(self, game: Game[Any, Any], size: int = 4096) -> None:
        self._encode_many = encoder(game)
        self._size = size
        self._made: dict[int, tuple[tuple[Any, ...], list[int]]] = {}

    def __call__(self, legal: tuple[Any, ...]) -> list[int]:
        found = self._made.get(id(legal))
        if found is not None and found[0] is legal:
            return found[1]
        if len(self._made) >= self._size:
            self._made.clear()
        ids = self._encode_many(legal)
        self._made[id(legal)] = (legal, ids)
        return ids


class Runner:
    """One game in progress, with chance resolved from `seed` (see the module's `seeding`)."""

    def __init__(
        self,
        game: Game[Any, Any],
        seed: int,
        seeding: str = "episode",
        ids: LegalIds | None = None,
    ) -> None:
        self.game = game
        self.seed = seed
        self.per_move = check_seeding(seeding) == "match"
        self.rng = random.Random(seed)  # the episode's one random source ("episode" seeding)
        self.state: Any = game.initial_state()
        self.applied = 0
        self.moves: list[tuple[int, Any]] = []  # the player actions applied, in order
        self._ids = ids or LegalIds(game)
        self.settle()

    @property
    def over(self) -> bool:
        return self.game.is_terminal(self.state)

    def actor(self) -> int:
        """The one seat to act (turn-based play), or -1 when the game is over."""
        actors = self.game.actors(self.state)
        if not actors:
            return -1
        if len(actors) != 1 or actors[0] < 0:
            raise DicehallError(f"{self.game.id}: expected one seat to act, got {actors}")
        return actors[0]

    def legal_ids(self, seat: int) -> list[int]:
        """The ids of `seat`'s legal actions (the list is shared: do not change it)."""
        return self._ids(self.game.legal_actions(self.state, seat))

    def act(self, seat: int, action: Any) -> None:
        """Apply a player action (IllegalActionError if it is not legal), then settle chance."""
        self.state = self.game.apply(self.state, seat, action)
        self.applied += 1
        self.moves.append((seat, action))
        self.settle()

    def settle(self) -> None:
        """Resolve chance nodes until a seat must act or the game is over."""
        game = self.game
        while not game.is_terminal(self.state) and game.actors(self.state) == (CHANCE,):
            self.settle_one()

    def settle_one(self) -> None:
        """Resolve the chance node the game is at."""
        rng = chance_rng(self.seed, self.applied) if self.per_move else self.rng
        self.state = self.game.apply(self.state, CHANCE, sample(self.game, self.state, rng))
        self.applied += 1

    def bot_rng(self, seat: int) -> random.Random:
        """The random source a bot decides with: the episode's, or ("match" seeding) the one
        `engine.Match.play_bot` gives a bot at this point."""
        if self.per_move:
            return bot_rng(self.seed, seat, self.applied)
        return self.rng
