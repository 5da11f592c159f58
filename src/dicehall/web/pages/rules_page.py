"""Each game's rules as a web page, and its quick reference for the table.

One source for both front ends: the game package's rules.md (the same text as
docs/rules/<game>.md) and, for the table's panel, its quickref.md. The page leads with how to
play (the package's howto.md), whose pictures are drawn in the browser by the game's own
renderer from real states (its tutorial's steps: `![caption](figure:<step>)`), then the rules in
detail; the designers' material moves to `/rules/<game>/designers` (`rules_sections`).
Markdown is rendered on the server by markdown-it-py with raw HTML off, so a rules file cannot
inject markup.
"""

from __future__ import annotations

import html
import re
from functools import lru_cache
from importlib import resources

from markdown_it import MarkdownIt

from dicehall import games
from dicehall.web.pages.rules_sections import split

_MD = MarkdownIt("commonmark", {"html": False}).enable("table")

PAGE = """<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>dicehall — {title}</title>
<link rel="stylesheet" href="/static/style.css">
<link rel="stylesheet" href="/static/rules.css">
<link rel="icon" href="/static/favicon.svg" type="image/svg+xml">
</head>
<body>
<header class="top"><h1><a href="/"><img src="/static/favicon.svg" alt="">dicehall</a></h1>
  <span class="sub">{sub}</span>
  <span class="right"><a class="button secondary" href="/">Lobby</a></span></header>
<main class="rules-page">
<nav class="panel rules-nav" aria-label="Other games' rules">{nav}</nav>
<article class="panel rules" data-game="{game}">{body}</article>
</main>
<script type="module" src="/static/js/rules-figures.js"></script>
</body>
</html>
"""
FIGURE = re.compile(r'<p><img src="figure:(\d{1,3})" alt="([^"]*)" /></p>')


def _figures(rendered: str) -> str:
    """`![caption](figure:N)` becomes a figure the browser draws from the tutorial's step N."""
    return FIGURE.sub(
        r'<figure class="rules-figure" data-step="\1"><div class="figure-board" inert></div>'
        r"<figcaption>\2</figcaption></figure>",
        rendered,
    )


def _page(game_id: str, title: str, sub: str, body: str) -> str:
    links = " · ".join(
        f'<a href="/rules/{g}"{" aria-current=page" if g == game_id else ""}>'
        f"{html.escape(games.spec(g).name)}</a>"
        for g in games.available()
    )
    return PAGE.format(title=title, sub=sub, nav=links, game=game_id, body=body)


def game_file(game_id: str, name: str) -> str | None:
    """A text file of the game's package (rules.md, quickref.md), or None."""
    try:
        entry = resources.files(games.module_name(game_id)).joinpath(name)
    except (TypeError, ModuleNotFoundError, KeyError):
        return None
    return entry.read_text(encoding="utf-8") if entry.is_file() else None


@lru_cache(maxsize=32)
def rules_html(game_id: str) -> str | None:
    """The whole rules page of an installed game, or None when it has no rules.md: how to play
    first (howto.md, where the game has one), then the rules in detail."""
    text = game_file(game_id, "rules.md")
    if text is None:
        return None
    name = html.escape(games.spec(game_id).name)
    parts = split(text)
    body = [f"<h1>{html.escape(parts.title) or name}</h1>"]
    howto = game_file(game_id, "howto.md")
    if howto is not None:
        body.append(f'<h2 id="how-to-play">How to play</h2>{_figures(_MD.render(howto))}')
        body.append('<h2 id="details">The rules in detail</h2>')
    body.append(_MD.render(parts.players))
    if parts.designers.strip():
        body.append(
            f'<p class="designers-link"><a href="/rules/{game_id}/designers">For designers: '
            f"file formats, commands and notes for programs</a></p>"
        )
    return _page(game_id, f"{name} rules", f"Rules · {name}", "".join(body))


@lru_cache(maxsize=32)
def designers_html(game_id: str) -> str | None:
    """The designers' page: the rules' file formats, commands and notes for programs."""
    text = game_file(game_id, "rules.md")
    if text is None or not split(text).designers.strip():
        return None
    name = html.escape(games.spec(game_id).name)
    body = (
        f"<h1>{name}: for designers</h1>"
        f'<p><a href="/rules/{game_id}">The rules for players</a></p>'
        f"{_MD.render(split(text).designers)}"
    )
    return _page(game_id, f"{name} for designers", f"Designers · {name}", body)


@lru_cache(maxsize=32)
def quickref_html(game_id: str) -> str | None:
    """The table's quick reference (what to do now, what each part means), as HTML."""
    text = game_file(game_id, "quickref.md")
    return None if text is None else _MD.render(text)
