"""A whole game as text (docs/notation.md, "Game records"): its settings, its seed and every row of its log,
with who made each action and when; the seed and the effective actions replay to the game (R3).

    text = write_export(record)            # GameExport -> text, one log row per line
    record = read_export(text)             # text -> GameExport, checked by replaying it
    record.final_game()                    # the game the record replays to
    record.game_at_turn(12), record.game_after(40)   # stepping through it

Actions taken back (R32) stay in the record, marked, beside the undo rows that took them back; replaying skips
both. ``read_export`` accepts only a record that replays: anything else is a ``NotationError`` with one
sentence naming the line, whatever the text.
"""

from __future__ import annotations

import calendar
import dataclasses
import json
import re
import typing
import unicodedata
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from enum import Enum, StrEnum

from engine.actions import COLOURS, Action
from engine.board import whole_number
from engine.errors import EngineError, NotationError, quoted
from engine.game import Game
from engine.model import Settings
from engine.notation import SEED_RANGE
from engine.undo import replay

FORMAT = "tigris-game"
VERSION = 1
UNDO = "undo"  # an undo row's action (R32); its line reads "undo <seq taken back>"
BOT = "bot"  # "computer hard bot 2": the computer player holding a seat, the game's "Bot 2 (hard)"

MOST_ROWS = 20_000  # a long game logs about a thousand rows; more is not a game record
MOST_CHARACTERS = 4_000_000
MOST_LINE = 2_000
MOST_NAME = 100  # characters of a player's name
MOST_TIME = 253_402_300_799  # 9999-12-31T23:59:59Z
MOST_ID = 2**63 - 1
MOST_BOTS = 4  # a computer player's number among its level's seats in one game: at most every seat
_LEVEL = re.compile(r"[a-z][a-z0-9_-]{0,15}")
_BARE = re.compile(r"[A-Za-z0-9_.+-]+")
_TIME = re.compile(r"(\d{4})-(\d\d)-(\d\d)T(\d\d):(\d\d):(\d\d)Z")
_TOKEN = re.compile(r'\s*(?:(#.*)|("(?:[^"\\]|\\.)*")|([^\s"#]+)|(\S))')
_ACTION_WIDTH = 26  # the action column: the longest common actions fit, so the 'by' column mostly aligns


class WhoKind(StrEnum):
    PERSON = "person"  # a player: their user id, their name, or both
    COMPUTER = "computer"  # the computer player at a level
    DEADLINE = "deadline"  # the rule's default when a deadline passed
    UNRECORDED = "unrecorded"  # saved before anyone recorded who acts


def computer_name(level: str, number: int = 1) -> str:
    """How a game names the computer player holding a seat: 'Bot (hard)', and 'Bot 2 (hard)', 'Bot 3 (hard)'
    for the second and third seat of that level (``computer_numbers``). A name, the same in every language."""
    return f"Bot ({level})" if number == 1 else f"Bot {number} ({level})"


def computer_numbers(levels: Iterable[tuple[int, str]]) -> dict[int, int]:
    """The number of each computer seat among the game's seats of its level, from (seat, level) in seat
    order: 1 for the first seat of a level, 2 for the second, ... (its name: ``computer_name``)."""
    numbers: dict[int, int] = {}
    seen: dict[str, int] = {}
    for seat, level in levels:
        numbers[seat] = seen[level] = seen.get(level, 0) + 1
    return numbers


