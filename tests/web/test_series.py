"""Series (docs/play-together.md, *Series*): N games with the same people and a running total.

Purrramid's rulebook: "Players who are especially dedicated to stacking sleeping kittens may
play multiple games on both sides of the Board, then add up their scores to see who had the
highest total." A Purrramid series plays side A, then B, then A, and adds up the scores."""

from __future__ import annotations

import time
from typing import Any

from dicehall.web.series import next_params, next_series, totals_after
from tests.web.helpers import Client, Server

HUMAN = {"kind": "human", "name": "Ann"}
BOT = {"kind": "bot", "level": "random", "name": "Rex"}


def _play(server: Server, table: str, token: str) -> dict[str, Any]:
    """Ann sits down and steps away (a bot stands in after the grace period, so the game
    takes seconds); the table once finished."""
    Client(server, table, [token]).close()
    end = time.monotonic() + 180
    while time.monotonic() < end:
        answer: dict[str, Any] = server.api("GET", f"/api/tables/{table}").json()
        if answer["status"] == "finished":
            return answer
        time.sleep(0.5)
    raise TimeoutError("the game did not end")


def _again(server: Server, table: str, token: str) -> dict[str, Any]:
    asked = server.api("POST", f"/api/tables/{table}/rematch", json={"tokens": [token]})
    assert asked.status_code == 200, asked.text
    return asked.json()  # type: ignore[no-any-return]


def test_a_purrramid_series_plays_both_sides_and_adds_up_the_scores(server: Server) -> None:
    made = server.create("purrramid", [HUMAN, BOT], series=3, series_count="points")
    table, token = made["id"], made["tokens"]["0"]
    sides, by_name = [], {"Ann": 0.0, "Rex": 0.0}
    for number in (1, 2, 3):
        done = _play(server, table, token)
        series = done["options"]["series"]
        assert (series["number"], series["games"], series["count"]) == (number, 3, "points")
        sides.append(done["params"]["side"])
        for seat, cfg in enumerate(done["seats"]):
            by_name[cfg["name"]] += done["result"]["scores"][seat]
        # each player's total, whichever seat they sit in this game
        names = {series["players"][s]: c["name"] for s, c in enumerate(done["seats"])}
        assert {names[p]: t for p, t in enumerate(done["series_totals"])} == by_name
        if number < 3:
            again = _again(server, table, token)
            table, token = again["id"], next(iter(again["tokens"].values()))
    assert sides == ["a", "b", "a"]


def test_a_series_counts_wins_and_starts_again_after_its_last_game() -> None:
    series = {"games": 2, "count": "wins", "number": 1, "players": [0, 1, 2], "totals": [0] * 3}
    tie = {"scores": [3, 3, 1], "winners": [0, 1]}
    assert totals_after(series, tie) == [1, 1, 0]  # tied winners each win
    second = next_series(series, tie)
    # seats move one place on: the old seat 1 is the new seat 0
    assert (second["number"], second["players"], second["totals"]) == (2, [1, 2, 0], [1, 1, 0])
    assert totals_after(second, {"scores": [0, 5, 1], "winners": [1]}) == [1, 1, 1]
    fresh = next_series(second, {"scores": [0, 5, 1], "winners": [1]})
    assert (fresh["number"], fresh["totals"]) == (1, [0, 0, 0])


def test_only_a_board_side_moves_on() -> None:
    assert next_params("purrramid", {"side": "b", "players": 2})["side"] == "a"
    assert next_params("puru", {"players": 2}) == {"players": 2}


def test_bad_series_are_refused(server: Server) -> None:
    for extra in (
        {"series": 1},
        {"series": 11},
        {"series": "3"},
        {"series": 3, "series_count": "x"},
    ):
        body = {"game": "puru", "seats": [{"kind": "human"}, BOT], **extra}
        r = server.api("POST", "/api/tables", json=body)
        assert r.status_code == 422, (extra, r.text)
