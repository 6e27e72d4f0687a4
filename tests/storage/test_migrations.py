"""Migrations: a fresh file gets the latest schema, an older one upgrades, a newer one is refused."""

from __future__ import annotations

import asyncio
import random
import sqlite3
import threading
from contextlib import closing
from pathlib import Path
from typing import Any

import aiosqlite
import pytest

from engine import Game, Who, dump
from storage import (
    SCHEMA_VERSION,
    DatabaseUnusableError,
    MigrationError,
    NewTimer,
    Player,
    PlayerSettings,
    SchemaTooNewError,
    SeatReason,
    Status,
    Store,
)
from storage.rating import Ladder
from storage.schema import MIGRATIONS, Migration, load_migrations, migrate, user_version

from .conftest import old_database


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
    # one backend may have nothing to do (0012: PostgreSQL's NOTIFY trigger), never both
    assert all(m.statements() or m.statements(postgres=True) for m in migrations)


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
    game, _, _ = await old_database(db_path, 1)
    assert _pragma(db_path, "user_version") == 1
    assert "timers" not in _tables(db_path)

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


async def _database_of_release_3(path: Path) -> dict[str, tuple[int, str, int]]:
    """A database at schema 0003 with a game in every status, as that release wrote them: a lobby, a game
    in play with timers and messages, a finished game, a game abandoned in play and one abandoned in its
    lobby. Returns, per status name, (game id, position or "", log length)."""
    playing = Game.new(3, 11, english=True)
    playing_log = []
    for _ in range(7):
        action = str(playing.legal_actions()[0])
        playing_log.append((playing.to_act, action))
        playing.apply(action)
    finished = Game.new(2, 12, english=True)
    finished_log = []
    rng = random.Random(12)
    while not finished.is_over:
        action = str(rng.choice(finished.legal_actions()))
        finished_log.append((finished.to_act, action))
        finished.apply(action)
    games: dict[str, tuple[int, str, int]] = {}
    async with aiosqlite.connect(path, isolation_level=None) as conn:
        assert await migrate(conn, MIGRATIONS[:3]) == 3

        async def insert(
            status: str, channel: int, game: Game | None, log: list[Any], users: list[int]
        ) -> int:
            started = game is not None
            cursor = await conn.execute(
                """INSERT INTO games (guild_id, channel_id, creator_id, status, board, english, open_scoring,
                                      conflict_hours, reminder_hours, players, seed, position, version,
                                      seat_to_act, created_at, started_at, updated_at, ended_at,
                                      presented_version)
                   VALUES (1, ?, ?, ?, 'standard', 1, 0, 6, 12, ?, ?, ?, ?, ?, 100, ?, 200, ?, ?)
                   RETURNING id""",
                (
                    channel,
                    users[0],
                    status,
                    len(users) if started else None,
                    game.seed if game else None,
                    dump(game) if game else None,
                    len(log),
                    game.to_act if game and status == "playing" else None,
                    150 if started else None,
                    300 if status in ("finished", "abandoned") else None,
                    len(log) if started else -1,
                ),
            )
            (game_id,) = next(iter(await cursor.fetchall()))
            await conn.executemany(
                "INSERT INTO seats (game_id, seat, user_id, dynasty, joined_at) VALUES (?, ?, ?, ?, ?)",
                [
                    (game_id, seat, user, "archer" if seat == 0 else None, 100 + seat)
                    for seat, user in enumerate(users)
                ],
            )
            await conn.executemany(
                "INSERT INTO actions (game_id, seq, seat, action, at) VALUES (?, ?, ?, ?, ?)",
                [(game_id, seq, seat, action, 150 + seq) for seq, (seat, action) in enumerate(log, 1)],
            )
            games[status if status not in games else f"{status} lobby"] = (
                game_id,
                dump(game) if game else "",
                len(log),
            )
            return game_id

        await insert("lobby", 20, None, [], [3, 4])
        in_play = await insert("playing", 21, playing, playing_log, [3, 4, 5])
        await insert("finished", 22, finished, finished_log, [6, 7])
        await insert("abandoned", 23, Game.new(2, 13, english=True), [], [8, 9])
        await insert("abandoned", 24, None, [], [10])
        await conn.executemany(
            """INSERT INTO timers (game_id, kind, seat, due_at, payload, created_at, attempts)
               VALUES (?, ?, ?, ?, '{}', 150, ?)""",
            [(in_play, "deadline", playing.to_act, 5000, 0), (in_play, "reminder", playing.to_act, 4000, 2)],
        )
        await conn.execute(
            "INSERT INTO messages (game_id, kind, user_id, channel_id, message_id, updated_at) "
            "VALUES (?, 'board', 0, 21, 777, 160)",
            (in_play,),
        )
    return games