@dataclass(frozen=True)
class Who:
    """Who made an action or held a seat: ``Who.person(user_id, name)``, ``Who.computer("hard")`` (the
    computer player at a level, playing for someone's seat), ``Who.computer("hard", 2)`` (the computer player
    holding a seat of its own, the game's "Bot 2 (hard)"), ``Who.deadline()`` or ``Who.unrecorded()``."""

    kind: WhoKind
    user_id: int | None = None
    name: str | None = None
    level: str | None = None
    number: int | None = None  # a computer seat's number among its level's (``computer_numbers``)

    def __post_init__(self) -> None:
        object.__setattr__(self, "kind", WhoKind(self.kind))
        person, computer = self.kind is WhoKind.PERSON, self.kind is WhoKind.COMPUTER
        if person and self.user_id is None and self.name is None:
            raise NotationError("a person is named by a user id, a name or both")
        if not person and (self.user_id is not None or self.name is not None):
            raise NotationError(f"only a person has a user id or a name, not {self.kind.value}")
        if computer != (self.level is not None):
            raise NotationError("the computer player, and only it, plays at a level")
        if self.user_id is not None and not (_is_int(self.user_id) and 0 <= self.user_id <= MOST_ID):
            raise NotationError(f"{quoted(str(self.user_id))} is not a user id: write a whole number")
        if self.name is not None:
            _check_name(self.name)
        if self.level is not None and not (isinstance(self.level, str) and _LEVEL.fullmatch(self.level)):
            raise NotationError(f"{quoted(str(self.level))} is not a level: write a lowercase word")
        if self.number is not None and not computer:
            raise NotationError("only the computer player holding a seat has a number")
        if self.number is not None and not (_is_int(self.number) and 1 <= self.number <= MOST_BOTS):
            raise NotationError(f"{quoted(str(self.number))} is not a bot's number: write 1 to {MOST_BOTS}")

    @classmethod
    def person(cls, user_id: int | None = None, name: str | None = None) -> Who:
        return cls(WhoKind.PERSON, user_id, name)

    @classmethod
    def computer(cls, level: str, number: int | None = None) -> Who:
        return cls(WhoKind.COMPUTER, level=level, number=number)

    @classmethod
    def deadline(cls) -> Who:
        return cls(WhoKind.DEADLINE)

    @classmethod
    def unrecorded(cls) -> Who:
        return cls(WhoKind.UNRECORDED)

    @property
    def is_person(self) -> bool:
        return self.kind is WhoKind.PERSON

    @property
    def text(self) -> str:
        """As the record writes it: ``person 1234 "Alice"``, ``computer hard``, ``computer hard bot 2``,
        ``deadline``."""
        parts = [self.kind.value]
        if self.user_id is not None:
            parts.append(str(self.user_id))
        if self.name is not None:
            parts.append(_quote(self.name))
        if self.level is not None:
            parts.append(self.level)
        if self.number is not None:
            parts.append(f"{BOT} {self.number}")
        return " ".join(parts)

    @property
    def label(self) -> str:
        """For people to read: the name, else the user id; ``Bot 2 (hard)`` for a computer seat (the game's
        name), ``computer hard`` for the computer player playing for a seat; ``a deadline``."""
        if self.kind is WhoKind.PERSON:
            return self.name if self.name is not None else f"user {self.user_id}"
        if self.kind is WhoKind.COMPUTER:
            assert self.level is not None
            return f"computer {self.level}" if self.number is None else computer_name(self.level, self.number)
        return "a deadline" if self.kind is WhoKind.DEADLINE else "unrecorded"

    def named(self, names: Mapping[int, str]) -> Who:
        """The same, with the person's name from ``names`` (by user id) when it has one."""
        if self.user_id is None or self.user_id not in names:
            return self
        return dataclasses.replace(self, name=names[self.user_id])


class HolderReason(StrEnum):
    JOINED = "joined"  # seated when the game started
    REPLACED = "replaced"  # R33: handed to a new holder
    RESIGNED = "resigned"  # R33: the player resigned and the computer player took the seat


@dataclass(frozen=True)
class SeatHolder:
    """Someone who held a seat, from ``since`` (Unix seconds), and why they got it."""

    seat: int
    since: int
    reason: HolderReason
    who: Who  # a person or the computer player

    def __post_init__(self) -> None:
        object.__setattr__(self, "reason", HolderReason(self.reason))
        _check_seat(self.seat)
        _check_time(self.since)
        if self.who.kind not in (WhoKind.PERSON, WhoKind.COMPUTER):
            raise NotationError("a seat is held by a person or by the computer player")


