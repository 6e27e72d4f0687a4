"""The small value types of a game: its settings, what it waits for, a conflict in progress, what happened."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Final

from engine.actions import Colour
from engine.board import MAPS
from engine.cells import RED
from engine.errors import NotationError


class Phase(Enum):
    """What the game waits for."""

    ACTION = "action"  # the active player's next action
    REVOLT_ATTACKER = "revolt-attacker"
    REVOLT_DEFENDER = "revolt-defender"
    WAR_CHOICE = "war-choice"  # the active player picks the next war (R16)
    WAR_ATTACKER = "war-attacker"
    WAR_DEFENDER = "war-defender"
    BUILDING = "building"  # R28: the placer may put or move a civilization building, or decline
    MONUMENT = "monument"
    WONDER = "wonder"  # R29: the placer may erect the wonder, or decline
    TREASURE = "treasure"
    WONDER_POINT = (
        "wonder-point"  # R29: the active player's king by the wonder scores a colour of their choice
    )
    OVER = "over"

    @property
    def is_commit(self) -> bool:
        return (
            self is PHASE_REVOLT_ATTACKER
            or self is PHASE_REVOLT_DEFENDER
            or self is PHASE_WAR_ATTACKER
            or self is PHASE_WAR_DEFENDER
        )

    @property
    def is_attacker(self) -> bool:
        return self is PHASE_REVOLT_ATTACKER or self is PHASE_WAR_ATTACKER


COMMIT_PHASES: Final = frozenset(
    {Phase.REVOLT_ATTACKER, Phase.REVOLT_DEFENDER, Phase.WAR_ATTACKER, Phase.WAR_DEFENDER}
)

# The phases as module names, for the rules' steps: reading ``Phase.ACTION`` goes through the enum's
# metaclass, several times slower than a module name, and a game reads phases many times per action.
PHASE_ACTION: Final = Phase.ACTION
PHASE_REVOLT_ATTACKER: Final = Phase.REVOLT_ATTACKER
PHASE_REVOLT_DEFENDER: Final = Phase.REVOLT_DEFENDER
PHASE_WAR_CHOICE: Final = Phase.WAR_CHOICE
PHASE_WAR_ATTACKER: Final = Phase.WAR_ATTACKER
PHASE_WAR_DEFENDER: Final = Phase.WAR_DEFENDER
PHASE_BUILDING: Final = Phase.BUILDING
PHASE_MONUMENT: Final = Phase.MONUMENT
PHASE_WONDER: Final = Phase.WONDER
PHASE_TREASURE: Final = Phase.TREASURE
PHASE_WONDER_POINT: Final = Phase.WONDER_POINT
PHASE_OVER: Final = Phase.OVER


@dataclass(frozen=True)
class Settings:
    players: int
    board: str = "standard"
    english: bool = False  # R26
    open_scoring: bool = False  # R25: points and treasures public
    buildings: bool = False  # R28: the four civilization buildings (2015 edition)
    wonder: bool = False  # R29: the wonder (2015 edition)
    # set up by hand (engine.position: rule tests, puzzles), not dealt by R2: its treasures may lie on any
    # temple and its catastrophes need not come from the players' supplies (engine.coherence)
    composed: bool = False

    def __post_init__(self) -> None:
        if not 2 <= self.players <= 4:
            raise NotationError("a game has 2, 3 or 4 players")
        if self.board not in MAPS:
            raise NotationError(f"{self.board!r} is not a board: use standard or advanced")


@dataclass
class Conflict:
    """A revolt or a war being resolved. Strengths come from the board, so only the choices are stored."""

    kind: str  # "revolt" | "war"
    colour: Colour  # the leaders' colour; a revolt is always fought with temples (R13)
    attacker: int
    defender: int
    attacker_commit: int | None = None

    @property
    def tile_colour(self) -> Colour:
        return RED if self.kind == "revolt" else self.colour

    def copy(self) -> Conflict:
        return Conflict(self.kind, self.colour, self.attacker, self.defender, self.attacker_commit)


@dataclass(frozen=True, init=False)
class Event:
    """Something that happened, for narration and highlights.

    ``private`` events (points scored, tiles drawn) belong to ``seat`` alone unless scoring is open.
    """

    kind: str
    seat: int | None = None
    colour: Colour | None = None
    squares: tuple[int, ...] = ()
    count: int = 0
    other: int | None = None
    private: bool = False

    def __init__(
        self,
        kind: str,
        seat: int | None = None,
        colour: Colour | None = None,
        squares: tuple[int, ...] = (),
        count: int = 0,
        other: int | None = None,
        private: bool = False,
    ) -> None:
        # the whole __dict__ at once instead of the frozen dataclass's seven object.__setattr__ calls: every
        # action makes one or more events
        object.__setattr__(
            self,
            "__dict__",
            {
                "kind": kind,
                "seat": seat,
                "colour": colour,
                "squares": squares,
                "count": count,
                "other": other,
                "private": private,
            },
        )
