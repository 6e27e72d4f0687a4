"""Admin commands: ``python -m storage backup OUT.db`` and ``python -m storage check [GAME_ID]``.

The database is ``--database PATH``, else the ``DATABASE_PATH`` environment variable, else ``tigris.db``.
Exit status: 0 all good, 1 a check found a problem, 2 the command could not run.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sqlite3
import sys
from contextlib import closing
from pathlib import Path

from storage.errors import ReplayMismatchError, StorageError
from storage.store import DEFAULT_PATH, Store, backup_database


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m storage", description=__doc__.splitlines()[0])
    database = argparse.ArgumentParser(add_help=False)
    database.add_argument(
        "--database",
        metavar="PATH",
        default=os.environ.get("DATABASE_PATH") or DEFAULT_PATH,
        help="the database file (default: $DATABASE_PATH or tigris.db)",
    )
    commands = parser.add_subparsers(dest="command", required=True)
    backup = commands.add_parser(
        "backup", parents=[database], help="copy the database consistently, even while the bot runs"
    )
    backup.add_argument("out", metavar="OUT.db", help="the new file to write (must not exist)")
    check = commands.add_parser(
        "check", parents=[database], help="integrity check, then replay every game's log (or one game's)"
    )
    check.add_argument("game_id", metavar="GAME_ID", type=int, nargs="?", help="check only this game")
    return parser


async def _backup(database: str, out: str) -> int:
    await backup_database(database, out)
    problems = await asyncio.to_thread(_integrity_of_file, out)
    if problems:
        print(f"The backup {out} was written but fails its integrity check: {problems[0]}", file=sys.stderr)
        return 1
    print(f"Backed up {database} to {out}.")
    return 0


def _integrity_of_file(path: str) -> list[str]:
    with closing(sqlite3.connect(path)) as conn:
        return [r[0] for r in conn.execute("PRAGMA integrity_check") if r[0] != "ok"]


async def _check(database: str, game_id: int | None) -> int:
    failures = 0
    async with Store.open(database) as store:
        problems = await store.integrity_problems()
        for problem in problems:
            print(f"integrity: {problem}")
        if not problems:
            print("integrity: ok")
        failures += len(problems)
        ids = [game_id] if game_id is not None else await store.game_ids()
        for gid in ids:
            try:
                count = await store.verify_replay(gid)
            except ReplayMismatchError as exc:
                failures += 1
                print(f"game {gid}: FAILED: {exc}")
            else:
                print(f"game {gid}: ok ({count} actions replayed)")
    if game_id is None:
        print(f"{len(ids)} games checked, {failures} problems.")
    return 1 if failures else 0


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    try:
        if args.command == "backup":
            return asyncio.run(_backup(args.database, args.out))
        if not Path(args.database).is_file():  # opening would create an empty database
            raise StorageError(f"There is no database at {args.database}.")
        return asyncio.run(_check(args.database, args.game_id))
    except StorageError as exc:
        print(exc, file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
