"""Migrations: ``storage/migrations/NNNN_name.sql`` applied in order, each in one transaction.

The schema version is ``PRAGMA user_version``: the number of the last migration applied.
"""

from __future__ import annotations

import re
import sqlite3
from dataclasses import dataclass
from importlib import resources

import aiosqlite

from storage.errors import MigrationError

_FILE = re.compile(r"^(\d{4})_([a-z0-9_]+)\.sql$")


@dataclass(frozen=True)
class Migration:
    version: int
    name: str
    sql: str

    def statements(self) -> list[str]:
        """The script cut into whole statements (``sqlite3.complete_statement`` knows triggers)."""
        out: list[str] = []
        pending = ""
        for line in self.sql.splitlines(keepends=True):
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
    """The migrations shipped in ``storage/migrations``, checked to be numbered 1, 2, 3, ..."""
    found: list[Migration] = []
    for entry in resources.files("storage").joinpath("migrations").iterdir():
        match = _FILE.match(entry.name)
        if match:
            found.append(Migration(int(match[1]), match[2], entry.read_text(encoding="utf-8")))
    found.sort(key=lambda m: m.version)
    for number, migration in enumerate(found, start=1):
        if migration.version != number:
            raise RuntimeError(f"migration {number:04d} is missing from storage/migrations")
    return tuple(found)


MIGRATIONS = load_migrations()
LATEST = len(MIGRATIONS)


async def user_version(conn: aiosqlite.Connection) -> int:
    rows = await conn.execute_fetchall("PRAGMA user_version")
    return int(next(iter(rows))[0])


async def migrate(conn: aiosqlite.Connection, migrations: tuple[Migration, ...] = MIGRATIONS) -> int:
    """Apply the migrations the database lacks, each in its own ``BEGIN IMMEDIATE`` transaction.

    The version is read again inside each transaction, so two processes opening an old database at once
    apply every migration exactly once. Needs a connection in autocommit mode (``isolation_level=None``).
    Returns the schema version reached.
    """
    for migration in migrations:
        await conn.execute("BEGIN IMMEDIATE")
        try:
            if await user_version(conn) >= migration.version:
                await conn.execute("COMMIT")
                continue
            for statement in migration.statements():
                await conn.execute(statement)
            # PRAGMA takes no parameters; the value is an int from the file name.
            await conn.execute_fetchall(f"PRAGMA user_version = {int(migration.version)}")
            await conn.execute("COMMIT")
        except BaseException as exc:
            await conn.execute("ROLLBACK")
            if isinstance(exc, sqlite3.Error):
                raise MigrationError(migration.version, migration.name, exc) from exc
            raise
    return await user_version(conn)
