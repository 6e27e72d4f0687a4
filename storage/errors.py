"""Typed errors of the store. Each message is one sentence; the useful values are attributes too."""

from __future__ import annotations


class StorageError(Exception):
    """Base class of every error the store raises on purpose."""


class SchemaTooNewError(StorageError):
    """The database was written by a newer version of this program."""

    def __init__(self, path: str, found: int, known: int) -> None:
        super().__init__(
            f"The database {path} has schema version {found} but this program knows only up to version "
            f"{known}; run a newer version of the bot or restore an older backup."
        )
        self.path, self.found, self.known = path, found, known


class MigrationError(StorageError):
    """A migration failed; its transaction was rolled back and the schema version is unchanged."""

    def __init__(self, version: int, name: str, cause: BaseException) -> None:
        super().__init__(f"Migration {version:04d} ({name}) failed and was rolled back: {cause}.")
        self.version, self.name = version, name


class DatabaseUnusableError(StorageError):
    """The database file cannot be used as it is: opened, read or written. Raised by ``Store.open`` before
    anything is written to a file that failed its checks, and by an operation whose write the disk refused."""


class DatabaseCorruptError(DatabaseUnusableError):
    """The file is damaged (a bad page, truncated) or is not a SQLite database at all."""

    def __init__(self, path: str, detail: str, *, not_a_database: bool = False) -> None:
        if not_a_database:
            advice = "check the path (DATABASE_PATH) or restore a backup"
            what = "is not a usable SQLite database"
        else:
            advice = f"restore a backup (`python -m storage check --database {path}` lists the damage)"
            what = "is damaged"
        super().__init__(f"The database {path} {what} ({detail}); nothing was written to it: {advice}.")
        self.path, self.detail = path, detail


class DatabaseReadOnlyError(DatabaseUnusableError):
    """The file, or the folder that must hold its journal files, cannot be written."""

    def __init__(self, path: str, detail: str) -> None:
        super().__init__(
            f"The database {path} cannot be written ({detail}): the bot needs write access to the file and "
            "to its folder, where SQLite keeps its journal files."
        )
        self.path, self.detail = path, detail


class DatabaseFullError(DatabaseUnusableError):
    """The disk (or SQLite's page limit) refused to grow the file or its journal files; the transaction was
    rolled back, or nothing was written. The file is not damaged: no backup is needed."""

    def __init__(self, path: str) -> None:
        super().__init__(
            f"The disk holding the database {path} is full, so nothing was saved (the games saved before "
            "are kept); free some space and try again."
        )
        self.path = path


class DatabaseBusyError(DatabaseUnusableError):
    """Another connection kept the database locked for longer than the busy timeout."""

    def __init__(self, path: str) -> None:
        super().__init__(
            f"The database {path} stayed locked by another program for too long; stop the other program "
            "or try again."
        )
        self.path = path


class GameNotFound(StorageError, LookupError):
    """No game has this id."""

    def __init__(self, game_id: int) -> None:
        super().__init__(f"There is no game {game_id}.")
        self.game_id = game_id


class ChannelBusyError(StorageError):
    """The channel or thread already has a lobby or a game in play."""

    def __init__(self, channel_id: int, game_id: int | None) -> None:
        which = f"game {game_id}" if game_id is not None else "a game"
        super().__init__(f"Channel {channel_id} already has {which} in its lobby or in play.")
        self.channel_id, self.game_id = channel_id, game_id


class GameStatusError(StorageError):
    """The game's status does not allow this change (for example joining a game already in play)."""

    _WORDS = {
        "lobby": "still in its lobby",
        "playing": "in play",
        "finished": "over",
        "abandoned": "abandoned",
    }

    def __init__(self, game_id: int, status: str, wanted: str) -> None:
        super().__init__(f"Game {game_id} is {self._WORDS.get(status, status)}, so it cannot {wanted}.")
        self.game_id, self.status = game_id, status


class StaleVersionError(StorageError):
    """A write based on an old version of the game: someone else changed it first."""

    def __init__(self, game_id: int, expected: int, actual: int) -> None:
        super().__init__(
            f"Game {game_id} is at version {actual}, not {expected}: another action was saved first."
        )
        self.game_id, self.expected, self.actual = game_id, expected, actual


class WrongSeatError(StorageError):
    """An action saved for a seat the game does not wait on."""

    def __init__(self, game_id: int, seat: int, seat_to_act: int | None) -> None:
        super().__init__(f"Game {game_id} waits on seat {seat_to_act}, not on seat {seat}.")
        self.game_id, self.seat, self.seat_to_act = game_id, seat, seat_to_act


