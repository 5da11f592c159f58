"""`dicehall verify` proves dice from the seed, says when it cannot, and checks a server's
signature when given its key."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from dicehall.engine.signing import sign
from tests.cli.helpers import run
from tests.engine.tamper import played, single_die_edits, with_outcome

KEY = "0123456789abcdef" * 4


def _saved(tmp_path: Path, data: dict[str, Any], name: str = "record.json") -> str:
    path = tmp_path / name
    path.write_text(json.dumps(data))
    return str(path)


def test_single_die_edits_fail_naming_the_step_recorded_and_expected(tmp_path: Path) -> None:
    """Before, verify printed "OK ... replays exactly" for 677 of 2,275 single-die edits of a
    Jelly record."""
    data = played("jelly", 8)
    edits = list(single_die_edits(data))
    for step, outcome in edits[:: max(1, len(edits) // 12)]:
        result = run(["verify", _saved(tmp_path, with_outcome(data, step, outcome))])
        assert result.exit_code == 2, result.stdout
        assert f"step {step}: chance outcome differs from the seed's: recorded" in result.stderr
        assert "expected" in result.stderr and "OK" not in result.stdout


def test_a_good_record_says_what_was_checked(tmp_path: Path) -> None:
    result = run(["verify", _saved(tmp_path, played("puru", 3))])
    assert result.exit_code == 0
    assert "every chance outcome is the one its seed draws" in result.stdout
    assert "bot moves re-run from the seed: seat 0 (greedy), seat 1 (random)" in result.stdout
    assert "unsigned" in result.stdout


def test_a_record_without_a_seed_is_not_verifiable_and_never_ok(tmp_path: Path) -> None:
    data = played("puru", 3)
    data.pop("seed")
    result = run(["verify", _saved(tmp_path, data)])
    assert result.exit_code == 1
    assert result.stdout.startswith("DICE NOT VERIFIABLE") and "OK" not in result.stdout


def test_signatures_are_checked_with_the_servers_key(tmp_path: Path) -> None:
    key_file = tmp_path / "dicehall.db.record-key"
    key_file.write_text(KEY + "\n")
    data = sign(played("puru", 3), KEY.encode())
    good = _saved(tmp_path, data)
    assert "signature not checked" in run(["verify", good]).stdout
    checked = run(["verify", good, "--key-file", str(key_file)])
    assert checked.exit_code == 0 and "signature OK" in checked.stdout
    data["seats"][1]["kind"] = "human"
    edited = run(["verify", _saved(tmp_path, data, "edited.json"), "--key-file", str(key_file)])
    assert edited.exit_code == 2
    assert "changed after this server signed it (changed: seats)" in edited.stderr
