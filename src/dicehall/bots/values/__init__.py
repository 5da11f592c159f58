"""Fitted position values that searches use to evaluate a position without playing it out.

Each module holds its fitted weights as constants and the code that refits them
(`python -m dicehall.bots.values.<game> --help`), so a model can always be rebuilt and checked.
"""
