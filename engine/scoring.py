"""Final scoring (R24): the standings of a finished game, and a seat's score at any time."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import NamedTuple

from engine.actions import COLOURS, Colour


class Points(NamedTuple):
    """Points of one seat per colour (R10)."""

    red: int
    blue: int
    green: int
    black: int


@dataclass(frozen=True)
class Score:
    """One seat's points and treasures, and what they are worth if the game ended now (R24)."""

    seat: int
    points: Points
    treasures: int

    @property
    def final(self) -> tuple[int, int, int, int]:
        """The points with the treasures added where they help most."""
        return allocate_treasures(self.points, self.treasures)

    @property
    def lowest(self) -> int:
        """The score that ranks players: the weakest colour once treasures are added."""
        return min(self.final)


@dataclass(frozen=True)
class Standing:
    seat: int
    place: int  # 1 = winner; tied players share a place (R24)
    points: tuple[int, int, int, int]  # as scored, red blue green black
    treasures: int
    final: tuple[int, int, int, int]  # with treasures allocated
    weakest: Colour  # the colour that decides (first lowest)

    @property
    def score(self) -> int:
        return min(self.final)


@dataclass(frozen=True)
class Outcome:
    reason: str  # "treasures" | "bag"
    standings: tuple[Standing, ...]  # best first


def allocate_treasures(points: Sequence[int], treasures: int) -> tuple[int, int, int, int]:
    """Add each treasure to the current lowest colour (first such colour on ties): this makes the
    weakest colour as strong as possible, then the next, and so on."""
    final = list(points)
    for _ in range(treasures):
        lowest = min(range(4), key=lambda c: (final[c], c))
        final[lowest] += 1
    return (final[0], final[1], final[2], final[3])


def final_standings(points: Sequence[Sequence[int]], treasures: Sequence[int]) -> list[Standing]:
    """Rank by lowest colour, then second lowest, and so on; equal players share the place."""
    rows = []
    for seat, (pts, held) in enumerate(zip(points, treasures, strict=True)):
        final = allocate_treasures(pts, held)
        weakest = COLOURS[min(range(4), key=lambda c: (final[c], c))]
        rows.append((tuple(sorted(final)), seat, final, weakest))
    rows.sort(key=lambda row: (tuple(-v for v in row[0]), row[1]))
    standings: list[Standing] = []
    for i, (key, seat, final, weakest) in enumerate(rows):
        place = i + 1 if i == 0 or key != rows[i - 1][0] else standings[-1].place
        pts = points[seat]
        standings.append(
            Standing(seat, place, (pts[0], pts[1], pts[2], pts[3]), treasures[seat], final, weakest)
        )
    return standings
