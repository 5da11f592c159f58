"""The toy game as a package with its own rules.md, the way real games ship their rules."""

from tests.cli.toygame import SPEC, make_game

__all__ = ["SPEC", "make_game"]
