"""The action log: actions and undo rows appended with the position they lead to, read back, exported and
checked against a replay."""

from __future__ import annotations

import asyncio
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any, Literal

from engine import (
    UNDO,
    Game,
    GameExport,
    HolderReason,
    LoggedAction,
    NotationError,
    SeatHolder,
    Who,
    WhoKind,
    dump,
    replay_log,
)
from storage.areas.base import Area, check_int, fetch_all, fetch_one
from storage.areas.game_rows import SeatRow, clear_away, game_and_seat_rows, parse_position, read_game
from storage.areas.seats import SEAT_OWNER_COLUMNS, seat_owner_from_row
from storage.areas.timers import ALL_TIMERS, insert_timers
from storage.errors import (
    GamePausedError,
    GameStatusError,
    InvalidPositionError,
    NoSuchSeatError,
    NotSeatOwnerError,
    ReplayMismatchError,
    StaleVersionError,
    TakeBackError,
    WrongSeatError,
)
from storage.records import Appended, GameRecord, NewTimer, Status, away_at, computer_level
from storage.results import record_results
from storage.sql import Db

_ACTION_COLUMNS = (
    "SELECT game_id, seq, seat, action, at, actor_kind, actor_user_id, actor_level, undoes, taken_back_by "
    "FROM actions "
)
# The rows the engine replays are neither undo rows nor taken back (undoes and taken_back_by NULL).
_SQL_NEWEST_EFFECTIVE = (
    "SELECT seq, seat, actor_kind, actor_user_id FROM actions "
    "WHERE game_id = ? AND undoes IS NULL AND taken_back_by IS NULL ORDER BY seq DESC LIMIT 1"
)


def _existing(holder: SeatRow | None, game_id: int, seat: int) -> SeatRow:
    if holder is None:
        raise NoSuchSeatError(game_id, seat)
    return holder


def _holder(user_id: int | None, level: str | None) -> Who:
    if user_id is not None:
        return Who.person(user_id)
    assert level is not None
    return Who.computer(level)


def _who(kind: str | None, user_id: int | None, level: str | None) -> Who:
    """Who made a log row, from its actor columns (all NULL: not recorded, before migration 0006)."""
    if kind is None:
        return Who.unrecorded()
    return Who(WhoKind(kind), user_id=user_id, level=level)


def _actor_columns(actor: Who | None) -> tuple[str | None, int | None, str | None]:
    if actor is None or actor.kind is WhoKind.UNRECORDED:
        return None, None, None
    return actor.kind.value, actor.user_id, actor.level


def _action_from_row(row: Sequence[Any]) -> LoggedAction:
    _game_id, seq, seat, action, at, kind, user_id, level, undoes, taken_back_by = row
    return LoggedAction(seq, at, seat, action, _who(kind, user_id, level), undoes, taken_back_by)


def _checked_actor(actor: Who | None) -> Who | None:
    """The actor of an action to save: a person by user id (their name is not stored), a deadline, or the
    computer player at one of ``ComputerLevel``'s levels."""
    if actor is None:
        return None
    if not isinstance(actor, Who):
        raise TypeError(f"actor must be an engine Who, not {type(actor).__name__}")
    if actor.kind is WhoKind.PERSON and actor.user_id is None:
        raise ValueError("a person acts with a user id")
    if actor.level is not None:
        computer_level(actor.level)
    return actor


_TAKEN_BY = {
    WhoKind.COMPUTER.value: "the computer player",
    WhoKind.DEADLINE.value: "a deadline's default",
}


def _newest_to_take_back(db: Db, game_id: int, seat: int, actor: Who | None) -> int:
    """The seq of the newest effective action, if ``seat``'s person may take it back (R31, R32)."""
    row = fetch_one(db, _SQL_NEWEST_EFFECTIVE, (game_id,))
    if row is None:
        raise TakeBackError(game_id, "there is no action to take back")
    seq, its_seat, kind, user_id = row
    if its_seat != seat:
        raise TakeBackError(game_id, f"its newest action is seat {its_seat}'s, not seat {seat}'s")
    if kind in _TAKEN_BY:
        raise TakeBackError(game_id, f"its newest action was made by {_TAKEN_BY[kind]} for seat {seat}")
    if kind == WhoKind.PERSON and actor is not None and user_id != actor.user_id:
        raise TakeBackError(
            game_id, f"its newest action was made by user {user_id}, not user {actor.user_id}"
        )
    return int(seq)


