"""One of several processes running the bot's timer loop on one PostgreSQL database (test_timer_processes).

argv: DATABASE_URL NAME SHARD_COUNT SHARD_ID DIE. Once its store is open it prints ``{"ready": NAME}``
and starts its loop when a line comes on stdin (the test starts every process together, without waiting
a fixed time). The real ``bot.timers.TimerLoop`` (its claims, leases, shards and wake-ups) with a short
lease; what a firing does is the only part replaced: it prints
``{"fired": timer_id, "at": unix time}`` and answers the timer (deletes its row), as a reminder that was
sent would. SHARD_COUNT 0: not sharded. DIE 1: the process dies (exit status 3) in the middle of its first
firing, after printing ``{"dying": timer_id}`` and before answering it. The process ends once no timer of
its shards is left in the database.
"""

from __future__ import annotations

import asyncio
import json
import os
import sys
import time
from typing import Any, cast

import discord

from bot.computer import Computer, ComputerConfig
from bot.timers import TimerLoop
from bot.workers import Workers
from storage import Shards, Store, Timer


class Unconnected(discord.Client):
    """A client that never connects: ready at once."""

    async def wait_until_ready(self) -> None:
        return None


class UnconnectedShards(discord.AutoShardedClient):
    """The same, sharded: the loop reads its shards from it."""

    async def wait_until_ready(self) -> None:
        return None


class Loop(TimerLoop):
    LEASE = 5
    TIME_LIMITS = dict.fromkeys(TimerLoop.TIME_LIMITS, 2.5)  # half the lease (see TimerLoop.lease)
    CONCURRENCY = 8  # a few timers at a time, so that both processes take part
    SHARED_POLL = 1  # while it cannot LISTEN (issue 21: it can, so it polls every LISTENING_POLL)

    def __init__(self, client: discord.Client, store: Store, die: bool) -> None:
        unused = cast(Any, None)  # the action path and presenter: this loop's firings use neither
        computer = Computer(Workers(), ComputerConfig(seconds=None))  # read for the limits, never started
        super().__init__(client, store, unused, unused, discord.utils.utcnow, computer)
        self.die = die
        self.firing = 0  # firings under way: the process ends only once none is (see run)

    async def _handle(self, timer: Timer) -> None:
        if self.die:
            print(json.dumps({"dying": timer.id, "at": time.time()}), flush=True)
            os._exit(3)
        self.firing += 1
        try:
            await asyncio.sleep(0.005)  # a firing takes a moment: the other process claims meanwhile
            await self._store.delete_timer(timer.id)
            print(json.dumps({"fired": timer.id, "at": time.time()}), flush=True)
        finally:
            self.firing -= 1


async def run(url: str, name: str, shard_count: int, shard_id: int, die: bool) -> None:
    if shard_count:
        client: discord.Client = UnconnectedShards(
            intents=discord.Intents.none(), shard_count=shard_count, shard_ids=[shard_id]
        )
        shards: Shards | None = Shards(shard_count, (shard_id,))
    else:
        client = Unconnected(intents=discord.Intents.none())
        shards = None
    async with Store.open(url) as store:
        loop = Loop(client, store, die)
        print(json.dumps({"ready": name}), flush=True)
        await asyncio.to_thread(sys.stdin.readline)  # the go: every process starts together
        loop.start()
        # the rows live in a database other processes change: look every 0.2 s. The last row can be gone
        # while its firing here has yet to print it: stopping then would cancel that firing unheard
        while loop.firing or await store.next_claimable(int(time.time()), shards=shards) is not None:  # noqa: ASYNC110
            await asyncio.sleep(0.2)
        await loop.stop()


if __name__ == "__main__":
    url, name, shard_count, shard_id, die = sys.argv[1:6]
    asyncio.run(run(url, name, int(shard_count), int(shard_id), die == "1"))
