"""Argon2 in a bounded pool of its own, and the one budget every password check spends.

Hashing costs tens of milliseconds of CPU and 64 MiB a call. In the default
`asyncio.to_thread` pool it would queue the session lookups and table lists of everyone else
behind an attacker's flood; here it has its own threads (`DICEHALL_HASH_THREADS`) and a
bounded queue (`DICEHALL_HASH_QUEUE`, past it 503 `busy`). Every route that checks a password
(sign-in, deleting the account, changing its password) first spends from the same two
budgets, per client address and per account name, before anything is awaited
(docs/security.md, *Accounts*).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import TypeVar

from dicehall.web.accounts import passwords
from dicehall.web.errors import RequestError
from dicehall.web.protection.limits import Throttle

T = TypeVar("T")


class HashPool:
    """`threads` threads hash and verify; at most `queue` calls wait or run at once."""

    def __init__(self, threads: int, queue: int) -> None:
        self.executor = ThreadPoolExecutor(max(1, threads), thread_name_prefix="dicehall-argon2")
        self.queue = max(1, queue)
        self.pending = 0

    async def _run(self, work: Callable[..., T], *args: object) -> T:
        if self.pending >= self.queue:
            raise RequestError(503, "busy", "too many passwords being checked; try again soon")
        self.pending += 1
        try:
            return await asyncio.get_running_loop().run_in_executor(self.executor, work, *args)
        finally:
            self.pending -= 1

    async def hash(self, password: str) -> str:
        return await self._run(passwords.hash_password, password)

    async def check(self, stored: str | None, password: str) -> bool:
        return await self._run(passwords.check_password, stored, password)

    def close(self) -> None:
        self.executor.shutdown(wait=False, cancel_futures=True)


class PasswordBudget:
    """Attempts per client address (every one costs a hash) and wrong passwords per account
    name (from any address). `reserve` spends from both before the hash is awaited;
    `right` gives the account's token back (only wrong passwords count against a name)."""

    def __init__(self, client: Throttle, account: Throttle) -> None:
        self.client, self.account = client, account

    @staticmethod
    def account_key(name: str) -> str:
        return name.strip().casefold()

    def reserve(self, client: str, name: str | None) -> None:
        """Spend an attempt; 429 (nothing spent) when either budget is empty."""
        key = self.account_key(name) if name is not None else None
        if key is not None and not self.account.spend(key):
            wait = self.account.retry_after(key)
            raise RequestError(429, "rate_limited", f"too many wrong passwords for this account; "
                               f"try again in {wait} s")  # fmt: skip
        if not self.client.spend(client):
            if key is not None:
                self.account.refund(key)
            wait = self.client.retry_after(client)
            raise RequestError(429, "rate_limited", f"too many attempts; try again in {wait} s")

    def right(self, name: str) -> None:
        self.account.refund(self.account_key(name))
