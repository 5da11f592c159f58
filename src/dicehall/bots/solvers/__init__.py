"""The disk cache of solved tables (`cache`); the exact solvers live in each game's package
(its `tables` part) and reach the cache through `dicehall.core.tables`."""
