"""The schema a database holds, read from its own catalogue, for the migration tests.

``sqlite_schema`` is every object of ``sqlite_master`` with the SQL text SQLite keeps; ``postgres_schema``
is PostgreSQL's catalogue as it deparses it (columns, constraints, indexes, triggers, functions,
sequences), the test's schema name written ``<schema>``. Both are exact: two databases with equal readings
hold the same schema (not only an equivalent one).

``schema_snapshot.json`` holds the readings of every released schema version on both engines, made from the
migration files as they were when that version shipped. ``python -m tests.storage.schemas`` adds the
versions it lacks (a newly released migration), read from the files as they are now; it never rewrites a
version it holds: a shipped migration's schema is fixed.
"""

from __future__ import annotations

import asyncio
import json
import sqlite3
import tempfile
from contextlib import closing
from pathlib import Path
from typing import Any

import aiosqlite
import asyncpg

from storage.postgres import PostgresBackend
from storage.schema import MIGRATIONS, migrate, migrate_postgres
from tests.pgserver import PostgresServer

SNAPSHOT = Path(__file__).with_name("schema_snapshot.json")

SqliteSchema = list[list[str | None]]
PostgresSchema = dict[str, list[list[Any]]]

_POSTGRES_CATALOGUE = {
    "columns": """
        SELECT c.relname, a.attnum, a.attname, format_type(a.atttypid, a.atttypmod), a.attnotnull,
               pg_get_expr(d.adbin, d.adrelid), a.attidentity::text, a.attgenerated::text
        FROM pg_attribute AS a
        JOIN pg_class AS c ON c.oid = a.attrelid
        LEFT JOIN pg_attrdef AS d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
        WHERE c.relnamespace = current_schema()::regnamespace AND c.relkind = 'r'
              AND a.attnum > 0 AND NOT a.attisdropped
        ORDER BY c.relname, a.attnum""",
    "constraints": """
        SELECT conrelid::regclass::text, conname, contype::text, pg_get_constraintdef(oid)
        FROM pg_constraint WHERE connamespace = current_schema()::regnamespace
        ORDER BY 1, 2""",
    "indexes": """
        SELECT tablename, indexname, indexdef FROM pg_indexes WHERE schemaname = current_schema()
        ORDER BY 1, 2""",
    "triggers": """
        SELECT tgrelid::regclass::text, tgname, pg_get_triggerdef(oid) FROM pg_trigger
        WHERE NOT tgisinternal AND tgrelid IN
              (SELECT oid FROM pg_class WHERE relnamespace = current_schema()::regnamespace)
        ORDER BY 1, 2""",
    "functions": """
        SELECT proname, pg_get_functiondef(oid) FROM pg_proc
        WHERE pronamespace = current_schema()::regnamespace ORDER BY 1""",
    "sequences": """
        SELECT sequencename, data_type::text, start_value, min_value, max_value, increment_by, cycle
        FROM pg_sequences WHERE schemaname = current_schema() ORDER BY 1""",
}


def sqlite_schema(path: Path) -> SqliteSchema:
    with closing(sqlite3.connect(path)) as conn:
        rows = conn.execute("SELECT type, name, tbl_name, sql FROM sqlite_master ORDER BY type, name")
        return [list(row) for row in rows]


async def postgres_schema(url: str) -> PostgresSchema:
    conn = await asyncpg.connect(url)
    try:
        schema = await conn.fetchval("SELECT current_schema()")
        return {
            part: [
                [
                    value.replace(f"{schema}.", "<schema>.") if isinstance(value, str) else value
                    for value in row
                ]
                for row in await conn.fetch(query)
            ]
            for part, query in _POSTGRES_CATALOGUE.items()
        }
    finally:
        await conn.close()


async def sqlite_at(path: Path, version: int) -> None:
    """A SQLite file brought to ``version`` by the first migrations."""
    async with aiosqlite.connect(path, isolation_level=None) as conn:
        assert await migrate(conn, MIGRATIONS[:version]) == version


async def postgres_at(url: str, version: int) -> None:
    """A PostgreSQL schema brought to ``version`` by the first migrations."""
    backend = await PostgresBackend.connect(url, pool_size=1)
    try:
        assert await migrate_postgres(backend, MIGRATIONS[:version]) == version
    finally:
        await backend.close()


