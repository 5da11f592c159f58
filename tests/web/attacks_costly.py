"""The attacks of issue 33 on costly services and ratings, as loops for the adversarial load
test (adversarial.py), beside attacks.py's: each from a loopback address of its own, at a
bounded rate, counting the answers it gets by kind.

- review flood: the issue's 19,999-action Pig record posted for review once a second;
- Argon2 flood: wrong passwords for a real account, 12 a second (each would cost a hash);
- throttle race: 40 wrong sign-ins for one account sent together from 40 addresses, once;
- coach flood: a seat asking its table's coach 10 times a second;
- farming: a signed-in account asking for rated Pig to 1 point against random bots.
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Awaitable
from typing import Any

import httpx

from dicehall.engine.match import Match
from dicehall.engine.record import Record
from dicehall.web.hall import make_game
from tests.web.attacks import Answers

PASSWORD = "correct horse battery staple"
HUMAN = {"kind": "human"}
RANDOM = {"kind": "bot", "level": "random"}
RACERS = 40


def holding_record(horizon: int = 19_999) -> bytes:
    """The issue's review upload: Pig to 1000 where every decision holds (it runs to the
    horizon: 19,999 actions, about two CPU-hours of review before reviews were costed)."""
    from dicehall_pig.state import HOLD

    match = Match(make_game("pig", {"players": 2, "target": 1000, "horizon": horizon}), 7)
    while not match.is_over:
        (seat,) = match.actors()
        match.play(seat, HOLD)
    seats = [{"seat": s, "kind": "human", "name": f"p{s}"} for s in range(2)]
    return json.dumps(Record.of(match, seats).to_json()).encode()


class CostlyAttacks:
    """The costly-service attacks against the server at `url`, until `end`."""

    def __init__(self, url: str, end: float, answers: dict[str, Answers], record: bytes) -> None:
        self.url, self.end, self.answers = url, end, answers
        self.record = record  # holding_record(): made before the clock starts

    def all(self) -> list[Awaitable[None]]:
        return [
            self._loop("review flood", "127.0.2.9", 1.0, self._review),
            self._argon2("127.0.2.10"),
            self._coach("127.0.2.11"),
            self._farm("127.0.2.12"),
        ]

    def _tally(self, kind: str) -> Answers:
        return self.answers.setdefault(kind, Answers())

    def _client(self, address: str) -> httpx.AsyncClient:
        transport = httpx.AsyncHTTPTransport(local_address=address)
        return httpx.AsyncClient(base_url=self.url, transport=transport, timeout=60)

    async def _loop(self, kind: str, address: str, per_s: float, one: Any) -> None:
        tally = self._tally(kind)
        async with self._client(address) as http:
            while time.monotonic() < self.end:
                try:
                    await one(http, tally)
                except httpx.HTTPError as exc:
                    tally.by_kind[f"connection closed ({type(exc).__name__})"] += 1
                await asyncio.sleep(1 / per_s)

    async def _review(self, http: httpx.AsyncClient, tally: Answers) -> None:
        headers = {"content-type": "application/json"}
        tally.http(await http.post("/api/reviews", content=self.record, headers=headers))

    async def _sign_up(self, http: httpx.AsyncClient, name: str) -> bool:
        r = await http.post("/api/account/signup", json={"name": name, "password": PASSWORD})
        return r.status_code == 201

    async def _argon2(self, address: str) -> None:
        """Wrong passwords for a real account at 12 a second, after one race of 40 addresses
        sending theirs together (at most the account's burst of 5 may be checked)."""
        async with self._client(address) as http:
            if not await self._sign_up(http, "flood target"):
                self._tally("Argon2 flood").by_kind["sign-up refused"] += 1
                return
        await self._race("flood target")
        wrong = {"name": "flood target", "password": "not the password"}
        tally = self._tally("Argon2 flood")
        async with self._client(address) as http:
            while time.monotonic() < self.end:
                try:
                    tally.http(await http.post("/api/account/signin", json=wrong))
                except httpx.HTTPError as exc:
                    tally.by_kind[f"connection closed ({type(exc).__name__})"] += 1
                await asyncio.sleep(1 / 12)

    async def _race(self, name: str) -> None:
        tally = self._tally("throttle race (40 addresses at once)")
        wrong = {"name": name, "password": "a wrong guess"}

        async def one(index: int) -> None:
            async with self._client(f"127.0.4.{index + 1}") as http:
                tally.http(await http.post("/api/account/signin", json=wrong))

        await asyncio.gather(*(one(i) for i in range(RACERS)))

    async def _coach(self, address: str) -> None:
        """A seat at its own coached table asking for advice 10 times a second."""
        tally = self._tally("coach flood")
        async with self._client(address) as http:
            body = {"game": "puru", "seats": [HUMAN, {"kind": "bot", "level": "greedy"}]}
            made = await http.post("/api/tables", json={**body, "coach": True})
            if made.status_code != 201:
                tally.by_kind[f"table refused {made.status_code}"] += 1
                return
            path = f"/api/tables/{made.json()['id']}/coach?seat=0"
            headers = {"X-Seat-Token": made.json()["tokens"]["0"]}
            while time.monotonic() < self.end:
                try:
                    tally.http(await http.get(path, headers=headers))
                except httpx.HTTPError as exc:
                    tally.by_kind[f"connection closed ({type(exc).__name__})"] += 1
                await asyncio.sleep(0.1)

    async def _farm(self, address: str) -> None:
        """Rated Pig to 1 point against five random bots, once a second."""
        tally = self._tally("rating farming")
        async with self._client(address) as http:
            if not await self._sign_up(http, "farmer"):
                tally.by_kind["sign-up refused"] += 1
                return
            csrf = {"x-csrf-token": http.cookies.get("dicehall_csrf") or ""}
            body = {"game": "pig", "seats": [HUMAN] + [RANDOM] * 5, "params": {"target": 1},
                    "rated": True}  # fmt: skip
            while time.monotonic() < self.end:
                try:
                    tally.http(await http.post("/api/tables", json=body, headers=csrf))
                except httpx.HTTPError as exc:
                    tally.by_kind[f"connection closed ({type(exc).__name__})"] += 1
                await asyncio.sleep(1.0)
