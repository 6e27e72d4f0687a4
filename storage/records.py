"""The plain values the store reads and writes. All frozen; times are integer Unix seconds."""

from __future__ import annotations

import json
import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, Final

from engine import Game, NotationError, Settings, load

MAX_SEATS = 4
MIN_SEATS = 2

# A timer whose handler fails is tried again after these delays (seconds), then hourly; the failure that
# makes TIMER_MAX_ATTEMPTS sets it aside: the first try, 1 min, 5 min, 30 min, then hourly for a day.
TIMER_RETRY_DELAYS: tuple[int, ...] = (60, 300, 1800)
TIMER_RETRY_EVERY = 3600
TIMER_MAX_ATTEMPTS = 1 + len(TIMER_RETRY_DELAYS) + 24

MAX_AWAY_HOURS = 14 * 24  # R31: an absence is announced for up to 14 days


def timer_retry_delay(failures: int) -> int:
    """Seconds until the next try of a timer that has failed ``failures`` times (1 or more)."""
    if failures < 1:
        raise ValueError("a timer is retried only after it failed")
    return TIMER_RETRY_DELAYS[failures - 1] if failures <= len(TIMER_RETRY_DELAYS) else TIMER_RETRY_EVERY


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
    DMS_CLOSED = "dms-closed"  # per game and player: the channel's note that DMs to them fail
    LOBBY = "lobby"  # per game: the channel message of its lobby, edited as people join and leave
    NO_POSTING = "no-posting"  # per game: the DM telling its creator the bot cannot post in its channel


class ComputerLevel(StrEnum):
    """The computer player's levels (issue 12)."""

    EASY = "easy"
    NORMAL = "normal"
    HARD = "hard"


def computer_level(level: str) -> ComputerLevel:
    """``level`` as a ``ComputerLevel``; ``ValueError`` naming the levels otherwise."""
    try:
        return ComputerLevel(level)
    except ValueError:
        names = ", ".join(lv.value for lv in ComputerLevel)
        raise ValueError(f"{level!r} is not a computer level: use {names}") from None


@dataclass(frozen=True)
class Options:
    """What the creator chose in ``/te new``. The number of players is known only at the start.

    ``turn_hours`` is the turn deadline (R30; 0: none), ``away_minutes`` the grace period of an away seat
    (R31), ``computer_level`` the level of the computer player that plays timed-out, away, resigned and
    replaced seats. ``buildings`` and ``wonder`` are the 2015 edition's options (R28, R29).
    """

    board: str = "standard"
    english: bool = False
    open_scoring: bool = False
    conflict_hours: float = 12.0
    reminder_hours: float = 24.0
    turn_hours: float = 48.0
    away_minutes: float = 60.0
    hints: bool = False
    computer_level: str = ComputerLevel.NORMAL
    buildings: bool = False
    wonder: bool = False

    def __post_init__(self) -> None:
        try:
            Settings(MIN_SEATS, self.board)
        except NotationError as exc:
            raise ValueError(str(exc)) from None
        if not self.conflict_hours > 0 or not self.reminder_hours > 0:
            raise ValueError("conflict_hours and reminder_hours must be more than 0")
        if not all(math.isfinite(v) for v in (self.conflict_hours, self.reminder_hours)):
            raise ValueError("conflict_hours and reminder_hours must be finite")
        if not (math.isfinite(self.turn_hours) and self.turn_hours >= 0):
            raise ValueError("turn_hours must be 0 (no deadline) or more")
        if not (math.isfinite(self.away_minutes) and self.away_minutes >= 0):
            raise ValueError("away_minutes must be 0 or more")
        object.__setattr__(self, "computer_level", computer_level(self.computer_level))

    def settings(self, players: int) -> Settings:
        """The engine's settings of a game with these options and ``players`` seats."""
        return Settings(players, self.board, self.english, self.open_scoring, self.buildings, self.wonder)


def away_at(away_since: int | None, away_until: int | None, now: int) -> bool:
    """A seat marked away since ``away_since`` is away at ``now`` unless its announced absence has ended."""
    return away_since is not None and (away_until is None or now < away_until)


