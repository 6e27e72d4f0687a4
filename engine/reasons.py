"""Why something is refused, as a code with parameters: the engine gives no words for people.

A ``Reason`` names a code and fills its parameters (square names, colours, counts...); its ``str()`` is the
engine's English sentence for logs and ``python -m engine``. The bot turns the same code into the reader's
language (``i18n.refusals``), so every code has a message there, checked by a test.

Codes are enums whose members carry their English template; a template's ``{placeholders}`` are exactly the
code's parameters (attribute access such as ``{colour.tile_name}`` reads the parameter ``colour``).
"""

from __future__ import annotations

import string
from collections.abc import Mapping
from enum import Enum
from typing import Final, NamedTuple, Protocol, TypeAlias


class Named(Protocol):
    """A colour (``engine.actions.Colour``, which imports this module) as the English names it."""

    @property
    def word(self) -> str: ...
    @property
    def tile_name(self) -> str: ...
    @property
    def leader_name(self) -> str: ...
    @property
    def building_name(self) -> str: ...


class Content(NamedTuple):
    """What stands on a square when a refusal names it (``kind`` is one of ``CONTENT_KINDS``)."""

    kind: str
    colour: Named | None = None
    seat: int | None = None  # a leader's owner

    def __str__(self) -> str:
        c = self.colour
        if self.kind == "leader" and c is not None:
            return f"a leader ({c.leader_name} of seat {self.seat})"
        if self.kind == "tile-under-building" and c is not None:
            return f"a {c.tile_name} under the {c.building_name}"
        if self.kind == "tile" and c is not None:
            return f"a {c.tile_name}"
        return {"catastrophe": "a catastrophe", "wonder": "the wonder", "monument": "a monument"}[self.kind]


CONTENT_KINDS: Final = ("leader", "catastrophe", "wonder", "monument", "tile", "tile-under-building")

# A square name ("E5"), a count, a Colour, a Phase, what a square holds, squares, a pair of colours.
Param: TypeAlias = int | str | Enum | Content | tuple[str, ...] | tuple[int, int]


class Code(Enum):
    """A base for enums of codes: each member is ``NAME = "the-code", "its English template"``."""

    english: str
    params: frozenset[str]  # the names of the code's parameters: its English template's placeholders

    def __new__(cls, code: str, english: str) -> Code:
        member = object.__new__(cls)
        member._value_ = code
        member.english = english
        member.params = frozenset(
            name.split(".")[0].split("[")[0] for _, name, _, _ in string.Formatter().parse(english) if name
        )
        return member

    @property
    def code(self) -> str:
        return str(self.value)


# What a phase waits for, in the English of ``Refusal.WRONG_KIND`` (keyed by ``Phase.value``).
PHASE_WAITS: Final[Mapping[str, str]] = {
    "revolt-attacker": "the attacker's commitment in a revolt ('commit <n>')",
    "revolt-defender": "the defender's commitment in a revolt ('commit <n>')",
    "war-attacker": "the attacker's commitment in a war ('commit <n>')",
    "war-defender": "the defender's commitment in a war ('commit <n>')",
    "war-choice": "the choice of the next war ('war <colour>')",
    "building": "a civilization building choice ('building <colour> <square>' or 'decline')",
    "monument": "a monument choice ('monument <colours> <square>' or 'decline')",
    "wonder": "the wonder choice ('wonder <square>' or 'decline')",
    "treasure": "a treasure choice ('treasure <square>')",
    "wonder-point": "the colour of the wonder's point ('point <colour>')",
}


