"""Colours and the action notation (see docs/notation.md).

Actions are immutable and interned where the set is finite, so ``legal_actions()`` only picks
prebuilt objects and ``Action.parse(a.text) is a`` for tile, leader and catastrophe actions.
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import IntEnum
from itertools import combinations
from typing import NamedTuple

from engine.board import SQUARES, parse_square, square_name, whole_number
from engine.errors import NotationError, quoted
from engine.reasons import Refusal


class Colour(IntEnum):
    RED = 0  # temple / priest / amulets
    BLUE = 1  # farm / farmer / crops
    GREEN = 2  # market / trader / goods
    BLACK = 3  # settlement / king / bricks

    @property
    def word(self) -> str:
        return self.name.lower()

    @property
    def tile_name(self) -> str:
        return TILE_NAMES[self]

    @property
    def leader_name(self) -> str:
        return LEADER_NAMES[self]

    @property
    def building_name(self) -> str:
        """The civilization building of the colour (R28): library, granary, market hall, palace."""
        return BUILDING_NAMES[self]

    @classmethod
    def parse(cls, text: str) -> Colour:
        try:
            return COLOUR_BY_WORD[text.strip().lower()]
        except KeyError:
            raise NotationError.because(Refusal.NOT_A_COLOUR, text=quoted(text)) from None


COLOURS = tuple(Colour)
# R2, R12, R23: hands are filled up to six tiles and never hold more, so no commitment can exceed it
MOST_TILES_IN_HAND = 6
# The engine's English names, for its own messages (logs, ``python -m engine``); people read the names in
# their language from ``i18n.terms``.
TILE_NAMES = ("temple", "farm", "market", "settlement")
LEADER_NAMES = ("priest", "farmer", "trader", "king")
BUILDING_NAMES = ("library", "granary", "market hall", "palace")
COLOUR_BY_WORD = {c.word: c for c in COLOURS}
COLOUR_WORDS = tuple(c.word for c in COLOURS)  # Colour.word without the enum's property lookups

# The six monuments, each a pair of colours in the order red, blue, green, black.
MONUMENTS: tuple[tuple[Colour, Colour], ...] = tuple(combinations(COLOURS, 2))


def monument_name(pair: tuple[Colour, Colour]) -> str:
    return f"{pair[0].word}-{pair[1].word}"


def parse_monument(text: str) -> tuple[Colour, Colour]:
    parts = text.split("-")
    if len(parts) != 2:
        raise NotationError.because(Refusal.NOT_A_MONUMENT, text=quoted(text))
    pair = tuple(sorted((Colour.parse(parts[0]), Colour.parse(parts[1]))))
    if pair[0] == pair[1]:
        raise NotationError.because(Refusal.MONUMENT_SAME_COLOUR, text=quoted(text))
    return (pair[0], pair[1])


class Kind:
    TILE = "tile"
    LEADER = "leader"
    WITHDRAW = "withdraw"
    CATASTROPHE = "catastrophe"
    SWAP = "swap"
    PASS = "pass"
    COMMIT = "commit"
    WAR = "war"
    MONUMENT = "monument"
    DECLINE = "decline"
    TREASURE = "treasure"
    BUILDING = "building"  # R28, a game option
    WONDER = "wonder"  # R29, a game option
    POINT = "point"  # the wonder's point at the end of a turn (R29)


class Action(NamedTuple):
    """One action in notation. Unused fields are None.

    ``colour``: tile, leader, withdraw, war, building, point; ``square``: tile, leader, catastrophe,
    monument (top-left), treasure, building, wonder (the centre of its plus); ``number``: commit; ``tiles``:
    swap (counts per colour); ``pair``: monument.
    """

    kind: str
    colour: Colour | None = None
    square: int | None = None
    number: int | None = None
    tiles: tuple[int, int, int, int] | None = None
    pair: tuple[Colour, Colour] | None = None

    def __str__(self) -> str:
        return self.text

    @property
    def text(self) -> str:
        known = _TEXTS.get(id(self))
        return self._spelt() if known is None else known

    def _spelt(self) -> str:
        kind = self.kind
        if kind in _COLOUR_AND_SQUARE:
            return f"{kind} {COLOUR_WORDS[_colour(self)]} {square_name(_square(self))}"
        if kind in _SQUARE_ONLY:
            return f"{kind} {square_name(_square(self))}"
        if kind in _COLOUR_ONLY:
            return f"{kind} {COLOUR_WORDS[_colour(self)]}"
        if kind == Kind.COMMIT:
            return f"commit {self.number}"
        if kind == Kind.SWAP:
            assert self.tiles is not None
            words = [c.word for c in COLOURS for _ in range(self.tiles[c])]
            return "swap " + " ".join(words)
        if kind == Kind.MONUMENT:
            assert self.pair is not None
            return f"monument {monument_name(self.pair)} {square_name(_square(self))}"
        return kind

    @classmethod
    def parse(cls, text: str) -> Action:
        words = text.strip().lower().split()
        if not words:
            raise NotationError.because(Refusal.EMPTY_ACTION)
        kind, args = words[0], words[1:]
        try:
            return _PARSERS[kind](args)
        except KeyError:
            raise NotationError.because(Refusal.NOT_AN_ACTION, text=quoted(kind)) from None


_COLOUR_AND_SQUARE = frozenset({Kind.TILE, Kind.LEADER, Kind.BUILDING})
_SQUARE_ONLY = frozenset({Kind.CATASTROPHE, Kind.TREASURE, Kind.WONDER})
_COLOUR_ONLY = frozenset({Kind.WITHDRAW, Kind.WAR, Kind.POINT})


def _colour(action: Action) -> Colour:
    assert action.colour is not None
    return action.colour


def _square(action: Action) -> int:
    assert action.square is not None
    return action.square


def _arity(args: list[str], n: int, usage: str) -> None:
    if len(args) != n:
        raise NotationError.because(Refusal.WRITE_IT_AS, usage=usage)


def _parse_tile(args: list[str]) -> Action:
    _arity(args, 2, "tile <colour> <square>")
    return TILE_ACTIONS[Colour.parse(args[0])][parse_square(args[1])]


def _parse_leader(args: list[str]) -> Action:
    _arity(args, 2, "leader <colour> <square>")
    return LEADER_ACTIONS[Colour.parse(args[0])][parse_square(args[1])]


def _parse_withdraw(args: list[str]) -> Action:
    _arity(args, 1, "withdraw <colour>")
    return WITHDRAW_ACTIONS[Colour.parse(args[0])]


def _parse_catastrophe(args: list[str]) -> Action:
    _arity(args, 1, "catastrophe <square>")
    return CATASTROPHE_ACTIONS[parse_square(args[0])]


def _parse_swap(args: list[str]) -> Action:
    if not 1 <= len(args) <= 6:
        raise NotationError.because(Refusal.SWAP_COUNT)
    counts = [0, 0, 0, 0]
    for word in args:
        counts[Colour.parse(word)] += 1
    return swap_action((counts[0], counts[1], counts[2], counts[3]))


def _parse_pass(args: list[str]) -> Action:
    _arity(args, 0, "pass")
    return PASS


def _parse_commit(args: list[str]) -> Action:
    _arity(args, 1, "commit <number>")
    n = whole_number(args[0], MOST_TILES_IN_HAND)
    if n is None:
        if args[0].isascii() and args[0].isdigit():
            raise NotationError.because(Refusal.COMMIT_TOO_MANY, most=MOST_TILES_IN_HAND)
        raise NotationError.because(Refusal.NOT_A_NUMBER, text=quoted(args[0]))
    return commit_action(n)


def _parse_war(args: list[str]) -> Action:
    _arity(args, 1, "war <colour>")
    return WAR_ACTIONS[Colour.parse(args[0])]


def _parse_monument(args: list[str]) -> Action:
    _arity(args, 2, "monument <colour>-<colour> <square>")
    return monument_action(parse_monument(args[0]), parse_square(args[1]))


def _parse_decline(args: list[str]) -> Action:
    _arity(args, 0, "decline")
    return DECLINE


def _parse_treasure(args: list[str]) -> Action:
    _arity(args, 1, "treasure <square>")
    return TREASURE_ACTIONS[parse_square(args[0])]


def _parse_building(args: list[str]) -> Action:
    _arity(args, 2, "building <colour> <square>")
    return BUILDING_ACTIONS[Colour.parse(args[0])][parse_square(args[1])]


def _parse_wonder(args: list[str]) -> Action:
    _arity(args, 1, "wonder <square>")
    return WONDER_ACTIONS[parse_square(args[0])]


def _parse_point(args: list[str]) -> Action:
    _arity(args, 1, "point <colour>")
    return POINT_ACTIONS[Colour.parse(args[0])]


_PARSERS = {
    Kind.TILE: _parse_tile,
    Kind.LEADER: _parse_leader,
    Kind.WITHDRAW: _parse_withdraw,
    Kind.CATASTROPHE: _parse_catastrophe,
    Kind.SWAP: _parse_swap,
    Kind.PASS: _parse_pass,
    Kind.COMMIT: _parse_commit,
    Kind.WAR: _parse_war,
    Kind.MONUMENT: _parse_monument,
    Kind.DECLINE: _parse_decline,
    Kind.TREASURE: _parse_treasure,
    Kind.BUILDING: _parse_building,
    Kind.WONDER: _parse_wonder,
    Kind.POINT: _parse_point,
}

TILE_ACTIONS = tuple(tuple(Action(Kind.TILE, c, s) for s in range(SQUARES)) for c in COLOURS)
LEADER_ACTIONS = tuple(tuple(Action(Kind.LEADER, c, s) for s in range(SQUARES)) for c in COLOURS)
WITHDRAW_ACTIONS = tuple(Action(Kind.WITHDRAW, c) for c in COLOURS)
WAR_ACTIONS = tuple(Action(Kind.WAR, c) for c in COLOURS)
CATASTROPHE_ACTIONS = tuple(Action(Kind.CATASTROPHE, square=s) for s in range(SQUARES))
TREASURE_ACTIONS = tuple(Action(Kind.TREASURE, square=s) for s in range(SQUARES))
BUILDING_ACTIONS = tuple(tuple(Action(Kind.BUILDING, c, s) for s in range(SQUARES)) for c in COLOURS)
WONDER_ACTIONS = tuple(Action(Kind.WONDER, square=s) for s in range(SQUARES))
POINT_ACTIONS = tuple(Action(Kind.POINT, c) for c in COLOURS)
COMMIT_ACTIONS = tuple(Action(Kind.COMMIT, number=n) for n in range(60))
PASS = Action(Kind.PASS)
DECLINE = Action(Kind.DECLINE)
_SWAPS: dict[tuple[int, int, int, int], Action] = {}


# The texts of the actions made once for the whole run (never freed, so their ids stay theirs): a game
# record or a self-play game writes every action's text.
_TEXTS: dict[int, str] = {}


def _remember_texts(actions: Iterable[Action]) -> None:
    for action in actions:
        _TEXTS[id(action)] = action._spelt()


for _table in (*TILE_ACTIONS, *LEADER_ACTIONS, *BUILDING_ACTIONS):
    _remember_texts(_table)
_remember_texts(
    (
        *WITHDRAW_ACTIONS,
        *WAR_ACTIONS,
        *CATASTROPHE_ACTIONS,
        *TREASURE_ACTIONS,
        *WONDER_ACTIONS,
        *POINT_ACTIONS,
        *COMMIT_ACTIONS,
        PASS,
        DECLINE,
    )
)


def commit_action(n: int) -> Action:
    return COMMIT_ACTIONS[n] if n < len(COMMIT_ACTIONS) else Action(Kind.COMMIT, number=n)


def swap_action(tiles: tuple[int, int, int, int]) -> Action:
    action = _SWAPS.get(tiles)
    if action is None:
        action = _SWAPS[tiles] = Action(Kind.SWAP, tiles=tiles)
        _remember_texts((action,))
    return action


def monument_action(pair: tuple[Colour, Colour], square: int) -> Action:
    return Action(Kind.MONUMENT, square=square, pair=pair)
