"""Migrations: ``storage/migrations/NNNN_name.sql*`` applied in order, each in one transaction.

One numbered list for both engines, each migration written once: ``NNNN_name.sql`` in SQL both accept,
its types spelled ``BIGINT``, ``DOUBLE PRECISION`` and ``TEXT`` (SQLite is given ``INTEGER`` and ``REAL``
for them: the same affinity, and the declared types of every database made before). What the engines spell
differently (an identity column, ``WITHOUT ROWID``, a JSON check, a trigger) goes to ``NNNN_name.sql.sqlite``
and ``NNNN_name.sql.postgres``, and the shared file says where with one line ``-- per engine: ...``; a
migration may also be the engine files alone, or one engine's file alone when the other has nothing to do
(0012: PostgreSQL's NOTIFY trigger). ``load_migrations`` refuses a list out of step;
``tests/storage/test_postgres.py`` checks that both schemas agree in types, keys, checks and indexes, and
``tests/storage/test_schema_upgrades.py`` that every released version is built exactly as it shipped.

The schema version is SQLite's ``PRAGMA user_version``, or PostgreSQL's one-row ``schema_version`` table:
the number of the last migration applied. A migration whose data needs the engine (results computed from
final positions) also runs a Python step after its statements, in the same transaction (``_PYTHON_STEPS``),
on either backend.
"""

from __future__ import annotations

import re
import sqlite3
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from importlib import resources
from importlib.resources.abc import Traversable

import aiosqlite

from storage import results
from storage.dbthread import in_transaction, on_db_thread
from storage.errors import MigrationError
from storage.files import database_error
from storage.postgres import PgDb, PostgresBackend, migration_lock
from storage.sql import Db, SqliteDb

_FILE = re.compile(r"^(\d{4})_([a-z0-9_]+)\.sql(?:\.(sqlite|postgres))?$")
_ENGINES = ("sqlite", "postgres")
# Where a shared file's migration takes its engine's own statements.
_PER_ENGINE = re.compile(r"^-- per engine:.*$", re.MULTILINE)
# The shared files' types as SQLite's own migrations declared them (a BIGINT column has INTEGER affinity
# anyway; only INTEGER PRIMARY KEY is a rowid, and identity columns are per engine).
_SQLITE_TYPES = ((re.compile(r"\bBIGINT\b"), "INTEGER"), (re.compile(r"\bDOUBLE PRECISION\b"), "REAL"))


# Python run after a migration's statements, in its transaction, by migration number.
_PYTHON_STEPS: dict[int, Callable[[Db], None]] = {8: results.backfill}


@dataclass(frozen=True)
class Migration:
    version: int
    name: str
    sql: str
    step: Callable[[Db], None] | None = None
    postgres_sql: str = ""

    def statements(self, *, postgres: bool = False) -> list[str]:
        """The script cut into whole statements (``sqlite3.complete_statement`` knows triggers)."""
        out: list[str] = []
        pending = ""
        for line in (self.postgres_sql if postgres else self.sql).splitlines(keepends=True):
            pending += line
            if sqlite3.complete_statement(pending):
                if _strip_comments(pending):
                    out.append(pending.strip())
                pending = ""
        if _strip_comments(pending):
            raise ValueError(f"migration {self.version:04d} ends with an incomplete statement")
        return out


def _strip_comments(sql: str) -> str:
    return "\n".join(line.split("--", 1)[0] for line in sql.splitlines()).strip().strip(";").strip()


def _for_sqlite(shared: str) -> str:
    for spelling, own in _SQLITE_TYPES:
        shared = spelling.sub(own, shared)
    return shared


def _script(name: str, shared: str | None, own: dict[str, str], engine: str) -> str:
    """One engine's script of a migration: the shared file with this engine's file in its place."""
    if shared is None:
        return own.get(engine, "")
    if engine == "sqlite":
        shared = _for_sqlite(shared)
    places = len(_PER_ENGINE.findall(shared))
    if places != (1 if own else 0):
        where = "one '-- per engine:' line" if own else "no '-- per engine:' line (there is no engine file)"
        raise RuntimeError(f"migration {name}.sql needs {where}, found {places}")
    before, after = _PER_ENGINE.split(shared) if own else (shared, "")
    return before + own.get(engine, "") + after


