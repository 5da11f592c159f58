"""Seats and accounts: a seat taken while signed in is the account's; rated tables' rules.

When a signed-in person opens a table with their seat's token (the websocket hello), the seat
is linked to their account and shows their name; a hot-seat device holding several seats
links none. A **rated** table admits at every person's seat only the account that holds it:
a guest, a second account, a device holding several seats, or an account that already holds
another seat there (over a second socket) is refused. Rated tables are
online tables made by a signed-in person; there is no undo, and the hints a game may show
beside a seat's view (exact odds, for one) are left out, so a rated match is played by its
players alone. A seat whose account an operator suspended is refused to everyone.
"""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING, Any

from dicehall.bots import parse_level
from dicehall.store.accounts import Account
from dicehall.store.admin import Administration
from dicehall.store.standings import Standings
from dicehall.web.accounts import outcomes
from dicehall.web.accounts.ratings import reference
from dicehall.web.errors import RequestError

if TYPE_CHECKING:
    from dicehall.web.tables.table import Table

log = logging.getLogger("dicehall.web")


def check_rated_table(
    account: Account | None, body: dict[str, Any], game: str, seats: list[dict[str, Any]]
) -> None:
    """A rated table needs a signed-in creator, online play (one device per person), and
    bots whose strength was measured (`bot_ratings.json`): a bot without a reference rating
    would count as a new player's default, and beating it would farm the ladder."""
    if not body.get("rated"):
        return
    if account is None:
        raise RequestError(403, "sign_in", "sign in to make a rated table (accounts only)")
    if body.get("mode", "online") != "online":
        raise RequestError(422, "rated_hotseat", "a rated table is played online, one seat each")
    if body.get("coach"):
        raise RequestError(422, "rated_coach", "the coach is off at rated tables")
    measured = reference().get(game, {}).get("ratings", {})
    for seat in seats:
        level = parse_level(str(seat.get("bot")))[0] if seat["kind"] == "bot" else None
        if level is not None and level not in measured:
            raise RequestError(
                422,
                "unrated_bot",
                f"the {level} bot has no measured rating in this game: the table cannot be rated",
            )


async def admit(table: Table, account: Account | None, seats: tuple[int, ...]) -> str | None:
    """Link the seats to the account; the reason the hello is refused, or None."""
    rated = bool(table.row.options.get("rated"))
    if not seats:
        return None
    suspended = await asyncio.to_thread(Administration(table.store).suspended_seats, table.id)
    if suspended & set(seats):  # docs/hosting.md, *Administration*: no play while suspended
        return "this seat's account is suspended"
    if rated and account is None:
        return "this is a rated table: sign in to play your seat"
    if rated and len(seats) > 1:
        return "a rated table is played one seat per person"
    if account is None or len(seats) > 1:
        return None  # a guest, or a shared device: nobody's seat in particular
    seat = seats[0]
    standings = Standings(table.store)
    args = (table.id, seat, account.id, table.row.game, rated)
    mine = await asyncio.to_thread(standings.link, *args)
    if (
        not mine
        and rated
        and await asyncio.to_thread(_holds_another, standings, table, seat, account)
    ):
        return "you already hold another seat at this rated table"
    if not mine:
        return "this seat belongs to another account" if rated else None
    if table.row.seats[seat].get("account") != account.name:
        await asyncio.to_thread(standings.name_seat, table.id, seat, account.name)
        table.link_account(seat, account.name)
    return None


def _holds_another(standings: Standings, table: Table, seat: int, account: Account) -> bool:
    linked = standings.linked(table.id)
    return any(held == account.id and other != seat for other, held in linked.items())


def on_finish(table: Table) -> asyncio.Task[None]:
    """Record the match for its accounts once it is saved as finished (in the background)."""
    finish = outcomes.Finish(table.id, frozenset(table.driver.covered))
    return asyncio.get_running_loop().create_task(_record(table, finish))


async def _record(table: Table, finish: outcomes.Finish) -> None:
    try:
        await asyncio.to_thread(outcomes.record_finish, table.store, finish)
    except Exception:  # the match itself is saved; its accounts' records can be redone
        log.exception("table %s: outcome not recorded for its accounts", table.id)
