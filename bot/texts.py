"""Words for what happened and what is awaited. Pure functions over engine views, events and game records,
no Discord: the channel texts use only public information (R25); private texts take a player's own view."""

from __future__ import annotations

import re
from abc import ABC, abstractmethod
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from bot.deadlines import AUTOPLAY, TURN, Due
from engine import (
    COLOURS,
    MONUMENTS,
    Action,
    Colour,
    Event,
    Kind,
    Phase,
    PlayerView,
    PublicView,
    parse_square,
    square_name,
)
from engine.scoring import allocate_treasures
from storage import MAX_SEATS, MIN_SEATS, GameRecord, Options, Post, Seat

DYNASTIES = ("archer", "bull", "pot", "lion")


def with_dynasty(name: str, seat: int) -> str:
    """ "alice (archer)"; a name that already ends in brackets ("Bot (hard)") gets "Bot (hard), lion"."""
    dynasty = DYNASTIES[seat]
    return f"{name}, {dynasty}" if name.endswith(")") else f"{name} ({dynasty})"


COLOUR_EMOJI = {Colour.RED: "🟥", Colour.BLUE: "🟦", Colour.GREEN: "🟩", Colour.BLACK: "⬛"}


def sq(square: int) -> str:
    return square_name(square).upper()


def count(n: int, noun: str, plural: str | None = None) -> str:
    """'1 catastrophe', '2 catastrophes', '0 treasures'."""
    return f"{n} {noun if n == 1 else plural or noun + 's'}"


def plural(n: int, noun: str) -> str:
    return noun if n == 1 else noun + "s"


def tiles(colour: Colour, n: int) -> str:
    return count(n, colour.tile_name)


def ordinal(n: int) -> str:
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


def game_name(guild: str, place: str, game_id: int) -> str:
    """Which game a DM or a picture is about: 'Friends · #games · game 12' (place: the channel or thread)."""
    return f"{guild} · #{place} · game {game_id}"


def minutes_words(minutes: float) -> str:
    """'after 60 minutes', 'after 1 minute', 'at once'."""
    if minutes <= 0:
        return "at once"
    shown = f"{minutes:g}"
    return f"after {shown} minute{'' if shown == '1' else 's'}"


def duration_words(seconds: int) -> str:
    """A wait as people say it: 'less than a minute', '40 minutes', '5 hours', '2 days 3 hours'."""
    minutes = max(0, seconds) // 60
    if minutes == 0:
        return "less than a minute"  # not "0 minutes"
    if minutes < 60:
        return f"{minutes} minute{'' if minutes == 1 else 's'}"
    hours = minutes // 60
    if hours < 48:
        return f"{hours} hour{'' if hours == 1 else 's'}"
    days, hours = divmod(hours, 24)
    return f"{days} days" + (f" {hours} hour{'' if hours == 1 else 's'}" if hours else "")


def action_words(text: str) -> str:
    """An action's notation as players read it, squares in capitals: 'tile red E5'."""
    words = []
    for word in text.split():
        try:
            parse_square(word)
        except ValueError:
            words.append(word)
        else:
            words.append(word.upper())
    return " ".join(words)


class Happening(ABC):
    """Something the bot did around the moves (a time-out, an undo, a pause), told in the channel with the
    moves' events, in order."""

    @abstractmethod
    def line(self, names: Sequence[str]) -> str: ...


@dataclass(frozen=True)
class TimedOut(Happening):
    """R30: the seat's turn deadline passed; it is away from now on (one public line)."""

    seat: int
    away_minutes: float

    def line(self, names: Sequence[str]) -> str:
        who = names[self.seat]
        return (
            f"{who}'s time ran out; {who} is away and their turns will be played "
            f"{minutes_words(self.away_minutes)} until they come back."
        )


@dataclass(frozen=True)
class DecisionTimedOut(Happening):
    """A decision's deadline passed: the default was played, or (``level``) the computer player answered for
    a seat on vacation (R35). ``what`` says the answer publicly (``answer_words``); the answer's own event
    is not told again."""

    seat: int
    what: str
    level: str | None = None

    def line(self, names: Sequence[str]) -> str:
        who = names[self.seat]
        if self.level is None:
            return f"Time ran out for {who}: {self.what} (the default)."
        return f"{who} is on vacation, so the {self.level} computer player answered for them: {self.what}."


# The events of a decision's answer, told by ``DecisionTimedOut`` when the bot answered it
_ANSWER_EVENTS = frozenset(
    {
        "commit",
        "decline",
        "monument",
        "treasure",
        "building",
        "building-moved",
        "building-declined",
        "wonder",
        "wonder-declined",
        "wonder-point",
    }
)


def answer_words(action: Action, view: PublicView) -> str:
    """A decision's answer in public words, said of its player ("they commit nothing"); the wonder's point
    keeps its colour secret unless scoring is open (R25). ``view``: the game the decision was asked in."""
    kind = action.kind
    if kind == Kind.COMMIT:
        return "they commit nothing" if not action.number else f"they commit {count(action.number, 'tile')}"
    if kind == Kind.WAR and action.colour is not None:
        return f"the war of the {action.colour.leader_name}s is fought first"
    if kind == Kind.POINT and action.colour is not None:
        colour = f" ({action.colour.word})" if view.open_scoring else ""
        return f"they take the wonder's point{colour}"
    if kind == Kind.DECLINE:
        label = decline_label(view)
        return "they " + label[0].lower() + label[1:]
    label = choice_label(action, view)
    if kind == Kind.TREASURE:
        return f"they take the {label[0].lower()}{label[1:]}"
    if kind in (Kind.MONUMENT, Kind.BUILDING):
        return f"they build the {label[0].lower()}{label[1:]}"
    return "they " + label[0].lower() + label[1:]


