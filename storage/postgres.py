"""The PostgreSQL backend: asyncpg's pool under the same transaction bodies as SQLite's.

A write transaction runs at ``SERIALIZABLE``: PostgreSQL then answers as if the transactions of every
process had run one after another, which is what SQLite's single writer gives, and the version check of
``append_action`` holds across processes. A transaction PostgreSQL refuses for that (a serialization
failure, a deadlock) is run again from its start, a few times: its body is a pure function of the
database. The rows a transaction will change are read with ``FOR UPDATE`` (``Dialect.lock_row``), so that
two writers of one game queue on its row instead of failing each other.

The body is blocking code (shared with SQLite): it runs on a worker thread of this backend's own, and each
of its statements is sent to asyncpg on the event loop, which waits meanwhile on nothing but that thread.
A thread cannot be stopped: when the coroutine awaiting a transaction is cancelled, the body's next
statement raises ``TransactionCancelled`` and the rollback waits until the body has ended. Without that wait
the rollback and the pool's reset ran while a statement of the body was still in flight on the connection,
and the body went on sending statements to a connection the pool had handed to another transaction
(asyncpg: "another operation is in progress", "cannot switch to state 15").
"""

from __future__ import annotations

import asyncio
import random
import threading
from collections.abc import Awaitable, Callable, Coroutine, Iterable, Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from typing import Any, Literal, Self, TypeVar

import asyncpg

from storage.errors import DatabaseFullError, StorageError
from storage.sql import POSTGRESQL, Dialect, Params, is_query, postgres_args, postgres_sql

T = TypeVar("T")
Isolation = Literal["serializable", "repeatable_read", "read_committed"]

POOL_SIZE = 8
RETRIES = 30  # serialization failures in a row before giving up (each waits a little longer)
URL_SCHEMES = ("postgresql://", "postgres://")
# The migrations of two processes opening one database at once take turns on this advisory lock.
_MIGRATION_LOCK = 0x7E_1615


def is_postgres_url(target: str) -> bool:
    return target.startswith(URL_SCHEMES)


def redact(url: str) -> str:
    """The URL without its password, for messages and logs."""
    head, sep, tail = url.partition("@")
    if not sep or ":" not in head.split("//", 1)[-1]:
        return url
    scheme, _, user = head.partition("//")
    return f"{scheme}//{user.split(':', 1)[0]}:***@{tail}"


class _Rows:
    """A cursor over rows already fetched (asyncpg reads a whole result at once)."""

    def __init__(self, rows: list[tuple[Any, ...]], rowcount: int) -> None:
        self._rows = rows
        self._next = 0
        self.rowcount = rowcount

    def fetchone(self) -> Any:
        if self._next >= len(self._rows):
            return None
        self._next += 1
        return self._rows[self._next - 1]

    def fetchall(self) -> list[Any]:
        rest, self._next = self._rows[self._next :], len(self._rows)
        return rest

    def __iter__(self) -> Iterator[Any]:
        return iter(self.fetchall())


def _count(status: str) -> int:
    """The row count in a command status such as ``UPDATE 3`` or ``INSERT 0 1``."""
    last = status.rsplit(" ", 1)[-1]
    return int(last) if last.isdigit() else 0


async def run_statement(conn: asyncpg.Connection, sql: str, params: Params = ()) -> _Rows:
    text, names = postgres_sql(sql)
    args = postgres_args(names, params)
    if is_query(sql):
        rows = [tuple(r) for r in await conn.fetch(text, *args)]
        return _Rows(rows, len(rows))
    return _Rows([], _count(await conn.execute(text, *args)))


class TransactionCancelled(Exception):
    """Raised by a statement of a body whose transaction's awaiting coroutine was cancelled: the body
    stops there, and the transaction rolls back once its thread is done with the connection."""


class PgDb:
    """A ``Db`` for a body on a worker thread: each statement runs on the event loop's connection, one
    at a time (the body waits for each), and none once the transaction is cancelled (``cancel``)."""

    dialect: Dialect = POSTGRESQL

    def __init__(self, conn: asyncpg.Connection, loop: asyncio.AbstractEventLoop) -> None:
        self._conn = conn
        self._loop = loop
        self._cancelled = threading.Event()

    def cancel(self) -> None:
        """Refuse every statement from now on (the one in flight, if any, runs to its end)."""
        self._cancelled.set()

    def _run(self, statement: Callable[[], Coroutine[Any, Any, T]]) -> T:
        if self._cancelled.is_set():
            raise TransactionCancelled("the transaction was cancelled; its body stops here")
        return asyncio.run_coroutine_threadsafe(statement(), self._loop).result()

    def execute(self, sql: str, params: Params = ()) -> _Rows:
        return self._run(lambda: run_statement(self._conn, sql, params))

    def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        text, _ = postgres_sql(sql)
        batch = [list(r) for r in rows]
        if batch:
            self._run(lambda: self._conn.executemany(text, batch))


async def _body_ended(work: asyncio.Future[T], db: PgDb) -> T:
    """The result of the body running as ``work``. If the awaiting task is cancelled meanwhile, the body
    is stopped at its next statement and waited for (however often the task is cancelled again) before
    the cancellation goes on: the rollback and the pool's reset need the connection to themselves."""
    try:
        return await asyncio.shield(work)
    except asyncio.CancelledError:
        db.cancel()
        while not work.done():
            try:
                await asyncio.wait([work])
            except asyncio.CancelledError:
                continue
        if not work.cancelled():
            work.exception()  # retrieved: what the body raised on the way out is the cancellation's
        raise


