"""Rules pages and quick references: rendered on the server from each game's own files."""

from __future__ import annotations

import pytest

from dicehall import games
from dicehall.web.pages import rules_page
from tests.web.helpers import Server


@pytest.mark.parametrize("game_id", ["puru", "purrramid", "paradice", "jelly"])
def test_every_game_has_a_rules_page_and_a_quick_reference(game_id: str) -> None:
    page = rules_page.rules_html(game_id)
    assert page is not None and "<h1>" in page and games.spec(game_id).name in page
    ref = rules_page.quickref_html(game_id)
    assert ref is not None and "<strong>Goal:</strong>" in ref


def test_raw_html_in_a_rules_file_is_shown_as_text(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(rules_page, "game_file", lambda *_: "# T\n\n<script>alert(1)</script>\n")
    rules_page.rules_html.cache_clear()
    try:
        page = rules_page.rules_html("puru")
    finally:
        rules_page.rules_html.cache_clear()
    assert page is not None and "<script>alert" not in page and "&lt;script&gt;" in page


def test_rules_routes(server: Server) -> None:
    page = server.api("GET", "/rules/paradice")
    assert page.status_code == 200 and "text/html" in page.headers["content-type"]
    assert 'href="/rules/jelly"' in page.text  # every game's rules are one tap away
    ref = server.api("GET", "/api/games/jelly/quickref").json()
    assert ref["rules"] == "/rules/jelly" and "sand timer" in ref["html"]
    for path in ("/rules/nonesuch", "/rules/" + "x" * 300, "/api/games/nonesuch/quickref"):
        assert server.api("GET", path).status_code == 404
