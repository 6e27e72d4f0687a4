"""Persistent games in SQLite: the bot's only state that outlives a restart.

A game is its seed plus its action log; the log is the source of truth and the stored position is the
log's replay, saved in the same transaction as each action. Times are integer Unix seconds that the
caller passes in (``now``): the store never reads the clock. Discord ids are ints.

Opening::

    async with Store.open("tigris.db") as store: ...     # or: store = await Store.open(path) ... close()

The file is created if missing (an empty file counts as missing), upgraded by the numbered migrations in
``storage/migrations`` (schema version in ``PRAGMA user_version``), opened in WAL mode with foreign keys on:

    0001 games, seats, the action log          0002 timers, remembered messages
    0003 timer retries and set-aside, presented_version, the channel index (issue 8)
    0004 game options turn_hours, away_minutes, hints, computer_level, buildings, wonder; pausing (held
         timers). Games saved before it keep turn_hours 0 (no turn deadline): a game in play must not start
         timing players out after an upgrade, and a lobby's players joined a game announced without one.
    0005 seats held by a person or the computer player (user_id NULL, level), away state, resignation;
         seat_owners, the history of who held which seat (started games get their seats as 'joined')
    0006 each action's actor (NULL for older rows: not recorded); undo rows and taken-back marks (R31, R32)
    0007 player_settings: dm and auto_forced per game or as a player's default (R34, issue 10)
    0008 results of finished games and each server's ratings (issue 13), backfilled from the final
         positions of the games finished before it (a Python step in the same transaction)
    0009 game_posts: what each game's channel was told, post by post (issue 10)
    0010 timer claims: claimed_by, claimed_until, the lease of the process firing a timer (issue 14)
    0011 an index of the claimed timers (the timer loop wakes when a claim runs out)
    0014 presentation_steps: each step of showing a version, recorded as it completes (issue 17)
    0015 an index of the timers being retried (their own lane in the timer loop, issue 17)
    0016 games.language, the language of a game's channel posts; person_languages, each person's chosen
         language and latest Discord locale (issue 19)
    0017 direct_messages: what each DM about a game shows (its kind and facts), so an edit rebuilds it in its
         reader's language; game_posts.board (issue 19)
    0018 game_posts.translations: a post's lines in the other languages its players read (issue 19)

Before anything is written, ``Store.open`` checks the file through a read-only connection; a file that fails
raises a ``StorageError`` with a one-sentence message and is left byte for byte as it was (never migrated,
switched to WAL or "repaired"):

    DatabaseUnusableError      cannot be opened, an I/O error; the base class of the next four:
      DatabaseCorruptError     a damaged page, a truncated file (``PRAGMA quick_check``), not a database
      DatabaseReadOnlyError    the file, or its folder (it holds the -wal and -shm files), cannot be written
      DatabaseFullError        the disk is full (also from any later write, which is rolled back whole),
                               whatever SQLite calls it: never "damaged", which advises a backup
      DatabaseBusyError        another program kept it locked past the busy timeout
    SchemaTooNewError          written by a newer version of this program

The bot's start-up (``python -m bot``) opens the store once before connecting to Discord and prints
``The bot cannot start: <the sentence>`` with exit status 1, without a traceback.

One ``Store`` per process is enough: its operations may be awaited from many tasks at once (they take
turns on its connection), several processes may share the file, and a cancelled caller never leaves half
a transaction behind. Every error raised on purpose is a ``StorageError`` with a one-sentence message.

Lobby and life of a game (each call is one transaction and returns the updated ``GameRecord``)::

    await store.create_game(guild_id, channel_id, creator_id, now, Options(board=..., english=...,
                            open_scoring=..., conflict_hours=12, reminder_hours=24, turn_hours=48,
                            away_minutes=60, hints=False, computer_level="normal", buildings=False,
                            wonder=False), language="en")       # ChannelBusyError
    await store.add_seat(game_id, user_id, now, dynasty=None)    # next seat; AlreadySeatedError,
                                                                 # LobbyFullError, DynastyTakenError
    await store.add_computer_seat(game_id, "hard", now, dynasty=None)   # /te seat addbot; LobbyFullError
    await store.remove_seat(game_id, user_id, now)               # later seats move up: seats stay 0..n-1
    await store.remove_computer_seat(game_id, seat, now)         # NotComputerSeatError, NoSuchSeatError
    await store.start_game(game_id, seed, engine.dump(Game.new(len(seats), seed, ...)), now,
                           timers=[NewTimer(...)])              # WrongPlayerCountError, NoHumanSeatError
                                                                # (one person at least), InvalidPositionError
    await store.abandon_game(game_id, now)                       # deletes the game's timers

``Options.turn_hours`` (R30; 0: no turn deadline; default 48), ``away_minutes`` (R31's grace period, 60),
``hints`` (off), ``computer_level`` (``ComputerLevel``: easy|normal|hard, the computer player of
timed-out, away, resigned and replaced seats; normal). ``buildings`` and ``wonder`` (R28, R29; off) are
stored but not yet in the engine's ``Settings``.

One channel or thread has at most one lobby or game in play (a unique partial index). Operations that
the status forbids (joining a game in play, acting in a lobby) raise ``GameStatusError``.

Seats over weeks (games in play; each returns the updated ``GameRecord``; ``GameStatusError`` otherwise).
A seat is held by a person (``Seat.user_id``) or by the computer player (``user_id`` None, ``Seat.level``)::

    await store.set_away(game_id, seat, now, until=None, cover=True, user_id=None)
        # R31. until=None, cover=True: timed out, away until the owner acts or comes back. until=now+N h
        # (at most MAX_AWAY_HOURS, else AbsenceLengthError): an announced absence, covered by the computer
        # player (cover=True) or a vacation its deadlines wait for (cover=False). user_id: the person asking
        # must hold it (NotSeatOwnerError). ComputerSeatError, NoSuchSeatError.
    await store.set_back(game_id, seat, now, user_id=None)      # NotAwayError; an owner's action does it too
    await store.replace_seat(game_id, seat, user_id=new or level="hard", by_user_id=manager, now=now)
        # R33: to a person with no seat in the game (AlreadySeatedError) or the computer player
        # (SeatUnchangedError if that level holds it); the new holder is present
    await store.resign_seat(game_id, user_id, now)              # R33: the computer player (the game's level)
                                                                # takes it; Seat.resigned_by marks it
    await store.seat_history(game_id)        # [SeatOwner(seat, user_id, level, reason, by_user_id, since,
                                             #  until)]: reason joined (at the start) | replaced | resigned
    await store.former_seat_of(game_id, user_id)  # SeatOwner of the seat they lost, if they hold none now
                                                  # ("This seat is no longer yours."), else None
    await store.set_paused(game_id, True, now, keep_kinds=(TimerKind.REMINDER,))   # True if it changed

``Seat`` has ``seat, user_id, dynasty, joined_at`` (when the current holder took it), ``level``,
``away_since`` (None: present), ``away_until``, ``away_cover``, ``resigned_by``, ``resigned_at``, and
``is_computer``, ``resigned``, ``away_at(now)`` (an announced absence that has ended is over).
``GameRecord.all_humans_away(now)`` is R31's moment to pause (the bot decides and calls ``set_paused``).

A pause holds the game's timers except ``keep_kinds`` (timers added while it lasts too): ``next_due`` and
``due_timers`` never return a held timer (``Timer.held_since``), so a paused game costs the timer loop
nothing. Resuming (``set_paused(game_id, False, now)``) releases them, each moved later by the time it was
held. While paused, only a person's own action is saved (``GamePausedError`` for a deadline's or the
computer's); ``Appended.paused`` says the game is still paused after it.

Actions::

    appended = await store.append_action(game_id, expected_version, seat, "tile red e5", game,
                                         now, timers_to_delete=[timer.id] or ALL_TIMERS,
                                         timers_to_add=[NewTimer("deadline", due_at, seat, {"k": "v"})],
                                         actor=Who.person(user_id) | Who.deadline()
                                               | Who.computer("normal"),     # engine.Who
                                         seat_away=False)

appends the log row (``seq = expected_version + 1``), stores the position (``game``, the engine's ``Game``
after the action, is written out with ``engine.dump``; its text works too, read back with ``engine.load`` to
check it, which costs several times more), bumps the version, sets the seat
to act (read from the position), deletes and adds timers, all in ONE transaction. A stale
``expected_version`` raises ``StaleVersionError`` (two racing commands: the second is refused, nothing is
lost); a seat other than the one the game waits on raises ``WrongSeatError``. When the new position is
over the game becomes ``finished`` and keeps no timers. ``Appended`` gives the new version, status,
seat to act and the timers added with their ids. ``GameRecord.version`` always equals the log's length.

``actor`` (R31) is who made it: a person must hold the seat (``NotSeatOwnerError``: a replaced owner's old
button) and their action ends the seat's away state (``Appended.came_back``); a deadline's default or the
computer player plays for the seat, and ``seat_away=True`` then also marks a person's seat away, covered
(R30: its turn deadline passed; ``Appended.went_away``). Without ``actor`` (or ``Who.unrecorded()``) the row
records none (as before migration 0006). A person is stored by user id (a name given is not kept), the
computer player at one of ``ComputerLevel``'s levels (else ``ValueError``).

Undo (R32) appends a row too; nothing is deleted and the version only grows::

    effective = await store.effective_actions(game_id)   # the notation the engine replays: no undo rows,
                                                         # no taken-back actions
    back = engine.take_back(record.settings, record.seed, effective)   # engine.UndoRefused: R32's sentence
    appended = await store.append_undo(game_id, expected_version, seat, engine.dump(back.game), now,
                                       actor=Who.person(user_id), timers_to_delete=..., timers_to_add=...)

``append_undo`` checks, with the version, that the newest effective action is ``seat``'s and a person's,
the same person's when recorded (R31: nothing a computer player or a deadline did is taken back): else
``TakeBackError``. The undo row (action ``"undo"``, ``undoes`` = the seq taken back) and the mark on the
action taken back (``taken_back_by``) are written in the same transaction; ``Appended.undoes`` names it.

Queries (each is ONE indexed query whose cost does not grow with the games stored; tests check the plans)::

    await store.load_game(game_id)              # GameRecord, or GameNotFound
    await store.game_in_channel(channel_id)     # the lobby or game in play there, or None
    await store.latest_game_in_channel(channel_id, statuses=(Status.LOBBY, Status.PLAYING, Status.FINISHED))
                                                # the newest game there among these statuses (default: all),
                                                # or None: for /te board and /te status in any channel
    await store.games_of_user(user_id, statuses=(Status.LOBBY, Status.PLAYING))
    await store.games_waiting_on(user_id)       # games in play whose seat to act is the user's
    await store.games_of_guild(guild_id, statuses=...)
    await store.game_ids(statuses=...)          # ids only, for checks and resuming
    await store.actions(game_id, after=0)       # the log: engine.LoggedAction(seq, at, seat, action, who,
                                                # undoes, taken_back_by); .is_undo, .taken_back, .effective
    await store.effective_actions(game_id)      # the notation strings the engine replays
    await store.seat_history(game_id), await store.former_seat_of(game_id, user_id)
    await store.player_settings(user_id, game_id=None), await store.seated_player_settings(game_id)

``GameRecord`` has ``id, guild_id, channel_id, creator_id, status, options, seats (Seat, above), players,
seed, position, version, seat_to_act, created_at, started_at, updated_at, ended_at, presented_version,
paused_at, language`` and helpers ``settings`` (engine ``Settings``), ``user_to_act`` (None for a computer
seat), ``user_at(seat)``, ``seat_of(user_id)``, ``seat_record(seat)``, ``human_seats``, ``paused``,
``all_humans_away(now)``, ``game()`` (``engine.load`` of the position), ``needs_presenting``.
``updated_at`` moves with actions and status changes, not with seat or pause changes (it orders
``games_waiting_on``).

Player settings (R34, issue 10), per game or as the player's default::

    await store.player_settings(user_id, game_id)   # PlayerSettings(dm, auto_forced, dm_from,
                                                    # auto_forced_from): the game's value, else the player's
                                                    # default, else built-in (DmMode.TURN, False); *_from
                                                    # is SettingSource.GAME | PLAYER | BUILT_IN
    await store.seated_player_settings(game_id)     # {user_id: PlayerSettings} of its seated people
    await store.set_player_settings(user_id, game_id=None, dm="all"|"turn"|"none"|None|UNCHANGED,
                                    auto_forced=True|False|None|UNCHANGED)
        # game_id None: the default; None removes the value at that level; returns the effective settings

A person's language (issue 19)::

    await store.person_language(user_id)            # PersonLanguage(chosen, discord_locale), None if unknown
    await store.person_languages(user_ids)          # {user_id: PersonLanguage} of those the bot has met
    await store.set_person_language(user_id, now, chosen=..., discord_locale=...)  # UNCHANGED by default

History and standings (issue 13). When an action finishes a game, the same ``append_action`` transaction
saves its results (from the engine's ``outcome()``, R24) and rates it on its server (``storage.rating``: a
multiplayer Elo over all pairs, explained there for players). Abandoned games have no results. A result counts
for the seat's holder at the end; a resigned seat for the person who resigned it (R33); the computer player
is one player per level per server (``storage.results`` has the details). Each query is ONE indexed
statement::

    await store.game_results(game_id)          # [SeatResult(seat, place, score, final, treasures, owner,
                                               #  player, resigned_by, replaced, rating_change)], best first
    await store.player_stats(guild_id, Player.person(user_id) | Player.computer("hard"), opponents=3)
        # PlayerStats(games, wins (shared ones count), average_place, average_score, best_score, resigned,
        #             rating, rank, opponents=(Opponent(player, games, ahead, behind), ...))
    await store.leaderboard(guild_id, limit=10, offset=0, min_games=1)   # [LeaderboardRow(rank, player,
                                                                         #  rating, games, wins)]
    await store.running_games(guild_id, limit=25)   # GameRecords in play, longest waiting first:
                                                    # .user_to_act, .seat_to_act, .waiting_since, .paused
    await store.finished_games(guild_id, limit=10)  # [FinishedGame(game_id, channel_id, players, started_at,
                                                    #  ended_at, results, .winners)], newest first
    await store.user_games(user_id)                 # every server: [UserGame(game, seat, awaited,
                                                    #  .waiting_since)], those awaiting the user first
    await store.game_export(game_id)                # engine.GameExport of a started game (people by id:
                                                    # .user_ids(), .named(names)); GameStatusError before
    await store.recompute_ratings(guild_id=None)    # rate every finished game again, in the order they
                                                    # finished (after a change of the rules or a repair)

Presentation is recoverable: each game records the version its channel and DMs have been shown
(``presented_version``: -1 until its start is shown; games saved before migration 0003 count as shown)::

    await store.mark_presented(game_id, version)  # after presenting version (0: the start); never goes
                                                  # backwards (False then); ValueError past the game's version
    await store.games_to_present(limit=100)       # in play or finished, saved but not shown (a crash between
                                                  # the save and the presentation), oldest first: at start-up
                                                  # present each once, then mark it; record.needs_presenting
                                                  # tells the same of a game loaded for a command

Each step of showing a version is recorded as it completes (issue 17), so a version shown again after a crash
does only the steps not recorded; ``mark_presented`` forgets the steps of the versions it covers::

    await store.presentation_steps(game_id, version)     # {step: PresentationStep}, begun or done
    await store.begin_step(game_id, version, step, now, channel_id=..., content_hash=...)  # about to send
    await store.record_step(game_id, version, step, now, channel_id=None, message_id=None)  # done
    await store.add_post(..., step="post")               # the post and its step, in one transaction
    await store.remember_message(..., step=(version, step))  # likewise; the step keeps the message replaced
    await store.post_of(game_id, message_id)             # the remembered post of that message, or None

What a DM shows is kept in rows (issue 19, item 5), never read back from its text: edited later, it is made
again from its row in its reader's language::

    await store.add_dm(DirectMessage(...))               # a DM sent (again after a crash: the same row)
    await store.dm(message_id)                           # its row, or None
    await store.dm_moved(message_id, channel_id, newer_message_id)  # a newer DM carries the hand now
    await store.dm_noted(message_id, note)               # closed, with a note (a catalogue message)
    await store.dm_replaced(message_id, kind, facts)     # its text is another now (a seat lost), no hand
    await store.posts_numbered(game_id, seqs)            # the posts a turn DM's catch-up quotes

Timers (deadlines, reminders) are rows ``Timer(id, game_id, kind, seat, due_at, payload, created_at,
attempts, last_error, set_aside_at, held_since)``::

    await store.add_timer(game_id, NewTimer(kind, due_at, seat, payload), now)
    await store.delete_timer(timer_id)              # False if already gone
    await store.reschedule_timer(timer_id, due_at)  # a repeating reminder: same row, new time; a fresh start
                                                    # (failed tries forgotten, back if set aside)
    await store.delete_timer(timer_id, claimed_by="host:pid")          # these three with ``claimed_by``:
    await store.reschedule_timer(timer_id, due_at, claimed_by="host:pid")  # only while that process's
    await store.timer_failed(timer_id, now, error_text, claimed_by="host:pid")  # claim holds (else
                                                    # False / None, nothing changed): a process whose claim
                                                    # ran out or that moved the row on changes it no more
    await store.timers(game_id)                     # soonest first, set-aside ones included
    await store.next_due(limit=1)                   # soonest of all games, by due time then id
    await store.claim_due_timers(now, "host:pid", lease_seconds=900, shards=Shards(2, (0,)))
                                                    # the due timers for this process alone until the
                                                    # lease ends (several processes); only those of
                                                    # games whose server is in ``shards`` if given
    await store.next_claimable(now, shards=None)    # when the next claim may find one (None: no timer)
    # both take ``retries``: None every timer, False first tries only (attempts 0), True only the timers
    # being retried after a failure (their own index): the timer loop fires each in a lane of its own
    await store.release_timer(timer_id, "host:pid", until=None)   # end the claim (or keep it until
                                                    # ``until``); the row if the handler left it as it was
    await store.due_timers(now, limit=100)          # due at now or before, in order (never set aside,
                                                    # never held by a pause)
    retry = await store.timer_failed(timer_id, now, error_text)   # its handler raised: TimerRetry or None
    await store.set_aside_timers(limit=100)         # for `python -m storage check`, earliest first
    await store.retry_timer(timer_id, now)          # put a set-aside timer back, due now (else False)

A timer that an action answers or expires is deleted by that action's ``append_action``. A failing timer
never holds back another: ``timer_failed`` moves it ``timer_retry_delay(attempts)`` after ``now`` (1 min,
5 min, 30 min, then hourly: ``TIMER_RETRY_DELAYS``, ``TIMER_RETRY_EVERY``) and the failure that makes
``TIMER_MAX_ATTEMPTS`` (28: the first try, 3 quick retries, 24 hourly ones, about a day) sets it aside:
``TimerRetry(timer_id, game_id, attempts, due_at=None)``, ``retry.set_aside`` True, the moment for the bot
to log the error and post its one line in the game's channel. ``next_due`` and ``due_timers`` never return
a set-aside timer (a partial index holds only the others).

What the channel was told (issue 10: the turn DM's catch-up and ``/te log``), one row per post::

    post = await store.add_post(game_id, version, channel_id, message_id, now, ["alice placed ..."],
                                turn_of=seat_whose_turn_it_ended_or_None)     # Post(..., seq=1, 2, ...)
    await store.last_posts(game_id, 10)          # the 10 newest, oldest first
    await store.posts_since_turn(game_id, seat)  # since the post that ended the seat's last turn

Messages to edit later (``MessageKind.BOARD`` per game; ``HAND``, ``PROMPT`` and ``DMS_CLOSED`` per game
and player)::

    old = await store.remember_message(game_id, "hand", dm_channel_id, message_id, now, user_id=user_id)
    await store.message(game_id, "board")       # MessageRef(channel_id, message_id, ...) or None
    await store.messages(game_id, kind=None)
    await store.forget_message(game_id, "prompt", user_id=user_id)

Checks and backups::

    await store.verify_replay(game_id)          # the log's length, or ReplayMismatchError: the undo marks
                                                # agree, the effective actions replay to the position
    await store.integrity_problems()            # [] when PRAGMA integrity_check / foreign_key_check pass;
                                                # damage is listed, one line each, never raised
    await store.inconsistencies()               # [Inconsistency(kind, game_id, problem, fix)]: rows that
                                                # disagree with the rest but need no backup (storage.repair)
    await store.repair(now)                     # sets them right in one transaction; returns them
    await store.backup("copy.db")               # VACUUM INTO: consistent while others write

From a shell (exit status 0 all good, 1 a problem found, 2 could not run: one line on stderr):
``python -m storage backup OUT.db [--database PATH]``, ``python -m storage check [--database PATH]
[GAME_ID]`` (integrity through a read-only connection, and for a sound file every game's replay, then the
set-aside timers and what ``repair`` sets right), ``python -m storage repair [--database PATH]`` (says what
it changes, then changes it; only damage advises a backup), ``python -m storage retry-timer TIMER_ID``
(put a set-aside timer back) and
``python -m storage recompute-ratings [--guild ID]``.

Speed: every operation is ONE trip to aiosqlite's database thread, the whole transaction run there as one
function (``storage.dbthread``); ``append_action`` keeps ``synchronous=FULL`` and its version check inside
its transaction.

Changes that belong together (a seat handed over, the timers that follow it, the pause) are one unit of
work: every call ``work`` makes on its ``Transaction`` (the store's own methods, any area) runs in ONE
transaction, committed when it returns, rolled back whole if it raises::

    async def hand_over(tx: Transaction) -> GameRecord:
        record = await tx.replace_seat(game_id, seat, level="hard", by_user_id=me, now=now)
        await tx.add_timer(game_id, NewTimer(...), now)
        return record

    record = await store.transaction(hand_over)

``work`` does database work only (PostgreSQL may run it again from its start after a conflict); inside it the
store's own calls raise ``StorageError``. Code that runs alone or inside a unit takes an ``Areas`` (a
``Store`` or a ``Transaction``).

Where the code is: ``storage.store`` (the front door: open, close, ``transaction``), ``storage.areas`` (one
module per area, its SQL beside its code: lobby, seats, log, games, settings, history, presentation, timers,
messages), ``storage.maintenance`` (checks, repair, backup), ``storage.backends`` (SQLite and PostgreSQL:
opening, transactions, schema version, integrity, backup), ``storage.schema`` (the migrations).
"""

