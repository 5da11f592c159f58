"""dicehall.web layer."""
