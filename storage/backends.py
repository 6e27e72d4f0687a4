"""The two databases a store runs on, each a small class owning what differs between them: how it opens
(checks, journal, migrations), how a transaction body runs on it, how a unit of work holds one transaction
across several bodies, its schema version, its integrity check, its backup and whether it can announce saved
timers. The areas (``storage.areas``) never ask which one runs them.

The migrations are applied where they always were (``storage.schema.migrate`` / ``migrate_postgres``); a
backend only calls them when it opens.
"""

from __future__ import annotations

import asyncio
import os
import sqlite3
from collections.abc import Awaitable, Callable, Coroutine
from functools import partial
from pathlib import Path
from typing import Any, Protocol, TypeVar

import aiosqlite
import asyncpg

from storage.areas.base import Isolation, fetch_all
from storage.dbthread import begin, commit, in_transaction, on_db_thread, rollback
from storage.errors import (
    BackupError,
    DatabaseCorruptError,
    DatabaseUnusableError,
    SchemaTooNewError,
    StorageError,
)
from storage.files import check_access, database_error, inspect_file, integrity_findings
from storage.postgres import PostgresBackend, redact
from storage.schema import LATEST, migrate, migrate_postgres, postgres_version, user_version
from storage.sql import POSTGRESQL, SQLITE, Db, Dialect, Params, SqliteDb

T = TypeVar("T")
Conn = aiosqlite.Connection
Stop = Callable[[], Coroutine[Any, Any, None]]


class Held(Protocol):
    """A transaction held open for a unit of work (``Store.transaction``)."""

    async def run(self, body: Callable[[Db], T]) -> T: ...


class Backend(Protocol):
    """What a ``Store`` asks of its database."""

    @property
    def dialect(self) -> Dialect: ...

    @property
    def integrity_errors(self) -> tuple[type[Exception], ...]: ...

    async def transaction(
        self, body: Callable[[Db], T], *, write: bool = True, isolation: Isolation | None = None
    ) -> T: ...

    async def unit_of_work(self, work: Callable[[Held], Awaitable[T]]) -> T: ...

    async def read(self, sql: str, params: Params = ()) -> list[Any]: ...

    async def close(self) -> None: ...

    async def schema_version(self) -> int: ...

    async def integrity_problems(self) -> list[str]: ...

    async def backup(self, dest: str) -> None: ...

    async def listen(
        self, channel: str, on_notify: Callable[[], None], on_lost: Callable[[], None]
    ) -> Stop | None: ...

    def sqlite_connection(self) -> Conn: ...


# ---------------------------------------------------------------------------------------------- SQLite


def _as_db(body: Callable[[Db], T], conn: sqlite3.Connection) -> T:
    return body(SqliteDb(conn))


def _file_error(path: str, exc: sqlite3.Error) -> StorageError:
    """A SQLite error while opening: named when the file or disk is at fault, else "not usable"."""
    return database_error(path, exc) or DatabaseUnusableError(
        f"{path} is not a usable SQLite database: {exc}."
    )


async def _switch_to_wal(conn: Conn, busy_timeout_ms: int) -> str:
    """Set the WAL journal and return the mode SQLite reports.

    When several connections switch a new file at once, SQLite answers "locked" at once instead of calling the
    busy handler (one of them would otherwise wait on a lock the other waits to upgrade), so retry until the
    busy timeout has passed.
    """
    loop = asyncio.get_running_loop()
    deadline = loop.time() + busy_timeout_ms / 1000
    while True:
        try:
            return str(next(iter(await conn.execute_fetchall("PRAGMA journal_mode = WAL")))[0])
        except sqlite3.OperationalError as exc:
            if ("locked" not in str(exc) and "busy" not in str(exc)) or loop.time() >= deadline:
                raise
        await asyncio.sleep(0.01)


async def _vacuum_into(conn: Conn, dest: str) -> None:
    if await asyncio.to_thread(Path(dest).exists):
        raise BackupError(f"{dest} already exists; choose a new file for the backup.")
    try:
        await conn.execute("VACUUM INTO ?", (dest,))
    except sqlite3.Error as exc:
        raise BackupError(f"The backup to {dest} failed: {exc}.") from exc


