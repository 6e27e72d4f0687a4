"""The game's words in a reader's language, for the bot and the pictures alike: colours, tiles, leaders,
buildings, monuments, and a move as a player says it ("Temple on E5").

Each is a whole message per case (i18n/GLOSSARY.md): a colour word is never put before a noun to make a
name; a count and its noun are one plural message.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from engine import Action, Colour, Kind, square_name
from i18n import N_, Nn_, PluralPair, Words

RED, BLUE, GREEN, BLACK = Colour.RED, Colour.BLUE, Colour.GREEN, Colour.BLACK

COLOUR_NAMES: Final[Mapping[Colour, str]] = {
    RED: N_("red"),
    BLUE: N_("blue"),
    GREEN: N_("green"),
    BLACK: N_("black"),
}
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
LEADER_NAMES: Final[Mapping[Colour, str]] = {
    RED: N_("priest"),
    BLUE: N_("farmer"),
    GREEN: N_("trader"),
    BLACK: N_("king"),
}
BUILDING_NAMES: Final[Mapping[Colour, str]] = {
    RED: N_("library"),
    BLUE: N_("granary"),
    GREEN: N_("market hall"),
    BLACK: N_("palace"),
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
    name = COLOUR_NAMES[colour]
    return words.gettext(name)


def tile_name(words: Words, colour: Colour) -> str:
    name = TILE_NAMES[colour]
    return words.gettext(name)


def tile_count(words: Words, colour: Colour, n: int) -> str:
    """``n`` tiles of a colour: "1 temple", "3 farms"."""
    pair = TILE_COUNTS[colour]
    return words.plural(pair, n)


def leader_name(words: Words, colour: Colour) -> str:
    name = LEADER_NAMES[colour]
    return words.gettext(name)


def building_name(words: Words, colour: Colour) -> str:
    """The civilization building of a colour (R28)."""
    name = BUILDING_NAMES[colour]
    return words.gettext(name)


def monument_name(words: Words, pair: tuple[Colour, Colour]) -> str:
    name = MONUMENT_NAMES[pair]
    return words.gettext(name)


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
