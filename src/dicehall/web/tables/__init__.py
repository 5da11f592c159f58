"""Live tables: a match with its people, bots and pauses, and what each connection sees."""
