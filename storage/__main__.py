"""Admin commands: ``python -m storage backup OUT.db``, ``check [GAME_ID]``, ``repair``,
``retry-timer TIMER_ID``, ``recompute-ratings [--guild ID]`` and ``migrate-to postgresql://...``.

The database is ``--database PATH_OR_URL``, else ``$DATABASE_URL`` (a ``postgresql://`` URL), else
``$DATABASE_PATH``, else ``tigris.db``. ``backup`` is for a SQLite file (PostgreSQL: ``pg_dump``, see
docs/deploy.md); ``migrate-to`` copies the SQLite file into an empty PostgreSQL database and checks that
every game replays there.
Exit status: 0 all good; 1 a check found a problem (damage, a game that does not replay, a timer set aside,
something to repair), or repair met a damaged file; 2 the command could not run (no file, not a database,
read-only, a full disk, newer schema...): one line on stderr.

``check`` first reads the file through a read-only connection (``PRAGMA integrity_check`` and
``foreign_key_check``): a damaged file is reported line by line and left untouched, its games not replayed.
Only damage advises a backup. An inconsistency the program sets right itself (``storage.repair``: a timer of
a missing or ended game, a presentation mark beyond the game's version, ...) is listed as "repairable", and
``repair`` says what it changes, then changes it in one transaction (it refuses a damaged file). A full disk
is named as such (exit status 2), never as damage.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
import time
from datetime import UTC, datetime
from pathlib import Path

from storage.backends import backup_database
from storage.copy import copy_to_postgres
from storage.errors import BackupError, ReplayMismatchError, StorageError
from storage.files import FileCheck, inspect_file
from storage.postgres import is_postgres_url, redact
from storage.records import Timer
from storage.store import DEFAULT_PATH, Store


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m storage", description=__doc__.splitlines()[0])
    database = argparse.ArgumentParser(add_help=False)
    database.add_argument(
        "--database",
        metavar="PATH_OR_URL",
        default=os.environ.get("DATABASE_URL") or os.environ.get("DATABASE_PATH") or DEFAULT_PATH,
        help="the database file or postgresql:// URL (default: $DATABASE_URL, $DATABASE_PATH or tigris.db)",
    )
    commands = parser.add_subparsers(dest="command", required=True)
    backup = commands.add_parser(
        "backup", parents=[database], help="copy the database consistently, even while the bot runs"
    )
    backup.add_argument("out", metavar="OUT.db", help="the new file to write (must not exist)")
    check = commands.add_parser(
        "check",
        parents=[database],
        help="integrity check, then replay every game's log (or one game's), then list set-aside timers",
    )
    check.add_argument("game_id", metavar="GAME_ID", type=int, nargs="?", help="check only this game")
    commands.add_parser(
        "repair",
        parents=[database],
        help="say what is inconsistent but needs no backup (check marks it repairable), then set it right",
    )
    retry = commands.add_parser(
        "retry-timer",
        parents=[database],
        help="put back a timer that was set aside after failing (check lists them): due at once",
    )
    retry.add_argument("timer_id", metavar="TIMER_ID", type=int)
    ratings = commands.add_parser(
        "recompute-ratings",
        parents=[database],
        help="rate every finished game again from its results, in the order they finished",
    )
    ratings.add_argument("--guild", metavar="ID", type=int, help="only this server (default: all)")
    migrate_to = commands.add_parser(
        "migrate-to",
        help="copy the SQLite file (--database PATH) into an empty PostgreSQL database, then check its games",
    )
    migrate_to.add_argument("url", metavar="postgresql://...", help="the PostgreSQL database to fill")
    migrate_to.add_argument(
        "--database",
        metavar="PATH",
        default=os.environ.get("DATABASE_PATH") or DEFAULT_PATH,
        help="the SQLite file to copy (default: $DATABASE_PATH or tigris.db)",
    )
    return parser


async def _backup(database: str, out: str) -> int:
    await backup_database(database, out)
    inspected = await asyncio.to_thread(inspect_file, out, thorough=True)
    if inspected is None:
        raise BackupError(f"The backup {out} was not written.")
    if inspected.problems:
        print(
            f"The backup {out} was written but fails its integrity check: {inspected.problems[0]}",
            file=sys.stderr,
        )
        return 1
    print(f"Backed up {database} to {out}.")
    return 0


def _set_aside_line(timer: Timer) -> str:
    when = datetime.fromtimestamp(timer.set_aside_at or 0, UTC).strftime("%Y-%m-%d %H:%M UTC")
    error = " ".join((timer.last_error or "no error was recorded").split())
    return (
        f"timer {timer.id} ({timer.kind}) of game {timer.game_id}: SET ASIDE on {when} after "
        f"{timer.attempts} failed tries: {error} (once the cause is fixed: python -m storage retry-timer "
        f"{timer.id})"
    )


def _damage(database: str) -> FileCheck | None:
    """A SQLite file's thorough integrity check (None for PostgreSQL, which checks its pages itself)."""
    return None if is_postgres_url(database) else inspect_file(database, thorough=True)


