"""A full disk (issue 17): "the disk is full" from ``Store.open``, ``python -m storage check`` and the bot's
start-up line, whatever journal mode the file was left in, and from a store in play; never "damaged" or
"restore a backup": the file is intact, and restoring a backup would lose every game saved since.

The disk is a real one: a tmpfs of a few MiB mounted in tmp_path, filled to its last byte by another file.
Mounting needs root (CI runs as root); elsewhere these tests are skipped with that reason. PostgreSQL's
full disk is tested on a server of its own whose data folder is on such a disk. A cleanly stopped
bot leaves a WAL database as one file, with no ``-wal`` or ``-shm`` beside it: opening it must create the
shared-memory file, which a full disk refuses with an I/O error, not SQLite's "full".
"""

from __future__ import annotations

import hashlib
import os
import sqlite3
import subprocess
from collections.abc import Iterator
from contextlib import closing, contextmanager
from pathlib import Path

import pytest

from engine import Game, dump
from storage import DatabaseFullError, Store
from tests.pgserver import NoServerError, PostgresServer

from .conftest import T0, make_database, run_module

DISK_BYTES = 4 << 20
PG_DISK_BYTES = 120 << 20
GAMES, MOVES = 6, 25  # make_database's


@contextmanager
def _small_disk(folder: Path, size: int) -> Iterator[Path]:
    """``folder`` on a filesystem of its own, ``size`` bytes big."""
    folder.mkdir()
    mounted = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(folder)],
        capture_output=True,
        text=True,
        check=False,
    )
    if mounted.returncode != 0:
        pytest.skip(f"a small disk is a tmpfs mount, which needs root: {mounted.stderr.strip()}")
    try:
        yield folder
    finally:
        subprocess.run(["umount", str(folder)], check=True)


@pytest.fixture
def disk(tmp_path: Path) -> Iterator[Path]:
    with _small_disk(tmp_path / "disk", DISK_BYTES) as folder:
        yield folder


def _fill(folder: Path) -> Path:
    """Write a file until the disk refuses another byte; returns it (delete it to free the space)."""
    filler = folder / "filler"
    fd = os.open(filler, os.O_WRONLY | os.O_CREAT)
    try:
        while True:
            os.write(fd, b"\0" * 4096)
    except OSError as exc:
        assert exc.errno == 28, exc  # ENOSPC
    try:  # the last few bytes of the last block
        while True:
            os.write(fd, b"\0")
    except OSError:
        pass
    finally:
        os.close(fd)
    return filler


def _names(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir())


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _says_full_not_restore(text: str) -> str:
    assert "is full" in text and "free some space" in text, text
    for wrong in ("restore", "backup", "damaged"):
        assert wrong not in text, text
    assert "Traceback" not in text
    return text


def _one_line(text: str) -> str:
    lines = text.strip().splitlines()
    assert len(lines) == 1, text
    return lines[0]


@pytest.mark.parametrize("journal", ["wal", "delete"])
async def test_a_full_disk_is_named_at_start_in_check_and_by_the_bot(disk: Path, journal: str) -> None:
    path = disk / "tigris.db"
    await make_database(path)
    if journal == "delete":  # a file in rollback mode (an older bot's, or one copied by hand)
        with closing(sqlite3.connect(path)) as conn:
            assert conn.execute("PRAGMA journal_mode = DELETE").fetchone()[0] == "delete"
    assert _names(disk) == ["tigris.db"]
    before = _digest(path)
    filler = _fill(disk)

    with pytest.raises(DatabaseFullError) as caught:
        await Store.open(path)
    message = _says_full_not_restore(str(caught.value))
    assert str(path) in message and "\n" not in message

    result = run_module("storage", "check", "--database", str(path))
    assert result.returncode == 2, result.stdout + result.stderr
    # a file in rollback mode is read before the full disk stops its switch to WAL, a WAL file is not
    assert result.stdout == ("" if journal == "wal" else "integrity: ok\n")
    assert _one_line(result.stderr) == message

    result = run_module("bot", env={"DISCORD_TOKEN": "not-a-token", "DATABASE_PATH": str(path)}, cwd=disk)
    assert result.returncode == 1
    assert _one_line(result.stderr) == f"The bot cannot start: {_says_full_not_restore(message)}"
    assert _digest(path) == before  # nothing was written to it

    filler.unlink()  # space freed: everything is there
    result = run_module("storage", "check", "--database", str(path))
    assert result.returncode == 0, result.stdout + result.stderr
    assert f"{GAMES + 1} games checked, 0 problems." in result.stdout  # and a lobby
    async with Store.open(path) as store:
        for game_id in range(1, GAMES + 1):
            assert await store.verify_replay(game_id) == MOVES


async def _play_until_the_disk_is_full(store: Store, game_id: int, disk: Path) -> None:
    """Fill the disk, play until a move is refused (nothing of it saved), free the space, play on."""
    record = await store.load_game(game_id)
    game, version = record.game(), record.version
    filler = _fill(disk)
    caught: DatabaseFullError | None = None
    for _ in range(300):  # the log grows with each move until the disk refuses a page
        seat = game.to_act
        assert seat is not None
        after = game.copy()
        action = str(after.legal_actions()[0])
        after.apply(action)
        try:
            appended = await store.append_action(game_id, version, seat, action, after, T0 + version)
        except DatabaseFullError as exc:
            caught = exc
            break
        game, version = after, appended.version
    assert caught is not None, "the disk never filled up"
    _says_full_not_restore(str(caught))
    assert (await store.load_game(game_id)).version == version  # the refused move left no trace
    assert await store.verify_replay(game_id) == version

    filler.unlink()
    seat = game.to_act
    assert seat is not None
    action = str(game.legal_actions()[0])
    game.apply(action)
    appended = await store.append_action(game_id, version, seat, action, game, T0 + version)
    assert appended.version == version + 1
    assert await store.verify_replay(game_id) == version + 1


async def test_a_full_disk_in_play_refuses_the_move_and_the_next_one_goes_through(disk: Path) -> None:
    path = disk / "tigris.db"
    await make_database(path, moves=0)
    async with Store.open(path) as store:
        await _play_until_the_disk_is_full(store, 1, disk)
        assert await store.integrity_problems() == []


async def test_a_full_disk_under_postgresql_is_named_too(tmp_path: Path) -> None:
    """PostgreSQL's own "could not extend file" (53100): the same sentence as SQLite's, nothing damaged.
    A server of its own, on a disk of its own (the data folder takes about 40 MB)."""
    with _small_disk(tmp_path / "pgdisk", PG_DISK_BYTES) as folder:
        server = PostgresServer(folder / "server")
        (folder / "server").mkdir()
        try:
            server.start()
        except NoServerError as exc:
            pytest.fail(f"PostgreSQL server unavailable: {exc}", pytrace=False)
        try:
            async with Store.open(await server.new_schema()) as store:
                record = await store.create_game(1, 100, 11, T0)
                for user in (11, 12):
                    record = await store.add_seat(record.id, user, T0)
                await store.start_game(record.id, 5, dump(Game.new(2, 5)), T0)
                await _play_until_the_disk_is_full(store, record.id, folder)
        finally:
            server.stop()
