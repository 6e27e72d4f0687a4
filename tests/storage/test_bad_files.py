"""Bad database files: one clear sentence from ``Store.open``, ``python -m storage check`` and the bot's
start-up; no traceback; nothing written to a file that failed its checks.

Read-only files for root (CI runs as root, and root may write a file of mode 0444): ``chattr +i`` makes a file
or folder immutable, which stops root too, and ``os.access`` reports it, as it does a read-only mount. Where
``chattr +i`` is unavailable to root the end-to-end read-only tests are skipped; the ``os.access`` decision
and SQLite's read-only error are still tested, always.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import sqlite3
import subprocess
from collections.abc import Iterator
from contextlib import closing, contextmanager
from pathlib import Path

import aiosqlite
import pytest

from engine import dump
from storage import (
    SCHEMA_VERSION,
    DatabaseCorruptError,
    DatabaseFullError,
    DatabaseReadOnlyError,
    DatabaseUnusableError,
    SchemaTooNewError,
    Status,
    StorageError,
    Store,
)
from storage import backends as store_module
from storage.files import check_access, database_error
from storage.schema import MIGRATIONS, migrate, user_version

from .conftest import T0, make_database, run_module

PAGE = 4096


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _damage_page(path: Path, page: int | None = None) -> None:
    """Overwrite one page (by default one in the middle of the file) with bytes that mean nothing."""
    data = bytearray(path.read_bytes())
    page = len(data) // PAGE // 2 if page is None else page
    data[page * PAGE : (page + 1) * PAGE] = bytes(range(256)) * (PAGE // 256)
    path.write_bytes(data)


def _truncate(path: Path, keep: float) -> None:
    """Keep a fraction of the file (keep < 1) or its first ``keep`` bytes."""
    with path.open("r+b") as file:
        size = file.seek(0, os.SEEK_END)
        file.truncate(int(size * keep) if keep < 1 else int(keep))


def _files(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir())


def _one_line(text: str) -> str:
    lines = text.strip().splitlines()
    assert len(lines) == 1, text
    assert "Traceback" not in text
    return lines[0]


def _assert_one_sentence(exc: BaseException) -> str:
    message = str(exc)
    assert "\n" not in message and message.endswith("."), message
    assert isinstance(exc, StorageError)
    return message


@pytest.fixture
async def database(tmp_path: Path) -> Path:
    path = tmp_path / "games" / "tigris.db"
    path.parent.mkdir()
    await make_database(path)
    return path


# ------------------------------------------------------------------------------------------ damaged files


async def test_a_damaged_page_is_refused_and_left_as_it_is(database: Path) -> None:
    _damage_page(database)
    before = _digest(database)

    with pytest.raises(DatabaseCorruptError) as caught:
        await Store.open(database)
    message = _assert_one_sentence(caught.value)
    assert str(database) in message and "is damaged" in message and "restore a backup" in message
    assert _digest(database) == before

    result = run_module("storage", "check", "--database", str(database))
    assert result.returncode == 1, result.stderr
    assert "Traceback" not in result.stdout + result.stderr
    lines = result.stdout.splitlines()
    assert lines[0].startswith("integrity: ") and lines[0] != "integrity: ok"
    assert lines[-1].startswith("The database is damaged (") and "restore a backup" in lines[-1]
    assert not any(line.startswith("game ") for line in lines)  # no replay of a damaged file
    assert _digest(database) == before

    result = run_module(
        "bot", env={"DISCORD_TOKEN": "not-a-token", "DATABASE_PATH": str(database)}, cwd=database.parent
    )
    assert result.returncode == 1
    assert _one_line(result.stderr) == f"The bot cannot start: {message}"
    assert _digest(database) == before


async def test_a_damaged_file_found_by_an_open_store_is_reported_not_raised(database: Path) -> None:
    async with Store.open(database) as store:
        _damage_page(database, 3)  # damaged behind the running bot's back
        problems = await store.integrity_problems()
    assert problems and all("\n" not in p for p in problems)


@pytest.mark.parametrize("keep", [0.5, 0.25, 2 * PAGE, 50])
async def test_a_truncated_file_is_refused_and_left_as_it_is(database: Path, keep: float) -> None:
    _truncate(database, keep)
    before = _digest(database)
    with pytest.raises(DatabaseCorruptError) as caught:
        await Store.open(database)
    assert "is damaged" in _assert_one_sentence(caught.value)
    assert _digest(database) == before

    result = run_module("storage", "check", "--database", str(database))
    assert result.returncode == 1, result.stdout + result.stderr
    assert "Traceback" not in result.stdout + result.stderr
    assert result.stdout.splitlines()[-1].startswith("The database is damaged")
    assert _digest(database) == before


async def test_a_file_that_is_not_a_database_is_refused_and_left_as_it_is(tmp_path: Path) -> None:
    path = tmp_path / "notes.db"
    path.write_bytes(b"these are not the pages you are looking for\n" * 100)
    before = _digest(path)
    with pytest.raises(DatabaseCorruptError) as caught:
        await Store.open(path)
    message = _assert_one_sentence(caught.value)
    assert "is not a usable SQLite database" in message and "DATABASE_PATH" in message
    assert _digest(path) == before and _files(tmp_path) == ["notes.db"]

    result = run_module("storage", "check", "--database", str(path))
    assert result.returncode == 2 and result.stdout == ""
    assert _one_line(result.stderr) == message


async def test_an_empty_file_becomes_a_new_database(tmp_path: Path) -> None:
    path = tmp_path / "tigris.db"
    path.touch()  # e.g. made by a deployment script before the first start
    async with Store.open(path) as store:
        assert await store.schema_version() == SCHEMA_VERSION


async def test_a_newer_schema_is_refused_before_anything_is_written(tmp_path: Path) -> None:
    path = tmp_path / "tigris.db"
    with closing(sqlite3.connect(path)) as conn:  # a newer program's file, still in rollback-journal mode
        conn.execute("CREATE TABLE games (id INTEGER PRIMARY KEY, future TEXT)")
        conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    before = _digest(path)
    with pytest.raises(SchemaTooNewError) as caught:
        await Store.open(path)
    message = _assert_one_sentence(caught.value)
    assert _digest(path) == before  # not even switched to WAL
    result = run_module("storage", "check", "--database", str(path))
    assert result.returncode == 2 and _one_line(result.stderr) == message
    result = run_module("bot", env={"DISCORD_TOKEN": "not-a-token", "DATABASE_PATH": str(path)}, cwd=tmp_path)
    assert result.returncode == 1 and _one_line(result.stderr) == f"The bot cannot start: {message}"
    assert _digest(path) == before


# ------------------------------------------------------------------------------------------ read-only


@contextmanager
def _read_only(path: Path) -> Iterator[None]:
    """Make a file or folder read-only for whoever runs the tests, root included (see the module doc)."""
    if os.geteuid() != 0:
        mode = path.stat().st_mode
        path.chmod(0o555 if path.is_dir() else 0o444)
        try:
            yield
        finally:
            path.chmod(mode)
        return
    chattr = shutil.which("chattr")
    if (
        chattr is None
        or subprocess.run([chattr, "+i", str(path)], capture_output=True, check=False).returncode
    ):
        pytest.skip("root cannot be stopped from writing here: no `chattr +i` on this filesystem")
    try:
        yield
    finally:
        subprocess.run([chattr, "-i", str(path)], check=True)


async def test_a_read_only_file_is_refused_with_one_line(database: Path) -> None:
    before = _digest(database)
    with _read_only(database):
        assert not os.access(database, os.W_OK)
        with pytest.raises(DatabaseReadOnlyError) as caught:
            await Store.open(database)
        message = _assert_one_sentence(caught.value)
        assert "the file is read-only" in message and str(database) in message
        result = run_module("storage", "check", "--database", str(database))
        assert result.returncode == 2 and _one_line(result.stderr) == message
        env = {"DISCORD_TOKEN": "not-a-token", "DATABASE_PATH": str(database)}
        result = run_module("bot", env=env, cwd=database.parent)
        assert result.returncode == 1 and _one_line(result.stderr) == f"The bot cannot start: {message}"
    assert _digest(database) == before
    async with Store.open(database) as store:  # writable again: all there
        assert (await store.load_game(1)).version == 25


async def test_a_read_only_folder_is_refused_with_one_line(database: Path) -> None:
    with _read_only(database.parent):
        with pytest.raises(DatabaseReadOnlyError, match=r"folder .* is read-only") as caught:
            await Store.open(database)
        _assert_one_sentence(caught.value)
        with pytest.raises(DatabaseReadOnlyError, match=r"folder .* is read-only"):
            await Store.open(database.parent / "new.db")
        assert not (database.parent / "new.db").exists()


async def test_the_access_check_follows_what_the_kernel_says(
    database: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The same decisions without chattr: os.access answering as it does for an immutable file."""
    real_access = os.access

    def deny_writes_to(target: Path) -> None:
        def access(path: os.PathLike[str] | str, mode: int, **kwargs: object) -> bool:
            if Path(path) == target and mode & os.W_OK:
                return False
            return real_access(path, mode)

        monkeypatch.setattr("storage.files.os.access", access)

    before = _digest(database)
    deny_writes_to(database)
    with pytest.raises(DatabaseReadOnlyError, match="the file is read-only"):
        check_access(str(database))
    with pytest.raises(DatabaseReadOnlyError):
        await Store.open(database)
    deny_writes_to(database.parent.absolute())
    with pytest.raises(DatabaseReadOnlyError, match=r"its folder .* is read-only"):
        await Store.open(database)
    assert _digest(database) == before
    with pytest.raises(DatabaseUnusableError, match="cannot be opened: it is not a file"):
        check_access(str(database.parent))


