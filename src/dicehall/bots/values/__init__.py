"""Fitted position values live in each game's package (`games/<id>/bots/value.py`, each with
the code that refits it); `explored_game`, which they share, is in `dicehall.core.search`."""

from dicehall.core.search import explored_game

__all__ = ["explored_game"]
