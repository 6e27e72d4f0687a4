"""The game's words in a reader's language, for the bot and the pictures alike: colours, tiles, leaders,
buildings, monuments, dynasties, and a move as a player says it ("Temple on E5").

Each is a whole message per case (i18n/GLOSSARY.md): a colour word is never put before a noun to make a
name; a count and its noun are one plural message. A term has one entry per place a sentence puts it, the
context naming that place, because a language may need a different form in each: German "einen Tempel"
after "placed", French "la bibliothèque" as an object.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Final

from engine import Action, Colour, Kind, square_name
from i18n import N_, Nn_, PluralPair, Words

RED, BLUE, GREEN, BLACK = Colour.RED, Colour.BLUE, Colour.GREEN, Colour.BLACK


# A player's score (R24: the weakest colour once treasures are added), one name in the hand picture, its DM
# and /te hand: while the game goes on, what it would be; once the game is over, what it is.
SCORE_NOW = N_("Score if the game ended now")
FINAL_SCORE = N_("Final score")
# by whether the game is over
SCORE_NAMES: Final[Mapping[bool, str]] = {False: SCORE_NOW, True: FINAL_SCORE}


TILE_NAMES: Final[Mapping[Colour, str]] = {
    RED: N_("temple"),
    BLUE: N_("farm"),
    GREEN: N_("market"),
    BLACK: N_("settlement"),
}
TILE_COUNTS: Final[Mapping[Colour, PluralPair]] = {
    RED: Nn_("{n} temple", "{n} temples"),
    BLUE: Nn_("{n} farm", "{n} farms"),
    GREEN: Nn_("{n} market", "{n} markets"),
    BLACK: Nn_("{n} settlement", "{n} settlements"),
}
POINT_COUNTS: Final[Mapping[Colour, PluralPair]] = {
    RED: Nn_("{n} red point", "{n} red points"),
    BLUE: Nn_("{n} blue point", "{n} blue points"),
    GREEN: Nn_("{n} green point", "{n} green points"),
    BLACK: Nn_("{n} black point", "{n} black points"),
}
# The rulebooks' names of the victory points of each colour.
POINT_NAMES: Final[Mapping[Colour, str]] = {
    RED: N_("amulets"),
    BLUE: N_("crops"),
    GREEN: N_("goods"),
    BLACK: N_("bricks"),
}
MONUMENT_NAMES: Final[Mapping[tuple[Colour, Colour], str]] = {
    (RED, BLUE): N_("red-blue monument"),
    (RED, GREEN): N_("red-green monument"),
    (RED, BLACK): N_("red-black monument"),
    (BLUE, GREEN): N_("blue-green monument"),
    (BLUE, BLACK): N_("blue-black monument"),
    (GREEN, BLACK): N_("green-black monument"),
}


def colour_name(words: Words, colour: Colour) -> str:
    """The colour as a name standing alone: "(red)", "lowest colour", "red-blue"."""
    return (
        words.pgettext("colour", "red"),
        words.pgettext("colour", "blue"),
        words.pgettext("colour", "green"),
        words.pgettext("colour", "black"),
    )[colour]


def tile_name(words: Words, colour: Colour) -> str:
    """A tile's name standing alone, as a label: the board's legend."""
    name = TILE_NAMES[colour]
    return words.gettext(name)


def a_tile(words: Words, colour: Colour) -> str:
    """A tile as the object of a sentence, after the English article: "placed a temple"."""
    return (
        words.pgettext("a tile (object)", "temple"),
        words.pgettext("a tile (object)", "farm"),
        words.pgettext("a tile (object)", "market"),
        words.pgettext("a tile (object)", "settlement"),
    )[colour]


def tiles_name(words: Words, colour: Colour) -> str:
    """Tiles of a colour, plural without a count: "must commit temples", "you hold no temples"."""
    return (
        words.pgettext("tiles", "temples"),
        words.pgettext("tiles", "farms"),
        words.pgettext("tiles", "markets"),
        words.pgettext("tiles", "settlements"),
    )[colour]


def tile_count(words: Words, colour: Colour, n: int) -> str:
    """``n`` tiles of a colour: "1 temple", "3 farms"."""
    pair = TILE_COUNTS[colour]
    return words.plural(pair, n)


def the_tile(words: Words, colour: Colour) -> str:
    """A tile of a colour taken back, after the English article: "took back the green tile on A3"."""
    return (
        words.pgettext("the tile (object)", "red tile"),
        words.pgettext("the tile (object)", "blue tile"),
        words.pgettext("the tile (object)", "green tile"),
        words.pgettext("the tile (object)", "black tile"),
    )[colour]


def point_count(words: Words, colour: Colour, n: int) -> str:
    """``n`` points of a colour: "1 red point", "3 blue points"."""
    pair = POINT_COUNTS[colour]
    return words.plural(pair, n)


def leader_name(words: Words, colour: Colour) -> str:
    """A leader's name, singular, after a possessive: "their priest", "bob's farmer"."""
    return (
        words.pgettext("leader", "priest"),
        words.pgettext("leader", "farmer"),
        words.pgettext("leader", "trader"),
        words.pgettext("leader", "king"),
    )[colour]


