"""Bot moves take turns on the event loop (web/bot_turns.py)."""

from __future__ import annotations

import asyncio

from dicehall.web.bot_turns import BotTurns


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
