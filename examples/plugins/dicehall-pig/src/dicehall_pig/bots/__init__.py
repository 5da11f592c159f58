"""Pig's bots: the classic hold-at-20 heuristic and what the generic search needs."""
