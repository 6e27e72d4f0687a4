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
    """The file cannot be opened as a SQLite database."""


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


class ReplayMismatchError(StorageError):
    """The seed and the action log do not replay to the stored game."""

    def __init__(self, game_id: int, problem: str) -> None:
        super().__init__(f"Game {game_id} does not replay: {problem}.")
        self.game_id, self.problem = game_id, problem


class BackupError(StorageError):
    """The backup could not be written."""