def leaders_name(words: Words, colour: Colour) -> str:
    """Leaders of a colour, plural: "War of the priests", "the two priests", "priests or kings"."""
    return (
        words.pgettext("leaders", "priests"),
        words.pgettext("leaders", "farmers"),
        words.pgettext("leaders", "traders"),
        words.pgettext("leaders", "kings"),
    )[colour]


def the_leader(words: Words, colour: Colour) -> str:
    """A leader of a colour taken back, after the English article: "took back the blue leader on F2"."""
    return (
        words.pgettext("the leader (object)", "red leader"),
        words.pgettext("the leader (object)", "blue leader"),
        words.pgettext("the leader (object)", "green leader"),
        words.pgettext("the leader (object)", "black leader"),
    )[colour]


def war_name(words: Words, colour: Colour) -> str:
    """A war named by its colour: "the red war", "Red war first" (the sentence starts it with a capital)."""
    return (
        words.pgettext("war", "red war"),
        words.pgettext("war", "blue war"),
        words.pgettext("war", "green war"),
        words.pgettext("war", "black war"),
    )[colour]


def building_name(words: Words, colour: Colour) -> str:
    """A civilization building's name (R28) standing alone, as a label: "Library on E5", "granary beside
    the board"."""
    return (
        words.pgettext("building", "library"),
        words.pgettext("building", "granary"),
        words.pgettext("building", "market hall"),
        words.pgettext("building", "palace"),
    )[colour]


def the_building(words: Words, colour: Colour) -> str:
    """A building as the object of a sentence, after the English article: "placed the library"."""
    return (
        words.pgettext("the building (object)", "library"),
        words.pgettext("the building (object)", "granary"),
        words.pgettext("the building (object)", "market hall"),
        words.pgettext("the building (object)", "palace"),
    )[colour]


def monument_name(words: Words, pair: tuple[Colour, Colour]) -> str:
    name = MONUMENT_NAMES[pair]
    return words.gettext(name)


def monument_colours(words: Words, pair: Sequence[Colour]) -> str:
    """A monument's two colours: 'red-blue'."""
    return words.gettext(
        "{first}-{second}", first=colour_name(words, pair[0]), second=colour_name(words, pair[1])
    )


def dynasty_name(words: Words, seat: int) -> str:
    """The dynasty of a seat, by its symbol: "archer", "bull", "pot", "lion"."""
    return (
        words.pgettext("dynasty", "archer"),
        words.pgettext("dynasty", "bull"),
        words.pgettext("dynasty", "pot"),
        words.pgettext("dynasty", "lion"),
    )[seat]