def load_migrations(folder: Traversable | None = None) -> tuple[Migration, ...]:
    """The migrations in ``folder`` (by default those shipped in ``storage/migrations``), checked to be
    numbered 1, 2, 3, ..., one name a number, and each engine's file (if any) where its shared file says."""
    files: dict[int, dict[str, str]] = {}
    names: dict[int, str] = {}
    for entry in (folder or resources.files("storage").joinpath("migrations")).iterdir():
        if entry.is_dir():  # such as the twins' old postgresql/: its files would go unread
            raise RuntimeError(f"migrations/{entry.name}/: PostgreSQL's files are NNNN_name.sql.postgres now")
        match = _FILE.match(entry.name)
        if not match:
            continue
        number = int(match[1])
        if names.setdefault(number, match[2]) != match[2]:
            raise RuntimeError(f"migration {number:04d} has two names: {names[number]} and {match[2]}")
        files.setdefault(number, {})[match[3] or ""] = entry.read_text(encoding="utf-8")
    found: list[Migration] = []
    for number, texts in sorted(files.items()):
        if number != len(found) + 1:
            raise RuntimeError(f"migration {len(found) + 1:04d} is missing from storage/migrations")
        name = f"{number:04d}_{names[number]}"
        shared = texts.pop("", None)
        sqlite, postgres = (_script(name, shared, texts, engine) for engine in _ENGINES)
        found.append(Migration(number, names[number], sqlite, _PYTHON_STEPS.get(number), postgres))
    return tuple(found)


MIGRATIONS = load_migrations()
LATEST = len(MIGRATIONS)


def read_user_version(db: sqlite3.Connection) -> int:
    return int(db.execute("PRAGMA user_version").fetchone()[0])


async def user_version(conn: aiosqlite.Connection) -> int:
    rows = await conn.execute_fetchall("PRAGMA user_version")
    return int(next(iter(rows))[0])


def _apply(migration: Migration, db: sqlite3.Connection) -> None:
    # The version is read again inside the transaction: another process may have applied it meanwhile.
    if read_user_version(db) >= migration.version:
        return
    for statement in migration.statements():
        db.execute(statement)
    if migration.step is not None:
        migration.step(SqliteDb(db))
    # PRAGMA takes no parameters; the value is an int from the file name.
    db.execute(f"PRAGMA user_version = {int(migration.version)}")


async def migrate(conn: aiosqlite.Connection, migrations: tuple[Migration, ...] = MIGRATIONS) -> int:
    """Apply the migrations the database lacks, each in its own ``BEGIN IMMEDIATE`` transaction (one trip
    to the database thread each).

    Two processes opening an old database at once apply every migration exactly once. Needs a connection in
    autocommit mode (``isolation_level=None``). Returns the schema version reached. A migration that fails
    raises ``MigrationError``, except when the file or disk is at fault (read-only, full, damaged): then
    SQLite's error goes up as it is, for ``storage.files.database_error`` to name. Either way it is rolled
    back whole.
    """
    for migration in migrations:
        try:
            await on_db_thread(conn, partial(in_transaction, body=partial(_apply, migration)))
        except sqlite3.Error as exc:
            if database_error("", exc) is not None:
                raise
            raise MigrationError(migration.version, migration.name, exc) from exc
    return await user_version(conn)


def _schema_table(db: PgDb) -> int:
    migration_lock(db)
    db.execute("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)")
    row = db.execute("SELECT version FROM schema_version").fetchone()
    if row is None:
        db.execute("INSERT INTO schema_version (version) VALUES (0)")
        return 0
    return int(row[0])


def _apply_postgres(migration: Migration, db: PgDb) -> None:
    # Under the advisory lock, the version is read again: another process may have applied it meanwhile.
    migration_lock(db)
    if int(db.execute("SELECT version FROM schema_version").fetchone()[0]) >= migration.version:
        return
    for statement in migration.statements(postgres=True):
        db.execute(statement)
    if migration.step is not None:
        migration.step(db)
    db.execute("UPDATE schema_version SET version = ?", (migration.version,))


async def postgres_version(backend: PostgresBackend) -> int:
    return await backend.transaction(_schema_table, isolation="read_committed")


async def migrate_postgres(backend: PostgresBackend, migrations: tuple[Migration, ...] = MIGRATIONS) -> int:
    """``migrate`` for PostgreSQL: each missing migration in its own transaction, under an advisory lock
    that the migrations of other processes wait for. Returns the schema version reached."""
    version = await postgres_version(backend)
    for migration in migrations:
        if migration.version <= version:
            continue
        try:
            await backend.transaction(partial(_apply_postgres, migration), isolation="read_committed")
        except Exception as exc:
            raise MigrationError(migration.version, migration.name, exc) from exc
    return await postgres_version(backend)