from storage.areas import Areas
from storage.areas.base import ACTIVE
from storage.areas.settings import UNCHANGED
from storage.areas.timers import ALL_TIMERS
from storage.backends import backup_database
from storage.errors import (
    AbsenceLengthError,
    AlreadySeatedError,
    BackupError,
    ChannelBusyError,
    ComputerSeatError,
    DatabaseBusyError,
    DatabaseCorruptError,
    DatabaseFullError,
    DatabaseReadOnlyError,
    DatabaseUnusableError,
    DynastyTakenError,
    GameNotFound,
    GamePausedError,
    GameStatusError,
    InvalidPositionError,
    LobbyFullError,
    MigrationError,
    NoHumanSeatError,
    NoSuchSeatError,
    NotAwayError,
    NotComputerSeatError,
    NotSeatedError,
    NotSeatOwnerError,
    ReplayMismatchError,
    SchemaTooNewError,
    SeatError,
    SeatUnchangedError,
    StaleVersionError,
    StorageError,
    TakeBackError,
    WrongPlayerCountError,
    WrongSeatError,
)
from storage.records import (
    DEFAULT_LANGUAGE,
    MAX_AWAY_HOURS,
    MAX_SEATS,
    MIN_SEATS,
    TIMER_MAX_ATTEMPTS,
    TIMER_RETRY_DELAYS,
    TIMER_RETRY_EVERY,
    Appended,
    ComputerLevel,
    DirectMessage,
    DmMode,
    FinishedGame,
    GameRecord,
    LeaderboardRow,
    MessageKind,
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
    timer_retry_delay,
)
from storage.repair import Inconsistency
from storage.schema import LATEST as SCHEMA_VERSION
from storage.store import DEFAULT_PATH, Store, Transaction

