"""Words for what happened and what is awaited. Pure functions over engine views, events and game records,
no Discord: the channel texts use only public information (R25); private texts take a player's own view.

Every function takes the reader's ``words`` (``bot.language``: the game's for channel posts, the person's
for private replies and DMs); its sentences are catalogue messages (areas ``texts``, ``play``, ``seats``)."""

from __future__ import annotations

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
    NotationError,
    Phase,
    PlayerView,
    PublicView,
    computer_name,
    computer_numbers,
    parse_square,
    square_name,
)
from engine.scoring import allocate_treasures
from i18n import N_, Words
from i18n.terms import (
    SCORE_NAMES,
    a_tile,
    action_label,
    building_name,
    colour_name,
    dynasty_name,
    leader_name,
    leaders_name,
    monument_colours,
    point_count,
    the_building,
    the_leader,
    the_tile,
    tile_count,
    tiles_name,
    war_name,
)
from storage import MAX_SEATS, MIN_SEATS, GameRecord, Options, Post, Seat

# ------------------------------------------------------------------------------------- game terms
# The game's words are i18n.terms's, one form per place a sentence puts them.


def first_upper(text: str) -> str:
    """A label or sentence that starts with a term: its first letter a capital, in every language."""
    return text[:1].upper() + text[1:]


def with_dynasty(words: Words, name: str, seat: int) -> str:
    """ "alice (archer)"; a name that already ends in brackets ("Bot (hard)") gets "Bot (hard), lion"."""
    dynasty = dynasty_name(words, seat)
    if name.endswith(")"):
        return words.gettext("{name}, {dynasty}", name=name, dynasty=dynasty)
    return words.gettext("{name} ({dynasty})", name=name, dynasty=dynasty)


COLOUR_EMOJI = {Colour.RED: "🟥", Colour.BLUE: "🟦", Colour.GREEN: "🟩", Colour.BLACK: "⬛"}


def sq(square: int) -> str:
    return square_name(square).upper()


def game_name(words: Words, guild: str, place: str, game_id: int) -> str:
    """Which game a DM or a picture is about: 'Friends · #games · game 12' (place: the channel or thread)."""
    return words.gettext("{server} · #{place} · game {number}", server=guild, place=place, number=game_id)


def minutes_words(words: Words, minutes: float) -> str:
    """'after 60 minutes', 'after 1 minute', 'at once'; a fraction as the reader writes it: 'after 0.5
    minutes', 'nach 0,5 Minuten' (``Words.count``: the plural form the language gives it)."""
    if minutes <= 0:
        return words.gettext("at once")
    return words.ngettext(
        "after {n} minute", "after {n} minutes", words.count(minutes), n=words.number(minutes)
    )


def waited_words(words: Words, seconds: int) -> str:
    """How long the game has waited, as the status sentence "The game has waited for {name} for {wait}"
    needs it: 'less than a minute', '40 minutes', '5 hours', '2 days 3 hours'. The messages have their own
    context: the phrase's form depends on that sentence (German puts it in the dative after "seit": "seit
    weniger als einer Minute", "seit 2 Tagen und 3 Stunden")."""
    minutes = max(0, seconds) // 60
    if minutes == 0:
        return words.pgettext("waited for", "less than a minute")  # not "0 minutes"
    if minutes < 60:
        return words.npgettext("waited for", "{n} minute", "{n} minutes", minutes)
    hours = minutes // 60
    if hours < 48:
        return words.npgettext("waited for", "{n} hour", "{n} hours", hours)
    days, hours = divmod(hours, 24)
    if not hours:
        return words.npgettext("waited for", "{n} day", "{n} days", days)
    return words.pgettext(
        "waited for",
        "{days} {hours}",
        days=words.npgettext("waited for", "{n} day", "{n} days", days),
        hours=words.npgettext("waited for", "{n} hour", "{n} hours", hours),
    )


def action_words(text: str) -> str:
    """An action's notation as players read it, squares in capitals: 'tile red E5' (the same in every
    language: it is what players type)."""
    found = []
    for word in text.split():
        try:
            parse_square(word)
        except ValueError:
            found.append(word)
        else:
            found.append(word.upper())
    return " ".join(found)


def move_words(words: Words, text: str) -> str:
    """A move as the reader says it, then its notation: 'Temple on E5 (`tile red E5`)' (a text the
    engine does not read stays as notation alone)."""
    try:
        label = action_label(words, Action.parse(text))
    except NotationError:
        return f"`{action_words(text)}`"
    return f"{label} (`{action_words(text)}`)"


class Happening(ABC):
    """Something the bot did around the moves (a time-out, an undo, a pause), told in the channel with the
    moves' events, in order."""

    @abstractmethod
    def line(self, words: Words, names: Sequence[str]) -> str: ...


@dataclass(frozen=True)
class TimedOut(Happening):
    """R30: the seat's turn deadline passed; it is away from now on (one public line)."""

    seat: int
    away_minutes: float

    def line(self, words: Words, names: Sequence[str]) -> str:
        return words.gettext(
            "{name}'s time ran out; {name} is away and their turns will be played {after} until they come "
            "back.",
            name=names[self.seat],
            after=minutes_words(words, self.away_minutes),
        )


@dataclass(frozen=True)
class DecisionTimedOut(Happening):
    """A decision's deadline passed: the default was played, or (``level``) the computer player answered for
    a seat on vacation (R35). ``action`` is the answer, said publicly (``answer_words``) in the channel's
    language; its own event is not told again. ``view``: the game the decision was asked in."""

    seat: int
    action: Action
    view: PublicView
    level: str | None = None

    def line(self, words: Words, names: Sequence[str]) -> str:
        what = answer_words(words, self.action, self.view)
        if self.level is None:
            return words.gettext(
                "Time ran out for {name}: {answer} (the default).", name=names[self.seat], answer=what
            )
        return words.gettext(
            "{name} is on vacation, so the {level} computer player answered for them: {answer}.",
            name=names[self.seat],
            level=self.level,
            answer=what,
        )


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


def answer_words(words: Words, action: Action, view: PublicView) -> str:
    """A decision's answer in public words, said of its player ("they commit nothing"); the wonder's point
    keeps its colour secret unless scoring is open (R25). ``view``: the game the decision was asked in."""
    kind, colour, square = action.kind, action.colour, action.square
    if kind == Kind.COMMIT:
        if not action.number:
            return words.gettext("they commit nothing")
        return words.ngettext("they commit {n} tile", "they commit {n} tiles", action.number)
    if kind == Kind.WAR and colour is not None:
        return words.gettext("the war of the {leaders} is fought first", leaders=leaders_name(words, colour))
    if kind == Kind.POINT and colour is not None:
        if view.open_scoring:
            return words.gettext("they take the wonder's point ({colour})", colour=colour_name(words, colour))
        return words.gettext("they take the wonder's point")
    if kind == Kind.DECLINE:
        return decline_answer(words, view)
    if kind == Kind.TREASURE and square is not None:
        return words.gettext("they take the treasure on {square}", square=sq(square))
    if kind == Kind.MONUMENT and action.pair is not None and square is not None:
        return words.gettext(
            "they build the {colours} monument on {square}",
            colours=monument_colours(words, action.pair),
            square=sq(square),
        )
    if kind == Kind.BUILDING and colour is not None and square is not None:
        here = building_square(view, colour)
        if here is None:
            return words.gettext(
                "they build the {building} on {square}",
                building=the_building(words, colour),
                square=sq(square),
            )
        return words.gettext(
            "they build the {building} on {square} (it moves from {before})",
            building=the_building(words, colour),
            square=sq(square),
            before=sq(here),
        )
    if kind == Kind.WONDER and square is not None:
        return words.gettext("they erect the wonder centred on {square}", square=sq(square))
    return words.gettext("they play `{action}`", action=action_words(action.text))


