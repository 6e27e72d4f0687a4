"""The store: every change in one transaction, on SQLite (the default) or PostgreSQL (``DATABASE_URL``).

Each transaction is a plain function of a ``storage.sql.Db`` (the same code for both databases). SQLite
runs it whole on aiosqlite's worker thread (``storage.dbthread``): ONE trip from the event loop per
operation, however many statements it runs. PostgreSQL runs it on a worker thread of its own whose
statements go to asyncpg (``storage.postgres``). Either way it runs in a task shielded from cancellation:
a cancelled caller never leaves a half-done transaction behind; it commits or rolls back whole.

Concurrency, in three layers:

* SQLite: inside one ``Store``, an ``asyncio.Lock`` lets one operation at a time use the connection, so a
  read never sees another task's uncommitted writes; PostgreSQL: a pool, each transaction on its own
  connection;
* between connections and processes, ``BEGIN IMMEDIATE`` takes SQLite's write lock before anything is
  read, and ``busy_timeout`` makes the others wait for it; PostgreSQL runs writes ``SERIALIZABLE`` (and
  again when it refuses one for a conflict), locking the game's row first;
* between commands that raced on the same game, ``append_action`` compares the caller's version with
  the stored one inside that transaction and refuses a stale write with ``StaleVersionError``.
"""

from __future__ import annotations

import asyncio
import json
import os
import sqlite3
from collections.abc import Awaitable, Callable, Coroutine, Generator, Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from functools import partial
from pathlib import Path
from typing import Any, Final, Literal, NamedTuple, TypeVar

import aiosqlite
import asyncpg

from engine import (
    EngineError,
    Game,
    GameExport,
    HolderReason,
    LoggedAction,
    NotationError,
    SeatHolder,
    Who,
    dump,
    load,
    replay_log,
)
from storage.dbthread import in_transaction, on_db_thread
from storage.errors import (
    AbsenceLengthError,
    AlreadySeatedError,
    BackupError,
    ChannelBusyError,
    ComputerSeatError,
    DatabaseCorruptError,
    DatabaseUnusableError,
    DynastyTakenError,
    GameNotFound,
    GamePausedError,
    GameStatusError,
    InvalidPositionError,
    LobbyFullError,
    NoHumanSeatError,
    NoSuchSeatError,
    NotAwayError,
    NotComputerSeatError,
    NotSeatedError,
    NotSeatOwnerError,
    ReplayMismatchError,
    SchemaTooNewError,
    SeatUnchangedError,
    StaleVersionError,
    StorageError,
    TakeBackError,
    WrongPlayerCountError,
    WrongSeatError,
)
from storage.files import check_access, database_error, inspect_file, integrity_findings
from storage.postgres import PostgresBackend, is_postgres_url, redact
from storage.records import (
    DEFAULT_LANGUAGE,
    MAX_AWAY_HOURS,
    MAX_SEATS,
    MIN_SEATS,
    TIMER_MAX_ATTEMPTS,
    UNDO,
    ActionRecord,
    Actor,
    ActorKind,
    Appended,
    DirectMessage,
    DmMode,
    FinishedGame,
    GameRecord,
    LeaderboardRow,
    MessageRef,
    NewTimer,
    Opponent,
    Options,
    PersonLanguage,
    Player,
    PlayerSettings,
    PlayerStats,
    Post,
    PresentationStep,
    Seat,
    SeatOwner,
    SeatReason,
    SeatResult,
    SettingSource,
    Shards,
    Status,
    Timer,
    TimerKind,
    TimerRetry,
    UserGame,
    away_at,
    computer_level,
    payload_text,
    player_or_none,
    timer_retry_delay,
)
from storage.repair import Inconsistency, find_inconsistencies, repair_inconsistencies
from storage.results import recompute_ratings, record_results
from storage.schema import LATEST, migrate, migrate_postgres, postgres_version, user_version
from storage.sql import POSTGRESQL, SQLITE, Db, Dialect, Params, SqliteDb
from storage.timers import release_held_timers

T = TypeVar("T")
Conn = aiosqlite.Connection

DEFAULT_PATH = "tigris.db"
TIMERS_CHANNEL = "tigris_timers"  # PostgreSQL's NOTIFY channel for saved timers (migration 0012)
ACTIVE: tuple[Status, ...] = (Status.LOBBY, Status.PLAYING)
ALL_TIMERS: Literal["all"] = "all"
ERROR_TEXT_LIMIT = 2000  # characters of a failed timer's error kept in its row


class _Unchanged(Enum):
    UNCHANGED = "unchanged"


UNCHANGED: Final = _Unchanged.UNCHANGED  # ``set_player_settings``: leave this setting as it is



def _per_dialect(build: Callable[[Dialect], str]) -> dict[Dialect, str]:
    """A statement both databases run, built for each from the same text (``storage.sql``)."""
    return {dialect: build(dialect) for dialect in (SQLITE, POSTGRESQL)}


def _game_columns(d: Dialect) -> str:
    seat = d.json_row(
        "s.seat", "s.user_id", "s.dynasty", "s.joined_at", "s.level", "s.away_since", "s.away_until",
        "s.away_cover", "s.resigned_by", "s.resigned_at",
    )  # fmt: skip
    return f"""
SELECT g.id, g.guild_id, g.channel_id, g.creator_id, g.status, g.board, g.english, g.open_scoring,
       g.conflict_hours, g.reminder_hours, g.turn_hours, g.away_minutes, g.hints, g.computer_level,
       g.buildings, g.wonder, g.players, g.seed, g.position, g.version, g.seat_to_act, g.created_at,
       g.started_at, g.updated_at, g.ended_at, g.presented_version, g.paused_at, g.language,
       (SELECT {d.json_list(seat)} FROM seats AS s WHERE s.game_id = g.id) AS seats
FROM games AS g
"""  # noqa: S608 - constant text; the values are parameters


def _games(where: str) -> dict[Dialect, str]:
    """The games (with their seats) chosen by ``where``, which may name the dialect's ``{values}``: the
    statuses given as a JSON list, as the table ``wanted``."""
    return _per_dialect(lambda d: _game_columns(d) + where.format(values=d.json_values("?", "wanted")))


_SQL_GAME = _games("WHERE g.id = ?")
_SQL_GAME_IN_CHANNEL = _games("WHERE g.channel_id = ? AND g.status IN ('lobby', 'playing')")
# The newest game of a channel among some statuses: per status, the largest id of one range of the
# games_channel index (channel_id, status, then the rowid), so the cost never grows with the games stored.
_SQL_LATEST_IN_CHANNEL = _games(
    """WHERE g.id = (
    SELECT max((SELECT max(c.id) FROM games AS c WHERE c.channel_id = ? AND c.status = wanted.value))
    FROM {values})"""
)
# The condition must read exactly as the games_unpresented partial index's, for SQLite to use the index.
_SQL_GAMES_TO_PRESENT = _games(
    """WHERE g.presented_version < g.version AND g.status IN ('playing', 'finished')
ORDER BY g.id LIMIT ?"""
)
_SQL_GAMES_OF_USER = _games(
    """JOIN seats AS me ON me.game_id = g.id
JOIN {values} ON wanted.value = g.status
WHERE me.user_id = ?
ORDER BY g.id"""
)
_SQL_GAMES_WAITING_ON = _games(
    """JOIN seats AS me ON me.game_id = g.id AND me.seat = g.seat_to_act
WHERE me.user_id = ? AND g.status = 'playing'
ORDER BY g.updated_at, g.id"""
)
_SQL_GAMES_OF_GUILD = _games(
    """JOIN {values} ON wanted.value = g.status
WHERE g.guild_id = ?
ORDER BY g.id"""
)
_SQL_GAME_IDS = _per_dialect(
    lambda d: "SELECT id FROM games WHERE status IN "  # noqa: S608 - constant text; the values are parameters
    f"(SELECT value FROM {d.json_values('?', 'w')}) ORDER BY id"
)
_TIMER_COLUMNS = (
    "SELECT id, game_id, kind, seat, due_at, payload, created_at, attempts, last_error, set_aside_at, "
    "held_since FROM timers "
)
# The timers_due partial index's condition: due queries never see set-aside timers nor those a pause holds.
_LIVE = "set_aside_at IS NULL AND held_since IS NULL"
_SQL_NEXT_DUE = _TIMER_COLUMNS + f"WHERE {_LIVE} ORDER BY due_at, id LIMIT ?"
_SQL_DUE = _TIMER_COLUMNS + f"WHERE {_LIVE} AND due_at <= ? ORDER BY due_at, id LIMIT ?"
_ACTION_COLUMNS = (
    "SELECT game_id, seq, seat, action, at, actor_kind, actor_user_id, actor_level, undoes, taken_back_by "
    "FROM actions "
)
# The rows the engine replays are neither undo rows nor taken back (undoes and taken_back_by NULL).
_SQL_NEWEST_EFFECTIVE = (
    "SELECT seq, seat, actor_kind, actor_user_id FROM actions "
    "WHERE game_id = ? AND undoes IS NULL AND taken_back_by IS NULL ORDER BY seq DESC LIMIT 1"
)
_SQL_PLAYER_SETTINGS = (
    "SELECT game_id, dm, auto_forced FROM player_settings WHERE user_id = ? AND game_id IN (0, ?)"
)
_SQL_SEATED_PLAYER_SETTINGS = """
SELECT s.user_id, d.dm, d.auto_forced, o.dm, o.auto_forced
FROM seats AS s
LEFT JOIN player_settings AS d ON d.user_id = s.user_id AND d.game_id = 0
LEFT JOIN player_settings AS o ON o.user_id = s.user_id AND o.game_id = s.game_id
WHERE s.game_id = ? AND s.user_id IS NOT NULL
"""
_SEAT_OWNER_COLUMNS = (
    "SELECT game_id, seat, user_id, level, reason, by_user_id, since, until FROM seat_owners "
)
# The user's latest time in a seat of the game, if they hold none now.
_SQL_FORMER_SEAT = (
    _SEAT_OWNER_COLUMNS  # noqa: S608 - constant text; the values are parameters
    + """WHERE game_id = ? AND user_id = ? AND until IS NOT NULL
  AND NOT EXISTS (SELECT 1 FROM seats AS s WHERE s.game_id = seat_owners.game_id AND s.user_id = ?)
ORDER BY until DESC, id DESC LIMIT 1"""
)
_SQL_SET_ASIDE = _TIMER_COLUMNS + "WHERE set_aside_at IS NOT NULL ORDER BY set_aside_at, id LIMIT ?"
_POST_COLUMNS = (
    "SELECT game_id, seq, version, turn_of, channel_id, message_id, posted_at, lines, board FROM game_posts "
)
# The newest posts first (read back oldest first): all of them, or those after the post that ended a seat's
# last turn (all of them when none did yet).
_SQL_LAST_POSTS = _POST_COLUMNS + "WHERE game_id = ? ORDER BY seq DESC LIMIT ?"
_SQL_NEXT_POST = "SELECT coalesce(max(seq), 0) + 1 FROM game_posts WHERE game_id = ?"
# A turn's post is edited as its actions come, one row each: the newest row is the one its last edit made.
_SQL_POST_OF = _POST_COLUMNS + "WHERE game_id = ? AND message_id = ? ORDER BY seq DESC LIMIT 1"
_SQL_DM = """SELECT message_id, game_id, user_id, seat, channel_id, version, kind, facts, hand,
       newer_channel_id, newer_message_id, note, note_choice, sent_at
FROM direct_messages WHERE message_id = ?"""
_SQL_STEPS = """SELECT game_id, version, step, started_at, content_hash, done_at, channel_id, message_id,
       replaced_channel_id, replaced_message_id
FROM presentation_steps WHERE game_id = ? AND version = ?"""
_SQL_POSTS_SINCE_TURN = (
    _POST_COLUMNS  # noqa: S608 - constant text; the values are parameters
    + """WHERE game_id = ? AND seq > coalesce(
    (SELECT max(seq) FROM game_posts WHERE game_id = ? AND turn_of = ?), 0)
ORDER BY seq DESC LIMIT ?"""
)

