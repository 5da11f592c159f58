"""What every RL interface shares: making the game, rewards, the checks of their options.

Chance and legal actions are resolved by `dicehall.rl._runner` (its module text tells the two
ways of seeding chance).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from dicehall import games
from dicehall.core import DicehallError, Game

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


def encoder(game: Game[Any, Any], size: int = 1 << 16) -> Callable[[Sequence[Any]], list[int]]:
    """`actions -> [game.encode(a) for a in actions]`, remembering the id of each action
    object met, at most `size` of them: games that hand out the same objects again (most
    do) get their ids by address, which costs less than hashing a dataclass. The objects are
    kept while remembered, so no other object can have their address meanwhile."""
    known: dict[int, int] = {}
    kept: list[Any] = []
    if type(game).encode is Game.encode:
        plain: Callable[[Sequence[Any]], list[int]] = game.action_index.encode_many
    else:
        plain = lambda actions: [game.encode(a) for a in actions]  # noqa: E731

    def encode_many(actions: Sequence[Any]) -> list[int]:
        try:
            return list(map(known.__getitem__, map(id, actions)))
        except KeyError:
            pass
        ids = plain(actions)
        if len(known) + len(actions) > size:
            known.clear()
            kept.clear()
        known.update(zip(map(id, actions), ids, strict=True))
        kept.extend(actions)
        return ids

    return encode_many
