"""Expert bots built on exact solutions, one module per game."""
