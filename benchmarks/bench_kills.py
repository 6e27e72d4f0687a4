"""Duplicate posts over hundreds of kills of the bot mid-action (issue 17): none may be posted twice.

    .venv/bin/python benchmarks/bench_kills.py [--kills 300] [--seed N]

Plays 3-player games through the real bot on simcord's simulated Discord (a SQLite file in a temporary
directory): each action with the command a player would use, chosen at random among the legal ones by a
seeded generator (as ``bench_notifications.py`` does). Before each action a point is drawn at random among the
bot's next calls once the action is saved: every call to the store and every REST request to Discord counts
twice, just before it and just after it (after a channel post: Discord has it, the store does not know yet).
The bot is killed there: the action's task is cancelled at that point, so nothing after it runs, and a fresh
bot starts over the same database (simcord's ``restart_bot``), which shows what was saved but not shown. An
action whose work ended before the drawn point is not killed and not counted.

Two runs: the points drawn among all calls, then among the moments right after Discord accepted one of the
action's messages (a post or a DM) and before the store recorded it, the window a crash was most likely to
repeat a post in. After each kill and restart, what simcord's Discord holds is counted:

- ``duplicate_posts``: channel posts about the action beyond one (goal 0);
- ``missing_posts``: actions saved whose post never came;
- ``duplicate_dms``: DMs about the action beyond one per player (a player gets at most one per action);
- ``left_unshown``: games whose saved version is still not marked shown after the restart;
- ``kills_by_point``: where the kills landed ("after POST /channels/{channel_id}/messages": the window
  between Discord accepting a post and the store recording it).

Prints ONE JSON object. For the figure before issue 17, run it with ``PYTHONPATH`` set to a checkout of the
code before it (the kills are drawn among the calls that code makes, by the same generator).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import inspect
import json
import logging
import random
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

import simcord
from bench_notifications import _choose, send_action

from bot.client import create_bot  # not `from bot`: see benchmarks/bench_bot.py
from storage import Store

PLAYERS = 3
SEED = 20261125
KILLS = 300
# The kill point is drawn among this many points (two per call) after the save; an action that makes fewer
# calls is not killed.
MAX_POINTS = 80
SAVES = frozenset({"append_action", "append_undo", "start_game"})
# Discord accepted a message (a post or a DM), the store does not know yet: the window the second run kills
# in, at one of the action's first MAX_MESSAGES messages.
ACCEPTED = "after POST /channels/{channel_id}/messages"
MAX_MESSAGES = 3


class Killer:
    """Kills the bot at a drawn point among its calls to the store and to Discord once an action is saved."""

    def __init__(self) -> None:
        self.countdown: int | None = None  # points left before the kill, once armed
        self.armed: asyncio.Task[Any] | None = None  # the task that saved the action: the one killed
        self.killed_at: str | None = None
        self.only: str | None = None  # count this point only

    def plan(self, points: int, only: str | None = None) -> None:
        self.countdown, self.armed, self.killed_at, self.only = points, None, None, only

    def disarm(self) -> None:
        self.countdown, self.armed = None, None

    def _point(self, where: str) -> None:
        """A point of the action's task (another task, the timer loop's, goes on: it is not the action)."""
        if self.armed is None or self.countdown is None or asyncio.current_task() is not self.armed:
            return
        if self.only is not None and where != self.only:
            return
        self.countdown -= 1
        if self.countdown == 0:
            self.killed_at = where
            self.disarm()
            raise asyncio.CancelledError  # nothing after this point runs, as if the process died here

    def install(self, bot: Any) -> None:
        """Watch every call of this bot to its store and every REST request it sends."""
        store = bot.store
        for name, _ in inspect.getmembers(Store, inspect.iscoroutinefunction):
            if not name.startswith("_"):
                setattr(store, name, self._watched(name, getattr(store, name)))
        request = bot.http.request

        async def watched_request(route: Any, **kwargs: Any) -> Any:
            where = f"{route.method} {route.path}"
            self._point(f"before {where}")
            result = await request(route, **kwargs)
            self._point(f"after {where}")
            return result

        bot.http.request = watched_request

    def _watched(self, name: str, call: Any) -> Any:
        async def watched(*args: Any, **kwargs: Any) -> Any:
            self._point(f"before store.{name}")
            result = await call(*args, **kwargs)
            if name in SAVES and self.countdown is not None and self.armed is None:
                self.armed = asyncio.current_task()  # saved: from here on a kill leaves it to be shown
            self._point(f"after store.{name}")
            return result

        return watched


def _dm_count(member: simcord.MemberActor) -> int:
    dm = member.user.dm_channel
    return len(dm.history()) if dm is not None else 0


async def _new_table(env: Any, number: int) -> tuple[Any, list[simcord.MemberActor]]:
    guild = env.create_guild()
    channel = guild.create_text_channel(f"games-{number}")
    members = [guild.add_member(env.create_user(name)) for name in ("alice", "bob", "carol")[:PLAYERS]]
    await members[0].slash(channel, "te new")
    for member in members[1:]:
        await member.slash(channel, "te join")
    await members[0].slash(channel, "te start")
    return channel, members


async def _bench(database: Path, kills_wanted: int, seed: int, only: str | None) -> dict[str, Any]:
    rng = random.Random(seed)
    bots = [create_bot(database_path=database, seeds=lambda: rng.randrange(2**32))]
    killer = Killer()
    counts: Counter[str] = Counter()
    points: Counter[str] = Counter()
    started = time.perf_counter()
    try:
        async with simcord.run(bots[0], settle_timeout=120) as env:
            killer.install(env.bot)
            games = 0
            channel, members = await _new_table(env, games)
            while counts["kills"] < kills_wanted:
                record = await env.bot.store.latest_game_in_channel(channel.id)
                game = record.game()
                if game.is_over:
                    games += 1
                    channel, members = await _new_table(env, games)
                    continue
                actor = next(m for m in members if m.id == record.user_to_act)
                posts_before = len(channel.history())
                dms_before = [_dm_count(m) for m in members]
                killer.plan(rng.randint(1, MAX_POINTS if only is None else MAX_MESSAGES), only)
                with contextlib.suppress(RuntimeError):  # a killed action is never answered "Done"
                    await send_action(actor, channel, _choose(rng, game.legal_actions(), game.phase))
                killed_at = killer.killed_at
                killer.disarm()
                if killed_at is None:
                    counts["actions_not_killed"] += 1
                else:
                    counts["kills"] += 1
                    points[killed_at] += 1
                    bots.append(create_bot(database_path=database, seeds=lambda: rng.randrange(2**32)))
                    await env.restart_bot(bots[-1])
                    killer.install(env.bot)
                    after = await env.bot.store.latest_game_in_channel(channel.id)
                    posts = len(channel.history()) - posts_before
                    saved = after.version > record.version
                    counts["duplicate_posts"] += max(0, posts - 1)
                    counts["missing_posts"] += saved and posts == 0
                    counts["duplicate_dms"] += sum(
                        max(0, _dm_count(m) - n - 1) for m, n in zip(members, dms_before, strict=True)
                    )
                    counts["left_unshown"] += after.presented_version < after.version
                await env.advance_time(3)  # people do not send two commands within two seconds
            counts["games"] = games + 1
    finally:
        for bot in bots:
            await bot.workers.close()
            await bot.computer.close()
            if bot._store is not None:
                await bot._store.close()
    return {
        "kills": counts["kills"],
        "duplicate_posts": counts["duplicate_posts"],
        "duplicate_posts_goal": 0,
        "missing_posts": counts["missing_posts"],
        "duplicate_dms": counts["duplicate_dms"],
        "left_unshown": counts["left_unshown"],
        "actions_not_killed": counts["actions_not_killed"],
        "games": counts["games"],
        "kills_right_after_discord_accepted_a_message": points[ACCEPTED],
        "kills_by_point": dict(points.most_common()),
        "seconds": round(time.perf_counter() - started, 1),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--kills", type=int, default=KILLS)
    parser.add_argument("--seed", type=int, default=SEED)
    args = parser.parse_args()
    logging.basicConfig(level=logging.CRITICAL)  # the killed presentations' tracebacks are expected
    result: dict[str, Any] = {"python": sys.version.split()[0]}
    for name, only in (("at_random_points", None), ("right_after_discord_accepted_a_message", ACCEPTED)):
        with tempfile.TemporaryDirectory() as tmp:
            result[name] = asyncio.run(_bench(Path(tmp) / "kills.db", args.kills, args.seed, only))
    json.dump(result, sys.stdout, indent=2)
    print()


if __name__ == "__main__":
    main()