class InvalidPositionError(StorageError):
    """A position that is not the engine's notation or does not belong to this game."""


class SeatError(StorageError):
    """A lobby change that the seats do not allow."""


class AlreadySeatedError(SeatError):
    def __init__(self, game_id: int, user_id: int) -> None:
        super().__init__(f"User {user_id} already has a seat in game {game_id}.")
        self.game_id, self.user_id = game_id, user_id


class NotSeatedError(SeatError):
    def __init__(self, game_id: int, user_id: int) -> None:
        super().__init__(f"User {user_id} has no seat in game {game_id}.")
        self.game_id, self.user_id = game_id, user_id


class LobbyFullError(SeatError):
    def __init__(self, game_id: int, seats: int) -> None:
        super().__init__(f"Game {game_id} already has {seats} players, the most a game can have.")
        self.game_id, self.seats = game_id, seats


class DynastyTakenError(SeatError):
    def __init__(self, game_id: int, dynasty: str) -> None:
        super().__init__(f"The {dynasty} dynasty is already taken in game {game_id}.")
        self.game_id, self.dynasty = game_id, dynasty


class WrongPlayerCountError(SeatError):
    def __init__(self, game_id: int, seats: int) -> None:
        super().__init__(f"Game {game_id} has {seats} seated players; a game needs 2 to 4.")
        self.game_id, self.seats = game_id, seats


class NoHumanSeatError(SeatError):
    def __init__(self, game_id: int) -> None:
        super().__init__(f"Game {game_id} has no human player seated; a game needs at least one.")
        self.game_id = game_id


class NoSuchSeatError(SeatError):
    def __init__(self, game_id: int, seat: int) -> None:
        super().__init__(f"Game {game_id} has no seat {seat}.")
        self.game_id, self.seat = game_id, seat


class NotSeatOwnerError(SeatError):
    """A person acting for, or changing, a seat they do not hold (for example one handed to someone else)."""

    def __init__(self, game_id: int, seat: int, user_id: int) -> None:
        super().__init__(f"Seat {seat} of game {game_id} is not held by user {user_id}.")
        self.game_id, self.seat, self.user_id = game_id, seat, user_id


class ComputerSeatError(SeatError):
    """A change that only a person's seat can take (being away, for example)."""

    def __init__(self, game_id: int, seat: int) -> None:
        super().__init__(f"Seat {seat} of game {game_id} is played by the computer player.")
        self.game_id, self.seat = game_id, seat


class NotComputerSeatError(SeatError):
    """A change that only a computer player's seat can take (leaving a lobby on the creator's word)."""

    def __init__(self, game_id: int, seat: int) -> None:
        super().__init__(f"Seat {seat} of game {game_id} is held by a person, not the computer player.")
        self.game_id, self.seat = game_id, seat


class SeatUnchangedError(SeatError):
    """A replacement that would hand the seat to the computer player already holding it."""

    def __init__(self, game_id: int, seat: int, level: str) -> None:
        super().__init__(f"Seat {seat} of game {game_id} is already played by the computer player ({level}).")
        self.game_id, self.seat, self.level = game_id, seat, level


class NotAwayError(SeatError):
    def __init__(self, game_id: int, seat: int) -> None:
        super().__init__(f"Seat {seat} of game {game_id} is not away.")
        self.game_id, self.seat = game_id, seat


class AbsenceLengthError(SeatError):
    """An announced absence that ends before it starts or after the longest allowed (R31: 14 days)."""

    def __init__(self, game_id: int, hours: float, most: int) -> None:
        super().__init__(
            f"An absence from game {game_id} lasts more than 0 and at most {most} hours, not {hours:g}."
        )
        self.game_id, self.hours, self.most = game_id, hours, most


class GamePausedError(StorageError):
    """Only a person's own action is saved while the game is paused; the timers and the computer wait."""

    def __init__(self, game_id: int) -> None:
        super().__init__(f"Game {game_id} is paused, so only a player's own action can be saved.")
        self.game_id = game_id


class TakeBackError(StorageError):
    """An undo the log does not allow: nothing to take back, another seat's action, or one that the
    computer player or a deadline made (R31). The engine judges the rest of R32 before the store is asked."""

    def __init__(self, game_id: int, reason: str) -> None:
        super().__init__(f"Game {game_id} cannot take back an action: {reason}.")
        self.game_id, self.reason = game_id, reason


class ReplayMismatchError(StorageError):
    """The seed and the action log do not replay to the stored game."""

    def __init__(self, game_id: int, problem: str) -> None:
        super().__init__(f"Game {game_id} does not replay: {problem}.")
        self.game_id, self.problem = game_id, problem


class BackupError(StorageError):
    """The backup could not be written."""
