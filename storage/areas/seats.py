"""Seats over weeks (R31, R33): away and back, handed over, resigned, who held each seat; the pause when
every person is away."""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from typing import Any

from storage.areas.base import Area, check_int, fetch_one
from storage.areas.game_rows import SeatRow, clear_away, playing, read_game, seat_row
from storage.areas.timers import release_held_timers
from storage.errors import (
    AbsenceLengthError,
    AlreadySeatedError,
    ComputerSeatError,
    NotAwayError,
    NotSeatedError,
    NotSeatOwnerError,
    SeatUnchangedError,
)
from storage.records import (
    MAX_AWAY_HOURS,
    GameRecord,
    SeatOwner,
    SeatReason,
    TimerKind,
    away_at,
    computer_level,
)
from storage.sql import Db

SEAT_OWNER_COLUMNS = (
    "SELECT game_id, seat, user_id, level, reason, by_user_id, since, until FROM seat_owners "
)
# The user's latest time in a seat of the game, if they hold none now.
_SQL_FORMER_SEAT = (
    SEAT_OWNER_COLUMNS  # noqa: S608 - constant text; the values are parameters
    + """WHERE game_id = ? AND user_id = ? AND until IS NOT NULL
  AND NOT EXISTS (SELECT 1 FROM seats AS s WHERE s.game_id = seat_owners.game_id AND s.user_id = ?)
ORDER BY until DESC, id DESC LIMIT 1"""
)


def _check_person(game_id: int, seat: int, row: SeatRow, asking: int | None) -> None:
    """The seat is a person's, and the asking user's if one asks."""
    if row.user_id is None:
        raise ComputerSeatError(game_id, seat)
    if asking is not None and asking != row.user_id:
        raise NotSeatOwnerError(game_id, seat, asking)


def _change_owner(
    db: Db,
    game_id: int,
    seat: int,
    user_id: int | None,
    level: str | None,
    reason: SeatReason,
    by_user_id: int,
    now: int,
) -> None:
    """End the seat's current holder's time (seat_owners) and start the new one's."""
    db.execute(
        "UPDATE seat_owners SET until = ? WHERE game_id = ? AND seat = ? AND until IS NULL",
        (now, game_id, seat),
    )
    db.execute(
        """INSERT INTO seat_owners (game_id, seat, user_id, level, reason, by_user_id, since)
           VALUES (?, ?, ?, ?, ?, ?, ?)""",
        (game_id, seat, user_id, level, reason.value, by_user_id, now),
    )


def seat_owner_from_row(row: Sequence[Any]) -> SeatOwner:
    game_id, seat, user_id, level, reason, by_user_id, since, until = row
    return SeatOwner(game_id, seat, user_id, level, SeatReason(reason), by_user_id, since, until)