# History and standings (issue 13). A server's games in play, the longest waiting first, and its finished
# games, the newest first: one range of games_guild_ended each (the finished ones read in order).
_SQL_RUNNING_GAMES = _games(
    "WHERE g.guild_id = ? AND g.status = 'playing' ORDER BY g.updated_at, g.id LIMIT ?"
)
# The lobbies and games in play a person holds a seat in, on every server: those waiting on them first.
_SQL_USER_GAMES = _games(
    """JOIN seats AS me ON me.game_id = g.id
WHERE me.user_id = ? AND g.status IN ('lobby', 'playing')
ORDER BY g.status = 'playing' AND g.seat_to_act = me.seat DESC, g.status = 'playing' DESC,
         g.updated_at, g.id"""
)


def _result_row(d: Dialect) -> str:
    return d.json_row(
        "r.seat", "r.place", "r.score", "r.red", "r.blue", "r.green", "r.black", "r.treasures",
        "r.owner_user_id", "r.owner_level", "r.user_id", "r.level", "r.resigned_by", "r.replaced",
        "r.rating_change",
    )  # fmt: skip


_SQL_GAME_RESULTS = _per_dialect(
    lambda d: f"SELECT {_result_row(d)} FROM results AS r WHERE r.game_id = ? ORDER BY r.place, r.seat"  # noqa: S608
)
_SQL_FINISHED_GAMES = _per_dialect(
    lambda d: f"""
SELECT g.id, g.channel_id, g.players, g.started_at, g.ended_at,
       (SELECT {d.json_list("result", of_json=True)} FROM (
            SELECT {_result_row(d)} AS result FROM results AS r WHERE r.game_id = g.id
            ORDER BY r.place, r.seat
        ){d.derived("rr")})
FROM games AS g
WHERE g.guild_id = ? AND g.status = 'finished'
ORDER BY g.ended_at DESC, g.id DESC LIMIT ?"""  # noqa: S608 - constant text; the values are parameters
)
# A rank is shared by the ratings that read the same (rounded, as shown): 1 + those shown higher
_SQL_LEADERBOARD = """
SELECT user_id, level, rating, games, wins,
       1 + (SELECT count(*) FROM ratings AS better
            WHERE better.guild_id = r.guild_id AND better.games >= ?
              AND round(better.rating) > round(r.rating))
FROM ratings AS r
WHERE guild_id = ? AND games >= ?
ORDER BY rating DESC, id LIMIT ? OFFSET ?"""


def _stats_sql(d: Dialect, who: str, resigned: str) -> str:
    """A player's stats on a server in one statement; ``who`` picks their rows (a person's or a level's),
    ``resigned`` counts the games they resigned."""
    totals = d.json_row(
        "count(DISTINCT game_id)", "count(DISTINCT CASE WHEN place = 1 THEN game_id END)", "avg(place)",
        "avg(score)", "max(score)", resigned,
    )  # fmt: skip
    rating = d.json_row(
        "r.rating",
        "(SELECT count(*) FROM ratings AS better"
        " WHERE better.guild_id = :guild AND round(better.rating) > round(r.rating))",
    )
    met = d.json_list(d.json_row("user_id", "level", "games", "ahead", "behind", "number"))
    return f"""
SELECT
  (SELECT {totals} FROM results WHERE guild_id = :guild AND {who}),
  (SELECT {rating} FROM ratings AS r WHERE r.guild_id = :guild AND r.{who}),
  (SELECT {met} FROM (
     SELECT o.user_id, o.level, o.number, count(DISTINCT o.game_id) AS games,
            sum(CASE WHEN me.place < o.place THEN 1 ELSE 0 END) AS ahead,
            sum(CASE WHEN me.place > o.place THEN 1 ELSE 0 END) AS behind
     FROM results AS me JOIN (
        -- a computer seat's number among its game's seats of that level: "Bot 2 (hard)" stays itself
        SELECT r.*, CASE WHEN r.level IS NULL THEN 1 ELSE (
                   SELECT count(*) FROM results AS x
                   WHERE x.game_id = r.game_id AND x.level = r.level AND x.seat <= r.seat) END AS number
        FROM results AS r
     ) AS o ON o.game_id = me.game_id AND o.seat <> me.seat
     WHERE me.guild_id = :guild AND me.{who}
       AND (o.user_id IS NOT NULL OR o.level IS NOT NULL)
       AND (o.{who}) IS NOT TRUE
     GROUP BY o.user_id, o.level, o.number
     ORDER BY games DESC, o.user_id IS NULL, o.user_id, o.level, o.number
     LIMIT :opponents){d.derived("m")})"""  # noqa: S608 - ``who`` and ``resigned`` are the constants below


_SQL_STATS_OF_PERSON = _per_dialect(
    lambda d: _stats_sql(d, "user_id = :who", "count(DISTINCT CASE WHEN resigned_by = :who THEN game_id END)")
)
_SQL_STATS_OF_COMPUTER = _per_dialect(lambda d: _stats_sql(d, "level = :who", "0"))  # a level never resigns


def _game_from_row(row: Sequence[Any]) -> GameRecord:
    (game_id, guild_id, channel_id, creator_id, status, board, english, open_scoring, conflict_hours,
     reminder_hours, turn_hours, away_minutes, hints, level, buildings, wonder, players, seed, position,
     version, seat_to_act, created_at, started_at, updated_at, ended_at, presented_version, paused_at,
     language, seats_json) = row  # fmt: skip
    seats = tuple(
        sorted(
            (
                Seat(s[0], s[1], s[2], s[3], s[4], s[5], s[6], bool(s[7]), s[8], s[9])
                for s in json.loads(seats_json)
            ),
            key=lambda s: s.seat,
        )
    )
    options = Options(
        board,
        bool(english),
        bool(open_scoring),
        conflict_hours,
        reminder_hours,
        turn_hours,
        away_minutes,
        bool(hints),
        level,
        bool(buildings),
        bool(wonder),
    )
    return GameRecord(
        game_id, guild_id, channel_id, creator_id, Status(status), options, seats, players, seed, position,
        version, seat_to_act, created_at, started_at, updated_at, ended_at, presented_version, paused_at,
        language,
    )  # fmt: skip


def _result_from_row(game_id: int, row: Sequence[Any]) -> SeatResult:
    (seat, place, score, red, blue, green, black, treasures, owner_user_id, owner_level, user_id, level,
     resigned_by, replaced, rating_change) = row  # fmt: skip
    return SeatResult(
        game_id, seat, place, score, (red, blue, green, black), treasures, Player(owner_user_id, owner_level),
        player_or_none(user_id, level), resigned_by, bool(replaced), rating_change,
    )  # fmt: skip


def _who(actor: Actor | None) -> Who:
    """How a game record (engine.export) names the actor of a log row."""
    if actor is None:
        return Who.unrecorded()
    if actor.kind is ActorKind.PERSON:
        return Who.person(actor.user_id)
    if actor.kind is ActorKind.COMPUTER:
        assert actor.level is not None
        return Who.computer(actor.level)
    return Who.deadline()


def _holder(user_id: int | None, level: str | None) -> Who:
    if user_id is not None:
        return Who.person(user_id)
    assert level is not None
    return Who.computer(level)


def _timer_from_row(row: Sequence[Any]) -> Timer:
    return Timer(
        row[0], row[1], row[2], row[3], row[4], json.loads(row[5]), row[6], row[7], row[8], row[9], row[10]
    )


def _actor(kind: str | None, user_id: int | None, level: str | None) -> Actor | None:
    return None if kind is None else Actor(ActorKind(kind), user_id, level)


def _actor_columns(actor: Actor | None) -> tuple[str | None, int | None, str | None]:
    if actor is None:
        return None, None, None
    return actor.kind.value, actor.user_id, actor.level


def _action_from_row(row: Sequence[Any]) -> ActionRecord:
    game_id, seq, seat, action, at, kind, user_id, level, undoes, taken_back_by = row
    return ActionRecord(game_id, seq, seat, action, at, _actor(kind, user_id, level), undoes, taken_back_by)


def _post_from_row(row: Sequence[Any]) -> Post:
    game_id, seq, version, turn_of, channel_id, message_id, posted_at, lines, board = row
    told = tuple(json.loads(lines))
    return Post(game_id, seq, version, turn_of, channel_id, message_id, posted_at, told, bool(board))


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


def _step_name(step: str) -> str:
    if not isinstance(step, str) or not step:
        raise ValueError("a step of showing a version needs a name")
    return step


