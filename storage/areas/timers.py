"""Timers: deadlines, reminders and the like, due, claimed, fired, retried, set aside, held by a pause."""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from typing import Any, Literal

from storage.areas.base import ACTIVE, Area, check_int, fetch_all, fetch_one
from storage.areas.game_rows import game_row
from storage.errors import GameStatusError
from storage.records import (
    TIMER_MAX_ATTEMPTS,
    NewTimer,
    Shards,
    Timer,
    TimerRetry,
    payload_text,
    timer_retry_delay,
)
from storage.sql import Db

_TIMER_COLUMNS = (
    "SELECT id, game_id, kind, seat, due_at, payload, created_at, attempts, last_error, set_aside_at, "
    "held_since FROM timers "
)
# The timers_due partial index's condition: due queries never see set-aside timers nor those a pause holds.
_LIVE = "set_aside_at IS NULL AND held_since IS NULL"
_SQL_NEXT_DUE = _TIMER_COLUMNS + f"WHERE {_LIVE} ORDER BY due_at, id LIMIT ?"
_SQL_DUE = _TIMER_COLUMNS + f"WHERE {_LIVE} AND due_at <= ? ORDER BY due_at, id LIMIT ?"

_SQL_SET_ASIDE = _TIMER_COLUMNS + "WHERE set_aside_at IS NOT NULL ORDER BY set_aside_at, id LIMIT ?"


def _timer_from_row(row: Sequence[Any]) -> Timer:
    return Timer(
        row[0], row[1], row[2], row[3], row[4], json.loads(row[5]), row[6], row[7], row[8], row[9], row[10]
    )


def _retries_filter(retries: bool | None) -> str:
    """The condition that keeps the first tries of timers (False), their retries after a failure (True, the
    partial index timers_retrying), or every timer (None)."""
    if retries is None:
        return ""
    return " AND attempts > 0" if retries else " AND attempts = 0"


def _shard_filter(shards: Shards | None) -> tuple[str, tuple[int, ...]]:
    """The condition (and its values) that keeps the timers of games on ``shards`` only: a look-up of
    each timer's game by its key, in the order the timers are read."""
    if shards is None:
        return "", ()
    marks = ", ".join("?" * len(shards.ids))
    where = (
        " AND EXISTS (SELECT 1 FROM games g WHERE g.id = timers.game_id"  # noqa: S608 - only ? marks
        f" AND ((g.guild_id >> 22) % ?) IN ({marks}))"
    )
    return where, (shards.count, *shards.ids)


ALL_TIMERS: Literal["all"] = "all"
ERROR_TEXT_LIMIT = 2000  # characters of a failed timer's error kept in its row


def insert_timers(
    db: Db, game_id: int, timers: Iterable[NewTimer], now: int, keeps: frozenset[str] | None
) -> tuple[Timer, ...]:
    """Insert the timers; in a paused game (``keeps``: the kinds that keep running) the others are
    held from ``now``."""
    added = []
    for t in timers:
        if not isinstance(t, NewTimer):
            raise TypeError(f"timers must be NewTimer values, not {type(t).__name__}")
        if not t.kind:
            raise ValueError("a timer needs a kind")
        held_since = now if keeps is not None and t.kind not in keeps else None
        row = fetch_one(
            db,
            """INSERT INTO timers (game_id, kind, seat, due_at, payload, created_at, held_since)
               VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id""",
            (
                game_id,
                t.kind,
                t.seat,
                check_int(t.due_at, "due_at"),
                payload_text(t.payload),
                now,
                held_since,
            ),
        )
        timer = Timer(row[0], game_id, t.kind, t.seat, t.due_at, dict(t.payload), now, held_since=held_since)
        added.append(timer)
    return tuple(added)


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


