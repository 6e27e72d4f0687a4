"""Every released schema version, on both engines: the migrations build it exactly as it shipped (the
snapshot, ``tests/storage/schemas.py``), a database of that version upgrades to the very schema a new
database gets, and the games it holds upgrade alike on both engines."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest

from engine import Game, dump
from storage import Store
from storage.schema import LATEST
from tests.pgserver import PostgresServer

from .conftest import finished_game, raw_execute
from .schemas import (
    differences,
    load_versions,
    postgres_at,
    postgres_schema,
    reading,
    snapshot_at,
    sqlite_at,
    sqlite_schema,
)

RELEASED = load_versions()


def test_the_snapshot_holds_every_released_version() -> None:
    assert list(range(LATEST + 1)) == RELEASED, (
        "record the new migrations' schemas: .venv/bin/python -m tests.storage.schemas"
    )


_NEW: dict[str, dict[str, set[str]]] = {}  # a new database's schema, by engine: made once


async def _new_sqlite(folder: Path) -> dict[str, set[str]]:
    if "sqlite" not in _NEW:
        await sqlite_at(folder / "new.db", LATEST)
        _NEW["sqlite"] = reading(sqlite_schema(folder / "new.db"))
    return _NEW["sqlite"]


async def _new_postgres(server: PostgresServer) -> dict[str, set[str]]:
    if "postgresql" not in _NEW:
        url = await server.new_schema()
        await postgres_at(url, LATEST)
        _NEW["postgresql"] = reading(await postgres_schema(url))
    return _NEW["postgresql"]


@pytest.mark.parametrize("version", RELEASED)
async def test_a_sqlite_database_of_every_version_upgrades_to_the_new_schema(
    tmp_path: Path, version: int
) -> None:
    path = tmp_path / f"v{version}.db"
    await sqlite_at(path, version)
    assert differences(reading(sqlite_schema(path)), snapshot_at("sqlite", version)) == []
    await sqlite_at(path, LATEST)
    assert differences(reading(sqlite_schema(path)), await _new_sqlite(tmp_path)) == []


@pytest.mark.parametrize("version", RELEASED)
async def test_a_postgresql_database_of_every_version_upgrades_to_the_new_schema(
    postgres_server: PostgresServer, version: int
) -> None:
    url = await postgres_server.new_schema()
    await postgres_at(url, version)
    assert differences(reading(await postgres_schema(url)), snapshot_at("postgresql", version)) == []
    await postgres_at(url, LATEST)
    assert differences(reading(await postgres_schema(url)), await _new_postgres(postgres_server)) == []


@cache
def _finished() -> tuple[Game, list[tuple[int, str]]]:
    return finished_game(2, 5)


async def _games_of_release_1(database: str) -> None:
    """Rows as the first release wrote them (columns every later version still has): game 1 in play after
    one action, and game 2 finished, each with its seats and log."""
    playing = Game.new(2, 42)
    first = str(playing.legal_actions()[0])
    seat = playing.to_act
    playing.apply(first)
    finished, log = _finished()
    game = """INSERT INTO games (guild_id, channel_id, creator_id, status, conflict_hours, reminder_hours,
                                 players, seed, position, version, seat_to_act, created_at, started_at,
                                 updated_at, ended_at)
              VALUES (1, ?, 3, ?, 12, 24, 2, ?, ?, ?, ?, 10, 10, 11, ?)"""
    seats = "INSERT INTO seats (game_id, seat, user_id, joined_at) VALUES (?, ?, ?, 10)"
    action = "INSERT INTO actions (game_id, seq, seat, action, at) VALUES (?, ?, ?, ?, 11)"
    await raw_execute(
        database,
        (game, (2, "playing", 42, dump(playing), 1, playing.to_act, None)),
        (game, (3, "finished", finished.seed, dump(finished), len(log), None, 12)),
        *((seats, (game_id, seat_, user)) for game_id in (1, 2) for seat_, user in ((0, 3), (1, 4))),
        (action, (1, 1, seat, first)),
        *((action, (2, seq, seat_, text)) for seq, (seat_, text) in enumerate(log, 1)),
    )


@pytest.mark.parametrize("version", RELEASED[1:])
async def test_the_games_of_every_version_upgrade_alike_on_both_engines(
    db_path: Path, postgres_url: str, version: int
) -> None:
    """The data steps of the migrations (presentation marks, options, seat owners, results...) do the same
    on PostgreSQL as on SQLite, whose upgrades ``test_migrations.py`` checks in detail."""
    await sqlite_at(db_path, version)
    await postgres_at(postgres_url, version)
    seen = []
    for database in (str(db_path), postgres_url):
        await _games_of_release_1(database)
        async with Store.open(database) as store:
            assert await store.verify_replay(1) == 1 and await store.verify_replay(2) == len(_finished()[1])
            results = await store.game_results(2)
            assert len(results) == (2 if version < 8 else 0)  # 0008 computed those of games finished before
            seen.append(
                [
                    (await store.load_game(id_), await store.actions(id_), await store.seat_history(id_))
                    for id_ in (1, 2)
                ]
                + [results]
            )
    assert seen[0] == seen[1]