async def test_a_release_3_database_keeps_every_game_with_the_right_defaults(db_path: Path) -> None:
    games = await _database_of_release_3(db_path)
    async with Store.open(db_path) as store:
        assert await store.schema_version() == SCHEMA_VERSION
        assert await store.integrity_problems() == []
        for name, (game_id, position, length) in games.items():
            record = await store.load_game(game_id)
            o = record.options
            # existing games keep no turn deadline; the other new options take their defaults
            assert (o.english, o.conflict_hours, o.reminder_hours) == (True, 6, 12), name
            assert (o.turn_hours, o.away_minutes, o.hints, o.computer_level) == (0, 60, False, "normal"), name
            assert (o.buildings, o.wonder, record.paused_at) == (False, False, None), name
            assert all(not s.is_computer and s.level is None and s.away_since is None for s in record.seats)
            assert all(not s.resigned for s in record.seats)
            assert (record.seats[0].dynasty, record.seats[0].joined_at) == ("archer", 100), name
            assert (record.position or "", record.version) == (position, length), name
            assert await store.verify_replay(game_id) == length, name
            log = await store.actions(game_id)
            assert all(a.who == Who.unrecorded() and a.effective for a in log), name
            assert await store.effective_actions(game_id) == [a.action for a in log]
            history = await store.seat_history(game_id)
            if record.started_at is None:
                assert history == [], name  # a lobby's seats start their history when it starts
            else:
                assert [(h.seat, h.user_id, h.reason, h.since, h.until) for h in history] == [
                    (s.seat, s.user_id, SeatReason.JOINED, s.joined_at, None) for s in record.seats
                ], name

        in_play = await store.load_game(games["playing"][0])
        assert in_play.status is Status.PLAYING and in_play.seat_to_act == in_play.game().to_act
        timers = await store.timers(in_play.id)
        assert [(t.kind, t.due_at, t.attempts, t.held) for t in timers] == [
            ("reminder", 4000, 2, False),
            ("deadline", 5000, 0, False),
        ]
        assert [t.kind for t in await store.due_timers(10_000)] == ["reminder", "deadline"]
        assert (await store.message(in_play.id, "board")) is not None
        assert await store.player_settings(3, in_play.id) == PlayerSettings()

        # life goes on: an owner's action records its actor; the old lobby starts with no deadline
        owner = in_play.user_to_act
        assert owner is not None
        game = in_play.game()
        action = str(game.legal_actions()[0])
        game.apply(action)
        seat = in_play.seat_to_act
        assert seat is not None
        await store.append_action(
            in_play.id, in_play.version, seat, action, dump(game), 400, actor=Who.person(owner)
        )
        assert (await store.actions(in_play.id))[-1].who == Who.person(owner)
        lobby = await store.load_game(games["lobby"][0])
        started = await store.start_game(lobby.id, 1, dump(Game.new(2, 1, english=True)), 500)
        assert started.options.turn_hours == 0 and len(await store.seat_history(lobby.id)) == 2
        fresh = await store.create_game(1, 99, 3, 600)
        assert fresh.options.turn_hours == 48


def _finished(players: int, seed: int) -> tuple[Game, list[tuple[int, str]]]:
    game = Game.new(players, seed)
    rng = random.Random(seed)
    log = []
    while not game.is_over:
        action = str(rng.choice(game.legal_actions()))
        log.append((game.to_act, action))
        game.apply(action)
    return game, log


