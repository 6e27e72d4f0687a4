"""The plain values the store reads and writes. All frozen; times are integer Unix seconds."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from engine import Game, NotationError, Settings, load

MAX_SEATS = 4
MIN_SEATS = 2


class Status(StrEnum):
    LOBBY = "lobby"
    PLAYING = "playing"
    FINISHED = "finished"
    ABANDONED = "abandoned"

    @property
    def is_active(self) -> bool:
        """A lobby or a game in play: the one such game a channel may have."""
        return self in (Status.LOBBY, Status.PLAYING)


class TimerKind(StrEnum):
    """The kinds the bot uses; any non-empty text is accepted."""

    DEADLINE = "deadline"
    REMINDER = "reminder"


class MessageKind(StrEnum):
    """The kinds the bot uses; any non-empty text is accepted."""

    BOARD = "board"  # per game: the channel message with the latest board
    HAND = "hand"  # per game and player: the DM hand panel
    PROMPT = "prompt"  # per game and player: the DM asking for a decision


@dataclass(frozen=True)
class Options:
    """What the creator chose in ``/te new``. The number of players is known only at the start."""

    board: str = "standard"
    english: bool = False
    open_scoring: bool = False
    conflict_hours: float = 12.0
    reminder_hours: float = 24.0

    def __post_init__(self) -> None:
        try:
            Settings(MIN_SEATS, self.board)
        except NotationError as exc:
            raise ValueError(str(exc)) from None
        if not self.conflict_hours > 0 or not self.reminder_hours > 0:
            raise ValueError("conflict_hours and reminder_hours must be more than 0")


@dataclass(frozen=True)
class Seat:
    seat: int  # 0-based, as the engine numbers players; lobby seats stay 0..n-1 in order of joining
    user_id: int
    dynasty: str | None
    joined_at: int


@dataclass(frozen=True)
class GameRecord:
    id: int
    guild_id: int
    channel_id: int
    creator_id: int
    status: Status
    options: Options
    seats: tuple[Seat, ...]
    players: int | None  # set at the start
    seed: int | None  # set at the start
    position: str | None  # the engine's position (engine.dump) after the last action
    version: int  # the number of actions in the log
    seat_to_act: int | None  # None unless playing
    created_at: int
    started_at: int | None
    updated_at: int
    ended_at: int | None  # finished or abandoned

    @property
    def settings(self) -> Settings | None:
        """The engine's settings once the game has started."""
        if self.players is None:
            return None
        o = self.options
        return Settings(self.players, o.board, o.english, o.open_scoring)

    @property
    def user_to_act(self) -> int | None:
        return None if self.seat_to_act is None else self.user_at(self.seat_to_act)

    def user_at(self, seat: int) -> int | None:
        for s in self.seats:
            if s.seat == seat:
                return s.user_id
        return None

    def seat_of(self, user_id: int) -> int | None:
        for s in self.seats:
            if s.user_id == user_id:
                return s.seat
        return None

    def game(self) -> Game:
        """The position as an engine game (``engine.load``); only for a started game."""
        if self.position is None:
            raise ValueError(f"game {self.id} has not started, so it has no position")
        return load(self.position)


@dataclass(frozen=True)
class ActionRecord:
    game_id: int
    seq: int  # 1, 2, 3, ...; the game's version after this action
    seat: int
    action: str  # the engine's notation
    at: int


@dataclass(frozen=True)
class NewTimer:
    """A timer to add; the store gives it its id."""

    kind: str
    due_at: int
    seat: int | None = None
    payload: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Timer:
    id: int
    game_id: int
    kind: str
    seat: int | None
    due_at: int
    payload: Mapping[str, Any]
    created_at: int


@dataclass(frozen=True)
class Appended:
    """What ``append_action`` saved."""

    game_id: int
    seq: int
    version: int
    status: Status
    seat_to_act: int | None
    timers: tuple[Timer, ...]  # the timers it added, with their ids


@dataclass(frozen=True)
class MessageRef:
    game_id: int
    kind: str
    user_id: int | None  # None for a message of the whole game (the board)
    channel_id: int
    message_id: int
    updated_at: int


def payload_text(payload: Mapping[str, Any]) -> str:
    return json.dumps(dict(payload), separators=(",", ":"), sort_keys=True)