@dataclass(frozen=True)
class _Saving:
    """An action or undo to save, its arguments checked and the facts read from its new position before the
    transaction (the caller's ``Game`` may change once the call returns; these do not)."""

    game_id: int
    expected_version: int
    seat: int
    action: str
    position: str
    seed: int
    players: int
    to_act: int | None
    final: Game | None  # the position when it ends the game (its results are recorded), else None
    now: int
    timers_to_delete: list[int] | None  # None: all of the game's timers
    timers_to_add: tuple[NewTimer, ...]
    actor: Who | None

    @property
    def over(self) -> bool:
        return self.final is not None

    @classmethod
    def of(
        cls,
        game_id: int,
        expected_version: int,
        seat: int,
        action: str,
        position: str | Game,
        now: int,
        timers_to_delete: Iterable[int] | Literal["all"],
        timers_to_add: Iterable[NewTimer],
        actor: Who | None,
    ) -> _Saving:
        actor = _checked_actor(actor)
        to_delete = None
        if timers_to_delete != ALL_TIMERS:
            to_delete = [check_int(t, "timer id") for t in timers_to_delete]
        text, game = _position_and_game(position)
        final = None
        if game.is_over:  # its results are recorded later, from a game the caller cannot change meanwhile
            final = game if isinstance(position, str) else parse_position(text)
        return cls(
            game_id,
            check_int(expected_version, "expected_version"),
            check_int(seat, "seat"),
            action,
            text,
            game.seed,
            game.settings.players,
            game.to_act,
            final,
            check_int(now, "now"),
            to_delete,
            tuple(timers_to_add),
            actor,
        )


def _position_and_game(position: str | Game) -> tuple[str, Game]:
    """The notation to store and the game it describes. A ``Game`` is valid by construction (only the
    engine makes one: new, load, apply, take back), so it is written out, not read back: ``load`` checks
    every invariant of a position and costs several times what ``dump`` does. Text comes from anywhere
    and is read (``InvalidPositionError`` unless the engine loads it)."""
    if isinstance(position, Game):
        return dump(position), position
    if isinstance(position, str):
        return position, parse_position(position)
    raise TypeError(f"a position is the engine's notation or a Game, not {type(position).__name__}")


def _save_position(db: Db, saving: _Saving, version: int) -> None:
    """The game row after an action. A move in play changes only its position, version, seat to act and
    time: status, end and pause are left out of the statement, so the indexes on them (channel, server,
    status) are not rewritten on every move; the action that ends the game sets them too."""
    if saving.final is None:
        db.execute(
            "UPDATE games SET position = ?, version = ?, seat_to_act = ?, updated_at = ? WHERE id = ?",
            (saving.position, version, saving.to_act, saving.now, saving.game_id),
        )
        return
    db.execute(
        """UPDATE games SET position = ?, version = ?, seat_to_act = NULL, status = ?, updated_at = ?,
                            ended_at = ?, paused_at = NULL, pause_keeps = NULL
           WHERE id = ?""",
        (saving.position, version, Status.FINISHED.value, saving.now, saving.now, saving.game_id),
    )


def _check_replay(record: GameRecord, log: list[Sequence[Any]]) -> None:
    def fail(problem: str) -> ReplayMismatchError:
        return ReplayMismatchError(record.id, problem)

    if record.version != len(log):
        raise fail(f"its version is {record.version} but its log has {len(log)} actions")
    settings = record.settings
    if settings is None or record.seed is None or record.position is None:
        if log or record.position is not None:
            raise fail("it never started but has a log or a position")
        return
    try:  # the same check as a game record's (engine.export): seats, undo rows, marks, the rules
        game = replay_log(settings, record.seed, [_action_from_row(r) for r in log])
    except NotationError as exc:
        raise fail(str(exc)) from None
    if dump(game) != record.position:
        raise fail("the stored position differs from the replayed one")
    if record.status == Status.PLAYING and (game.is_over or game.to_act != record.seat_to_act):
        raise fail(f"it waits on seat {record.seat_to_act} but the replay waits on seat {game.to_act}")
    if game.is_over != (record.status == Status.FINISHED):
        raise fail(f"it is {record.status} but the replayed game is {'over' if game.is_over else 'not over'}")


