"""Pig's terminal renderer (the browser uses dicehall's generic renderer)."""
