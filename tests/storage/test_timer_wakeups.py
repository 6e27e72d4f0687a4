"""Push wake-ups (issue 21): on PostgreSQL, another connection that LISTENs hears of every statement that
saves a timer, moves one or holds them for a pause (migration 0012's trigger), and not of claims; closing
the store stops listening. SQLite has no such thing (one process wakes itself)."""

from __future__ import annotations

import asyncio

from storage import NewTimer, Store

from .conftest import T0, StartGame, raw_execute


async def test_saved_timers_notify_listeners(backend: str, database: str, start_game: StartGame) -> None:
    heard: list[str] = []
    lost: list[str] = []
    started = await start_game()
    async with Store.open(database) as listener:  # another process's store
        stop = await listener.listen_timers(lambda: heard.append("saved"), lambda: lost.append("lost"))
        if backend == "sqlite":
            assert stop is None
            return
        assert stop is not None

        async def hears(count: int) -> bool:
            for _ in range(100):
                if len(heard) >= count:
                    return True
                await asyncio.sleep(0.02)
            return False

        async with Store.open(database) as writer:
            timer = await writer.add_timer(started.record.id, NewTimer("reminder", T0 + 60, 0), T0)
            assert await hears(1)
            await writer.reschedule_timer(timer.id, T0 + 30)
            assert await hears(2)
            claimed = await writer.claim_due_timers(T0 + 3600, "me", lease_seconds=60, limit=10)
            assert claimed
            await asyncio.sleep(0.3)
            assert len(heard) == 2  # a claim makes no timer sooner: nobody is woken for it
    assert lost == []  # closing the store stopped listening; it was not a lost connection


async def test_a_lost_listening_connection_is_told(backend: str, database: str) -> None:
    if backend == "sqlite":
        return
    lost: list[str] = []
    async with Store.open(database) as listener:
        stop = await listener.listen_timers(lambda: None, lambda: lost.append("lost"))
        assert stop is not None
        # an administrator (or a failover) ends the listening connection
        await raw_execute(
            database,
            (
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                "WHERE query LIKE 'LISTEN%' AND pid <> pg_backend_pid()",
                (),
            ),
        )
        for _ in range(100):
            if lost:
                break
            await asyncio.sleep(0.02)
    assert lost == ["lost"]  # the timer loop polls again until it can listen
