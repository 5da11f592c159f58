"""Exact solvers: Puru Puru Solo by dynamic programming, Purrramid turns by expectimax."""
