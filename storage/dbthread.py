"""Run a function on aiosqlite's worker thread: a whole transaction in ONE trip.

aiosqlite sends every call (``execute``, ``fetchall``, ``commit``, ...) to its connection's worker thread and
waits for the answer; a transaction of six statements costs six trips through the event loop. It has no
public way to run our own function there, so this module is the ONE place that uses its private
``Connection._execute`` (queue a callable for the worker thread, await its result) and ``Connection._conn``
(the ``sqlite3.Connection``, valid on that thread). ``tests/storage/test_dbthread.py`` checks both, and
importing this module fails at once with a clear message if a new aiosqlite drops them.
"""

from __future__ import annotations

import contextlib
import sqlite3
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar, cast

import aiosqlite

T = TypeVar("T")

if not callable(getattr(aiosqlite.Connection, "_execute", None)) or not isinstance(
    getattr(aiosqlite.Connection, "_conn", None), property
):  # pragma: no cover - only with an aiosqlite this code was not written for
    raise ImportError(
        f"aiosqlite {aiosqlite.__version__} has no Connection._execute / Connection._conn, which "
        "storage/dbthread.py relies on: install the version pinned in pyproject.toml or update that module."
    )


def on_db_thread(conn: aiosqlite.Connection, work: Callable[[sqlite3.Connection], T]) -> Awaitable[T]:
    """``await on_db_thread(conn, work)`` runs ``work(sqlite3_connection)`` on the connection's worker
    thread, in order with every other call queued on ``conn``, and returns its result or raises its error.

    ``work`` runs to its end even if the awaiting task is cancelled (aiosqlite cannot stop it either).
    """
    proxy = cast(Any, conn)

    def call() -> T:
        return work(proxy._conn)  # read on the worker thread, where the connection lives

    return cast(Awaitable[T], proxy._execute(call))


def begin(db: sqlite3.Connection, *, write: bool = True) -> None:
    """``BEGIN IMMEDIATE`` (take the write lock before anything is read) or ``BEGIN`` to read."""
    db.execute("BEGIN IMMEDIATE" if write else "BEGIN")


def commit(db: sqlite3.Connection) -> None:
    """``COMMIT``; if it fails, roll back (``rollback``) and raise the commit's error."""
    try:
        db.execute("COMMIT")
    except BaseException:
        rollback(db)
        raise


def rollback(db: sqlite3.Connection) -> None:
    if db.in_transaction:  # SQLite already rolled back after some errors (a full disk, an I/O error)
        with contextlib.suppress(sqlite3.Error):  # the first error is the one worth raising
            db.execute("ROLLBACK")


def in_transaction(
    db: sqlite3.Connection, body: Callable[[sqlite3.Connection], T], *, write: bool = True
) -> T:
    """Run ``body(db)`` between ``begin`` and ``commit``; roll back on any error. Blocking: for the worker
    thread (``on_db_thread``). Needs autocommit mode (isolation_level None).
    """
    begin(db, write=write)
    try:
        result = body(db)
    except BaseException:
        rollback(db)
        raise
    commit(db)
    return result