@dataclass(frozen=True)
class Declined:
    """What a ``decline`` turns down in a view: the wonder, a building (its colour, and the square it stands
    on if it would move), or a monument (the default)."""

    wonder: bool = False
    building: bool = False
    colour: Colour | None = None
    square: int | None = None


def declined(view: PublicView | None) -> Declined:
    phase = None if view is None else view.phase
    if phase is Phase.WONDER:
        return Declined(wonder=True)
    if phase is Phase.BUILDING and view is not None:
        colour = building_colour(view)
        return Declined(building=True, colour=colour, square=building_square(view, colour))
    return Declined()


def decline_answer(words: Words, view: PublicView | None) -> str:
    """What ``decline`` declines, said of its player."""
    what = declined(view)
    if what.wonder:
        return words.gettext("they decline the wonder")
    if not what.building:
        return words.gettext("they build no monument")
    if what.colour is None:
        return words.gettext("they decline the building")
    building = the_building(words, what.colour)
    if what.square is None:
        return words.gettext("they decline the {building}", building=building)
    return words.gettext("they leave the {building} on {square}", building=building, square=sq(what.square))


@dataclass(frozen=True)
class TookBack(Happening):
    """R32: the seat's newest action was taken back."""

    seat: int
    action: str

    def line(self, words: Words, names: Sequence[str]) -> str:
        return taken_back_line(words, names[self.seat], self.action)


def taken_back_line(words: Words, name: str, text: str) -> str:
    """An action taken back (R32), as people say it: 'bob took back the green tile on A3', '... the blue
    leader on F2' (placed or moved there), '... withdrawing the red leader', '... the catastrophe on C4'."""
    action = Action.parse(text)
    colour, square = action.colour, action.square
    if action.kind == Kind.TILE and colour is not None and square is not None:
        return words.gettext(
            "{name} took back the {tile} on {square}.",
            name=name,
            tile=the_tile(words, colour),
            square=sq(square),
        )
    if action.kind == Kind.LEADER and colour is not None and square is not None:
        return words.gettext(
            "{name} took back the {leader} on {square}.",
            name=name,
            leader=the_leader(words, colour),
            square=sq(square),
        )
    if action.kind == Kind.WITHDRAW and colour is not None:
        return words.gettext(
            "{name} took back withdrawing the {leader}.", name=name, leader=the_leader(words, colour)
        )
    if action.kind == Kind.CATASTROPHE and square is not None:
        return words.gettext("{name} took back the catastrophe on {square}.", name=name, square=sq(square))
    return words.gettext("{name} took back `{action}`.", name=name, action=action_words(text))


@dataclass(frozen=True)
class CameBack(Happening):
    """R31: an away seat's owner played (or said they are back)."""

    seat: int

    def line(self, words: Words, names: Sequence[str]) -> str:
        return words.gettext("{name} is back.", name=names[self.seat])


@dataclass(frozen=True)
class Paused(Happening):
    """R31: every person's seat is away (True), or someone came back (False); ``nobody``: no person holds a
    seat any more (the computer player would play alone forever)."""

    paused: bool
    nobody: bool = False

    def line(self, words: Words, names: Sequence[str]) -> str:
        if self.nobody:
            return words.gettext(NOBODY_LINE)
        return words.gettext(PAUSED_LINE) if self.paused else words.gettext("The game goes on.")


PAUSED_LINE = N_(
    "Every player is away, so the game is paused until someone comes back (`/te seat back` or a move)."
)
NOBODY_LINE = N_(
    "Nobody plays this game any more, so it is paused: its creator or a server manager can hand a seat "
    "to someone with `/te seat replace`, or end it with `/te abandon`."
)

Story = Sequence[Event | Happening]


def describe_events(
    words: Words, events: Story, names: Sequence[str], *, open_scoring: bool = False
) -> list[str]:
    """Public sentences for the events of one action or several, and what the bot did around them. Private
    events (points of a tile or a monument, R25) are told only with ``open_scoring``; the end of the game is
    the standings' to tell (``standings_text``)."""
    lines: list[str] = []
    over = any(isinstance(e, Event) and e.kind == "game-over" for e in events)
    answered: int | None = None  # a seat whose answer a DecisionTimedOut line told
    for e in events:
        if isinstance(e, Happening):
            lines.append(e.line(words, names))
            answered = e.seat if isinstance(e, DecisionTimedOut) else answered
        elif answered is not None and e.seat == answered and e.kind in _ANSWER_EVENTS:
            answered = None  # told already, in the line of the time-out
        elif e.kind == "wonder-point" and e.colour is not None and open_scoring:
            who = names[e.seat] if e.seat is not None else ""
            lines.append(
                words.gettext(
                    "{name} took the wonder's point ({colour}).",
                    name=who,
                    colour=colour_name(words, e.colour),
                )
            )
        elif e.kind == "wonder-point" or not e.private or open_scoring:
            line = event_line(words, e, names, over=over)  # the wonder's point without its colour (R25)
            if line:
                lines.append(line)
    return lines


def _told_to(reader: int | None, e: Event, public: str, yours: str, theirs: str) -> str:
    """Which message tells an event that hits the ``reader``'s pieces (a DM of ``dm: all``): ``yours``
    when the reader is the event's player ("You attack bob"), ``theirs`` when they are the other ("bob
    attacks you"), else ``public``. Whole sentences, so that each language makes the verb agree."""
    if reader is not None and reader == e.seat:
        return yours
    if reader is not None and reader == e.other:
        return theirs
    return public


