"""What the channel and the DMs show: the version last shown and each step of showing one (issue 17)."""

from __future__ import annotations

from storage.areas.base import Area, check_int, fetch_one
from storage.areas.game_rows import game_from_row, game_row, games_where
from storage.errors import GameNotFound
from storage.records import GameRecord, PresentationStep
from storage.sql import Db

_SQL_GAMES_TO_PRESENT = games_where(
    """WHERE g.presented_version < g.version AND g.status IN ('playing', 'finished')
ORDER BY g.id LIMIT ?"""
)

_SQL_STEPS = """SELECT game_id, version, step, started_at, content_hash, done_at, channel_id, message_id,
       replaced_channel_id, replaced_message_id
FROM presentation_steps WHERE game_id = ? AND version = ?"""


def step_name(step: str) -> str:
    if not isinstance(step, str) or not step:
        raise ValueError("a step of showing a version needs a name")
    return step


def mark_step_done(
    db: Db,
    game_id: int,
    version: int,
    step: str,
    now: int,
    message: tuple[int, int] | None,
    replaced: tuple[int, int] | None = None,
) -> None:
    """Mark a step of showing a version done, with the message it sent or edited and the one it replaced."""
    channel_id, message_id = message or (None, None)
    old_channel, old_message = replaced or (None, None)
    db.execute(
        """INSERT INTO presentation_steps (game_id, version, step, started_at, done_at, channel_id,
               message_id, replaced_channel_id, replaced_message_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
           ON CONFLICT (game_id, version, step) DO UPDATE SET
               done_at = excluded.done_at, channel_id = excluded.channel_id, message_id = excluded.message_id,
               replaced_channel_id = excluded.replaced_channel_id,
               replaced_message_id = excluded.replaced_message_id""",
        (game_id, version, step, now, now, channel_id, message_id, old_channel, old_message),
    )


class PresentationArea(Area):
    """How far the showing of each game got."""

    async def mark_presented(self, game_id: int, version: int) -> bool:
        """Record that the channel and the DMs now show ``version`` of the game (0: its start).

        Never goes backwards: True if this moved the mark forward, False if it was already there or
        beyond (a slower presentation of an older version finished last). ``GameNotFound`` if there is no
        such game; ``ValueError`` for a version the game has not reached.
        """
        check_int(version, "version")

        def body(db: Db) -> bool:
            row = fetch_one(db, "SELECT version, presented_version FROM games WHERE id = ?", (game_id,))
            if row is None:
                raise GameNotFound(game_id)
            if version > row[0]:
                raise ValueError(f"game {game_id} is at version {row[0]}; version {version} cannot be shown")
            # the steps of showing these versions are of no use any more (issue 17)
            db.execute(
                "DELETE FROM presentation_steps WHERE game_id = ? AND version <= ?", (game_id, version)
            )
            if version <= row[1]:
                return False
            db.execute("UPDATE games SET presented_version = ? WHERE id = ?", (version, game_id))
            return True

        return await self._run(body)

    async def presentation_steps(self, game_id: int, version: int) -> dict[str, PresentationStep]:
        """The steps of showing ``version`` of the game begun or done so far (issue 17), by name."""
        rows = await self._read(_SQL_STEPS, (game_id, check_int(version, "version")))
        return {r[2]: PresentationStep(*r) for r in rows}

    async def begin_step(
        self, game_id: int, version: int, step: str, now: int, *, channel_id: int, content_hash: str
    ) -> None:
        """Record that a step's message is about to be sent to ``channel_id`` (its text's ``content_hash``),
        so that after a crash it can be looked for before it is sent again. A step done is left as it is."""
        params = (
            game_id,
            check_int(version, "version"),
            step_name(step),
            check_int(now, "now"),
            content_hash,
        )

        def body(db: Db) -> None:
            game_row(db, game_id)
            db.execute(
                """INSERT INTO presentation_steps
                       (game_id, version, step, started_at, content_hash, channel_id)
                   VALUES (?, ?, ?, ?, ?, ?)
                   ON CONFLICT (game_id, version, step) DO UPDATE SET
                       started_at = excluded.started_at, content_hash = excluded.content_hash,
                       channel_id = excluded.channel_id
                   WHERE presentation_steps.done_at IS NULL""",
                (*params, check_int(channel_id, "channel_id")),
            )

        await self._run(body)

    async def record_step(
        self,
        game_id: int,
        version: int,
        step: str,
        now: int,
        *,
        channel_id: int | None = None,
        message_id: int | None = None,
    ) -> None:
        """Record a step of showing ``version`` as done, with the message it sent or edited (None: none)."""
        message = (
            None
            if channel_id is None or message_id is None
            else (check_int(channel_id, "channel_id"), check_int(message_id, "message_id"))
        )

        def body(db: Db) -> None:
            game_row(db, game_id)
            mark_step_done(
                db, game_id, check_int(version, "version"), step_name(step), check_int(now, "now"), message
            )

        await self._run(body)

    async def games_to_present(self, limit: int = 100) -> list[GameRecord]:
        """Games in play or finished whose saved version is ahead of what was shown (a crash between the
        save and the presentation), oldest first. A partial index holds only those: the query costs nothing
        when there are none, whatever the number of games stored."""
        rows = await self._read(_SQL_GAMES_TO_PRESENT, (check_int(limit, "limit"),))
        return [game_from_row(r) for r in rows]
