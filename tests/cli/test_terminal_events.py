"""At an 80x24 terminal every event reaches the screen, in the web's player names.

A 3-player Puru game against greedy bots once hid the player's own second reroll and a bot's
whole turn (Jelly dropped by 4 unexplained), and Jelly Monster never showed the scoring of its
rounds: the screen kept only the newest lines beside the board. Every event since a decision
(and the lines explaining it, such as a round's scoring) must now appear, on pages of their own
when they do not fit; `replay --text` prints the explanations too. Paradice's paged menus hold
more than one entry a page, and no screen names a "seat 0".
"""

from __future__ import annotations

import re
from pathlib import Path

from dicehall.engine import Record
from dicehall.engine.explain import explain_entries
from dicehall.engine.record import game_of, resume
from tests.cli.helpers import run
from tests.cli.terminal import Played, play_in_terminal

PAGE_LINE = re.compile(r"entries (\d+)-(\d+) of (\d+)")


def _flat(text: str) -> str:
    """Text with panel borders and line wrapping removed, for finding a wrapped line."""
    return " ".join(re.sub(r"[│╭╮╰╯─]", " ", text).split())


def _play(args: list[str], decisions: int, tmp_path: Path) -> tuple[Played, Record]:
    """Play as seat 0 (choosing 1) for `decisions` decisions, then stop with q."""
    played = play_in_terminal(
        args, lambda frame, k: "1" if k <= decisions else "q", tmp_path, max_decisions=400
    )
    assert played.exit_code == 0, played.transcript[-2000:]
    [path] = tmp_path.glob("*.json")
    return played, Record.load(path)


def _missing_events(played: Played, record: Record) -> list[str]:
    """The lines of the record's log (as seat 0 reads them, explanations included) that the
    terminal never showed."""
    match = resume(record)
    game = game_of(record)
    why = explain_entries(game, game.initial_state(), match.log, 0)
    shown = _flat(played.transcript)
    missing = []
    for event in match.events_since(0, 0):
        for text in [event.text, *why.get(event.index, ())]:
            if _flat(text) not in shown:
                missing.append(text)
    return missing


def test_puru_with_three_players_shows_every_roll_and_every_bot_turn(tmp_path: Path) -> None:
    args = ["puru", "--players", "3", "--seed", "3", "--bot", "rest=greedy"]
    played, record = _play(args, 12, tmp_path)
    assert sum(1 for a in record.actions if a.seat > 0) >= 10  # the bots played whole turns
    assert _missing_events(played, record) == []
    assert "Bot 2 (greedy): " in played.transcript  # the web's names, counted from 1
    assert not re.search(r"\bseat \d", played.transcript)


def test_jelly_shows_the_scoring_of_each_round(tmp_path: Path) -> None:
    """Rulebook (docs/rules/jelly.md): at the end of each round the districts are scored."""
    args = ["jelly", "--players", "3", "--seed", "2", "--bot", "rest=greedy"]
    played, record = _play(args, 90, tmp_path)
    assert _missing_events(played, record) == []
    assert "Jelly" in "".join(played.pauses)  # a round's scoring came on a page of its own
    assert not re.search(r"\bs\d\b", played.transcript)  # entrances count players from 1


def test_replay_text_prints_what_each_step_changed(tmp_path: Path) -> None:
    args = ["simulate", "jelly", "--players", "3", "--bots", "greedy", "--games", "1",
            "--workers", "1", "--param", "mode=tick", "--records", str(tmp_path)]  # fmt: skip
    assert run(args).exit_code == 0
    [path] = tmp_path.glob("*.json")
    text = run(["replay", "--text", str(path)]).stdout
    record = Record.load(path)
    match = resume(record)
    game = game_of(record)
    why = explain_entries(game, game.initial_state(), match.log, None)
    lines = [line for lines in why.values() for line in lines]
    assert lines and all(f"→ {line}" in text for line in lines)
    assert "result: winner(s): Player" in text


def test_paradice_menus_with_four_players_hold_several_entries_a_page(tmp_path: Path) -> None:
    args = ["paradice", "--players", "4", "--seed", "1", "--bot", "rest=greedy"]
    played, _ = _play(args, 6, tmp_path)
    pages = [PAGE_LINE.search(frame.screen) for frame in played.frames]
    for page in filter(None, pages):
        first, last, total = map(int, page.groups())
        assert last - first + 1 >= min(4, total), page.group(0)


def test_result_notes_name_the_players() -> None:
    from dicehall.cli.common import result_table
    from dicehall.core import Result

    result = Result(scores=(39.0, 12.0), winners=(0,), ranks=(1, 2), reason="four rounds",
                    notes=("seat 0: 39 Jelly + pods [1]", "seat 1: 12 Jelly"))  # fmt: skip
    caption = str(result_table(result, {1: "greedy"}, {0: "Player 1"}).caption)
    assert caption == "Player 1: 39 Jelly + pods [1]; Bot 2 (greedy): 12 Jelly"


def test_the_result_table_names_players_not_seats(tmp_path: Path) -> None:
    args = ["play", "clitoy", "--bot", "1=random", "--seed", "3", "--record-dir", str(tmp_path)]
    result = run(args, input="1\n" * 50)
    assert result.exit_code == 0
    table = result.stdout[result.stdout.index("Game over") :]
    assert "Player 1" in table and "Bot 2 (random)" in table
    assert "seat 0" not in table and "seat 1" not in table
