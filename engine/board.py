"""The two maps (R1, R27), squares and their notation.

A square is an int ``row * 16 + column`` (0-based), so ascending order is the rulings' square order
A1, B1, ... P1, A2, ... P11.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from engine.errors import NotationError, quoted
from engine.reasons import Refusal

COLUMNS: Final = 16
ROWS: Final = 11
SQUARES: Final = COLUMNS * ROWS
COLUMN_LETTERS: Final = "abcdefghijklmnop"


def _name(square: int) -> str:
    return f"{COLUMN_LETTERS[square % COLUMNS]}{square // COLUMNS + 1}"


SQUARE_NAMES: Final = tuple(_name(s) for s in range(SQUARES))  # every action's text names one


def square_name(square: int) -> str:
    """``square_name(0) == "a1"``: lowercase, as in the action notation."""
    return SQUARE_NAMES[square] if 0 <= square < SQUARES else _name(square)


def whole_number(text: str, most: int) -> int | None:
    """The value of ``text`` if it is ASCII digits worth at most ``most``, else None; never an exception.

    str.isdigit() alone also accepts '²' (which int() refuses) and '٣' (which int() reads as 3), and int()
    raises ValueError on thousands of digits, so both are kept away from int()."""
    if not (text.isascii() and text.isdigit()):
        return None
    significant = text.lstrip("0") or "0"
    if len(significant) > len(str(most)):
        return None
    n = int(significant)
    return n if n <= most else None


def parse_square(text: str) -> int:
    """``parse_square("e5") == parse_square(" E5 ") == 68``; other text raises NotationError, nothing else."""
    name = text.strip().lower()
    column, row = name[:1], whole_number(name[1:], ROWS)
    if not column or column not in COLUMN_LETTERS or not row:
        raise NotationError.because(Refusal.NOT_A_SQUARE, text=quoted(text))
    return (row - 1) * COLUMNS + COLUMN_LETTERS.index(column)


def _neighbours(square: int) -> tuple[int, ...]:
    row, col = divmod(square, COLUMNS)
    out = []
    if row > 0:
        out.append(square - COLUMNS)
    if col > 0:
        out.append(square - 1)
    if col < COLUMNS - 1:
        out.append(square + 1)
    if row < ROWS - 1:
        out.append(square + COLUMNS)
    return tuple(out)


NEIGHBOURS: Final[tuple[tuple[int, ...], ...]] = tuple(_neighbours(s) for s in range(SQUARES))


@dataclass(frozen=True)
class BoardMap:
    """One side of the board: where the rivers are and where the treasures start."""

    name: str
    river: frozenset[int]
    start_temples: tuple[int, ...]
    special: frozenset[int]  # treasures taken first (R22)
    land_squares: tuple[int, ...]
    river_squares: tuple[int, ...]


def _parse_map(name: str, grid: str, special: str) -> BoardMap:
    river: set[int] = set()
    temples: list[int] = []
    rows = [line.split() for line in grid.strip().splitlines()]
    assert len(rows) == ROWS and all(len(r) == COLUMNS for r in rows), name
    for r, cells in enumerate(rows):
        for c, cell in enumerate(cells):
            square = r * COLUMNS + c
            if cell == "~":
                river.add(square)
            elif cell == "T":
                temples.append(square)
    specials = frozenset(parse_square(s) for s in special.split())
    land = tuple(s for s in range(SQUARES) if s not in river)
    return BoardMap(name, frozenset(river), tuple(temples), specials, land, tuple(sorted(river)))


# From ../shared/reference/boards.md. T marks a starting temple with its treasure.
STANDARD: Final = _parse_map(
    "standard",
    """
    . . . . ~ ~ ~ ~ ~ . T . ~ . . .
    . T . . ~ . . . . . . . ~ . . T
    . . . ~ ~ T . . . . . . ~ ~ . .
    ~ ~ ~ ~ . . . . . . . . . ~ ~ ~
    . . . . . . . . . . . . . T ~ ~
    . . . . . . . . . . . . . . ~ .
    ~ ~ ~ ~ . . . . T . . . ~ ~ ~ .
    . T . ~ ~ ~ ~ . . . . . ~ . . .
    . . . . . . ~ ~ ~ ~ ~ ~ ~ . T .
    . . . . . T . . . . . . . . . .
    . . . . . . . . . . T . . . . .
    """,
    "b2 p2 b8 o9",
)

# The single source lists I11 as special, but I11 holds no temple; boards.md says to treat J11 as special.
ADVANCED: Final = _parse_map(
    "advanced",
    """
    . . ~ ~ T . . . . T . . . . . ~
    . . ~ ~ . . . . . . . . . . T ~
    . T ~ ~ . . . . . . . . . . . ~
    . . ~ . . . T . . . . T ~ ~ ~ ~
    . . ~ . . . . . . . . . ~ . . .
    . . ~ T . . . . . . . . ~ . . T
    . . ~ ~ . . . . . . . . ~ ~ . .
    T . . ~ ~ ~ . T . . . . T ~ . .
    . . . . . ~ ~ ~ . . . . . ~ . .
    . . . . T . ~ ~ ~ ~ ~ ~ ~ ~ . .
    . . . . . . ~ . . T . . . . T .
    """,
    "b3 p6 a8 e10 j11 o11",
)

MAPS: Final = {"standard": STANDARD, "advanced": ADVANCED}
