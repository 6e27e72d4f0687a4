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


def _worker(url: str, name: str, count: int = 0, shard: int = 0, die: bool = False) -> subprocess.Popen[str]:
    """A timer_worker process (its argv), ready to be started by ``_start``."""
    return subprocess.Popen(
        [sys.executable, str(WORKER), url, name, str(count), str(shard), "1" if die else "0"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=ROOT,
        env={"PYTHONPATH": str(ROOT)},
    )


async def _start(workers: list[subprocess.Popen[str]]) -> None:
    """Once every worker has opened its store (its ``ready`` line), start their loops together."""
    for worker in workers:
        assert worker.stdout is not None and worker.stdin is not None
        line = await asyncio.to_thread(worker.stdout.readline)
        if "ready" not in line:
            _, err = await asyncio.to_thread(worker.communicate, timeout=60)
            raise AssertionError(f"the worker did not start: {line} {err}")
    for worker in workers:
        assert worker.stdin is not None
        worker.stdin.write("go\n")
        worker.stdin.flush()


async def _run_workers(url: str, *specs: tuple[int, int, bool]) -> list[tuple[int, list[dict[str, float]]]]:
    """Start one worker per (shard count, shard id, die) together; their exit statuses and printed lines."""
    workers = [_worker(url, f"w{n}", count, shard, die) for n, (count, shard, die) in enumerate(specs)]
    await _start(workers)
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


async def wake_up_seconds(url: str) -> float:
    """A timer loop in another process sleeps (nothing due for an hour, and it polls every
    ``TimerLoop.LISTENING_POLL`` = 300 s); this process saves a timer due now: the seconds until the other
    process fired it, as it printed (issue 21: PostgreSQL LISTEN/NOTIFY wakes it)."""
    now = int(time.time())
    async with Store.open(url) as store:
        record = await store.create_game(4000, 400, 11, now)
        for user in (11, 12):
            record = await store.add_seat(record.id, user, now)
        await store.start_game(record.id, 1, dump(Game.new(2, 1)), now)
        keep = await store.add_timer(record.id, NewTimer("reminder", now + 3600, 0), now)  # keeps it running
        worker = _worker(url, "sleeper")
        try:
            await _start([worker])
            await asyncio.sleep(2)  # its loop runs and sleeps by now
            saved_at = time.time()
            timer = await store.add_timer(record.id, NewTimer("reminder", int(saved_at), 1), int(saved_at))
            for _ in range(600):  # gone once fired (at most 30 s: far less than the 300 s poll)
                if all(t.id != timer.id for t in await store.timers(record.id)):
                    break
                await asyncio.sleep(0.05)
            await store.delete_timer(keep.id)  # nothing left: the worker ends
            out, err = await asyncio.to_thread(worker.communicate, timeout=60)
        finally:
            if worker.poll() is None:
                worker.kill()
    assert worker.returncode == 0, err
    fired = {int(line["fired"]): line["at"] for line in map(json.loads, out.splitlines()) if "fired" in line}
    assert timer.id in fired, (out, err)
    return fired[timer.id] - saved_at


async def test_a_timer_saved_by_one_process_wakes_another_at_once(postgres_url: str) -> None:
    seconds = await wake_up_seconds(postgres_url)
    # far sooner than any poll (SHARED_POLL 10 s, LISTENING_POLL 300 s): the notification woke it
    assert 0 <= seconds < 5, seconds
