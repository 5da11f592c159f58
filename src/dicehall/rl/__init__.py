"""dicehall.rl layer."""
