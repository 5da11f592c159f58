"""Friends-only tables: only the host and the host's friends take its open seats.

A signed-in host may open an online table for friends only; the table's options keep the
host's account (`friends_of`, never shown: `MatchRow.public`). Seats invited by link stay the
link holder's. docs/play-together.md, *Friends*.
"""

from __future__ import annotations

import asyncio
from typing import Any

from dicehall.store.accounts import Account
from dicehall.store.friends import Friends
from dicehall.web.errors import RequestError


def host_option(account: Account | None, body: dict[str, Any]) -> dict[str, Any]:
    """The options a friends-only table adds; only a signed-in host may make one, online."""
    if body.get("friends_only") is not True:
        return {}
    if account is None:
        raise RequestError(403, "sign_in", "sign in to open a table for your friends only")
    if body.get("mode", "online") != "online":
        raise RequestError(422, "friends_hotseat", "a hot-seat table has no seats to open")
    return {"friends_only": True, "friends_of": account.id}


async def check_friend_seat(friends: Friends, options: dict[str, Any], who: Account | None) -> None:
    """At a friends-only table only the host and the host's friends take open seats (403)."""
    host = options.get("friends_of")
    if not options.get("friends_only") or not isinstance(host, str):
        return
    if who is None:
        raise RequestError(403, "friends_only", "this table is for the host's friends: sign in")
    if who.id != host and not await asyncio.to_thread(friends.are_friends, host, who.id):
        raise RequestError(403, "friends_only", "this table is for the host's friends only")
