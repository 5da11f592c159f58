"""Greedy bots' worker processes, talked to from the event loop (`web/workers/quick.py`)."""

from __future__ import annotations

import asyncio
import os
import random
import signal
from concurrent.futures.process import BrokenProcessPool
from typing import Any

import pytest

from dicehall import games
from dicehall.engine.match import Match
from dicehall.web.workers.pool import BotPool
from dicehall.web.workers.thinking import BotSpec, LegalIds, think


def _decisions(count: int) -> list[tuple[BotSpec, Any, tuple[Any, ...], int]]:
    """Greedy decisions from several matches and seats: (spec, view, legal, rng seed)."""
    out = []
    for seed in range(count):
        game = games.make("puru", players=3)
        match = Match(game, seed)
        for _ in range(seed % 7):  # a few moves in, so the decisions differ
            seat = next(s for s in match.actors() if s >= 0)
            match.play(seat, match.legal_actions(seat)[0])
        seat = next(s for s in match.actors() if s >= 0)
        spec = BotSpec.of("puru", game.params, seat, "greedy")
        out.append((spec, match.view(seat), tuple(match.legal_actions(seat)), seed))
    return out


def test_each_request_gets_its_own_answer_the_one_the_bot_gives_in_process() -> None:
    """Thirty requests at once to two workers (at most four written to a pipe at a time):
    every answer is the decision of that request, as the bot makes it in the server. The rng
    goes as the text it is seeded with (`core.seeding.bot_seed`), as tables send it."""
    decisions = _decisions(30)
    expected = [think(s, v, legal, random.Random(str(r))) for s, v, legal, r in decisions]

    async def scenario() -> list[Any]:
        pool = BotPool(2, 1)
        try:
            await pool.warm("quick")
            assert len(pool.quick.workers) == 2
            return await asyncio.gather(
                *(pool.decide(s, v, legal, str(r)) for s, v, legal, r in decisions)
            )
        finally:
            await pool.close()

    assert asyncio.run(scenario()) == expected


def test_given_the_game_a_worker_is_sent_action_ids_and_answers_the_same_actions() -> None:
    """Tables send the legal actions as ids (`LegalIds`, cheaper to pickle than the action
    objects); the worker decodes them with its own copy of the game, and the pool turns the
    id it answers back into the action: the same decisions as in the server."""
    decisions = _decisions(12)
    expected = [think(s, v, legal, str(r)) for s, v, legal, r in decisions]
    game = games.make("puru", players=3)

    async def scenario() -> list[Any]:
        pool = BotPool(1, 1)
        try:
            return await asyncio.gather(
                *(pool.decide(s, v, legal, str(r), game) for s, v, legal, r in decisions)
            )
        finally:
            await pool.close()

    answers = asyncio.run(scenario())
    assert answers == expected
    assert all(a in legal for a, (_, _, legal, _) in zip(answers, decisions, strict=True))
    ids = LegalIds.of(game, decisions[0][2])
    assert think(*decisions[0][:2], ids, "0") in ids.ids  # a worker answers an id


def test_a_dead_worker_fails_its_requests_and_the_next_one_gets_a_new_worker() -> None:
    spec, view, legal, seed = _decisions(1)[0]

    async def scenario() -> None:
        pool = BotPool(1, 1)
        try:
            await pool.warm("quick")
            first = pool.quick.workers[0]
            pid = first.process.pid
            assert pid is not None
            os.kill(pid, signal.SIGSTOP)  # it holds the request until it is killed
            asking = asyncio.ensure_future(pool.decide(spec, view, legal, random.Random(seed)))
            await asyncio.sleep(0.1)
            os.kill(pid, signal.SIGKILL)
            with pytest.raises(BrokenProcessPool):
                await asyncio.wait_for(asking, 10)
            answer = await pool.decide(spec, view, legal, random.Random(seed))
            assert answer in legal
            assert pool.quick.workers and pool.quick.workers[0] is not first
        finally:
            await pool.close()

    asyncio.run(scenario())


def test_closing_stops_the_workers() -> None:
    async def scenario() -> list[Any]:
        pool = BotPool(2, 1)
        await pool.warm("quick")
        processes = [w.process for w in pool.quick.workers]
        await pool.close()
        return processes

    assert [p.is_alive() for p in asyncio.run(scenario())] == [False, False]


def test_closing_waits_for_a_worker_it_has_to_kill(monkeypatch: pytest.MonkeyPatch) -> None:
    """A worker that does not exit when its socket closes (stopped here, as a stuck one would
    be) is killed once `STOP_WAIT_S` is up, and `close` returns only once it has exited: a
    killed process that was not waited for could still be seen alive (and left a zombie)."""
    from dicehall.web.workers import quick as quick_workers

    monkeypatch.setattr(quick_workers, "STOP_WAIT_S", 0.2)

    async def scenario() -> list[Any]:
        pool = BotPool(2, 1)
        await pool.warm("quick")
        processes = [w.process for w in pool.quick.workers]
        for process in processes:
            assert process.pid is not None
            os.kill(process.pid, signal.SIGSTOP)
        await pool.close()
        return [p.exitcode for p in processes]  # at once: None while one still runs

    assert asyncio.run(scenario()) == [-signal.SIGKILL, -signal.SIGKILL]