# A move as a player says it, one message per colour where the colour names the piece.
_TILE_ON: Final = {
    RED: N_("Temple on {square}"),
    BLUE: N_("Farm on {square}"),
    GREEN: N_("Market on {square}"),
    BLACK: N_("Settlement on {square}"),
}
_LEADER_TO: Final = {
    RED: N_("Priest to {square}"),
    BLUE: N_("Farmer to {square}"),
    GREEN: N_("Trader to {square}"),
    BLACK: N_("King to {square}"),
}
_WITHDRAW: Final = {
    RED: N_("Withdraw your priest"),
    BLUE: N_("Withdraw your farmer"),
    GREEN: N_("Withdraw your trader"),
    BLACK: N_("Withdraw your king"),
}
_WAR_FIRST: Final = {
    RED: N_("Red war first"),
    BLUE: N_("Blue war first"),
    GREEN: N_("Green war first"),
    BLACK: N_("Black war first"),
}
_BUILDING_ON: Final = {
    RED: N_("Library on {square}"),
    BLUE: N_("Granary on {square}"),
    GREEN: N_("Market hall on {square}"),
    BLACK: N_("Palace on {square}"),
}
_POINT: Final = {
    RED: N_("Red point"),
    BLUE: N_("Blue point"),
    GREEN: N_("Green point"),
    BLACK: N_("Black point"),
}
_MONUMENT_ON: Final[Mapping[tuple[Colour, Colour], str]] = {
    (RED, BLUE): N_("Red-blue monument on {square}"),
    (RED, GREEN): N_("Red-green monument on {square}"),
    (RED, BLACK): N_("Red-black monument on {square}"),
    (BLUE, GREEN): N_("Blue-green monument on {square}"),
    (BLUE, BLACK): N_("Blue-black monument on {square}"),
    (GREEN, BLACK): N_("Green-black monument on {square}"),
}
_CATASTROPHE_ON: Final = N_("Catastrophe on {square}")
_TREASURE_ON: Final = N_("Treasure on {square}")
_WONDER_ON: Final = N_("Wonder on {square}")
_SWAP: Final = Nn_("Swap {n} tile", "Swap {n} tiles")
_COMMIT: Final = Nn_("Commit {n} tile", "Commit {n} tiles")
_PASS: Final = N_("Pass")
_DECLINE: Final = N_("Decline")
_BY_COLOUR: Final[Mapping[str, Mapping[Colour, str]]] = {
    Kind.TILE: _TILE_ON,
    Kind.LEADER: _LEADER_TO,
    Kind.WITHDRAW: _WITHDRAW,
    Kind.WAR: _WAR_FIRST,
    Kind.BUILDING: _BUILDING_ON,
    Kind.POINT: _POINT,
}
_ON_SQUARE: Final[Mapping[str, str]] = {
    Kind.CATASTROPHE: _CATASTROPHE_ON,
    Kind.TREASURE: _TREASURE_ON,
    Kind.WONDER: _WONDER_ON,
}


def action_label(words: Words, action: Action) -> str:
    """A move as a player says it: "Temple on E5", "Priest to F6", "Swap 3 tiles" (its notation, e.g.
    ``tile red e5``, is what a player types and stays as it is)."""
    kind, colour, pair = action.kind, action.colour, action.pair
    square = "" if action.square is None else square_name(action.square).upper()
    if kind == Kind.SWAP and action.tiles is not None:
        return words.plural(_SWAP, sum(action.tiles))
    if kind == Kind.COMMIT and action.number is not None:
        return words.plural(_COMMIT, action.number)
    if colour is not None:
        message = _BY_COLOUR[kind][colour]
    elif kind == Kind.MONUMENT and pair is not None:
        message = _MONUMENT_ON[pair]
    else:
        message = _ON_SQUARE.get(kind, _PASS if kind == Kind.PASS else _DECLINE)
    return words.gettext(message, square=square)
