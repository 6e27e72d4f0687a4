"""The store's front door: open, close, and a unit of work whose changes span areas; every change in one
transaction, on SQLite (the default) or PostgreSQL (``DATABASE_URL``).

What a store can do is written by area in ``storage.areas`` (lobby, seats, log, games, settings, history,
presentation, timers, messages) and ``storage.maintenance``; what differs between the databases is their
backend's (``storage.backends``). A ``Store`` runs each call in a transaction of its own;
``store.transaction(work)`` runs every call ``work`` makes on its ``Transaction`` in one, committed whole
or not at all.

Each transaction is a plain function of a ``storage.sql.Db`` (the same code for both databases). SQLite
runs it whole on aiosqlite's worker thread (``storage.dbthread``): ONE trip from the event loop per
operation, however many statements it runs. PostgreSQL runs it on a worker thread of its own whose
statements go to asyncpg (``storage.postgres``). Either way it runs in a task shielded from cancellation:
a cancelled caller never leaves a half-done transaction behind; it commits or rolls back whole.

Concurrency, in three layers:

* SQLite: inside one ``Store``, an ``asyncio.Lock`` lets one operation at a time use the connection, so a
  read never sees another task's uncommitted writes; PostgreSQL: a pool, each transaction on its own
  connection;
* between connections and processes, ``BEGIN IMMEDIATE`` takes SQLite's write lock before anything is
  read, and ``busy_timeout`` makes the others wait for it; PostgreSQL runs writes ``SERIALIZABLE`` (and
  again when it refuses one for a conflict), locking the game's row first;
* between commands that raced on the same game, ``append_action`` compares the caller's version with
  the stored one inside that transaction and refuses a stale write with ``StaleVersionError``.
"""

from __future__ import annotations

import asyncio
import os
from collections.abc import Awaitable, Callable, Coroutine, Generator, Mapping
from contextvars import ContextVar
from functools import partial
from typing import Any, Literal, TypeVar

from storage.areas import Areas
from storage.areas.base import Isolation, check_int, fetch_all
from storage.backends import Backend, Conn, Held, Postgres, Sqlite, found_schema
from storage.errors import StorageError
from storage.maintenance import Maintenance
from storage.postgres import is_postgres_url, redact
from storage.sql import Db, Dialect, Params

T = TypeVar("T")

DEFAULT_PATH = "tigris.db"
TIMERS_CHANNEL = "tigris_timers"  # PostgreSQL's NOTIFY channel for saved timers (migration 0012)
# The store whose unit of work the running task is inside, if any: a call on the store itself there would
# run outside the unit (and, on SQLite, wait forever for the lock the unit holds).
_INSIDE: ContextVar[Store | None] = ContextVar("storage_unit_of_work", default=None)


class _Opening:
    """``await Store.open(path)`` or ``async with Store.open(path) as store``."""

    def __init__(self, coro: Awaitable[Store]) -> None:
        self._coro = coro
        self._store: Store | None = None

    def __await__(self) -> Generator[Any, None, Store]:
        return self._coro.__await__()

    async def __aenter__(self) -> Store:
        self._store = await self._coro
        return self._store

    async def __aexit__(self, *exc: object) -> None:
        if self._store is not None:
            await self._store.close()


def _pick(sql: str | Mapping[Dialect, str], dialect: Dialect) -> str:
    return sql if isinstance(sql, str) else sql[dialect]


class Transaction(Areas):
    """The areas inside one unit of work (``Store.transaction``): every call runs in the unit's transaction
    and sees what the earlier ones changed. Only for the unit's ``work``; it is over once ``work`` returns."""

    def __init__(self, held: Held, backend: Backend) -> None:
        self._held = held
        self._dialect = backend.dialect
        self._errors = backend.integrity_errors

    @property
    def _integrity_errors(self) -> tuple[type[Exception], ...]:
        return self._errors

    async def _run(
        self, body: Callable[[Db], T], *, write: bool = True, isolation: Isolation | None = None
    ) -> T:
        return await self._held.run(body)

    async def _read(self, sql: str | Mapping[Dialect, str], params: Params = ()) -> list[Any]:
        return await self._held.run(partial(fetch_all, sql=_pick(sql, self._dialect), params=params))