def _record_step(
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


def _rows(db: Db, sql: str, params: Params = ()) -> list[Any]:
    return db.execute(sql, params).fetchall()


def _one(db: Db, sql: str, params: Params = ()) -> Any:
    return db.execute(sql, params).fetchone()


def _sqlite_rows(db: sqlite3.Connection, sql: str, params: Params = ()) -> list[Any]:
    return db.execute(sql, params).fetchall()


class _GameRow(NamedTuple):
    """The columns of ``games`` that the writes check."""

    status: str
    version: int
    seat_to_act: int | None
    players: int | None
    seed: int | None
    computer_level: str
    paused_at: int | None
    pause_keeps: str | None

    def keeps(self) -> frozenset[str] | None:
        """The timer kinds a pause lets run; None while the game runs."""
        return None if self.pause_keeps is None else frozenset(json.loads(self.pause_keeps))


class _SeatRow(NamedTuple):
    user_id: int | None
    level: str | None
    away_since: int | None
    away_until: int | None


def _seat_row(db: Db, game_id: int, seat: int) -> _SeatRow:
    row = _one(
        db,
        "SELECT user_id, level, away_since, away_until FROM seats WHERE game_id = ? AND seat = ?",
        (game_id, seat),
    )
    if row is None:
        raise NoSuchSeatError(game_id, seat)
    return _SeatRow(*row)


def _check_person(game_id: int, seat: int, row: _SeatRow, asking: int | None) -> None:
    """The seat is a person's, and the asking user's if one asks."""
    if row.user_id is None:
        raise ComputerSeatError(game_id, seat)
    if asking is not None and asking != row.user_id:
        raise NotSeatOwnerError(game_id, seat, asking)


def _clear_away(db: Db, game_id: int, seat: int) -> None:
    db.execute(
        "UPDATE seats SET away_since = NULL, away_until = NULL, away_cover = 0 "
        "WHERE game_id = ? AND seat = ?",
        (game_id, seat),
    )


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


def _seat_owner(row: Sequence[Any]) -> SeatOwner:
    game_id, seat, user_id, level, reason, by_user_id, since, until = row
    return SeatOwner(game_id, seat, user_id, level, SeatReason(reason), by_user_id, since, until)


_TAKEN_BY = {
    ActorKind.COMPUTER.value: "the computer player",
    ActorKind.DEADLINE.value: "a deadline's default",
}


def _newest_to_take_back(db: Db, game_id: int, seat: int, actor: Actor | None) -> int:
    """The seq of the newest effective action, if ``seat``'s person may take it back (R31, R32)."""
    row = _one(db, _SQL_NEWEST_EFFECTIVE, (game_id,))
    if row is None:
        raise TakeBackError(game_id, "there is no action to take back")
    seq, its_seat, kind, user_id = row
    if its_seat != seat:
        raise TakeBackError(game_id, f"its newest action is seat {its_seat}'s, not seat {seat}'s")
    if kind in _TAKEN_BY:
        raise TakeBackError(game_id, f"its newest action was made by {_TAKEN_BY[kind]} for seat {seat}")
    if kind == ActorKind.PERSON and actor is not None and user_id != actor.user_id:
        raise TakeBackError(
            game_id, f"its newest action was made by user {user_id}, not user {actor.user_id}"
        )
    return int(seq)


def _effective(
    default: tuple[str | None, int | None] | None, game: tuple[str | None, int | None] | None
) -> PlayerSettings:
    """Each setting from the game's row, else the player's default row, else the built-in default."""
    built_in = PlayerSettings()
    dm, dm_from = built_in.dm, SettingSource.BUILT_IN
    auto, auto_from = built_in.auto_forced, SettingSource.BUILT_IN
    for values, source in ((default, SettingSource.PLAYER), (game, SettingSource.GAME)):
        if values is None:
            continue
        if values[0] is not None:
            dm, dm_from = DmMode(values[0]), source
        if values[1] is not None:
            auto, auto_from = bool(values[1]), source
    return PlayerSettings(dm, auto, dm_from, auto_from)


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
    actor: Actor | None

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
        actor: Actor | None,
    ) -> _Saving:
        if actor is not None and not isinstance(actor, Actor):
            raise TypeError(f"actor must be an Actor, not {type(actor).__name__}")
        to_delete = None
        if timers_to_delete != ALL_TIMERS:
            to_delete = [_int(t, "timer id") for t in timers_to_delete]
        text, game = _position_and_game(position)
        final = None
        if game.is_over:  # its results are recorded later, from a game the caller cannot change meanwhile
            final = game if isinstance(position, str) else _parse_position(text)
        return cls(
            game_id,
            _int(expected_version, "expected_version"),
            _int(seat, "seat"),
            action,
            text,
            game.seed,
            game.settings.players,
            game.to_act,
            final,
            _int(now, "now"),
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
        return position, _parse_position(position)
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


def _file_error(path: str, exc: sqlite3.Error) -> StorageError:
    """A SQLite error while opening: named when the file or disk is at fault, else "not usable"."""
    return database_error(path, exc) or DatabaseUnusableError(
        f"{path} is not a usable SQLite database: {exc}."
    )


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


def _as_db(body: Callable[[Db], T], conn: sqlite3.Connection) -> T:
    return body(SqliteDb(conn))


class _Sqlite:
    """SQLite's side of a store: one aiosqlite connection, its operations taking turns under a lock."""

    dialect: Dialect = SQLITE
    integrity_errors: tuple[type[Exception], ...] = (sqlite3.IntegrityError,)

    def __init__(self, conn: Conn, path: str) -> None:
        self.conn: Conn | None = conn
        self.path = path
        self.lock = asyncio.Lock()

    def connection(self) -> Conn:
        if self.conn is None:
            raise StorageError("The store is closed.")
        return self.conn

    async def on_thread(self, work: Callable[[sqlite3.Connection], T]) -> T:
        """Run ``work`` on the database thread (the caller holds the lock); a file or disk that fails
        becomes a ``DatabaseUnusableError`` naming the file, other SQLite errors go up as they are."""
        try:
            return await on_db_thread(self.connection(), work)
        except sqlite3.Error as exc:
            error = database_error(self.path, exc)
            if error is None:
                raise
            raise error from exc

    async def transaction(self, body: Callable[[Db], T], *, write: bool = True, isolation: Any = None) -> T:
        async with self.lock:
            return await self.on_thread(partial(in_transaction, body=partial(_as_db, body), write=write))

    async def read(self, sql: str, params: Params = ()) -> list[Any]:
        """One statement: SQLite reads it from one snapshot."""
        async with self.lock:
            return await self.on_thread(partial(_sqlite_rows, sql=sql, params=params))

    async def close(self) -> None:
        async with self.lock:
            conn, self.conn = self.conn, None
            if conn is not None:
                await conn.close()


class _Postgres(PostgresBackend):
    dialect: Dialect = POSTGRESQL
    integrity_errors: tuple[type[Exception], ...] = (asyncpg.IntegrityConstraintViolationError,)


class Store:
    """The bot's database. Open it with ``Store.open(path or URL)``; see the package docstring for the API."""

    def __init__(self, backend: _Sqlite | _Postgres, path: str) -> None:
        self._backend: _Sqlite | _Postgres | None = backend
        self._dialect = backend.dialect
        self.path = path
        self._writes: set[asyncio.Task[Any]] = set()
        self._listening: list[Callable[[], Coroutine[Any, Any, None]]] = []  # listen_timers's connections

    # ------------------------------------------------------------------------------ open and close

    @classmethod
    def open(
        cls,
        path: str | os.PathLike[str] = DEFAULT_PATH,
        *,
        busy_timeout_ms: int = 10_000,
        synchronous: Literal["FULL", "NORMAL"] = "FULL",
    ) -> _Opening:
        """Open (or create) the database, check it, upgrade its schema, and return the store.

        ``path`` is a SQLite file, or a ``postgresql://`` URL (the database must exist; its tables are
        created by the migrations). For a file: before anything is written, the file must be readable and
        writable with its folder, and pass ``PRAGMA quick_check`` through a read-only connection; otherwise
        a ``DatabaseUnusableError`` (``DatabaseCorruptError``, ``DatabaseReadOnlyError``, ...) or
        ``SchemaTooNewError`` is raised and the file is left exactly as it was. Then: WAL journal, foreign
        keys on, ``synchronous=FULL`` by default (a saved move survives a power cut, not only a crash), the
        missing migrations.
        """
        if synchronous not in ("FULL", "NORMAL"):
            raise ValueError("synchronous must be 'FULL' or 'NORMAL'")
        target = os.fspath(path)
        if is_postgres_url(target):
            return _Opening(cls._open_postgres(target))
        return _Opening(cls._open(target, _int(busy_timeout_ms, "busy_timeout_ms"), synchronous))

    @classmethod
    async def _open_postgres(cls, url: str) -> Store:
        shown = redact(url)
        try:
            backend = await _Postgres.connect(url)
        except (OSError, asyncpg.PostgresError, asyncpg.InterfaceError) as exc:
            raise DatabaseUnusableError(f"The PostgreSQL database {shown} cannot be reached: {exc}.") from exc
        try:
            version = await postgres_version(backend)
            if version > LATEST:
                raise SchemaTooNewError(shown, version, LATEST)
            version = await migrate_postgres(backend)
            if version > LATEST:  # a newer program upgraded it while we waited
                raise SchemaTooNewError(shown, version, LATEST)
        except BaseException:
            await backend.close()
            raise
        return cls(backend, shown)

    @classmethod
    async def _open(cls, path: str, busy_timeout_ms: int, synchronous: str) -> Store:
        await asyncio.to_thread(check_access, path)
        # Checked through a read-only connection: nothing is written to a file that fails here.
        found = await asyncio.to_thread(inspect_file, path, busy_timeout_ms=busy_timeout_ms)
        if found is not None and found.problems:
            more = len(found.problems) - 1
            detail = found.problems[0] + (f", and {more} more problems" if more else "")
            raise DatabaseCorruptError(path, detail)
        if found is not None and (found.schema_version or 0) > LATEST:
            raise SchemaTooNewError(path, found.schema_version or 0, LATEST)
        connecting = aiosqlite.connect(path, isolation_level=None)
        try:
            conn = await connecting
        except sqlite3.Error as exc:
            # aiosqlite stops its worker thread without waiting for it; wait here so that the thread never
            # reports to an event loop that has been closed meanwhile.
            worker = getattr(connecting, "_thread", None)
            if worker is not None:
                await asyncio.to_thread(worker.join, 5)
            raise _file_error(path, exc) from exc
        try:
            await conn.execute_fetchall(f"PRAGMA busy_timeout = {busy_timeout_ms}")
            version = await user_version(conn)
            if version > LATEST:  # a newer program created the file since it was inspected
                raise SchemaTooNewError(path, version, LATEST)
            mode = await _switch_to_wal(conn, busy_timeout_ms)
            if mode != "wal":
                raise DatabaseUnusableError(f"{path} cannot use the WAL journal (it reports {mode!r}).")
            await conn.execute_fetchall("PRAGMA foreign_keys = ON")
            await conn.execute_fetchall(f"PRAGMA synchronous = {synchronous}")
            version = await migrate(conn)
            if version > LATEST:  # a newer program upgraded it while we waited
                raise SchemaTooNewError(path, version, LATEST)
        except BaseException as exc:
            await conn.close()
            if isinstance(exc, sqlite3.Error):
                raise _file_error(path, exc) from exc
            raise
        return cls(_Sqlite(conn, path), path)

    async def close(self) -> None:
        """Wait for the writes under way, then close. Closing twice is harmless."""
        backend, self._backend = self._backend, None
        if backend is None:
            return
        listening, self._listening = self._listening, []
        for stop in listening:
            await stop()
        if self._writes:
            await asyncio.gather(*self._writes, return_exceptions=True)
        await backend.close()

    async def __aenter__(self) -> Store:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    @property
    def closed(self) -> bool:
        return self._backend is None

    @property
    def backend(self) -> str:
        """``"sqlite"`` or ``"postgresql"``."""
        return self._dialect.name

    def _live(self) -> _Sqlite | _Postgres:
        if self._backend is None:
            raise StorageError("The store is closed.")
        return self._backend

    def _sqlite(self, what: str) -> _Sqlite:
        backend = self._live()
        if not isinstance(backend, _Sqlite):
            raise StorageError(f"{what} is for a SQLite file; for PostgreSQL, see docs/deploy.md.")
        return backend

    def _connection(self) -> Conn:
        """The aiosqlite connection of a SQLite store (for tests and checks of the file itself)."""
        return self._sqlite("A SQLite connection").connection()

    # ----------------------------------------------------------------------------- transactions

    async def _transaction(
        self, body: Callable[[Db], T], *, write: bool = True, isolation: Any = None
    ) -> T:
        """Run ``body`` in one transaction, in a task of its own that a cancelled caller cannot cut."""
        backend = self._live()
        task = asyncio.ensure_future(backend.transaction(body, write=write, isolation=isolation))
        self._writes.add(task)
        task.add_done_callback(self._writes.discard)
        # The result is fetched here; if the caller was cancelled, mark a failure as retrieved.
        task.add_done_callback(lambda t: None if t.cancelled() else t.exception())
        return await asyncio.shield(task)

    async def _read(self, sql: str | Mapping[Dialect, str], params: Params = ()) -> list[Any]:
        """One statement (or the dialect's one of several), read from one snapshot."""
        text = sql if isinstance(sql, str) else sql[self._dialect]
        return await self._live().read(text, params)

    @staticmethod
    def _game_row(db: Db, game_id: int) -> _GameRow:
        row = _one(
            db,
            "SELECT status, version, seat_to_act, players, seed, computer_level, paused_at, pause_keeps "
            "FROM games WHERE id = ?" + db.dialect.lock_row(),
            (game_id,),
        )
        if row is None:
            raise GameNotFound(game_id)
        return _GameRow(*row)

    @classmethod
    def _playing(cls, db: Db, game_id: int, wanted: str) -> _GameRow:
        row = cls._game_row(db, game_id)
        if row.status != Status.PLAYING:
            raise GameStatusError(game_id, row.status, wanted)
        return row

    @staticmethod
    def _load(db: Db, game_id: int) -> GameRecord:
        row = _one(db, _SQL_GAME[db.dialect], (game_id,))
        if row is None:
            raise GameNotFound(game_id)
        return _game_from_row(row)

    # ----------------------------------------------------------------------------------- lobby

    async def create_game(
        self,
        guild_id: int,
        channel_id: int,
        creator_id: int,
        now: int,
        options: Options | None = None,
        *,
        language: str = DEFAULT_LANGUAGE,
    ) -> GameRecord:
        """A new lobby in the channel or thread; ``ChannelBusyError`` if it already has an active game.
        ``language`` is the code of the language its channel posts are written in (issue 19)."""
        if not isinstance(language, str) or not language:
            raise ValueError(f"a game's language must be a language code, not {language!r}")
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
            float(o.turn_hours),
            float(o.away_minutes),
            int(o.hints),
            str(o.computer_level),
            int(o.buildings),
            int(o.wonder),
            _int(now, "now"),
            now,
            language,
        )

        def body(db: Db) -> GameRecord:
            busy = _one(
                db,
                "SELECT id FROM games WHERE channel_id = ? AND status IN ('lobby', 'playing')",
                (channel_id,),
            )
            if busy is not None:
                raise ChannelBusyError(channel_id, busy[0])
            row = _one(
                db,
                """INSERT INTO games (guild_id, channel_id, creator_id, status, board, english, open_scoring,
                                      conflict_hours, reminder_hours, turn_hours, away_minutes, hints,
                                      computer_level, buildings, wonder, created_at, updated_at, language)
                   VALUES (?, ?, ?, 'lobby', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id""",
                params,
            )
            return self._load(db, row[0])

        try:
            return await self._transaction(body)
        except self._live().integrity_errors as exc:  # the unique index, if another process won a race
            raise ChannelBusyError(channel_id, None) from exc

    async def add_seat(
        self, game_id: int, user_id: int, now: int, *, dynasty: str | None = None
    ) -> GameRecord:
        """Seat a user in the lobby, in the next seat. Raises a ``SeatError`` or ``GameStatusError``."""
        _int(user_id, "user_id")
        _int(now, "now")
        return await self._transaction(partial(self._seat_in_lobby, game_id, user_id, None, dynasty, now))

    async def add_computer_seat(
        self, game_id: int, level: str, now: int, *, dynasty: str | None = None
    ) -> GameRecord:
        """Seat the computer player at ``level`` in the lobby, in the next seat (``/te seat addbot``).
        Raises ``LobbyFullError``, ``DynastyTakenError`` or ``GameStatusError``; ``ValueError`` for a level
        that is not one of ``ComputerLevel``."""
        chosen = computer_level(level)
        _int(now, "now")
        return await self._transaction(partial(self._seat_in_lobby, game_id, None, chosen, dynasty, now))

    @classmethod
    def _seat_in_lobby(
        cls, game_id: int, user_id: int | None, level: str | None, dynasty: str | None, now: int, db: Db
    ) -> GameRecord:
        status = cls._game_row(db, game_id).status
        if status != Status.LOBBY:
            raise GameStatusError(game_id, status, "take new players")
        seats = _rows(db, "SELECT seat, user_id, dynasty FROM seats WHERE game_id = ?", (game_id,))
        if user_id is not None and any(s[1] == user_id for s in seats):
            raise AlreadySeatedError(game_id, user_id)
        if len(seats) >= MAX_SEATS:
            raise LobbyFullError(game_id, len(seats))
        if dynasty is not None and any(s[2] == dynasty for s in seats):
            raise DynastyTakenError(game_id, dynasty)
        db.execute(
            "INSERT INTO seats (game_id, seat, user_id, level, dynasty, joined_at) VALUES (?, ?, ?, ?, ?, ?)",
            (game_id, len(seats), user_id, level, dynasty, now),
        )
        db.execute("UPDATE games SET updated_at = ? WHERE id = ?", (now, game_id))
        return cls._load(db, game_id)

    async def remove_seat(self, game_id: int, user_id: int, now: int) -> GameRecord:
        """Unseat a user from the lobby; the later seats move up so seats stay 0..n-1."""
        _int(user_id, "user_id")
        _int(now, "now")

        def body(db: Db) -> GameRecord:
            self._lobby(db, game_id)
            row = _one(db, "SELECT seat FROM seats WHERE game_id = ? AND user_id = ?", (game_id, user_id))
            if row is None:
                raise NotSeatedError(game_id, user_id)
            return self._unseat(db, game_id, row[0], now)

        return await self._transaction(body)

    async def remove_computer_seat(self, game_id: int, seat: int, now: int) -> GameRecord:
        """Take a computer player's seat out of the lobby; the later seats move up. ``NoSuchSeatError``,
        ``NotComputerSeatError`` (a person leaves with ``remove_seat``) or ``GameStatusError``."""
        _int(seat, "seat")
        _int(now, "now")

        def body(db: Db) -> GameRecord:
            self._lobby(db, game_id)
            if _seat_row(db, game_id, seat).user_id is not None:
                raise NotComputerSeatError(game_id, seat)
            return self._unseat(db, game_id, seat, now)

        return await self._transaction(body)

    @classmethod
    def _lobby(cls, db: Db, game_id: int) -> None:
        status = cls._game_row(db, game_id).status
        if status != Status.LOBBY:
            raise GameStatusError(game_id, status, "lose players")

    @classmethod
    def _unseat(cls, db: Db, game_id: int, seat: int, now: int) -> GameRecord:
        """Empty a lobby seat; the later seats move up so seats stay 0..n-1."""
        db.execute("DELETE FROM seats WHERE game_id = ? AND seat = ?", (game_id, seat))
        later = _rows(
            db, "SELECT seat FROM seats WHERE game_id = ? AND seat > ? ORDER BY seat", (game_id, seat)
        )
        for (moving,) in later:  # in order, so each moves into a seat just freed
            db.execute(
                "UPDATE seats SET seat = ? WHERE game_id = ? AND seat = ?", (moving - 1, game_id, moving)
            )
        db.execute("UPDATE games SET updated_at = ? WHERE id = ?", (now, game_id))
        return cls._load(db, game_id)

    async def start_game(
        self, game_id: int, seed: int, position: str, now: int, *, timers: Iterable[NewTimer] = ()
    ) -> GameRecord:
        """Start the lobby: status playing, the seed and the initial position, plus the first timers.

        ``position`` must be ``engine.dump`` of the new game made from the seed, the options and as many
        players as there are seats (else ``InvalidPositionError``): the log replays from it. Computer seats
        count as players; at least one seat must be a person's (``NoHumanSeatError``). The seat history
        (``seat_history``) starts here, each seat held since its holder joined.
        """
        _int(seed, "seed")
        _int(now, "now")
        timers = tuple(timers)
        game = _parse_position(position)
        o_players = game.settings.players

        def body(db: Db) -> GameRecord:
            record = self._load(db, game_id)
            if record.status != Status.LOBBY:
                raise GameStatusError(game_id, record.status, "start")
            n = len(record.seats)
            if not MIN_SEATS <= n <= MAX_SEATS:
                raise WrongPlayerCountError(game_id, n)
            if not record.human_seats:
                raise NoHumanSeatError(game_id)
            o = record.options
            if o_players != n:
                raise InvalidPositionError(
                    f"The position is for {o_players} players but game {game_id} has {n} seated."
                )
            fresh = Game.start(o.settings(n), seed)
            if dump(fresh) != position:
                raise InvalidPositionError(
                    f"The position is not the start of game {game_id} with seed {seed} and its options."
                )
            db.execute(
                """UPDATE games SET status = 'playing', players = ?, seed = ?, position = ?, version = 0,
                                    seat_to_act = ?, started_at = ?, updated_at = ?
                   WHERE id = ?""",
                (n, seed, position, fresh.to_act, now, now, game_id),
            )
            db.execute(
                """INSERT INTO seat_owners (game_id, seat, user_id, level, reason, since)
                   SELECT game_id, seat, user_id, level, 'joined', joined_at FROM seats WHERE game_id = ?
                   ORDER BY seat""",
                (game_id,),
            )
            self._add_timers(db, game_id, timers, now, None)
            return self._load(db, game_id)

        return await self._transaction(body)

    async def abandon_game(self, game_id: int, now: int) -> GameRecord:
        """End a lobby or a game in play without a result; its timers go in the same transaction."""
        _int(now, "now")

        def body(db: Db) -> GameRecord:
            status = self._game_row(db, game_id).status
            if status not in ACTIVE:
                raise GameStatusError(game_id, status, "be abandoned")
            db.execute(
                "UPDATE games SET status = 'abandoned', seat_to_act = NULL, updated_at = ?, ended_at = ?, "
                "paused_at = NULL, pause_keeps = NULL WHERE id = ?",
                (now, now, game_id),
            )
            db.execute("DELETE FROM timers WHERE game_id = ?", (game_id,))
            return self._load(db, game_id)

        return await self._transaction(body)

    # --------------------------------------------------------------------- seats over weeks

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
        _int(seat, "seat")
        _int(now, "now")
        if until is not None:
            _int(until, "until")
        elif not cover:
            raise ValueError("an absence without an end is covered: give until, or cover=True")
        asking = None if user_id is None else _int(user_id, "user_id")

        def body(db: Db) -> GameRecord:
            self._playing(db, game_id, "mark a seat away")
            row = _seat_row(db, game_id, seat)
            _check_person(game_id, seat, row, asking)
            if until is not None and not 0 < until - now <= MAX_AWAY_HOURS * 3600:
                raise AbsenceLengthError(game_id, (until - now) / 3600, MAX_AWAY_HOURS)
            since = row.away_since if away_at(row.away_since, row.away_until, now) else now
            db.execute(
                "UPDATE seats SET away_since = ?, away_until = ?, away_cover = ? "
                "WHERE game_id = ? AND seat = ?",
                (since, until, int(cover), game_id, seat),
            )
            return self._load(db, game_id)

        return await self._transaction(body)

    async def set_back(self, game_id: int, seat: int, now: int, *, user_id: int | None = None) -> GameRecord:
        """End a seat's away state (``/te seat back``); ``NotAwayError`` if it is not away at ``now`` (an
        announced absence that has ended counts as over). ``user_id`` as for ``set_away``. Any action of
        the owner also ends it (``append_action`` with ``Actor.person``)."""
        _int(seat, "seat")
        _int(now, "now")
        asking = None if user_id is None else _int(user_id, "user_id")

        def body(db: Db) -> GameRecord:
            self._playing(db, game_id, "have a seat come back")
            row = _seat_row(db, game_id, seat)
            _check_person(game_id, seat, row, asking)
            if not away_at(row.away_since, row.away_until, now):
                raise NotAwayError(game_id, seat)
            _clear_away(db, game_id, seat)
            return self._load(db, game_id)

        return await self._transaction(body)

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
        _int(seat, "seat")
        _int(now, "now")
        _int(by_user_id, "by_user_id")
        new_user = None if user_id is None else _int(user_id, "user_id")
        new_level = None if level is None else computer_level(level)

        def body(db: Db) -> GameRecord:
            self._playing(db, game_id, "hand a seat over")
            row = _seat_row(db, game_id, seat)
            if new_user is not None:
                if _one(db, "SELECT 1 FROM seats WHERE game_id = ? AND user_id = ?", (game_id, new_user)):
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
            return self._load(db, game_id)

        return await self._transaction(body)

    async def resign_seat(self, game_id: int, user_id: int, now: int) -> GameRecord:
        """The user leaves a game in play (``/te seat resign``, R33): their seat goes to the computer player
        at the game's ``computer_level``, present, marked ``resigned_by`` (it stays in the standings). The
        history records it as ``resigned``. ``NotSeatedError``, ``GameStatusError``."""
        _int(user_id, "user_id")
        _int(now, "now")

        def body(db: Db) -> GameRecord:
            game = self._playing(db, game_id, "lose a player")
            row = _one(db, "SELECT seat FROM seats WHERE game_id = ? AND user_id = ?", (game_id, user_id))
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
            return self._load(db, game_id)

        return await self._transaction(body)

    async def seat_history(self, game_id: int) -> list[SeatOwner]:
        """Who held each seat of a started game and when, by seat then time (empty before the start)."""
        rows = await self._read(
            _SEAT_OWNER_COLUMNS + "WHERE game_id = ? ORDER BY seat, since, id", (game_id,)
        )
        return [_seat_owner(r) for r in rows]

    async def has_been_seated(self, user_id: int) -> bool:
        """Whether the person holds or held a seat in any game on any server (the bot has welcomed them)."""
        rows = await self._read("SELECT 1 FROM seats WHERE user_id = ? LIMIT 1", (_int(user_id, "user_id"),))
        return bool(rows)

    async def former_seat_of(self, game_id: int, user_id: int) -> SeatOwner | None:
        """The user's last time in a seat of this game if they hold no seat in it now (replaced or resigned:
        "This seat is no longer yours."), else None. ``.seat`` is the seat, ``.until`` when they lost it."""
        rows = await self._read(_SQL_FORMER_SEAT, (game_id, user_id, user_id))
        return _seat_owner(rows[0]) if rows else None

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
        _int(now, "now")
        keeps = json.dumps(sorted({str(k) for k in keep_kinds}))

        def body(db: Db) -> bool:
            row = self._playing(db, game_id, "be paused or resumed")
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

        return await self._transaction(body)

    # --------------------------------------------------------------------------------- actions

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
        actor: Actor | None = None,
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

        ``actor`` records who made it (R31): ``Actor.person(user_id)`` must hold the seat
        (``NotSeatOwnerError``: a replaced owner's old button) and ends the seat's away state
        (``Appended.came_back``); ``Actor.deadline()`` and ``Actor.computer(level)`` play for the seat, and
        with ``seat_away=True`` also mark a person's seat away (R30: its deadline passed;
        ``Appended.went_away``). While the game is paused only a person's action is saved
        (``GamePausedError``).
        """
        if not isinstance(action, str) or not action or action == UNDO:
            raise ValueError("action must be the action's notation")
        if seat_away and (actor is None or actor.is_person):
            raise ValueError("seat_away marks a seat away when a deadline or the computer played for it")
        saving = _Saving.of(
            game_id, expected_version, seat, action, new_position, now, timers_to_delete, timers_to_add, actor
        )
        return await self._transaction(partial(self._append, saving, seat_away=seat_away, undo=False))

    async def append_undo(
        self,
        game_id: int,
        expected_version: int,
        seat: int,
        new_position: str | Game,
        now: int,
        *,
        actor: Actor,
        timers_to_delete: Iterable[int] | Literal["all"] = (),
        timers_to_add: Iterable[NewTimer] = (),
    ) -> Appended:
        """Save an undo (R32): a row ``undo`` at the end of the log that takes back the newest effective
        action, marked ``taken_back_by`` it; nothing is deleted and the version still grows by one.

        The caller has asked the engine first (``engine.take_back`` over ``effective_actions``) and passes
        the game without the action as ``new_position``. In the same transaction as the version check
        (``StaleVersionError``), the store checks that the newest effective action is ``seat``'s and was made
        by a person, the same one if recorded (R31: nothing the computer player or a deadline did is taken
        back): else ``TakeBackError``. ``actor`` is the person taking it back (``Actor.person``), who must
        hold the seat, and ``seat`` the seat to act. ``Appended.undoes`` is the seq taken back.
        """
        if not isinstance(actor, Actor) or not actor.is_person:
            raise ValueError("an undo is a person's: actor=Actor.person(user_id)")
        saving = _Saving.of(
            game_id, expected_version, seat, UNDO, new_position, now, timers_to_delete, timers_to_add, actor
        )
        if saving.over:
            raise InvalidPositionError("An undo cannot end the game: the position after it is over.")
        return await self._transaction(partial(self._append, saving, seat_away=False, undo=True))

    def _append(self, saving: _Saving, db: Db, *, seat_away: bool, undo: bool) -> Appended:
        game_id, seat, now, actor = saving.game_id, saving.seat, saving.now, saving.actor
        row = self._game_row(db, game_id)
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
            holder = _seat_row(db, game_id, seat)
            if holder.user_id != person:
                raise NotSeatOwnerError(game_id, seat, person)
            if holder.away_since is not None:
                came_back = away_at(holder.away_since, holder.away_until, now)
                _clear_away(db, game_id, seat)
        elif seat_away:
            holder = _seat_row(db, game_id, seat)
            if holder.user_id is not None and not away_at(holder.away_since, holder.away_until, now):
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
        added = () if over else self._add_timers(db, game_id, saving.timers_to_add, now, row.keeps())
        paused = row.paused_at is not None and not over
        return Appended(game_id, seq, seq, status, saving.to_act, added, came_back, went_away, undoes, paused)

    async def actions(self, game_id: int, *, after: int = 0) -> list[ActionRecord]:
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

    # --------------------------------------------------------------------------- a person's language

    async def person_language(self, user_id: int) -> PersonLanguage:
        """A person's chosen language and the Discord locale of their latest interaction (issue 19); both
        None for someone the bot has not met."""
        return (await self.person_languages([user_id])).get(user_id, PersonLanguage())

    async def person_languages(self, user_ids: Iterable[int]) -> dict[int, PersonLanguage]:
        """``person_language`` of several people in one query, by user id (people never met are left out)."""
        wanted = sorted({_int(user_id, "user_id") for user_id in user_ids})
        if not wanted:
            return {}
        marks = ", ".join("?" * len(wanted))
        rows = await self._read(
            f"SELECT user_id, chosen, discord_locale FROM person_languages WHERE user_id IN ({marks})",  # noqa: S608
            tuple(wanted),
        )
        return {r[0]: PersonLanguage(r[1], r[2]) for r in rows}

    async def set_person_language(
        self,
        user_id: int,
        now: int,
        *,
        chosen: str | _Unchanged | None = UNCHANGED,
        discord_locale: str | _Unchanged | None = UNCHANGED,
    ) -> PersonLanguage:
        """Set a person's chosen language (None: auto, follow Discord) and/or the Discord locale of their
        latest interaction; a value left ``UNCHANGED`` stays. Returns what is stored now."""
        _int(user_id, "user_id")
        for name, value in (("chosen", chosen), ("discord_locale", discord_locale)):
            if not (value is UNCHANGED or value is None or (isinstance(value, str) and value)):
                raise ValueError(f"{name} must be a language or locale code or None, not {value!r}")

        def body(db: Db) -> PersonLanguage:
            row = _one(
                db, "SELECT chosen, discord_locale FROM person_languages WHERE user_id = ?", (user_id,)
            )
            before = PersonLanguage(*row) if row is not None else PersonLanguage()
            after = PersonLanguage(
                before.chosen if isinstance(chosen, _Unchanged) else chosen,
                before.discord_locale if isinstance(discord_locale, _Unchanged) else discord_locale,
            )
            if after != before or row is None:
                db.execute(
                    """INSERT INTO person_languages (user_id, chosen, discord_locale, updated_at)
                       VALUES (?, ?, ?, ?)
                       ON CONFLICT (user_id) DO UPDATE SET chosen = excluded.chosen,
                           discord_locale = excluded.discord_locale, updated_at = excluded.updated_at""",
                    (user_id, after.chosen, after.discord_locale, _int(now, "now")),
                )
            return after

        return await self._transaction(body)

    # --------------------------------------------------------------------------- player settings

    async def player_settings(self, user_id: int, game_id: int | None = None) -> PlayerSettings:
        """The player's effective settings in a game (or in general: ``game_id`` None): the game's own
        value, else the player's default, else the built-in one (``dm`` turn, ``auto_forced`` off), each
        with where it came from."""
        rows = await self._read(_SQL_PLAYER_SETTINGS, (_int(user_id, "user_id"), game_id or 0))
        found = {r[0]: (r[1], r[2]) for r in rows}
        return _effective(found.get(0), found.get(game_id) if game_id else None)

    async def seated_player_settings(self, game_id: int) -> dict[int, PlayerSettings]:
        """``player_settings`` of every person seated in the game, by user id, in one query."""
        rows = await self._read(_SQL_SEATED_PLAYER_SETTINGS, (game_id,))
        return {r[0]: _effective((r[1], r[2]), (r[3], r[4])) for r in rows}

    async def set_player_settings(
        self,
        user_id: int,
        *,
        game_id: int | None = None,
        dm: DmMode | str | _Unchanged | None = UNCHANGED,
        auto_forced: bool | _Unchanged | None = UNCHANGED,
    ) -> PlayerSettings:
        """Set the player's settings for one game (``game_id``, which must exist: ``GameNotFound``) or as
        their default (None). A value left ``UNCHANGED`` stays as it is; None removes it at that level, so
        the next level decides. Returns the effective settings there (``player_settings``)."""
        _int(user_id, "user_id")
        new_dm = dm if dm is UNCHANGED or dm is None else DmMode(dm)
        if not (auto_forced is UNCHANGED or auto_forced is None or isinstance(auto_forced, bool)):
            raise TypeError("auto_forced must be True, False or None")
        level = 0 if game_id is None else _int(game_id, "game_id")

        def body(db: Db) -> PlayerSettings:
            if level:
                self._game_row(db, level)
            old = _one(
                db,
                "SELECT dm, auto_forced FROM player_settings WHERE user_id = ? AND game_id = ?",
                (user_id, level),
            )
            old_dm, old_auto = old if old is not None else (None, None)
            values = (
                old_dm if new_dm is UNCHANGED else (None if new_dm is None else new_dm.value),
                old_auto if auto_forced is UNCHANGED else (None if auto_forced is None else int(auto_forced)),
            )
            if values == (None, None):
                db.execute("DELETE FROM player_settings WHERE user_id = ? AND game_id = ?", (user_id, level))
            else:
                db.execute(
                    """INSERT INTO player_settings (user_id, game_id, dm, auto_forced) VALUES (?, ?, ?, ?)
                       ON CONFLICT (user_id, game_id) DO UPDATE SET dm = excluded.dm,
                                                                    auto_forced = excluded.auto_forced""",
                    (user_id, level, *values),
                )
            rows = _rows(db, _SQL_PLAYER_SETTINGS, (user_id, level))
            found = {r[0]: (r[1], r[2]) for r in rows}
            return _effective(found.get(0), found.get(level) if level else None)

        return await self._transaction(body)

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

    async def latest_game_in_channel(
        self, channel_id: int, statuses: Iterable[Status | str] = tuple(Status)
    ) -> GameRecord | None:
        """The newest game of this channel or thread among these statuses (all by default), or None.

        One indexed lookup per status, whatever the number of games stored. The game in play, else the
        last one that finished: ``statuses=(Status.LOBBY, Status.PLAYING, Status.FINISHED)`` (a channel's
        lobby or game in play is always its newest game).
        """
        rows = await self._read(_SQL_LATEST_IN_CHANNEL, (channel_id, _statuses(statuses)))
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
            _SQL_GAME_IDS,
            (_statuses(statuses),),
        )
        return [r[0] for r in rows]

    # ----------------------------------------------------------------------- history and standings

    async def running_games(self, guild_id: int, limit: int = 25) -> list[GameRecord]:
        """The server's games in play, the longest waiting first: ``record.user_to_act`` (None for a
        computer seat) and ``record.waiting_since`` say whose turn it is and since when."""
        rows = await self._read(_SQL_RUNNING_GAMES, (guild_id, _int(limit, "limit")))
        return [_game_from_row(r) for r in rows]

    async def finished_games(self, guild_id: int, limit: int = 10) -> list[FinishedGame]:
        """The server's finished games, the newest first, each with its results (abandoned games are not
        finished)."""
        rows = await self._read(_SQL_FINISHED_GAMES, (guild_id, _int(limit, "limit")))
        return [
            FinishedGame(
                game_id, channel_id, players, started_at, ended_at,
                tuple(_result_from_row(game_id, r) for r in json.loads(results)),
            )
            for game_id, channel_id, players, started_at, ended_at, results in rows
        ]  # fmt: skip

    async def user_games(self, user_id: int) -> list[UserGame]:
        """The lobbies and games in play where the person holds a seat, on every server: those that wait
        on them first (the longest waiting first), then their other games in play, then lobbies."""
        rows = await self._read(_SQL_USER_GAMES, (_int(user_id, "user_id"),))
        found = []
        for row in rows:
            record = _game_from_row(row)
            seat = record.seat_of(user_id)
            assert seat is not None
            awaited = record.status is Status.PLAYING and record.seat_to_act == seat
            found.append(UserGame(record, seat, awaited))
        return found

    async def game_results(self, game_id: int) -> list[SeatResult]:
        """A finished game's results, the best place first (then by seat); empty for any other game."""
        rows = await self._read(_SQL_GAME_RESULTS, (game_id,))
        return [_result_from_row(game_id, json.loads(r[0])) for r in rows]

    async def player_stats(self, guild_id: int, player: Player, *, opponents: int = 3) -> PlayerStats:
        """A player's record on the server, from its finished games (a person's, or a computer level's):
        games, wins (shared wins count), average place and final score, best score, games resigned, the
        rating and its rank, and the ``opponents`` most met (with how often the player placed ahead)."""
        if not isinstance(player, Player):
            raise TypeError(f"player must be a Player, not {type(player).__name__}")
        sql = _SQL_STATS_OF_COMPUTER if player.is_computer else _SQL_STATS_OF_PERSON
        params = {
            "guild": _int(guild_id, "guild_id"),
            "who": player.level if player.is_computer else player.user_id,
            "opponents": _int(opponents, "opponents"),
        }
        totals, rating, met = (await self._read(sql, params))[0]
        games, wins, average_place, average_score, best, resigned = json.loads(totals)
        rating_value, better = json.loads(rating) if rating is not None else (None, None)
        return PlayerStats(
            player, games, wins, average_place, average_score, best, resigned, rating_value,
            None if better is None else better + 1,
            tuple(
                Opponent(Player(u, lv), n, ahead, behind, number)
                for u, lv, n, ahead, behind, number in json.loads(met)
            ),
        )  # fmt: skip

    async def leaderboard(
        self, guild_id: int, *, limit: int = 10, offset: int = 0, min_games: int = 1
    ) -> list[LeaderboardRow]:
        """The server's ratings, the best first, from the ``offset + 1``-th; players with fewer than
        ``min_games`` finished games left out (their ranks then skip nobody). Ratings that read the same
        (rounded) share their rank."""
        least = _int(min_games, "min_games")
        rows = await self._read(
            _SQL_LEADERBOARD, (least, guild_id, least, _int(limit, "limit"), _int(offset, "offset"))
        )
        return [
            LeaderboardRow(rank, Player(u, lv), rating, games, wins)
            for u, lv, rating, games, wins, rank in rows
        ]

    async def recompute_ratings(self, guild_id: int | None = None) -> int:
        """Rate every finished game of the server (or of all servers) again from the results, in the order
        they ended: after a change to ``storage.rating`` or a repair. Returns the number of games rated."""
        guild = None if guild_id is None else _int(guild_id, "guild_id")
        return await self._transaction(partial(recompute_ratings, guild_id=guild))

    async def game_export(self, game_id: int) -> GameExport:
        """The started game as a game record (engine.export), read in one snapshot: settings, seed, every
        log row with its actor (people by user id: ``export.named(names)`` adds names) and the seat
        holders. ``GameStatusError`` for a lobby or a game abandoned before its start."""

        def snapshot(db: Db) -> tuple[GameRecord, list[Any], list[Any]]:
            log = _rows(db, _ACTION_COLUMNS + "WHERE game_id = ? ORDER BY seq", (game_id,))
            holders = _rows(db, _SEAT_OWNER_COLUMNS + "WHERE game_id = ? ORDER BY since, id", (game_id,))
            return self._load(db, game_id), log, holders

        record, log, holders = await self._transaction(snapshot, write=False)
        if record.settings is None or record.seed is None:
            raise GameStatusError(game_id, record.status, "be exported before it started")
        rows = tuple(
            LoggedAction(a.seq, a.at, a.seat, a.action, _who(a.actor), a.undoes, a.taken_back_by)
            for a in map(_action_from_row, log)
        )
        seat_holders = tuple(
            SeatHolder(h.seat, h.since, HolderReason(h.reason.value), _holder(h.user_id, h.level))
            for h in map(_seat_owner, holders)
        )
        return GameExport(record.settings, record.seed, rows, seat_holders)

    # ---------------------------------------------------------------------------- presentation

    async def mark_presented(self, game_id: int, version: int) -> bool:
        """Record that the channel and the DMs now show ``version`` of the game (0: its start).

        Never goes backwards: True if this moved the mark forward, False if it was already there or
        beyond (a slower presentation of an older version finished last). ``GameNotFound`` if there is no
        such game; ``ValueError`` for a version the game has not reached.
        """
        _int(version, "version")

        def body(db: Db) -> bool:
            row = _one(db, "SELECT version, presented_version FROM games WHERE id = ?", (game_id,))
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

        return await self._transaction(body)

    async def presentation_steps(self, game_id: int, version: int) -> dict[str, PresentationStep]:
        """The steps of showing ``version`` of the game begun or done so far (issue 17), by name."""
        rows = await self._read(_SQL_STEPS, (game_id, _int(version, "version")))
        return {r[2]: PresentationStep(*r) for r in rows}

    async def begin_step(
        self, game_id: int, version: int, step: str, now: int, *, channel_id: int, content_hash: str
    ) -> None:
        """Record that a step's message is about to be sent to ``channel_id`` (its text's ``content_hash``),
        so that after a crash it can be looked for before it is sent again. A step done is left as it is."""
        params = (game_id, _int(version, "version"), _step_name(step), _int(now, "now"), content_hash)

        def body(db: Db) -> None:
            self._game_row(db, game_id)
            db.execute(
                """INSERT INTO presentation_steps
                       (game_id, version, step, started_at, content_hash, channel_id)
                   VALUES (?, ?, ?, ?, ?, ?)
                   ON CONFLICT (game_id, version, step) DO UPDATE SET
                       started_at = excluded.started_at, content_hash = excluded.content_hash,
                       channel_id = excluded.channel_id
                   WHERE presentation_steps.done_at IS NULL""",
                (*params, _int(channel_id, "channel_id")),
            )

        await self._transaction(body)

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
            else (_int(channel_id, "channel_id"), _int(message_id, "message_id"))
        )

        def body(db: Db) -> None:
            self._game_row(db, game_id)
            _record_step(db, game_id, _int(version, "version"), _step_name(step), _int(now, "now"), message)

        await self._transaction(body)

    async def games_to_present(self, limit: int = 100) -> list[GameRecord]:
        """Games in play or finished whose saved version is ahead of what was shown (a crash between the
        save and the presentation), oldest first. A partial index holds only those: the query costs nothing
        when there are none, whatever the number of games stored."""
        rows = await self._read(_SQL_GAMES_TO_PRESENT, (_int(limit, "limit"),))
        return [_game_from_row(r) for r in rows]

    # ---------------------------------------------------------------------------------- timers

    @staticmethod
    def _add_timers(
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
            row = _one(
                db,
                """INSERT INTO timers (game_id, kind, seat, due_at, payload, created_at, held_since)
                   VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id""",
                (game_id, t.kind, t.seat, _int(t.due_at, "due_at"), payload_text(t.payload), now, held_since),
            )
            timer = Timer(
                row[0], game_id, t.kind, t.seat, t.due_at, dict(t.payload), now, held_since=held_since
            )
            added.append(timer)
        return tuple(added)

    async def add_timer(self, game_id: int, timer: NewTimer, now: int) -> Timer:
        """Add a timer to a lobby or a game in play."""
        _int(now, "now")

        def body(db: Db) -> Timer:
            row = self._game_row(db, game_id)
            if row.status not in ACTIVE:
                raise GameStatusError(game_id, row.status, "have timers")
            return self._add_timers(db, game_id, (timer,), now, row.keeps())[0]

        return await self._transaction(body)

    async def delete_timer(self, timer_id: int, *, claimed_by: str | None = None) -> bool:
        """Delete one timer; False if it was already gone (or, with ``claimed_by``, is not claimed by that
        process any more: its lease ran out, or it was moved on)."""
        params = (_int(timer_id, "timer_id"), claimed_by is not None, claimed_by)

        def body(db: Db) -> bool:
            cursor = db.execute("DELETE FROM timers WHERE id = ? AND (NOT ? OR claimed_by = ?)", params)
            return cursor.rowcount > 0

        return await self._transaction(body)

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
        params = (_int(due_at, "due_at"), _int(timer_id, "timer_id"), only_set_aside, *claimed)

        def body(db: Db) -> bool:
            cursor = db.execute(
                """UPDATE timers SET due_at = ?, attempts = 0, last_error = NULL, set_aside_at = NULL,
                                     claimed_by = NULL, claimed_until = NULL
                   WHERE id = ? AND (NOT ? OR set_aside_at IS NOT NULL) AND (NOT ? OR claimed_by = ?)""",
                params,
            )
            return cursor.rowcount > 0

        return await self._transaction(body)

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
        _int(timer_id, "timer_id")
        _int(now, "now")
        error = str(error_text)[:ERROR_TEXT_LIMIT]

        def body(db: Db) -> TimerRetry | None:
            row = _one(
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

        return await self._transaction(body)

    async def timers(self, game_id: int) -> list[Timer]:
        """A game's timers, the soonest first, set-aside ones included."""
        rows = await self._read(_TIMER_COLUMNS + "WHERE game_id = ? ORDER BY due_at, id", (game_id,))
        return [_timer_from_row(r) for r in rows]

    async def next_due(self, limit: int = 1) -> list[Timer]:
        """The timers due soonest, of every game, in order of due time (then id); never a set-aside one."""
        rows = await self._read(_SQL_NEXT_DUE, (_int(limit, "limit"),))
        return [_timer_from_row(r) for r in rows]

    async def due_timers(self, now: int, limit: int = 100) -> list[Timer]:
        """The timers due at ``now`` or before, in order of due time (then id); never a set-aside one."""
        rows = await self._read(_SQL_DUE, (_int(now, "now"), _int(limit, "limit")))
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
        _int(now, "now")
        where, shard_params = _shard_filter(shards)
        where = _retries_filter(retries) + where
        lease_end = now + _int(lease_seconds, "lease_seconds")
        params = (str(owner), lease_end, now, now, *shard_params, _int(limit, "limit"))

        def body(db: Db) -> list[Timer]:
            rows = _rows(
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

        return await self._transaction(body, isolation="read_committed")

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
            (_int(now, "now"), *shard_params, now, *shard_params),
        )
        times = [int(t) for t in rows[0] if t is not None]
        return min(times, default=None)

    async def release_timer(self, timer_id: int, owner: str, *, until: int | None = None) -> Timer | None:
        """End ``owner``'s claim on a timer, once its firing is over; with ``until``, keep it claimed until
        then instead (a backoff no process passes). Returns the row as it is if ``owner`` still held the
        claim (the handler neither answered nor moved it), else None (nothing changed)."""
        if until is not None:
            _int(until, "until")
        params = (until is not None, until, _int(timer_id, "timer_id"), str(owner))

        def body(db: Db) -> Timer | None:
            row = _one(
                db,
                """UPDATE timers SET claimed_by = CASE WHEN ? THEN claimed_by END, claimed_until = ?
                   WHERE id = ? AND claimed_by = ?
                   RETURNING id, game_id, kind, seat, due_at, payload, created_at, attempts, last_error,
                             set_aside_at, held_since""",
                params,
            )
            return None if row is None else _timer_from_row(row)

        return await self._transaction(body)

    async def set_aside_timers(self, limit: int = 100) -> list[Timer]:
        """The timers set aside after their last try failed, the earliest set aside first."""
        rows = await self._read(_SQL_SET_ASIDE, (_int(limit, "limit"),))
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
        step: tuple[int, str] | None = None,
    ) -> MessageRef | None:
        """Remember the message of this kind for the game (``user_id`` None) or for one player.

        Replaces the one remembered before and returns that one, if any (e.g. the previous board). With
        ``step`` (a version and a step of showing it), that step is recorded as done in the same transaction,
        with this message and the one it replaced.
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

        def body(db: Db) -> MessageRef | None:
            self._game_row(db, game_id)
            old = _one(
                db,
                "SELECT channel_id, message_id, updated_at FROM messages "
                "WHERE game_id = ? AND kind = ? AND user_id = ?",
                params[:3],
            )
            db.execute(
                """INSERT INTO messages (game_id, kind, user_id, channel_id, message_id, updated_at)
                   VALUES (?, ?, ?, ?, ?, ?)
                   ON CONFLICT (game_id, kind, user_id) DO UPDATE SET
                       channel_id = excluded.channel_id, message_id = excluded.message_id,
                       updated_at = excluded.updated_at""",
                params,
            )
            if step is not None:
                version, name = step
                replaced = None if old is None else (old[0], old[1])
                shown = _int(version, "version"), _step_name(name)
                _record_step(db, game_id, *shown, params[5], params[3:5], replaced)
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
               WHERE game_id = ? AND kind = coalesce(?, kind) ORDER BY kind, user_id""",
            (game_id, kind),
        )
        return [MessageRef(game_id, k, u or None, c, m, t) for k, u, c, m, t in rows]

    async def forget_message(self, game_id: int, kind: str, *, user_id: int | None = None) -> bool:
        """Forget a remembered message; False if there was none."""

        def body(db: Db) -> bool:
            cursor = db.execute(
                "DELETE FROM messages WHERE game_id = ? AND kind = ? AND user_id = ?",
                (game_id, kind, 0 if user_id is None else user_id),
            )
            return cursor.rowcount > 0

        return await self._transaction(body)

    # -------------------------------------------------------------------------------- analyses

    async def save_analysis(self, game_id: int, version: int, analysis: Mapping[str, Any], now: int) -> None:
        """Keep the post-game analysis of the game at ``version`` (replacing an older one)."""
        params = (
            game_id,
            _int(version, "version"),
            _int(now, "now"),
            json.dumps(analysis, ensure_ascii=False),
        )

        def body(db: Db) -> None:
            self._game_row(db, game_id)
            db.execute(
                """INSERT INTO game_analyses (game_id, version, made_at, analysis) VALUES (?, ?, ?, ?)
                   ON CONFLICT (game_id) DO UPDATE SET version = excluded.version, made_at = excluded.made_at,
                                                       analysis = excluded.analysis""",
                params,
            )

        await self._transaction(body)

    async def analysis(self, game_id: int, version: int) -> dict[str, Any] | None:
        """The analysis kept for the game at ``version``, if one was."""
        rows = await self._read(
            "SELECT analysis FROM game_analyses WHERE game_id = ? AND version = ?", (game_id, version)
        )
        return json.loads(rows[0][0]) if rows else None

    # ----------------------------------------------------------------------------------- posts

    async def add_post(
        self,
        game_id: int,
        version: int,
        channel_id: int,
        message_id: int,
        now: int,
        lines: Sequence[str],
        *,
        turn_of: int | None = None,
        step: str | None = None,
        board: bool = False,
    ) -> Post:
        """Remember a channel post about the game: its public ``lines``, the ``version`` it showed, and
        ``turn_of``, the seat whose turn it ended (if one did). Numbered after the game's last post. With
        ``step``, that step of showing ``version`` is recorded as done with this post, in one transaction;
        ``board``: the post carries the board picture."""
        texts = [str(line) for line in lines]
        params = (
            _int(version, "version"),
            None if turn_of is None else _int(turn_of, "turn_of"),
            _int(channel_id, "channel_id"),
            _int(message_id, "message_id"),
            _int(now, "now"),
            json.dumps(texts, ensure_ascii=False),
            int(bool(board)),
        )

        def body(db: Db) -> Post:
            self._game_row(db, game_id)
            seq = _one(db, _SQL_NEXT_POST, (game_id,))[0]
            db.execute(
                """INSERT INTO game_posts (game_id, seq, version, turn_of, channel_id, message_id, posted_at,
                   lines, board) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)""",
                (game_id, seq, *params),
            )
            if step is not None:
                _record_step(db, game_id, params[0], _step_name(step), params[4], params[2:4])
            return Post(game_id, seq, *params[:5], lines=tuple(texts), board=bool(board))

        return await self._transaction(body)

    async def post_of(self, game_id: int, message_id: int) -> Post | None:
        """The newest remembered post of the game sent (or edited) as ``message_id``, or None."""
        rows = await self._read(_SQL_POST_OF, (game_id, _int(message_id, "message_id")))
        return _post_from_row(rows[0]) if rows else None

    async def last_posts(self, game_id: int, count: int) -> list[Post]:
        """The game's ``count`` newest posts, oldest first."""
        rows = await self._read(_SQL_LAST_POSTS, (game_id, _int(count, "count")))
        return [_post_from_row(r) for r in reversed(rows)]

    async def posts_since_turn(self, game_id: int, seat: int, limit: int = 50) -> list[Post]:
        """The posts since the one that ended ``seat``'s last turn (all of them before its first turn
        ended), oldest first; at most the ``limit`` newest."""
        params = (game_id, game_id, _int(seat, "seat"), _int(limit, "limit"))
        rows = await self._read(_SQL_POSTS_SINCE_TURN, params)
        return [_post_from_row(r) for r in reversed(rows)]

    # ------------------------------------------------------------------ direct messages (issue 19)
    # What a DM shows, kept so that it is never read back from its text. These belong with the messages
    # (remember_message ...) when the store is split by area.

    async def add_dm(self, dm: DirectMessage) -> None:
        """Keep a DM sent about a game; the same DM found again after a crash keeps its first row."""
        params = (
            _int(dm.message_id, "message_id"),
            dm.game_id,
            _int(dm.user_id, "user_id"),
            None if dm.seat is None else _int(dm.seat, "seat"),
            _int(dm.channel_id, "channel_id"),
            _int(dm.version, "version"),
            _step_name(dm.kind),
            json.dumps(dict(dm.facts), ensure_ascii=False, sort_keys=True),
            int(dm.hand),
            _int(dm.sent_at, "sent_at"),
        )

        def body(db: Db) -> None:
            self._game_row(db, dm.game_id)
            db.execute(
                """INSERT INTO direct_messages (message_id, game_id, user_id, seat, channel_id, version, kind,
                       facts, hand, sent_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                   ON CONFLICT (message_id) DO NOTHING""",
                params,
            )

        await self._transaction(body)

    async def dm(self, message_id: int) -> DirectMessage | None:
        """A DM kept by ``add_dm``, as it stands now, or None."""
        rows = await self._read(_SQL_DM, (_int(message_id, "message_id"),))
        if not rows:
            return None
        message, game, user, seat, channel, version, kind, facts, hand, *newer, note, choice, at = rows[0]
        moved = None if None in newer else (newer[0], newer[1])
        told = json.loads(facts)
        return DirectMessage(
            message, game, user, seat, channel, version, kind, told, at, bool(hand), moved, note, choice
        )

    async def dm_moved(self, message_id: int, channel_id: int, newer_message_id: int) -> None:
        """A newer DM carries the reader's hand from now on: this one points to it."""
        await self._update_dm(
            "hand = 0, newer_channel_id = ?, newer_message_id = ?",
            (_int(channel_id, "channel_id"), _int(newer_message_id, "newer_message_id")),
            message_id,
        )

    async def dm_noted(self, message_id: int, note: str, choice: str | None = None) -> None:
        """The DM (a prompt) is closed, with ``note`` (an English catalogue message) below its text;
        ``choice``: the answer that closed it, in the notation, for the note's ``{choice}``."""
        await self._update_dm("note = ?, note_choice = ?", (str(note), choice), message_id)

    async def dm_replaced(self, message_id: int, kind: str, facts: Mapping[str, Any]) -> None:
        """The DM says something else from now on (its reader lost the seat), and carries no hand."""
        told = json.dumps(dict(facts), ensure_ascii=False, sort_keys=True)
        changes = "kind = ?, facts = ?, hand = 0, note = NULL, note_choice = NULL"
        await self._update_dm(changes, (_step_name(kind), told), message_id)

    async def _update_dm(self, assignments: str, params: Params, message_id: int) -> None:
        sql = f"UPDATE direct_messages SET {assignments} WHERE message_id = ?"  # noqa: S608 - constant text

        def body(db: Db) -> None:
            db.execute(sql, (*params, _int(message_id, "message_id")))

        await self._transaction(body)

    async def posts_numbered(self, game_id: int, seqs: Iterable[int]) -> list[Post]:
        """The game's posts of these numbers (a turn DM's catch-up), oldest first."""
        wanted = sorted({_int(seq, "seq") for seq in seqs})
        if not wanted:
            return []
        marks = ", ".join("?" * len(wanted))
        sql = _POST_COLUMNS + f"WHERE game_id = ? AND seq IN ({marks}) ORDER BY seq"
        return [_post_from_row(r) for r in await self._read(sql, (game_id, *wanted))]

    # ------------------------------------------------------------------------------ checks

    async def verify_replay(self, game_id: int) -> int:
        """Check that the seed plus the log replay to exactly the stored game; return the log's length.

        Checks the version against the log (undo rows included), that each undo took back the newest
        effective action of its seat and that exactly those are marked taken back, then replays the effective
        actions: the seat of each, the position text, the seat to act and the status. Raises
        ``ReplayMismatchError`` naming the first problem found.
        """

        def snapshot(db: Db) -> tuple[GameRecord, list[ActionRecord]]:
            log = _rows(db, _ACTION_COLUMNS + "WHERE game_id = ? ORDER BY seq", (game_id,))
            return self._load(db, game_id), [_action_from_row(r) for r in log]

        record, log = await self._transaction(snapshot, write=False)
        await asyncio.to_thread(_check_replay, record, log)
        return len(log)

    async def inconsistencies(self) -> list[Inconsistency]:
        """What ``repair`` would change (``storage.repair``): rows that disagree with the rest of the
        database and that the program sets right itself. Never damage: those need no backup."""
        return await self._transaction(find_inconsistencies, write=False)

    async def repair(self, now: int) -> list[Inconsistency]:
        """Set every inconsistency right, in one transaction; returns what was changed."""
        return await self._transaction(partial(repair_inconsistencies, now=_int(now, "now")))

    async def integrity_problems(self) -> list[str]:
        """``PRAGMA integrity_check`` and ``foreign_key_check`` findings, one line each; empty when the file
        is sound. Damage that stops the check is a finding too, not an exception."""
        backend = self._live()
        if not isinstance(backend, _Sqlite):
            return []  # PostgreSQL checks its pages and keys itself; its own tools report damage
        async with backend.lock:
            return await backend.on_thread(partial(integrity_findings, thorough=True))

    async def schema_version(self) -> int:
        backend = self._live()
        if not isinstance(backend, _Sqlite):
            return await postgres_version(backend)
        async with backend.lock:
            return await user_version(backend.connection())

    async def listen_timers(
        self, on_saved: Callable[[], None], on_lost: Callable[[], None]
    ) -> Callable[[], Coroutine[Any, Any, None]] | None:
        """PostgreSQL: call ``on_saved()`` whenever any process saves a timer, moves one or holds or
        releases them (a trigger NOTIFYs, migration 0012), ``on_lost()`` if that stops working; returns what
        stops listening. SQLite: None (one process, which wakes itself)."""
        backend = self._live()
        if isinstance(backend, _Sqlite):
            return None
        stop = await backend.listen(TIMERS_CHANNEL, on_saved, on_lost)
        self._listening.append(stop)  # closing the store stops it too
        return stop

    async def check_writable(self) -> None:
        """Take the database's write lock in a transaction that changes nothing (``python -m bot doctor``):
        raises as a move's save would on a read-only file, a locked one or a PostgreSQL standby."""
        await self._transaction(lambda db: db.execute("UPDATE games SET id = id WHERE id < 0"))

    @classmethod
    async def found_schema(cls, path: str | os.PathLike[str]) -> int | None:
        """The schema version of an existing database, without migrating it, or None when
        there is none yet (no file, or an empty PostgreSQL database): the bot creates it when it starts."""
        target = os.fspath(path)
        if not is_postgres_url(target):
            found = await asyncio.to_thread(inspect_file, target)
            return None if found is None else found.schema_version
        try:
            backend = await _Postgres.connect(target, pool_size=1)
        except (OSError, asyncpg.PostgresError, asyncpg.InterfaceError) as exc:
            raise DatabaseUnusableError(
                f"The PostgreSQL database {redact(target)} cannot be reached: {exc}."
            ) from exc
        try:
            return await postgres_version(backend) or None
        finally:
            await backend.close()

    async def backup(self, dest: str | os.PathLike[str]) -> None:
        """A consistent copy of the database in a new file (``VACUUM INTO``), while others keep writing."""
        backend = self._sqlite("A backup with VACUUM INTO")
        async with backend.lock:
            await _vacuum_into(backend.connection(), os.fspath(dest))


def _check_replay(record: GameRecord, log: list[ActionRecord]) -> None:
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
        rows = [
            LoggedAction(a.seq, a.at, a.seat, a.action, _who(a.actor), a.undoes, a.taken_back_by) for a in log
        ]
        game = replay_log(settings, record.seed, rows)
    except NotationError as exc:
        raise fail(str(exc)) from None
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
