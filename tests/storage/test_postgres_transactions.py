"""PostgreSQL transactions whose awaiting coroutine is cancelled while their body runs on its thread.

The body is blocking code on a worker thread; only its statements run on the event loop. A cancelled
``transaction`` must not roll back and hand the connection to the pool while the body still has a statement
running on it, nor let the body go on sending statements to a connection another transaction now holds
(seen once as asyncpg's ``cannot switch to state 15; another operation (2) is in progress`` on release).
"""

from __future__ import annotations

import asyncio
import threading

import pytest

from storage.postgres import PgDb, PostgresBackend, TransactionCancelled


def _count(db: PgDb) -> int:
    return int(db.execute("SELECT count(*) FROM marks").fetchone()[0])


async def _backend(postgres_url: str, pool_size: int) -> PostgresBackend:
    backend = await PostgresBackend.connect(postgres_url, pool_size=pool_size)
    await backend.transaction(lambda db: db.execute("CREATE TABLE marks (n int)"))
    return backend


async def test_a_cancelled_transaction_stops_its_body_before_the_connection_goes_back(
    postgres_url: str,
) -> None:
    backend = await _backend(postgres_url, pool_size=1)  # one connection: the next transaction reuses it
    started = threading.Event()
    stopped: list[BaseException] = []

    def body(db: PgDb) -> None:
        started.set()
        db.execute("SELECT pg_sleep(0.3)")  # still running on the loop when the caller is cancelled
        try:
            db.execute("INSERT INTO marks VALUES (1)")
        except BaseException as exc:
            stopped.append(exc)
            raise

    try:
        task = asyncio.ensure_future(backend.transaction(body))
        await asyncio.to_thread(started.wait, 5)
        await asyncio.sleep(0.05)
        task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await task
        # The body has ended: its next statement was refused, nothing of it was written or is running.
        assert [type(e) for e in stopped] == [TransactionCancelled]
        for _ in range(5):
            assert await backend.transaction(_count) == 0
        assert await backend.read("SELECT count(*) FROM marks") == [(0,)]
    finally:
        await backend.close()


async def test_cancelled_conflicting_appends_leave_every_connection_usable(postgres_url: str) -> None:
    """Many writers on one row (serialization failures, retries) with a third of them cancelled midway:
    every transaction that was not cancelled commits, and the pool's connections all still work."""
    backend = await _backend(postgres_url, pool_size=4)
    await backend.transaction(lambda db: db.execute("INSERT INTO marks VALUES (0)"))

    def bump(db: PgDb) -> int:
        (n,) = db.execute("SELECT n FROM marks").fetchone()
        db.execute("SELECT pg_sleep(0.002)")
        db.execute("UPDATE marks SET n = ?", (n + 1,))
        return int(n) + 1

    try:
        tasks = [asyncio.ensure_future(backend.transaction(bump)) for _ in range(60)]
        for i, task in enumerate(tasks):
            if i % 3 == 0:
                asyncio.get_running_loop().call_later(0.001 * i, task.cancel)
        results = await asyncio.gather(*tasks, return_exceptions=True)
        cancelled = asyncio.CancelledError
        assert [r for r in results if isinstance(r, BaseException) and not isinstance(r, cancelled)] == []
        committed = [r for r in results if isinstance(r, int)]
        # A cancelled one may have committed before it was cancelled; never twice the same value.
        assert len(set(committed)) == len(committed)
        (final,) = (await backend.read("SELECT n FROM marks"))[0]
        assert final >= len(committed)
        for _ in range(8):
            assert await backend.transaction(_count) == 1
    finally:
        await backend.close()