def event_line(
    words: Words, e: Event, names: Sequence[str], *, over: bool = False, reader: int | None = None
) -> str:
    """One event in one public sentence, or "" for an event told otherwise (``over``: the game ends in the
    same story, so the empty bag is the standings' to tell). ``reader``: the seat a DM tells it to, who
    reads "you" and "your" for their own name in the events that hit their pieces (``_told_to``)."""
    who = names[e.seat] if e.seat is not None else ""
    other = names[e.other] if e.other is not None else ""
    c = e.colour
    k = e.kind
    at = sq(e.squares[0]) if e.squares else ""
    to = sq(e.squares[1]) if len(e.squares) > 1 else ""
    if c is not None:
        leader = leader_name(words, c)
        if k == "tile":
            return words.gettext(
                "{name} placed a {tile} on {square}.", name=who, tile=a_tile(words, c), square=at
            )
        if k == "leader":
            return words.gettext(
                "{name} placed their {leader} on {square}.", name=who, leader=leader, square=at
            )
        if k == "move":
            return words.gettext(
                "{name} moved their {leader} from {square} to {target}.",
                name=who,
                leader=leader,
                square=at,
                target=to,
            )
        if k == "withdraw":
            return words.gettext(
                "{name} withdrew their {leader} from {square}.", name=who, leader=leader, square=at
            )
        if k == "revolt":
            said = _told_to(
                reader,
                e,
                N_("**Revolt!** {name}'s {leader} challenges {other}'s {leader}."),
                N_("**Revolt!** Your {leader} challenges {other}'s {leader}."),
                N_("**Revolt!** {name}'s {leader} challenges your {leader}."),
            )
            return words.gettext(
                said,
                name=who,
                other=other,
                leader=leader,
            )
        if k == "war":
            said = _told_to(
                reader,
                e,
                N_("**War of the {leaders}!** {name} attacks {other}."),
                N_("**War of the {leaders}!** You attack {other}."),
                N_("**War of the {leaders}!** {name} attacks you."),
            )
            return words.gettext(
                said,
                leaders=leaders_name(words, c),
                name=who,
                other=other,
            )
        if k == "commit":
            return words.gettext("{name} committed {tiles}.", name=who, tiles=tile_count(words, c, e.count))
        if k == "revolt-won":
            said = _told_to(
                reader,
                e,
                N_("{name} won the revolt (+1 red point); {other}'s {leader} left the board."),
                N_("You won the revolt (+1 red point); {other}'s {leader} left the board."),
                N_("{name} won the revolt (+1 red point); your {leader} left the board."),
            )
            return words.gettext(
                said,
                name=who,
                other=other,
                leader=leader,
            )
        if k == "war-won":
            lost = len(e.squares) - 1
            won = point_count(words, c, e.count)
            if lost:
                said = _told_to(
                    reader,
                    e,
                    N_("{name} won the war (+{points}); {other}'s {leader} and {tiles} left the board."),
                    N_("You won the war (+{points}); {other}'s {leader} and {tiles} left the board."),
                    N_("{name} won the war (+{points}); your {leader} and {tiles} left the board."),
                )
                return words.gettext(
                    said,
                    name=who,
                    points=won,
                    other=other,
                    leader=leader,
                    tiles=tile_count(words, c, lost),
                )
            said = _told_to(
                reader,
                e,
                N_("{name} won the war (+{points}); {other}'s {leader} left the board."),
                N_("You won the war (+{points}); {other}'s {leader} left the board."),
                N_("{name} won the war (+{points}); your {leader} left the board."),
            )
            return words.gettext(
                said,
                name=who,
                points=won,
                other=other,
                leader=leader,
            )
        if k == "stranded":
            public = N_("{name}'s {leader} on {square} lost its last temple and left the board.")
            yours = N_("Your {leader} on {square} lost its last temple and left the board.")
            said = _told_to(reader, e, public, yours, public)  # a leader stranded has no other player
            return words.gettext(
                said,
                name=who,
                leader=leader,
                square=at,
            )
        if k == "point":  # 2 in the kingdom of the tile's building (R28)
            return words.gettext("{name} scored {points}.", name=who, points=point_count(words, c, e.count))
        building = the_building(words, c)
        if k == "building":
            return words.gettext(
                "{name} placed the {building} on {square}.", name=who, building=building, square=at
            )
        if k == "building-moved":
            return words.gettext(
                "{name} moved the {building} from {square} to {target}.",
                name=who,
                building=building,
                square=at,
                target=to,
            )
        if k == "building-returned":
            return words.gettext(
                "The {building} on {square} went back beside the board.",
                building=building_name(words, c),
                square=at,
            )
        if k == "building-declined":
            return words.gettext("{name} declined the {building}.", name=who, building=building)
        if k == "wonder":
            return words.gettext(
                "{name} erected the wonder on the {tiles} centred on {square}.",
                name=who,
                tiles=tiles_name(words, c),
                square=at,
            )
        if k == "monument-points":
            return words.gettext(
                "{name} scored {points} from monuments.", name=who, points=point_count(words, c, e.count)
            )
        if k == "catastrophe":
            return words.gettext(
                "{name} played a catastrophe on {square}, destroying a {tile}.",
                name=who,
                square=at,
                tile=a_tile(words, c),
            )
    if k == "unification":
        return words.gettext("The tile on {square} joins two kingdoms.", square=at)
    if k == "catastrophe":
        return words.gettext("{name} played a catastrophe on {square}.", name=who, square=at)
    if k == "swap":
        return words.ngettext("{name} swapped {n} tile.", "{name} swapped {n} tiles.", e.count, name=who)
    if k == "pass":
        return words.gettext("{name} ended their turn.", name=who)
    if k == "monument":
        return words.gettext(
            "{name} built the {colours} monument on {square}.",
            name=who,
            colours=monument_colours(words, MONUMENTS[e.count]),
            square=at,
        )
    if k == "decline":
        return words.gettext("{name} built no monument.", name=who)
    if k == "wonder-declined":
        return words.gettext("{name} declined the wonder.", name=who)
    if k == "wonder-point":  # the colour is the player's secret (R25) unless scoring is open
        return words.gettext("{name} took the wonder's point.", name=who)
    if k == "treasure":
        return words.gettext("{name} took the treasure on {square}.", name=who, square=at)
    if k == "bag-empty" and not over:
        return words.gettext("The bag is empty: the game ends after this turn.")
    return ""  # unification-lifted (the wars' end says it), turn, game-over (the standings say it)


# Posted once in a game's channel when one of its timers failed too often and was set aside (issue 8).
INTERNAL_ERROR_LINE = N_(
    "This game hit an internal error; a server manager can run `python -m storage check`."
)

MESSAGE_LIMIT = 2000  # characters of a Discord message's content


def fit_message(
    words: Words, lines: Sequence[str], last: str, limit: int = MESSAGE_LIMIT, *, head: str = ""
) -> str:
    """``head``, ``lines`` then ``last`` in one message of at most ``limit`` characters. When they do not fit
    (a board shown after many missed moves, a long catch-up), the oldest lines give way to a note saying how
    many were left out; ``head`` and ``last`` (who is awaited, with the one mention; a hand) always stay."""
    longest_note = words.ngettext("*({n} earlier line left out)*", "*({n} earlier lines left out)*", 99999)
    room = limit - len(head) - len(last) - len(longest_note) - 3
    kept: list[str] = []
    for line in reversed(lines):
        room -= len(line) + 1
        if room < 0:
            break
        kept.append(line)
    left_out = len(lines) - len(kept)
    note = (
        [words.ngettext("*({n} earlier line left out)*", "*({n} earlier lines left out)*", left_out)]
        if left_out
        else []
    )
    return "\n".join(part for part in [head, *note, *reversed(kept), last] if part)[:limit]


def awaited(words: Words, view: PublicView, names: Sequence[str], mention: str | None = None) -> str:
    """What the game waits for, in one public sentence; ``mention`` (a ``<@id>``) names the awaited player
    in place of their name, once."""
    if view.phase is Phase.OVER or view.to_act is None:
        return ""
    who = mention or names[view.to_act]
    phase = view.phase
    if phase is Phase.ACTION:
        if view.actions_left == 2:
            return words.gettext("{name} to play (2 actions left).", name=who)
        return words.gettext("{name} to play (1 action left).", name=who)
    c = view.conflict
    if c is not None:
        strengths = conflict_line(words, view, names)
        commit = tiles_name(words, c.tile_colour)
        if phase.is_attacker:
            return words.gettext(
                "{name} must commit {tiles} as the attacker: {strengths}.",
                name=who,
                tiles=commit,
                strengths=strengths,
            )
        return words.gettext(
            "{name} must commit {tiles} as the defender: {strengths}.",
            name=who,
            tiles=commit,
            strengths=strengths,
        )
    return decision_sentence(words, view, who)


def decision_sentence(words: Words, view: PublicView, who: str) -> str:
    """The decision the game waits for outside a conflict, said of its decider: 'bob may build a
    monument.' Public: it never names the colour of the wonder's point (R25)."""
    phase = view.phase
    if phase is Phase.WAR_CHOICE:
        return words.gettext("{name} must choose which war is fought first.", name=who)
    if phase is Phase.MONUMENT:
        return words.gettext("{name} may build a monument.", name=who)
    if phase is Phase.BUILDING:
        colour = building_colour(view)
        if colour is None:
            return words.gettext("{name} may place a building.", name=who)
        building = the_building(words, colour)
        if building_square(view, colour) is None:
            return words.gettext("{name} may place the {building}.", name=who, building=building)
        return words.gettext("{name} may move the {building}.", name=who, building=building)
    if phase is Phase.WONDER:
        return words.gettext("{name} may erect the wonder.", name=who)
    if phase is Phase.WONDER_POINT:
        return words.gettext("{name} must choose the colour of the wonder's point.", name=who)
    return words.gettext("{name} must choose a treasure.", name=who)


