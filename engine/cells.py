"""What one square holds, as a small int, and the counts of the game's pieces (R2).

Board cells are ints in one list, so copying and scanning stay cheap:
``-1`` empty, ``0-3`` a face-up tile of that colour, ``4-7`` a face-down tile (colour + 4, under a monument),
``8`` a catastrophe, ``9`` a square of the wonder (R29), ``16 + seat * 4 + colour`` a leader.

A square *connects* (R4) when it holds a tile of either face, the wonder or a leader: ``value >= 0 and
value != CATASTROPHE``. Values 10-15 are free for other pieces that connect without being a civilization tile;
leader values stay the highest so ``value >= LEADER`` finds leaders. A civilization building (R28) is not a
cell value: it sits on a face-up tile of its colour (``engine.kingdoms.Kingdoms.buildings``).
"""

from __future__ import annotations

from typing import Final

from engine.actions import COLOURS

EMPTY: Final = -1
FACE_DOWN: Final = 4
CATASTROPHE: Final = 8
WONDER: Final = 9
LEADER: Final = 16

RED: Final = COLOURS[0]
BLUE: Final = COLOURS[1]
GREEN: Final = COLOURS[2]
BLACK: Final = COLOURS[3]

HAND_SIZE: Final = 6
TILE_COUNTS: Final = (57, 36, 30, 30)  # R2: 153 civilization tiles, red blue green black
LEADERS_PER_PLAYER: Final = 4
CATASTROPHES_PER_PLAYER: Final = 2


def connects(value: int) -> bool:
    """R4: tiles of either face and leaders connect; empty squares and catastrophes do not."""
    return value >= 0 and value != CATASTROPHE


def leader_value(seat: int, colour: int) -> int:
    return LEADER + seat * 4 + colour


def leader_of(value: int) -> tuple[int, int]:
    """(seat, colour) of a leader's cell value."""
    return divmod(value - LEADER, 4)


def is_face_up_tile(value: int) -> bool:
    return 0 <= value < FACE_DOWN


def is_tile(value: int) -> bool:
    """A civilization tile of either face."""
    return 0 <= value < CATASTROPHE