@dataclass(frozen=True)
class TookBack(Happening):
    """R32: the seat's newest action was taken back."""

    seat: int
    action: str

    def line(self, names: Sequence[str]) -> str:
        return f"{names[self.seat]} took back {taken_back_words(self.action)}."


def taken_back_words(text: str) -> str:
    """An action taken back (R32), as people say it: 'the green tile on A3', 'the blue leader on F2'
    (placed or moved there), 'withdrawing the red leader', 'the catastrophe on C4'."""
    action = Action.parse(text)
    colour = action.colour.word if action.colour is not None else ""
    where = sq(action.square) if action.square is not None else ""
    if action.kind == Kind.TILE:
        return f"the {colour} tile on {where}"
    if action.kind == Kind.LEADER:
        return f"the {colour} leader on {where}"
    if action.kind == Kind.WITHDRAW:
        return f"withdrawing the {colour} leader"
    if action.kind == Kind.CATASTROPHE:
        return f"the catastrophe on {where}"
    return f"`{action_words(text)}`"


@dataclass(frozen=True)
class CameBack(Happening):
    """R31: an away seat's owner played (or said they are back)."""

    seat: int

    def line(self, names: Sequence[str]) -> str:
        return f"{names[self.seat]} is back."


@dataclass(frozen=True)
class Paused(Happening):
    """R31: every person's seat is away (True), or someone came back (False); ``nobody``: no person holds a
    seat any more (the computer player would play alone forever)."""

    paused: bool
    nobody: bool = False

    def line(self, names: Sequence[str]) -> str:
        if self.nobody:
            return NOBODY_LINE
        return PAUSED_LINE if self.paused else "The game goes on."


PAUSED_LINE = (
    "Every player is away, so the game is paused until someone comes back (`/te seat back` or a move)."
)
NOBODY_LINE = (
    "Nobody plays this game any more, so it is paused: its creator or a server manager can hand a seat "
    "to someone with `/te seat replace`, or end it with `/te abandon`."
)

Story = Sequence[Event | Happening]


def describe_events(events: Story, names: Sequence[str], *, open_scoring: bool = False) -> list[str]:
    """Public sentences for the events of one action or several, and what the bot did around them. Private
    events (points of a tile or a monument, R25) are told only with ``open_scoring``; the end of the game is
    the standings' to tell (``standings_text``)."""
    lines: list[str] = []
    over = any(isinstance(e, Event) and e.kind == "game-over" for e in events)
    answered: int | None = None  # a seat whose answer a DecisionTimedOut line told
    for e in events:
        if isinstance(e, Happening):
            lines.append(e.line(names))
            answered = e.seat if isinstance(e, DecisionTimedOut) else answered
        elif answered is not None and e.seat == answered and e.kind in _ANSWER_EVENTS:
            answered = None  # told already, in the line of the time-out
        elif e.kind == "wonder-point" and not open_scoring:
            lines.append(event_line(e, names))  # told without its colour (R25)
        elif not e.private or open_scoring:
            line = event_line(e, names, over=over)
            if e.kind == "wonder-point" and e.colour is not None:
                line = f"{line[:-1]} ({e.colour.word})."
            if line:
                lines.append(line)
    return lines


