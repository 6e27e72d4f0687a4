"""Statements on timer rows shared by several operations, inside a transaction (a ``storage.sql.Db`` body)."""

from __future__ import annotations

from storage.sql import Db


def release_held_timers(db: Db, game_id: int, now: int) -> int:
    """Release the game's timers held by a pause, each moved later by the time it was held (a reminder due
    in an hour when the pause began is due an hour after it ends). Returns how many were released."""
    cursor = db.execute(
        """UPDATE timers SET held_since = NULL,
               due_at = due_at + CASE WHEN ? > held_since THEN ? - held_since ELSE 0 END
           WHERE game_id = ? AND held_since IS NOT NULL""",
        (now, now, game_id),
    )
    return cursor.rowcount
