"""`games`, `rules`, `simulate`, `bench`, `serve` and the error policy (one red line, exit 2)."""

from __future__ import annotations

import json
import types

import pytest

from dicehall.sim.stats import wilson
from tests.cli.helpers import run


def test_games_lists_games_players_options_and_bots() -> None:
    result = run(["games"])
    assert result.exit_code == 0
    line = next(row for row in result.stdout.splitlines() if "clitoy" in row)
    assert "Toy Race" in line and "2–3" in line and "random" in line
    assert "--full" in result.stdout and "--target 2..50" in result.stdout  # every param is a flag
    assert "--mode turns|tick" in result.stdout


def test_rules_without_a_rules_file_is_a_clear_error() -> None:
    result = run(["rules", "clitoy"])
    assert result.exit_code == 2
    assert "clitoy has no rules.md" in result.stderr and "Traceback" not in result.output


def test_rules_renders_the_packages_rules_md(monkeypatch: pytest.MonkeyPatch) -> None:
    from dicehall import games

    monkeypatch.setitem(games._MODULES, "clitoy", "tests.cli.toypkg")
    result = run(["rules", "clitoy"])
    assert result.exit_code == 0
    assert "Toy Race" in result.stdout and "Rulings" in result.stdout
    assert "Ties share the win." in result.stdout
    assert "**" not in result.stdout and "##" not in result.stdout  # rendered, not raw


def test_unknown_game_is_one_red_line() -> None:
    for args in (["rules", "nope"], ["play", "nope"], ["simulate", "nope"], ["bench", "nope"]):
        result = run(args)
        assert result.exit_code == 2, args
        assert result.stderr.startswith("error: unknown game 'nope'"), args
        assert len(result.stderr.strip().splitlines()) == 1


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--side", "b"], "clitoy has no option --side"),
        (["--solo"], "clitoy has no option --solo"),
        (["--players", "9"], "must be <= 3"),
        (["--param", "target=many"], "must be an integer"),
        (["--param", "colour=red"], "unknown parameter(s) colour"),
        (["--param", "target"], "KEY=VALUE"),
        (["--mode", "sideways"], "must be one of turns, tick"),
        (["--players", "2", "--bots", "random,random,random"], "3 bot(s) for 2 seat(s)"),
        (["--bots", "genius"], "no bot level 'genius'"),
    ],
)
def test_simulate_rejects_bad_options(args: list[str], message: str) -> None:
    result = run(["simulate", "clitoy", "--games", "2", *args])
    assert result.exit_code == 2
    assert message in result.stderr
    assert "Traceback" not in result.output


def test_simulate_json_has_the_promised_keys_and_statistics() -> None:
    result = run(["simulate", "clitoy", "--games", "40", "--seed", "7", "--json"])
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    assert {"game", "games", "seed", "seats", "length", "end_reasons", "elapsed_s"} <= set(data)
    assert (data["game"], data["games"], data["seed"]) == ("clitoy", 40, 7)
    assert [s["seat"] for s in data["seats"]] == [0, 1]
    for seat in data["seats"]:
        assert {"seat", "bot", "wins", "win_rate", "ci95"} <= set(seat)
        assert seat["bot"] == "random"
        assert seat["win_rate"] == seat["wins"] / 40
        assert seat["ci95"] == list(wilson(seat["wins"], 40))
    assert {"mean", "median"} <= set(data["length"])
    assert sum(data["end_reasons"].values()) == 40
    # shared wins count for each winner
    assert sum(s["wins"] for s in data["seats"]) == 40 + data["shared_wins"]


def test_simulate_flags_reach_the_game_and_bots_set_the_player_count() -> None:
    result = run(["simulate", "clitoy", "-g", "5", "--bots", "random,random,random", "--full",
                  "--mode", "tick", "--param", "target=12", "--json"])  # fmt: skip
    data = json.loads(result.stdout)
    assert data["params"] == {"players": 3, "target": 12, "full": True, "mode": "tick"}
    assert len(data["seats"]) == 3


def test_simulate_is_deterministic_and_worker_independent() -> None:
    args = ["simulate", "clitoy", "-g", "30", "--seed", "3", "--json"]
    one = json.loads(run(args).stdout)
    two = json.loads(run([*args, "--workers", "2"]).stdout)
    for data in (one, two):
        del data["elapsed_s"]
    assert one == two


def test_simulate_table_shows_rates_intervals_length_and_reasons() -> None:
    result = run(["simulate", "clitoy", "--games", "20", "--seed", "1"])
    assert result.exit_code == 0
    out = result.stdout
    assert "clitoy: 20 games, seed 1" in out
    assert "95% CI" in out and "win rate" in out
    assert "actions by players" in out and "turns" in out
    assert "target reached" in out
    assert "Shared wins count for each winner" in out


def test_bench_prints_a_row_per_game() -> None:
    result = run(["bench", "clitoy", "--seconds", "0", "--runs", "2", "--param", "players=3"])
    assert result.exit_code == 0
    row = next(line for line in result.stdout.splitlines() if "clitoy" in line)
    assert "players=3" in row
    assert "games/s" in result.stdout and "actions/s" in result.stdout
    assert run(["bench", "clitoy", "--runs", "0"]).exit_code == 2


def test_bench_of_all_games_skips_one_that_does_not_load(monkeypatch: pytest.MonkeyPatch) -> None:
    from dicehall import games

    monkeypatch.setattr(games, "available", lambda: ("clitoy", "broken"))
    result = run(["bench", "--seconds", "0", "--runs", "1"])
    assert result.exit_code == 0
    assert "skipped broken: unknown game 'broken'" in result.stderr
    assert any(line.startswith("│ clitoy") for line in result.stdout.splitlines())
    assert run(["bench", "broken"]).exit_code == 2  # named: its error is the answer


def test_serve_calls_the_web_app(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[dict[str, object]] = []
    fake = types.ModuleType("dicehall.web")
    fake.serve = lambda **kw: calls.append(kw)  # type: ignore[attr-defined]
    monkeypatch.setitem(__import__("sys").modules, "dicehall.web", fake)
    result = run(["serve", "--port", "8123", "--db", "sqlite:///x.db"])
    assert result.exit_code == 0
    assert calls == [
        {
            "host": "127.0.0.1",
            "port": 8123,
            "db_url": "sqlite:///x.db",
            "workers": 1,
            "trusted_proxies": None,
        }
    ]


def test_serve_without_a_web_app_is_a_clear_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(__import__("sys").modules, "dicehall.web", types.ModuleType("web"))
    result = run(["serve"])
    assert result.exit_code == 2 and "web app is not available" in result.stderr


def test_simulate_stat_keys_in_json_and_table() -> None:
    args = ["simulate", "clitoy", "-g", "10", "--stat", "scores", "--stat", "turn"]
    data = json.loads(run([*args, "--json"]).stdout)
    assert set(data["stats"]) == {"scores", "turn"}
    assert len(data["stats"]["scores"]["by_position"]) == 2
    table = run(args).stdout
    assert "final view (--stat)" in table and "by position:" in table
