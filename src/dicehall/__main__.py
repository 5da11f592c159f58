"""`python -m dicehall` runs the command-line interface."""

from dicehall.cli.main import app

app()