def _report_damage(inspected: FileCheck, what_next: str) -> None:
    for problem in inspected.problems:
        print(f"integrity: {problem}")
    count = len(inspected.problems)
    problems = f"{count} problem{'s' if count > 1 else ''}"
    print(f"The database is damaged ({problems}); {what_next}: restore a backup.")


async def _check(database: str, game_id: int | None) -> int:
    inspected = await asyncio.to_thread(_damage, database)
    if inspected is not None and inspected.problems:
        _report_damage(inspected, "it was left as it is and its games were not replayed")
        return 1
    # PostgreSQL checks its pages and keys itself (pg_amcheck for more).
    print("integrity: ok" if inspected is not None else "integrity: left to PostgreSQL")
    failures = 0
    async with Store.open(database) as store:
        ids = [game_id] if game_id is not None else await store.game_ids()
        for gid in ids:
            try:
                count = await store.verify_replay(gid)
            except ReplayMismatchError as exc:
                failures += 1
                print(f"game {gid}: FAILED: {exc}")
            else:
                replayed = len(await store.effective_actions(gid))
                undone = f", {(count - replayed) // 2} taken back" if replayed < count else ""
                print(f"game {gid}: ok ({replayed} actions replayed{undone})")
        set_aside = [t for t in await store.set_aside_timers(limit=10_000) if game_id in (None, t.game_id)]
        repairable = [i for i in await store.inconsistencies() if game_id in (None, i.game_id)]
    for timer in set_aside:
        failures += 1
        print(_set_aside_line(timer))
    for inconsistency in repairable:
        failures += 1
        print(f"repairable: {inconsistency}")
    if game_id is None:
        print(f"{len(ids)} games checked, {failures} problems.")
    if repairable:
        count = len(repairable)
        print(f"python -m storage repair sets right the {count} marked repairable; they need no backup.")
    return 1 if failures else 0


async def _repair(database: str) -> int:
    inspected = await asyncio.to_thread(_damage, database)
    if inspected is not None and inspected.problems:
        _report_damage(inspected, "repair sets right the rows of a sound file, not a damaged one")
        return 1
    async with Store.open(database) as store:
        planned = await store.inconsistencies()
        if not planned:
            print("Nothing to repair.")
            return 0
        print(f"Repairing {len(planned)} problem{'s' if len(planned) > 1 else ''}:")
        for inconsistency in planned:
            print(f"  {inconsistency}")
        done = await store.repair(int(time.time()))
    if done != planned:  # the running bot changed some rows meanwhile
        print("Meanwhile the database changed; these were repaired:")
        for inconsistency in done:
            print(f"  {inconsistency}")
    print(f"Repaired {len(done)} problem{'' if len(done) == 1 else 's'}.")
    return 0


async def _retry_timer(database: str, timer_id: int) -> int:
    async with Store.open(database) as store:
        if not await store.retry_timer(timer_id, int(time.time())):
            raise StorageError(f"No timer {timer_id} is set aside.")
    print(f"Timer {timer_id} is due again now; a running bot fires it the next time it looks at its timers.")
    return 0


async def _recompute_ratings(database: str, guild_id: int | None) -> int:
    async with Store.open(database) as store:
        rated = await store.recompute_ratings(guild_id)
    where = "all servers" if guild_id is None else f"server {guild_id}"
    print(f"Rated {rated} finished game{'' if rated == 1 else 's'} again on {where}.")
    return 0


async def _migrate_to(database: str, url: str) -> int:
    if not is_postgres_url(url):
        raise StorageError(f"{url} is not a postgresql:// URL.")
    copied = await copy_to_postgres(database, url)
    total = sum(copied.rows.values())
    print(
        f"Copied {database} to {redact(url)}: {total} rows ({copied.rows['games']} games, "
        f"{copied.rows['actions']} actions); {copied.games_verified} games replay to their saved positions."
    )
    return 0


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    try:
        if args.command == "backup":
            if is_postgres_url(args.database):
                raise StorageError("backup copies a SQLite file; PostgreSQL: pg_dump (docs/deploy.md).")
            return asyncio.run(_backup(args.database, args.out))
        if args.command == "migrate-to":
            if is_postgres_url(args.database) or not Path(args.database).is_file():
                raise StorageError(f"There is no SQLite database at {args.database}.")
            return asyncio.run(_migrate_to(args.database, args.url))
        if not is_postgres_url(args.database) and not Path(args.database).is_file():
            # opening would create an empty database
            raise StorageError(f"There is no database at {args.database}.")
        if args.command == "retry-timer":
            return asyncio.run(_retry_timer(args.database, args.timer_id))
        if args.command == "repair":
            return asyncio.run(_repair(args.database))
        if args.command == "recompute-ratings":
            return asyncio.run(_recompute_ratings(args.database, args.guild))
        return asyncio.run(_check(args.database, args.game_id))
    except StorageError as exc:
        print(exc, file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
