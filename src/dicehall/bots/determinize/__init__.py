"""Determinisers for IS-MCTS: a module per game with `state_from_view(game, view, seat, rng)`.

Optional hooks of such a module: `rollout_action(game, state, seat, legal, rng)` (a cheap default
policy for rollouts) and `search_game(game)` (the rules to search, e.g. Jelly's tick variant).
"""

from dicehall.core import DicehallError


class NotDeterminisable(DicehallError):
    """The view does not hold enough to rebuild a state here; the bot must decide otherwise."""


__all__ = ["NotDeterminisable"]
