"""The log's explanations come from the server: the players read them as the game goes, and a
late-joining spectator, a reconnection and the replay read the same lines at the same steps."""

from __future__ import annotations

from typing import Any

from tests.web.helpers import Client, Server

RANDOM = {"kind": "bot", "level": "random"}


def explained(log: list[dict[str, Any]]) -> list[tuple[int, str]]:
    return [(line["index"], line["text"]) for line in log if line.get("kind") == "explain"]


def test_explanations_survive_reload_and_replay(server: Server) -> None:
    """Rulebook (docs/rules/puru.md, "A turn"): "Resolve the dice" - each resolved roll's gains
    and drips are logged once, after the step that resolved it, for everyone who reads the log."""
    made = server.create("puru", [{"kind": "human"}, RANDOM])
    player = Client(server, made["id"], [made["tokens"]["0"]])
    player.play_until_over([0])
    live = explained(player.log)
    assert live, "no explanation reached the player"
    for i, line in enumerate(player.log):  # each explanation follows the step it explains
        if line.get("kind") == "explain":
            assert player.log[i - 1]["index"] == line["index"]
    assert any(text.startswith("Player 1: ") for _, text in live)
    player.close()

    late = Client(server, made["id"])  # a spectator arriving after the end
    assert explained(late.log) == live
    late.close()
    again = Client(server, made["id"], [made["tokens"]["0"]])
    assert explained(again.log) == live
    again.close()

    replay = server.api("GET", f"/api/tables/{made['id']}/replay").json()
    from_replay = [(step - 1, text) for step, lines in replay["explain"] for text in lines]
    assert from_replay == live