class LogArea(Area):
    """Each game's log and the position it replays to."""

    async def append_action(
        self,
        game_id: int,
        expected_version: int,
        seat: int,
        action: str,
        new_position: str | Game,
        now: int,
        *,
        timers_to_delete: Iterable[int] | Literal["all"] = (),
        timers_to_add: Iterable[NewTimer] = (),
        actor: Who | None = None,
        seat_away: bool = False,
    ) -> Appended:
        """Save one applied action, in ONE transaction: the log row (seq = version + 1), the new position,
        the version bump, the seat to act, the timer changes.

        ``new_position`` is the engine's ``Game`` after the action (written out with ``engine.dump``), or
        its notation, which is read back with ``engine.load`` to check it (``InvalidPositionError``): the
        ``Game`` saves that cost, most of an append's.

        ``expected_version`` is the version the caller applied the action to; if the stored one differs the
        write is refused with ``StaleVersionError`` and nothing changes. ``seat`` must be the seat the game
        waits on (``WrongSeatError``). The seat to act and the end of the game are read from
        ``new_position``: when it is over the game becomes finished and its remaining timers are deleted.
        ``timers_to_delete`` is ids of this game's timers, or ``"all"``.

        ``actor`` records who made it (R31): ``Who.person(user_id)`` must hold the seat
        (``NotSeatOwnerError``: a replaced owner's old button) and ends the seat's away state
        (``Appended.came_back``); ``Who.deadline()`` and ``Who.computer(level)`` play for the seat, and
        with ``seat_away=True`` also mark a person's seat away (R30: its deadline passed;
        ``Appended.went_away``). While the game is paused only a person's action is saved
        (``GamePausedError``).
        """
        if not isinstance(action, str) or not action or action == UNDO:
            raise ValueError("action must be the action's notation")
        if seat_away and (actor is None or actor.kind not in (WhoKind.DEADLINE, WhoKind.COMPUTER)):
            raise ValueError("seat_away marks a seat away when a deadline or the computer played for it")
        saving = _Saving.of(
            game_id, expected_version, seat, action, new_position, now, timers_to_delete, timers_to_add, actor
        )
        return await self._run(partial(self._append, saving, seat_away=seat_away, undo=False))

    async def append_undo(
        self,
        game_id: int,
        expected_version: int,
        seat: int,
        new_position: str | Game,
        now: int,
        *,
        actor: Who,
        timers_to_delete: Iterable[int] | Literal["all"] = (),
        timers_to_add: Iterable[NewTimer] = (),
    ) -> Appended:
        """Save an undo (R32): a row ``undo`` at the end of the log that takes back the newest effective
        action, marked ``taken_back_by`` it; nothing is deleted and the version still grows by one.

        The caller has asked the engine first (``engine.take_back`` over ``effective_actions``) and passes
        the game without the action as ``new_position``. In the same transaction as the version check
        (``StaleVersionError``), the store checks that the newest effective action is ``seat``'s and was made
        by a person, the same one if recorded (R31: nothing the computer player or a deadline did is taken
        back): else ``TakeBackError``. ``actor`` is the person taking it back (``Who.person``), who must
        hold the seat, and ``seat`` the seat to act. ``Appended.undoes`` is the seq taken back.
        """
        if not isinstance(actor, Who) or not actor.is_person or actor.user_id is None:
            raise ValueError("an undo is a person's: actor=Who.person(user_id)")
        saving = _Saving.of(
            game_id, expected_version, seat, UNDO, new_position, now, timers_to_delete, timers_to_add, actor
        )
        if saving.over:
            raise InvalidPositionError("An undo cannot end the game: the position after it is over.")
        return await self._run(partial(self._append, saving, seat_away=False, undo=True))

    def _append(self, saving: _Saving, db: Db, *, seat_away: bool, undo: bool) -> Appended:
        game_id, seat, now, actor = saving.game_id, saving.seat, saving.now, saving.actor
        row, holder = game_and_seat_rows(db, game_id, seat)
        if row.status != Status.PLAYING:
            raise GameStatusError(game_id, row.status, "take an action")
        if row.version != saving.expected_version:
            raise StaleVersionError(game_id, saving.expected_version, row.version)
        if seat != row.seat_to_act:
            raise WrongSeatError(game_id, seat, row.seat_to_act)
        if saving.seed != row.seed or saving.players != row.players:
            raise InvalidPositionError(f"The new position does not belong to game {game_id}.")
        person = None if actor is None else actor.user_id  # only a person's actor has a user id
        if row.paused_at is not None and person is None:
            raise GamePausedError(game_id)
        came_back = went_away = False
        if person is not None:
            held = _existing(holder, game_id, seat)
            if held.user_id != person:
                raise NotSeatOwnerError(game_id, seat, person)
            if held.away_since is not None:
                came_back = away_at(held.away_since, held.away_until, now)
                clear_away(db, game_id, seat)
        elif seat_away:
            held = _existing(holder, game_id, seat)
            if held.user_id is not None and not away_at(held.away_since, held.away_until, now):
                db.execute(
                    "UPDATE seats SET away_since = ?, away_until = NULL, away_cover = 1 "
                    "WHERE game_id = ? AND seat = ?",
                    (now, game_id, seat),
                )
                went_away = True
        undoes = _newest_to_take_back(db, game_id, seat, actor) if undo else None
        seq = row.version + 1
        db.execute(
            """INSERT INTO actions (game_id, seq, seat, action, at, actor_kind, actor_user_id, actor_level,
                                    undoes)
               VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)""",
            (game_id, seq, seat, saving.action, now, *_actor_columns(actor), undoes),
        )
        if undoes is not None:
            db.execute(
                "UPDATE actions SET taken_back_by = ? WHERE game_id = ? AND seq = ?", (seq, game_id, undoes)
            )
        over = saving.over
        status = Status.FINISHED if over else Status.PLAYING
        _save_position(db, saving, seq)
        if saving.final is not None:
            record_results(db, game_id, saving.final)
        if saving.timers_to_delete is None or over:
            db.execute("DELETE FROM timers WHERE game_id = ?", (game_id,))
        elif saving.timers_to_delete:
            db.executemany(
                "DELETE FROM timers WHERE game_id = ? AND id = ?",
                [(game_id, t) for t in saving.timers_to_delete],
            )
        added = () if over else insert_timers(db, game_id, saving.timers_to_add, now, row.keeps())
        paused = row.paused_at is not None and not over
        return Appended(game_id, seq, seq, status, saving.to_act, added, came_back, went_away, undoes, paused)

    async def actions(self, game_id: int, *, after: int = 0) -> list[LoggedAction]:
        """The log in order, from sequence number ``after + 1``: actions and undo rows, each with its actor
        and, if taken back, the undo row that did it."""
        rows = await self._read(
            _ACTION_COLUMNS + "WHERE game_id = ? AND seq > ? ORDER BY seq", (game_id, after)
        )
        return [_action_from_row(r) for r in rows]

    async def effective_actions(self, game_id: int) -> list[str]:
        """The actions the engine replays, oldest first: the log without undo rows and taken-back actions
        (``engine.replay(settings, seed, these)`` is the stored position; ``engine.take_back`` reads them)."""
        rows = await self._read(
            "SELECT action FROM actions WHERE game_id = ? AND undoes IS NULL AND taken_back_by IS NULL "
            "ORDER BY seq",
            (game_id,),
        )
        return [r[0] for r in rows]

    async def game_export(self, game_id: int) -> GameExport:
        """The started game as a game record (engine.export), read in one snapshot: settings, seed, every
        log row with its actor (people by user id: ``export.named(names)`` adds names) and the seat
        holders. ``GameStatusError`` for a lobby or a game abandoned before its start."""

        def snapshot(db: Db) -> tuple[GameRecord, list[Any], list[Any]]:
            log = fetch_all(db, _ACTION_COLUMNS + "WHERE game_id = ? ORDER BY seq", (game_id,))
            holders = fetch_all(db, SEAT_OWNER_COLUMNS + "WHERE game_id = ? ORDER BY since, id", (game_id,))
            return read_game(db, game_id), log, holders

        record, log, holders = await self._run(snapshot, write=False)
        if record.settings is None or record.seed is None:
            raise GameStatusError(game_id, record.status, "be exported before it started")
        rows = tuple(map(_action_from_row, log))
        seat_holders = tuple(
            SeatHolder(h.seat, h.since, HolderReason(h.reason.value), _holder(h.user_id, h.level))
            for h in map(seat_owner_from_row, holders)
        )
        return GameExport(record.settings, record.seed, rows, seat_holders)

    async def verify_replay(self, game_id: int) -> int:
        """Check that the seed plus the log replay to exactly the stored game; return the log's length.

        Checks the version against the log (undo rows included), that each undo took back the newest
        effective action of its seat and that exactly those are marked taken back, then replays the effective
        actions: the seat of each, the position text, the seat to act and the status. Raises
        ``ReplayMismatchError`` naming the first problem found.
        """

        def snapshot(db: Db) -> tuple[GameRecord, list[Any]]:
            log = fetch_all(db, _ACTION_COLUMNS + "WHERE game_id = ? ORDER BY seq", (game_id,))
            return read_game(db, game_id), log

        record, log = await self._run(snapshot, write=False)
        await asyncio.to_thread(_check_replay, record, log)
        return len(log)