def event_line(e: Event, names: Sequence[str], *, over: bool = False) -> str:
    """One event in one public sentence, or "" for an event told otherwise (``over``: the game ends in the
    same story, so the empty bag is the standings' to tell)."""
    who = names[e.seat] if e.seat is not None else ""
    other = names[e.other] if e.other is not None else ""
    c = e.colour
    k = e.kind
    if c is not None:
        if k == "tile":
            return f"{who} placed a {c.tile_name} on {sq(e.squares[0])}."
        if k == "leader":
            return f"{who} placed their {c.leader_name} on {sq(e.squares[0])}."
        if k == "move":
            return f"{who} moved their {c.leader_name} from {sq(e.squares[0])} to {sq(e.squares[1])}."
        if k == "withdraw":
            return f"{who} withdrew their {c.leader_name} from {sq(e.squares[0])}."
        if k == "revolt":
            return f"**Revolt!** {who}'s {c.leader_name} challenges {other}'s {c.leader_name}."
        if k == "war":
            return f"**War of the {c.leader_name}s!** {who} attacks {other}."
        if k == "commit":
            return f"{who} committed {tiles(c, e.count)}."
        if k == "revolt-won":
            return f"{who} won the revolt (+1 red point); {other}'s {c.leader_name} left the board."
        if k == "war-won":
            lost = len(e.squares) - 1
            fallen = f"{other}'s {c.leader_name}" + (f" and {tiles(c, lost)}" if lost else "")
            return f"{who} won the war (+{count(e.count, c.word + ' point')}); {fallen} left the board."
        if k == "stranded":
            return f"{who}'s {c.leader_name} on {sq(e.squares[0])} lost its last temple and left the board."
        if k == "point":  # 2 in the kingdom of the tile's building (R28)
            return f"{who} scored {'a' if e.count == 1 else e.count} {c.word} {plural(e.count, 'point')}."
        if k == "building":
            return f"{who} placed the {c.building_name} on {sq(e.squares[0])}."
        if k == "building-moved":
            return f"{who} moved the {c.building_name} from {sq(e.squares[0])} to {sq(e.squares[1])}."
        if k == "building-returned":
            return f"The {c.building_name} on {sq(e.squares[0])} went back beside the board."
        if k == "building-declined":
            return f"{who} declined the {c.building_name}."
        if k == "wonder":
            return f"{who} erected the wonder on the {c.tile_name}s centred on {sq(e.squares[0])}."
        if k == "monument-points":
            return f"{who} scored {count(e.count, c.word + ' point')} from monuments."
    if k == "unification":
        return f"The tile on {sq(e.squares[0])} joins two kingdoms."
    if k == "catastrophe":
        hit = f", destroying a {c.tile_name}" if c is not None else ""
        return f"{who} played a catastrophe on {sq(e.squares[0])}{hit}."
    if k == "swap":
        return f"{who} swapped {count(e.count, 'tile')}."
    if k == "pass":
        return f"{who} ended their turn."
    if k == "monument":
        pair = MONUMENTS[e.count]
        return f"{who} built the {pair[0].word}-{pair[1].word} monument on {sq(e.squares[0])}."
    if k == "decline":
        return f"{who} built no monument."
    if k == "wonder-declined":
        return f"{who} declined the wonder."
    if k == "wonder-point":  # the colour is the player's secret (R25) unless scoring is open
        return f"{who} took the wonder's point."
    if k == "treasure":
        return f"{who} took the treasure on {sq(e.squares[0])}."
    if k == "bag-empty" and not over:
        return "The bag is empty: the game ends after this turn."
    return ""  # unification-lifted (the wars' end says it), turn, game-over (the standings say it)


# Posted once in a game's channel when one of its timers failed too often and was set aside (issue 8).
INTERNAL_ERROR_LINE = "This game hit an internal error; a server manager can run `python -m storage check`."

MESSAGE_LIMIT = 2000  # characters of a Discord message's content


def fit_message(lines: Sequence[str], last: str, limit: int = MESSAGE_LIMIT, *, head: str = "") -> str:
    """``head``, ``lines`` then ``last`` in one message of at most ``limit`` characters. When they do not fit
    (a board shown after many missed moves, a long catch-up), the oldest lines give way to a note saying how
    many were left out; ``head`` and ``last`` (who is awaited, with the one mention; a hand) always stay."""
    room = limit - len(head) - len(last) - len("*(99999 earlier lines left out)*\n") - 2
    kept: list[str] = []
    for line in reversed(lines):
        room -= len(line) + 1
        if room < 0:
            break
        kept.append(line)
    left_out = len(lines) - len(kept)
    note = [f"*({count(left_out, 'earlier line')} left out)*"] if left_out else []
    return "\n".join(part for part in [head, *note, *reversed(kept), last] if part)[:limit]


def awaited(view: PublicView, names: Sequence[str], mention: str | None = None) -> str:
    """What the game waits for, in one public sentence; ``mention`` (a ``<@id>``) names the awaited player
    in place of their name, once."""
    if view.phase is Phase.OVER or view.to_act is None:
        return ""
    who = mention or names[view.to_act]
    phase = view.phase
    if phase is Phase.ACTION:
        return f"{who} to play ({'2 actions' if view.actions_left == 2 else '1 action'} left)."
    c = view.conflict
    if c is not None:
        role = "attacker" if phase.is_attacker else "defender"
        return f"{who} ({role}) must commit {c.tile_colour.tile_name}s: {conflict_line(view, names)}."
    return f"{who} {decision_words(view)}."


def decision_words(view: PublicView) -> str:
    """The decision the game waits for outside a conflict, after its decider's name or "you":
    'may build a monument'. Public: it never names the colour of the wonder's point (R25)."""
    phase = view.phase
    if phase is Phase.WAR_CHOICE:
        return "must choose which war is fought first"
    if phase is Phase.MONUMENT:
        return "may build a monument"
    if phase is Phase.BUILDING:
        colour = building_colour(view)
        name = f"the {colour.building_name}" if colour is not None else "a building"
        return f"may place {name}" if building_square(view, colour) is None else f"may move {name}"
    if phase is Phase.WONDER:
        return "may erect the wonder"
    if phase is Phase.WONDER_POINT:
        return "must choose the colour of the wonder's point"
    return "must choose a treasure"


def building_colour(view: PublicView) -> Colour | None:
    """The colour of the building a building decision offers (its choices name it)."""
    for choice in view.choices:
        action = Action.parse(choice)
        if action.kind == Kind.BUILDING:
            return action.colour
    return None


def building_square(view: PublicView | None, colour: Colour | None) -> int | None:
    """Where the building of ``colour`` stands, None if it is beside the board (or unknown)."""
    if view is None or colour is None:
        return None
    return next((square for c, square in view.buildings if c is colour), None)


