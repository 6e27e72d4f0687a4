"""``python -m storage backup``, ``check`` and ``retry-timer``."""

from __future__ import annotations

import asyncio
import os
import select
import signal
import sqlite3
import subprocess
import sys
from contextlib import closing
from pathlib import Path

import pytest

from storage import TIMER_MAX_ATTEMPTS, NewTimer, Store
from storage.__main__ import main

from .conftest import ROOT, T0, Play, StartGame, integrity_line, raw_execute, run_module

WORKER = Path(__file__).with_name("crash_worker.py")


@pytest.fixture
async def two_games(store: Store, start_game: StartGame, play: Play) -> list[int]:
    a = await start_game(users=(11, 12))
    b = await start_game(users=(11, 12, 13), seed=5)
    await play(a, 15)
    await play(b, 9)
    return [a.id, b.id]


@pytest.mark.sqlite_only
async def test_backup_copies_every_game(
    two_games: list[int], db_path: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "copy.db"
    assert await asyncio.to_thread(main, ["backup", str(out), "--database", str(db_path)]) == 0
    assert f"Backed up {db_path} to {out}." in capsys.readouterr().out
    async with Store.open(db_path) as original, Store.open(out) as copy:
        for game_id in two_games:
            assert await copy.load_game(game_id) == await original.load_game(game_id)
            assert await copy.actions(game_id) == await original.actions(game_id)
            assert await copy.verify_replay(game_id) > 0

    assert await asyncio.to_thread(main, ["backup", str(out), "--database", str(db_path)]) == 2
    assert "already exists" in capsys.readouterr().err
    missing = tmp_path / "missing.db"
    assert await asyncio.to_thread(main, ["backup", str(tmp_path / "x.db"), "--database", str(missing)]) == 2
    assert f"There is no database at {missing}." in capsys.readouterr().err
    assert not missing.exists()


async def test_check_replays_every_game_and_reports_damage(
    two_games: list[int], database: str, capsys: pytest.CaptureFixture[str]
) -> None:
    a, b = two_games
    db_path = database
    assert await asyncio.to_thread(main, ["check", "--database", str(db_path)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out == [
        integrity_line(database),
        f"game {a}: ok (15 actions replayed)",
        f"game {b}: ok (9 actions replayed)",
        "2 games checked, 0 problems.",
    ]
    assert await asyncio.to_thread(main, ["check", str(b), "--database", str(db_path)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines == [integrity_line(database), f"game {b}: ok (9 actions replayed)"]

    await raw_execute(database, ("DELETE FROM actions WHERE game_id = ? AND seq = 9", (b,)))
    assert await asyncio.to_thread(main, ["check", "--database", str(db_path)]) == 1
    out = capsys.readouterr().out
    assert f"game {a}: ok" in out
    assert f"game {b}: FAILED: Game {b} does not replay: its version is 9 but its log has 8 actions." in out
    assert "2 games checked, 1 problems." in out

    assert await asyncio.to_thread(main, ["check", "404", "--database", str(db_path)]) == 2
    assert "There is no game 404." in capsys.readouterr().err


async def test_check_lists_set_aside_timers_and_retry_timer_puts_one_back(
    two_games: list[int], store: Store, database: str, capsys: pytest.CaptureFixture[str]
) -> None:
    a, b = two_games
    db_path = database
    timer = await store.add_timer(b, NewTimer("deadline", T0, 1), T0)
    for attempt in range(TIMER_MAX_ATTEMPTS):
        await store.timer_failed(timer.id, T0 + attempt, "KeyError: 'seat'\n  (a traceback line)")
    assert await asyncio.to_thread(main, ["check", "--database", str(db_path)]) == 1
    out = capsys.readouterr().out.splitlines()
    assert out[:3] == [
        integrity_line(database),
        f"game {a}: ok (15 actions replayed)",
        f"game {b}: ok (9 actions replayed)",
    ]
    assert out[3] == (
        f"timer {timer.id} (deadline) of game {b}: SET ASIDE on 2023-11-14 22:13 UTC after 28 failed tries: "
        "KeyError: 'seat' (a traceback line) "
        f"(once the cause is fixed: python -m storage retry-timer {timer.id})"
    )
    assert out[4:] == ["2 games checked, 1 problems."]
    assert await asyncio.to_thread(main, ["check", str(a), "--database", str(db_path)]) == 0  # not a's
    capsys.readouterr()

    assert await asyncio.to_thread(main, ["retry-timer", str(timer.id), "--database", str(db_path)]) == 0
    assert f"Timer {timer.id} is due again now" in capsys.readouterr().out
    [back] = await store.timers(b)
    assert not back.set_aside and back.attempts == 0 and back.due_at > T0
    assert await store.next_due() == [back]
    assert await asyncio.to_thread(main, ["retry-timer", str(timer.id), "--database", str(db_path)]) == 2
    assert capsys.readouterr().err.strip() == f"No timer {timer.id} is set aside."
    assert await asyncio.to_thread(main, ["check", "--database", str(db_path)]) == 0


def test_check_of_a_missing_database_creates_nothing(tmp_path: Path) -> None:
    result = run_module("storage", "check", "--database", str(tmp_path / "nothing.db"))
    assert result.returncode == 2
    assert "There is no database at" in result.stderr
    assert not (tmp_path / "nothing.db").exists()


def test_backups_taken_while_a_worker_writes_are_consistent(tmp_path: Path) -> None:
    """``python -m storage backup`` as a real command, online, with DATABASE_PATH from the environment."""
    db = tmp_path / "live.db"
    path = os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))
    worker = subprocess.Popen(
        [sys.executable, str(WORKER), str(db), "7"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": path},
    )
    try:
        assert worker.stdout is not None
        assert select.select([worker.stdout], [], [], 20)[0], "the worker did not start"
        assert worker.stdout.readline().strip() == b"ready"
        backups = []
        for i in range(4):
            out = tmp_path / f"backup{i}.db"
            result = run_module("storage", "backup", str(out), env={"DATABASE_PATH": str(db)}, cwd=tmp_path)
            assert result.returncode == 0, result.stderr
            backups.append(out)
        assert worker.poll() is None, worker.communicate()[1].decode()  # it wrote all along
    finally:
        worker.send_signal(signal.SIGKILL)
        worker.communicate()

    counts = []
    for out in backups:
        result = run_module("storage", "check", "--database", str(out))
        assert result.returncode == 0, result.stdout + result.stderr
        assert "integrity: ok" in result.stdout
        with closing(sqlite3.connect(out)) as conn:
            counts.append(conn.execute("SELECT count(*) FROM actions").fetchone()[0])
    assert counts == sorted(counts) and counts[-1] > counts[0]  # taken at different moments


@pytest.mark.sqlite_only
async def test_recompute_ratings_rewrites_them_from_the_results(
    store: Store, start_game: StartGame, play: Play, db_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for seed, guild in ((3, 1000), (4, 1000), (5, 1001)):
        await play(await start_game(users=(11, 12), seed=seed, guild=guild), 10_000)
    board = await store.leaderboard(1000)
    await store.close()
    with closing(sqlite3.connect(db_path)) as conn:
        conn.execute("UPDATE ratings SET rating = 0, games = 99, wins = 0")  # damaged by hand
        conn.commit()
    args = ["recompute-ratings", "--database", str(db_path)]
    assert await asyncio.to_thread(main, [*args, "--guild", "1000"]) == 0
    assert "Rated 2 finished games again on server 1000." in capsys.readouterr().out
    assert await asyncio.to_thread(main, args) == 0
    assert "Rated 3 finished games again on all servers." in capsys.readouterr().out
    async with Store.open(db_path) as reopened:
        assert await reopened.leaderboard(1000) == board