class _SqliteHeld:
    """SQLite's transaction held for a unit of work: the backend's lock is held meanwhile."""

    def __init__(self, backend: Sqlite) -> None:
        self._backend = backend
        self.ended = False

    async def run(self, body: Callable[[Db], T]) -> T:
        if self.ended:
            raise StorageError("This transaction is over: its unit of work has returned.")
        return await self._backend.on_thread(partial(_as_db, body))


class Sqlite:
    """A SQLite file: one aiosqlite connection, its operations taking turns under a lock."""

    dialect: Dialect = SQLITE
    integrity_errors: tuple[type[Exception], ...] = (sqlite3.IntegrityError,)

    def __init__(self, conn: Conn, path: str) -> None:
        self.conn: Conn | None = conn
        self.path = path
        self.lock = asyncio.Lock()

    @classmethod
    async def open(cls, path: str, busy_timeout_ms: int, synchronous: str) -> Sqlite:
        """Check the file, then connect, switch to WAL, apply the missing migrations (``Store.open``)."""
        await asyncio.to_thread(check_access, path)
        # Checked through a read-only connection: nothing is written to a file that fails here.
        found = await asyncio.to_thread(inspect_file, path, busy_timeout_ms=busy_timeout_ms)
        if found is not None and found.problems:
            more = len(found.problems) - 1
            detail = found.problems[0] + (f", and {more} more problems" if more else "")
            raise DatabaseCorruptError(path, detail)
        if found is not None and (found.schema_version or 0) > LATEST:
            raise SchemaTooNewError(path, found.schema_version or 0, LATEST)
        connecting = aiosqlite.connect(path, isolation_level=None)
        try:
            conn = await connecting
        except sqlite3.Error as exc:
            # aiosqlite stops its worker thread without waiting for it; wait here so that the thread never
            # reports to an event loop that has been closed meanwhile.
            worker = getattr(connecting, "_thread", None)
            if worker is not None:
                await asyncio.to_thread(worker.join, 5)
            raise _file_error(path, exc) from exc
        try:
            await conn.execute_fetchall(f"PRAGMA busy_timeout = {busy_timeout_ms}")
            version = await user_version(conn)
            if version > LATEST:  # a newer program created the file since it was inspected
                raise SchemaTooNewError(path, version, LATEST)
            mode = await _switch_to_wal(conn, busy_timeout_ms)
            if mode != "wal":
                raise DatabaseUnusableError(f"{path} cannot use the WAL journal (it reports {mode!r}).")
            await conn.execute_fetchall("PRAGMA foreign_keys = ON")
            await conn.execute_fetchall(f"PRAGMA synchronous = {synchronous}")
            version = await migrate(conn)
            if version > LATEST:  # a newer program upgraded it while we waited
                raise SchemaTooNewError(path, version, LATEST)
        except BaseException as exc:
            await conn.close()
            if isinstance(exc, sqlite3.Error):
                raise _file_error(path, exc) from exc
            raise
        return cls(conn, path)

    def sqlite_connection(self) -> Conn:
        if self.conn is None:
            raise StorageError("The store is closed.")
        return self.conn

    async def on_thread(self, work: Callable[[sqlite3.Connection], T]) -> T:
        """Run ``work`` on the database thread (the caller holds the lock); a file or disk that fails
        becomes a ``DatabaseUnusableError`` naming the file, other SQLite errors go up as they are."""
        try:
            return await on_db_thread(self.sqlite_connection(), work)
        except sqlite3.Error as exc:
            error = database_error(self.path, exc)
            if error is None:
                raise
            raise error from exc

    async def transaction(
        self, body: Callable[[Db], T], *, write: bool = True, isolation: Isolation | None = None
    ) -> T:
        async with self.lock:
            return await self.on_thread(partial(in_transaction, body=partial(_as_db, body), write=write))

    async def unit_of_work(self, work: Callable[[Held], Awaitable[T]]) -> T:
        """``work(held)`` inside one ``BEGIN IMMEDIATE`` transaction, the connection's lock held throughout:
        committed when ``work`` returns, rolled back if it raises."""
        async with self.lock:
            await self.on_thread(begin)
            held = _SqliteHeld(self)
            try:
                result = await work(held)
            except BaseException:
                held.ended = True
                await self.on_thread(rollback)
                raise
            held.ended = True
            await self.on_thread(commit)
            return result

    async def read(self, sql: str, params: Params = ()) -> list[Any]:
        """One statement: SQLite reads it from one snapshot."""
        async with self.lock:
            return await self.on_thread(partial(fetch_all, sql=sql, params=params))

    async def close(self) -> None:
        async with self.lock:
            conn, self.conn = self.conn, None
            if conn is not None:
                await conn.close()

    async def schema_version(self) -> int:
        async with self.lock:
            return await user_version(self.sqlite_connection())

    async def integrity_problems(self) -> list[str]:
        async with self.lock:
            return await self.on_thread(partial(integrity_findings, thorough=True))

    async def backup(self, dest: str) -> None:
        async with self.lock:
            await _vacuum_into(self.sqlite_connection(), dest)

    async def listen(
        self, channel: str, on_notify: Callable[[], None], on_lost: Callable[[], None]
    ) -> Stop | None:
        return None  # one process, which wakes itself