def your_decision(words: Words, view: PublicView) -> str:
    """The decision the game waits for outside a conflict, said to its decider: 'you may build a
    monument.'"""
    phase = view.phase
    if phase is Phase.WAR_CHOICE:
        return words.gettext("you must choose which war is fought first.")
    if phase is Phase.MONUMENT:
        return words.gettext("you may build a monument.")
    if phase is Phase.BUILDING:
        colour = building_colour(view)
        if colour is None:
            return words.gettext("you may place a building.")
        building = the_building(words, colour)
        if building_square(view, colour) is None:
            return words.gettext("you may place the {building}.", building=building)
        return words.gettext("you may move the {building}.", building=building)
    if phase is Phase.WONDER:
        return words.gettext("you may erect the wonder.")
    if phase is Phase.WONDER_POINT:
        return words.gettext("you must choose the colour of the wonder's point.")
    return words.gettext("you must choose a treasure.")


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


def conflict_line(words: Words, view: PublicView, names: Sequence[str], reader: int | None = None) -> str:
    """The two sides' strengths; the reader's own side is written "your"."""
    c = view.conflict
    assert c is not None
    leader = leader_name(words, c.colour)
    if c.attacker_commit is None:
        strength = str(c.attacker_strength)
    else:
        strength = words.gettext(
            "{strength} + {committed} committed", strength=c.attacker_strength, committed=c.attacker_commit
        )
    square, defended = sq(c.attacker_square), sq(c.defender_square)
    if c.attacker == reader:
        attacker = words.gettext(
            "Your {leader} on {square} has {strength}", leader=leader, square=square, strength=strength
        )
    else:
        attacker = words.gettext(
            "{name}'s {leader} on {square} has {strength}",
            name=names[c.attacker],
            leader=leader,
            square=square,
            strength=strength,
        )
    if c.defender == reader:
        defender = words.gettext(
            "yours on {square} has {strength}", square=defended, strength=c.defender_strength
        )
    else:
        defender = words.gettext(
            "{name}'s on {square} has {strength}",
            name=names[c.defender],
            square=defended,
            strength=c.defender_strength,
        )
    return words.gettext("{attacker}, {defender}", attacker=attacker, defender=defender)


def deadline_words(
    words: Words,
    view: PublicView,
    due: Due | None,
    who: str,
    *,
    paused: bool = False,
    computer: bool = False,
    you: bool = False,
) -> str:
    """What follows the awaited sentence: until when the game waits, and what happens then (public), with
    its leading space. ``computer``: the computer player holds the seat, and plays in a moment (nothing to
    say); ``you``: said to the awaited player (``who`` unused)."""
    if view.phase is Phase.OVER:
        return ""
    if paused:
        return " " + words.gettext("The game is paused.")
    if due is None or computer:
        return ""
    if due.kind == AUTOPLAY:
        if you:
            return " " + words.gettext("You are away: played for you <t:{at}:R>.", at=due.at)
        return " " + words.gettext("{name} is away: played for them <t:{at}:R>.", name=who, at=due.at)
    if due.kind == TURN:
        return " " + words.gettext("Turn deadline <t:{at}:R>.", at=due.at)
    return " " + words.gettext("Deadline <t:{at}:R>.", at=due.at)


def seat_words(words: Words, seat: Seat, options: Options, now: int) -> str | None:
    """A seat's state for /te status: resigned, the computer player, away, on vacation; None if present."""
    if seat.is_computer:
        if seat.resigned:
            return words.gettext("resigned; the computer player plays the seat")
        return words.gettext("the computer player")
    if not seat.away_at(now):
        return None
    after = minutes_words(words, options.away_minutes)
    if seat.away_until is None:
        if not seat.away_cover:
            return words.gettext("on vacation: their turns wait")
        return words.gettext("away: played for them {after}", after=after)
    if not seat.away_cover:
        return words.gettext("on vacation until <t:{until}:f>: their turns wait", until=seat.away_until)
    return words.gettext(
        "away until <t:{until}:f>: played for them {after}", until=seat.away_until, after=after
    )


def seat_status(words: Words, name: str, hand_size: int, catastrophes: int, supply: Sequence[Colour]) -> str:
    """A seat's line in /te status: what the others can know of its hand, catastrophes and leaders."""
    facts = {
        "name": name,
        "tiles": words.ngettext("{n} tile", "{n} tiles", hand_size),
        "catastrophes": words.ngettext("{n} catastrophe", "{n} catastrophes", catastrophes),
    }
    if not supply:  # "leaders in supply none" is no sentence in any language: an empty supply is said whole
        return words.gettext("{name}: {tiles} in hand, {catastrophes}, no leaders in supply", **facts)
    return words.gettext(
        "{name}: {tiles} in hand, {catastrophes}, leaders in supply {supply}",
        supply="".join(COLOUR_EMOJI[c] for c in supply),
        **facts,
    )


def status_text(
    words: Words, view: PublicView, names: Sequence[str], record: GameRecord, due: Due | None, now: int
) -> str:
    """/te status: whose turn it is and until when, how long the game has waited and for whom, who is
    away, then each seat."""
    who = names[view.to_act] if view.to_act is not None else "?"
    computer = computer_to_act(record)
    deadline = deadline_words(words, view, due, who, paused=record.paused, computer=computer)
    lines = [words.gettext("Turn {turn}.", turn=view.turn) + " " + awaited(words, view, names) + deadline]
    if view.to_act is not None:
        since = record.updated_at
        lines.append(
            words.gettext(
                "The game has waited for {name} for {wait} (since <t:{since}:f>).",
                name=who,
                wait=waited_words(words, now - since),
                since=since,
            )
        )
    for s in view.seats:
        holder = record.seat_record(s.seat)
        state = seat_words(words, holder, record.options, now) if holder is not None else None
        name = with_dynasty(words, names[s.seat], s.seat)
        line = seat_status(words, name, s.hand_size, s.catastrophes, s.leaders_in_supply)
        if s.points is not None:
            line += " — " + points_text(words, s.points, s.treasures or 0)
        if state is not None:
            line += f" — *{state}*"
        lines.append(line)
    lines.append(words.gettext("Treasures on the board: {n}.", n=view.treasures_left))
    extras = options_words(words, view)
    played = words.gettext("Played with: {variants}.", variants=variant_words(words, record.options))
    lines.append(played + (f" {extras}" if extras else ""))
    return "\n".join(lines)


def options_words(words: Words, view: PublicView) -> str:
    """Where the 2015 edition's pieces are (R28, R29), for /te status; "" without them."""
    found = []
    if view.use_buildings:
        placed = dict(view.buildings)
        where = [
            words.gettext("{building} on {square}", building=building_name(words, c), square=sq(placed[c]))
            if c in placed
            else words.gettext("{building} beside the board", building=building_name(words, c))
            for c in COLOURS
        ]
        found.append(words.gettext("Buildings: {where}.", where=", ".join(where)))
    if view.use_wonder:
        centre = view.wonder
        if centre is None:
            found.append(words.gettext("The wonder: not erected yet."))
        else:
            found.append(words.gettext("The wonder: centred on {square}.", square=sq(centre)))
    return " ".join(found)


def points_text(words: Words, points: Sequence[int], treasures: int) -> str:
    parts = [f"{COLOUR_EMOJI[c]} {points[c]}" for c in COLOURS]
    return " ".join(parts) + " · " + words.ngettext("{n} treasure", "{n} treasures", treasures)


def score_now(points: Sequence[int], treasures: int) -> int:
    return min(allocate_treasures(points, treasures))


# The first words of the hand section of a DM: a DM about a game carries the player's hand below them.
HAND_HEADING = N_("**Your hand**")


