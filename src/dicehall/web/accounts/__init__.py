"""Accounts: sign-up and sessions, profiles, standings and ratings, seats linked to accounts."""
