"""PostgreSQL beside SQLite: both engines' migrations build the same schema and answer the same queries,
``migrate-to`` copies a real SQLite file and checks its games, and two processes appending to one game at
once lose nothing."""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
import time
from pathlib import Path

import pytest

from storage import DatabaseUnusableError, NewTimer, Options, Player, Store
from storage.__main__ import main
from storage.areas.game_rows import SQL_GAME as _SQL_GAME
from storage.areas.games import _SQL_GAMES_OF_USER
from storage.areas.history import _SQL_FINISHED_GAMES, _SQL_STATS_OF_PERSON
from storage.schema import LATEST, MIGRATIONS
from storage.sql import POSTGRESQL, SQLITE

from .conftest import GUILD, ROOT, T0, Play, StartGame
from .schemas import differences, postgres_at, postgres_facts, sqlite_at, sqlite_facts

WORKER = Path(__file__).with_name("append_worker.py")


async def test_both_engines_build_the_same_schema(db_path: Path, postgres_url: str) -> None:
    """Types read alike (INTEGER and BIGINT, REAL and DOUBLE PRECISION), NOT NULL, defaults, CHECKs, keys,
    foreign keys and indexes (names, columns, conditions), table by table."""
    await postgres_at(postgres_url, LATEST)
    await sqlite_at(db_path, LATEST)
    found = differences(await sqlite_facts(db_path, postgres_url), await postgres_facts(postgres_url))
    assert not found, "+ SQLite's alone, - PostgreSQL's alone:\n" + "\n".join(found)


async def _fill(store: Store, start_game: StartGame, play: Play) -> list[int]:
    """The same games in either store: one finished, one in play, one lobby."""
    done = await start_game(users=(11, 12), seed=3, channel=71, target=store)
    await play(done, 10_000, target=store)
    running = await start_game(users=(11, 12, 13), seed=5, channel=72, target=store)
    await play(running, 12, target=store)
    lobby = await store.create_game(GUILD, 77, 11, T0, Options(conflict_hours=6))
    return [done.id, running.id, lobby.id]


async def test_both_schemas_have_the_same_tables_and_answer_the_same_queries(
    db_path: Path, postgres_url: str, start_game: StartGame, play: Play
) -> None:
    async with Store.open(db_path) as lite, Store.open(postgres_url) as pg:
        assert await lite.schema_version() == await pg.schema_version() == len(MIGRATIONS)
        ids = await _fill(lite, start_game, play)
        assert await _fill(pg, start_game, play) == ids
        statements = [
            (_SQL_GAME, (ids[1],)),
            (_SQL_GAMES_OF_USER, (json.dumps(["lobby", "playing", "finished"]), 11)),
            (_SQL_FINISHED_GAMES, (GUILD, 10)),
            (_SQL_STATS_OF_PERSON, {"guild": GUILD, "who": 11, "opponents": 3}),
        ]
        for sql, params in statements:
            a = await lite._read(sql[SQLITE], params)
            b = await pg._read(sql[POSTGRESQL], params)
            assert [_plain(r) for r in a] == [_plain(r) for r in b]
        alice = Player.person(11)
        assert await lite.player_stats(GUILD, alice) == await pg.player_stats(GUILD, alice)
        for game_id in ids:
            assert await lite.load_game(game_id) == await pg.load_game(game_id)
            assert await lite.actions(game_id) == await pg.actions(game_id)
            assert await lite.game_results(game_id) == await pg.game_results(game_id)
        assert await lite.leaderboard(GUILD) == await pg.leaderboard(GUILD)


def _plain(row: tuple[object, ...]) -> list[object]:
    """A row with its JSON texts read (the two databases space JSON differently)."""
    out: list[object] = []
    for value in row:
        if isinstance(value, str) and value[:1] in "[{":
            out.append(json.loads(value))
        else:
            out.append(value)
    return out


async def test_migrate_to_copies_a_sqlite_file_and_every_game_replays(
    tmp_path: Path, postgres_url: str, start_game: StartGame, play: Play, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "friends.db"
    async with Store.open(path) as lite:
        ids = await _fill(lite, start_game, play)
        await lite.add_timer(ids[1], NewTimer("deadline", T0 + 3600, 0, {"kind": "turn"}), T0)
        await lite.add_post(ids[1], 3, 77, 88, T0, ["alice placed a red tile"], turn_of=0)
        await lite.begin_step(ids[1], 12, "post", T0, channel_id=77, content_hash="ab")  # being shown
        await lite.set_player_settings(11, dm="all")
    assert await asyncio.to_thread(main, ["migrate-to", postgres_url, "--database", str(path)]) == 0
    out = capsys.readouterr().out
    assert f"Copied {path} to " in out and "3 games replay to their saved positions." in out
    async with Store.open(path) as lite, Store.open(postgres_url) as pg:
        for game_id in ids:
            assert await pg.load_game(game_id) == await lite.load_game(game_id)
            assert await pg.timers(game_id) == await lite.timers(game_id)
        assert await pg.last_posts(ids[1], 5) == await lite.last_posts(ids[1], 5)
        assert await pg.presentation_steps(ids[1], 12) == await lite.presentation_steps(ids[1], 12) != {}
        assert await pg.player_settings(11) == await lite.player_settings(11)
        assert await pg.leaderboard(GUILD) == await lite.leaderboard(GUILD)
        # the ids go on after the copied ones
        new = await pg.create_game(GUILD, 999, 11, T0)
        assert new.id == max(ids) + 1
    # a second copy into a database that holds games is refused, nothing changed
    assert await asyncio.to_thread(main, ["migrate-to", postgres_url, "--database", str(path)]) == 2
    assert "already holds games" in capsys.readouterr().err


async def test_a_database_that_cannot_be_reached_is_one_sentence(tmp_path: Path) -> None:
    url = f"postgresql://tigris:secret@/nowhere?host={tmp_path}&port=1"
    with pytest.raises(DatabaseUnusableError, match="cannot be reached") as caught:
        await Store.open(url)
    assert "secret" not in str(caught.value)


async def test_two_processes_appending_to_one_game_lose_nothing(
    postgres_url: str, start_game: StartGame
) -> None:
    """Two processes race on every version of one game: exactly one wins each, the other is refused with
    StaleVersionError, reloads and goes on; the log is the sum of the wins and replays."""
    async with Store.open(postgres_url) as store:
        started = await start_game(users=(11, 12), seed=9, target=store)
    moves = 40
    start_at = time.time() + 3  # after both have opened their stores
    workers = [
        subprocess.Popen(  # noqa: ASYNC220 - started together, waited for in a thread below
            [sys.executable, str(WORKER), postgres_url, str(started.id), str(moves), str(n), str(start_at)],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            cwd=ROOT,
            env={"PYTHONPATH": str(ROOT)},
        )
        for n in range(2)
    ]
    results = []
    for worker in workers:
        out, err = await asyncio.to_thread(worker.communicate, timeout=240)
        assert worker.returncode == 0, err
        results.append(json.loads(out))
    async with Store.open(postgres_url) as store:
        record = await store.load_game(started.id)
        log = await store.actions(started.id)
        assert await store.verify_replay(started.id) == record.version
    won = [r["won"] for r in results]
    assert sum(won) == record.version == len(log)
    assert sorted(v for r in results for v in r["versions"]) == list(range(1, record.version + 1))
    assert sum(r["stale"] for r in results) > 0, results  # they did race
    assert record.version >= moves
