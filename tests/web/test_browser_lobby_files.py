"""The lobby offers no file options (issue 34, item 9): the web takes no files, so a content
option is offered by its built-in names only and a file-only one not at all."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page

from tests.web.helpers import Server

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("game", ["purrramid", "jelly", "paradice"])
def test_lobby_offers_no_toml_files(page: Page, server: Server, game: str) -> None:
    page.goto(server.url)
    page.click(f".game-card[data-id='{game}']")
    page.wait_for_selector("#params label")
    params = page.inner_text("#params")
    assert "TOML" not in params, params
    assert page.query_selector("#param-board") is None  # Purrramid's board: a file only
    if game != "purrramid":  # a built-in name still chooses the content
        assert page.is_visible("#param-content")