class PgHeld:
    """A transaction held open for a unit of work: its bodies run one at a time on its connection."""

    def __init__(
        self, conn: asyncpg.Connection, loop: asyncio.AbstractEventLoop, threads: ThreadPoolExecutor
    ) -> None:
        self._conn = conn
        self._loop = loop
        self._threads = threads
        self._turn = asyncio.Lock()  # the steps of one unit share a connection: one at a time
        self._ended = False

    def end(self) -> None:
        self._ended = True

    async def run(self, body: Callable[[PgDb], T]) -> T:
        async with self._turn:
            if self._ended:
                raise StorageError("This transaction is over: its unit of work has returned.")
            db = PgDb(self._conn, self._loop)
            return await _body_ended(self._loop.run_in_executor(self._threads, body, db), db)


@contextmanager
def _full_disk_named(url: str) -> Iterator[None]:
    """PostgreSQL's "could not extend file: No space left on device" (53100) as the store's
    ``DatabaseFullError``, as SQLite's is: the transaction was rolled back, nothing is damaged."""
    try:
        yield
    except asyncpg.DiskFullError as exc:
        raise DatabaseFullError(redact(url)) from exc


class PostgresBackend:
    """A pool of connections to one database, and the way transaction bodies run on it."""

    def __init__(self, pool: asyncpg.Pool, url: str) -> None:
        self._pool = pool
        self.url = url
        self._threads = ThreadPoolExecutor(POOL_SIZE, thread_name_prefix="storage-pg")

    @classmethod
    async def connect(cls, url: str, *, pool_size: int = POOL_SIZE) -> Self:
        pool = await asyncpg.create_pool(url, min_size=1, max_size=pool_size)
        return cls(pool, url)

    async def _retried(self, attempt: Callable[[], Coroutine[Any, Any, T]]) -> T:
        """``attempt()`` again from its start when PostgreSQL refuses it for a conflict, a few times."""
        for tries in range(RETRIES):
            try:
                with _full_disk_named(self.url):  # from a statement, or the commit
                    return await attempt()
            except (asyncpg.SerializationError, asyncpg.DeadlockDetectedError):
                if tries == RETRIES - 1:
                    raise
            await asyncio.sleep(random.uniform(0, 0.002 * (tries + 1)))
        raise AssertionError("unreachable")  # pragma: no cover

    async def transaction(
        self, body: Callable[[PgDb], T], *, write: bool = True, isolation: Isolation | None = None
    ) -> T:
        level: Isolation = isolation or ("serializable" if write else "repeatable_read")
        loop = asyncio.get_running_loop()

        async def attempt() -> T:
            async with self._pool.acquire() as conn:  # noqa: SIM117 - the transaction needs conn
                async with conn.transaction(isolation=level, readonly=not write):
                    db = PgDb(conn, loop)
                    return await _body_ended(loop.run_in_executor(self._threads, body, db), db)

        return await self._retried(attempt)

    async def unit_of_work(self, work: Callable[[PgHeld], Awaitable[T]]) -> T:
        """``work(held)`` with one ``SERIALIZABLE`` transaction held open on one connection: each
        ``held.run(body)`` runs in it, and it commits when ``work`` returns (rolls back if it raises). A
        conflict runs ``work`` again from its start, as a single transaction's body is."""
        loop = asyncio.get_running_loop()

        async def attempt() -> T:
            async with self._pool.acquire() as conn:  # noqa: SIM117 - the transaction needs conn
                async with conn.transaction(isolation="serializable"):
                    held = PgHeld(conn, loop, self._threads)
                    try:
                        return await work(held)
                    finally:
                        held.end()

        return await self._retried(attempt)

    async def read(self, sql: str, params: Params = ()) -> list[tuple[Any, ...]]:
        """One statement outside any transaction of ours: PostgreSQL reads it from one snapshot."""
        async with self._pool.acquire() as conn:
            with _full_disk_named(self.url):  # a sort spilling to disk
                return (await run_statement(conn, sql, params)).fetchall()

    async def close(self) -> None:
        await self._pool.close()
        self._threads.shutdown(wait=False)

    async def listen(
        self, channel: str, on_notify: Callable[[], None], on_lost: Callable[[], None]
    ) -> Callable[[], Coroutine[Any, Any, None]]:
        """LISTEN on ``channel`` over a connection of its own (outside the pool, held as long as it listens):
        ``on_notify()`` for each notification whose payload is this database's schema (tests give each their
        own schema in one database), ``on_lost()`` if the connection drops. Returns what stops listening."""
        conn = await asyncpg.connect(self.url)
        try:
            schema = await conn.fetchval("SELECT current_schema()")

            def notified(_conn: object, _pid: int, _channel: str, payload: str) -> None:
                if payload == schema:
                    on_notify()

            await conn.add_listener(channel, notified)
        except BaseException:
            await conn.close()
            raise

        def terminated(_conn: object) -> None:
            on_lost()

        conn.add_termination_listener(terminated)

        async def stop() -> None:
            conn.remove_termination_listener(terminated)  # a close of ours is not a lost connection
            if not conn.is_closed():
                await conn.close()

        return stop


def migration_lock(db: PgDb) -> None:
    db.execute(f"SELECT pg_advisory_xact_lock({_MIGRATION_LOCK})")
