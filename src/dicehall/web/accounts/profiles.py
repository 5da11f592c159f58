"""Profiles and leaderboards: what anyone may read about an account, and the pages.

A profile shows the games an account played and won per game, its ratings, its recent
matches (with links to their replays, and on one's own profile "play again") and its
achievements, each with its date and marked when the player declared it rather than the game
observed it.
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Request
from fastapi.responses import FileResponse

from dicehall.store.accounts import Accounts
from dicehall.store.standings import Standings
from dicehall.web.accounts import outcomes
from dicehall.web.accounts.ratings import reference
from dicehall.web.accounts.routes import NAME, spend_lookup
from dicehall.web.accounts.sessions import request_account
from dicehall.web.errors import RequestError
from dicehall.web.hall import playable

router = APIRouter(tags=["profiles"])
pages = APIRouter(include_in_schema=False)
STATIC = Path(__file__).parents[1] / "static"  # web/static


def get_accounts(request: Request) -> Accounts:
    accounts: Accounts = request.app.state.accounts
    return accounts


AccountsDep = Annotated[Accounts, Depends(get_accounts)]


@router.get("/api/players/{name}")
async def profile(
    request: Request, name: str, accounts: AccountsDep, limit: int = 20
) -> dict[str, Any]:
    """An account's games, ratings, recent matches and achievements (names looked up are
    budgeted per address: `DICEHALL_LOOKUP_RATE`)."""
    spend_lookup(request)
    found = await asyncio.to_thread(accounts.by_name, name) if NAME.fullmatch(name) else None
    if found is None:
        raise RequestError(404, "unknown_player", "there is no player with that name")
    account = found[0]
    viewer = request_account(request)
    viewer_id = viewer.id if viewer is not None else None
    return await asyncio.to_thread(_profile, Standings(accounts.store), account.id, account.name,
                                   account.created, max(1, min(limit, 100)), viewer_id)  # fmt: skip


def _profile(
    standings: Standings,
    account_id: str,
    name: str,
    created: str,
    limit: int,
    viewer_id: str | None,
) -> dict[str, Any]:
    """The profile as `viewer_id` (None: signed out) may read it: a private table's match
    only for its own players."""
    history = standings.history(account_id, limit, viewer=viewer_id)
    for match in history:
        if match["status"] == "finished":
            match["replay"] = f"/replay/{match['match_id']}"
            if viewer_id == account_id:  # one's own: play it again (`web.rematch`)
                match["rematch"] = f"/api/tables/{match['match_id']}/rematch"
    return {
        "name": name,
        "created": created,
        "games": standings.per_game(account_id),
        "matches": history,
        "achievements": standings.achievements(account_id),
    }


@router.get("/api/achievements")
def achievement_catalogue() -> dict[str, list[dict[str, str]]]:
    """Each game's achievements: key, the rulebook's words, and how it is earned (`log`: seen
    in a match, `history`: over a player's matches, `attested`: declared by the player)."""
    return outcomes.catalogue()


@router.get("/api/leaderboard/{game_id}")
async def leaderboard(
    request: Request, game_id: str, accounts: AccountsDep, limit: int = 50
) -> dict[str, Any]:
    """Accounts by rating in one game (mu - 3 sigma), with the bots' reference ratings; a
    player is listed after `DICEHALL_LEADERBOARD_MIN_GAMES` rated games there against
    `DICEHALL_LEADERBOARD_MIN_OPPONENTS` distinct opponents."""
    if game_id not in playable():
        raise RequestError(404, "unknown_game", "there is no game with that id")
    standings = Standings(accounts.store)
    settings = request.app.state.settings
    least, distinct = settings.leaderboard_min_games, settings.leaderboard_min_opponents
    players = await asyncio.to_thread(
        standings.leaderboard, game_id, max(1, min(limit, 200)), least, distinct
    )
    bots = reference().get(game_id, {})
    return {"game": game_id, "players": players, "bots": bots.get("ratings", {}),
            "bot_command": bots.get("command"), "min_games": least,
            "min_opponents": distinct}  # fmt: skip


def _page(name: str) -> FileResponse:
    return FileResponse(STATIC / name, headers={"Cache-Control": "no-cache"})


@pages.get("/account")
def account_page() -> FileResponse:
    return _page("account.html")


@pages.get("/players/{name}")
def profile_page(name: str) -> FileResponse:
    return _page("profile.html")


@pages.get("/leaderboard")
def leaderboard_page() -> FileResponse:
    return _page("leaderboard.html")
