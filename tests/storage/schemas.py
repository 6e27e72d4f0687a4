"""The schema a database holds, read from its own catalogue, for the migration tests.

``sqlite_schema`` is every object of ``sqlite_master`` with the SQL text SQLite keeps; ``postgres_schema``
is PostgreSQL's catalogue as it deparses it (columns, constraints, indexes, triggers, functions,
sequences), the test's schema name written ``<schema>``. Both are exact: two databases with equal readings
hold the same schema (not only an equivalent one).

``schema_snapshot.json`` holds the readings of every released schema version on both engines, made from the
migration files as they were when that version shipped, as each version's change from the one before.
``python -m tests.storage.schemas`` adds the versions it lacks (a new migration, once final), read from the
files as they are now; it never rewrites a version it holds: a released migration's schema is fixed.

``sqlite_facts`` and ``postgres_facts`` read the newest schema of each engine as facts both can state, to
compare the engines (``tests/storage/test_postgres.py``).
"""

from __future__ import annotations

import asyncio
import json
import re
import sqlite3
import tempfile
from contextlib import closing
from dataclasses import dataclass
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
        await conn.execute("PRAGMA synchronous = OFF")  # a test's file: no need to wait for the disk
        assert await migrate(conn, MIGRATIONS[:version]) == version


async def postgres_at(url: str, version: int) -> None:
    """A PostgreSQL schema brought to ``version`` by the first migrations."""
    backend = await PostgresBackend.connect(url, pool_size=1)
    try:
        assert await migrate_postgres(backend, MIGRATIONS[:version]) == version
    finally:
        await backend.close()


Rows = list[list[Any]]


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
    """A schema read from a database in the snapshot's terms (``snapshot_at``): its rows by part, each row
    as its JSON text."""
    parts = {"sqlite_master": schema} if isinstance(schema, list) else schema
    return {part: {json.dumps(row) for row in rows} for part, rows in parts.items()}


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


# The parity of the two engines' schemas: each table read as facts both can state (types read alike,
# NOT NULL, defaults, CHECKs, keys, foreign keys, indexes with their columns and conditions). SQLite keeps
# its expressions as written; PostgreSQL deparses them: SQLite's are deparsed by PostgreSQL too (on an empty
# copy of the table), after the spellings the engines really differ in are put PostgreSQL's way.
_SPELLINGS = (
    (re.compile(r"\bjson_valid\((\w+)\)"), r"\1::jsonb IS NOT NULL"),
    (re.compile(r"\bjson_type\((\w+)\)"), r"json_typeof(\1::json)"),
    (re.compile(r"\bIS\s+(?=')", re.IGNORECASE), "IS NOT DISTINCT FROM "),  # IS 'x': NULL-safe equality
)
# SQLite's integers and reals are 64 bits wide; PostgreSQL's INTEGER and REAL (32 bits) read as themselves
_SQLITE_KINDS = {"INTEGER": "int64", "REAL": "float64", "TEXT": "text"}
_POSTGRES_KINDS = {"bigint": "int64", "double precision": "float64", "text": "text"}
_ACTIONS = {"a": "NO ACTION", "r": "RESTRICT", "c": "CASCADE", "n": "SET NULL", "d": "SET DEFAULT"}

Facts = dict[str, set[str]]


def _postgres_spelling(expression: str) -> str:
    for spelling, postgres in _SPELLINGS:
        expression = spelling.sub(postgres, expression)
    return expression


def _sql_text(sql: str) -> str:
    """``sql`` without its comments (none of this schema's strings holds ``--``)."""
    return re.sub(r"--[^\n]*", "", sql)


def _parenthesised(text: str, start: int) -> str:
    """What stands between the parenthesis opened just before ``start`` and the one closing it."""
    depth, at, quoted = 1, start, False
    while depth:
        char = text[at]
        if char == "'":
            quoted = not quoted
        elif not quoted:
            depth += {"(": 1, ")": -1}.get(char, 0)
        at += 1
    return text[start : at - 1]


@dataclass
class _SqliteTable:
    facts: set[str]
    checks: list[str]
    defaults: dict[str, str]
    indexes: dict[str, tuple[str, str | None]]  # name: (unique and columns, raw condition)