def hand_text(words: Words, view: PlayerView) -> str:
    """The hand section of a DM (and of /te hand): tiles, points, treasures, catastrophes, supply."""
    hand = " ".join(f"{COLOUR_EMOJI[c]}×{view.hand[c]}" for c in COLOURS if view.hand[c])
    me = view.seats[view.seat]
    supply = ", ".join(leader_name(words, c) for c in me.leaders_in_supply) or words.gettext("none")
    scores = " ".join(f"{COLOUR_EMOJI[c]} {view.points[c]}" for c in COLOURS)
    return "\n".join(
        [
            words.gettext("{heading}: {hand}", heading=words.gettext(HAND_HEADING), hand=hand)
            if hand
            else words.gettext("{heading}: no tiles", heading=words.gettext(HAND_HEADING)),
            words.gettext(
                "Points {points} · {treasures} · {score_name} **{score}** · {catastrophes} · "
                "leaders in supply: {supply}",
                points=scores,
                treasures=words.ngettext("{n} treasure", "{n} treasures", view.treasures),
                score_name=words.gettext(SCORE_NAMES[view.outcome is not None]),
                score=score_now(view.points, view.treasures),
                catastrophes=words.ngettext("{n} catastrophe", "{n} catastrophes", me.catastrophes),
                supply=supply,
            ),
        ]
    )


def you_awaited(words: Words, view: PublicView) -> str:
    """What the game waits for, said to the player it waits on."""
    phase = view.phase
    if phase is Phase.ACTION:
        if view.actions_left == 2:
            return words.gettext("it is your turn (2 actions left).")
        return words.gettext("it is your turn (1 action left).")
    c = view.conflict
    if c is not None:
        commit = tiles_name(words, c.tile_colour)
        if phase.is_attacker:
            return words.gettext("you must commit {tiles} (attacker).", tiles=commit)
        return words.gettext("you must commit {tiles} (defender).", tiles=commit)
    return your_decision(words, view)


def choice_label(words: Words, choice: Action | str, view: PublicView | None = None) -> str:
    """A button label for a decision: 'commit 2' -> 'Commit 2'. ``view`` is the game the choice is offered
    in: it names what ``decline`` declines and where a building moves from (without it, ``decline`` is the
    monument's). Text must be valid notation (the engine's NotationError otherwise); a turn action is
    labelled with its notation."""
    return first_upper(choice_words(words, choice, view))


def choice_words(words: Words, choice: Action | str, view: PublicView | None = None) -> str:
    """A decision's choice as said inside a sentence ('treasure on F3', 'red war first'); its button
    label starts with a capital (``choice_label``). The messages start as the sentence needs them in each
    language (German nouns keep their capital), never lowered by code."""
    action = choice if isinstance(choice, Action) else Action.parse(choice)
    kind, colour, square = action.kind, action.colour, action.square
    if kind == Kind.COMMIT:
        return words.gettext("commit {n}", n=action.number)
    if kind == Kind.WAR and colour is not None:
        return words.gettext("{war} first", war=war_name(words, colour))
    if kind == Kind.MONUMENT and action.pair is not None and square is not None:
        return words.gettext(
            "{colours} monument on {square}", colours=monument_colours(words, action.pair), square=sq(square)
        )
    if kind == Kind.TREASURE and square is not None:
        return words.gettext("treasure on {square}", square=sq(square))
    if kind == Kind.BUILDING and colour is not None and square is not None:
        building = building_name(words, colour)
        here = building_square(view, colour)
        if here is None:
            return words.gettext("{building} on {square}", building=building, square=sq(square))
        return words.gettext(
            "{building} on {square} (moves from {before})",
            building=building,
            square=sq(square),
            before=sq(here),
        )
    if kind == Kind.WONDER and square is not None:
        return words.gettext("erect the wonder centred on {square}", square=sq(square))
    if kind == Kind.POINT and colour is not None:
        return words.gettext("{colour} point", colour=colour_name(words, colour))
    if kind == Kind.DECLINE:
        return decline_words(words, view)
    return action_words(action.text)


def decline_words(words: Words, view: PublicView | None) -> str:
    """What ``decline`` declines, as a button says it (``choice_label`` starts it with a capital)."""
    what = declined(view)
    if what.wonder:
        return words.gettext("decline the wonder")
    if not what.building:
        return words.gettext("build no monument")
    if what.colour is None:
        return words.gettext("decline the building")
    building = the_building(words, what.colour)
    if what.square is None:
        return words.gettext("decline the {building}", building=building)
    return words.gettext("leave the {building} on {square}", building=building, square=sq(what.square))


def building_question(words: Words, view: PublicView) -> str:
    """The prompt of a building decision (R28): which building, where it stands, and the rule."""
    colour = building_colour(view)
    if colour is None:  # not offered any more
        return words.gettext("**Building**: your tile made a line of three or more.")
    here = building_square(view, colour)
    name = first_upper(building_name(words, colour))
    building = the_building(words, colour)
    tiles_of = tiles_name(words, colour)
    if here is None:
        return words.gettext(
            "**{name}**: your tile made a line of three or more {tiles}. Place the {building} on one of its "
            "tiles?",
            name=name,
            tiles=tiles_of,
            building=building,
        )
    return words.gettext(
        "**{name}**: your tile made a line of three or more {tiles}. Move the {building} there from {square} "
        "(this line is longer)?",
        name=name,
        tiles=tiles_of,
        building=building,
        square=sq(here),
    )


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


def war_sides_line(words: Words, war: WarSides, names: Sequence[str], reader: int | None = None) -> str:
    """'• Blue war: alice's farmer on C4 (3 on the board) attacks your farmer on F5 (2).'"""
    params = {
        "war": first_upper(war_name(words, war.colour)),
        "leader": leader_name(words, war.colour),
        "square": sq(war.attacker_square),
        "strength": war.attacker_strength,
        "target": sq(war.defender_square),
        "defence": war.defender_strength,
    }
    if war.attacker == reader:
        return words.gettext(
            "• {war}: your {leader} on {square} ({strength} on the board) attacks {defender}'s {leader} on "
            "{target} ({defence}).",
            defender=names[war.defender],
            **params,
        )
    if war.defender == reader:
        return words.gettext(
            "• {war}: {attacker}'s {leader} on {square} ({strength} on the board) attacks your {leader} on "
            "{target} ({defence}).",
            attacker=names[war.attacker],
            **params,
        )
    return words.gettext(
        "• {war}: {attacker}'s {leader} on {square} ({strength} on the board) attacks {defender}'s {leader} "
        "on {target} ({defence}).",
        attacker=names[war.attacker],
        defender=names[war.defender],
        **params,
    )


@dataclass(frozen=True)
class WarsCalledOff(Happening):
    """R19: wars waiting their turn that will not be fought, because the war just fought split the kingdom
    (their two leaders are no longer in one)."""

    colours: tuple[Colour, ...]
    fought: Colour

    def line(self, words: Words, names: Sequence[str]) -> str:
        fought = war_name(words, self.fought)
        if len(self.colours) == 1:
            return words.gettext(
                "No more war: the {war} will not be fought, as the {fought} split the kingdom and the two "
                "{leaders} are no longer in one.",
                war=war_name(words, self.colours[0]),
                fought=fought,
                leaders=leaders_name(words, self.colours[0]),
            )
        return words.gettext(
            "No more war: the {wars} will not be fought, as the {fought} split the kingdom and their leaders "
            "are no longer in one.",
            wars=and_list(words, [war_name(words, c) for c in self.colours]),
            fought=fought,
        )


def and_list(words: Words, items: Sequence[str]) -> str:
    """'a', 'a and b', 'a, b and c'."""
    if len(items) < 2:
        return "".join(items)
    return words.gettext("{first} and {second}", first=", ".join(items[:-1]), second=items[-1])


