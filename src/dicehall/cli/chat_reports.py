"""`dicehall chat-reports`: the table chat messages players reported, for an operator.

Reads the server's database (`--db URL`, else `DICEHALL_DATABASE_URL`, else the server's
default SQLite file) and prints one JSON line per report, newest first: when and by whom it
was reported, the table, and the message as it was written (docs/play-together.md, *Chat*).
"""

from __future__ import annotations

import json
from typing import Annotated

import typer

from dicehall.cli.common import guard
from dicehall.cli.keep import DbOpt
from dicehall.store import Store, default_url
from dicehall.store.chat import KeptChat


def chat_reports_command(
    db: DbOpt = None,
    limit: Annotated[
        int, typer.Option("--limit", min=1, max=10_000, help="Reports shown, newest first.")
    ] = 100,
) -> None:
    """The chat messages players reported, newest first, one JSON line each."""
    with guard():
        store = Store(db or default_url())
        try:
            reports = KeptChat(store).reports(limit)
        finally:
            store.close()
        out = typer.get_text_stream("stdout")
        for r in reports:
            row = {
                "report": r.id,
                "reported": r.made,
                "by": r.reporter,
                "table": r.line.match_id,
                "message": r.line.id,
                "sent": r.line.sent,
                "channel": r.line.channel,
                "author": r.line.author,
                "text": r.line.text,
            }
            out.write(json.dumps(row, ensure_ascii=True) + "\n")
