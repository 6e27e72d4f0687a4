"""A script that drives the real bot on simcord in a process of its own, as people scripting the bot do
(tests/bot/test_scripted_bot.py, issue 17). It prints one JSON line per event and ends by closing the bot
with ``await bot.close()`` or ``async with bot`` only: a process that hangs at exit fails its test.

argv: DATABASE MODE [WHEN]. Every run builds the same simulated Discord (simcord's ids and virtual clock are
the same from run to run): a server, a channel, alice and bob.

- ``remind``: a game of alice and bob in play (made through the store) with a reminder due 10 s later; the
  process is killed (exit status 3) as that reminder's DM is sent: WHEN ``before`` Discord accepts it, or
  ``after`` (the DM is out, nothing after it runs). Prints ``{"game": id}`` first, then
  ``{"sent": "reminder"}`` if the DM went out before the kill.
- ``watch``: the database's timers fire for two hours of virtual time (long past the killed process's
  lease and its retries, well before the next reminder); prints ``{"reminders": n}``, the reminder DMs
  sent in that time.
- ``play``: a game of alice against the computer player through the commands, then a day of virtual time:
  alice never answers, so her turn's hour runs out and the computer player's worker process thinks a move
  for her (then, everyone being away or a computer, the game pauses: R31); ``async with bot`` ends it all.
  Prints ``{"version": n, "computer_process": true}`` and ``{"closed": true}``.
"""

from __future__ import annotations

import asyncio
import json
import os
import sys
from typing import Any

import simcord

from bot.client import create_bot  # not `from bot`: see benchmarks/bench_bot.py's note on scripts
from bot.computer import ComputerConfig
from bot.timers import TimerLoop
from engine import Game, dump
from storage import NewTimer, TimerKind

HOUR = 3600
# as in the bot tests (tests/bot/conftest.py): on a loaded machine, or beside parallel test workers,
# settling takes longer than simcord's default 5 s
SETTLE_TIMEOUT = 60
FAST_COMPUTER = ComputerConfig(pause=0, simulations=4, seconds=None)
# simcord cannot settle an advance of its virtual clock to the loop's look at a shared database (see
# tests/bot/test_shards.py): the loop reads the table when the bot starts and when it is woken
TimerLoop.SHARED_POLL = TimerLoop.IDLE_SLEEP


def say(**fields: Any) -> None:
    print(json.dumps(fields), flush=True)


def is_reminder(kwargs: dict[str, Any]) -> bool:
    """A reminder DM's request (its text as JSON, or in a form with the hand's picture)."""
    return " reminder: " in repr(kwargs.get("json")) + repr(kwargs.get("form"))


async def remind(database: str, when: str) -> None:
    bot = create_bot(database, computer=FAST_COMPUTER)
    async with simcord.run(bot, settle_timeout=SETTLE_TIMEOUT) as env:
        guild = env.create_guild()
        channel = guild.create_text_channel("games")
        players = [guild.add_member(env.create_user(name)).id for name in ("alice", "bob")]
        store, now = bot.store, bot.now()
        record = await store.create_game(guild.id, channel.id, players[0], now)
        for user in players:
            await store.add_seat(record.id, user, now)
        game = Game.new(2, 1)
        reminder = NewTimer(TimerKind.REMINDER, now + 10, game.to_act, {"version": 0})
        await store.start_game(record.id, 1, dump(game), now, timers=[reminder])
        await store.mark_presented(record.id, 0)
        say(game=record.id)
        send = bot.http.request

        async def killed_mid_send(route: Any, **kwargs: Any) -> Any:
            if route.method == "POST" and is_reminder(kwargs):
                if when == "after":
                    await send(route, **kwargs)
                    say(sent="reminder")
                os._exit(3)
            return await send(route, **kwargs)

        bot.http.request = killed_mid_send  # type: ignore[method-assign]
        bot._wake_timers()
        await env.advance_time(60)
    await bot.close()


async def watch(database: str) -> None:
    bot = create_bot(database, computer=FAST_COMPUTER)
    async with simcord.run(bot, settle_timeout=SETTLE_TIMEOUT) as env:
        guild = env.create_guild()
        guild.create_text_channel("games")
        players = [guild.add_member(env.create_user(name)) for name in ("alice", "bob")]
        await env.advance_time(2 * HOUR)
        dms = [m for p in players if p.user.dm_channel for m in p.user.dm_channel.history()]
        say(reminders=sum("— reminder: " in m.content for m in dms))
    await bot.close()


async def play(database: str) -> None:
    bot = create_bot(database, computer=FAST_COMPUTER, seeds=lambda: 1)
    async with bot, simcord.run(bot, settle_timeout=SETTLE_TIMEOUT) as env:
        guild = env.create_guild()
        channel = guild.create_text_channel("games")
        alice = guild.add_member(env.create_user("alice"))
        await alice.slash(channel, "te new", turn_hours=1)
        await alice.slash(channel, "te seat addbot", level="normal")
        await alice.slash(channel, "te start")
        await env.advance_time(24 * HOUR)
        record = await bot.store.latest_game_in_channel(channel.id)
        assert record is not None
        say(version=record.version, computer_process=bot.computer._workers._pool is not None)
    say(closed=bot._store is None and bot.computer._workers._pool is None)


if __name__ == "__main__":
    database, mode = sys.argv[1:3]
    if mode == "remind":
        asyncio.run(remind(database, sys.argv[3]))
    elif mode == "watch":
        asyncio.run(watch(database))
    else:
        asyncio.run(play(database))
