"""Fixtures: a real server process per module on a temporary SQLite file; Debian's Chromium."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, sync_playwright

from tests.web.browser import ARGS, CHROMIUM, FAST_BOTS
from tests.web.helpers import Server


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    folder = tmp_path_factory.mktemp("web")
    srv = Server(folder / "dicehall.db", folder / "server.log")
    srv.start()
    yield srv
    srv.stop()


@pytest.fixture
def fresh_server(tmp_path: Path) -> Iterator[Server]:
    srv = Server(tmp_path / "dicehall.db", tmp_path / "server.log")
    srv.start()
    yield srv
    srv.kill()


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield b
        b.close()


@pytest.fixture
def page(browser: Browser) -> Iterator[Page]:
    """A desktop-sized page; any script error on it fails the test."""
    # Playwright's wait_for_function polls with eval, which the pages' strict CSP refuses;
    # test_browser_csp.py loads and plays the pages with the policy in force
    context = browser.new_context(viewport={"width": 1300, "height": 860}, bypass_csp=True)
    context.add_init_script(FAST_BOTS)
    pg = context.new_page()
    errors: list[str] = []
    pg.on("pageerror", lambda e: errors.append(str(e)))
    yield pg
    context.close()
    assert not errors, errors
