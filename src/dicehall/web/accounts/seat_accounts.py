"""Seats and accounts: a seat taken while signed in is the account's; rated tables' rules.

When a signed-in person opens a table with their seat's token (the websocket hello), the seat
is linked to their account and shows their name; a hot-seat device holding several seats
links none. A rated table plays the game's standard settings, with bots whose strength was
measured (`unrated_reason`). A **rated** table admits at every person's seat only the account
that holds it: a guest, a second account, a device holding several seats, or an account that
already holds another seat there (over a second socket) is refused. Rated tables are online
tables made by a signed-in person; there is no undo, and the hints a game may show beside a
seat's view (exact odds, for one) are left out, so a rated match is played by its players
alone. A seat whose account an operator
suspended is refused to everyone.
"""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING, Any

from dicehall import games
from dicehall.bots import parse_level
from dicehall.core.game import Game
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
    account: Account | None, body: dict[str, Any], game: Game[Any, Any],
    seats: list[dict[str, Any]],
) -> None:  # fmt: skip
    """A rated table needs a signed-in creator, online play (one device per person), the
    game's standard settings and bots whose strength was measured (`unrated_reason`)."""
    if not body.get("rated"):
        return
    if account is None:
        raise RequestError(403, "sign_in", "sign in to make a rated table (accounts only)")
    if body.get("mode", "online") != "online":
        raise RequestError(422, "rated_hotseat", "a rated table is played online, one seat each")
    if body.get("coach"):
        raise RequestError(422, "rated_coach", "the coach is off at rated tables")
    levels = [str(s.get("bot")) for s in seats if s["kind"] == "bot"]
    refused = unrated_reason(game, levels)
    if refused is not None:
        raise RequestError(422, refused[0], f"{refused[1]}: the table cannot be rated")


def unrated_reason(game: Game[Any, Any], bot_levels: list[str]) -> tuple[str, str] | None:
    """Why a table of `game` with these bots cannot be rated (a code and a sentence), or None.

    - Settings: a rating means one thing per game, so a rated table plays the game's standard
      settings (every parameter at its default; the number of players and the parameters
      that change only looks, `ParamSpec.looks_only`, are free). A shorter game
      (a race to 1 point) is decided in seconds and mostly by luck: wins there would farm the
      ladder.
    - Bots: each must have a measured reference rating (`bot_ratings.json`); one without
      would count as a new player's default, and beating it would farm the ladder.
    """
    has_players = any(p.name == "players" for p in game.spec.params)
    standard = games.make(game.id, **({"players": game.num_players} if has_players else {}))
    free = {p.name for p in game.spec.params if p.looks_only}
    changed = [k for k, v in game.params.items() if k not in free and standard.params.get(k) != v]
    if changed:
        name = sorted(changed)[0]
        wanted = standard.params.get(name)
        return "rated_settings", (
            f"rated tables play the standard settings ({name} is {wanted!r} there,"
            f" not {game.params[name]!r})"
        )
    measured = reference().get(game.id, {}).get("ratings", {})
    for label in bot_levels:
        level = parse_level(label)[0]
        if level not in measured:
            return "unrated_bot", f"the {level} bot has no measured rating in this game"
    return None


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
