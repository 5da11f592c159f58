"""A game module that fails on import, as a broken plug-in would."""

raise ImportError("this plug-in needs a library that is not installed")