async def _database_of_release_7(path: Path) -> dict[str, tuple[int, Game | None]]:
    """Schema 0007 with finished games as that release saved them: one with a resigned seat, one against the
    computer player, one on another server, one whose position the engine refuses, and an abandoned one."""
    games: dict[str, tuple[int, Game | None]] = {}
    async with aiosqlite.connect(path, isolation_level=None) as conn:
        assert await migrate(conn, MIGRATIONS[:7]) == 7

        async def insert(
            name: str, guild: int, seats: list[tuple[Any, ...]], seed: int, ended_at: int
        ) -> None:
            game, log = _finished(len(seats), seed)
            status, position = "finished", dump(game)
            if name == "abandoned":
                status, log = "abandoned", log[:10]
            if name == "unreadable":
                position = position.replace('"grid"', '"grin"')
            cursor = await conn.execute(
                """INSERT INTO games (guild_id, channel_id, creator_id, status, conflict_hours,
                                      reminder_hours, players, seed, position, version, created_at,
                                      started_at, updated_at, ended_at, presented_version)
                   VALUES (?, ?, 1, ?, 12, 24, ?, ?, ?, ?, 100, 100, ?, ?, ?) RETURNING id""",
                (guild, 100 + len(games), status, len(seats), seed, position, len(log), ended_at, ended_at,
                 len(log)),
            )  # fmt: skip
            (game_id,) = next(iter(await cursor.fetchall()))
            await conn.executemany(
                """INSERT INTO seats (game_id, seat, user_id, level, joined_at, resigned_by, resigned_at)
                   VALUES (?, ?, ?, ?, 100, ?, ?)""",
                [(game_id, seat, *row) for seat, row in enumerate(seats)],
            )
            await conn.executemany(
                "INSERT INTO seat_owners (game_id, seat, user_id, level, reason, since) "
                "VALUES (?, ?, ?, ?, ?, ?)",
                [(game_id, seat, row[0], row[1], "joined", 100) for seat, row in enumerate(seats)],
            )
            await conn.executemany(
                "INSERT INTO actions (game_id, seq, seat, action, at) VALUES (?, ?, ?, ?, ?)",
                [(game_id, seq, seat, action, 100 + seq) for seq, (seat, action) in enumerate(log, 1)],
            )
            games[name] = (game_id, game if status == "finished" and name != "unreadable" else None)

        await insert(
            "resigned", 1, [(3, None, None, None), (4, None, None, None), (None, "normal", 5, 150)], 21, 500
        )
        await insert("computer", 1, [(3, None, None, None), (None, "hard", None, None)], 22, 400)
        await insert("elsewhere", 2, [(3, None, None, None), (4, None, None, None)], 23, 450)
        await insert("unreadable", 1, [(3, None, None, None), (6, None, None, None)], 24, 460)
        await insert("abandoned", 1, [(3, None, None, None), (7, None, None, None)], 25, 470)
    return games


async def test_a_release_7_database_gets_the_results_and_ratings_of_its_finished_games(db_path: Path) -> None:
    games = await _database_of_release_7(db_path)
    async with Store.open(db_path) as store:
        assert await store.schema_version() == SCHEMA_VERSION
        assert await store.integrity_problems() == []
        for name in ("resigned", "computer", "elsewhere"):
            game_id, game = games[name]
            assert game is not None
            outcome = game.outcome()
            assert outcome is not None
            results = await store.game_results(game_id)
            assert [(r.seat, r.place, r.score, r.final) for r in results] == [
                (s.seat, s.place, s.score, s.final) for s in outcome.standings
            ], name
            assert all(r.rating_change is not None for r in results)
        assert await store.game_results(games["unreadable"][0]) == []  # left out, the upgrade goes on
        assert await store.game_results(games["abandoned"][0]) == []

        resigned = {r.seat: r for r in await store.game_results(games["resigned"][0])}
        assert resigned[2].player == Player.person(5) and resigned[2].resigned_by == 5
        assert resigned[2].owner == Player.computer("normal")
        three = await store.player_stats(1, Player.person(3))
        assert three.games == 2  # resigned and computer: not the unreadable, abandoned or other server's
        assert {o.player for o in three.opponents} == {
            Player.person(4),
            Player.person(5),
            Player.computer("hard"),
        }
        board = await store.leaderboard(1, limit=10)
        assert {row.player for row in board} == {
            Player.person(3),
            Player.person(4),
            Player.person(5),
            Player.computer("hard"),
        }
        # rated in the order the games ended: the computer game (400) before the resigned one (500)
        ladder: Ladder[Player] = Ladder()
        for name in ("computer", "resigned"):
            results = await store.game_results(games[name][0])
            ladder.play([(r.player, r.place) for r in results if r.player is not None])
        assert {row.player: row.rating for row in board} == {p: r.value for p, r in ladder.ratings.items()}
        assert await store.recompute_ratings() == 3
        assert await store.leaderboard(1, limit=10) == board