@dataclass(frozen=True)
class LoggedAction:
    """One row of a game's log: an action, or an undo row that took back the action ``undoes`` (R32)."""

    seq: int  # 1, 2, 3, ... in the order they happened, undo rows included
    at: int  # Unix seconds
    seat: int
    action: str  # the engine's canonical notation; "undo" for an undo row
    who: Who
    undoes: int | None = None  # an undo row: the seq of the action it took back
    taken_back_by: int | None = None  # an action taken back: the seq of the undo row

    def __post_init__(self) -> None:
        if not _is_int(self.seq) or self.seq < 1:
            raise NotationError("an action is numbered from 1")
        _check_time(self.at)
        _check_seat(self.seat)
        if (self.action == UNDO) != (self.undoes is not None):
            raise NotationError(
                f"action {self.seq}: an undo row, and only one, names the action it took back"
            )
        if self.undoes is not None and not (_is_int(self.undoes) and 1 <= self.undoes < self.seq):
            raise NotationError(f"action {self.seq}: an undo takes back an earlier action")
        if self.taken_back_by is not None and not (
            _is_int(self.taken_back_by) and self.taken_back_by > self.seq
        ):
            raise NotationError(f"action {self.seq}: an action is taken back by a later undo")
        if self.undoes is not None and self.taken_back_by is not None:
            raise NotationError(f"action {self.seq}: an undo row cannot be taken back")

    @property
    def is_undo(self) -> bool:
        return self.undoes is not None

    @property
    def taken_back(self) -> bool:
        return self.taken_back_by is not None

    @property
    def effective(self) -> bool:
        """Part of the game: replayed (neither an undo row nor taken back)."""
        return self.undoes is None and self.taken_back_by is None


@dataclass(frozen=True)
class GameExport:
    """A whole game: settings, seed, its log, and who held which seat. ``write_export`` prints it."""

    settings: Settings
    seed: int
    actions: tuple[LoggedAction, ...]
    holders: tuple[SeatHolder, ...] = ()
    title: str | None = None

    def effective_actions(self) -> list[str]:
        """The actions the game is made of, oldest first: no undo rows, nothing taken back."""
        return [row.action for row in self.actions if row.effective]

    def final_game(self) -> Game:
        """The game the record replays to."""
        return replay(self.settings, self.seed, self.effective_actions())

    def game_after(self, seq: int) -> Game:
        """The game as it stood after log row ``seq`` (0: the start). An action taken back later still
        counts until the undo row that took it back: this is the game as the players saw it then."""
        if not 0 <= seq <= len(self.actions):
            raise NotationError(f"there is no action {seq}: the record has actions 1 to {len(self.actions)}")
        game = replay(self.settings, self.seed, ())
        if seq == 0:
            return game
        for row, after in _walk(self.settings, self.seed, self.actions):
            if row.seq == seq:
                return after
        raise AssertionError("unreachable: the rows are numbered 1 to n")  # pragma: no cover

    def game_at_turn(self, turn: int) -> Game:
        """The game at the start of turn ``turn`` (1: the start), as played: actions taken back left out.
        Turns are numbered as the engine does (``Game.turn``): each player's turn is one."""
        game = replay(self.settings, self.seed, ())
        for text in self.effective_actions():
            if game.turn >= turn:
                break
            game.apply(text)
        if game.turn != turn:
            last = game.turn if game.turn < turn else self.final_game().turn
            raise NotationError(f"there is no turn {turn}: the record has turns 1 to {last}")
        return game

    def user_ids(self) -> set[int]:
        """Every person's user id in the record (to look their names up)."""
        whos = [row.who for row in self.actions] + [h.who for h in self.holders]
        return {who.user_id for who in whos if who.user_id is not None}

    def named(self, names: Mapping[int, str]) -> GameExport:
        """The same record with people's names filled in from ``names`` (by user id)."""
        return dataclasses.replace(
            self,
            actions=tuple(dataclasses.replace(row, who=row.who.named(names)) for row in self.actions),
            holders=tuple(dataclasses.replace(h, who=h.who.named(names)) for h in self.holders),
        )

    def numbered(self, numbers: Mapping[int, int]) -> GameExport:
        """The same record with its computer seats numbered as the game named them (``numbers``: seat to
        number, ``computer_numbers``): each seat's computer holders since the computer player took it, and
        the computer player's moves for the seat since then ("computer hard bot 2", "Bot 2 (hard)")."""
        since: dict[int, int] = {}  # when the computer player took each seat, for good
        for h in self.holders:
            if h.who.kind is not WhoKind.COMPUTER:
                since.pop(h.seat, None)
            elif h.seat not in since:
                since[h.seat] = h.since

        def who(seat: int, at: int, who: Who) -> Who:
            if who.kind is not WhoKind.COMPUTER or seat not in numbers or at < since.get(seat, at + 1):
                return who
            return dataclasses.replace(who, number=numbers[seat])

        return dataclasses.replace(
            self,
            actions=tuple(dataclasses.replace(r, who=who(r.seat, r.at, r.who)) for r in self.actions),
            holders=tuple(dataclasses.replace(h, who=who(h.seat, h.since, h.who)) for h in self.holders),
        )

    def seat_labels(self) -> list[str]:
        """Who held each seat last, for people to read ("Alice", "Bot 2 (hard)"), else "seat N"."""
        labels = self._holder_labels()
        return [labels.get(seat, f"seat {seat}") for seat in range(self.settings.players)]

    def _holder_labels(self) -> dict[int, str]:
        """The label of each seat's last holder. A record written before computer seats were numbered has
        them numbered here as the game named them: per level in seat order, the seats the computer player
        joined or was handed (a resigned player's seat is still theirs, R33)."""
        last = {h.seat: h for h in self.holders}
        unnumbered = computer_numbers(
            (seat, h.who.level)
            for seat, h in sorted(last.items())
            if h.who.level is not None and h.who.number is None and h.reason is not HolderReason.RESIGNED
        )
        return {
            seat: h.who.label
            if seat not in unnumbered or h.who.level is None
            else computer_name(h.who.level, unnumbered[seat])
            for seat, h in last.items()
        }


