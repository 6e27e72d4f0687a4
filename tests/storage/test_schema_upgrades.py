"""Every released schema version, on both engines: the migrations build it exactly as it shipped (the
snapshot, ``tests/storage/schemas.py``), and a database of that version upgrades to the very schema a new
database gets."""

from __future__ import annotations

from pathlib import Path

import pytest

from storage.schema import LATEST
from tests.pgserver import PostgresServer

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


@pytest.mark.parametrize("version", RELEASED)
async def test_a_sqlite_database_of_every_version_upgrades_to_the_new_schema(
    tmp_path: Path, version: int
) -> None:
    path = tmp_path / f"v{version}.db"
    await sqlite_at(path, version)
    assert differences(reading(sqlite_schema(path)), snapshot_at("sqlite", version)) == []
    await sqlite_at(path, LATEST)
    await sqlite_at(tmp_path / "new.db", LATEST)
    assert differences(reading(sqlite_schema(path)), reading(sqlite_schema(tmp_path / "new.db"))) == []


@pytest.mark.parametrize("version", RELEASED)
async def test_a_postgresql_database_of_every_version_upgrades_to_the_new_schema(
    postgres_server: PostgresServer, version: int
) -> None:
    url = await postgres_server.new_schema()
    await postgres_at(url, version)
    assert differences(reading(await postgres_schema(url)), snapshot_at("postgresql", version)) == []
    await postgres_at(url, LATEST)
    newest = await postgres_server.new_schema()
    await postgres_at(newest, LATEST)
    assert differences(reading(await postgres_schema(url)), reading(await postgres_schema(newest))) == []
