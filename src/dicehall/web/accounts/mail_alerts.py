"""E-mail "your turn" alerts for turn-based tables (the address: `accounts/email_routes.py`).

When a new move begins at a turn-based table (`web.tables.turns`), each player to move who is
not connected there, whose seat is their account's and who opted in, gets one e-mail: the
game, the time left and the table's link, nothing else (no seat token: the link opens the
table in the browser that holds the seat). Off unless `DICEHALL_SMTP_HOST` is set; sent in a
thread, off the event loop; past the account's budget (`DICEHALL_EMAIL_RATE`, one budget for
all the processes on PostgreSQL) not at all.
docs/play-together.md, *E-mail alerts*; docs/security.md.
"""

from __future__ import annotations

import asyncio
import logging
import smtplib
from email.message import EmailMessage
from typing import TYPE_CHECKING

from dicehall.core.types import Seat
from dicehall.store import Store
from dicehall.store.accounts import Accounts
from dicehall.store.emails import Emails
from dicehall.web.config import Settings
from dicehall.web.protection.budgets import Budgets

if TYPE_CHECKING:
    from dicehall.web.tables.table import Table

log = logging.getLogger("dicehall.web")


class Mailer:
    """Sends the alerts of one server process."""

    def __init__(self, settings: Settings, store: Store, budgets: Budgets | None = None) -> None:
        self.settings, self.store = settings, store
        self.on = bool(settings.smtp_host)
        # per account, shared by the processes on PostgreSQL (protection/budgets.py)
        limits = settings.limits
        self.budget = (budgets or Budgets()).throttle(
            "email_alerts", limits.email_rate, limits.email_burst
        )
        self.sending: set[asyncio.Task[None]] = set()  # kept until done (tasks are weak refs)

    def your_turn(self, table: Table, seats: tuple[Seat, ...]) -> None:
        """A new move began at `table` for `seats`: alert those away who opted in."""
        if not self.on or table.turns is None:
            return
        for seat in seats:
            name = table.row.seats[seat].get("account")
            if not isinstance(name, str) or table.presence.connected(seat):
                continue  # a guest's seat, or someone at the table now
            if not self.budget.spend(name):  # spent before anything is awaited
                log.info("table %s: e-mail alert budget spent for a seat", table.id)
                continue
            game = table.match.game.spec.name
            left = table.turns.move_seconds
            task = asyncio.get_running_loop().create_task(self._send(table.id, game, name, left))
            self.sending.add(task)
            task.add_done_callback(self.sending.discard)

    async def _send(self, table_id: str, game: str, name: str, seconds: int) -> None:
        try:
            found = await asyncio.to_thread(Accounts(self.store).by_name, name)
            email = await asyncio.to_thread(Emails(self.store).get, found[0].id) if found else None
            if email is None or not email.alerts:
                return
            await asyncio.to_thread(self._deliver, alert(self.settings, email.address, table_id,
                                                         game, seconds))  # fmt: skip
        except Exception as exc:  # the game goes on; the operator reads why in the log
            log.warning("table %s: e-mail alert not sent: %s", table_id, type(exc).__name__)

    def _deliver(self, message: EmailMessage) -> None:
        s = self.settings
        with smtplib.SMTP(s.smtp_host, s.smtp_port, timeout=15) as smtp:
            if s.smtp_tls:
                smtp.starttls()
            if s.smtp_user:
                smtp.login(s.smtp_user, s.smtp_password)
            smtp.send_message(message)


def alert(settings: Settings, to: str, table_id: str, game: str, seconds: int) -> EmailMessage:
    """The e-mail: the game, the time per move and the table's link; no token, no names."""
    hours = seconds / 3600
    per_move = f"{hours:g} hour{'s' if hours != 1 else ''}" if hours >= 1 else f"{seconds} s"
    link = f"{settings.public_url.rstrip('/')}/table/{table_id}"
    message = EmailMessage()
    message["From"] = settings.smtp_from
    message["To"] = to
    message["Subject"] = f"Your turn: {game}"
    message.set_content(
        f"It is your move at your {game} table (turn-based, {per_move} per move).\n\n"
        f"Open the table: {link}\n\n"
        "You get this e-mail because you turned on e-mail alerts in your dicehall account;\n"
        "turn them off on your account page.\n"
    )
    return message
