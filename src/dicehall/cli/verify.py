"""`dicehall verify`: what a record proves, from its seed and (with the key) its signature.

Exit codes: 0 every chance outcome is the seed's; 1 the record has no seed (legal play, dice
not verifiable); 2 the record is corrupt (the first differing step, recorded vs expected).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any

import typer

from dicehall.cli.common import console, error_console, guard, result_line
from dicehall.cli.replay import RecordsArg
from dicehall.core.errors import CorruptRecordError, DicehallError
from dicehall.engine.proof import Verdict, check
from dicehall.engine.record import Record
from dicehall.engine.signing import FIELD, Seal, seal_of

EXIT_VERIFIED = 0
EXIT_NOT_VERIFIABLE = 1
EXIT_CORRUPT = 2


def read(path: Path) -> dict[str, Any]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except json.JSONDecodeError as exc:
        raise CorruptRecordError(f"not valid JSON: {exc}") from None
    if not isinstance(data, dict):
        raise CorruptRecordError("not a dicehall record: expected a JSON object")
    return data


def verify_record(data: dict[str, Any], key: bytes | None) -> tuple[str, int]:
    """The report and exit code for a record; raises `CorruptRecordError` for a bad one."""
    signature = _signature_line(data, key)
    verdict = check(Record.from_json(data))
    lines = [_headline(verdict), signature, *_bot_lines(verdict)]
    code = EXIT_VERIFIED if verdict.dice_verified else EXIT_NOT_VERIFIABLE
    return "\n".join(lines), code


def _headline(verdict: Verdict) -> str:
    outcome = "the game is unfinished" if verdict.result is None else result_line(verdict.result)
    if not verdict.dice_verified:
        return (
            f"DICE NOT VERIFIABLE: {verdict.game} record has no seed; its {verdict.steps} steps "
            f"are legal play, but nothing shows its dice were rolled fairly; {outcome}"
        )
    return (
        f"OK: {verdict.game} record replays exactly ({verdict.steps} steps) and every chance "
        f"outcome is the one its seed draws; {outcome}"
    )


def _bot_lines(verdict: Verdict) -> list[str]:
    lines = []
    if verdict.bots_rerun and verdict.dice_verified:
        seats = ", ".join(f"seat {s} ({level})" for s, level in verdict.bots_rerun)
        lines.append(f"bot moves re-run from the seed: {seats}")
    if verdict.bots_not_rerun:
        seats = ", ".join(f"seat {s} ({level})" for s, level in verdict.bots_not_rerun)
        lines.append(f"moves of searching bots not re-run: {seats}")
    return lines


def _signature_line(data: dict[str, Any], key: bytes | None) -> str:
    if FIELD not in data:
        return "unsigned: names, seat kinds, bot labels and dates are as written"
    if key is None:
        return "signed by a dicehall server; signature not checked (give its key: --key-file)"
    seal = seal_of(data, key)  # raises, naming the changed fields, when edited after signing
    if seal is Seal.OURS:
        return "signature OK: names, seats and dates are as the server recorded them"
    return "signed with another key: signature not checked"


def read_key(path: Path | None) -> bytes | None:
    """A server's record key from its key file (or None)."""
    if path is None:
        return None
    return path.read_text(encoding="ascii").strip().encode()


def verify_command(
    records: RecordsArg,
    key_file: Annotated[
        Path | None,
        typer.Option("--key-file", help="The server's record key file, to check its signature."),
    ] = None,
) -> None:
    """Check that records replay and that every chance outcome is the one its seed draws.

    Exit 0 when all are the seed's, 1 when a record has no seed (dice not verifiable), 2 when one
    is corrupt (naming the first step that differs, recorded vs expected).
    """
    with guard():
        key = read_key(key_file)
        worst = EXIT_VERIFIED
        for record in records:
            prefix = f"{record}: " if len(records) > 1 else ""
            try:
                text, code = verify_record(read(record), key)
            except (DicehallError, OSError, ValueError) as exc:
                worst = EXIT_CORRUPT
                error_console().print(f"{record}: {exc}", style="red", markup=False, soft_wrap=True)
                continue
            worst = max(worst, code)
            console().print(prefix + text, soft_wrap=True, markup=False)
    raise typer.Exit(worst)
