"""The database file before anything writes to it: can it be written, is it sound, which schema is it?

``Store.open`` and ``python -m storage check`` call these first. ``inspect_file`` reads the file through a
connection opened with ``mode=ro``, so a damaged file, or one from a newer program, is never migrated,
switched to WAL or "repaired": nothing is written to a file that failed its checks.

``database_error`` turns SQLite's codes for a file or disk that cannot be used (damaged, read-only, full,
locked, I/O error) into a ``DatabaseUnusableError`` with a one-sentence message. A full disk is named as
such whatever SQLite calls it (``disk_is_full``): it is never "damage", whose advice is a backup.
"""

from __future__ import annotations

import os
import sqlite3
from contextlib import closing
from dataclasses import dataclass
from pathlib import Path

from storage.errors import (
    DatabaseBusyError,
    DatabaseCorruptError,
    DatabaseFullError,
    DatabaseReadOnlyError,
    DatabaseUnusableError,
)
from storage.repair import BOOKKEEPING_TABLES


class _Code:
    """SQLite's primary result codes (the low byte of an extended code), and the extended codes of an I/O
    error that reading the file's pages gave (a bad disk or a truncated file, not a failed write)."""

    BUSY, LOCKED, READONLY, IOERR, CORRUPT, FULL, CANTOPEN, NOTADB = 5, 6, 8, 10, 11, 13, 14, 26
    IOERR_READ, IOERR_SHORT_READ = 266, 522


# Free space under which an I/O error is put down to a full disk: SQLite reports ENOSPC as SQLITE_FULL only
# where it writes pages; growing the shared-memory file of WAL mode (32 KiB at a time) reports an I/O error.
FULL_DISK_MARGIN = 1 << 20


def disk_is_full(path: str) -> bool:
    """True if the filesystem holding ``path`` has less than ``FULL_DISK_MARGIN`` bytes, or no inode, left
    for this process."""
    try:
        stats = os.statvfs(Path(path).absolute().parent)
    except OSError:
        return False
    no_inodes = stats.f_files > 0 and stats.f_favail == 0  # f_files 0: the filesystem counts none
    return stats.f_bavail * stats.f_frsize < FULL_DISK_MARGIN or no_inodes


def database_error(path: str, exc: BaseException) -> DatabaseUnusableError | None:
    """The error to raise for ``exc`` if it says the file or its disk cannot be used, else None (a bug or a
    constraint: the caller lets it through)."""
    code = getattr(exc, "sqlite_errorcode", None)
    if not isinstance(exc, sqlite3.Error) or not isinstance(code, int):
        return None
    detail = str(exc)
    if code & 0xFF in (_Code.IOERR, _Code.CANTOPEN) and disk_is_full(path):
        return DatabaseFullError(path)
    match code & 0xFF:
        case _Code.CORRUPT:
            return DatabaseCorruptError(path, detail)
        case _Code.NOTADB:
            return DatabaseCorruptError(path, detail, not_a_database=True)
        case _Code.READONLY:
            return DatabaseReadOnlyError(path, detail)
        case _Code.FULL:
            return DatabaseFullError(path)
        case _Code.BUSY | _Code.LOCKED:
            return DatabaseBusyError(path)
        case _Code.IOERR:
            return DatabaseUnusableError(f"The database {path} could not be read or written ({detail}).")
        case _Code.CANTOPEN:
            return DatabaseUnusableError(f"The database {path} cannot be opened: {detail}.")
    return None


