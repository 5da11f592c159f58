"""A local SMTP server for the e-mail alerts' tests (aiosmtpd, loopback only) and a dicehall
server that sends to it."""

from __future__ import annotations

import queue
from collections.abc import Iterator
from email import message_from_bytes
from email.message import Message
from typing import Any

import pytest
from aiosmtpd.controller import Controller

from tests.web.helpers import Server, free_port

PUBLIC = "https://dice.example.org"
"""The server's public address (`DICEHALL_PUBLIC_URL`): the e-mails' links start with it."""


class Inbox:
    """The test's SMTP server's handler: every message it receives, in order."""

    def __init__(self) -> None:
        self.received: queue.Queue[tuple[list[str], Message]] = queue.Queue()

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        self.received.put((list(envelope.rcpt_tos), message_from_bytes(envelope.content)))
        return "250 OK"


@pytest.fixture(scope="module")
def inbox() -> Iterator[tuple[Inbox, int]]:
    handler, port = Inbox(), free_port()
    controller = Controller(handler, hostname="127.0.0.1", port=port)
    controller.start()
    yield handler, port
    controller.stop()


@pytest.fixture(scope="module")
def mailing(tmp_path_factory: pytest.TempPathFactory, inbox: tuple[Inbox, int]) -> Iterator[Server]:
    folder = tmp_path_factory.mktemp("mail")
    env = {
        "DICEHALL_SMTP_HOST": "127.0.0.1",
        "DICEHALL_SMTP_PORT": str(inbox[1]),
        "DICEHALL_SMTP_FROM": "tables@dice.example.org",
        "DICEHALL_PUBLIC_URL": PUBLIC,
    }
    srv = Server(folder / "dicehall.db", folder / "server.log", env=env)
    srv.start()
    yield srv
    srv.stop()