# ------------------------------------------------------------------------------------------ checks


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _check_seat(seat: object) -> None:
    if not (_is_int(seat) and 0 <= typing.cast(int, seat) <= 3):
        raise NotationError(f"{quoted(str(seat))} is not a seat: seats are 0 to 3")


def _check_time(at: object) -> None:
    if not (_is_int(at) and 0 <= typing.cast(int, at) <= MOST_TIME):
        raise NotationError(f"{quoted(str(at))} is not a time: write one like 2025-05-01T18:30:00Z")


def _check_name(name: object) -> None:
    if not isinstance(name, str) or not name.strip() or len(name) > MOST_NAME:
        raise NotationError(f"a name is 1 to {MOST_NAME} characters")
    if any("\ud800" <= c <= "\udfff" for c in name):  # half of a UTF-16 pair: not text
        raise NotationError(f"the name {quoted(name)} has characters that cannot be printed")


def _invisible(c: str) -> bool:
    """Control and format characters, and separators other than the space: they could end a line
    (str.splitlines ends lines at \x85 and \u2028 too) or hide in it, so a record writes them escaped."""
    return c != " " and unicodedata.category(c)[0] in "CZ"


def _quote(text: str) -> str:
    """``text`` in double quotes with JSON escapes, readable (non-ASCII letters and emoji as they are) and
    always on one line."""
    return "".join(
        f"\\u{ord(c):04x}" if _invisible(c) and ord(c) <= 0xFFFF else c
        for c in json.dumps(text, ensure_ascii=False)
    )


def _readable(text: str) -> str:
    """``text`` for a comment: the characters ``_quote`` escapes become spaces."""
    return "".join(" " if _invisible(c) else c for c in text)