async def test_sqlite_read_only_errors_become_one_sentence(database: Path) -> None:
    """A write refused by SQLite itself (here a mode=ro connection, as SQLite falls back to when the file
    cannot be opened for writing) is named, whichever way the file became read-only."""
    with (
        closing(sqlite3.connect(f"file:{database}?mode=ro", uri=True)) as conn,
        pytest.raises(sqlite3.OperationalError) as raw,
    ):
        conn.execute("UPDATE games SET updated_at = 0")
    error = database_error(str(database), raw.value)
    assert isinstance(error, DatabaseReadOnlyError)
    _assert_one_sentence(error)
    assert database_error(str(database), sqlite3.IntegrityError("UNIQUE constraint failed")) is None


# ------------------------------------------------------------------------------------------ disk full


async def _fill_to_the_limit(store: Store) -> None:
    """Simulate a full disk: SQLite may not grow the file past the pages it has now."""
    conn = store._connection()
    pages = next(iter(await conn.execute_fetchall("PRAGMA page_count")))[0]
    await conn.execute_fetchall(f"PRAGMA max_page_count = {pages}")


async def test_a_full_disk_refuses_the_write_whole_and_the_store_goes_on(database: Path) -> None:
    async with Store.open(database) as store:
        record = await store.load_game(1)
        game = record.game()
        await _fill_to_the_limit(store)
        caught: DatabaseFullError | None = None
        version = record.version
        for _ in range(500):  # the last pages fill up; then a write is refused
            seat = game.to_act
            assert seat is not None
            action = str(game.legal_actions()[0])
            game.apply(action)
            try:
                created = await store.create_game(2, 10_000 + version, 11, T0)  # grows games and seats
                await store.add_seat(created.id, 11, T0)
                appended = await store.append_action(1, version, seat, action, dump(game), T0 + 99)
            except DatabaseFullError as exc:
                caught = exc
                break
            version = appended.version
        assert caught is not None, "the page limit was never reached"
        message = _assert_one_sentence(caught)
        assert "is full" in message and str(database) in message
        # Every transaction is whole: the log and the position agree, and nothing is half written.
        assert await store.verify_replay(1) == (await store.load_game(1)).version
        assert await store.integrity_problems() == []
        await store._connection().execute_fetchall("PRAGMA max_page_count = 1073741823")  # space freed
        record = await store.load_game(1)
        game = record.game()
        seat = game.to_act
        assert seat is not None
        action = str(game.legal_actions()[0])
        game.apply(action)
        appended = await store.append_action(1, record.version, seat, action, dump(game), T0 + 100)
        assert appended.version == record.version + 1
        assert await store.verify_replay(1) == appended.version