class TimersArea(Area):
    """The timers of every game, and the claims of the processes that fire them."""

    async def add_timer(self, game_id: int, timer: NewTimer, now: int) -> Timer:
        """Add a timer to a lobby or a game in play."""
        check_int(now, "now")

        def body(db: Db) -> Timer:
            row = game_row(db, game_id)
            if row.status not in ACTIVE:
                raise GameStatusError(game_id, row.status, "have timers")
            return insert_timers(db, game_id, (timer,), now, row.keeps())[0]

        return await self._run(body)

    async def delete_timer(self, timer_id: int, *, claimed_by: str | None = None) -> bool:
        """Delete one timer; False if it was already gone (or, with ``claimed_by``, is not claimed by that
        process any more: its lease ran out, or it was moved on)."""
        params = (check_int(timer_id, "timer_id"), claimed_by is not None, claimed_by)

        def body(db: Db) -> bool:
            cursor = db.execute("DELETE FROM timers WHERE id = ? AND (NOT ? OR claimed_by = ?)", params)
            return cursor.rowcount > 0

        return await self._run(body)

    async def reschedule_timer(self, timer_id: int, due_at: int, *, claimed_by: str | None = None) -> bool:
        """Move one timer to a new due time (a reminder repeats: one row, never two after a crash);
        False if it was gone, e.g. deleted by the action that answered it, or, with ``claimed_by``, is not
        claimed by that process any more. The timer starts afresh: its failed tries are forgotten, its
        claim ends and, if it was set aside, it is due again."""
        return await self._set_due(timer_id, due_at, only_set_aside=False, claimed_by=claimed_by)

    async def retry_timer(self, timer_id: int, now: int) -> bool:
        """Put a set-aside timer back, due at ``now`` with no failed tries; False if no timer with this
        id is set aside."""
        return await self._set_due(timer_id, now, only_set_aside=True)

    async def _set_due(
        self, timer_id: int, due_at: int, *, only_set_aside: bool, claimed_by: str | None = None
    ) -> bool:
        claimed = (claimed_by is not None, claimed_by)
        params = (check_int(due_at, "due_at"), check_int(timer_id, "timer_id"), only_set_aside, *claimed)

        def body(db: Db) -> bool:
            cursor = db.execute(
                """UPDATE timers SET due_at = ?, attempts = 0, last_error = NULL, set_aside_at = NULL,
                                     claimed_by = NULL, claimed_until = NULL
                   WHERE id = ? AND (NOT ? OR set_aside_at IS NOT NULL) AND (NOT ? OR claimed_by = ?)""",
                params,
            )
            return cursor.rowcount > 0

        return await self._run(body)

    async def timer_failed(
        self, timer_id: int, now: int, error_text: str, *, claimed_by: str | None = None
    ) -> TimerRetry | None:
        """Record that firing the timer failed; it moves out of the way of every other due timer.

        It is tried again ``timer_retry_delay(attempts)`` after ``now``: 1 min, 5 min, 30 min, then
        hourly; the failure that makes ``TIMER_MAX_ATTEMPTS`` (28: about a day of tries) sets it aside
        instead, never due again until ``retry_timer``. ``error_text`` (its first 2,000 characters) is kept
        for ``python -m storage check``. None if the timer is gone (answered or deleted meanwhile) or, with
        ``claimed_by``, no longer claimed by that process (its handler moved it on before failing, or its
        lease ran out): a failure is recorded only against the firing that holds the row.
        """
        check_int(timer_id, "timer_id")
        check_int(now, "now")
        error = str(error_text)[:ERROR_TEXT_LIMIT]

        def body(db: Db) -> TimerRetry | None:
            row = fetch_one(
                db,
                """SELECT game_id, attempts, set_aside_at FROM timers
                   WHERE id = ? AND (NOT ? OR claimed_by = ?)""",
                (timer_id, claimed_by is not None, claimed_by),
            )
            if row is None:
                return None
            game_id, attempts, set_aside_at = row
            if set_aside_at is not None:  # already set aside by an earlier failure
                return TimerRetry(timer_id, game_id, attempts, None)
            attempts += 1
            due_at = None if attempts >= TIMER_MAX_ATTEMPTS else now + timer_retry_delay(attempts)
            db.execute(
                """UPDATE timers SET attempts = ?, last_error = ?, due_at = coalesce(?, due_at),
                                     set_aside_at = ?, claimed_by = NULL, claimed_until = NULL
                   WHERE id = ?""",
                (attempts, error, due_at, now if due_at is None else None, timer_id),
            )
            return TimerRetry(timer_id, game_id, attempts, due_at)

        return await self._run(body)

    async def timers(self, game_id: int) -> list[Timer]:
        """A game's timers, the soonest first, set-aside ones included."""
        rows = await self._read(_TIMER_COLUMNS + "WHERE game_id = ? ORDER BY due_at, id", (game_id,))
        return [_timer_from_row(r) for r in rows]

    async def next_due(self, limit: int = 1) -> list[Timer]:
        """The timers due soonest, of every game, in order of due time (then id); never a set-aside one."""
        rows = await self._read(_SQL_NEXT_DUE, (check_int(limit, "limit"),))
        return [_timer_from_row(r) for r in rows]

    async def due_timers(self, now: int, limit: int = 100) -> list[Timer]:
        """The timers due at ``now`` or before, in order of due time (then id); never a set-aside one."""
        rows = await self._read(_SQL_DUE, (check_int(now, "now"), check_int(limit, "limit")))
        return [_timer_from_row(r) for r in rows]

    async def claim_due_timers(
        self,
        now: int,
        owner: str,
        *,
        lease_seconds: int = 300,
        limit: int = 100,
        shards: Shards | None = None,
        retries: bool | None = None,
    ) -> list[Timer]:
        """Claim the timers due at ``now`` or before for ``owner`` (a process's name) until ``now +
        lease_seconds``, and return them in order: the timers of a database several processes share. With
        ``shards``, only the timers of games whose server is in one of them (a sharded bot's process).

        A claimed timer is returned to no other claim until its lease runs out: exactly one process fires
        it, and if that process dies before the timer is answered (deleted, rescheduled or failed, which
        end the claim), another claims it once the lease has passed. PostgreSQL passes over rows another
        process is claiming at the same moment (``FOR UPDATE SKIP LOCKED``); SQLite has one writer.
        ``retries``: None every timer, False the first tries only, True only timers retried after failing.
        """
        check_int(now, "now")
        where, shard_params = _shard_filter(shards)
        where = _retries_filter(retries) + where
        lease_end = now + check_int(lease_seconds, "lease_seconds")
        params = (str(owner), lease_end, now, now, *shard_params, check_int(limit, "limit"))

        def body(db: Db) -> list[Timer]:
            rows = fetch_all(
                db,
                f"""UPDATE timers SET claimed_by = ?, claimed_until = ?
                    WHERE id IN (SELECT id FROM timers
                                 WHERE {_LIVE} AND due_at <= ?
                                   AND (claimed_until IS NULL OR claimed_until <= ?){where}
                                 ORDER BY due_at, id LIMIT ?{db.dialect.skip_locked()})
                    RETURNING id, game_id, kind, seat, due_at, payload, created_at, attempts, last_error,
                              set_aside_at, held_since""",  # noqa: S608 - constant text; the values are parameters
                params,
            )
            return sorted((_timer_from_row(r) for r in rows), key=lambda t: (t.due_at, t.id))

        return await self._run(body, isolation="read_committed")

    async def next_claimable(
        self, now: int, *, shards: Shards | None = None, retries: bool | None = None
    ) -> int | None:
        """When ``claim_due_timers`` (with these ``shards``) may next find a timer: the earliest due time of
        the unclaimed ones, or the end of a claim that runs out first; None when there is no timer at all.
        ``retries`` as for ``claim_due_timers``. Two index searches (timers_due or timers_retrying,
        timers_claimed), whatever the number of games."""
        where, shard_params = _shard_filter(shards)
        where = _retries_filter(retries) + where
        rows = await self._read(
            f"""SELECT (SELECT due_at FROM timers
                        WHERE {_LIVE} AND (claimed_until IS NULL OR claimed_until <= ?){where}
                        ORDER BY due_at, id LIMIT 1),
                       (SELECT min(claimed_until) FROM timers
                        WHERE claimed_until IS NOT NULL AND claimed_until > ? AND {_LIVE}{where})""",  # noqa: S608 - constant text; the values are parameters
            (check_int(now, "now"), *shard_params, now, *shard_params),
        )
        times = [int(t) for t in rows[0] if t is not None]
        return min(times, default=None)

    async def release_timer(self, timer_id: int, owner: str, *, until: int | None = None) -> Timer | None:
        """End ``owner``'s claim on a timer, once its firing is over; with ``until``, keep it claimed until
        then instead (a backoff no process passes). Returns the row as it is if ``owner`` still held the
        claim (the handler neither answered nor moved it), else None (nothing changed)."""
        if until is not None:
            check_int(until, "until")
        params = (until is not None, until, check_int(timer_id, "timer_id"), str(owner))

        def body(db: Db) -> Timer | None:
            row = fetch_one(
                db,
                """UPDATE timers SET claimed_by = CASE WHEN ? THEN claimed_by END, claimed_until = ?
                   WHERE id = ? AND claimed_by = ?
                   RETURNING id, game_id, kind, seat, due_at, payload, created_at, attempts, last_error,
                             set_aside_at, held_since""",
                params,
            )
            return None if row is None else _timer_from_row(row)

        return await self._run(body)

    async def set_aside_timers(self, limit: int = 100) -> list[Timer]:
        """The timers set aside after their last try failed, the earliest set aside first."""
        rows = await self._read(_SQL_SET_ASIDE, (check_int(limit, "limit"),))
        return [_timer_from_row(r) for r in rows]
