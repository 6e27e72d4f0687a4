"""The store: one aiosqlite connection, every change in one ``BEGIN IMMEDIATE`` transaction.

Concurrency, in three layers:

* inside one ``Store``, an ``asyncio.Lock`` lets one operation at a time use the connection, so a read
  never sees another task's uncommitted writes;
* between connections and processes, ``BEGIN IMMEDIATE`` takes SQLite's write lock before anything is
  read, and ``busy_timeout`` makes the others wait for it;
* between commands that raced on the same game, ``append_action`` compares the caller's version with
  the stored one inside that transaction and refuses a stale write with ``StaleVersionError``.

A write runs in its own task shielded from cancellation: a cancelled caller never leaves a half-done
transaction behind; the transaction commits or rolls back as a whole.
"""

from __future__ import annotations

import asyncio
import json
import os
import sqlite3
from collections.abc import Awaitable, Callable, Generator, Iterable, Sequence
from pathlib import Path
from typing import Any, Literal, TypeVar

import aiosqlite

from engine import EngineError, Game, dump, load
from storage.errors import (
    AlreadySeatedError,
    BackupError,
    ChannelBusyError,
    DatabaseUnusableError,
    DynastyTakenError,
    GameNotFound,
    GameStatusError,
    InvalidPositionError,
    LobbyFullError,
    NotSeatedError,
    ReplayMismatchError,
    SchemaTooNewError,
    StaleVersionError,
    StorageError,
    WrongPlayerCountError,
    WrongSeatError,
)
from storage.records import (
    MAX_SEATS,
    MIN_SEATS,
    ActionRecord,
    Appended,
    GameRecord,
    MessageRef,
    NewTimer,
    Options,
    Seat,
    Status,
    Timer,
    payload_text,
)
from storage.schema import LATEST, migrate, user_version

T = TypeVar("T")
Conn = aiosqlite.Connection

DEFAULT_PATH = "tigris.db"
ACTIVE: tuple[Status, ...] = (Status.LOBBY, Status.PLAYING)
ALL_TIMERS: Literal["all"] = "all"

_GAME_COLUMNS = """
SELECT g.id, g.guild_id, g.channel_id, g.creator_id, g.status, g.board, g.english, g.open_scoring,
       g.conflict_hours, g.reminder_hours, g.players, g.seed, g.position, g.version, g.seat_to_act,
       g.created_at, g.started_at, g.updated_at, g.ended_at,
       (SELECT json_group_array(json_array(s.seat, s.user_id, s.dynasty, s.joined_at))
          FROM seats AS s WHERE s.game_id = g.id) AS seats
FROM games AS g
"""
_SQL_GAME = _GAME_COLUMNS + "WHERE g.id = ?"
_SQL_GAME_IN_CHANNEL = _GAME_COLUMNS + "WHERE g.channel_id = ? AND g.status IN ('lobby', 'playing')"
_SQL_GAMES_OF_USER = (
    _GAME_COLUMNS
    + """JOIN seats AS me ON me.game_id = g.id
JOIN json_each(?) AS wanted ON wanted.value = g.status
WHERE me.user_id = ?
ORDER BY g.id"""
)
_SQL_GAMES_WAITING_ON = (
    _GAME_COLUMNS
    + """JOIN seats AS me ON me.game_id = g.id AND me.seat = g.seat_to_act
WHERE me.user_id = ? AND g.status = 'playing'
ORDER BY g.updated_at, g.id"""
)
_SQL_GAMES_OF_GUILD = (
    _GAME_COLUMNS
    + """JOIN json_each(?) AS wanted ON wanted.value = g.status
WHERE g.guild_id = ?
ORDER BY g.id"""
)
_TIMER_COLUMNS = "SELECT id, game_id, kind, seat, due_at, payload, created_at FROM timers "


def _game_from_row(row: Sequence[Any]) -> GameRecord:
    seats = tuple(sorted((Seat(*s) for s in json.loads(row[19])), key=lambda s: s.seat))
    return GameRecord(
        id=row[0],
        guild_id=row[1],
        channel_id=row[2],
        creator_id=row[3],
        status=Status(row[4]),
        options=Options(row[5], bool(row[6]), bool(row[7]), row[8], row[9]),
        seats=seats,
        players=row[10],
        seed=row[11],
        position=row[12],
        version=row[13],
        seat_to_act=row[14],
        created_at=row[15],
        started_at=row[16],
        updated_at=row[17],
        ended_at=row[18],
    )