@dataclass(frozen=True)
class Seat:
    """A seat and its holder: a person (``user_id``) or the computer player (``level``, no user id)."""

    seat: int  # 0-based, as the engine numbers players; lobby seats stay 0..n-1 in order of joining
    user_id: int | None  # None: the computer player holds the seat
    dynasty: str | None
    joined_at: int  # when the current holder took the seat
    level: str | None = None  # the computer player's level; None for a person
    away_since: int | None = None  # R31: None while present
    away_until: int | None = None  # the end of an announced absence; None: until the owner is back
    away_cover: bool = False  # while away, its turns are played for it (after the game's away_minutes)
    resigned_by: int | None = None  # R33: the person who resigned it, while the computer plays it
    resigned_at: int | None = None

    @property
    def is_computer(self) -> bool:
        return self.user_id is None

    @property
    def resigned(self) -> bool:
        return self.resigned_by is not None

    def away_at(self, now: int) -> bool:
        """Away at ``now``: marked away, and an announced absence has not ended yet."""
        return away_at(self.away_since, self.away_until, now)


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
    presented_version: int  # the version the channel and DMs have been shown; -1 before the start is shown
    paused_at: int | None = None  # None while running; a paused game holds its timers (Store.set_paused)
    language: str = "en"  # the code of the language its channel posts are written in (issue 19)

    @property
    def paused(self) -> bool:
        return self.paused_at is not None

    @property
    def human_seats(self) -> tuple[Seat, ...]:
        return tuple(s for s in self.seats if not s.is_computer)

    def all_humans_away(self, now: int) -> bool:
        """Every seat a person holds is away at ``now`` (and there is one): R31's moment to pause."""
        humans = self.human_seats
        return bool(humans) and all(s.away_at(now) for s in humans)

    def seat_record(self, seat: int) -> Seat | None:
        for s in self.seats:
            if s.seat == seat:
                return s
        return None

    @property
    def needs_presenting(self) -> bool:
        """Saved but not yet shown (a crash between the save and the presentation): present it, once."""
        return self.status in (Status.PLAYING, Status.FINISHED) and self.presented_version < self.version

    @property
    def settings(self) -> Settings | None:
        """The engine's settings once the game has started."""
        if self.players is None:
            return None
        return self.options.settings(self.players)

    @property
    def waiting_since(self) -> int | None:
        """When the game started waiting on its seat to act (its last action, or its start); None unless
        in play."""
        return self.updated_at if self.status == Status.PLAYING else None

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
class Shards:
    """The Discord shards one bot process serves: ``ids`` out of ``count``. A game belongs to the shard of
    its server, ``(guild_id >> 22) % count`` (Discord's formula); a guild id of 0 (none) is shard 0's."""

    count: int
    ids: tuple[int, ...]

    def __post_init__(self) -> None:
        if self.count < 1:
            raise ValueError(f"a shard count is at least 1, not {self.count}")
        distinct = len(set(self.ids)) == len(self.ids)
        if not self.ids or not distinct or not all(0 <= i < self.count for i in self.ids):
            raise ValueError(f"shard ids must be distinct numbers from 0 to {self.count - 1}, not {self.ids}")

    def of(self, guild_id: int) -> int:
        return (guild_id >> 22) % self.count

    def serves(self, guild_id: int) -> bool:
        return self.of(guild_id) in self.ids


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
    attempts: int = 0  # failed tries so far (``Store.timer_failed``); a success resets it
    last_error: str | None = None
    set_aside_at: int | None = None  # set aside after its last try failed: never due until put back
    held_since: int | None = None  # held by the game's pause since then: never due until it resumes

    @property
    def set_aside(self) -> bool:
        return self.set_aside_at is not None

    @property
    def held(self) -> bool:
        return self.held_since is not None


@dataclass(frozen=True)
class TimerRetry:
    """What ``Store.timer_failed`` decided: the timer's next try, or that it is set aside."""

    timer_id: int
    game_id: int
    attempts: int  # failed tries, this one included
    due_at: int | None  # the next try; None once set aside

    @property
    def set_aside(self) -> bool:
        return self.due_at is None


