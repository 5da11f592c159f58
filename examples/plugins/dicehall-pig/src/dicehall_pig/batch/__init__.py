"""Pig's batched form: `dicehall.batch.make("pig", batch=B)` finds `make_batch` here."""

from __future__ import annotations

from dicehall_pig.batch.engine import PigBatch, make_batch

__all__ = ["PigBatch", "make_batch"]
