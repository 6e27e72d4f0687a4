"""The timer loop across processes (issue 14): bot processes sharing one PostgreSQL database fire every timer
exactly once; a process that dies mid-timer leaves it to another once its lease has run out; a sharded
process fires the timers of its own servers' games only.

Each process is a real OS process running ``bot.timers.TimerLoop`` (tests/bot/timer_worker.py)."""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
import time
from pathlib import Path

from engine import Game, dump
from storage import NewTimer, Shards, Store

ROOT = Path(__file__).resolve().parents[2]
WORKER = Path(__file__).with_name("timer_worker.py")
LEASE = 5  # the workers' (timer_worker.Loop.LEASE)


async def _games_with_timers(url: str, guilds: list[int], per_game: int) -> dict[int, list[int]]:
    """A game in play in each guild with ``per_game`` timers, all due; returns guild -> timer ids."""
    now = int(time.time())
    found: dict[int, list[int]] = {}
    async with Store.open(url) as store:
        for n, guild in enumerate(guilds):
            record = await store.create_game(guild, 100 + n, 11, now)
            for user in (11, 12):
                record = await store.add_seat(record.id, user, now)
            await store.start_game(record.id, 1, dump(Game.new(2, 1)), now)
            timers = [
                await store.add_timer(record.id, NewTimer("reminder", now - 60 + i, i % 2), now)
                for i in range(per_game)
            ]
            found.setdefault(guild, []).extend(t.id for t in timers)
    return found


async def _run_workers(url: str, *specs: tuple[int, int, bool]) -> list[tuple[int, list[dict[str, float]]]]:
    """Start one worker per (shard count, shard id, die) together; their exit statuses and printed lines."""
    start_at = time.time() + 3  # after every process has opened its store
    workers = [
        subprocess.Popen(  # noqa: ASYNC220 - started together, waited for in threads below
            [
                sys.executable,
                str(WORKER),
                url,
                f"w{n}",
                str(start_at),
                str(count),
                str(shard),
                "1" if die else "0",
            ],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            cwd=ROOT,
            env={"PYTHONPATH": str(ROOT)},
        )
        for n, (count, shard, die) in enumerate(specs)
    ]
    outs = await asyncio.gather(*(asyncio.to_thread(w.communicate, timeout=120) for w in workers))
    results = []
    for worker, (out, err) in zip(workers, outs, strict=True):
        assert worker.returncode in (0, 3), err
        results.append((worker.returncode, [json.loads(line) for line in out.splitlines()]))
    return results


def _fired(lines: list[dict[str, float]]) -> list[int]:
    return [int(line["fired"]) for line in lines if "fired" in line]


async def _left(url: str) -> int:
    async with Store.open(url) as store:
        return len(await store.due_timers(int(time.time()) + 3600, limit=1000))


async def test_two_processes_fire_every_timer_exactly_once(postgres_url: str) -> None:
    timers = await _games_with_timers(postgres_url, [1000 + n for n in range(6)], 40)
    every = sorted(t for ids in timers.values() for t in ids)
    (status_a, a), (status_b, b) = await _run_workers(postgres_url, (0, 0, False), (0, 0, False))
    assert (status_a, status_b) == (0, 0)
    assert sorted(_fired(a) + _fired(b)) == every  # each once, none lost
    assert _fired(a) and _fired(b)  # both took part
    assert await _left(postgres_url) == 0


async def test_a_timer_whose_process_died_mid_firing_is_fired_by_another_after_the_lease(
    postgres_url: str,
) -> None:
    timers = await _games_with_timers(postgres_url, [1000, 2000], 20)
    every = sorted(t for ids in timers.values() for t in ids)
    (status_dead, dead), (status_live, live) = await _run_workers(postgres_url, (0, 0, True), (0, 0, False))
    assert (status_dead, status_live) == (3, 0)
    [dying] = [line for line in dead if "dying" in line]
    assert _fired(dead) == []
    assert sorted(_fired(live)) == every  # the dead process's claims included, each once
    fired_at = {int(line["fired"]): line["at"] for line in live if "fired" in line}
    assert fired_at[int(dying["dying"])] >= dying["at"] + LEASE - 1  # not before its lease ran out
    assert await _left(postgres_url) == 0


async def test_each_shard_process_fires_the_timers_of_its_own_servers_games(postgres_url: str) -> None:
    shards = Shards(2, (0, 1))
    guilds = [(n << 22) | 77 for n in range(2, 8)]  # shards 0, 1, 0, 1, 0, 1
    timers = await _games_with_timers(postgres_url, guilds, 10)
    (_, zero), (_, one) = await _run_workers(postgres_url, (2, 0, False), (2, 1, False))
    own = {s: sorted(t for g, ids in timers.items() if shards.of(g) == s for t in ids) for s in (0, 1)}
    assert own[0] and own[1]
    assert sorted(_fired(zero)) == own[0]
    assert sorted(_fired(one)) == own[1]
    assert await _left(postgres_url) == 0
