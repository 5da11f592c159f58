"""Finished matches: signed records, replays and reviews."""
