"""Fixtures for the storage tests: a real SQLite file in tmp_path, or a real PostgreSQL server, never a mock.

Every test that uses ``store`` (or ``backend``) runs against both backends, except those marked
``sqlite_only``: they read or damage the SQLite file itself.
"""

from __future__ import annotations

import os
import random
import sqlite3
import subprocess
import sys
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import closing
from dataclasses import dataclass
from pathlib import Path

import aiosqlite
import asyncpg
import pytest

from engine import Game, Who, dump
from storage import ALL_TIMERS, Appended, GameRecord, NewTimer, Options, Store
from storage.postgres import is_postgres_url
from storage.schema import MIGRATIONS, migrate
from storage.sql import postgres_sql
from tests.pgserver import PostgresServer

GUILD = 1000
T0 = 1_700_000_000  # a fixed virtual "now"
ROOT = Path(__file__).resolve().parents[2]


def run_module(
    module: str, *args: str, env: dict[str, str] | None = None, cwd: Path = ROOT
) -> subprocess.CompletedProcess[str]:
    """``python -m module args`` as a real command, with this tree on the path."""
    path = os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))
    return subprocess.run(
        [sys.executable, "-m", module, *args],
        capture_output=True,
        text=True,
        cwd=cwd,
        env={**os.environ, "PYTHONPATH": path, **(env or {})},
        timeout=60,
        check=False,
    )


def finished_game(players: int, seed: int) -> tuple[Game, list[tuple[int, str]]]:
    """A game played to its end by random legal actions, and its log of (seat, action)."""
    game = Game.new(players, seed)
    rng = random.Random(seed)
    log = []
    while not game.is_over:
        seat = game.to_act
        assert seat is not None
        action = str(rng.choice(game.legal_actions()))
        log.append((seat, action))
        game.apply(action)
    return game, log


async def old_database(path: Path, schema_version: int) -> tuple[Game, str, int]:
    """A database of an older release (its migrations up to ``schema_version``) holding game 1 in play,
    seats 0 and 1 for users 3 and 4, after one action. Returns the engine game, that action and its seat."""
    game = Game.new(2, 42)
    action = str(game.legal_actions()[0])
    seat = game.to_act
    assert seat is not None
    game.apply(action)
    async with aiosqlite.connect(path, isolation_level=None) as conn:
        assert await migrate(conn, MIGRATIONS[:schema_version]) == schema_version
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
    return game, action, seat


async def make_database(path: Path, games: int = 6, moves: int = 25) -> None:
    """A real database: a few games in play with their logs, a lobby, closed cleanly."""
    async with Store.open(path) as store:
        for n in range(games):
            record = await store.create_game(1, 100 + n, 11, T0)
            for user in (11, 12, 13):
                record = await store.add_seat(record.id, user, T0)
            game = Game.new(3, n)
            await store.start_game(record.id, n, dump(game), T0)
            for version in range(moves):
                seat = game.to_act
                assert seat is not None
                action = str(game.legal_actions()[version % 3])
                game.apply(action)
                await store.append_action(record.id, version, seat, action, game, T0 + version)
        await store.create_game(1, 999, 11, T0)


async def bot_move(store: Store, started: Started, now: int) -> Appended:
    """The first legal action of ``started.game`` (which it applies) saved as the bot saves a move: the log
    row, the position, and the timer swap (every timer out, a deadline for the next seat in)."""
    version = (await store.load_game(started.id)).version
    game = started.game
    seat = game.to_act
    assert seat is not None
    action = str(game.legal_actions()[0])
    game.apply(action)
    return await store.append_action(
        started.id,
        version,
        seat,
        action,
        dump(game),
        now,
        timers_to_delete=ALL_TIMERS,
        timers_to_add=[NewTimer("deadline", now + 99, game.to_act)],
    )