class Store(Areas, Maintenance):
    """The bot's database. Open it with ``Store.open(path or URL)``; see the package docstring for the API."""

    def __init__(self, backend: Backend, path: str) -> None:
        self._backend: Backend | None = backend
        self._dialect = backend.dialect
        self.path = path
        self._writes: set[asyncio.Task[Any]] = set()
        self._listening: list[Callable[[], Coroutine[Any, Any, None]]] = []  # listen_timers's connections

    # ------------------------------------------------------------------------------ open and close

    @classmethod
    def open(
        cls,
        path: str | os.PathLike[str] = DEFAULT_PATH,
        *,
        busy_timeout_ms: int = 10_000,
        synchronous: Literal["FULL", "NORMAL"] = "FULL",
    ) -> _Opening:
        """Open (or create) the database, check it, upgrade its schema, and return the store.

        ``path`` is a SQLite file, or a ``postgresql://`` URL (the database must exist; its tables are
        created by the migrations). For a file: before anything is written, the file must be readable and
        writable with its folder, and pass ``PRAGMA quick_check`` through a read-only connection; otherwise
        a ``DatabaseUnusableError`` (``DatabaseCorruptError``, ``DatabaseReadOnlyError``, ...) or
        ``SchemaTooNewError`` is raised and the file is left exactly as it was. Then: WAL journal, foreign
        keys on, ``synchronous=FULL`` by default (a saved move survives a power cut, not only a crash), the
        missing migrations.
        """
        if synchronous not in ("FULL", "NORMAL"):
            raise ValueError("synchronous must be 'FULL' or 'NORMAL'")
        target = os.fspath(path)
        if is_postgres_url(target):
            return _Opening(cls._opened(Postgres.open(target), target))
        timeout = check_int(busy_timeout_ms, "busy_timeout_ms")
        return _Opening(cls._opened(Sqlite.open(target, timeout, synchronous), target))

    @classmethod
    async def _opened(cls, opening: Awaitable[Sqlite | Postgres], target: str) -> Store:
        backend = await opening
        return cls(backend, redact(target) if is_postgres_url(target) else target)

    async def close(self) -> None:
        """Wait for the writes under way, then close. Closing twice is harmless."""
        backend, self._backend = self._backend, None
        if backend is None:
            return
        listening, self._listening = self._listening, []
        for stop in listening:
            await stop()
        if self._writes:
            await asyncio.gather(*self._writes, return_exceptions=True)
        await backend.close()

    async def __aenter__(self) -> Store:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    @property
    def closed(self) -> bool:
        return self._backend is None

    @property
    def backend(self) -> str:
        """``"sqlite"`` or ``"postgresql"``."""
        return self._dialect.name

    def _live(self) -> Backend:
        if self._backend is None:
            raise StorageError("The store is closed.")
        return self._backend

    def _connection(self) -> Conn:
        """The aiosqlite connection of a SQLite store (for tests and checks of the file itself)."""
        return self._live().sqlite_connection()

    @classmethod
    async def found_schema(cls, path: str | os.PathLike[str]) -> int | None:
        """The schema version of an existing database, without migrating it, or None when
        there is none yet (no file, or an empty PostgreSQL database): the bot creates it when it starts."""
        target = os.fspath(path)
        return await found_schema(target, postgres=is_postgres_url(target))

    async def listen_timers(
        self, on_saved: Callable[[], None], on_lost: Callable[[], None]
    ) -> Callable[[], Coroutine[Any, Any, None]] | None:
        """PostgreSQL: call ``on_saved()`` whenever any process saves a timer, moves one or holds or
        releases them (a trigger NOTIFYs, migration 0012), ``on_lost()`` if that stops working; returns what
        stops listening. SQLite: None (one process, which wakes itself)."""
        stop = await self._live().listen(TIMERS_CHANNEL, on_saved, on_lost)
        if stop is not None:
            self._listening.append(stop)  # closing the store stops it too
        return stop

    # ----------------------------------------------------------------------------- transactions

    def _shielded(self, work: Awaitable[T]) -> Awaitable[T]:
        """``work`` in a task of its own that a cancelled caller cannot cut: it commits or rolls back whole,
        and ``close`` waits for it."""
        task = asyncio.ensure_future(work)
        self._writes.add(task)
        task.add_done_callback(self._writes.discard)
        # The result is fetched here; if the caller was cancelled, mark a failure as retrieved.
        task.add_done_callback(lambda t: None if t.cancelled() else t.exception())
        return asyncio.shield(task)

    def _outside_unit(self) -> Backend:
        if _INSIDE.get() is self:
            raise StorageError(
                "Inside store.transaction(work), work calls its Transaction, not the store: "
                "the store's own calls would run outside the unit of work."
            )
        return self._live()

    async def _run(
        self, body: Callable[[Db], T], *, write: bool = True, isolation: Isolation | None = None
    ) -> T:
        """Run ``body`` in one transaction of its own."""
        backend = self._outside_unit()
        return await self._shielded(backend.transaction(body, write=write, isolation=isolation))

    async def _read(self, sql: str | Mapping[Dialect, str], params: Params = ()) -> list[Any]:
        return await self._outside_unit().read(_pick(sql, self._dialect), params)

    @property
    def _integrity_errors(self) -> tuple[type[Exception], ...]:
        return self._live().integrity_errors

    async def transaction(self, work: Callable[[Transaction], Awaitable[T]]) -> T:
        """A unit of work: ``await work(tx)`` with every call on ``tx`` (any area's methods, as on the store)
        in ONE transaction, committed when ``work`` returns and rolled back whole if it raises::

            async def hand_over(tx: Transaction) -> GameRecord:
                record = await tx.replace_seat(game_id, seat, level="hard", by_user_id=me, now=now)
                await tx.add_timer(game_id, NewTimer(...), now)
                return record

            record = await store.transaction(hand_over)

        ``work`` does database work only: SQLite's other operations wait while it runs, and PostgreSQL may
        run it again from its start when a concurrent transaction conflicts with it (as it runs any
        transaction's body again), so it must not change anything but through ``tx``. Inside it, calls on the
        store itself raise ``StorageError``. Like every call of the store, a cancelled caller never cuts it.
        """
        backend = self._outside_unit()

        async def unit(held: Held) -> T:
            _INSIDE.set(self)
            return await work(Transaction(held, backend))

        return await self._shielded(backend.unit_of_work(unit))