@dataclass(frozen=True)
class Appended:
    """What ``append_action`` saved."""

    game_id: int
    seq: int
    version: int
    status: Status
    seat_to_act: int | None
    timers: tuple[Timer, ...]  # the timers it added, with their ids
    came_back: bool = False  # the seat's owner acted while away: the seat is present again (R31)
    went_away: bool = False  # ``seat_away=True`` marked the seat away (R30)
    undoes: int | None = None  # an undo: the seq of the action it took back
    paused: bool = False  # the game is paused (only a person's own action is saved then)


@dataclass(frozen=True)
class Post:
    """A channel post about a game in play (issue 10): what it told, in public sentences, and which version
    of the game it showed; ``turn_of`` is the seat whose turn it ended, if one did."""

    game_id: int
    seq: int  # 1, 2, ... within the game
    version: int
    turn_of: int | None
    channel_id: int
    message_id: int
    posted_at: int
    lines: tuple[str, ...]
    board: bool = False  # it carries the board picture (posts made before migration 0017 are taken to)
    # its lines in the other languages its players read (language code → lines; issue 19, migration 0018)
    translations: Mapping[str, tuple[str, ...]] = field(default_factory=dict)

    def lines_in(self, language: str) -> tuple[str, ...]:
        """What the post told, in ``language`` if its players read it, else as the channel read it."""
        return self.translations.get(language, self.lines)


@dataclass(frozen=True)
class DirectMessage:
    """A DM about a game (issue 19, item 5): what its own text is made of (``kind`` and ``facts``, a JSON
    object), whether it carries its reader's hand, the newer DM that carries it now (``newer``: channel and
    message), and the note added once it was closed (an English catalogue message). Edited later, the DM is
    made again from this, in its reader's language: its text is never read back."""

    message_id: int
    game_id: int
    user_id: int
    seat: int | None
    channel_id: int
    version: int
    kind: str
    facts: Mapping[str, Any]
    sent_at: int
    hand: bool = False
    newer: tuple[int, int] | None = None
    note: str | None = None
    note_choice: str | None = None  # the answer that closed it (notation), the note's {choice}


@dataclass(frozen=True)
class PresentationStep:
    """A step of showing a version of a game (issue 17: a channel post, a DM, a hand edit, closing the
    prompts), begun or done. While a message is being sent (``done_at`` None) ``content_hash`` finds it among
    the bot's messages since ``started_at`` after a crash; once done, the message it sent or edited (None:
    nothing sent, or refused) and the hand panel its DM replaced, if any."""

    game_id: int
    version: int
    step: str
    started_at: int
    content_hash: str | None
    done_at: int | None
    channel_id: int | None
    message_id: int | None
    replaced_channel_id: int | None = None
    replaced_message_id: int | None = None

    @property
    def done(self) -> bool:
        return self.done_at is not None


@dataclass(frozen=True)
class MessageRef:
    game_id: int
    kind: str
    user_id: int | None  # None for a message of the whole game (the board)
    channel_id: int
    message_id: int
    updated_at: int


class SeatReason(StrEnum):
    """Why a holder got a seat (``SeatOwner.reason``)."""

    JOINED = "joined"  # seated when the game started
    REPLACED = "replaced"  # R33: handed over by ``by_user_id``
    RESIGNED = "resigned"  # R33: ``by_user_id`` resigned; the computer player took it


@dataclass(frozen=True)
class SeatOwner:
    """One holder's time in a seat of a started game (``Store.seat_history``)."""

    game_id: int
    seat: int
    user_id: int | None  # None: the computer player
    level: str | None
    reason: SeatReason
    by_user_id: int | None  # who made the change: the replacer, or the player who resigned
    since: int
    until: int | None  # None: holds it now


class DmMode(StrEnum):
    """Which DMs a player gets (issue 10)."""

    ALL = "all"
    TURN = "turn"
    NONE = "none"


class SettingSource(StrEnum):
    GAME = "game"  # set by the player for this game
    PLAYER = "player"  # the player's default for every game
    BUILT_IN = "built-in"  # nobody set it


DEFAULT_LANGUAGE: Final = "en"  # a game's language when none is chosen (i18n decides which codes exist)


