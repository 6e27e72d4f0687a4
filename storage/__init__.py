"""Persistent games in SQLite: the bot's only state that outlives a restart.

A game is its seed plus its action log; the log is the source of truth and the stored position is the
log's replay, saved in the same transaction as each action. Times are integer Unix seconds that the
caller passes in (``now``): the store never reads the clock. Discord ids are ints.

Opening::

    async with Store.open("tigris.db") as store: ...     # or: store = await Store.open(path) ... close()

The file is created if missing, upgraded by the numbered migrations in ``storage/migrations`` (schema
version in ``PRAGMA user_version``), opened in WAL mode with foreign keys on; a database of a newer
program raises ``SchemaTooNewError``.

One ``Store`` per process is enough: its operations may be awaited from many tasks at once (they take
turns on its connection), several processes may share the file, and a cancelled caller never leaves half
a transaction behind. Every error raised on purpose is a ``StorageError`` with a one-sentence message.

Lobby and life of a game (each call is one transaction and returns the updated ``GameRecord``)::

    await store.create_game(guild_id, channel_id, creator_id, now, Options(board=..., english=...,
                            open_scoring=..., conflict_hours=12, reminder_hours=24))   # ChannelBusyError
    await store.add_seat(game_id, user_id, now, dynasty=None)    # next seat; AlreadySeatedError,
                                                                 # LobbyFullError, DynastyTakenError
    await store.remove_seat(game_id, user_id, now)               # later seats move up: seats stay 0..n-1
    await store.start_game(game_id, seed, engine.dump(Game.new(len(seats), seed, ...)), now,
                           timers=[NewTimer(...)])              # WrongPlayerCountError, InvalidPositionError
    await store.abandon_game(game_id, now)                       # deletes the game's timers

One channel or thread has at most one lobby or game in play (a unique partial index). Operations that
the status forbids (joining a game in play, acting in a lobby) raise ``GameStatusError``.

Actions::

    appended = await store.append_action(game_id, expected_version, seat, "tile red e5", engine.dump(game),
                                         now, timers_to_delete=[timer.id] or ALL_TIMERS,
                                         timers_to_add=[NewTimer("deadline", due_at, seat, {"k": "v"})])

appends the log row (``seq = expected_version + 1``), stores the position, bumps the version, sets the seat
to act (read from the position), deletes and adds timers, all in ONE transaction. A stale
``expected_version`` raises ``StaleVersionError`` (two racing commands: the second is refused, nothing is
lost); a seat other than the one the game waits on raises ``WrongSeatError``. When the new position is
over the game becomes ``finished`` and keeps no timers. ``Appended`` gives the new version, status,
seat to act and the timers added with their ids. ``GameRecord.version`` always equals the log's length.

Queries::

    await store.load_game(game_id)              # GameRecord, or GameNotFound
    await store.game_in_channel(channel_id)     # the lobby or game in play there, or None
    await store.games_of_user(user_id, statuses=(Status.LOBBY, Status.PLAYING))
    await store.games_waiting_on(user_id)       # games in play whose seat to act is the user's
    await store.games_of_guild(guild_id, statuses=...)
    await store.game_ids(statuses=...)          # ids only, for checks and resuming
    await store.actions(game_id, after=0)       # the log: ActionRecord(seq, seat, action, at)

``GameRecord`` has ``id, guild_id, channel_id, creator_id, status, options, seats (Seat(seat, user_id,
dynasty, joined_at)), players, seed, position, version, seat_to_act, created_at, started_at,
updated_at, ended_at`` and helpers ``settings`` (engine ``Settings``), ``user_to_act``, ``user_at(seat)``,
``seat_of(user_id)``, ``game()`` (``engine.load`` of the position).

Timers (deadlines, reminders) are rows ``Timer(id, game_id, kind, seat, due_at, payload, created_at)``::

    await store.add_timer(game_id, NewTimer(kind, due_at, seat, payload), now)
    await store.delete_timer(timer_id)              # False if already gone
    await store.reschedule_timer(timer_id, due_at)  # a repeating reminder: same row, new time
    await store.timers(game_id)                     # soonest first
    await store.next_due(limit=1)                   # soonest of all games, by due time then id
    await store.due_timers(now, limit=100)          # due at now or before, in order

A timer that an action answers or expires is deleted by that action's ``append_action``.

Messages to edit later (``MessageKind.BOARD`` per game; ``HAND`` and ``PROMPT`` per game and player)::

    old = await store.remember_message(game_id, "hand", dm_channel_id, message_id, now, user_id=user_id)
    await store.message(game_id, "board")       # MessageRef(channel_id, message_id, ...) or None
    await store.messages(game_id, kind=None)
    await store.forget_message(game_id, "prompt", user_id=user_id)

Checks and backups::

    await store.verify_replay(game_id)          # the log's length, or ReplayMismatchError
    await store.integrity_problems()            # [] when PRAGMA integrity_check / foreign_key_check pass
    await store.backup("copy.db")               # VACUUM INTO: consistent while others write

From a shell: ``python -m storage backup OUT.db [--database PATH]`` and
``python -m storage check [--database PATH] [GAME_ID]`` (integrity, then every game's replay).
"""

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
    MigrationError,
    NotSeatedError,
    ReplayMismatchError,
    SchemaTooNewError,
    SeatError,
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
    MessageKind,
    MessageRef,
    NewTimer,
    Options,
    Seat,
    Status,
    Timer,
    TimerKind,
)
from storage.schema import LATEST as SCHEMA_VERSION
from storage.store import ACTIVE, ALL_TIMERS, DEFAULT_PATH, Store, backup_database

__all__ = [
    "ACTIVE",
    "ALL_TIMERS",
    "DEFAULT_PATH",
    "MAX_SEATS",
    "MIN_SEATS",
    "SCHEMA_VERSION",
    "ActionRecord",
    "AlreadySeatedError",
    "Appended",
    "BackupError",
    "ChannelBusyError",
    "DatabaseUnusableError",
    "DynastyTakenError",
    "GameNotFound",
    "GameRecord",
    "GameStatusError",
    "InvalidPositionError",
    "LobbyFullError",
    "MessageKind",
    "MessageRef",
    "MigrationError",
    "NewTimer",
    "NotSeatedError",
    "Options",
    "ReplayMismatchError",
    "SchemaTooNewError",
    "Seat",
    "SeatError",
    "StaleVersionError",
    "Status",
    "StorageError",
    "Store",
    "Timer",
    "TimerKind",
    "WrongPlayerCountError",
    "WrongSeatError",
    "backup_database",
]