def conflict_line(view: PublicView, names: Sequence[str], reader: int | None = None) -> str:
    """The two sides' strengths; the reader's own side is written "your"."""
    c = view.conflict
    assert c is not None

    def whose(seat: int, first: bool = False) -> str:
        if seat == reader:
            return "Your" if first else "yours"
        return f"{names[seat]}'s"

    committed = "" if c.attacker_commit is None else f" + {c.attacker_commit} committed"
    attacker = f"{whose(c.attacker, True)} {c.colour.leader_name} on {sq(c.attacker_square)}"
    defender = f"{whose(c.defender)} on {sq(c.defender_square)}"
    return f"{attacker} has {c.attacker_strength}{committed}, {defender} has {c.defender_strength}"


def deadline_words(
    view: PublicView, due: Due | None, who: str, *, paused: bool = False, computer: bool = False
) -> str:
    """What follows the awaited sentence: until when the game waits, and what happens then (public).
    ``computer``: the computer player holds the seat, and plays in a moment (nothing to say)."""
    if view.phase is Phase.OVER:
        return ""
    if paused:
        return " The game is paused."
    if due is None or computer:
        return ""
    if due.kind == AUTOPLAY:
        return f" {who} is away: played for them <t:{due.at}:R>."
    if due.kind == TURN:
        return f" Turn deadline <t:{due.at}:R>."
    return f" Deadline <t:{due.at}:R>."


def seat_words(seat: Seat, options: Options, now: int) -> str | None:
    """A seat's state for /te status: resigned, the computer player, away, on vacation; None if present."""
    if seat.is_computer:
        return "resigned; the computer player plays the seat" if seat.resigned else "the computer player"
    if not seat.away_at(now):
        return None
    until = f" until <t:{seat.away_until}:f>" if seat.away_until is not None else ""
    if not seat.away_cover:
        return f"on vacation{until}: their turns wait"
    return f"away{until}: played for them {minutes_words(options.away_minutes)}"


def status_text(view: PublicView, names: Sequence[str], record: GameRecord, due: Due | None, now: int) -> str:
    """/te status: whose turn it is and until when, how long the game has waited and for whom, who is
    away, then each seat."""
    who = names[view.to_act] if view.to_act is not None else "?"
    computer = computer_to_act(record)
    deadline = deadline_words(view, due, who, paused=record.paused, computer=computer)
    lines = [f"Turn {view.turn}. {awaited(view, names)}{deadline}"]
    if view.to_act is not None:
        since = record.updated_at
        lines.append(
            f"The game has waited for {who} for {duration_words(now - since)} (since <t:{since}:f>)."
        )
    for s in view.seats:
        holder = record.seat_record(s.seat)
        state = seat_words(holder, record.options, now) if holder is not None else None
        supply = "".join(COLOUR_EMOJI[c] for c in s.leaders_in_supply) or "none"
        line = (
            f"{with_dynasty(names[s.seat], s.seat)}: {count(s.hand_size, 'tile')} in hand, "
            f"{count(s.catastrophes, 'catastrophe')}, leaders in supply {supply}"
        )
        if s.points is not None:
            line += " — " + points_text(s.points, s.treasures or 0)
        if state is not None:
            line += f" — *{state}*"
        lines.append(line)
    lines.append(f"Treasures on the board: {view.treasures_left}.")
    extras = options_words(view)
    lines.append(f"Played with: {variant_words(record.options)}." + (f" {extras}" if extras else ""))
    return "\n".join(lines)


def options_words(view: PublicView) -> str:
    """Where the 2015 edition's pieces are (R28, R29), for /te status; "" without them."""
    words = []
    if view.use_buildings:
        placed = dict(view.buildings)
        where = [
            f"{c.building_name} on {sq(placed[c])}" if c in placed else f"{c.building_name} beside the board"
            for c in COLOURS
        ]
        words.append(f"Buildings: {', '.join(where)}.")
    if view.use_wonder:
        centre = view.wonder
        words.append(
            "The wonder: not erected yet." if centre is None else f"The wonder: centred on {sq(centre)}."
        )
    return " ".join(words)


def points_text(points: Sequence[int], treasures: int) -> str:
    parts = [f"{COLOUR_EMOJI[c]} {points[c]}" for c in COLOURS]
    return " ".join(parts) + f" · {count(treasures, 'treasure')}"


# The one name of a player's score during the game (R24: the weakest colour once treasures are added), the
# same in the hand picture, its DM and /te hand
SCORE_NOW = "Score if the game ended now"


def score_now(points: Sequence[int], treasures: int) -> int:
    return min(allocate_treasures(points, treasures))


# The first words of the hand section of a DM: a DM about a game carries the player's hand below them.
HAND_HEADING = "**Your hand**"


def hand_text(view: PlayerView) -> str:
    """The hand section of a DM (and of /te hand): tiles, points, treasures, catastrophes, supply."""
    hand = " ".join(f"{COLOUR_EMOJI[c]}×{view.hand[c]}" for c in COLOURS if view.hand[c]) or "no tiles"
    me = view.seats[view.seat]
    supply = ", ".join(c.leader_name for c in me.leaders_in_supply) or "none"
    points = " ".join(f"{COLOUR_EMOJI[c]} {view.points[c]}" for c in COLOURS)
    return "\n".join(
        [
            f"{HAND_HEADING}: {hand}",
            f"Points {points} · {count(view.treasures, 'treasure')} · "
            f"{SCORE_NOW} **{score_now(view.points, view.treasures)}** · "
            f"{count(me.catastrophes, 'catastrophe')} · leaders in supply: {supply}",
        ]
    )


