"""dicehall: a digital home for four tabletop dice games."""

__version__ = "0.1.0"
