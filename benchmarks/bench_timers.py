"""Timer lateness with hung handlers (issue 17): 50 handlers that never return among 1,000 due timers.

    .venv/bin/python benchmarks/bench_timers.py [TIMERS [HUNG [SPREAD_SECONDS]]]     (1000 50 60 by default)

The real ``bot.timers.TimerLoop`` (its lanes, claims, time limits and abandonment) on a SQLite file in a
temporary directory (WAL, synchronous=FULL, the bot's defaults), in real time: TIMERS reminders in games in
play (100 per game), due over SPREAD_SECONDS from a few seconds after the start (0: all at the same second,
a burst), and every 20th of them (HUNG in all, the first one first) has a handler that never returns.

What a firing does is the only part replaced, by the work of a reminder without Discord: it loads the game
and its timers, waits ``DM_ROUND_TRIP`` (a Discord request's round trip, as the DM would take) and answers
its timer (deletes the row, under this process's claim). A timer's lateness is the wall-clock time from its
due second to the start of its handler. The run ends when every timer that does not hang has fired, or
after ``GIVE_UP`` seconds.

Prints ONE JSON object: the lateness of the timers that do not hang (median, 95th percentile, max, in
seconds) against the target (max <= 5 s), and the same run with no hung handler for comparison. Not a test:
nothing is asserted. The machine's load changes the figures: ``load_average`` is printed with them.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import platform
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any, cast

import discord

from bot.computer import Computer, ComputerConfig
from bot.timers import TimerLoop
from bot.workers import Workers
from engine import Game, dump
from storage import NewTimer, Store, Timer, TimerKind

PER_GAME = 100
HUNG_EVERY = 20
DM_ROUND_TRIP = 0.1  # seconds
LEAD = 3  # seconds from the start to the first due time: the loop is running by then
GIVE_UP = 600  # seconds


class Unconnected(discord.Client):
    """A client that never connects: ready at once (the loop waits for it before its first look)."""

    async def wait_until_ready(self) -> None:
        return None


class Loop(TimerLoop):
    def __init__(self, store: Store, hung: set[int]) -> None:
        unused = cast(Any, None)  # the action path and presenter: these firings use neither
        computer = Computer(Workers(), ComputerConfig())  # read for the time limits, never started
        client = Unconnected(intents=discord.Intents.none())
        super().__init__(client, store, unused, unused, discord.utils.utcnow, computer)
        self.hung = hung
        self.started: dict[int, float] = {}  # timer id -> when its handler started (time.time())
        self.waiting = 0  # timers that do not hang and have not fired yet
        self.all_fired = asyncio.Event()

    async def _handle(self, timer: Timer) -> None:
        if timer.id not in self.started and timer.id not in self.hung:
            self.waiting -= 1
            if self.waiting == 0:
                self.all_fired.set()
        self.started.setdefault(timer.id, time.time())
        if timer.id in self.hung:
            await asyncio.Event().wait()  # never returns
        record = await self._store.load_game(timer.game_id)
        await self._store.timers(record.id)
        await asyncio.sleep(DM_ROUND_TRIP)
        await self._store.delete_timer(timer.id, claimed_by=self._owner)


async def _timers(store: Store, count: int, first_due: int, spread: int) -> list[Timer]:
    """``count`` reminders in games in play, due evenly over ``spread`` seconds from ``first_due``."""
    now = int(time.time())
    made: list[Timer] = []
    for start in range(0, count, PER_GAME):
        n = start // PER_GAME
        record = await store.create_game(1000 + n, 2000 + n, 11, now)
        for user in (11, 12):
            record = await store.add_seat(record.id, user, now)
        dues = [first_due + (start + i) * spread // count for i in range(min(PER_GAME, count - start))]
        timers = [NewTimer(TimerKind.REMINDER, due, i % 2, {"version": 0}) for i, due in enumerate(dues)]
        await store.start_game(record.id, 1, dump(Game.new(2, 1)), now, timers=timers)
        made.extend(await store.timers(record.id))
    return sorted(made, key=lambda t: (t.due_at, t.id))


def _seconds(values: list[float]) -> dict[str, float]:
    ordered = sorted(values)
    return {
        "median": round(statistics.median(ordered), 3),
        "p95": round(ordered[int(0.95 * (len(ordered) - 1))], 3),
        "max": round(ordered[-1], 3),
    }


async def _run(count: int, hung_count: int, spread: int) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as folder:
        async with Store.open(Path(folder) / "timers.db") as store:
            timers = await _timers(store, count, int(time.time()) + LEAD, spread)
            hung = {t.id for t in timers[::HUNG_EVERY][:hung_count]}
            loop = Loop(store, hung)
            others = [t for t in timers if t.id not in hung]
            loop.waiting = len(others)
            loop.start()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(loop.all_fired.wait(), GIVE_UP)
            await loop.stop()
            late = [loop.started[t.id] - t.due_at for t in others if t.id in loop.started]
            return {
                "timers": count,
                "hung_handlers": len(hung),
                "due_over_seconds": spread,
                "fired": len(late),
                "never_fired": len(others) - len(late),
                "lateness_seconds": _seconds(late),
            }


def main() -> None:
    logging.getLogger("bot").setLevel(logging.CRITICAL)  # each abandoned firing is logged: not printed here
    count, hung, spread = (int(a) for a in [*sys.argv[1:4], *["1000", "50", "60"][len(sys.argv[1:4]) :]])
    with_hung = asyncio.run(_run(count, hung, spread))
    without = asyncio.run(_run(count, 0, spread))
    result = {
        "benchmark": "timer lateness with hung handlers (issue 17)",
        "target": "the timers that do not hang fire at most 5 s late",
        "met": with_hung["lateness_seconds"]["max"] <= 5 and with_hung["never_fired"] == 0,
        "with_hung_handlers": with_hung,
        "without_hung_handlers": without,
        "concurrency": TimerLoop.CONCURRENCY,
        "reminder_time_limit_seconds": TimerLoop.TIME_LIMITS[TimerKind.REMINDER],
        "dm_round_trip_seconds": DM_ROUND_TRIP,
        "load_average": [round(x, 2) for x in os.getloadavg()],
        "python": platform.python_version(),
    }
    print(json.dumps(result, indent=2))


if __name__ == "__main__":
    main()