Rows = list[list[Any]]


def _rows(schema: SqliteSchema | PostgresSchema) -> dict[str, set[str]]:
    """The schema's rows by part, each row as its JSON text (hashable, and what the snapshot holds)."""
    parts = {"sqlite_master": schema} if isinstance(schema, list) else schema
    return {part: {json.dumps(row) for row in rows} for part, rows in parts.items()}


def load_versions() -> list[int]:
    """The schema versions the snapshot holds."""
    return sorted(int(v) for v in json.loads(SNAPSHOT.read_text(encoding="utf-8"))["sqlite"])


def snapshot_at(engine: str, version: int) -> dict[str, set[str]]:
    """The rows the snapshot holds for ``engine`` at ``version``: its changes from version 0 on, applied."""
    changes = json.loads(SNAPSHOT.read_text(encoding="utf-8"))[engine]
    rows: dict[str, set[str]] = {}
    for step in range(version + 1):
        for part, change in changes[str(step)].items():
            removed = {json.dumps(row) for row in change["removed"]}
            rows[part] = (rows.get(part, set()) - removed) | {json.dumps(row) for row in change["added"]}
    return rows


def reading(schema: SqliteSchema | PostgresSchema) -> dict[str, set[str]]:
    """A schema read from a database, in the snapshot's terms (``snapshot_at``)."""
    return _rows(schema)


def differences(found: dict[str, set[str]], expected: dict[str, set[str]]) -> list[str]:
    """The rows of one reading missing from the other, each marked ``+`` (found only) or ``-`` (expected
    only): empty when the schemas are the same."""
    return [
        f"{mark} {part}: {row}"
        for part in sorted(found.keys() | expected.keys())
        for mark, rows in (
            ("-", expected.get(part, set()) - found.get(part, set())),
            ("+", found.get(part, set()) - expected.get(part, set())),
        )
        for row in sorted(rows)
    ]


def _changes(before: dict[str, set[str]], after: dict[str, set[str]]) -> dict[str, dict[str, Rows]]:
    return {
        part: {
            "removed": [json.loads(row) for row in sorted(before.get(part, set()) - rows)],
            "added": [json.loads(row) for row in sorted(rows - before.get(part, set()))],
        }
        for part, rows in after.items()
    }


def _json(value: dict[str, Any] | Rows, depth: int = 0) -> str:
    """JSON with one row a line, so that a new version's change reads as such in a diff."""
    pad = " " * (depth + 1)
    if isinstance(value, dict):
        items = [f"{pad}{json.dumps(key)}: {_json(item, depth + 1)}" for key, item in value.items()]
    else:
        items = [f"{pad}{json.dumps(row)}" for row in value]
    opening, closing_ = "{}" if isinstance(value, dict) else "[]"
    if not items:
        return opening + closing_
    return opening + "\n" + ",\n".join(items) + "\n" + " " * depth + closing_


async def _add_missing_versions() -> list[int]:
    snapshot = json.loads(SNAPSHOT.read_text(encoding="utf-8")) if SNAPSHOT.exists() else {}
    snapshot.setdefault("sqlite", {})
    snapshot.setdefault("postgresql", {})
    missing = [v for v in range(len(MIGRATIONS) + 1) if str(v) not in snapshot["sqlite"]]
    with tempfile.TemporaryDirectory() as folder:
        server = PostgresServer(Path(folder) / "postgres")
        server.start()
        try:
            for version in missing:
                path = Path(folder) / f"v{version}.db"
                await sqlite_at(path, version)
                before = snapshot_at("sqlite", version - 1) if version else {}
                snapshot["sqlite"][str(version)] = _changes(before, reading(sqlite_schema(path)))
                url = await server.new_schema()
                await postgres_at(url, version)
                before = snapshot_at("postgresql", version - 1) if version else {}
                snapshot["postgresql"][str(version)] = _changes(before, reading(await postgres_schema(url)))
                # snapshot_at reads the versions written so far
                SNAPSHOT.write_text(_json(snapshot) + "\n", encoding="utf-8")
        finally:
            server.stop()
    return missing


if __name__ == "__main__":
    print("added schema versions:", asyncio.run(_add_missing_versions()))
