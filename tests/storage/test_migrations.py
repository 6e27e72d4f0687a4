"""Migrations: a fresh file gets the latest schema, an older one upgrades, a newer one is refused."""

from __future__ import annotations

import asyncio
import sqlite3
import threading
from contextlib import closing
from pathlib import Path

import aiosqlite
import pytest

from engine import Game, dump
from storage import (
    SCHEMA_VERSION,
    DatabaseUnusableError,
    MigrationError,
    NewTimer,
    SchemaTooNewError,
    Status,
    Store,
)
from storage.schema import MIGRATIONS, Migration, load_migrations, migrate, user_version


def _pragma(path: Path, name: str) -> object:
    with closing(sqlite3.connect(path)) as conn:
        return conn.execute(f"PRAGMA {name}").fetchone()[0]


def _tables(path: Path) -> set[str]:
    with closing(sqlite3.connect(path)) as conn:
        return {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}


def test_migration_files_are_numbered_from_one() -> None:
    migrations = load_migrations()
    assert [m.version for m in migrations] == list(range(1, len(migrations) + 1))
    assert len(migrations) == SCHEMA_VERSION >= 2
    assert all(m.statements() for m in migrations)


def test_statements_split_on_whole_statements_only() -> None:
    sql = """-- a comment; with a semicolon
CREATE TABLE a (x TEXT DEFAULT 'semi;colon');
CREATE TRIGGER t AFTER INSERT ON a BEGIN
    UPDATE a SET x = 'y';
    DELETE FROM a WHERE x = 'z';
END;
-- trailing comment
"""
    statements = Migration(9, "demo", sql).statements()
    assert len(statements) == 2
    assert statements[0].endswith("DEFAULT 'semi;colon');")
    assert statements[1].startswith("CREATE TRIGGER") and statements[1].endswith("END;")
    with pytest.raises(ValueError, match="incomplete"):
        Migration(9, "demo", "CREATE TABLE b (x").statements()


async def test_fresh_database_gets_the_latest_schema(db_path: Path) -> None:
    async with Store.open(db_path) as store:
        assert await store.schema_version() == SCHEMA_VERSION
        fk = await store._connection().execute_fetchall("PRAGMA foreign_keys")
        assert next(iter(fk))[0] == 1
    assert _pragma(db_path, "user_version") == SCHEMA_VERSION
    assert _pragma(db_path, "journal_mode") == "wal"
    assert {"games", "seats", "actions", "timers", "messages"} <= _tables(db_path)


async def test_reopening_applies_nothing_twice(db_path: Path) -> None:
    async with Store.open(db_path) as store:
        game = await store.create_game(1, 2, 3, 10)
    async with Store.open(db_path) as store:
        assert (await store.load_game(game.id)).status is Status.LOBBY
        assert await store.schema_version() == SCHEMA_VERSION


async def test_older_database_is_upgraded_and_keeps_its_data(db_path: Path) -> None:
    # A database of the first release: only migration 0001, with a game in play and one action.
    game = Game.new(2, 42)
    start = dump(game)
    action = str(game.legal_actions()[0])
    seat = game.to_act
    game.apply(action)
    async with aiosqlite.connect(db_path, isolation_level=None) as conn:
        assert await migrate(conn, MIGRATIONS[:1]) == 1
        await conn.execute(
            """INSERT INTO games (guild_id, channel_id, creator_id, status, conflict_hours, reminder_hours,
                                  players, seed, position, version, seat_to_act, created_at, started_at,
                                  updated_at)
               VALUES (1, 2, 3, 'playing', 12, 24, 2, 42, ?, 1, ?, 10, 10, 11)""",
            (dump(game), game.to_act),
        )
        await conn.executemany(
            "INSERT INTO seats (game_id, seat, user_id, joined_at) VALUES (1, ?, ?, 10)", [(0, 3), (1, 4)]
        )
        await conn.execute(
            "INSERT INTO actions (game_id, seq, seat, action, at) VALUES (1, 1, ?, ?, 11)", (seat, action)
        )
    assert _pragma(db_path, "user_version") == 1
    assert "timers" not in _tables(db_path)
    assert start != dump(game)

    async with Store.open(db_path) as store:
        assert await store.schema_version() == SCHEMA_VERSION
        record = await store.load_game(1)
        assert record.version == 1 and record.position == dump(game)
        assert [s.user_id for s in record.seats] == [3, 4]
        assert await store.verify_replay(1) == 1
        timer = await store.add_timer(1, NewTimer("reminder", 99, record.seat_to_act), 12)  # a 0002 table
        assert await store.next_due() == [timer]
    assert _pragma(db_path, "user_version") == SCHEMA_VERSION


async def test_newer_database_is_refused_with_a_clear_error(db_path: Path) -> None:
    async with Store.open(db_path):
        pass
    with closing(sqlite3.connect(db_path)) as conn:
        conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    with pytest.raises(SchemaTooNewError) as caught:
        await Store.open(db_path)
    message = str(caught.value)
    assert f"schema version {SCHEMA_VERSION + 1}" in message
    assert f"up to version {SCHEMA_VERSION}" in message
    assert caught.value.found == SCHEMA_VERSION + 1 and caught.value.known == SCHEMA_VERSION
    assert _pragma(db_path, "user_version") == SCHEMA_VERSION + 1  # left untouched


async def test_a_failing_migration_rolls_back_whole(db_path: Path) -> None:
    broken = Migration(
        SCHEMA_VERSION + 1,
        "broken",
        "CREATE TABLE half_done (x INTEGER);\nINSERT INTO no_such_table VALUES (1);\n",
    )
    async with aiosqlite.connect(db_path, isolation_level=None) as conn:
        with pytest.raises(MigrationError, match=r"broken\) failed and was rolled back"):
            await migrate(conn, (*MIGRATIONS, broken))
        assert await user_version(conn) == SCHEMA_VERSION
        assert not conn.in_transaction
    assert "half_done" not in _tables(db_path)
    async with Store.open(db_path) as store:  # the database is still good
        assert await store.schema_version() == SCHEMA_VERSION


async def test_stores_opening_a_new_file_at_once_all_open_and_migrate_once(tmp_path: Path) -> None:
    # Switching a new file to WAL from several connections at once makes SQLite answer "locked" without
    # waiting; a few rounds make that race show up reliably (it did, about once per hundred opens).
    for round_ in range(30):
        opened = await asyncio.gather(
            *(Store.open(tmp_path / f"race{round_}.db") for _ in range(6)), return_exceptions=True
        )
        stores = [s for s in opened if isinstance(s, Store)]
        try:
            assert len(stores) == len(opened), [s for s in opened if not isinstance(s, Store)]
            for store in stores:
                assert await store.schema_version() == SCHEMA_VERSION
            created = await stores[0].create_game(1, 2, 3, 10)
            assert (await stores[-1].load_game(created.id)).channel_id == 2
        finally:
            for store in stores:
                await store.close()


async def test_a_file_that_is_not_a_database_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "notes.db"
    path.write_bytes(b"these are not the pages you are looking for" * 100)
    with pytest.raises(DatabaseUnusableError, match="not a usable SQLite database"):
        await Store.open(path)


async def test_a_path_that_cannot_be_opened_is_refused(tmp_path: Path) -> None:
    with pytest.raises(DatabaseUnusableError, match="cannot be opened"):
        await Store.open(tmp_path / "no" / "such" / "dir" / "tigris.db")
    # aiosqlite's worker thread is gone too: left running, it reports to an event loop closed by then.
    assert not [t for t in threading.enumerate() if "_connection_worker_thread" in t.name]