def _timer_from_row(row: Sequence[Any]) -> Timer:
    return Timer(row[0], row[1], row[2], row[3], row[4], json.loads(row[5]), row[6])


def _int(value: Any, name: str) -> int:
    """Ids and times are plain ints: a float, a bool or a datetime is a caller's mistake."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{name} must be an int (Unix seconds or a Discord id), not {type(value).__name__}")
    return value


def _statuses(statuses: Iterable[Status | str]) -> str:
    return json.dumps([Status(s).value for s in statuses])


def _parse_position(position: str) -> Game:
    try:
        return load(position)
    except EngineError as exc:
        raise InvalidPositionError(f"The position is not valid engine notation: {exc}") from None
    except (ValueError, KeyError, TypeError) as exc:
        raise InvalidPositionError(f"The position is not valid engine notation: {exc!r}.") from None


async def _rows(conn: Conn, sql: str, params: Sequence[Any] = ()) -> list[Any]:
    return list(await conn.execute_fetchall(sql, params))


async def _one(conn: Conn, sql: str, params: Sequence[Any] = ()) -> Any:
    rows = await _rows(conn, sql, params)
    return rows[0] if rows else None


async def _switch_to_wal(conn: Conn, busy_timeout_ms: int) -> str:
    """Set the WAL journal and return the mode SQLite reports.

    When several connections switch a new file at once, SQLite answers "locked" at once instead of calling the
    busy handler (one of them would otherwise wait on a lock the other waits to upgrade), so retry until the
    busy timeout has passed.
    """
    loop = asyncio.get_running_loop()
    deadline = loop.time() + busy_timeout_ms / 1000
    while True:
        try:
            return str(next(iter(await conn.execute_fetchall("PRAGMA journal_mode = WAL")))[0])
        except sqlite3.OperationalError as exc:
            if ("locked" not in str(exc) and "busy" not in str(exc)) or loop.time() >= deadline:
                raise
        await asyncio.sleep(0.01)


async def _rollback(conn: Conn) -> None:
    if conn.in_transaction:
        await conn.execute("ROLLBACK")


class _Opening:
    """``await Store.open(path)`` or ``async with Store.open(path) as store``."""

    def __init__(self, coro: Awaitable[Store]) -> None:
        self._coro = coro
        self._store: Store | None = None

    def __await__(self) -> Generator[Any, None, Store]:
        return self._coro.__await__()

    async def __aenter__(self) -> Store:
        self._store = await self._coro
        return self._store

    async def __aexit__(self, *exc: object) -> None:
        if self._store is not None:
            await self._store.close()


class Store:
    """The bot's database. Open it with ``Store.open(path)``; see the package docstring for the API."""

    def __init__(self, conn: Conn, path: str) -> None:
        self._conn: Conn | None = conn
        self.path = path
        self._lock = asyncio.Lock()
        self._writes: set[asyncio.Task[Any]] = set()

    # ------------------------------------------------------------------------------ open and close

    @classmethod
    def open(
        cls,
        path: str | os.PathLike[str] = DEFAULT_PATH,
        *,
        busy_timeout_ms: int = 10_000,
        synchronous: Literal["FULL", "NORMAL"] = "FULL",
    ) -> _Opening:
        """Open (or create) the database, upgrade its schema, and return the store.

        WAL journal, foreign keys on, ``synchronous=FULL`` by default (a saved move survives a power cut,
        not only a crash). Raises ``SchemaTooNewError`` for a database of a newer program.
        """
        if synchronous not in ("FULL", "NORMAL"):
            raise ValueError("synchronous must be 'FULL' or 'NORMAL'")
        return _Opening(cls._open(os.fspath(path), _int(busy_timeout_ms, "busy_timeout_ms"), synchronous))

    @classmethod
    async def _open(cls, path: str, busy_timeout_ms: int, synchronous: str) -> Store:
        connecting = aiosqlite.connect(path, isolation_level=None)
        try:
            conn = await connecting
        except sqlite3.Error as exc:
            # aiosqlite stops its worker thread without waiting for it; wait here so that the thread never
            # reports to an event loop that has been closed meanwhile.
            worker = getattr(connecting, "_thread", None)
            if worker is not None:
                await asyncio.to_thread(worker.join, 5)
            raise DatabaseUnusableError(f"{path} cannot be opened: {exc}.") from exc
        try:
            await conn.execute_fetchall(f"PRAGMA busy_timeout = {busy_timeout_ms}")
            try:
                found = await user_version(conn)
            except sqlite3.DatabaseError as exc:
                raise DatabaseUnusableError(f"{path} is not a usable SQLite database: {exc}.") from exc
            if found > LATEST:
                raise SchemaTooNewError(path, found, LATEST)
            mode = await _switch_to_wal(conn, busy_timeout_ms)
            if mode != "wal":
                raise DatabaseUnusableError(f"{path} cannot use the WAL journal (it reports {mode!r}).")
            await conn.execute_fetchall("PRAGMA foreign_keys = ON")
            await conn.execute_fetchall(f"PRAGMA synchronous = {synchronous}")
            found = await migrate(conn)
            if found > LATEST:  # a newer program upgraded it while we waited
                raise SchemaTooNewError(path, found, LATEST)
        except BaseException:
            await conn.close()
            raise
        return cls(conn, path)

    async def close(self) -> None:
        """Wait for the writes under way, then close. Closing twice is harmless."""
        if self._conn is None:
            return
        async with self._lock:
            conn, self._conn = self._conn, None
            if conn is not None:
                await conn.close()

    async def __aenter__(self) -> Store:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    @property
    def closed(self) -> bool:
        return self._conn is None

    def _connection(self) -> Conn:
        if self._conn is None:
            raise StorageError("The store is closed.")
        return self._conn

    # ----------------------------------------------------------------------------- transactions

    async def _transaction(self, body: Callable[[Conn], Awaitable[T]], *, write: bool = True) -> T:
        """Run ``body`` in one transaction, in a task of its own that a cancelled caller cannot cut."""
        self._connection()
        task = asyncio.ensure_future(self._run_transaction(body, write))
        self._writes.add(task)
        task.add_done_callback(self._writes.discard)
        # The result is fetched here; if the caller was cancelled, mark a failure as retrieved.
        task.add_done_callback(lambda t: None if t.cancelled() else t.exception())
        return await asyncio.shield(task)

    async def _run_transaction(self, body: Callable[[Conn], Awaitable[T]], write: bool) -> T:
        async with self._lock:
            conn = self._connection()
            await conn.execute("BEGIN IMMEDIATE" if write else "BEGIN")
            try:
                result = await body(conn)
                await conn.execute("COMMIT")
            except BaseException:
                await _rollback(conn)
                raise
            return result

    async def _read(self, sql: str, params: Sequence[Any] = ()) -> list[Any]:
        """One statement: SQLite reads it from one snapshot."""
        async with self._lock:
            return await _rows(self._connection(), sql, params)

    @staticmethod
    async def _game_row(conn: Conn, game_id: int) -> tuple[str, int, int | None, int | None, int | None]:
        row = await _one(
            conn, "SELECT status, version, seat_to_act, players, seed FROM games WHERE id = ?", (game_id,)
        )
        if row is None:
            raise GameNotFound(game_id)
        return row[0], row[1], row[2], row[3], row[4]

    @staticmethod
    async def _load(conn: Conn, game_id: int) -> GameRecord:
        row = await _one(conn, _SQL_GAME, (game_id,))
        if row is None:
            raise GameNotFound(game_id)
        return _game_from_row(row)

    # ----------------------------------------------------------------------------------- lobby

    async def create_game(
        self, guild_id: int, channel_id: int, creator_id: int, now: int, options: Options | None = None
    ) -> GameRecord:
        """A new lobby in the channel or thread; ``ChannelBusyError`` if it already has an active game."""
        o = options or Options()
        params = (
            _int(guild_id, "guild_id"),
            _int(channel_id, "channel_id"),
            _int(creator_id, "creator_id"),
            o.board,
            int(o.english),
            int(o.open_scoring),
            float(o.conflict_hours),
            float(o.reminder_hours),
            _int(now, "now"),
            now,
        )

        async def body(conn: Conn) -> GameRecord:
            busy = await _one(
                conn,
                "SELECT id FROM games WHERE channel_id = ? AND status IN ('lobby', 'playing')",
                (channel_id,),
            )
            if busy is not None:
                raise ChannelBusyError(channel_id, busy[0])
            row = await _one(
                conn,
                """INSERT INTO games (guild_id, channel_id, creator_id, status, board, english, open_scoring,
                                      conflict_hours, reminder_hours, created_at, updated_at)
                   VALUES (?, ?, ?, 'lobby', ?, ?, ?, ?, ?, ?, ?) RETURNING id""",
                params,
            )
            return await self._load(conn, row[0])

        try:
            return await self._transaction(body)
        except sqlite3.IntegrityError as exc:  # the unique index, if another process won a race
            raise ChannelBusyError(channel_id, None) from exc

    async def add_seat(
        self, game_id: int, user_id: int, now: int, *, dynasty: str | None = None
    ) -> GameRecord:
        """Seat a user in the lobby, in the next seat. Raises a ``SeatError`` or ``GameStatusError``."""
        _int(user_id, "user_id")
        _int(now, "now")

        async def body(conn: Conn) -> GameRecord:
            status = (await self._game_row(conn, game_id))[0]
            if status != Status.LOBBY:
                raise GameStatusError(game_id, status, "take new players")
            seats = await _rows(
                conn, "SELECT seat, user_id, dynasty FROM seats WHERE game_id = ?", (game_id,)
            )
            if any(s[1] == user_id for s in seats):
                raise AlreadySeatedError(game_id, user_id)
            if len(seats) >= MAX_SEATS:
                raise LobbyFullError(game_id, len(seats))
            if dynasty is not None and any(s[2] == dynasty for s in seats):
                raise DynastyTakenError(game_id, dynasty)
            await conn.execute(
                "INSERT INTO seats (game_id, seat, user_id, dynasty, joined_at) VALUES (?, ?, ?, ?, ?)",
                (game_id, len(seats), user_id, dynasty, now),
            )
            await conn.execute("UPDATE games SET updated_at = ? WHERE id = ?", (now, game_id))
            return await self._load(conn, game_id)

        return await self._transaction(body)

    async def remove_seat(self, game_id: int, user_id: int, now: int) -> GameRecord:
        """Unseat a user from the lobby; the later seats move up so seats stay 0..n-1."""
        _int(user_id, "user_id")
        _int(now, "now")

        async def body(conn: Conn) -> GameRecord:
            status = (await self._game_row(conn, game_id))[0]
            if status != Status.LOBBY:
                raise GameStatusError(game_id, status, "lose players")
            row = await _one(
                conn, "SELECT seat FROM seats WHERE game_id = ? AND user_id = ?", (game_id, user_id)
            )
            if row is None:
                raise NotSeatedError(game_id, user_id)
            await conn.execute("DELETE FROM seats WHERE game_id = ? AND seat = ?", (game_id, row[0]))
            later = await _rows(
                conn, "SELECT seat FROM seats WHERE game_id = ? AND seat > ? ORDER BY seat", (game_id, row[0])
            )
            for (seat,) in later:  # in order, so each moves into a seat just freed
                await conn.execute(
                    "UPDATE seats SET seat = ? WHERE game_id = ? AND seat = ?", (seat - 1, game_id, seat)
                )
            await conn.execute("UPDATE games SET updated_at = ? WHERE id = ?", (now, game_id))
            return await self._load(conn, game_id)

        return await self._transaction(body)

    async def start_game(
        self, game_id: int, seed: int, position: str, now: int, *, timers: Iterable[NewTimer] = ()
    ) -> GameRecord:
        """Start the lobby: status playing, the seed and the initial position, plus the first timers.

        ``position`` must be ``engine.dump`` of the new game made from the seed, the options and as many
        players as there are seats (else ``InvalidPositionError``): the log replays from it.
        """
        _int(seed, "seed")
        _int(now, "now")
        timers = tuple(timers)
        game = _parse_position(position)
        o_players = game.settings.players

        async def body(conn: Conn) -> GameRecord:
            record = await self._load(conn, game_id)
            if record.status != Status.LOBBY:
                raise GameStatusError(game_id, record.status, "start")
            n = len(record.seats)
            if not MIN_SEATS <= n <= MAX_SEATS:
                raise WrongPlayerCountError(game_id, n)
            o = record.options
            if o_players != n:
                raise InvalidPositionError(
                    f"The position is for {o_players} players but game {game_id} has {n} seated."
                )
            fresh = Game.new(n, seed, o.board, o.english, o.open_scoring)
            if dump(fresh) != position:
                raise InvalidPositionError(
                    f"The position is not the start of game {game_id} with seed {seed} and its options."
                )
            await conn.execute(
                """UPDATE games SET status = 'playing', players = ?, seed = ?, position = ?, version = 0,
                                    seat_to_act = ?, started_at = ?, updated_at = ?
                   WHERE id = ?""",
                (n, seed, position, fresh.to_act, now, now, game_id),
            )
            await self._add_timers(conn, game_id, timers, now)
            return await self._load(conn, game_id)

        return await self._transaction(body)

    async def abandon_game(self, game_id: int, now: int) -> GameRecord:
        """End a lobby or a game in play without a result; its timers go in the same transaction."""
        _int(now, "now")

        async def body(conn: Conn) -> GameRecord:
            status = (await self._game_row(conn, game_id))[0]
            if status not in ACTIVE:
                raise GameStatusError(game_id, status, "be abandoned")
            await conn.execute(
                "UPDATE games SET status = 'abandoned', seat_to_act = NULL, updated_at = ?, ended_at = ? "
                "WHERE id = ?",
                (now, now, game_id),
            )
            await conn.execute("DELETE FROM timers WHERE game_id = ?", (game_id,))
            return await self._load(conn, game_id)

        return await self._transaction(body)

    # --------------------------------------------------------------------------------- actions

    async def append_action(
        self,
        game_id: int,
        expected_version: int,
        seat: int,
        action: str,
        new_position: str,
        now: int,
        *,
        timers_to_delete: Iterable[int] | Literal["all"] = (),
        timers_to_add: Iterable[NewTimer] = (),
    ) -> Appended:
        """Save one applied action, in ONE transaction: the log row (seq = version + 1), the new position,
        the version bump, the seat to act, the timer changes.

        ``expected_version`` is the version the caller applied the action to; if the stored one differs the
        write is refused with ``StaleVersionError`` and nothing changes. ``seat`` must be the seat the game
        waits on (``WrongSeatError``). The seat to act and the end of the game are read from
        ``new_position``: when it is over the game becomes finished and its remaining timers are deleted.
        ``timers_to_delete`` is ids of this game's timers, or ``"all"``.
        """
        _int(expected_version, "expected_version")
        _int(seat, "seat")
        _int(now, "now")
        if not isinstance(action, str) or not action:
            raise ValueError("action must be the action's notation")
        game = _parse_position(new_position)
        to_delete: list[int] | None = None
        if timers_to_delete != ALL_TIMERS:
            to_delete = [_int(t, "timer id") for t in timers_to_delete]
        to_add = tuple(timers_to_add)
        over = game.is_over
        new_status = Status.FINISHED if over else Status.PLAYING

        async def body(conn: Conn) -> Appended:
            status, version, to_act, players, seed = await self._game_row(conn, game_id)
            if status != Status.PLAYING:
                raise GameStatusError(game_id, status, "take an action")
            if version != expected_version:
                raise StaleVersionError(game_id, expected_version, version)
            if seat != to_act:
                raise WrongSeatError(game_id, seat, to_act)
            if game.seed != seed or game.settings.players != players:
                raise InvalidPositionError(f"The new position does not belong to game {game_id}.")
            seq = version + 1
            await conn.execute(
                "INSERT INTO actions (game_id, seq, seat, action, at) VALUES (?, ?, ?, ?, ?)",
                (game_id, seq, seat, action, now),
            )
            await conn.execute(
                """UPDATE games SET position = ?, version = ?, seat_to_act = ?, status = ?, updated_at = ?,
                                    ended_at = ?
                   WHERE id = ?""",
                (new_position, seq, game.to_act, new_status.value, now, now if over else None, game_id),
            )
            if to_delete is None or over:
                await conn.execute("DELETE FROM timers WHERE game_id = ?", (game_id,))
            elif to_delete:
                await conn.executemany(
                    "DELETE FROM timers WHERE game_id = ? AND id = ?", [(game_id, t) for t in to_delete]
                )
            added = () if over else await self._add_timers(conn, game_id, to_add, now)
            return Appended(game_id, seq, seq, new_status, game.to_act, added)

        return await self._transaction(body)

    async def actions(self, game_id: int, *, after: int = 0) -> list[ActionRecord]:
        """The log in order, from sequence number ``after + 1``."""
        rows = await self._read(
            "SELECT game_id, seq, seat, action, at FROM actions WHERE game_id = ? AND seq > ? ORDER BY seq",
            (game_id, after),
        )
        return [ActionRecord(*r) for r in rows]

    # --------------------------------------------------------------------------------- queries

    async def load_game(self, game_id: int) -> GameRecord:
        """The game with its seats; ``GameNotFound`` if there is none."""
        rows = await self._read(_SQL_GAME, (game_id,))
        if not rows:
            raise GameNotFound(game_id)
        return _game_from_row(rows[0])

    async def game_in_channel(self, channel_id: int) -> GameRecord | None:
        """The lobby or game in play of this channel or thread, if any."""
        rows = await self._read(_SQL_GAME_IN_CHANNEL, (channel_id,))
        return _game_from_row(rows[0]) if rows else None

    async def games_of_user(
        self, user_id: int, statuses: Iterable[Status | str] = ACTIVE
    ) -> list[GameRecord]:
        """The games where the user has a seat (by default lobbies and games in play), oldest first."""
        rows = await self._read(_SQL_GAMES_OF_USER, (_statuses(statuses), user_id))
        return [_game_from_row(r) for r in rows]

    async def games_waiting_on(self, user_id: int) -> list[GameRecord]:
        """The games in play whose seat to act is the user's, the longest waiting first."""
        rows = await self._read(_SQL_GAMES_WAITING_ON, (user_id,))
        return [_game_from_row(r) for r in rows]

    async def games_of_guild(
        self, guild_id: int, statuses: Iterable[Status | str] = ACTIVE
    ) -> list[GameRecord]:
        """The games of a server (by default lobbies and games in play), oldest first."""
        rows = await self._read(_SQL_GAMES_OF_GUILD, (_statuses(statuses), guild_id))
        return [_game_from_row(r) for r in rows]

    async def game_ids(self, statuses: Iterable[Status | str] = tuple(Status)) -> list[int]:
        """The ids of the games with these statuses (all by default), in order."""
        rows = await self._read(
            "SELECT id FROM games WHERE status IN (SELECT value FROM json_each(?)) ORDER BY id",
            (_statuses(statuses),),
        )
        return [r[0] for r in rows]

    # ---------------------------------------------------------------------------------- timers

    @staticmethod
    async def _add_timers(
        conn: Conn, game_id: int, timers: Iterable[NewTimer], now: int
    ) -> tuple[Timer, ...]:
        added = []
        for t in timers:
            if not isinstance(t, NewTimer):
                raise TypeError(f"timers must be NewTimer values, not {type(t).__name__}")
            if not t.kind:
                raise ValueError("a timer needs a kind")
            row = await _one(
                conn,
                """INSERT INTO timers (game_id, kind, seat, due_at, payload, created_at)
                   VALUES (?, ?, ?, ?, ?, ?) RETURNING id""",
                (game_id, t.kind, t.seat, _int(t.due_at, "due_at"), payload_text(t.payload), now),
            )
            added.append(Timer(row[0], game_id, t.kind, t.seat, t.due_at, dict(t.payload), now))
        return tuple(added)

    async def add_timer(self, game_id: int, timer: NewTimer, now: int) -> Timer:
        """Add a timer to a lobby or a game in play."""
        _int(now, "now")

        async def body(conn: Conn) -> Timer:
            status = (await self._game_row(conn, game_id))[0]
            if status not in ACTIVE:
                raise GameStatusError(game_id, status, "have timers")
            return (await self._add_timers(conn, game_id, (timer,), now))[0]

        return await self._transaction(body)

    async def delete_timer(self, timer_id: int) -> bool:
        """Delete one timer; False if it was already gone."""

        async def body(conn: Conn) -> bool:
            cursor = await conn.execute("DELETE FROM timers WHERE id = ?", (_int(timer_id, "timer_id"),))
            return cursor.rowcount > 0

        return await self._transaction(body)

    async def reschedule_timer(self, timer_id: int, due_at: int) -> bool:
        """Move one timer to a new due time (a reminder repeats: one row, never two after a crash);
        False if it was gone, e.g. deleted by the action that answered it."""

        async def body(conn: Conn) -> bool:
            cursor = await conn.execute(
                "UPDATE timers SET due_at = ? WHERE id = ?",
                (_int(due_at, "due_at"), _int(timer_id, "timer_id")),
            )
            return cursor.rowcount > 0

        return await self._transaction(body)

    async def timers(self, game_id: int) -> list[Timer]:
        """A game's timers, the soonest first."""
        rows = await self._read(_TIMER_COLUMNS + "WHERE game_id = ? ORDER BY due_at, id", (game_id,))
        return [_timer_from_row(r) for r in rows]

    async def next_due(self, limit: int = 1) -> list[Timer]:
        """The timers due soonest, of every game, in order of due time (then id)."""
        rows = await self._read(_TIMER_COLUMNS + "ORDER BY due_at, id LIMIT ?", (_int(limit, "limit"),))
        return [_timer_from_row(r) for r in rows]

    async def due_timers(self, now: int, limit: int = 100) -> list[Timer]:
        """The timers due at ``now`` or before, in order of due time (then id)."""
        rows = await self._read(
            _TIMER_COLUMNS + "WHERE due_at <= ? ORDER BY due_at, id LIMIT ?",
            (_int(now, "now"), _int(limit, "limit")),
        )
        return [_timer_from_row(r) for r in rows]

    # -------------------------------------------------------------------------------- messages

    async def remember_message(
        self,
        game_id: int,
        kind: str,
        channel_id: int,
        message_id: int,
        now: int,
        *,
        user_id: int | None = None,
    ) -> MessageRef | None:
        """Remember the message of this kind for the game (``user_id`` None) or for one player.

        Replaces the one remembered before and returns that one, if any (e.g. the previous board).
        """
        if not kind:
            raise ValueError("a message needs a kind")
        owner = 0 if user_id is None else _int(user_id, "user_id")
        params = (
            game_id,
            kind,
            owner,
            _int(channel_id, "channel_id"),
            _int(message_id, "message_id"),
            _int(now, "now"),
        )

        async def body(conn: Conn) -> MessageRef | None:
            await self._game_row(conn, game_id)
            old = await _one(
                conn,
                "SELECT channel_id, message_id, updated_at FROM messages "
                "WHERE game_id = ? AND kind = ? AND user_id = ?",
                params[:3],
            )
            await conn.execute(
                """INSERT INTO messages (game_id, kind, user_id, channel_id, message_id, updated_at)
                   VALUES (?, ?, ?, ?, ?, ?)
                   ON CONFLICT (game_id, kind, user_id) DO UPDATE SET
                       channel_id = excluded.channel_id, message_id = excluded.message_id,
                       updated_at = excluded.updated_at""",
                params,
            )
            return None if old is None else MessageRef(game_id, kind, user_id, *old)

        return await self._transaction(body)

    async def message(self, game_id: int, kind: str, *, user_id: int | None = None) -> MessageRef | None:
        """The remembered message of this kind for the game (``user_id`` None) or for one player."""
        rows = await self._read(
            "SELECT channel_id, message_id, updated_at FROM messages "
            "WHERE game_id = ? AND kind = ? AND user_id = ?",
            (game_id, kind, 0 if user_id is None else user_id),
        )
        return MessageRef(game_id, kind, user_id, *rows[0]) if rows else None

    async def messages(self, game_id: int, kind: str | None = None) -> list[MessageRef]:
        """The game's remembered messages (of one kind, or all), by kind then user."""
        rows = await self._read(
            """SELECT kind, user_id, channel_id, message_id, updated_at FROM messages
               WHERE game_id = ? AND (? IS NULL OR kind = ?) ORDER BY kind, user_id""",
            (game_id, kind, kind),
        )
        return [MessageRef(game_id, k, u or None, c, m, t) for k, u, c, m, t in rows]

    async def forget_message(self, game_id: int, kind: str, *, user_id: int | None = None) -> bool:
        """Forget a remembered message; False if there was none."""

        async def body(conn: Conn) -> bool:
            cursor = await conn.execute(
                "DELETE FROM messages WHERE game_id = ? AND kind = ? AND user_id = ?",
                (game_id, kind, 0 if user_id is None else user_id),
            )
            return cursor.rowcount > 0

        return await self._transaction(body)

    # ------------------------------------------------------------------------------ checks

    async def verify_replay(self, game_id: int) -> int:
        """Check that the seed plus the log replay to exactly the stored game; return the log's length.

        Checks the version against the log, the seat of every action, the position text, the seat to act
        and the status. Raises ``ReplayMismatchError`` naming the first problem found.
        """

        async def snapshot(conn: Conn) -> tuple[GameRecord, list[Any]]:
            record = await self._load(conn, game_id)
            log = await _rows(
                conn, "SELECT seq, seat, action FROM actions WHERE game_id = ? ORDER BY seq", (game_id,)
            )
            return record, log

        record, log = await self._transaction(snapshot, write=False)
        await asyncio.to_thread(_check_replay, record, log)
        return len(log)

    async def integrity_problems(self) -> list[str]:
        """``PRAGMA integrity_check`` and ``foreign_key_check`` findings; empty when the file is sound."""
        found = [r[0] for r in await self._read("PRAGMA integrity_check") if r[0] != "ok"]
        for table, rowid, parent, _ in await self._read("PRAGMA foreign_key_check"):
            found.append(f"row {rowid} of {table} points to a missing {parent} row")
        return found

    async def schema_version(self) -> int:
        async with self._lock:
            return await user_version(self._connection())

    async def backup(self, dest: str | os.PathLike[str]) -> None:
        """A consistent copy of the database in a new file (``VACUUM INTO``), while others keep writing."""
        async with self._lock:
            await _vacuum_into(self._connection(), os.fspath(dest))


