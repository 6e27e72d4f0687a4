"""Migrations: ``storage/migrations/NNNN_name.sql`` applied in order, each in one transaction.

One numbered list for both backends: each SQLite migration has its PostgreSQL twin of the same number
and name in ``storage/migrations/postgresql`` (``load_migrations`` refuses a list out of step), and
``tests/storage/test_migrations.py`` checks that both schemas answer the same queries.

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

import aiosqlite

from storage import results
from storage.dbthread import in_transaction, on_db_thread
from storage.errors import MigrationError
from storage.files import database_error
from storage.postgres import PgDb, PostgresBackend, migration_lock
from storage.sql import Db, SqliteDb

_FILE = re.compile(r"^(\d{4})_([a-z0-9_]+)\.sql$")


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


def load_migrations() -> tuple[Migration, ...]:
    """The migrations shipped in ``storage/migrations``, checked to be numbered 1, 2, 3, ... and to have
    their PostgreSQL twins (same number and name) in ``storage/migrations/postgresql``."""
    folder = resources.files("storage").joinpath("migrations")
    twins = {
        entry.name: entry.read_text(encoding="utf-8")
        for entry in folder.joinpath("postgresql").iterdir()
        if _FILE.match(entry.name)
    }
    found: list[Migration] = []
    for entry in folder.iterdir():
        match = _FILE.match(entry.name)
        if match:
            number = int(match[1])
            sql = entry.read_text(encoding="utf-8")
            if entry.name not in twins:
                raise RuntimeError(f"migration {entry.name} has no twin in storage/migrations/postgresql")
            found.append(Migration(number, match[2], sql, _PYTHON_STEPS.get(number), twins.pop(entry.name)))
    if twins:
        raise RuntimeError(f"storage/migrations/postgresql has no SQLite twin for {', '.join(sorted(twins))}")
    found.sort(key=lambda m: m.version)
    for number, migration in enumerate(found, start=1):
        if migration.version != number:
            raise RuntimeError(f"migration {number:04d} is missing from storage/migrations")
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