def _walk(settings: Settings, seed: int, rows: Sequence[LoggedAction]) -> Iterator[tuple[LoggedAction, Game]]:
    """Each row with the game right after it, as it happened: an action is applied by the seat to act, an
    undo row brings back the game from before the newest action in effect, which must be its seat's; at the
    end, the taken-back marks must match the undo rows. The game yielded is changed by the next row: copy it
    to keep it. Raises NotationError naming the first row that does not fit."""
    game = replay(settings, seed, ())
    before: list[tuple[LoggedAction, Game]] = []  # each action in effect, with the game before it
    for expected, row in enumerate(rows, start=1):
        if row.seq != expected:
            raise NotationError(f"the log jumps from action {expected - 1} to action {row.seq}")
        if row.undoes is not None:
            if not before or before[-1][0].seq != row.undoes or game.is_over:
                raise NotationError(
                    f"undo {row.seq} takes back action {row.undoes}, which was not the newest action then"
                )
            undone = before[-1][0]
            if undone.seat != row.seat:
                raise NotationError(
                    f"undo {row.seq} is seat {row.seat}'s but action {row.undoes} was seat {undone.seat}'s"
                )
            game = before.pop()[1]
        else:
            if game.is_over:
                raise NotationError(f"action {row.seq} ({row.action}) comes after the end of the game")
            if row.seat != game.to_act:
                raise NotationError(
                    f"action {row.seq} ({row.action}) is logged for seat {row.seat} but seat {game.to_act} "
                    "was to act"
                )
            previous = game.copy()
            try:
                game.apply(row.action)
            except EngineError as exc:
                raise NotationError(
                    f"action {row.seq} ({row.action}) is refused by the rules: {exc}"
                ) from None
            before.append((row, previous))
        yield row, game
    marks = {row.seq: row.taken_back_by for row in rows if row.taken_back_by is not None}
    for row in rows:
        if row.undoes is not None and marks.pop(row.undoes, None) != row.seq:
            raise NotationError(f"action {row.undoes} is not marked as taken back by undo {row.seq}")
    if marks:
        seq, by = min(marks.items())
        raise NotationError(f"action {seq} is marked as taken back by {by}, which is not an undo of it")


def replay_log(settings: Settings, seed: int, rows: Sequence[LoggedAction]) -> Game:
    """The game a whole log replays to, checked row by row as it happened (``_walk``: the seat of each
    action, each undo taking back the newest action of its seat, the marks): NotationError otherwise."""
    game = replay(settings, seed, ())
    for _, game in _walk(settings, seed, rows):  # noqa: B007 - the game after the last row
        pass
    return game


# ------------------------------------------------------------------------------------------ writing


