"""Bot moves take turns on the event loop (web/workers/turns.py)."""

from __future__ import annotations

import asyncio

from dicehall.web.workers.turns import PERSON_FIRST_S, BotTurns


def test_bot_moves_start_one_per_pass_in_the_order_they_asked() -> None:
    """Ten bot moves due at once: a person's message that arrives with them is handled
    after the first, not after all ten."""
    order: list[str] = []

    async def bot(turns: BotTurns, name: str) -> None:
        await turns.take()
        order.append(name)

    async def person() -> None:
        for _ in range(3):  # a message is a few passes: receive, apply, send
            await asyncio.sleep(0)
        order.append("person")

    async def scenario() -> None:
        turns = BotTurns()
        await asyncio.gather(*(bot(turns, f"bot{i}") for i in range(10)), person())

    asyncio.run(scenario())
    assert order.index("person") < 5
    assert [n for n in order if n != "person"] == [f"bot{i}" for i in range(10)]


def test_a_cancelled_bot_move_gives_up_its_turn() -> None:
    async def scenario() -> list[str]:
        turns, order = BotTurns(), []

        async def bot(name: str) -> None:
            await turns.take()
            order.append(name)

        tasks = [asyncio.ensure_future(bot(f"bot{i}")) for i in range(3)]
        await asyncio.sleep(0)  # all three wait
        tasks[1].cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        return order

    assert asyncio.run(scenario()) == ["bot0", "bot2"]


def test_no_bot_move_starts_while_a_persons_move_is_saved() -> None:
    async def scenario() -> list[str]:
        turns, order = BotTurns(), []

        async def bot(name: str) -> None:
            await turns.take()
            order.append(name)

        async def person() -> None:
            with turns.person():
                for _ in range(20):  # applied, written, broadcast: many passes of the loop
                    await asyncio.sleep(0)
                order.append("person saved")

        await asyncio.gather(person(), *(bot(f"bot{i}") for i in range(3)))
        return order

    assert asyncio.run(scenario()) == ["person saved", "bot0", "bot1", "bot2"]


def test_a_slow_persons_move_holds_the_bots_back_only_briefly() -> None:
    async def scenario() -> list[str]:
        turns, order = BotTurns(), []

        async def bot() -> None:
            await turns.take()
            order.append("bot")

        async def person() -> None:
            with turns.person():
                await asyncio.sleep(10 * PERSON_FIRST_S)  # a database that answers slowly
                order.append("person saved")

        await asyncio.gather(person(), bot())
        return order

    assert asyncio.run(scenario()) == ["bot", "person saved"]
