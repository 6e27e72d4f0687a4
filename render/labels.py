"""The pictures' words that depend on a colour or a kind, one whole message per case (marked with ``N_``
and translated where they are drawn), so that no language has to build a phrase from pieces."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final, TypeVar

from engine import Colour
from i18n import N_, Words

K = TypeVar("K")

# A colour's points gained, in a replay's caption: "+3 black".
GAIN: Final[Mapping[Colour, str]] = {
    Colour.RED: N_("+{n} red"),
    Colour.BLUE: N_("+{n} blue"),
    Colour.GREEN: N_("+{n} green"),
    Colour.BLACK: N_("+{n} black"),
}

# Who must commit which tiles now (a revolt is fought with temples, R14; a war with its colour's tiles).
COMMITS: Final[Mapping[Colour, str]] = {
    Colour.RED: N_("{name} commits temples"),
    Colour.BLUE: N_("{name} commits farms"),
    Colour.GREEN: N_("{name} commits markets"),
    Colour.BLACK: N_("{name} commits settlements"),
}

# A conflict under way, in the board's decision line.
CONFLICT: Final[Mapping[tuple[str, Colour], str]] = {
    ("revolt", Colour.RED): N_("Revolt of priests: {attacker} vs {defender}"),
    ("revolt", Colour.BLUE): N_("Revolt of farmers: {attacker} vs {defender}"),
    ("revolt", Colour.GREEN): N_("Revolt of traders: {attacker} vs {defender}"),
    ("revolt", Colour.BLACK): N_("Revolt of kings: {attacker} vs {defender}"),
    ("war", Colour.RED): N_("War of priests: {attacker} vs {defender}"),
    ("war", Colour.BLUE): N_("War of farmers: {attacker} vs {defender}"),
    ("war", Colour.GREEN): N_("War of traders: {attacker} vs {defender}"),
    ("war", Colour.BLACK): N_("War of kings: {attacker} vs {defender}"),
}

# A conflict's sides alone, in the board's decision line when the line with the conflict's name is too long
# for the strip even without the players' names.
FIGHT: Final = N_("{attacker} vs {defender}")

# A conflict decided, in a replay's caption (lower case: it follows other phrases).
CONFLICT_DONE: Final[Mapping[tuple[str, Colour], str]] = {
    ("revolt", Colour.RED): N_("revolt of priests"),
    ("revolt", Colour.BLUE): N_("revolt of farmers"),
    ("revolt", Colour.GREEN): N_("revolt of traders"),
    ("revolt", Colour.BLACK): N_("revolt of kings"),
    ("war", Colour.RED): N_("war of priests"),
    ("war", Colour.BLUE): N_("war of farmers"),
    ("war", Colour.GREEN): N_("war of traders"),
    ("war", Colour.BLACK): N_("war of kings"),
}

# A civilization building (R28) to place, in the board's decision line.
PLACE_BUILDING: Final[Mapping[Colour, str]] = {
    Colour.RED: N_("{name} may place the library ({squares}) or decline"),
    Colour.BLUE: N_("{name} may place the granary ({squares}) or decline"),
    Colour.GREEN: N_("{name} may place the market hall ({squares}) or decline"),
    Colour.BLACK: N_("{name} may place the palace ({squares}) or decline"),
}

# A building placed or moved, in a replay's caption.
BUILDING_ON: Final[Mapping[Colour, str]] = {
    Colour.RED: N_("library on {square}"),
    Colour.BLUE: N_("granary on {square}"),
    Colour.GREEN: N_("market hall on {square}"),
    Colour.BLACK: N_("palace on {square}"),
}
BUILDING_MOVED: Final[Mapping[Colour, str]] = {
    Colour.RED: N_("library moved to {square}"),
    Colour.BLUE: N_("granary moved to {square}"),
    Colour.GREEN: N_("market hall moved to {square}"),
    Colour.BLACK: N_("palace moved to {square}"),
}

# A turn's moves, in a replay's caption.
PLACED_TILE: Final[Mapping[Colour, str]] = {
    Colour.RED: N_("placed a red tile on {square}"),
    Colour.BLUE: N_("placed a blue tile on {square}"),
    Colour.GREEN: N_("placed a green tile on {square}"),
    Colour.BLACK: N_("placed a black tile on {square}"),
}
PLACED_LEADER: Final[Mapping[Colour, str]] = {
    Colour.RED: N_("placed the red leader on {square}"),
    Colour.BLUE: N_("placed the blue leader on {square}"),
    Colour.GREEN: N_("placed the green leader on {square}"),
    Colour.BLACK: N_("placed the black leader on {square}"),
}
MOVED_LEADER: Final[Mapping[Colour, str]] = {
    Colour.RED: N_("moved the red leader from {start} to {end}"),
    Colour.BLUE: N_("moved the blue leader from {start} to {end}"),
    Colour.GREEN: N_("moved the green leader from {start} to {end}"),
    Colour.BLACK: N_("moved the black leader from {start} to {end}"),
}
WITHDREW_LEADER: Final[Mapping[Colour, str]] = {
    Colour.RED: N_("withdrew the red leader"),
    Colour.BLUE: N_("withdrew the blue leader"),
    Colour.GREEN: N_("withdrew the green leader"),
    Colour.BLACK: N_("withdrew the black leader"),
}
STRANDED: Final[Mapping[Colour, str]] = {
    Colour.RED: N_("{name}'s priest stranded"),
    Colour.BLUE: N_("{name}'s farmer stranded"),
    Colour.GREEN: N_("{name}'s trader stranded"),
    Colour.BLACK: N_("{name}'s king stranded"),
}

# The colour pair of a monument, in the board's decision line (in the order red, blue, green, black).
MONUMENT_PAIR: Final[Mapping[tuple[Colour, Colour], str]] = {
    (Colour.RED, Colour.BLUE): N_("red-blue on {square}"),
    (Colour.RED, Colour.GREEN): N_("red-green on {square}"),
    (Colour.RED, Colour.BLACK): N_("red-black on {square}"),
    (Colour.BLUE, Colour.GREEN): N_("blue-green on {square}"),
    (Colour.BLUE, Colour.BLACK): N_("blue-black on {square}"),
    (Colour.GREEN, Colour.BLACK): N_("green-black on {square}"),
}

# Why a game ended, with the turn it ended after.
GAME_OVER: Final[Mapping[str, str]] = {
    "treasures": N_("Game over after turn {turn} · only two treasures left"),
    "bag": N_("Game over after turn {turn} · the bag ran out"),
}
GAME_OVER_ANYHOW = N_("Game over after turn {turn}")


def said(words: Words, table: Mapping[K, str], key: K, /, **params: object) -> str:
    """The message of ``key`` in one of these tables, in the words' language."""
    message = table[key]
    return words.gettext(message, **params)


def game_over(words: Words, reason: str | None, turn: int) -> str:
    """The line saying the game is over, after which turn and why."""
    message = GAME_OVER.get(reason or "", GAME_OVER_ANYHOW)
    return words.gettext(message, turn=turn)


def ordinal(words: Words, n: int) -> str:
    """A place or rank: "1st", "2nd", "23rd" in English; each language writes its own ("1.", "1er", "2e")."""
    if n == 1:
        return words.pgettext("place", "1st")
    if n % 10 == 1 and n % 100 != 11:
        return words.pgettext("place", "{n}st", n=n)
    if n % 10 == 2 and n % 100 != 12:
        return words.pgettext("place", "{n}nd", n=n)
    if n % 10 == 3 and n % 100 != 13:
        return words.pgettext("place", "{n}rd", n=n)
    return words.pgettext("place", "{n}th", n=n)