def you_awaited(view: PublicView) -> str:
    """What the game waits for, said to the player it waits on."""
    phase = view.phase
    if phase is Phase.ACTION:
        return f"it is your turn ({'2 actions' if view.actions_left == 2 else '1 action'} left)."
    c = view.conflict
    if c is not None:
        return (
            f"you must commit {c.tile_colour.tile_name}s ({'attacker' if phase.is_attacker else 'defender'})."
        )
    return f"you {decision_words(view)}."


def choice_label(choice: Action | str, view: PublicView | None = None) -> str:
    """A button label for a decision: 'commit 2' -> 'Commit 2'. ``view`` is the game the choice is offered
    in: it names what ``decline`` declines and where a building moves from (without it, ``decline`` is the
    monument's). Text must be valid notation (the engine's NotationError otherwise); a turn action is
    labelled with its notation."""
    action = choice if isinstance(choice, Action) else Action.parse(choice)
    kind = action.kind
    if kind == Kind.COMMIT:
        return f"Commit {action.number}"
    if kind == Kind.WAR and action.colour is not None:
        return f"{action.colour.word.capitalize()} war first"
    if kind == Kind.MONUMENT and action.pair is not None and action.square is not None:
        return f"{action.pair[0].word.capitalize()}-{action.pair[1].word} monument on {sq(action.square)}"
    if kind == Kind.TREASURE and action.square is not None:
        return f"Treasure on {sq(action.square)}"
    if kind == Kind.BUILDING and action.colour is not None and action.square is not None:
        label = f"{action.colour.building_name.capitalize()} on {sq(action.square)}"
        here = building_square(view, action.colour)
        return label if here is None else f"{label} (moves from {sq(here)})"
    if kind == Kind.WONDER and action.square is not None:
        return f"Erect the wonder centred on {sq(action.square)}"
    if kind == Kind.POINT and action.colour is not None:
        return f"{action.colour.word.capitalize()} point"
    if kind == Kind.DECLINE:
        return decline_label(view)
    return action_words(action.text)


def decline_label(view: PublicView | None) -> str:
    """What ``decline`` declines, as a button says it."""
    phase = None if view is None else view.phase
    if phase is Phase.WONDER:
        return "Decline the wonder"
    if phase is Phase.BUILDING and view is not None:
        colour = building_colour(view)
        if colour is None:
            return "Decline the building"
        here = building_square(view, colour)
        name = colour.building_name
        return f"Decline the {name}" if here is None else f"Leave the {name} on {sq(here)}"
    return "Build no monument"


def building_question(view: PublicView) -> str:
    """The prompt of a building decision (R28): which building, where it stands, and the rule."""
    colour = building_colour(view)
    if colour is None:  # not offered any more
        return "**Building**: your tile made a line of three or more."
    name = colour.building_name
    here = building_square(view, colour)
    head = f"**{name.capitalize()}**: your tile made a line of three or more {colour.tile_name}s."
    if here is None:
        return f"{head} Place the {name} on one of its tiles?"
    return f"{head} Move the {name} there from {sq(here)} (this line is longer)?"


@dataclass(frozen=True)
class WarSides:
    """One war a choice of wars offers (R19): its colour, and each side's seat, leader square and board
    strength (the tiles of the war's colour on its side of the unification tile, R17)."""

    colour: Colour
    attacker: int
    attacker_square: int
    attacker_strength: int
    defender: int
    defender_square: int
    defender_strength: int


def war_sides_line(war: WarSides, names: Sequence[str], reader: int | None = None) -> str:
    """'• Blue war: alice's farmer on C4 (3 on the board) attacks your farmer on F5 (2).'"""

    def whose(seat: int) -> str:
        return "your" if seat == reader else f"{names[seat]}'s"

    leader = war.colour.leader_name
    return (
        f"• {war.colour.word.capitalize()} war: {whose(war.attacker)} {leader} on {sq(war.attacker_square)} "
        f"({war.attacker_strength} on the board) attacks {whose(war.defender)} {leader} on "
        f"{sq(war.defender_square)} ({war.defender_strength})."
    )


@dataclass(frozen=True)
class WarsCalledOff(Happening):
    """R19: wars waiting their turn that will not be fought, because the war just fought split the kingdom
    (their two leaders are no longer in one)."""

    colours: tuple[Colour, ...]
    fought: Colour

    def line(self, names: Sequence[str]) -> str:
        wars = " and ".join(f"the {c.word} war" for c in self.colours)
        leaders = " and ".join(f"{c.leader_name}s" for c in self.colours)
        return (
            f"No more war: {wars} will not be fought, as the {self.fought.word} war split the kingdom and "
            f"the two {leaders} are no longer in one."
        )