def check_access(path: str) -> None:
    """Raise ``DatabaseUnusableError`` (or ``DatabaseReadOnlyError``) unless the bot can read and write the
    file, if it exists, and create files in its folder (WAL mode keeps ``-wal`` and ``-shm`` files there).

    ``os.access`` asks the kernel what would fail: for root too it refuses an immutable file (``chattr +i``)
    or a read-only mount, while a mode of 0444 does not stop root, and so is no error for root.
    """
    file = Path(path)
    folder = file.absolute().parent
    if file.exists():
        if not file.is_file():
            raise DatabaseUnusableError(f"The database {path} cannot be opened: it is not a file.")
        if not os.access(file, os.R_OK):
            raise DatabaseUnusableError(f"The database {path} cannot be opened: the bot may not read it.")
        if not os.access(file, os.W_OK):
            raise DatabaseReadOnlyError(path, "the file is read-only")
    elif not folder.is_dir():
        raise DatabaseUnusableError(f"The database {path} cannot be opened: there is no folder {folder}.")
    if not os.access(folder, os.W_OK | os.X_OK):
        raise DatabaseReadOnlyError(path, f"its folder {folder} is read-only")


@dataclass(frozen=True)
class FileCheck:
    schema_version: int | None  # PRAGMA user_version; None when the damage hides it
    problems: tuple[str, ...]  # integrity findings, one line each; empty when the file is sound


def integrity_findings(conn: sqlite3.Connection, *, thorough: bool) -> list[str]:
    """``quick_check`` (or ``integrity_check`` plus ``foreign_key_check`` when ``thorough``) as one-line
    sentences: damage that needs a backup. A bookkeeping row of a missing game is no damage: it is left to
    ``storage.repair``. A page so damaged that SQLite stops the check with an error is a finding too, never an
    exception: ``integrity_check`` gives up where ``quick_check`` may still name the page, so it is asked.
    """
    try:
        rows = conn.execute("PRAGMA integrity_check" if thorough else "PRAGMA quick_check").fetchall()
        found = [" ".join(r[0].split()) for r in rows if r[0] != "ok"]  # a finding may span lines
        if thorough:
            for table, rowid, parent, _ in conn.execute("PRAGMA foreign_key_check"):
                if table not in BOOKKEEPING_TABLES:  # those are storage.repair's, not damage
                    found.append(f"row {rowid} of {table} points to a missing {parent} row")
    except sqlite3.DatabaseError as exc:
        if not _is_damage(exc):
            raise
        if thorough:
            found = integrity_findings(conn, thorough=False)
            if found:
                return found
        found = [f"the check stopped on a damaged page: {exc}"]
    return found


def inspect_file(path: str, *, thorough: bool = False, busy_timeout_ms: int = 10_000) -> FileCheck | None:
    """Read an existing database through a read-only connection: its schema version and integrity.

    None if there is no file yet, or an empty one (SQLite starts a new database in it). Damage is returned in
    ``problems``; raises ``DatabaseCorruptError`` for a file that is not a SQLite database at all and
    ``DatabaseUnusableError`` if it cannot be opened. Blocking: call it in a thread from async code.
    """
    file = Path(path)
    if not file.is_file() or file.stat().st_size == 0:
        return None
    uri = file.absolute().as_uri() + "?mode=ro"
    try:
        with closing(sqlite3.connect(uri, uri=True, timeout=busy_timeout_ms / 1000)) as conn:
            try:
                version = int(conn.execute("PRAGMA user_version").fetchone()[0])
            except sqlite3.DatabaseError as exc:
                if not _is_damage(exc):
                    raise
                return FileCheck(None, (f"its first pages cannot be read: {exc}",))
            return FileCheck(version, tuple(integrity_findings(conn, thorough=thorough)))
    except sqlite3.Error as exc:
        error = database_error(path, exc)
        if error is None:
            raise
        raise error from exc


def _is_damage(exc: sqlite3.Error) -> bool:
    """A damaged file (a bad or missing page), as opposed to a file that is no database at all, or one
    that SQLite could not write beside (the shared-memory file of WAL mode on a full disk, say)."""
    code = getattr(exc, "sqlite_errorcode", 0)
    return code & 0xFF == _Code.CORRUPT or code in (_Code.IOERR_READ, _Code.IOERR_SHORT_READ)