def _read_sqlite_table(conn: sqlite3.Connection, table: str, sql: str) -> _SqliteTable:
    text = _sql_text(sql)
    without_rowid = re.search(r"\)\s*WITHOUT\s+ROWID\s*$", text, re.IGNORECASE) is not None
    info = conn.execute(f"PRAGMA table_info({table})").fetchall()
    key = [row[1] for row in sorted(info, key=lambda row: row[5]) if row[5]]
    types = {row[1]: row[2] for row in info}
    not_nulls = {row[1] for row in info if row[3]}
    # A rowid table's INTEGER PRIMARY KEY is the rowid, which SQLite numbers when a row comes without it.
    # Declared NOT NULL, it is a key the store always gives (SQLite would still number a NULL): on
    # PostgreSQL a plain key, refusing NULL; else PostgreSQL numbers it too (an identity column).
    rowid = len(key) == 1 and not without_rowid and types[key[0]].upper() == "INTEGER"
    numbered = key[0] if rowid and key[0] not in not_nulls else None
    facts = {f"columns {', '.join(row[1] for row in info)}", f"primary key ({', '.join(key)})"}
    defaults = {}
    for _, name, declared, notnull, default, in_key in info:
        # a key column of a WITHOUT ROWID table, and a rowid, are never NULL
        not_null = notnull or (in_key and (without_rowid or rowid))
        facts.add(
            f"column {name}: {_SQLITE_KINDS.get(declared, 'SQLite ' + declared)}"
            + (" NOT NULL" if not_null else "")
            + (" numbered" if name == numbered else "")
        )
        if default is not None:
            defaults[name] = default
    for row in conn.execute(f"PRAGMA foreign_key_list({table})").fetchall():
        _, _, parent, column, parent_column, on_update, on_delete, _ = row
        facts.add(
            f"foreign key ({column}) references {parent} ({parent_column}) on delete {on_delete} "
            f"on update {on_update}"
        )
    indexes: dict[str, tuple[str, str | None]] = {}
    for _, name, unique, origin, _ in conn.execute(f"PRAGMA index_list({table})").fetchall():
        columns = [
            f"{column}{' DESC' if desc else ''}"
            for _, _, column, desc, _, is_key in conn.execute(f"PRAGMA index_xinfo({name})").fetchall()
            if is_key
        ]
        if origin == "u":
            facts.add(f"unique ({', '.join(columns)})")
        elif origin == "c":
            (index_sql,) = conn.execute("SELECT sql FROM sqlite_master WHERE name = ?", (name,)).fetchone()
            condition = re.split(r"\bWHERE\b", _sql_text(index_sql), maxsplit=1, flags=re.IGNORECASE)
            shape = f"{'unique ' if unique else ''}({', '.join(columns)})"
            indexes[name] = (shape, condition[1].strip().rstrip(";") if len(condition) > 1 else None)
    checks = [_parenthesised(text, m.end()) for m in re.finditer(r"\bCHECK\s*\(", text, re.IGNORECASE)]
    return _SqliteTable(facts, checks, defaults, indexes)


async def _deparsed(conn: asyncpg.Connection, table: str, found: _SqliteTable) -> set[str]:
    """SQLite's expressions of ``table`` as PostgreSQL deparses them, as facts."""
    facts = set()
    async with conn.transaction():
        await conn.execute(f"CREATE TEMP TABLE probe (LIKE {table}) ON COMMIT DROP")
        for number, check in enumerate(found.checks):
            await conn.execute(
                f"ALTER TABLE probe ADD CONSTRAINT probe_{number} CHECK ({_postgres_spelling(check)})"
            )
        facts |= {
            f"check {row[0]}"
            for row in await conn.fetch(
                "SELECT pg_get_constraintdef(oid) FROM pg_constraint WHERE conrelid = 'probe'::regclass"
            )
        }
        for column, default in found.defaults.items():
            await conn.execute(f"ALTER TABLE probe ALTER COLUMN {column} SET DEFAULT {default}")
            expression = await conn.fetchval(
                "SELECT pg_get_expr(adbin, adrelid) FROM pg_attrdef AS d JOIN pg_attribute AS a "
                "ON a.attrelid = d.adrelid AND a.attnum = d.adnum WHERE adrelid = 'probe'::regclass "
                "AND attname = $1",
                column,
            )
            facts.add(f"default {column}: {expression}")
        for name, (shape, condition) in found.indexes.items():
            where = None
            if condition is not None:
                await conn.execute(
                    f"CREATE INDEX probe_index ON probe ((1)) WHERE {_postgres_spelling(condition)}"
                )
                where = await conn.fetchval(
                    "SELECT pg_get_expr(indpred, indrelid) FROM pg_index "
                    "WHERE indexrelid = 'probe_index'::regclass"
                )
                await conn.execute("DROP INDEX probe_index")
            facts.add(f"index {name}: {shape}" + (f" WHERE {where}" if where else ""))
    return facts


async def sqlite_facts(path: Path, postgres_url: str) -> Facts:
    """The tables of a SQLite file as facts, its expressions deparsed by the PostgreSQL database at
    ``postgres_url`` (which must hold the same tables: each is copied empty to deparse them)."""
    with closing(sqlite3.connect(path)) as conn:
        tables = {
            name: _read_sqlite_table(conn, name, sql)
            for name, sql in conn.execute(
                "SELECT name, sql FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
            )
        }
    pg = await asyncpg.connect(postgres_url)
    try:
        return {name: table.facts | await _deparsed(pg, name, table) for name, table in tables.items()}
    finally:
        await pg.close()