async def backup_database(source: str | os.PathLike[str], dest: str | os.PathLike[str]) -> None:
    """Back up a database file without migrating it (for ``python -m storage backup``)."""
    source = os.fspath(source)
    if not await asyncio.to_thread(Path(source).is_file):
        raise BackupError(f"There is no database at {source}.")
    conn = await aiosqlite.connect(source, isolation_level=None)
    try:
        await conn.execute_fetchall("PRAGMA busy_timeout = 10000")
        await _vacuum_into(conn, os.fspath(dest))
    finally:
        await conn.close()


# ------------------------------------------------------------------------------------------ PostgreSQL


async def _connect_postgres(url: str, *, pool_size: int | None = None) -> Postgres:
    try:
        if pool_size is None:
            return await Postgres.connect(url)
        return await Postgres.connect(url, pool_size=pool_size)
    except (OSError, asyncpg.PostgresError, asyncpg.InterfaceError) as exc:
        raise DatabaseUnusableError(
            f"The PostgreSQL database {redact(url)} cannot be reached: {exc}."
        ) from exc


class Postgres(PostgresBackend):
    """A PostgreSQL database (``DATABASE_URL``): a pool of connections (``storage.postgres``)."""

    dialect: Dialect = POSTGRESQL
    integrity_errors: tuple[type[Exception], ...] = (asyncpg.IntegrityConstraintViolationError,)

    @classmethod
    async def open(cls, url: str) -> Postgres:
        """Connect and apply the missing migrations (``Store.open``)."""
        backend = await _connect_postgres(url)
        shown = redact(url)
        try:
            version = await postgres_version(backend)
            if version > LATEST:
                raise SchemaTooNewError(shown, version, LATEST)
            version = await migrate_postgres(backend)
            if version > LATEST:  # a newer program upgraded it while we waited
                raise SchemaTooNewError(shown, version, LATEST)
        except BaseException:
            await backend.close()
            raise
        return backend

    def sqlite_connection(self) -> Conn:
        raise StorageError("A SQLite connection is for a SQLite file; for PostgreSQL, see docs/deploy.md.")

    async def schema_version(self) -> int:
        return await postgres_version(self)

    async def integrity_problems(self) -> list[str]:
        return []  # PostgreSQL checks its pages and keys itself; its own tools report damage

    async def backup(self, dest: str) -> None:
        raise StorageError(
            "A backup with VACUUM INTO is for a SQLite file; for PostgreSQL, see docs/deploy.md."
        )


async def found_schema(target: str, *, postgres: bool) -> int | None:
    """The schema version of an existing database, without migrating it, or None when there is none yet."""
    if not postgres:
        found = await asyncio.to_thread(inspect_file, target)
        return None if found is None else found.schema_version
    backend = await _connect_postgres(target, pool_size=1)
    try:
        return await postgres_version(backend) or None
    finally:
        await backend.close()
