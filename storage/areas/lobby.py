"""The lobby and the life of a game: created, seats taken and left, started, abandoned."""

from __future__ import annotations

from collections.abc import Iterable
from functools import partial

from engine import Game, dump
from storage.areas.base import ACTIVE, Area, check_int, fetch_all, fetch_one
from storage.areas.game_rows import game_row, parse_position, read_game, seat_row
from storage.areas.timers import insert_timers
from storage.errors import (
    AlreadySeatedError,
    ChannelBusyError,
    DynastyTakenError,
    GameStatusError,
    InvalidPositionError,
    LobbyFullError,
    NoHumanSeatError,
    NotComputerSeatError,
    NotSeatedError,
    WrongPlayerCountError,
)
from storage.records import (
    DEFAULT_LANGUAGE,
    MAX_SEATS,
    MIN_SEATS,
    GameRecord,
    NewTimer,
    Options,
    Status,
    computer_level,
)
from storage.sql import Db


class LobbyArea(Area):
    """A game from its lobby to its start or end without a result."""

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
            check_int(guild_id, "guild_id"),
            check_int(channel_id, "channel_id"),
            check_int(creator_id, "creator_id"),
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
            check_int(now, "now"),
            now,
            language,
        )

        def body(db: Db) -> GameRecord:
            busy = fetch_one(
                db,
                "SELECT id FROM games WHERE channel_id = ? AND status IN ('lobby', 'playing')",
                (channel_id,),
            )
            if busy is not None:
                raise ChannelBusyError(channel_id, busy[0])
            row = fetch_one(
                db,
                """INSERT INTO games (guild_id, channel_id, creator_id, status, board, english, open_scoring,
                                      conflict_hours, reminder_hours, turn_hours, away_minutes, hints,
                                      computer_level, buildings, wonder, created_at, updated_at, language)
                   VALUES (?, ?, ?, 'lobby', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id""",
                params,
            )
            return read_game(db, row[0])

        try:
            return await self._run(body)
        except self._integrity_errors as exc:  # the unique index, if another process won a race
            raise ChannelBusyError(channel_id, None) from exc

    async def add_seat(
        self, game_id: int, user_id: int, now: int, *, dynasty: str | None = None
    ) -> GameRecord:
        """Seat a user in the lobby, in the next seat. Raises a ``SeatError`` or ``GameStatusError``."""
        check_int(user_id, "user_id")
        check_int(now, "now")
        return await self._run(partial(self._seat_in_lobby, game_id, user_id, None, dynasty, now))

    async def add_computer_seat(
        self, game_id: int, level: str, now: int, *, dynasty: str | None = None
    ) -> GameRecord:
        """Seat the computer player at ``level`` in the lobby, in the next seat (``/te seat addbot``).
        Raises ``LobbyFullError``, ``DynastyTakenError`` or ``GameStatusError``; ``ValueError`` for a level
        that is not one of ``ComputerLevel``."""
        chosen = computer_level(level)
        check_int(now, "now")
        return await self._run(partial(self._seat_in_lobby, game_id, None, chosen, dynasty, now))

    @classmethod
    def _seat_in_lobby(
        cls, game_id: int, user_id: int | None, level: str | None, dynasty: str | None, now: int, db: Db
    ) -> GameRecord:
        status = game_row(db, game_id).status
        if status != Status.LOBBY:
            raise GameStatusError(game_id, status, "take new players")
        seats = fetch_all(db, "SELECT seat, user_id, dynasty FROM seats WHERE game_id = ?", (game_id,))
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
        return read_game(db, game_id)

    async def remove_seat(self, game_id: int, user_id: int, now: int) -> GameRecord:
        """Unseat a user from the lobby; the later seats move up so seats stay 0..n-1."""
        check_int(user_id, "user_id")
        check_int(now, "now")

        def body(db: Db) -> GameRecord:
            self._lobby(db, game_id)
            row = fetch_one(
                db, "SELECT seat FROM seats WHERE game_id = ? AND user_id = ?", (game_id, user_id)
            )
            if row is None:
                raise NotSeatedError(game_id, user_id)
            return self._unseat(db, game_id, row[0], now)

        return await self._run(body)

    async def remove_computer_seat(self, game_id: int, seat: int, now: int) -> GameRecord:
        """Take a computer player's seat out of the lobby; the later seats move up. ``NoSuchSeatError``,
        ``NotComputerSeatError`` (a person leaves with ``remove_seat``) or ``GameStatusError``."""
        check_int(seat, "seat")
        check_int(now, "now")

        def body(db: Db) -> GameRecord:
            self._lobby(db, game_id)
            if seat_row(db, game_id, seat).user_id is not None:
                raise NotComputerSeatError(game_id, seat)
            return self._unseat(db, game_id, seat, now)

        return await self._run(body)

    @classmethod
    def _lobby(cls, db: Db, game_id: int) -> None:
        status = game_row(db, game_id).status
        if status != Status.LOBBY:
            raise GameStatusError(game_id, status, "lose players")

    @classmethod
    def _unseat(cls, db: Db, game_id: int, seat: int, now: int) -> GameRecord:
        """Empty a lobby seat; the later seats move up so seats stay 0..n-1."""
        db.execute("DELETE FROM seats WHERE game_id = ? AND seat = ?", (game_id, seat))
        later = fetch_all(
            db, "SELECT seat FROM seats WHERE game_id = ? AND seat > ? ORDER BY seat", (game_id, seat)
        )
        for (moving,) in later:  # in order, so each moves into a seat just freed
            db.execute(
                "UPDATE seats SET seat = ? WHERE game_id = ? AND seat = ?", (moving - 1, game_id, moving)
            )
        db.execute("UPDATE games SET updated_at = ? WHERE id = ?", (now, game_id))
        return read_game(db, game_id)

    async def start_game(
        self, game_id: int, seed: int, position: str, now: int, *, timers: Iterable[NewTimer] = ()
    ) -> GameRecord:
        """Start the lobby: status playing, the seed and the initial position, plus the first timers.

        ``position`` must be ``engine.dump`` of the new game made from the seed, the options and as many
        players as there are seats (else ``InvalidPositionError``): the log replays from it. Computer seats
        count as players; at least one seat must be a person's (``NoHumanSeatError``). The seat history
        (``seat_history``) starts here, each seat held since its holder joined.
        """
        check_int(seed, "seed")
        check_int(now, "now")
        timers = tuple(timers)
        game = parse_position(position)
        o_players = game.settings.players

        def body(db: Db) -> GameRecord:
            record = read_game(db, game_id)
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
            insert_timers(db, game_id, timers, now, None)
            return read_game(db, game_id)

        return await self._run(body)

    async def abandon_game(self, game_id: int, now: int) -> GameRecord:
        """End a lobby or a game in play without a result; its timers go in the same transaction."""
        check_int(now, "now")

        def body(db: Db) -> GameRecord:
            status = game_row(db, game_id).status
            if status not in ACTIVE:
                raise GameStatusError(game_id, status, "be abandoned")
            db.execute(
                "UPDATE games SET status = 'abandoned', seat_to_act = NULL, updated_at = ?, ended_at = ?, "
                "paused_at = NULL, pause_keeps = NULL WHERE id = ?",
                (now, now, game_id),
            )
            db.execute("DELETE FROM timers WHERE game_id = ?", (game_id,))
            return read_game(db, game_id)

        return await self._run(body)
