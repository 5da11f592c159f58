"""Registers the toy game of `toygame.py` for the CLI tests."""

from __future__ import annotations

from dicehall import games

games.register("toy", "toygame")
