"""A game's rows as every area reads them: the game with its seats (``GameRecord``), the columns of the game
that writes check (locked on PostgreSQL until the transaction ends), and a seat's row."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any, NamedTuple

from engine import EngineError, Game, load
from storage.areas.base import fetch_one, per_dialect
from storage.errors import GameNotFound, GameStatusError, InvalidPositionError, NoSuchSeatError
from storage.records import GameRecord, Options, Seat, Status
from storage.sql import Db, Dialect


def game_columns(d: Dialect) -> str:
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


def games_where(where: str) -> dict[Dialect, str]:
    """The games (with their seats) chosen by ``where``, which may name the dialect's ``{values}``: the
    statuses given as a JSON list, as the table ``wanted``."""
    return per_dialect(lambda d: game_columns(d) + where.format(values=d.json_values("?", "wanted")))


SQL_GAME = games_where("WHERE g.id = ?")


def game_from_row(row: Sequence[Any]) -> GameRecord:
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


_GAME_ROW_COLUMNS = "status, version, seat_to_act, players, seed, computer_level, paused_at, pause_keeps"
_SEAT_ROW_COLUMNS = "user_id, level, away_since, away_until"


class GameRow(NamedTuple):
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


class SeatRow(NamedTuple):
    user_id: int | None
    level: str | None
    away_since: int | None
    away_until: int | None


def seat_row(db: Db, game_id: int, seat: int) -> SeatRow:
    sql = f"SELECT {_SEAT_ROW_COLUMNS} FROM seats WHERE game_id = ? AND seat = ?"  # noqa: S608 - constant text
    row = fetch_one(db, sql, (game_id, seat))
    if row is None:
        raise NoSuchSeatError(game_id, seat)
    return SeatRow(*row)


def clear_away(db: Db, game_id: int, seat: int) -> None:
    db.execute(
        "UPDATE seats SET away_since = NULL, away_until = NULL, away_cover = 0 "
        "WHERE game_id = ? AND seat = ?",
        (game_id, seat),
    )


def game_row(db: Db, game_id: int) -> GameRow:
    """The game's checked columns, its row locked for the rest of a write (``Dialect.lock_row``)."""
    sql = f"SELECT {_GAME_ROW_COLUMNS} FROM games WHERE id = ?" + db.dialect.lock_row()  # noqa: S608 - constant text
    row = fetch_one(db, sql, (game_id,))
    if row is None:
        raise GameNotFound(game_id)
    return GameRow(*row)


def _game_and_seat_sql(d: Dialect) -> str:
    game = ", ".join(f"g.{c}" for c in _GAME_ROW_COLUMNS.split(", "))
    seat = ", ".join(f"s.{c}" for c in _SEAT_ROW_COLUMNS.split(", "))
    return (
        f"SELECT {game}, s.seat, {seat} FROM games AS g "  # noqa: S608 - constant text
        "LEFT JOIN seats AS s ON s.game_id = g.id AND s.seat = ? WHERE g.id = ?" + d.lock_row("g")
    )


_SQL_GAME_AND_SEAT = per_dialect(_game_and_seat_sql)


def game_and_seat_rows(db: Db, game_id: int, seat: int) -> tuple[GameRow, SeatRow | None]:
    """``game_row`` and the ``seat_row`` of one of its seats (None: it has no such seat) in ONE statement:
    every saved action reads both (on PostgreSQL each statement is a trip to the server)."""
    row = fetch_one(db, _SQL_GAME_AND_SEAT[db.dialect], (seat, game_id))
    if row is None:
        raise GameNotFound(game_id)
    width = len(GameRow._fields)
    return GameRow(*row[:width]), None if row[width] is None else SeatRow(*row[width + 1 :])


def playing(db: Db, game_id: int, wanted: str) -> GameRow:
    """``game_row`` of a game in play; ``GameStatusError`` (saying it cannot ``wanted``) otherwise."""
    row = game_row(db, game_id)
    if row.status != Status.PLAYING:
        raise GameStatusError(game_id, row.status, wanted)
    return row


def read_game(db: Db, game_id: int) -> GameRecord:
    """The game with its seats, inside a transaction; ``GameNotFound`` if there is none."""
    row = fetch_one(db, SQL_GAME[db.dialect], (game_id,))
    if row is None:
        raise GameNotFound(game_id)
    return game_from_row(row)


def parse_position(position: str) -> Game:
    try:
        return load(position)
    except EngineError as exc:
        raise InvalidPositionError(f"The position is not valid engine notation: {exc}") from None
    except (ValueError, KeyError, TypeError) as exc:
        raise InvalidPositionError(f"The position is not valid engine notation: {exc!r}.") from None
