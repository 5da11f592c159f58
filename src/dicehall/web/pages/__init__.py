"""The games' pages and files: rules pages and each game's browser renderer."""