__all__ = [
    "ACTIVE",
    "ALL_TIMERS",
    "DEFAULT_LANGUAGE",
    "DEFAULT_PATH",
    "MAX_AWAY_HOURS",
    "MAX_SEATS",
    "MIN_SEATS",
    "SCHEMA_VERSION",
    "TIMER_MAX_ATTEMPTS",
    "TIMER_RETRY_DELAYS",
    "TIMER_RETRY_EVERY",
    "UNCHANGED",
    "AbsenceLengthError",
    "AlreadySeatedError",
    "Appended",
    "Areas",
    "BackupError",
    "ChannelBusyError",
    "ComputerLevel",
    "ComputerSeatError",
    "DatabaseBusyError",
    "DatabaseCorruptError",
    "DatabaseFullError",
    "DatabaseReadOnlyError",
    "DatabaseUnusableError",
    "DirectMessage",
    "DmMode",
    "DynastyTakenError",
    "FinishedGame",
    "GameNotFound",
    "GamePausedError",
    "GameRecord",
    "GameStatusError",
    "Inconsistency",
    "InvalidPositionError",
    "LeaderboardRow",
    "LobbyFullError",
    "MessageKind",
    "MessageRef",
    "MigrationError",
    "NewTimer",
    "NoHumanSeatError",
    "NoSuchSeatError",
    "NotAwayError",
    "NotComputerSeatError",
    "NotSeatOwnerError",
    "NotSeatedError",
    "Opponent",
    "Options",
    "PersonLanguage",
    "Player",
    "PlayerSettings",
    "PlayerStats",
    "Post",
    "PresentationStep",
    "ReplayMismatchError",
    "SchemaTooNewError",
    "Seat",
    "SeatError",
    "SeatOwner",
    "SeatReason",
    "SeatResult",
    "SeatUnchangedError",
    "SettingSource",
    "Shards",
    "StaleVersionError",
    "Status",
    "StorageError",
    "Store",
    "TakeBackError",
    "Timer",
    "TimerKind",
    "TimerRetry",
    "Transaction",
    "UserGame",
    "WrongPlayerCountError",
    "WrongSeatError",
    "backup_database",
    "timer_retry_delay",
]
