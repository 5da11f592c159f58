"""The hall: the tables in memory, table creation, and rebuilding matches from the store.

Only active tables live in memory: a table is loaded from the store on its first visit (so a
restart costs the same however many matches are stored) and unloaded when nobody has been
connected for a while (`web.lifecycle`).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import time
from collections.abc import Callable
from typing import Any

from dicehall import games
from dicehall.bots import Seated, at_table, labels_for, level_named, levels_for
from dicehall.bots.base import Bot
from dicehall.core.errors import DicehallError
from dicehall.core.game import Game
from dicehall.core.params import ContentSource, names_a_file
from dicehall.core.types import Seat
from dicehall.engine.clock import WallClock
from dicehall.engine.match import Match
from dicehall.engine.record import resume
from dicehall.store import LIVE, MatchRow, Store, now_text, token_digest
from dicehall.store.accounts import Account
from dicehall.store.turns import TurnClock, TurnClocks
from dicehall.web import events, lifecycle
from dicehall.web.accounts import seat_accounts
from dicehall.web.accounts.friend_tables import host_option
from dicehall.web.accounts.mail_alerts import Mailer
from dicehall.web.cluster import replica
from dicehall.web.cluster.node import Cluster
from dicehall.web.config import Settings
from dicehall.web.errors import RequestError, store_errors
from dicehall.web.protection.budgets import Budgets
from dicehall.web.series import new_series
from dicehall.web.tables import seats as seat_rules
from dicehall.web.tables import secret as table_secret
from dicehall.web.tables import writes
from dicehall.web.tables.room import new_room
from dicehall.web.tables.table import Table
from dicehall.web.tables.turns import TurnKeeper, check_turn_based
from dicehall.web.workers import prepare
from dicehall.web.workers.pool import BotPool

log = logging.getLogger("dicehall.web")
MODES = ("online", "hotseat")
MAX_NAME = 24


def interactive_level(level: str, game_id: str) -> str:
    """A searching level gets its time budget at the table (`Level.table_budget`), unless
    one was given."""
    return at_table(level, game_id)


def _level_name(text: str) -> str:
    level = level_named(text)
    return level.name if level is not None else text


def _seat_config(index: int, raw: Any, game: Game[Any, Any]) -> dict[str, Any]:
    if not isinstance(raw, dict) or raw.get("kind") not in ("human", "bot"):
        raise RequestError(422, "bad_seats", f"seat {index + 1}: kind must be human or bot")
    name = raw.get("name") or ""
    if not isinstance(name, str) or len(name) > MAX_NAME:
        raise RequestError(422, "bad_seats", f"seat {index + 1}: name up to {MAX_NAME} letters")
    cfg: dict[str, Any] = {"seat": index, "kind": raw["kind"], "name": name.strip()}
    if raw["kind"] == "bot":
        level = raw.get("level", "random")
        if level not in levels_for(game.id):
            known = ", ".join(levels_for(game.id))
            raise RequestError(422, "bad_seats", f"seat {index + 1}: bot level one of {known}")
        cfg["bot"] = level
        shown = labels_for(game.id).get(level, level)
        cfg["name"] = cfg["name"] or f"Bot {index + 1} ({shown})"  # what the level is
    cfg["name"] = cfg["name"] or f"Player {index + 1}"
    return cfg


def _room_option(seats: list[dict[str, Any]]) -> dict[str, Any]:
    """A waiting room, run by the creator's seat (the first person's seat that is not open);
    none where no seat waits for anyone else (docs/play-together.md, *Waiting room*)."""
    people = [s["seat"] for s in seats if s["kind"] == "human"]
    invited = [s for s in people if not seats[s].get("open")]
    if not invited:
        raise RequestError(422, "bad_room", "a waiting room needs your own seat: one not open")
    if len(people) < 2:
        return {}
    return {"room": new_room(invited[0])}


def playable() -> list[str]:
    """Installed games whose module loads (a game being written may not yet)."""
    out = []
    for game_id in games.available():
        try:
            games.spec(game_id)
        except Exception:
            continue
        out.append(game_id)
    return out


def make_game(game_id: Any, params: Any) -> Game[Any, Any]:
    if not isinstance(game_id, str) or game_id not in playable():
        known = ", ".join(playable())
        raise RequestError(404, "unknown_game", f"unknown game {game_id!r}; available: {known}")
    if not isinstance(params, dict):
        raise RequestError(422, "bad_params", "params must be an object")
    for p in games.spec(game_id).params:
        # files on the server are not the web's to choose: content by built-in name only
        value = params.get(p.name)
        if p.kind is ContentSource and isinstance(value, str) and names_a_file(value):
            raise RequestError(422, "bad_params", f"{p.name}: custom files work from the CLI only")
    try:
        return games.make(game_id, **params)
    except DicehallError as exc:
        raise RequestError(422, "bad_params", str(exc)) from None


class Hall:
    """Live tables by id; finished ones are loaded from the store on demand."""

    def __init__(self, store: Store, settings: Settings, budgets: Budgets | None = None) -> None:
        self.store = store
        self.settings = settings
        self.tables: dict[str, Table] = {}
        self.loading: dict[str, asyncio.Future[Table | None]] = {}
        self.pool = BotPool(settings.quick_workers, settings.search_workers)
        self.solvers = prepare.Preparer(settings.prepare_solvers)
        self.sweeper: asyncio.Task[None] | None = None
        self.checkpointer: asyncio.Task[None] | None = None
        self.cluster: Cluster | None = None
        self.warming: asyncio.Task[None] | None = None
        self.mailer = Mailer(settings, store, budgets)  # turn-based tables' e-mail alerts

    # --- start-up and shutdown ------------------------------------------------------
    async def start(self) -> None:
        """Start the bot workers, prepare the expert's tables and sweep idle tables, all in the
        background. No match is loaded here: each loads on its first visit, so start-up does
        not grow with the number of stored matches."""
        loop = asyncio.get_running_loop()
        self.warming = loop.create_task(self.pool.warm("quick"), name="start bot workers")
        if self.store.engine.dialect.name == "postgresql":  # several processes may share it
            url = self.store.engine.url.set(drivername="postgresql")
            conninfo = url.render_as_string(hide_password=False)
            relay = (self.settings.relay_host, self.settings.relay_port)
            self.cluster = Cluster(self.tables, conninfo, relay)
            self.cluster.on_admin = self._follow_admin
            await self.cluster.start()
        self.solvers.start()
        self.sweeper = loop.create_task(lifecycle.sweep_forever(self), name="sweep")
        if self.store.checkpoints:
            checkpoints = lifecycle.checkpoint_forever(self)
            self.checkpointer = loop.create_task(checkpoints, name="checkpoint")

    async def _follow_admin(self, what: str) -> None:
        """An operator's change made through another process, applied here now."""
        if what == "closed":
            await lifecycle.follow_closes(self)
        elif what == "suspended":
            await lifecycle.send_away_suspended(self)

    async def stop(self) -> None:
        if self.warming is not None:
            with contextlib.suppress(Exception):  # workers that never started: nothing to do
                await self.warming
        for task in (self.sweeper, self.checkpointer):
            if task is not None:
                task.cancel()
        for table in list(self.tables.values()):
            await table.stop()
        if self.cluster is not None:
            await self.cluster.stop()
        await self.pool.close()
        await self.solvers.stop()

    # --- tables ---------------------------------------------------------------------
    async def get(self, table_id: str) -> Table | None:
        """The table in memory, else loaded from the store (a live one starts playing again,
        a finished or expired one is there to watch); None if unknown."""
        if table_id in self.tables:
            return self.tables[table_id]
        pending = self.loading.get(table_id)
        if pending is not None:  # someone else is loading it: share their table
            return await asyncio.shield(pending)
        future: asyncio.Future[Table | None] = asyncio.get_running_loop().create_future()
        self.loading[table_id] = future
        try:
            table = await self._load(table_id)
            future.set_result(table)
        except BaseException as exc:
            future.set_exception(exc)
            future.exception()  # retrieved here: callers sharing it see it raised
            raise
        finally:
            del self.loading[table_id]
        return table

    async def _load(self, table_id: str) -> Table | None:
        """Read and replay the match in a thread, then install it on the event loop."""
        loaded = await asyncio.to_thread(self._read_and_replay, table_id)
        if loaded is None:
            return None
        row, match, claimed, clock = loaded
        if table_id in self.tables:  # created or loaded meanwhile
            return self.tables[table_id]
        owned = self.cluster is None or await self.cluster.try_own(table_id)
        table = self._install(row, match, replica=not owned, clock=clock)
        if table.replica and self.cluster is not None:
            self.cluster.follow(table)  # the owner announces its moves from now on ...
            await replica.refresh(table)  # ... and what it saved since the read is read here
        elif self.cluster is not None:  # replicas elsewhere, if any, follow this process now
            self.cluster.roll_call(table)
        # seats people had taken: their grace period starts now
        table.presence.away(claimed, asyncio.get_running_loop().time())
        return table

    def _read_and_replay(
        self, table_id: str
    ) -> tuple[MatchRow, Match, list[int], TurnClock | None] | None:
        row = self.store.get(table_id)
        if row is None:
            return None
        record = self.store.record(table_id)
        assert record is not None
        game = games.make(row.game, **row.params)
        match = resume(record, bots=self._bots(game, row.seats), clock=self._clock(game))
        claimed = [seat for seat, (_, taken) in self.store.tokens(table_id).items() if taken]
        clock = TurnClocks(self.store).get(table_id) if "turn_based" in row.options else None
        return row, match, claimed, clock

    def _install(
        self, row: MatchRow, match: Match, replica: bool = False, clock: TurnClock | None = None
    ) -> Table:
        levels = {s["seat"]: interactive_level(s["bot"], row.game) for s in row.seats if "bot" in s}
        table = Table(
            row, match, self.store, self.settings, self.pool, levels=levels,
            peers=self.cluster, replica=replica, on_finish=seat_accounts.on_finish,
            turn_clock=clock, on_turn=self.mailer.your_turn,
        )  # fmt: skip
        self.tables[row.id] = table
        if not match.is_over and row.status == LIVE:
            table.start()
        elif match.is_over and not replica:  # its accounts' records, if a restart cut them
            table.finished()
        return table

    async def create(
        self, body: Any, account: Account | None = None
    ) -> tuple[Table, dict[int, str]]:
        """A new table from a lobby request; returns it and one fresh token per human seat."""
        table, tokens, _ = await self.create_with_secret(body, account)
        return table, tokens

    async def create_with_secret(
        self, body: Any, account: Account | None = None
    ) -> tuple[Table, dict[int, str], str]:
        """`create`, and a private table's secret ("" for a public one: tables/secret.py)."""
        if not isinstance(body, dict):
            raise RequestError(422, "bad_request", "expected a JSON object")
        raw_seats = body.get("seats")
        params = dict(body.get("params") or {})
        if not isinstance(raw_seats, list) or not raw_seats:
            raise RequestError(422, "bad_seats", "seats must be a non-empty list")
        game_id = body.get("game")
        known = game_id if isinstance(game_id, str) and game_id in playable() else None
        if known and any(p.name == "players" for p in games.spec(known).params):
            params.setdefault("players", len(raw_seats))
        game = make_game(game_id, params)
        if len(raw_seats) != game.num_players:
            raise RequestError(
                422, "bad_seats", f"this game has {game.num_players} seats, got {len(raw_seats)}"
            )
        seats = [_seat_config(i, s, game) for i, s in enumerate(raw_seats)]
        mode = body.get("mode", "online")
        if mode not in MODES:
            raise RequestError(422, "bad_mode", f"mode must be one of {', '.join(MODES)}")
        seat_rules.mark_open(seats, raw_seats, mode)
        seat_accounts.check_rated_table(account, body, game, seats)
        options = {"mode": mode, "private": body.get("private") is True}
        if body.get("coach") is True:
            options["coach"] = True
        if body.get("rated") is True:
            options["rated"] = True
        if body.get("series") is not None:
            options["series"] = new_series(
                body["series"], body.get("series_count", "points"), len(seats)
            )
        if body.get("room") is True and mode == "online":
            options.update(_room_option(seats))
        options.update(host_option(account, body))
        turn_based = check_turn_based(body, game, self.settings.turn_seconds_min)
        if turn_based:
            if "room" in options:  # the clock would run while the room waits (play-together.md)
                raise RequestError(422, "bad_room", "a turn-based table has no waiting room yet")
            options["turn_based"] = turn_based
        return await self._open(game, seats, options)

    async def open_table(
        self,
        game: Game[Any, Any],
        seats: list[dict[str, Any]],
        options: dict[str, Any],
        token_for: Callable[[str, Seat], str] | None = None,
    ) -> tuple[Table, dict[int, str], str]:
        """A new table from checked seats and options (a rematch's: `web.rematch`, whose
        `token_for(table id, seat)` makes each seat's token), its tokens, and its secret if it
        is private."""
        return await self._open(game, seats, options, token_for)

    async def _open(
        self,
        game: Game[Any, Any],
        seats: list[dict[str, Any]],
        options: dict[str, Any],
        token_for: Callable[[str, Seat], str] | None = None,
    ) -> tuple[Table, dict[int, str], str]:
        self._refuse_unprepared(game, seats)
        options = dict(options)
        secret = table_secret.new_secret(options)
        seed = secrets.randbits(62)
        match = Match(game, seed, bots=self._bots(game, seats), clock=self._clock(game))
        now = now_text()
        row = MatchRow(
            id=secrets.token_urlsafe(12),
            game=game.id,
            game_version=game.spec.version,
            params=dict(game.params),
            content_hash=game.content_hash,
            seed=seed,
            seats=seats,
            options=options,
            status=LIVE if not match.is_over else "finished",
            result=None,
            num_actions=len(match.log),
            created=now,
            updated=now,
        )
        make = token_for or (lambda _table, _seat: secrets.token_urlsafe(24))
        tokens = {s["seat"]: make(row.id, s["seat"]) for s in seats if s["kind"] == "human"}
        hashes = {seat: token_digest(t) for seat, t in tokens.items()}
        # an open seat's token is never handed out: whoever claims it gets a fresh one
        tokens = {seat: t for seat, t in tokens.items() if not seats[seat].get("open")}
        with store_errors("new tables"):
            await writes.run(self.store.create_match, row, hashes, list(match.log), first=True)
        clock = await self._first_clock(row, match)
        if self.cluster is not None:  # a new table belongs to the process that made it
            await self.cluster.try_own(row.id)
        events.emit("table_created", table=row.id, game=game.id, seats=len(seats))
        return self._install(row, match, clock=clock), tokens, secret

    async def _first_clock(self, row: MatchRow, match: Match) -> TurnClock | None:
        """A turn-based table's first deadline, saved before anyone hears of the table (a
        crash right after must not leave it without a clock: `web.tables.turns`)."""
        keeper = TurnKeeper.of(row.options, None)
        if keeper is None:
            return None
        people = [s["seat"] for s in row.seats if s["kind"] == "human"]
        keeper.advance(match, people, time.time())
        with store_errors("new tables"):
            await writes.run(TurnClocks(self.store).put, row.id, keeper.clock(), first=True)
        return keeper.clock()

    def _refuse_unprepared(self, game: Game[Any, Any], seats: list[dict[str, Any]]) -> None:
        """An expert whose solved tables are not ready would hang: say so instead (503)."""
        for seat in seats:
            level = level_named(seat["bot"]) if seat.get("bot") else None
            if level is not None and level.reads_tables:
                waiting = self.solvers.missing_for(game)
                if waiting:
                    raise RequestError(503, "expert_preparing", self.solvers.explain(waiting))

    def bot_seat(
        self, game: Game[Any, Any], seat: Seat, level: Any
    ) -> tuple[dict[str, Any], Bot, str]:
        """A bot of `level` for `seat` (a waiting room's change): its seat config, its bot and
        the level it plays at the table; a 422 for an unknown level, a 503 for an expert whose
        solved tables are not ready."""
        cfg = _seat_config(seat, {"kind": "bot", "level": level}, game)
        self._refuse_unprepared(game, [cfg])
        bot = self._bots(game, [cfg])[seat]
        return cfg, bot, interactive_level(cfg["bot"], game.id)

    async def claim(self, table: Table, seat: Any, secret: Any = None) -> str:
        """A fresh token for an open seat nobody has taken yet (joining from the lobby; a
        private table's with its secret, else 404 as for an unknown table)."""
        if not table_secret.admits(table.row, secret):
            raise RequestError(404, "unknown_table", "there is no table with that id")
        seat_rules.check_claimable(table, seat)
        if seat in table.presence.claimed or table.match.is_over:
            raise RequestError(409, "seat_taken", "that seat is already taken")
        token = secrets.token_urlsafe(24)
        with store_errors("seats"):  # the store decides: another process may have claimed it
            digest = token_digest(token)
            claimed = await writes.run(self.store.claim_open, table.id, seat, digest, first=True)
        table.presence.claim(seat)
        if not claimed:
            raise RequestError(409, "seat_taken", "that seat is already taken")
        return token

    async def seat_of(self, table: Table, token: Any) -> int | None:
        if not isinstance(token, str) or not 8 <= len(token) <= 128:
            return None
        return await asyncio.to_thread(self.store.seat_of_token, table.id, token)

    @staticmethod
    def _bots(game: Game[Any, Any], seats: list[dict[str, Any]]) -> dict[int, Bot]:
        """The bot seats, by level: their workers build the bots that think (`web.workers`)."""
        return {s["seat"]: Seated(_level_name(s["bot"])) for s in seats if s["kind"] == "bot"}

    @staticmethod
    def _clock(game: Game[Any, Any]) -> WallClock | None:
        return WallClock() if game.spec.real_time else None