class Refusal(Code):
    """Every reason the engine gives a player for refusing an action, an undo or a piece of notation."""

    # the rules (engine.legal, engine.game)
    GAME_OVER = "game-over", "the game is over"
    NOT_YOUR_TURN = "not-your-turn", "it is not your turn"
    NOT_YOUR_CHOICE = "not-your-choice", "this choice is not yours to make"
    TURN_ACTION_NOW = (
        "turn-action-now",
        "no conflict, monument or treasure is waiting for a choice now: it is a turn action",
    )
    TURN_ACTION_NOW_2015 = (
        "turn-action-now-2015",
        "no conflict, building, monument, wonder or treasure is waiting for a choice now: "
        "it is a turn action",
    )
    WRONG_KIND = "wrong-kind", "the game waits for {waiting}, not a {kind} action"
    HOLD_ONLY = "hold-only", "you hold only {held} {colour.tile_name}{held:plural}"
    ENGLISH_ATTACKER = (
        "english-attacker",
        "in the English variant the attacker commits tiles only if that makes them stronger",
    )
    ENGLISH_DEFENDER = (
        "english-defender",
        "in the English variant the defender commits tiles only to tie exactly",
    )
    NO_SUCH_WAR = "no-such-war", "there is no {colour.word} war to resolve"
    MONUMENT_TAKEN = "monument-taken", "the {monument} monument is not available"
    MONUMENT_NO_SQUARE = (
        "monument-no-square",
        "no square of four matching tiles with its top-left corner on {square} "
        "can take the {monument} monument",
    )
    TREASURE_SQUARES = "treasure-squares", "you may take the treasure on {squares}"
    OTHER_BUILDING = "other-building", "only the {colour.building_name} ({colour.word}) may be placed now"
    BUILDING_SQUARES = "building-squares", "the {colour.building_name} may go on {squares}"
    WONDER_SQUARES = "wonder-squares", "the wonder goes on a plus of five tiles centred on {squares}"
    NO_TILE_IN_HAND = "no-tile-in-hand", "you have no {colour.tile_name}s ({colour.word}) in your hand"
    NOT_EMPTY = "not-empty", "{square} is not empty: it holds {content}"
    RIVER_SQUARE = "river-square", "{square} is a river square: only farms (blue) go on rivers"
    NOT_RIVER = "not-river", "{square} is not a river square: farms (blue) go only on rivers"
    THREE_KINGDOMS = (
        "three-kingdoms",
        "a tile on {square} would unite three kingdoms: a tile may unite at most two",
    )
    LEADER_ALREADY_THERE = "leader-already-there", "your {colour.leader_name} is already on {square}"
    LEADER_ON_RIVER = "leader-on-river", "{square} is a river square: leaders stand only on land"
    NO_TEMPLE_BESIDE = (
        "no-temple-beside",
        "{square} is not next to a face-up temple: a leader must stand beside one",
    )
    LEADER_UNITES = (
        "leader-unites",
        "a leader on {square} would unite two kingdoms: only tiles may unite kingdoms",
    )
    LEADER_NOT_ON_BOARD = "leader-not-on-board", "your {colour.leader_name} is not on the board"
    NO_CATASTROPHES = "no-catastrophes", "you have no catastrophe tiles left"
    TREASURE_SQUARE = "treasure-square", "{square} carries a treasure: a catastrophe cannot go there"
    CATASTROPHE_BLOCKED = "catastrophe-blocked", "a catastrophe cannot go on {square}: it holds {content}"
    # taking back (engine.undo, R32)
    NOTHING_TO_TAKE_BACK = "nothing-to-take-back", "There is nothing of yours to take back this turn."
    UNDO_GAME_OVER = "undo-game-over", "The game is over, so nothing can be taken back."
    UNDO_ANOTHER_CHOSE = (
        "undo-another-chose",
        "You cannot take that back: another player has made a choice since.",
    )
    UNDO_WAITING = (
        "undo-waiting",
        "You cannot take that back now: the game waits for another player's choice.",
    )
    UNDO_TILE_DRAWN = "undo-tile-drawn", "You cannot take that back: a tile was drawn since."
    UNDO_TURN_ENDED = "undo-turn-ended", "You cannot take that back: your turn has ended."
    UNDO_CONFLICT = "undo-conflict", "You cannot take that back: a conflict was started."
    UNDO_COMMITTED = "undo-committed", "You cannot take that back: tiles committed to a conflict are final."
    UNDO_TREASURE = "undo-treasure", "You cannot take that back: a treasure was taken."
    UNDO_MONUMENT = "undo-monument", "You cannot take that back: the monument choice has been made."
    UNDO_BUILDING = "undo-building", "You cannot take that back: the building choice has been made."
    UNDO_WONDER = "undo-wonder", "You cannot take that back: the wonder choice has been made."
    # notation a player types (engine.actions, engine.board)
    EMPTY_ACTION = "empty-action", "an empty action: try 'tile red e5' or 'pass'"
    NOT_AN_ACTION = (
        "not-an-action",
        "{text} is not an action: use tile, leader, withdraw, catastrophe, swap, pass, "
        "commit, war, monument, building, wonder, decline, treasure or point",
    )
    WRITE_IT_AS = "write-it-as", "write it as '{usage}'"
    NOT_A_COLOUR = "not-a-colour", "{text} is not a colour: use red, blue, green or black"
    NOT_A_MONUMENT = "not-a-monument", "{text} is not a monument: write two colours like red-blue"
    MONUMENT_SAME_COLOUR = "monument-same-colour", "{text} is not a monument: its two colours must differ"
    SWAP_COUNT = "swap-count", "a swap names 1 to 6 tiles, like 'swap red red blue'"
    COMMIT_TOO_MANY = "commit-too-many", "a hand holds at most {most} tiles: commit a number from 0 to {most}"
    NOT_A_NUMBER = "not-a-number", "{text} is not a number of tiles: write it like 'commit 2'"
    NOT_A_SQUARE = "not-a-square", "{text} is not a square: write a column a-p and a row 1-11, like e5"


class Reason:
    """A code and its parameters; ``str()`` is the engine's English."""

    __slots__ = ("code", "params")

    def __init__(self, code: Code, /, **params: Param) -> None:
        if params.keys() != code.params:
            raise TypeError(f"{code!r} takes {sorted(code.params)}, not {sorted(params)}")
        self.code: Final = code
        self.params: Final[Mapping[str, Param]] = params

    def __str__(self) -> str:
        return _ENGLISH.vformat(self.code.english, (), {k: _english(v) for k, v in self.params.items()})

    def __repr__(self) -> str:
        return f"Reason({self.code!r}, {dict(self.params)!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Reason) and (self.code, self.params) == (other.code, other.params)

    def __hash__(self) -> int:
        return hash((self.code, tuple(sorted(self.params.items(), key=lambda item: item[0]))))

    def __reduce__(self) -> tuple[object, ...]:
        # pickled between the bot and its worker process (a hint's reasons)
        return (_rebuild, (self.code, dict(self.params)))


def _rebuild(code: Code, params: dict[str, Param]) -> Reason:
    return Reason(code, **params)


class _EnglishFormatter(string.Formatter):
    """``{n:plural}`` is the English plural ending after a count: "s" unless the count is one."""

    def format_field(self, value: object, format_spec: str) -> str:
        if format_spec == "plural":
            return "" if value == 1 else "s"
        return str(super().format_field(value, format_spec))


_ENGLISH = _EnglishFormatter()


def _english(value: Param) -> object:
    if isinstance(value, Content):
        return value
    if isinstance(value, tuple) and all(isinstance(v, str) for v in value):
        return ", ".join(str(v) for v in value)
    if isinstance(value, tuple):  # a monument's pair of colours
        return "-".join(getattr(v, "word", str(v)) for v in value)
    if isinstance(value, Enum) and isinstance(value.value, str) and value.value in PHASE_WAITS:
        return PHASE_WAITS[value.value]
    return value
