"""The game's front-end parts: the terminal renderer (Rich) and the browser renderer (web.js)."""
