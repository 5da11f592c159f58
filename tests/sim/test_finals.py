"""Each seat's final state, flattened from a final spectator view for the sweep's rows."""

from __future__ import annotations

from dicehall.sim.finals import seat_states


def test_per_seat_lists_become_columns_and_other_lists_are_skipped() -> None:
    view = {
        "players": [
            {"seat": 0, "love": 20, "character": "puru_puru", "pods": [5, 1], "done": [{}, {}]},
            {"seat": 1, "love": 7, "character": None, "pods": [], "done": []},
        ],
        "tiles_left": [3, 0],
        "faces": ["heart", "star"],  # one per die, not per seat
        "winners": [0, 1],
        "round": 4,
    }
    first, second = seat_states(view, 2)
    assert first == {"players_love": 20, "players_character": "puru_puru",
                     "players_pods": 6, "players_done": 2, "tiles_left": 3}  # fmt: skip
    assert second["players_character"] is None and second["players_pods"] == 0
    assert "faces" not in first and "winners" not in first and "round" not in first
