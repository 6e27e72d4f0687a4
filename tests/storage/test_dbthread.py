"""The one use of aiosqlite's private API (storage/dbthread.py), and the one-trip transactions it gives.

If a new aiosqlite changes ``Connection._execute`` or ``Connection._conn``, these tests fail here, loudly,
before anything subtler breaks.
"""

from __future__ import annotations

import asyncio
import inspect
import sqlite3
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import aiosqlite
import pytest

from storage import NewTimer, StaleVersionError, Store
from storage.dbthread import in_transaction, on_db_thread

from .conftest import T0, StartGame, bot_move


def test_aiosqlite_still_has_the_private_api_we_use() -> None:
    assert inspect.iscoroutinefunction(aiosqlite.Connection._execute), "aiosqlite changed Connection._execute"
    conn_property = aiosqlite.Connection.__dict__.get("_conn")
    assert isinstance(conn_property, property), "aiosqlite changed Connection._conn"


async def test_work_runs_on_the_connection_thread_in_order_and_errors_come_back(tmp_path: Path) -> None:
    async with aiosqlite.connect(tmp_path / "t.db", isolation_level=None) as conn:
        await conn.execute("CREATE TABLE t (x INTEGER)")

        def work(db: sqlite3.Connection) -> tuple[int, int]:
            db.execute("INSERT INTO t VALUES (1)")
            return threading.get_ident(), db.execute("SELECT count(*) FROM t").fetchone()[0]

        first = asyncio.ensure_future(on_db_thread(conn, work))
        plain = asyncio.ensure_future(conn.execute_fetchall("SELECT count(*) FROM t"))  # queued after it
        thread, count = await first
        assert thread == conn._thread.ident != threading.get_ident()
        assert count == 1 and list(await plain) == [(1,)]

        def broken(db: sqlite3.Connection) -> None:
            db.execute("INSERT INTO no_such_table VALUES (1)")

        with pytest.raises(sqlite3.OperationalError, match="no such table"):
            await on_db_thread(conn, broken)


async def test_a_failing_transaction_body_rolls_back_whole(tmp_path: Path) -> None:
    async with aiosqlite.connect(tmp_path / "t.db", isolation_level=None) as conn:
        await conn.execute("CREATE TABLE t (x INTEGER)")

        def half(db: sqlite3.Connection) -> None:
            db.execute("INSERT INTO t VALUES (1)")
            raise RuntimeError("stop halfway")

        with pytest.raises(RuntimeError, match="halfway"):
            await on_db_thread(conn, lambda db: in_transaction(db, half))
        assert not conn.in_transaction
        assert list(await conn.execute_fetchall("SELECT count(*) FROM t")) == [(0,)]


def _count_trips(store: Store, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every call that goes to the store's database thread, by name."""
    conn = store._connection()
    original: Callable[..., Any] = conn._execute
    trips: list[str] = []

    async def counting(fn: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
        trips.append(getattr(fn, "__name__", repr(fn)))
        return await original(fn, *args, **kwargs)

    monkeypatch.setattr(conn, "_execute", counting)
    return trips


@pytest.mark.sqlite_only
async def test_append_action_is_one_trip_to_the_database_thread(
    store: Store, start_game: StartGame, monkeypatch: pytest.MonkeyPatch
) -> None:
    started = await start_game(timers=(NewTimer("deadline", T0 + 60, 0),))
    durability = await store._connection().execute_fetchall("PRAGMA synchronous")
    assert list(durability) == [(2,)]  # FULL: every commit is synced to disk
    trips = _count_trips(store, monkeypatch)

    appended = await bot_move(store, started, T0 + 1)  # reads the version: a trip of its own
    assert len(trips) == 2 and appended.version == 1
    [logged] = await store.actions(started.id)
    position = (await store.load_game(started.id)).position
    assert position is not None
    trips.clear()
    with pytest.raises(StaleVersionError):  # refused inside the same single trip
        await store.append_action(started.id, 0, logged.seat, logged.action, position, T0 + 2)
    assert len(trips) == 1
    await store.timer_failed(appended.timers[0].id, T0 + 3, "boom")
    await store.mark_presented(started.id, 1)
    assert len(trips) == 3
    assert (await store.load_game(started.id)).version == 1
