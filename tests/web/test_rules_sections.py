"""Rules pages for players (issue 34, item 8): how to play first, with pictures drawn from the
tutorial's real states, then the rules in detail; file formats, commands and notes for programs
on a designers' page of their own."""

from __future__ import annotations

import re

import pytest

from dicehall.engine.tutorial import load
from dicehall.web.pages import rules_page
from dicehall.web.pages.rules_sections import split
from tests.web.helpers import Server

RULES = """# Game — rules

Intro for players.

```
dicehall play game --flag
```

## A turn

Roll.

### Your own board

```toml
rows = []
```

## For programs

Actions.

### Wire form

Text.

## The end

Done.
"""


def test_designers_material_moves_with_its_subsections() -> None:
    parts = split(RULES)
    assert parts.title == "Game — rules"
    assert "Intro for players." in parts.players and "## A turn" in parts.players
    assert "## The end" in parts.players
    assert "dicehall play" not in parts.players and "```" not in parts.players
    for moved in ("dicehall play game", "### Your own board", "rows = []", "### Wire form"):
        assert moved in parts.designers


@pytest.mark.parametrize("game_id", ["puru", "purrramid", "paradice", "jelly"])
def test_each_page_opens_with_how_to_play_and_its_pictures(game_id: str) -> None:
    page = rules_page.rules_html(game_id)
    assert page is not None
    how, details = page.index("How to play"), page.index("The rules in detail")
    assert how < details and "<pre>" not in page
    steps = [int(step) for step in re.findall(r'data-step="(\d+)"', page)]
    tutorial = load(game_id)
    assert tutorial is not None and len(steps) >= 3
    assert all(0 <= s <= tutorial.decisions for s in steps)  # every picture is a real step
    assert f'href="/rules/{game_id}/designers"' in page
    assert rules_page.designers_html(game_id) is not None


def test_designers_route(server: Server) -> None:
    page = server.api("GET", "/rules/purrramid/designers")
    assert page.status_code == 200 and "language-toml" in page.text
    assert "dicehall play purrramid" in page.text
    for path in ("/rules/nonesuch/designers", "/rules/" + "x" * 300 + "/designers"):
        assert server.api("GET", path).status_code == 404