def prompt_text(
    words: Words,
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
        leaders = leaders_name(words, c.colour)
        if c.kind == "revolt":
            head = (
                words.gettext(
                    "**{game}** — **Revolt of the {leaders}**: you are the attacker.",
                    game=game,
                    leaders=leaders,
                )
                if phase.is_attacker
                else words.gettext(
                    "**{game}** — **Revolt of the {leaders}**: you are the defender.",
                    game=game,
                    leaders=leaders,
                )
            )
        else:
            head = (
                words.gettext(
                    "**{game}** — **War of the {leaders}**: you are the attacker.", game=game, leaders=leaders
                )
                if phase.is_attacker
                else words.gettext(
                    "**{game}** — **War of the {leaders}**: you are the defender.", game=game, leaders=leaders
                )
            )
        held = view.hand[c.tile_colour]
        lines = [
            head,
            first_upper(
                words.gettext(
                    "{strengths} on the board.", strengths=conflict_line(words, view, names, reader=view.seat)
                )
            ),
            how_many_to_commit(words, c.tile_colour, held)
            if held
            else words.gettext(
                "You hold no {tiles}, so your only answer is 0. {forced}",
                tiles=tiles_name(words, c.tile_colour),
                forced=words.gettext(FORCED_WAIT),
            ),
        ]
    elif phase is Phase.WAR_CHOICE:
        lines = [
            words.gettext("**{game}** — **Several wars** broke out: which one is fought first?", game=game),
            *(war_sides_line(words, war, names, view.seat) for war in wars),
        ]
    elif phase is Phase.MONUMENT:
        lines = [
            words.gettext(
                "**{game}** — **Monument**: your tile completed a square. Build a monument?", game=game
            )
        ]
    elif phase is Phase.BUILDING:
        lines = [words.gettext("**{game}** — {question}", game=game, question=building_question(words, view))]
    elif phase is Phase.WONDER:
        lines = [
            words.gettext(
                "**{game}** — **Wonder**: your tile completed a plus of five tiles of one colour. Erect the "
                "wonder on it? The five tiles leave the game; the wonder connects like a monument.",
                game=game,
            )
        ]
    elif phase is Phase.WONDER_POINT:
        lines = [
            words.gettext(
                "**{game}** — **The wonder's point**: your king is in the wonder's kingdom at the end of "
                "your turn, so you score 1 point in a colour of your choice. Only you see the colour.",
                game=game,
            )
        ]
    else:
        lines = [
            words.gettext("**{game}** — **Treasure**: your trader takes a treasure. Which one?", game=game)
        ]
    if deadline is None:  # a paused game (R31): the clock starts again when it goes on
        lines.append(
            words.gettext(
                "No deadline while the game is paused; the default is: {default}.",
                default=default_words(words, view, default),
            )
        )
    elif vacation_level is not None:
        lines.append(
            words.gettext(
                "Deadline <t:{deadline}:R>; you are on vacation, so then the {level} computer player answers "
                "for you.",
                deadline=deadline,
                level=vacation_level,
            )
        )
    else:
        lines.append(
            words.gettext(
                "Deadline <t:{deadline}:R>; then the default applies: {default}.",
                deadline=deadline,
                default=default_words(words, view, default),
            )
        )
    return "\n".join(lines)


def how_many_to_commit(words: Words, colour: Colour, held: int) -> str:
    """The question of a conflict's prompt: "You hold 3 temples: how many do you commit?". Its "how many"
    agrees with the tiles' gender in Spanish and Portuguese (templos: cuántos, granjas: cuántas), so each
    colour has its own message."""
    tiles = tile_count(words, colour, held)
    return (
        words.pgettext("temples", "You hold {tiles}: how many do you commit?", tiles=tiles),
        words.pgettext("farms", "You hold {tiles}: how many do you commit?", tiles=tiles),
        words.pgettext("markets", "You hold {tiles}: how many do you commit?", tiles=tiles),
        words.pgettext("settlements", "You hold {tiles}: how many do you commit?", tiles=tiles),
    )[colour]


# R34: a forced choice still waits, or a quick answer would show the others what the player lacks
FORCED_WAIT = N_(
    "It waits like any prompt, so that nobody learns your hand from a quick answer; "
    "`/te settings auto_forced: on` answers such prompts at once."
)


def default_words(words: Words, view: PublicView, default: Action | None = None) -> str:
    """What the deadline plays, in words: ``default`` (the engine's), else the decision's first choice."""
    if view.phase.is_commit:
        return choice_words(words, "commit 0")
    if view.phase is Phase.MONUMENT:
        return words.gettext("no monument")
    if default is None and not view.choices:
        return words.gettext("none")
    said = choice_words(words, default or view.choices[0], view)  # 'treasure on F3', 'red war first'
    if default is not None and default.kind == Kind.POINT:
        return words.gettext("{choice} (your colour with the fewest points)", choice=said)
    return said


def standings_text(words: Words, view: PublicView, names: Sequence[str], resigned: Sequence[int] = ()) -> str:
    """The final standings, names (or mentions) in place order; a seat whose player resigned still counts,
    marked (R33)."""
    outcome = view.outcome
    assert outcome is not None
    if outcome.reason == "treasures":
        lines = [words.gettext("**Final standings** (the game ended because only two treasures were left):")]
    else:
        lines = [words.gettext("**Final standings** (the game ended because the bag ran out):")]
    for s in outcome.standings:
        colours = " ".join(f"{COLOUR_EMOJI[c]} {s.final[c]}" for c in COLOURS)
        if s.treasures:
            colours = words.ngettext(
                "{colours}; {n} treasure added",
                "{colours}; {n} treasures added",
                s.treasures,
                colours=colours,
            )
        name = names[s.seat]
        if s.seat in resigned:
            name = words.gettext("{name} (resigned)", name=name)
        lines.append(
            words.gettext(
                "{place}. {name} — lowest colour **{score}** ({colours})",
                place=s.place,
                name=name,
                score=min(s.final),
                colours=colours,
            )
        )
    return "\n".join(lines)


# A player's own result, by place (at most four seats)
SHARED_PLACE = {
    1: N_("you shared 1st place with **{score}** in your lowest colour"),
    2: N_("you shared 2nd place with **{score}** in your lowest colour"),
    3: N_("you shared 3rd place with **{score}** in your lowest colour"),
}
FINISHED_PLACE = {
    2: N_("you finished 2nd of {players} with **{score}** in your lowest colour"),
    3: N_("you finished 3rd of {players} with **{score}** in your lowest colour"),
    4: N_("you finished 4th of {players} with **{score}** in your lowest colour"),
}


def place_words(words: Words, view: PublicView, seat: int) -> str:
    """A player's own result: 'you won', 'you finished 2nd of 3', 'you shared 1st place'."""
    outcome = view.outcome
    assert outcome is not None
    mine = next(s for s in outcome.standings if s.seat == seat)
    shared = sum(1 for s in outcome.standings if s.place == mine.place) > 1
    score = min(mine.final)
    if shared:
        shared_place = SHARED_PLACE[mine.place]
        return words.gettext(shared_place, score=score)
    if mine.place == 1:
        return words.gettext("you won with **{score}** in your lowest colour", score=score)
    finished = FINISHED_PLACE[mine.place]
    return words.gettext(finished, players=len(outcome.standings), score=score)


def variant_words(words: Words, options: Options) -> str:
    """The board and variants a game is played with, like 'standard board, open scoring'."""
    found = [
        words.gettext("advanced board") if options.board == "advanced" else words.gettext("standard board")
    ]
    if options.english:
        found.append(words.gettext("English variant"))
    if options.open_scoring:
        found.append(words.gettext("open scoring"))
    if options.buildings:
        found.append(words.gettext("civilization buildings"))
    if options.wonder:
        found.append(words.gettext("the wonder"))
    return ", ".join(found)


def start_line(words: Words, record: GameRecord, names: Sequence[str], first: int) -> str:
    """The game's first line: its variants and its players in the order they play, from ``first``, the
    seat drawn to begin (turns then pass in seat order, R2)."""
    count = len(record.seats)
    order = sorted(record.seats, key=lambda s: (s.seat - first) % count)
    seats = "; ".join(with_dynasty(words, names[s.seat], s.seat) for s in order)
    return words.gettext(
        "**The game begins** ({variants}). Players in order: {seats}.",
        variants=variant_words(words, record.options),
        seats=seats,
    )


def computer_to_act(record: GameRecord) -> bool:
    """Whether the computer player holds the seat the game waits on."""
    seat = record.seat_to_act
    holder = None if seat is None else record.seat_record(seat)
    return holder is not None and holder.is_computer


def computer_names(seats: Sequence[Seat]) -> dict[int, str]:
    """The names of the seats the computer player holds (a resigned seat keeps its player's name, R33):
    "Bot (hard)", and "Bot 2 (hard)", "Bot 3 (hard)" for more seats of the same level, in seat order."""
    levels = {seat.seat: seat.level for seat in seats if seat.level is not None}
    return {seat: bot_name(levels[seat], number) for seat, number in computer_seat_numbers(seats).items()}


def bot_names(levels: Iterable[tuple[int, str]]) -> dict[int, str]:
    """The names of computer seats given as (seat, level) in seat order: "Bot (hard)", then "Bot 2 (hard)"
    for the second seat of the same level; the same in a game, its record and its history."""
    seats = list(levels)
    numbers = computer_numbers(seats)
    return {seat: bot_name(level, numbers[seat]) for seat, level in seats}


def computer_seat_numbers(seats: Sequence[Seat]) -> dict[int, int]:
    """The number of each seat the computer player holds among its level's (its name's "2" in "Bot 2
    (hard)"), as ``computer_names`` names them: what a game record writes ("computer hard bot 2")."""
    return computer_numbers(
        (seat.seat, seat.level)
        for seat in seats
        if seat.is_computer and seat.resigned_by is None and seat.level is not None
    )


# 'Bot (hard)', or 'Bot 2 (hard)' for the second computer seat of that level in a game: a name, the same in
# every language (the level is the option's value players type); the engine's, so records name seats alike
bot_name = computer_name


def lobby_text(words: Words, record: GameRecord) -> str:
    o = record.options
    bots = computer_names(record.seats)
    seated = ", ".join(
        bots.get(s.seat)
        or (
            words.gettext("<@{user}> (creator)", user=s.user_id)
            if s.user_id == record.creator_id
            else f"<@{s.user_id}>"
        )
        for s in record.seats
    )
    settings = words.gettext(
        "{variants}; {turns}, conflicts wait {conflict_hours} h, reminders every {reminder_hours} h, away "
        "players' turns played {after} by the {level} computer player",
        variants=variant_words(words, o),
        turns=words.gettext("turns last {hours} h", hours=words.number(o.turn_hours))
        if o.turn_hours > 0
        else words.gettext("no turn deadline"),
        conflict_hours=words.number(o.conflict_hours),
        reminder_hours=words.number(o.reminder_hours),
        after=minutes_words(words, o.away_minutes),
        level=o.computer_level,
    )
    if o.hints:
        settings = words.gettext("{settings}; `/te hint` allowed", settings=settings)
    return words.gettext(
        "**Tigris & Euphrates** lobby, game {number} ({settings}). Seated ({seated}/{most}): {players}. "
        "Join with `/te join`; the creator adds computer players with `/te seat addbot` and starts with "
        "`/te start` once {fewest}–{most} players are seated.",
        number=record.id,
        settings=settings,
        seated=len(record.seats),
        most=MAX_SEATS,
        players=seated or words.gettext("nobody"),
        fewest=MIN_SEATS,
    )


def lobby_post(words: Words, record: GameRecord, change: str) -> str:
    """The lobby's one channel message: the lobby, then its latest change ("bob joined.")."""
    text = lobby_text(words, record)
    return text + "\n" + words.gettext("*Latest: {change}*", change=change) if change else text


CANNOT_POST = N_("(I cannot post in this channel: ask an admin to let me send messages here.)")


def away_line(words: Words, name: str, until: int, cover: bool, away_minutes: float) -> str:
    """The public line of an announced absence (R31)."""
    if cover:
        return words.gettext(
            "{name} is away until <t:{until}:f>: their turns and decisions will be played for them {after} "
            "until they come back.",
            name=name,
            until=until,
            after=minutes_words(words, away_minutes),
        )
    return words.gettext(
        "{name} is on vacation until <t:{until}:f>: their turns wait for them until then.",
        name=name,
        until=until,
    )


def vacation_answer(words: Words, until: int) -> str:
    """What ``/te seat away`` answers to a vacation (R31a, R35)."""
    return words.gettext(
        "You are on vacation until <t:{until}:f>: your turn clock stops until then, and a turn waiting for "
        "you gets a full turn after it. Decisions asked of you meanwhile (a conflict, a treasure…) do not "
        "wait: the computer player answers them at their deadline.",
        until=until,
    )


# ------------------------------------------------------------------------------------ autocomplete
# An autocomplete list that would be empty says why in one entry that cannot be played; its value starts
# with this mark (and the move commands refuse it with the reason).
NO_CHOICE = "⚠ "
NO_GAME_HERE_NOW = N_("No game is in play in this channel.")
NOT_SEATED_HERE = N_("You have no seat in this game.")
NOTHING_TO_CHOOSE = N_("Nothing to choose now: it is your turn to play actions.")
DECISION_FIRST = N_("Answer the decision that waits for you first, with /te choose.")
NOTHING_TO_PLAY = N_("There is nothing to play there.")


def whose_wait(words: Words, name: str, turn: bool) -> str:
    """Why a list is empty for someone the game does not wait on."""
    if turn:
        return words.gettext("It is {name}'s turn.", name=name)
    return words.gettext("The game waits for {name}'s decision.", name=name)


def nothing_matches(words: Words, typed: str) -> str:
    if not typed.strip():
        return words.gettext(NOTHING_TO_PLAY)
    return words.gettext("Nothing you can play matches “{typed}”.", typed=typed.strip())


def why_no_square(words: Words, view: PlayerView, kind: str, colour: str | None, typed: str) -> str:
    """Why the player to act has no square for ``kind`` (tile, leader, catastrophe) of ``colour``."""
    me = view.seats[view.seat]
    picked = next((c for c in COLOURS if c.word == colour), None)
    if kind == Kind.TILE and picked is not None and not view.hand[picked]:
        return words.gettext("You hold no {tiles}.", tiles=tiles_name(words, picked))
    if kind == Kind.TILE and not any(view.hand[c] for c in COLOURS):
        return words.gettext("You hold no tiles.")
    if kind == Kind.CATASTROPHE and not me.catastrophes:
        return words.gettext("You have no catastrophe tiles left.")
    if typed.strip():
        return nothing_matches(words, typed)
    if kind == Kind.LEADER and picked is not None:
        return words.gettext(
            "Your {leader} has no square to go to: a leader goes next to a temple.",
            leader=leader_name(words, picked),
        )
    return words.gettext(NOTHING_TO_PLAY)


# ------------------------------------------------------------------------------------------ DMs
# Every DM about a game starts with the game's name in bold (``game_name``) and, while the game is in play,
# carries the player's hand below (``hand_text``); the hand of an older DM gives way to ``older_hand``.


def post_link(guild_id: int, channel_id: int, message_id: int) -> str:
    return f"https://discord.com/channels/{guild_id}/{channel_id}/{message_id}"


def dm_link(channel_id: int, message_id: int) -> str:
    return f"https://discord.com/channels/@me/{channel_id}/{message_id}"


OLDER_HAND = N_("*Your hand is in [a newer message]({link}).*")


def older_hand(words: Words, link: str) -> str:
    """What is left of the hand in a DM once a newer one carries it: one line, with a link to the newer."""
    return words.gettext(OLDER_HAND, link=link)


def welcome_dm(words: Words, game: str, channel_id: int) -> str:
    return words.gettext(
        "**{game}** — welcome to Tigris & Euphrates! Your hand, points and treasures will live here, in "
        "our DMs, with your turns and prompts. You play with the /te commands in <#{channel}>; `/te help` "
        "explains them.",
        game=game,
        channel=channel_id,
    )


def start_dm(words: Words, game: str, first: str) -> str:
    return words.gettext(
        "**{game}** — the game has begun; {name} plays first. Your turns and prompts will come here.",
        game=game,
        name=first,
    )


def turn_dm(
    words: Words, game: str, turn: int, actions_left: int, deadline: int | None, *, goes_on: bool = False
) -> str:
    """The head of the turn DM; ``goes_on``: the turn comes back after another player's decision."""
    return words.gettext(
        "**{game}** — {turn}", game=game, turn=_your_turn(words, turn, actions_left, deadline, goes_on)
    )


def _your_turn(words: Words, turn: int, actions_left: int, deadline: int | None, goes_on: bool) -> str:
    """'your turn (turn 4, 2 actions; deadline <t:…:R>).' and its variants: each a whole message."""
    two = actions_left == 2
    if deadline is None:
        if goes_on:
            return (
                words.gettext("your turn goes on (turn {turn}, 2 actions).", turn=turn)
                if two
                else words.gettext("your turn goes on (turn {turn}, 1 action left).", turn=turn)
            )
        return (
            words.gettext("your turn (turn {turn}, 2 actions).", turn=turn)
            if two
            else words.gettext("your turn (turn {turn}, 1 action left).", turn=turn)
        )
    if goes_on:
        return (
            words.gettext(
                "your turn goes on (turn {turn}, 2 actions; deadline <t:{at}:R>).", turn=turn, at=deadline
            )
            if two
            else words.gettext(
                "your turn goes on (turn {turn}, 1 action left; deadline <t:{at}:R>).", turn=turn, at=deadline
            )
        )
    return (
        words.gettext("your turn (turn {turn}, 2 actions; deadline <t:{at}:R>).", turn=turn, at=deadline)
        if two
        else words.gettext(
            "your turn (turn {turn}, 1 action left; deadline <t:{at}:R>).", turn=turn, at=deadline
        )
    )


@dataclass(frozen=True)
class SeatNow:
    """What is true of a seat at the moment one of its DMs is edited: every DM says only what is true
    (``bot.present.said_now``). ``awaited``: the game waits on the seat; ``active``: its turn, game not over;
    ``deadline``: the turn deadline when known (None: keep the one the DM says); ``moved``: a newer DM
    carries the hand from now on; ``vacation``: on vacation, so the computer player answers its decisions
    at their deadline (R35); ``deciding``: the game waits on the seat for a decision, not a turn action."""

    turn: int
    active: bool
    awaited: bool
    actions_left: int
    away: bool
    deadline: int | None = None
    moved: bool = False
    vacation: bool = False
    deciding: bool = False


def catch_up(words: Words, posts: Sequence[Post], guild_id: int) -> list[str]:
    """What the channel was told, one line per post, with a link to the post: the turn DM's "since your
    last turn" and /te log."""
    return [
        words.gettext(
            "• {told} [jump]({link})",
            told=" ".join(p.lines_in(words.language)),
            link=post_link(guild_id, p.channel_id, p.message_id),
        )
        for p in posts
        if p.lines
    ]


SINCE_LAST_TURN = N_("**Since your last turn:**")
SO_FAR = N_("**So far:**")  # the catch-up of a player's first turn
FINAL_BOARD = N_("the final board; `/te status` gives the standings.")


def log_heading(words: Words, game: str, shown: int) -> str:
    if not shown:
        return words.gettext("**{game}** — nothing has happened yet.", game=game)
    return words.ngettext(
        "**{game}** — the latest post in the channel:",
        "**{game}** — the latest {n} posts in the channel, oldest first:",
        shown,
        game=game,
    )


def reminder_dm(words: Words, game: str, view: PublicView, deadline: str) -> str:
    return words.gettext(
        "**{game}** — reminder: {awaited}{deadline}",
        game=game,
        awaited=you_awaited(words, view),
        deadline=deadline,
    )


def vacation_over_dm(words: Words, game: str, view: PublicView, deadline: str) -> str:
    """R31a: the one DM at the end of a vacation, when the game waits for the player."""
    return words.gettext(
        "**{game}** — welcome back from your vacation: {awaited}{deadline}",
        game=game,
        awaited=you_awaited(words, view),
        deadline=deadline,
    )


def last_call_dm(words: Words, game: str, due: Due) -> str:
    if due.kind == TURN:
        return words.gettext(
            "**{game}** — last call: your time runs out <t:{at}:R>; then your turn is played for "
            "you and you are marked away.",
            game=game,
            at=due.at,
        )
    return words.gettext(
        "**{game}** — last call: your time runs out <t:{at}:R>; then the default applies.",
        game=game,
        at=due.at,
    )


def timed_out_dm(words: Words, game: str, away_minutes: float) -> str:
    return words.gettext(
        "**{game}** — your time ran out, so your turn was played for you. You are away: your turns and "
        "decisions will be played {after} until you play a move or use `/te seat back`.",
        game=game,
        after=minutes_words(words, away_minutes),
    )


def news_dm(words: Words, game: str, lines: Sequence[str]) -> str:
    """``dm: all``: what another player's move did to the reader's pieces, its lines told to the reader
    ("bob attacks you", ``event_line``'s ``reader``)."""
    return words.gettext("**{game}** — {told}", game=game, told=" ".join(lines))


def end_dm(words: Words, game: str, place: str, link: str) -> str:
    return words.gettext(
        "**{game}** — the game is over: {place}. [Final standings]({link})", game=game, place=place, link=link
    )


def dms_closed_line(words: Words, user_id: int) -> str:
    """Posted once in the channel when a DM to a seated player fails (their DMs are closed)."""
    return words.gettext(
        "<@{user}>, I cannot send you direct messages, so your hand and prompts do not reach you. Allow "
        "direct messages from this server's members (server menu → Privacy Settings); until then, `/te hand` "
        "shows your hand and `/te choose` answers a prompt.",
        user=user_id,
    )


def no_longer_yours(words: Words, game: str, new_holder: str) -> str:
    """What a replaced player's DM with the hand says from then on (R33)."""
    return words.gettext(
        "**{game}** — this seat is no longer yours: {name} plays it from now on.", game=game, name=new_holder
    )


def resigned_panel(words: Words, game: str) -> str:
    return words.gettext(
        "**{game}** — you resigned: the computer player plays your seat from now on, and your score still "
        "counts in the final standings.",
        game=game,
    )


def taken_over_welcome(words: Words, game: str, former: str) -> str:
    return words.gettext(
        "**{game}** — welcome to Tigris & Euphrates! You now play {name}'s seat: its hand, points, treasures "
        "and leaders are yours from now on (below), and its prompts come here. `/te help` explains the "
        "commands.",
        game=game,
        name=former,
    )


# What a decision prompt says once it is closed (``bot.play``)
DECISION_CLOSED = N_("This decision is closed.")


@dataclass(frozen=True)
class ClosingNote:
    """The note a decision prompt gets when it closes, said in its reader's words: a catalogue message
    whose ``{choice}`` is the label of the answer that closed it, as the prompt offered it."""

    message: str
    action: Action | None = None
    view: PublicView | None = None

    def answered(self, action: Action, view: PublicView) -> ClosingNote:
        """The note once ``action`` answered the decision offered in ``view``."""
        return ClosingNote(self.message, action, view) if "{choice}" in self.message else self

    def words(self, words: Words) -> str:
        if self.action is None:
            return words.gettext(self.message)
        return words.gettext(self.message, choice=choice_label(words, self.action, self.view))


CLOSED_NOTE = ClosingNote(DECISION_CLOSED)


def posting_note(words: Words, warning: str) -> str:
    """What a private answer adds when the bot could not post in the game's channel (``warning``: the
    catalogue message ``announce`` or ``show_lobby`` returned, "" when the post went out)."""
    return " " + words.gettext(warning) if warning else ""