def prompt_text(
    view: PlayerView,
    names: Sequence[str],
    game: str,
    deadline: int | None,
    default: Action | None = None,
    wars: Sequence[WarSides] = (),
    vacation_level: str | None = None,
) -> str:
    """The DM asking a player for a decision, headed by the game's name; states the situation from their
    own view. ``default`` is what the deadline plays (``Game.default_action``); ``wars``: the sides of each
    war a choice of wars offers; ``vacation_level``: the player is on vacation, so the computer player at
    that level answers at the deadline (R35)."""
    phase = view.phase
    c = view.conflict
    if c is not None:
        kind = "Revolt" if c.kind == "revolt" else "War"
        role = "attacker" if phase.is_attacker else "defender"
        lines = [
            f"**{game}** — **{kind} of the {c.colour.leader_name}s**: you are the {role}.",
            conflict_line(view, names, reader=view.seat) + " on the board.",
            f"You hold {tiles(c.tile_colour, view.hand[c.tile_colour])}: how many do you commit?"
            if view.hand[c.tile_colour]
            else f"You hold no {c.tile_colour.tile_name}s, so your only answer is 0. {FORCED_WAIT}",
        ]
    elif phase is Phase.WAR_CHOICE:
        lines = [
            f"**{game}** — **Several wars** broke out: which one is fought first?",
            *(war_sides_line(war, names, view.seat) for war in wars),
        ]
    elif phase is Phase.MONUMENT:
        lines = [f"**{game}** — **Monument**: your tile completed a square. Build a monument?"]
    elif phase is Phase.BUILDING:
        lines = [f"**{game}** — {building_question(view)}"]
    elif phase is Phase.WONDER:
        lines = [
            f"**{game}** — **Wonder**: your tile completed a plus of five tiles of one colour. Erect the "
            "wonder on it? The five tiles leave the game; the wonder connects like a monument."
        ]
    elif phase is Phase.WONDER_POINT:
        lines = [
            f"**{game}** — **The wonder's point**: your king is in the wonder's kingdom at the end of your "
            "turn, so you score 1 point in a colour of your choice. Only you see the colour."
        ]
    else:
        lines = [f"**{game}** — **Treasure**: your trader takes a treasure. Which one?"]
    if deadline is None:  # a paused game (R31): the clock starts again when it goes on
        lines.append(f"No deadline while the game is paused; the default is: {default_words(view, default)}.")
    elif vacation_level is not None:
        lines.append(
            f"Deadline <t:{deadline}:R>; you are on vacation, so then the {vacation_level} computer player "
            "answers for you."
        )
    else:
        lines.append(f"Deadline <t:{deadline}:R>; then the default applies: {default_words(view, default)}.")
    return "\n".join(lines)


# R34: a forced choice still waits, or a quick answer would show the others what the player lacks
FORCED_WAIT = (
    "It waits like any prompt, so that nobody learns your hand from a quick answer; "
    "`/te settings auto_forced: on` answers such prompts at once."
)


def default_words(view: PublicView, default: Action | None = None) -> str:
    """What the deadline plays, in words: ``default`` (the engine's), else the decision's first choice."""
    if view.phase.is_commit:
        return "commit 0"
    if view.phase is Phase.MONUMENT:
        return "no monument"
    if default is None and not view.choices:
        return "none"
    label = choice_label(default or view.choices[0], view)
    if default is not None and default.kind == Kind.POINT:
        label += " (your colour with the fewest points)"
    return label[0].lower() + label[1:]  # 'treasure on F3', 'red war first': the squares stay capitals


def standings_text(view: PublicView, names: Sequence[str], resigned: Sequence[int] = ()) -> str:
    """The final standings, names (or mentions) in place order; a seat whose player resigned still counts,
    marked (R33)."""
    outcome = view.outcome
    assert outcome is not None
    why = "only two treasures were left" if outcome.reason == "treasures" else "the bag ran out"
    lines = [f"**Final standings** (the game ended because {why}):"]
    for s in outcome.standings:
        colours = " ".join(f"{COLOUR_EMOJI[c]} {s.final[c]}" for c in COLOURS)
        mark = " (resigned)" if s.seat in resigned else ""
        added = f"; {count(s.treasures, 'treasure')} added" if s.treasures else ""
        lines.append(
            f"{s.place}. {names[s.seat]}{mark} — lowest colour **{min(s.final)}** ({colours}{added})"
        )
    return "\n".join(lines)


def place_words(view: PublicView, seat: int) -> str:
    """A player's own result: 'you won', 'you finished 2nd of 3', 'you shared 1st place'."""
    outcome = view.outcome
    assert outcome is not None
    mine = next(s for s in outcome.standings if s.seat == seat)
    shared = sum(1 for s in outcome.standings if s.place == mine.place) > 1
    score = f"with **{min(mine.final)}** in your lowest colour"
    if shared:
        return f"you shared {ordinal(mine.place)} place {score}"
    if mine.place == 1:
        return f"you won {score}"
    return f"you finished {ordinal(mine.place)} of {len(outcome.standings)} {score}"


def variant_words(options: Options) -> str:
    """The board and variants a game is played with, like 'standard board, open scoring'."""
    words = [options.board + " board"]
    if options.english:
        words.append("English variant")
    if options.open_scoring:
        words.append("open scoring")
    if options.buildings:
        words.append("civilization buildings")
    if options.wonder:
        words.append("the wonder")
    return ", ".join(words)


def start_line(record: GameRecord, names: Sequence[str]) -> str:
    seats = "; ".join(with_dynasty(names[s.seat], s.seat) for s in record.seats)
    return f"**The game begins** ({variant_words(record.options)}). Players in order: {seats}."


def computer_to_act(record: GameRecord) -> bool:
    """Whether the computer player holds the seat the game waits on."""
    seat = record.seat_to_act
    holder = None if seat is None else record.seat_record(seat)
    return holder is not None and holder.is_computer