def _check_replay(record: GameRecord, log: list[Any]) -> None:
    def fail(problem: str) -> ReplayMismatchError:
        return ReplayMismatchError(record.id, problem)

    if record.version != len(log):
        raise fail(f"its version is {record.version} but its log has {len(log)} actions")
    for expected, (seq, _, _) in enumerate(log, start=1):
        if seq != expected:
            raise fail(f"its log jumps from action {expected - 1} to action {seq}")
    settings = record.settings
    if settings is None or record.seed is None or record.position is None:
        if log or record.position is not None:
            raise fail("it never started but has a log or a position")
        return
    game = Game.new(settings.players, record.seed, settings.board, settings.english, settings.open_scoring)
    for seq, seat, action in log:
        if game.to_act != seat:
            raise fail(f"action {seq} ({action}) is logged for seat {seat} but seat {game.to_act} was to act")
        try:
            game.apply(action)
        except EngineError as exc:
            raise fail(f"action {seq} ({action}) is refused by the rules: {exc}") from None
    if dump(game) != record.position:
        raise fail("the stored position differs from the replayed one")
    if record.status == Status.PLAYING and (game.is_over or game.to_act != record.seat_to_act):
        raise fail(f"it waits on seat {record.seat_to_act} but the replay waits on seat {game.to_act}")
    if game.is_over != (record.status == Status.FINISHED):
        raise fail(f"it is {record.status} but the replayed game is {'over' if game.is_over else 'not over'}")


async def _vacuum_into(conn: Conn, dest: str) -> None:
    if await asyncio.to_thread(Path(dest).exists):
        raise BackupError(f"{dest} already exists; choose a new file for the backup.")
    try:
        await conn.execute("VACUUM INTO ?", (dest,))
    except sqlite3.Error as exc:
        raise BackupError(f"The backup to {dest} failed: {exc}.") from exc


async def backup_database(source: str | os.PathLike[str], dest: str | os.PathLike[str]) -> None:
    """Back up a database file without migrating it (for ``python -m storage backup``)."""
    source = os.fspath(source)
    if not await asyncio.to_thread(Path(source).is_file):
        raise BackupError(f"There is no database at {source}.")
    conn = await aiosqlite.connect(source, isolation_level=None)
    try:
        await conn.execute_fetchall("PRAGMA busy_timeout = 10000")
        await _vacuum_into(conn, os.fspath(dest))
    finally:
        await conn.close()
