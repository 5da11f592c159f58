"""dicehall.store layer."""