def computer_names(seats: Sequence[Seat]) -> dict[int, str]:
    """The names of the seats the computer player holds (a resigned seat keeps its player's name, R33):
    "Bot (hard)", and "Bot 2 (hard)", "Bot 3 (hard)" for more seats of the same level, in seat order."""
    return bot_names(
        (seat.seat, seat.level)
        for seat in seats
        if seat.is_computer and seat.resigned_by is None and seat.level is not None
    )


def bot_names(levels: Iterable[tuple[int, str]]) -> dict[int, str]:
    """The names of computer seats given as (seat, level) in seat order: "Bot (hard)", then "Bot 2 (hard)"
    for the second seat of the same level; the same in a game, its record and its history."""
    names: dict[int, str] = {}
    seen: dict[str, int] = {}
    for seat, level in levels:
        n = seen[level] = seen.get(level, 0) + 1
        names[seat] = bot_name(level, n)
    return names


def bot_name(level: str, number: int = 1) -> str:
    """'Bot (hard)', or 'Bot 2 (hard)' for the second computer seat of that level in a game."""
    return f"Bot ({level})" if number == 1 else f"Bot {number} ({level})"


def lobby_text(record: GameRecord) -> str:
    o = record.options
    bots = computer_names(record.seats)
    seated = ", ".join(
        bots.get(s.seat) or f"<@{s.user_id}>" + (" (creator)" if s.user_id == record.creator_id else "")
        for s in record.seats
    )
    hints = "; `/te hint` allowed" if o.hints else ""
    turns = f"turns last {o.turn_hours:g} h" if o.turn_hours > 0 else "no turn deadline"
    return (
        f"**Tigris & Euphrates** lobby, game {record.id} ({variant_words(o)}; {turns}, conflicts wait "
        f"{o.conflict_hours:g} h, reminders every {o.reminder_hours:g} h, away players' turns played "
        f"{minutes_words(o.away_minutes)} by the {o.computer_level} computer player{hints}). "
        f"Seated ({len(record.seats)}/{MAX_SEATS}): {seated or 'nobody'}. Join with `/te join`; the creator "
        "adds computer players with `/te seat addbot` and starts with `/te start` once "
        f"{MIN_SEATS}–{MAX_SEATS} players are seated."
    )


def lobby_post(record: GameRecord, change: str) -> str:
    """The lobby's one channel message: the lobby, then its latest change ("bob joined.")."""
    return lobby_text(record) + (f"\n*Latest: {change}*" if change else "")


CANNOT_POST = " (I cannot post in this channel: ask an admin to let me send messages here.)"


def away_line(name: str, until: int, cover: bool, away_minutes: float) -> str:
    """The public line of an announced absence (R31)."""
    if cover:
        return (
            f"{name} is away until <t:{until}:f>: their turns and decisions will be played for them "
            f"{minutes_words(away_minutes)} until they come back."
        )
    return f"{name} is on vacation until <t:{until}:f>: their turns wait for them until then."


def vacation_answer(until: int) -> str:
    """What ``/te seat away`` answers to a vacation (R31a, R35)."""
    return (
        f"You are on vacation until <t:{until}:f>: your turn clock stops until then, and a turn waiting "
        "for you gets a full turn after it. Decisions asked of you meanwhile (a conflict, a treasure…) do "
        "not wait: the computer player answers them at their deadline."
    )


# ------------------------------------------------------------------------------------ autocomplete
# An autocomplete list that would be empty says why in one entry that cannot be played; its value starts
# with this mark (and the move commands refuse it with the reason).
NO_CHOICE = "⚠ "
NO_GAME_HERE_NOW = "No game is in play in this channel."
NOT_SEATED_HERE = "You have no seat in this game."
NOTHING_TO_CHOOSE = "Nothing to choose now: it is your turn to play actions."
DECISION_FIRST = "Answer the decision that waits for you first, with /te choose."
NOTHING_TO_PLAY = "There is nothing to play there."


def whose_wait(name: str, turn: bool) -> str:
    """Why a list is empty for someone the game does not wait on."""
    return f"It is {name}'s turn." if turn else f"The game waits for {name}'s decision."


def nothing_matches(typed: str) -> str:
    return f"Nothing you can play matches “{typed.strip()}”." if typed.strip() else NOTHING_TO_PLAY


def why_no_square(view: PlayerView, kind: str, colour: str | None, typed: str) -> str:
    """Why the player to act has no square for ``kind`` (tile, leader, catastrophe) of ``colour``."""
    me = view.seats[view.seat]
    picked = next((c for c in COLOURS if c.word == colour), None)
    if kind == Kind.TILE and picked is not None and not view.hand[picked]:
        return f"You hold no {picked.tile_name}s."
    if kind == Kind.TILE and not any(view.hand[c] for c in COLOURS):
        return "You hold no tiles."
    if kind == Kind.CATASTROPHE and not me.catastrophes:
        return "You have no catastrophe tiles left."
    if typed.strip():
        return nothing_matches(typed)
    if kind == Kind.LEADER and picked is not None:
        return f"Your {picked.leader_name} has no square to go to: a leader goes next to a temple."
    return NOTHING_TO_PLAY


# ------------------------------------------------------------------------------------------ DMs
# Every DM about a game starts with the game's name in bold (``game_name``) and, while the game is in play,
# carries the player's hand below (``hand_text``); the hand of an older DM gives way to ``older_hand``.