_POSTGRES_FACTS = """
WITH tables AS (
    SELECT oid, relname FROM pg_class
    WHERE relnamespace = current_schema()::regnamespace AND relkind = 'r' AND relname <> 'schema_version'
), names AS (  -- the columns of a key or index, in order, by table and attribute numbers
    SELECT attrelid, attnum, attname FROM pg_attribute WHERE attnum > 0 AND NOT attisdropped
)
SELECT t.relname, 'columns ' || string_agg(a.attname, ', ' ORDER BY a.attnum)
FROM tables AS t JOIN names AS a ON a.attrelid = t.oid GROUP BY t.relname
UNION ALL
SELECT t.relname, 'column ' || a.attname || ': ' || format_type(a.atttypid, a.atttypmod)
       || CASE WHEN a.attnotnull THEN ' NOT NULL' ELSE '' END
       || CASE WHEN a.attidentity <> '' THEN ' numbered' ELSE '' END
FROM tables AS t JOIN pg_attribute AS a ON a.attrelid = t.oid WHERE a.attnum > 0 AND NOT a.attisdropped
UNION ALL
SELECT t.relname, 'default ' || a.attname || ': ' || pg_get_expr(d.adbin, d.adrelid)
FROM tables AS t JOIN pg_attrdef AS d ON d.adrelid = t.oid
JOIN pg_attribute AS a ON a.attrelid = d.adrelid AND a.attnum = d.adnum
UNION ALL
SELECT t.relname, CASE c.contype WHEN 'c' THEN 'check ' || pg_get_constraintdef(c.oid)
    WHEN 'p' THEN 'primary key (' || k.columns || ')'
    WHEN 'u' THEN 'unique (' || k.columns || ')'
    ELSE 'foreign key (' || k.columns || ') references ' || c.confrelid::regclass::text || ' ('
         || (SELECT string_agg(a.attname, ', ' ORDER BY f.ord)
             FROM unnest(c.confkey) WITH ORDINALITY AS f(num, ord)
             JOIN names AS a ON a.attrelid = c.confrelid AND a.attnum = f.num)
         || ') on delete ' || c.confdeltype::text || ' on update ' || c.confupdtype::text END
FROM tables AS t JOIN pg_constraint AS c ON c.conrelid = t.oid,
LATERAL (SELECT string_agg(a.attname, ', ' ORDER BY k.ord) AS columns
         FROM unnest(c.conkey) WITH ORDINALITY AS k(num, ord)
         JOIN names AS a ON a.attrelid = c.conrelid AND a.attnum = k.num) AS k
WHERE c.contype IN ('c', 'p', 'u', 'f')
UNION ALL
SELECT t.relname, 'index ' || i.relname || ': ' || CASE WHEN x.indisunique THEN 'unique ' ELSE '' END
       || '(' || (SELECT string_agg(a.attname || CASE WHEN x.indoption[k.ord - 1] & 1 = 1  -- counts from 0
                                                      THEN ' DESC' ELSE '' END, ', ' ORDER BY k.ord)
                  FROM unnest(x.indkey::int2[]) WITH ORDINALITY AS k(num, ord)
                  JOIN names AS a ON a.attrelid = x.indrelid AND a.attnum = k.num) || ')'
       || COALESCE(' WHERE ' || pg_get_expr(x.indpred, x.indrelid), '')
FROM tables AS t JOIN pg_index AS x ON x.indrelid = t.oid JOIN pg_class AS i ON i.oid = x.indexrelid
WHERE NOT EXISTS (SELECT FROM pg_constraint AS c WHERE c.conindid = x.indexrelid)
"""


async def postgres_facts(url: str) -> Facts:
    """The tables of a PostgreSQL schema as facts (``sqlite_facts``)."""
    conn = await asyncpg.connect(url)
    try:
        rows = await conn.fetch(_POSTGRES_FACTS)
    finally:
        await conn.close()
    facts: Facts = {}
    for table, fact in rows:
        for kind, alike in _POSTGRES_KINDS.items():
            fact = re.sub(rf"^(column \w+: ){kind}\b", rf"\g<1>{alike}", fact)
        fact = re.sub(r" on (delete|update) (\w)\b", lambda m: f" on {m[1]} {_ACTIONS[m[2]]}", fact)
        facts.setdefault(table, set()).add(fact)
    return facts


if __name__ == "__main__":
    print("added schema versions:", asyncio.run(_add_missing_versions()))