def _iso(at: int) -> str:
    return datetime.fromtimestamp(at, UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


# a record replays its game from R2's setup, so a position set up by hand (``composed``) has none
RECORD_SETTINGS = tuple(f.name for f in dataclasses.fields(Settings) if f.name != "composed")


def _setting_text(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, Enum):
        value = value.value
    if isinstance(value, int | float):
        return repr(value)
    if isinstance(value, str):
        return value if _BARE.fullmatch(value) and value not in ("true", "false") else _quote(value)
    raise TypeError(f"a setting of type {type(value).__name__} cannot be written")


def _row_text(row: LoggedAction) -> str:
    action = f"{UNDO} {row.undoes}" if row.undoes is not None else row.action
    line = f"{row.seq:>4} {_iso(row.at)} seat {row.seat} {action:<{_ACTION_WIDTH}} by {row.who.text}"
    if row.taken_back_by is not None:
        line += f"  taken back by {row.taken_back_by}"
    return line


def write_export(record: GameExport) -> str:
    """The record as text (docs/notation.md, "Game records"): a header, then one line per log row, with a
    comment at the start of each turn and the final standings once the game is over. NotationError if the
    log does not replay."""
    lines = [
        '# Tigris & Euphrates: a whole game (docs/notation.md, "Game records"); "#" starts a comment.',
        f"{FORMAT} {VERSION}",
    ]
    if record.title is not None:
        lines.append(f"title {_quote(record.title)}")
    for name in RECORD_SETTINGS:
        lines.append(f"setting {name} {_setting_text(getattr(record.settings, name))}")
    lines.append(f"seed {record.seed}")
    for h in record.holders:
        lines.append(f"holder {h.seat} {_iso(h.since)} {h.reason.value} {h.who.text}")
    game = replay(record.settings, record.seed, ())
    turn, active, commented = game.turn, game.active, 0
    for row, game in _walk(record.settings, record.seed, record.actions):
        if row.undoes is None and turn != commented:
            lines.append(f"# Turn {turn}: seat {active}")
            commented = turn
        lines.append(_row_text(row))
        turn, active = game.turn, game.active
    outcome = game.outcome()
    if outcome is not None:
        held_by = record._holder_labels()  # the last holder of each seat
        lines.append(
            f"# The game is over (end: {outcome.reason}). Final standings; a score is the weakest colour once"
            " the treasures are added (R24):"
        )
        for s in outcome.standings:
            label = held_by.get(s.seat)
            held = f" ({_readable(label)})" if label is not None else ""
            colours = ", ".join(f"{c.word} {s.final[c]}" for c in COLOURS)
            lines.append(
                f"#   {s.place}. seat {s.seat}{held}: {s.score} ({colours}; {s.treasures} treasures)"
            )
    return "\n".join(lines) + "\n"


# ------------------------------------------------------------------------------------------ reading


_T = typing.TypeVar("_T")


class _Token(typing.NamedTuple):
    text: str  # a string's value once unquoted
    quoted: bool


def _tokens(line: str) -> list[_Token]:
    """The line's words and "quoted strings" (JSON escapes), up to a # outside a string."""
    found: list[_Token] = []
    for match in _TOKEN.finditer(line):
        comment, string, bare, stray = match.groups()
        if comment is not None:
            break
        if stray is not None:
            raise NotationError("a quoted name has no closing quote")
        if bare is not None:
            found.append(_Token(bare, False))
        elif string is not None:
            try:
                value = json.loads(string)
            except ValueError:
                raise NotationError(f"{quoted(string)} is not a quoted name: use JSON escapes") from None
            found.append(_Token(value, True))
    return found


class _Line:
    """The tokens of one line, read from the left; every refusal names the line."""

    def __init__(self, line_number: int, tokens: list[_Token]) -> None:
        self.line_number = line_number
        self.tokens = tokens
        self.at = 0

    def fail(self, problem: str) -> NotationError:
        return NotationError(f"line {self.line_number}: {problem}")

    def peek(self) -> _Token | None:
        return self.tokens[self.at] if self.at < len(self.tokens) else None

    def word(self, what: str) -> str:
        token = self.peek()
        if token is None or token.quoted:
            raise self.fail(f"{what} is missing")
        self.at += 1
        return token.text

    def string(self, what: str) -> str:
        token = self.peek()
        if token is None or not token.quoted:
            raise self.fail(f"{what} is missing: write it in double quotes")
        self.at += 1
        return token.text

    def number(self, what: str, most: int) -> int:
        text = self.word(what)
        value = whole_number(text, most)
        if value is None:
            raise self.fail(f"{quoted(text)} is not {what}: write a whole number up to {most}")
        return value

    def time(self) -> int:
        text = self.word("the time")
        match = _TIME.fullmatch(text)
        try:
            if match is None:
                raise ValueError(text)
            year, month, day, hour, minute, second = (int(part) for part in match.groups())
            moment = datetime(year, month, day, hour, minute, second, tzinfo=UTC)
            at = calendar.timegm(moment.timetuple())
        except (ValueError, OverflowError):
            raise self.fail(f"{quoted(text)} is not a time: write one like 2025-05-01T18:30:00Z") from None
        return at

    def expect(self, word: str) -> None:
        token = self.peek()
        if token is None or token.quoted or token.text != word:
            raise self.fail(f"{word!r} is missing")
        self.at += 1

    def who(self) -> Who:
        kind = self.word("who made it (person, computer, deadline or unrecorded)")
        if kind == WhoKind.PERSON:
            user_id = name = None
            token = self.peek()
            if token is not None and not token.quoted and token.text.isdigit():
                user_id = self.number("a user id", MOST_ID)
            token = self.peek()
            if token is not None and token.quoted:
                name = self.string("the name")
            return self.build(Who.person, user_id, name)
        if kind == WhoKind.COMPUTER:
            level = self.word("the computer player's level")
            number = None
            token = self.peek()
            if token is not None and not token.quoted and token.text == BOT:  # older records have none
                self.expect(BOT)
                number = self.number("the bot's number", MOST_BOTS)
            return self.build(Who.computer, level, number)
        if kind == WhoKind.DEADLINE:
            return Who.deadline()
        if kind == WhoKind.UNRECORDED:
            return Who.unrecorded()
        raise self.fail(f"{quoted(kind)} is not who made it: write person, computer, deadline or unrecorded")

    def build(self, make: typing.Callable[..., _T], *args: typing.Any) -> _T:
        try:
            return make(*args)
        except NotationError as exc:
            raise self.fail(str(exc)) from None

    def end(self) -> None:
        token = self.peek()
        if token is not None:
            raise self.fail(f"{quoted(token.text)} is one word too many")


def _setting_value(line: _Line, name: str, kind: object) -> object:
    text = line.string("the value") if (t := line.peek()) is not None and t.quoted else line.word("the value")
    if kind is bool:
        if text not in ("true", "false"):
            raise line.fail(f"the setting {name} is true or false")
        return text == "true"
    if kind is int or kind is float:
        value = whole_number(text, 10**9) if kind is int else _float(text)
        if value is None:
            raise line.fail(f"{quoted(text)} is not a value of the setting {name}")
        return value
    if isinstance(kind, type) and issubclass(kind, Enum):
        try:
            return kind(text)
        except ValueError:
            raise line.fail(f"{quoted(text)} is not a value of the setting {name}") from None
    return text


def _float(text: str) -> float | None:
    try:
        value = float(text)
    except ValueError:
        return None
    return value if value == value and abs(value) != float("inf") else None


def _settings(values: dict[str, object]) -> Settings:
    """The settings the header gives; a setting left out takes its default (older records lack newer
    settings), except those without one (the number of players)."""
    for field in dataclasses.fields(Settings):
        no_default = field.default is dataclasses.MISSING and field.default_factory is dataclasses.MISSING
        if no_default and field.name not in values:
            raise NotationError(f"the record has no setting {field.name}")
    try:
        return Settings(**values)  # type: ignore[arg-type]  # each value has its field's type
    except (ValueError, TypeError) as exc:
        raise NotationError(f"the settings are not a game's: {exc}") from None


def _signed(line: _Line, what: str) -> int:
    text = line.word(what)
    value = whole_number(text.removeprefix("-"), SEED_RANGE[1])
    if value is None or (text.startswith("-") and -value < SEED_RANGE[0]):
        raise line.fail(f"{quoted(text)} is not {what}: write a whole number")
    return -value if text.startswith("-") else value


def _action_row(line: _Line, seq: int, players: int) -> LoggedAction:
    at = line.time()
    line.expect("seat")
    seat = line.number("a seat", players - 1)
    words: list[str] = []
    while (token := line.peek()) is not None and not (token.text == "by" and not token.quoted):
        words.append(line.word("the action"))
    if not words:
        raise line.fail("the action is missing")
    line.expect("by")
    who = line.who()
    taken_back_by = None
    if (token := line.peek()) is not None and token.text == "taken" and not token.quoted:
        for word in ("taken", "back", "by"):
            line.expect(word)
        taken_back_by = line.number("the undo's number", MOST_ROWS)
    line.end()
    undoes = None
    if words[0] == UNDO:
        if len(words) != 2 or whole_number(words[1], MOST_ROWS) is None:
            raise line.fail("an undo row reads: undo <the number of the action taken back>")
        undoes = whole_number(words[1], MOST_ROWS)
        action = UNDO
    else:
        try:
            action = Action.parse(" ".join(words)).text
        except NotationError as exc:
            raise line.fail(str(exc)) from None
    return line.build(LoggedAction, seq, at, seat, action, who, undoes, taken_back_by)


def is_export(text: str) -> bool:
    """Whether ``text`` claims to be a game record (its first line that is not a comment names the format),
    rather than a position."""
    for raw in text.splitlines():
        stripped = raw.split("#", 1)[0].strip()
        if stripped:
            return stripped.split()[0] == FORMAT
    return False


def read_export(text: str) -> GameExport:
    """The record that ``text`` holds (``write_export``'s text, or one written by hand in the same form).

    Checks it whole: the header, every line, and that the log replays (each action legal for the seat to
    act, each undo row taking back the newest action of its seat, the marks matching). Raises NotationError
    with one sentence naming the first thing wrong, whatever the text.
    """
    if not isinstance(text, str):
        raise NotationError("a game record is text")
    if len(text) > MOST_CHARACTERS:
        raise NotationError(
            f"the record is too long: a game record has at most {MOST_CHARACTERS:,} characters"
        )
    hints = {name: kind for name, kind in typing.get_type_hints(Settings).items() if name in RECORD_SETTINGS}
    values: dict[str, object] = {}
    settings: Settings | None = None  # once the header is read
    seed: int | None = None
    title: str | None = None
    holders: list[SeatHolder] = []
    rows: list[LoggedAction] = []
    version_seen = False
    for number, raw in enumerate(text.splitlines(), start=1):
        if len(raw) > MOST_LINE:
            raise NotationError(f"line {number} is too long: a line has at most {MOST_LINE} characters")
        try:
            tokens = _tokens(raw)
        except NotationError as exc:
            raise NotationError(f"line {number}: {exc}") from None
        if not tokens:
            continue
        line = _Line(number, tokens)
        first = line.peek()
        assert first is not None
        if not version_seen:
            line.expect(FORMAT)
            version = line.number("the format's version", 10**6)
            if version != VERSION:
                raise line.fail(
                    f"this is version {version} of the format; this program reads version {VERSION}"
                )
            line.end()
            version_seen = True
            continue
        if first.text[:1].isdigit() and not first.quoted:
            if seed is None:
                raise line.fail("the seed comes before the actions")
            if len(rows) >= MOST_ROWS:
                raise line.fail(f"a game record has at most {MOST_ROWS:,} actions")
            settings = settings or _settings(values)
            seq = line.number("the action's number", MOST_ROWS)
            rows.append(_action_row(line, seq, settings.players))
            continue
        if rows:
            raise line.fail("the header (title, settings, seed, holders) comes before the actions")
        keyword = line.word("a keyword")
        if keyword == "title" and title is None:
            title = line.string("the title")
            if len(title) > MOST_LINE:
                raise line.fail("the title is too long")
        elif keyword == "setting":
            name = line.word("the setting's name")
            if name not in hints:
                raise line.fail(f"{quoted(name)} is not a setting of this program's games")
            if name in values:
                raise line.fail(f"the setting {name} is given twice")
            values[name] = _setting_value(line, name, hints[name])
        elif keyword == "seed" and seed is None:
            seed = _signed(line, "the seed")
        elif keyword == "holder":
            seat = line.number("a seat", 3)
            since = line.time()
            reason_text = line.word("why they hold it (joined, replaced or resigned)")
            if reason_text not in HolderReason.__members__.values():
                raise line.fail(f"{quoted(reason_text)} is not joined, replaced or resigned")
            holders.append(line.build(SeatHolder, seat, since, HolderReason(reason_text), line.who()))
        elif keyword in ("title", "seed"):
            raise line.fail(f"the {keyword} is given twice")
        else:
            raise line.fail(f"{quoted(keyword)} is not a line of a game record")
        line.end()
    if not version_seen:
        raise NotationError(f"this is not a game record: it starts with the line '{FORMAT} {VERSION}'")
    if seed is None:
        raise NotationError("the record has no seed")
    record = GameExport(settings or _settings(values), seed, tuple(rows), tuple(holders), title)
    for holder in holders:
        if holder.seat >= record.settings.players:
            raise NotationError(
                f"seat {holder.seat} has a holder but the game has {record.settings.players} seats"
            )
    for row in rows:
        if row.seat >= record.settings.players:
            raise NotationError(
                f"action {row.seq} is seat {row.seat}'s but the game has {record.settings.players} seats"
            )
    replay_log(record.settings, record.seed, record.actions)
    return record
