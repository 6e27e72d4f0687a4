"""The small layer the store's transactions are written against, for SQLite and PostgreSQL alike.

A transaction body is a plain blocking function of a ``Db``: ``db.execute(sql, params)`` returns a cursor
(``fetchone``, ``fetchall``, iteration, ``rowcount``), ``db.executemany`` runs one statement per row. The
SQL is written once, with ``?`` (or ``:name``) placeholders, in the subset both databases read alike; the
few constructs they spell differently (JSON arrays built by a query, a JSON list of values as a table) come
from the ``Dialect`` in ``db.dialect``. ``postgres_sql`` rewrites the placeholders to ``$1, $2, ...``.

SQLite runs a body on aiosqlite's thread with the ``sqlite3`` connection itself (``SqliteDb``); PostgreSQL
runs it on a worker thread whose statements are sent to asyncpg on the event loop (``storage.postgres``).
"""

from __future__ import annotations

import re
import sqlite3
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Protocol

Params = Sequence[Any] | Mapping[str, Any]


class Cursor(Protocol):
    @property
    def rowcount(self) -> int: ...

    def fetchone(self) -> Any: ...

    def fetchall(self) -> list[Any]: ...

    def __iter__(self) -> Iterator[Any]: ...


class Db(Protocol):
    """What a transaction body may use: statements, and the dialect for the few that differ."""

    @property
    def dialect(self) -> Dialect: ...

    def execute(self, sql: str, params: Params = ()) -> Cursor: ...

    def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> object: ...


@dataclass(frozen=True)
class Dialect:
    """How one database spells what SQL leaves to each: JSON built by queries, JSON lists as tables."""

    name: str

    @property
    def postgres(self) -> bool:
        return self.name == "postgresql"

    def json_row(self, *exprs: str) -> str:
        """A JSON array of these values (read back as text, then ``json.loads``)."""
        function = "json_build_array" if self.postgres else "json_array"
        return f"{function}({', '.join(exprs)})"

    def json_list(self, expr: str, *, of_json: bool = False) -> str:
        """The JSON array of ``expr`` over the group, ``[]`` for no rows; ``of_json``: ``expr`` is JSON."""
        if self.postgres:
            return f"coalesce(json_agg({expr}), '[]'::json)"
        return f"json_group_array({f'json({expr})' if of_json else expr})"

    def json_values(self, param: str, alias: str) -> str:
        """A table ``alias`` with one column ``value``: the items of the JSON array text ``param``."""
        if self.postgres:
            return f"json_array_elements_text({param}::json) AS {alias}(value)"
        return f"json_each({param}) AS {alias}"

    def derived(self, alias: str) -> str:
        """The alias a subquery in FROM needs in PostgreSQL (SQLite's plans name it by number instead)."""
        return f" AS {alias}" if self.postgres else ""

    def skip_locked(self) -> str:
        """Appended to a SELECT of rows to claim: PostgreSQL passes over rows another transaction is
        claiming right now (SQLite has one writer at a time: nothing to pass over)."""
        return " FOR UPDATE SKIP LOCKED" if self.postgres else ""

    def lock_row(self, of: str | None = None) -> str:
        """Appended to a SELECT of one row a write transaction will change: PostgreSQL locks it now, so
        that two transactions on the same game queue instead of failing; SQLite's writer lock is whole.
        ``of``: the alias of the table whose row is locked, when the SELECT joins others."""
        if not self.postgres:
            return ""
        return " FOR UPDATE" if of is None else f" FOR UPDATE OF {of}"


SQLITE = Dialect("sqlite")
POSTGRESQL = Dialect("postgresql")


class SqliteDb:
    """A ``Db`` over the ``sqlite3`` connection of aiosqlite's thread: its own methods, no extra layer."""

    dialect = SQLITE

    def __init__(self, conn: sqlite3.Connection) -> None:
        self.conn = conn
        self.execute = conn.execute
        self.executemany = conn.executemany


_TOKEN = re.compile(r"'(?:[^']|'')*'|\"[^\"]*\"|--[^\n]*|::|\?|:([A-Za-z_]\w*)")


@lru_cache(maxsize=512)
def postgres_sql(sql: str) -> tuple[str, tuple[str, ...] | None]:
    """``sql`` with ``?`` or ``:name`` placeholders as PostgreSQL's ``$1, $2, ...``, and the names in the
    order of their numbers (None for ``?``). Quoted text, comments and ``::`` casts are left alone."""
    names: list[str] = []
    count = 0

    def swap(match: re.Match[str]) -> str:
        nonlocal count
        token = match[0]
        if token == "?":
            count += 1
            return f"${count}"
        if match[1] is None:
            return token
        if match[1] not in names:
            names.append(match[1])
        return f"${names.index(match[1]) + 1}"

    out = _TOKEN.sub(swap, sql)
    if names and count:
        raise ValueError("a statement uses either ? or :name placeholders, not both")
    return out, (tuple(names) if names else None)


def postgres_args(names: tuple[str, ...] | None, params: Params) -> list[Any]:
    if names is None:
        if isinstance(params, Mapping):
            raise TypeError("named parameters given to a statement with ? placeholders")
        return list(params)
    if not isinstance(params, Mapping):
        raise TypeError("a statement with :name placeholders takes a mapping")
    return [params[name] for name in names]


def is_query(sql: str) -> bool:
    """Whether a statement returns rows (read with ``fetch``), else its status gives the row count."""
    head = sql.lstrip().split(None, 1)[0].upper() if sql.strip() else ""
    return head in ("SELECT", "WITH", "VALUES") or " RETURNING " in sql.upper().replace("\n", " ")