@dataclass(frozen=True)
class PersonLanguage:
    """What decides a person's language (issue 19): their choice (None: auto, follow Discord) and the Discord
    locale of their latest interaction (None: never seen). The bot turns these into a language."""

    chosen: str | None = None
    discord_locale: str | None = None


@dataclass(frozen=True)
class PlayerSettings:
    """A player's effective settings in a game, and where each value came from."""

    dm: DmMode = DmMode.TURN
    auto_forced: bool = False  # R34: answer my forced choices at once (this reveals them)
    dm_from: SettingSource = SettingSource.BUILT_IN
    auto_forced_from: SettingSource = SettingSource.BUILT_IN


def payload_text(payload: Mapping[str, Any]) -> str:
    return json.dumps(dict(payload), separators=(",", ":"), sort_keys=True)


@dataclass(frozen=True)
class Player:
    """Whom a result or a rating counts for: a person (``Player.person(user_id)``) or the computer player
    at a level (``Player.computer("hard")``), one identity per level on each server."""

    user_id: int | None = None
    level: str | None = None

    def __post_init__(self) -> None:
        if (self.user_id is None) == (self.level is None):
            raise ValueError("a player is a person (a user id) or the computer player (a level)")
        if self.level is not None:
            object.__setattr__(self, "level", computer_level(self.level))

    @classmethod
    def person(cls, user_id: int) -> Player:
        return cls(user_id=user_id)

    @classmethod
    def computer(cls, level: str) -> Player:
        return cls(level=level)

    @property
    def is_computer(self) -> bool:
        return self.user_id is None


def player_or_none(user_id: int | None, level: str | None) -> Player | None:
    """The player of a row's (user_id, level) columns; None when both are empty (the result counts for
    nobody)."""
    return None if user_id is None and level is None else Player(user_id, level)


@dataclass(frozen=True)
class SeatResult:
    """One seat's result in a finished game (R24), saved when the game finished."""

    game_id: int
    seat: int
    place: int  # 1 = won; players who tie share a place
    score: int  # the weakest colour once the treasures are added: what ranks players
    final: tuple[int, int, int, int]  # red, blue, green, black with the treasures added
    treasures: int
    owner: Player  # who held the seat at the end
    player: Player | None  # whom the result counts for (stats, rating); None: nobody (see storage docs)
    resigned_by: int | None  # R33: the person who resigned the seat; the computer player finished it
    replaced: bool  # R33: the seat was handed to another holder during the game
    rating_change: float | None  # what the game did to ``player``'s rating; None: not rated

    @property
    def won(self) -> bool:
        return self.place == 1


@dataclass(frozen=True)
class FinishedGame:
    """A finished game of a server, for ``/te history games``."""

    game_id: int
    channel_id: int
    players: int
    started_at: int
    ended_at: int
    results: tuple[SeatResult, ...]  # best place first, then seat

    @property
    def winners(self) -> tuple[SeatResult, ...]:
        return tuple(r for r in self.results if r.won)


@dataclass(frozen=True)
class Opponent:
    """Someone a player met in finished games of a server (``PlayerStats.opponents``)."""

    player: Player
    games: int  # finished games together
    ahead: int  # of them, the games the player placed better
    behind: int  # and worse (the rest were ties)
    number: int = 1  # a computer seat's place among its games' seats of its level ("Bot 2 (hard)")


@dataclass(frozen=True)
class PlayerStats:
    """A player's record on one server, from its finished games (abandoned ones never count)."""

    player: Player
    games: int
    wins: int  # games won, shared wins included
    average_place: float | None  # None without games
    average_score: float | None
    best_score: int | None
    resigned: int  # games they resigned (counted like the others, R33)
    rating: float | None  # None: not rated yet
    rank: int | None  # 1 = the best rating on the server
    opponents: tuple[Opponent, ...]  # the most met first


@dataclass(frozen=True)
class LeaderboardRow:
    rank: int  # 1 = best
    player: Player
    rating: float
    games: int
    wins: int


@dataclass(frozen=True)
class UserGame:
    """A lobby or game in play that a person holds a seat in (``Store.games_of_player``)."""

    game: GameRecord
    seat: int
    awaited: bool  # the game waits on this person now

    @property
    def waiting_since(self) -> int | None:
        return self.game.waiting_since
