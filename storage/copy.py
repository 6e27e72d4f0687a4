"""``python -m storage migrate-to postgresql://...``: copy a SQLite database into an empty PostgreSQL one.

Both are first brought to the latest schema by their own migrations (``Store.open``), so their tables match
column for column. Every table is copied in ONE PostgreSQL transaction (all or nothing), with the ids as they
were (old buttons and links carry them), then each identity column continues after the largest id copied.
Afterwards every game of the copy is checked: the same record as in the file, and its log replays to its
saved position (``Store.verify_replay``).
"""

from __future__ import annotations

from dataclasses import dataclass

import aiosqlite
import asyncpg

from storage.errors import ReplayMismatchError, StorageError
from storage.postgres import redact
from storage.store import Store

# Parents before children (foreign keys); the schema version is each database's own.
TABLES = (
    "games", "seats", "actions", "timers", "messages", "seat_owners", "player_settings", "results", "ratings",
    "game_posts", "presentation_steps", "person_languages", "direct_messages",
)  # fmt: skip
IDENTITY_TABLES = ("games", "timers", "seat_owners", "results", "ratings")


@dataclass(frozen=True)
class Copied:
    rows: dict[str, int]
    games_verified: int


async def _columns(conn: aiosqlite.Connection, table: str) -> list[str]:
    return [row[1] for row in await conn.execute_fetchall(f"PRAGMA table_info({table})")]


async def copy_to_postgres(source: str, url: str) -> Copied:
    """Copy the SQLite file ``source`` into the PostgreSQL database at ``url`` (which must hold no game),
    then verify every game. ``StorageError`` with one sentence if it cannot, nothing copied then."""
    shown = redact(url)
    async with Store.open(source), Store.open(url) as target:  # both at the latest schema
        if await target.game_ids():
            raise StorageError(f"{shown} already holds games; migrate-to copies into an empty database only.")
    rows: dict[str, int] = {}
    async with aiosqlite.connect(source) as src:
        pg = await asyncpg.connect(url)
        try:
            async with pg.transaction():
                for table in TABLES:
                    columns = await _columns(src, table)
                    query = f"SELECT {', '.join(columns)} FROM {table}"  # noqa: S608 - names from the schema
                    records = [tuple(r) for r in await src.execute_fetchall(query)]
                    if records:
                        await pg.copy_records_to_table(table, records=records, columns=columns)
                    rows[table] = len(records)
                for table in IDENTITY_TABLES:
                    await pg.execute(
                        f"SELECT setval(pg_get_serial_sequence('{table}', 'id'), "  # noqa: S608 - our names
                        f"coalesce((SELECT max(id) FROM {table}), 0) + 1, false)"
                    )
        finally:
            await pg.close()
    verified = 0
    async with Store.open(source) as original, Store.open(url) as copy:
        for game_id in await original.game_ids():
            if await copy.load_game(game_id) != await original.load_game(game_id):
                raise StorageError(f"Game {game_id} differs in {shown} from the file after the copy.")
            if await copy.actions(game_id) != await original.actions(game_id):
                raise StorageError(f"The log of game {game_id} in {shown} differs from the file's.")
            try:
                await copy.verify_replay(game_id)
            except ReplayMismatchError as exc:
                raise StorageError(f"The copy of game {game_id} in {shown} does not replay: {exc}") from exc
            verified += 1
    return Copied(rows, verified)
