"""dicehall.sim layer."""