def post_link(guild_id: int, channel_id: int, message_id: int) -> str:
    return f"https://discord.com/channels/{guild_id}/{channel_id}/{message_id}"


def dm_link(channel_id: int, message_id: int) -> str:
    return f"https://discord.com/channels/@me/{channel_id}/{message_id}"


OLDER_HAND = "*Your hand is in ["  # how ``older_hand`` begins


def older_hand(link: str) -> str:
    """What is left of the hand in a DM once a newer one carries it: one line, with a link to the newer."""
    return f"{OLDER_HAND}a newer message]({link}).*"


def welcome_dm(game: str, channel_id: int) -> str:
    return (
        f"**{game}** — welcome to Tigris & Euphrates! Your hand, points and treasures will live here, in "
        f"our DMs, with your turns and prompts. You play with the /te commands in <#{channel_id}>; "
        "`/te help` explains them."
    )


def start_dm(game: str, first: str) -> str:
    return f"**{game}** — the game has begun; {first} plays first. Your turns and prompts will come here."


def turn_dm(game: str, turn: int, actions_left: int, deadline: int | None, *, goes_on: bool = False) -> str:
    """The head of the turn DM; ``goes_on``: the turn comes back after another player's decision."""
    left = "2 actions" if actions_left == 2 else "1 action left"
    until = f"; deadline <t:{deadline}:R>" if deadline is not None else ""
    return f"**{game}** — your turn{' goes on' if goes_on else ''} (turn {turn}, {left}{until})."


@dataclass(frozen=True)
class SeatNow:
    """What is true of a seat at the moment one of its DMs is edited: every DM says only what is true
    (``bot.present.said_now``). ``awaited``: the game waits on the seat; ``active``: its turn, game not over;
    ``deadline``: the turn deadline when known (None: keep the one the DM says); ``moved``: a newer DM
    carries the hand from now on."""

    turn: int
    active: bool
    awaited: bool
    actions_left: int
    away: bool
    deadline: int | None = None
    moved: bool = False


def catch_up(posts: Sequence[Post], guild_id: int) -> list[str]:
    """What the channel was told, one line per post, with a link to the post: the turn DM's "since your
    last turn" and /te log."""
    return [
        f"• {' '.join(p.lines)} [jump]({post_link(guild_id, p.channel_id, p.message_id)})"
        for p in posts
        if p.lines
    ]


SINCE_LAST_TURN = "**Since your last turn:**"
SO_FAR = "**So far:**"  # the catch-up of a player's first turn
FINAL_BOARD = "the final board; `/te status` gives the standings."


def log_heading(game: str, shown: int) -> str:
    if not shown:
        return f"**{game}** — nothing has happened yet."
    return f"**{game}** — the latest {count(shown, 'post')} in the channel, oldest first:"


def reminder_dm(game: str, view: PublicView, deadline: str) -> str:
    return f"**{game}** — reminder: {you_awaited(view)}{deadline}"


def vacation_over_dm(game: str, view: PublicView, deadline: str) -> str:
    """R31a: the one DM at the end of a vacation, when the game waits for the player."""
    return f"**{game}** — welcome back from your vacation: {you_awaited(view)}{deadline}"


def last_call_dm(game: str, due: Due) -> str:
    if due.kind == TURN:
        then = "your turn is played for you and you are marked away"
    else:
        then = "the default applies"
    return f"**{game}** — last call: the game waits for you until <t:{due.at}:R>; then {then}."


def timed_out_dm(game: str, away_minutes: float) -> str:
    return (
        f"**{game}** — your time ran out, so your turn was played for you. You are away: your turns and "
        f"decisions will be played {minutes_words(away_minutes)} until you play a move or use "
        "`/te seat back`."
    )


def news_dm(game: str, lines: Sequence[str], reader: str) -> str:
    """``dm: all``: what another player's move did to the reader's pieces, the reader's own written "you"."""
    told = " ".join(lines)
    told = re.sub(rf"(?<![\w@]){re.escape(reader)}'s\b", "your", told)
    told = re.sub(rf"(?<![\w@]){re.escape(reader)}\b", "you", told)
    return f"**{game}** — {told}"


def end_dm(game: str, place: str, link: str) -> str:
    return f"**{game}** — the game is over: {place}. [Final standings]({link})"


def dms_closed_line(user_id: int) -> str:
    """Posted once in the channel when a DM to a seated player fails (their DMs are closed)."""
    return (
        f"<@{user_id}>, I cannot send you direct messages, so your hand and prompts do not reach you. Allow "
        "direct messages from this server's members (server menu → Privacy Settings); until then, "
        "`/te hand` shows your hand and `/te choose` answers a prompt."
    )


def no_longer_yours(game: str, new_holder: str) -> str:
    """What a replaced player's DM with the hand says from then on (R33)."""
    return f"**{game}** — this seat is no longer yours: {new_holder} plays it from now on."


def resigned_panel(game: str) -> str:
    return (
        f"**{game}** — you resigned: the computer player plays your seat from now on, and your score "
        "still counts in the final standings."
    )


def taken_over_welcome(game: str, former: str) -> str:
    return (
        f"**{game}** — welcome to Tigris & Euphrates! You now play {former}'s seat: its hand, points, "
        "treasures and leaders are yours from now on (below), and its prompts come here. `/te help` explains "
        "the commands."
    )
