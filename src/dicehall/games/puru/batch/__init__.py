"""Puru Puru's batched form (Basic 2-5 players and Solo): `dicehall.batch.make("puru", ...)`."""

from __future__ import annotations

from dicehall.games.puru.batch.engine import PuruBatch, make_batch

__all__ = ["PuruBatch", "make_batch"]