class SeatsArea(Area):
    """Who holds each seat of a game in play, and whether they are there."""

    async def set_away(
        self,
        game_id: int,
        seat: int,
        now: int,
        *,
        until: int | None = None,
        cover: bool = True,
        user_id: int | None = None,
    ) -> GameRecord:
        """Mark a person's seat away (R31) in a game in play.

        ``until`` None and ``cover`` True: a timed-out seat, away until its owner acts or comes back
        (``append_action(seat_away=True)`` does this with the deadline's play). ``until`` set: an announced
        absence (``/te seat away``) of at most ``MAX_AWAY_HOURS`` (else ``AbsenceLengthError``); with
        ``cover`` the computer player covers it, without it the seat's deadlines wait for its end (a
        vacation). A seat already away keeps its ``away_since``. ``user_id``: the person asking, who must
        hold the seat (``NotSeatOwnerError``); None when the bot itself marks it. ``NoSuchSeatError``,
        ``ComputerSeatError``, ``GameStatusError``.
        """
        check_int(seat, "seat")
        check_int(now, "now")
        if until is not None:
            check_int(until, "until")
        elif not cover:
            raise ValueError("an absence without an end is covered: give until, or cover=True")
        asking = None if user_id is None else check_int(user_id, "user_id")

        def body(db: Db) -> GameRecord:
            playing(db, game_id, "mark a seat away")
            row = seat_row(db, game_id, seat)
            _check_person(game_id, seat, row, asking)
            if until is not None and not 0 < until - now <= MAX_AWAY_HOURS * 3600:
                raise AbsenceLengthError(game_id, (until - now) / 3600, MAX_AWAY_HOURS)
            since = row.away_since if away_at(row.away_since, row.away_until, now) else now
            db.execute(
                "UPDATE seats SET away_since = ?, away_until = ?, away_cover = ? "
                "WHERE game_id = ? AND seat = ?",
                (since, until, int(cover), game_id, seat),
            )
            return read_game(db, game_id)

        return await self._run(body)

    async def set_back(self, game_id: int, seat: int, now: int, *, user_id: int | None = None) -> GameRecord:
        """End a seat's away state (``/te seat back``); ``NotAwayError`` if it is not away at ``now`` (an
        announced absence that has ended counts as over). ``user_id`` as for ``set_away``. Any action of
        the owner also ends it (``append_action`` with ``Who.person``)."""
        check_int(seat, "seat")
        check_int(now, "now")
        asking = None if user_id is None else check_int(user_id, "user_id")

        def body(db: Db) -> GameRecord:
            playing(db, game_id, "have a seat come back")
            row = seat_row(db, game_id, seat)
            _check_person(game_id, seat, row, asking)
            if not away_at(row.away_since, row.away_until, now):
                raise NotAwayError(game_id, seat)
            clear_away(db, game_id, seat)
            return read_game(db, game_id)

        return await self._run(body)

    async def replace_seat(
        self,
        game_id: int,
        seat: int,
        *,
        user_id: int | None = None,
        level: str | None = None,
        by_user_id: int,
        now: int,
    ) -> GameRecord:
        """Hand a seat of a game in play to a person who has no seat in it (``user_id``) or to the computer
        player (``level``), R33: the seat keeps its hand, points and leaders (the position is the seat's).

        The new holder is present (not away); a person also clears the seat's resignation. The history
        (``seat_history``) records the change as ``replaced`` by ``by_user_id``; the old owner's
        ``former_seat_of`` is this seat from now on, and ``append_action`` refuses their actions for it
        (``NotSeatOwnerError``). Refusals: ``AlreadySeatedError``, ``SeatUnchangedError`` (that computer
        level holds it already), ``NoSuchSeatError``, ``GameStatusError``. Whether ``by_user_id`` may do it
        (the creator or a server manager) is the bot's to check.
        """
        if (user_id is None) == (level is None):
            raise ValueError("give the seat's new holder: a user id or a computer level, not both")
        check_int(seat, "seat")
        check_int(now, "now")
        check_int(by_user_id, "by_user_id")
        new_user = None if user_id is None else check_int(user_id, "user_id")
        new_level = None if level is None else computer_level(level)

        def body(db: Db) -> GameRecord:
            playing(db, game_id, "hand a seat over")
            row = seat_row(db, game_id, seat)
            if new_user is not None:
                if fetch_one(
                    db, "SELECT 1 FROM seats WHERE game_id = ? AND user_id = ?", (game_id, new_user)
                ):
                    raise AlreadySeatedError(game_id, new_user)
            elif row.level == new_level:
                raise SeatUnchangedError(game_id, seat, str(new_level))
            keeps_resignation = new_user is None
            db.execute(
                """UPDATE seats SET user_id = ?, level = ?, joined_at = ?, away_since = NULL,
                                    away_until = NULL, away_cover = 0,
                                    resigned_by = CASE WHEN ? THEN resigned_by END,
                                    resigned_at = CASE WHEN ? THEN resigned_at END
                   WHERE game_id = ? AND seat = ?""",
                (new_user, new_level, now, keeps_resignation, keeps_resignation, game_id, seat),
            )
            _change_owner(db, game_id, seat, new_user, new_level, SeatReason.REPLACED, by_user_id, now)
            return read_game(db, game_id)

        return await self._run(body)

    async def resign_seat(self, game_id: int, user_id: int, now: int) -> GameRecord:
        """The user leaves a game in play (``/te seat resign``, R33): their seat goes to the computer player
        at the game's ``computer_level``, present, marked ``resigned_by`` (it stays in the standings). The
        history records it as ``resigned``. ``NotSeatedError``, ``GameStatusError``."""
        check_int(user_id, "user_id")
        check_int(now, "now")

        def body(db: Db) -> GameRecord:
            game = playing(db, game_id, "lose a player")
            row = fetch_one(
                db, "SELECT seat FROM seats WHERE game_id = ? AND user_id = ?", (game_id, user_id)
            )
            if row is None:
                raise NotSeatedError(game_id, user_id)
            seat = row[0]
            db.execute(
                """UPDATE seats SET user_id = NULL, level = ?, joined_at = ?, away_since = NULL,
                                    away_until = NULL, away_cover = 0, resigned_by = ?, resigned_at = ?
                   WHERE game_id = ? AND seat = ?""",
                (game.computer_level, now, user_id, now, game_id, seat),
            )
            _change_owner(db, game_id, seat, None, game.computer_level, SeatReason.RESIGNED, user_id, now)
            return read_game(db, game_id)

        return await self._run(body)

    async def seat_history(self, game_id: int) -> list[SeatOwner]:
        """Who held each seat of a started game and when, by seat then time (empty before the start)."""
        rows = await self._read(SEAT_OWNER_COLUMNS + "WHERE game_id = ? ORDER BY seat, since, id", (game_id,))
        return [seat_owner_from_row(r) for r in rows]

    async def has_been_seated(self, user_id: int) -> bool:
        """Whether the person holds or held a seat in any game on any server (the bot has welcomed them)."""
        rows = await self._read(
            "SELECT 1 FROM seats WHERE user_id = ? LIMIT 1", (check_int(user_id, "user_id"),)
        )
        return bool(rows)

    async def former_seat_of(self, game_id: int, user_id: int) -> SeatOwner | None:
        """The user's last time in a seat of this game if they hold no seat in it now (replaced or resigned:
        "This seat is no longer yours."), else None. ``.seat`` is the seat, ``.until`` when they lost it."""
        rows = await self._read(_SQL_FORMER_SEAT, (game_id, user_id, user_id))
        return seat_owner_from_row(rows[0]) if rows else None

    async def set_paused(
        self,
        game_id: int,
        paused: bool,
        now: int,
        *,
        keep_kinds: Iterable[str] = (TimerKind.REMINDER,),
    ) -> bool:
        """Pause a game in play (R31: every seat away) or resume it; True if this changed it.

        A pause holds the game's timers except the kinds in ``keep_kinds`` (and those added while it lasts):
        ``due_timers`` and ``next_due`` never return a held timer, so no deadline fires for a paused game.
        Resuming releases them, each moved later by the time it was held: nobody loses the time the game
        stood still. While paused, ``append_action`` saves only a person's own action (``GamePausedError``).
        """
        check_int(now, "now")
        keeps = json.dumps(sorted({str(k) for k in keep_kinds}))

        def body(db: Db) -> bool:
            row = playing(db, game_id, "be paused or resumed")
            if (row.paused_at is not None) == bool(paused):
                return False
            if paused:
                db.execute(
                    "UPDATE games SET paused_at = ?, pause_keeps = ? WHERE id = ?", (now, keeps, game_id)
                )
                db.execute(
                    f"""UPDATE timers SET held_since = ?
                       WHERE game_id = ? AND held_since IS NULL
                         AND kind NOT IN (SELECT value FROM {db.dialect.json_values("?", "k")})""",  # noqa: S608
                    (now, game_id, keeps),
                )
            else:
                db.execute("UPDATE games SET paused_at = NULL, pause_keeps = NULL WHERE id = ?", (game_id,))
                release_held_timers(db, game_id, now)
            return True

        return await self._run(body)
