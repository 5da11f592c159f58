"""Each game's rules as a web page, and its quick reference for the table.

One source for both front ends: the game package's rules.md (the same text as
docs/rules/<game>.md) and, for the table's panel, its quickref.md. Markdown is rendered on
the server by markdown-it-py with raw HTML off, so a rules file cannot inject markup.
"""

from __future__ import annotations

import html
from functools import lru_cache
from importlib import resources

from markdown_it import MarkdownIt

from dicehall import games

_MD = MarkdownIt("commonmark", {"html": False}).enable("table")

PAGE = """<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>dicehall — {name} rules</title>
<link rel="stylesheet" href="/static/style.css">
<link rel="icon" href="/static/favicon.svg" type="image/svg+xml">
</head>
<body>
<header class="top"><h1><a href="/"><img src="/static/favicon.svg" alt="">dicehall</a></h1>
  <span class="sub">Rules · {name}</span>
  <span class="right"><a class="button secondary" href="/">Lobby</a></span></header>
<main class="rules-page">
<nav class="panel rules-nav" aria-label="Other games' rules">{nav}</nav>
<article class="panel rules">{body}</article>
</main>
</body>
</html>
"""


def game_file(game_id: str, name: str) -> str | None:
    """A text file of the game's package (rules.md, quickref.md), or None."""
    try:
        entry = resources.files(games.module_name(game_id)).joinpath(name)
    except (TypeError, ModuleNotFoundError, KeyError):
        return None
    return entry.read_text(encoding="utf-8") if entry.is_file() else None


@lru_cache(maxsize=32)
def rules_html(game_id: str) -> str | None:
    """The whole rules page of an installed game, or None when it has no rules.md."""
    text = game_file(game_id, "rules.md")
    if text is None:
        return None
    name = games.spec(game_id).name
    links = " · ".join(
        f'<a href="/rules/{g}"{" aria-current=page" if g == game_id else ""}>'
        f"{html.escape(games.spec(g).name)}</a>"
        for g in games.available()
    )
    return PAGE.format(name=html.escape(name), nav=links, body=_MD.render(text))


@lru_cache(maxsize=32)
def quickref_html(game_id: str) -> str | None:
    """The table's quick reference (what to do now, what each part means), as HTML."""
    text = game_file(game_id, "quickref.md")
    return None if text is None else _MD.render(text)