async def test_a_full_disk_during_an_upgrade_rolls_it_back_and_says_so(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "old.db"
    async with aiosqlite.connect(path, isolation_level=None) as conn:
        await conn.execute_fetchall("PRAGMA journal_mode = WAL")
        assert await migrate(conn, MIGRATIONS[:2]) == 2
        await conn.execute(
            "INSERT INTO games (guild_id, channel_id, creator_id, conflict_hours, reminder_hours, created_at,"
            " updated_at) VALUES (1, 5, 3, 12, 24, 10, 10)"
        )
        pages = next(iter(await conn.execute_fetchall("PRAGMA page_count")))[0]
        await conn.execute_fetchall(f"PRAGMA max_page_count = {pages}")
        with pytest.raises(sqlite3.OperationalError) as raw:  # SQLite's own error, for Store.open to name
            await migrate(conn)
        assert isinstance(database_error(str(path), raw.value), DatabaseFullError)
        assert await user_version(conn) == 2 and not conn.in_transaction

    real_migrate = store_module.migrate

    async def migrate_on_a_full_disk(conn: aiosqlite.Connection) -> int:
        pages = next(iter(await conn.execute_fetchall("PRAGMA page_count")))[0]
        await conn.execute_fetchall(f"PRAGMA max_page_count = {pages}")
        return await real_migrate(conn)

    monkeypatch.setattr(store_module, "migrate", migrate_on_a_full_disk)
    with pytest.raises(DatabaseFullError) as caught:
        await Store.open(path)
    assert "is full" in _assert_one_sentence(caught.value)
    with closing(sqlite3.connect(path)) as conn:
        assert conn.execute("PRAGMA user_version").fetchone()[0] == 2  # rolled back whole
    monkeypatch.setattr(store_module, "migrate", real_migrate)
    async with Store.open(path) as store:  # space freed: the upgrade goes through
        assert await store.schema_version() == SCHEMA_VERSION
        assert (await store.load_game(1)).status is Status.LOBBY