async def play_first(
    store: Store,
    started: Started,
    now: int,
    *,
    actor: Who | None = None,
    seat_away: bool = False,
    timers_to_add: tuple[NewTimer, ...] = (),
) -> Appended:
    """Save the first legal action of ``started.game`` for the seat to act, then apply it to the game (only
    once it is saved: a refused write leaves ``started.game`` as it was)."""
    game = started.game
    seat = game.to_act
    assert seat is not None
    after = game.copy()
    action = str(after.legal_actions()[0])
    after.apply(action)
    version = (await store.load_game(started.id)).version
    appended = await store.append_action(
        started.id,
        version,
        seat,
        action,
        dump(after),
        now,
        actor=actor,
        seat_away=seat_away,
        timers_to_add=timers_to_add,
    )
    game.apply(action)
    return appended


def user_at(record: GameRecord, seat: int | None) -> int:
    """The person holding ``seat`` (asserted to be one)."""
    assert seat is not None
    user = record.user_at(seat)
    assert user is not None
    return user


@dataclass
class Started:
    record: GameRecord
    game: Game

    @property
    def id(self) -> int:
        return self.record.id


async def raw_execute(database: str, *statements: tuple[str, tuple[object, ...]]) -> None:
    """Run statements behind the store's back (to damage the database on purpose), in one transaction."""
    if not is_postgres_url(database):
        with closing(sqlite3.connect(database)) as conn, conn:
            for sql, params in statements:
                conn.execute(sql, params)
        return
    conn = await asyncpg.connect(database)
    try:
        async with conn.transaction():
            for sql, params in statements:
                await conn.execute(postgres_sql(sql)[0], *params)
    finally:
        await conn.close()


def integrity_line(database: str) -> str:
    """The first line of ``python -m storage check``: SQLite's file check, or PostgreSQL's own."""
    return "integrity: left to PostgreSQL" if is_postgres_url(database) else "integrity: ok"


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "tigris.db"


BACKENDS = ("sqlite", "postgresql")


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if "backend" in metafunc.fixturenames:
        only_sqlite = metafunc.definition.get_closest_marker("sqlite_only") is not None
        metafunc.parametrize("backend", ("sqlite",) if only_sqlite else BACKENDS)


@pytest.fixture
async def database(backend: str, db_path: Path, request: pytest.FixtureRequest) -> str:
    """Where the test's store lives: the SQLite file, or a PostgreSQL URL of an empty schema."""
    if backend == "sqlite":
        return str(db_path)
    server: PostgresServer = request.getfixturevalue("postgres_server")
    return await server.new_schema()


@pytest.fixture
async def store(database: str) -> AsyncIterator[Store]:
    async with Store.open(database) as opened:
        yield opened


StartGame = Callable[..., Awaitable[Started]]


@pytest.fixture
def start_game(store: Store) -> StartGame:
    """Make a lobby in a new channel, seat players, start it; returns the record and the engine game."""
    channels = iter(range(5000, 10_000))

    async def make(
        users: tuple[int, ...] = (11, 12, 13),
        seed: int = 7,
        *,
        channel: int | None = None,
        guild: int = GUILD,
        options: Options | None = None,
        timers: tuple[NewTimer, ...] = (),
        target: Store | None = None,
    ) -> Started:
        s = target or store
        record = await s.create_game(guild, channel or next(channels), users[0], T0, options)
        for user in users:
            record = await s.add_seat(record.id, user, T0)
        game = Game.start(record.options.settings(len(users)), seed)
        record = await s.start_game(record.id, seed, dump(game), T0, timers=timers)
        return Started(record, game)

    return make


Play = Callable[..., Awaitable[int]]


@pytest.fixture
def play(store: Store) -> Play:
    """Apply ``n`` random legal actions through ``append_action``; returns the version reached."""

    async def run(started: Started, n: int, *, rng_seed: int = 1, target: Store | None = None) -> int:
        s = target or store
        rng = random.Random(rng_seed)
        game = started.game
        version = (await s.load_game(started.id)).version
        for i in range(n):
            if game.is_over:
                break
            seat = game.to_act
            assert seat is not None
            action = rng.choice(game.legal_actions())
            game.apply(action)
            appended = await s.append_action(started.id, version, seat, str(action), dump(game), T0 + i + 1)
            version = appended.version
        return version

    return run
