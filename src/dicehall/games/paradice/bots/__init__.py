"""The game's bots: heuristic, search knowledge, fitted values and exact solvers."""
