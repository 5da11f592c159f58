"""Purrramid's batched form (both sides, 2-4 players): `dicehall.batch.make("purrramid")`."""

from __future__ import annotations

from dicehall.games.purrramid.batch.engine import PurrramidBatch, make_batch

__all__ = ["PurrramidBatch", "make_batch"]
