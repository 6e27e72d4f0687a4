"""What every area of the store stands on: the two ways it reaches the database, and small shared helpers.

An area (``storage.areas.games``, ``.seats``, ``.log``, ...) is a class of async methods over some tables.
Each method checks its arguments, then hands a transaction body (a plain function of a ``storage.sql.Db``)
to ``_run``, or one statement to ``_read``. Who runs them is not the area's business: on a ``Store`` each
call is a transaction of its own; on a ``Transaction`` (``store.transaction(work)``) every call of ``work``
shares one, committed whole or not at all. The SQL of an area is written beside its code; the little that
the two databases spell differently comes from ``db.dialect`` (``storage.sql.Dialect``), never from a
check of which backend runs it.
"""

from __future__ import annotations

import json
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Mapping
from typing import Any, Literal, TypeVar

from storage.records import Status
from storage.sql import POSTGRESQL, SQLITE, Db, Dialect, Params

T = TypeVar("T")
Isolation = Literal["serializable", "repeatable_read", "read_committed"]
ACTIVE: tuple[Status, ...] = (Status.LOBBY, Status.PLAYING)


class Area(ABC):
    """The base of every area: how its methods run their transaction bodies and reads, which the store
    (alone) and a unit of work (inside its transaction) each provide."""

    @property
    @abstractmethod
    def _integrity_errors(self) -> tuple[type[Exception], ...]:
        """What the database raises when a constraint refuses a row (a unique index lost a race)."""

    @abstractmethod
    async def _run(
        self, body: Callable[[Db], T], *, write: bool = True, isolation: Isolation | None = None
    ) -> T:
        """Run ``body`` in a transaction (``isolation``: PostgreSQL's level when it runs alone)."""

    @abstractmethod
    async def _read(self, sql: str | Mapping[Dialect, str], params: Params = ()) -> list[Any]:
        """One statement (or the dialect's one of several), read from one snapshot."""


def per_dialect(build: Callable[[Dialect], str]) -> dict[Dialect, str]:
    """A statement both databases run, built for each from the same text (``storage.sql``)."""
    return {dialect: build(dialect) for dialect in (SQLITE, POSTGRESQL)}


def fetch_all(db: Db, sql: str, params: Params = ()) -> list[Any]:
    return db.execute(sql, params).fetchall()


def fetch_one(db: Db, sql: str, params: Params = ()) -> Any:
    return db.execute(sql, params).fetchone()


def check_int(value: Any, name: str) -> int:
    """Ids and times are plain ints: a float, a bool or a datetime is a caller's mistake."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{name} must be an int (Unix seconds or a Discord id), not {type(value).__name__}")
    return value


def statuses_json(statuses: Iterable[Status | str]) -> str:
    return json.dumps([Status(s).value for s in statuses])
