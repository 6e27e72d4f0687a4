"""Vector symbols, drawn on a 100 x 100 design grid and rendered as antialiased alpha masks.

Each tile kind has its own silhouette (so the board reads without colour): temple = a pediment on
columns, farm = an ear of wheat, market = a pair of scales, settlement = a brick wall. Each dynasty
too: archer = a drawn bow, bull = a horned head, pot = an amphora, lion = a maned head.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable

from PIL import Image, ImageDraw

SUPERSAMPLE = 4
INK, CUT = 255, 0

Point = tuple[float, float]


class Pen:
    """Draws on an ``L`` mask in design units (0..100 across the mask)."""

    def __init__(self, image: Image.Image) -> None:
        self.draw = ImageDraw.Draw(image)
        self.k = image.width / 100

    def _p(self, points: list[Point]) -> list[tuple[float, float]]:
        k = self.k
        return [(x * k, y * k) for x, y in points]

    def _box(self, x0: float, y0: float, x1: float, y1: float) -> tuple[float, float, float, float]:
        k = self.k
        return (x0 * k, y0 * k, x1 * k, y1 * k)

    def poly(self, points: list[Point], fill: int = INK) -> None:
        self.draw.polygon(self._p(points), fill=fill)

    def rect(self, x0: float, y0: float, x1: float, y1: float, fill: int = INK) -> None:
        self.draw.rectangle(self._box(x0, y0, x1, y1), fill=fill)

    def round_rect(self, x0: float, y0: float, x1: float, y1: float, r: float, fill: int = INK) -> None:
        self.draw.rounded_rectangle(self._box(x0, y0, x1, y1), radius=r * self.k, fill=fill)

    def ellipse(self, x0: float, y0: float, x1: float, y1: float, fill: int = INK) -> None:
        self.draw.ellipse(self._box(x0, y0, x1, y1), fill=fill)

    def circle(self, x: float, y: float, r: float, fill: int = INK) -> None:
        self.ellipse(x - r, y - r, x + r, y + r, fill)

    def ring(self, x: float, y: float, r: float, width: float, fill: int = INK) -> None:
        self.draw.ellipse(self._box(x - r, y - r, x + r, y + r), outline=fill, width=round(width * self.k))

    def line(self, points: list[Point], width: float, fill: int = INK) -> None:
        self.draw.line(self._p(points), fill=fill, width=round(width * self.k), joint="curve")
        for x, y in (points[0], points[-1]):  # round caps
            self.circle(x, y, width / 2, fill)

    def arc(
        self, box: tuple[float, float, float, float], start: float, end: float, width: float, fill: int = INK
    ) -> None:
        self.draw.arc(self._box(*box), start, end, fill=fill, width=round(width * self.k))

    def chord(
        self, box: tuple[float, float, float, float], start: float, end: float, fill: int = INK
    ) -> None:
        self.draw.chord(self._box(*box), start, end, fill=fill)

    def oval(self, x: float, y: float, rx: float, ry: float, angle: float, fill: int = INK) -> None:
        """An ellipse centred on (x, y), turned by ``angle`` degrees clockwise."""
        a = math.radians(angle)
        ca, sa = math.cos(a), math.sin(a)
        pts = []
        for i in range(36):
            t = 2 * math.pi * i / 36
            ex, ey = rx * math.cos(t), ry * math.sin(t)
            pts.append((x + ex * ca - ey * sa, y + ex * sa + ey * ca))
        self.poly(pts, fill)


# -- tile kinds


def temple(p: Pen) -> None:
    p.poly([(8, 38), (50, 10), (92, 38)])  # pediment
    p.rect(12, 41, 88, 48)  # architrave
    for x in (17, 44, 71):
        p.rect(x, 51, x + 12, 78)  # columns
    p.rect(8, 81, 92, 90)  # steps


def farm(p: Pen) -> None:
    p.line([(50, 94), (50, 24)], 7)  # stem
    p.oval(50, 16, 7, 13, 0)
    for y in (32, 48, 64):
        p.oval(38, y, 7, 14, -38)
        p.oval(62, y, 7, 14, 38)
    p.line([(50, 78), (34, 86)], 5)  # leaf


def market(p: Pen) -> None:
    p.circle(50, 14, 7)
    p.rect(46, 16, 54, 82)  # post
    p.poly([(30, 92), (36, 82), (64, 82), (70, 92)])  # foot
    p.line([(12, 26), (88, 26)], 7)  # beam
    for cx in (21, 79):
        p.line([(cx - 15, 58), (cx, 28), (cx + 15, 58)], 3)  # strings
        p.chord((cx - 17, 44, cx + 17, 74), 0, 180)  # pan


def settlement(p: Pen) -> None:
    rows = (
        (18, 36, ((10, 47), (53, 90))),
        (41, 59, ((10, 27), (32, 68), (73, 90))),
        (64, 82, ((10, 47), (53, 90))),
    )
    for y0, y1, bricks in rows:
        for x0, x1 in bricks:
            p.round_rect(x0, y0, x1, y1, 2)


# -- dynasties


def archer(p: Pen) -> None:
    p.arc((16, 6, 88, 94), -72, 72, 11)  # bow
    p.line([(63, 10), (28, 50), (63, 90)], 4.5)  # drawn string
    p.line([(22, 50), (82, 50)], 7)  # arrow shaft
    p.poly([(98, 50), (78, 37), (82, 50), (78, 63)])  # head
    p.poly([(32, 50), (16, 37), (4, 37), (18, 50), (4, 63), (16, 63)])  # fletching


def bull(p: Pen) -> None:
    p.poly([(28, 36), (72, 36), (66, 72), (60, 88), (40, 88), (34, 72)])  # face
    p.oval(50, 82, 15, 10, 0)  # muzzle
    for side in (-1, 1):

        def x(v: float, s: int = side) -> float:
            return 50 + s * v

        horn = [(14, 40), (24, 33), (36, 22), (44, 8), (46, 18), (40, 32), (26, 42)]
        p.poly([(x(a), b) for a, b in horn])
        p.poly([(x(20), 42), (x(38), 42), (x(44), 52), (x(26), 54)])  # ear
        p.circle(x(9), 56, 4.5, CUT)  # eye
        p.circle(x(6), 84, 3, CUT)  # nostril


def pot(p: Pen) -> None:
    p.rect(32, 8, 68, 16)  # lip
    p.rect(40, 14, 60, 36)  # neck
    p.ellipse(20, 28, 80, 84)  # body
    p.poly([(36, 78), (64, 78), (68, 94), (32, 94)])  # foot
    p.arc((16, 14, 46, 50), 90, 270, 6)  # handles
    p.arc((54, 14, 84, 50), -90, 90, 6)
    p.rect(24, 50, 76, 56, CUT)  # painted band


def lion(p: Pen) -> None:
    spikes = 14
    pts = []
    for i in range(2 * spikes):
        a = math.pi * i / spikes
        r = 47 if i % 2 == 0 else 36
        pts.append((50 + r * math.sin(a), 52 - r * math.cos(a)))
    p.poly(pts)  # mane
    p.circle(50, 54, 26, CUT)  # face
    p.circle(31, 30, 8)  # ears
    p.circle(69, 30, 8)
    p.circle(41, 48, 4.5)  # eyes
    p.circle(59, 48, 4.5)
    p.poly([(42, 58), (58, 58), (50, 67)])  # nose
    p.line([(50, 66), (50, 71), (42, 75)], 3)  # mouth
    p.line([(50, 71), (58, 75)], 3)


DYNASTY_NAMES = ("archer", "bull", "pot", "lion")  # by seat


# -- other pieces


def catastrophe(p: Pen) -> None:
    p.line([(20, 20), (80, 80)], 15)
    p.line([(80, 20), (20, 80)], 15)


def treasure(p: Pen) -> None:
    p.poly([(6, 36), (28, 10), (72, 10), (94, 36), (50, 94)])


def treasure_facets(p: Pen) -> None:
    p.line([(6, 36), (94, 36)], 5)
    p.line([(28, 10), (38, 36), (50, 94)], 4)
    p.line([(72, 10), (62, 36), (50, 94)], 4)


def unification(p: Pen) -> None:
    p.ring(35, 50, 23, 10)
    p.ring(65, 50, 23, 10)


def building(p: Pen) -> None:
    """A civilization building (R28): a house with a pitched roof, drawn over its tile."""
    p.poly([(50, 3), (97, 43), (87, 43), (87, 96), (13, 96), (13, 43), (3, 43)])


# the wonder (R29) on the 3 x 3 squares around its centre: a plus one square (33.3 units) wide
_THIRD = 100 / 3


def _plus(inset: float) -> list[Point]:
    a, b = _THIRD + inset, 2 * _THIRD - inset
    lo, hi = inset, 100 - inset
    return [
        (a, lo),
        (b, lo),
        (b, a),
        (hi, a),
        (hi, b),
        (b, b),
        (b, hi),
        (a, hi),
        (a, b),
        (lo, b),
        (lo, a),
        (a, a),
    ]


def wonder_plate(p: Pen) -> None:
    p.poly(_plus(2.5))


def wonder_face(p: Pen) -> None:
    """The plate inside its border, with the symbols cut out: an eight-pointed star in the middle (the
    sign of Ishtar) and a stepped tower on each arm, pointing outwards."""
    p.poly(_plus(5.5))
    star = []
    for i in range(16):
        angle = math.pi * i / 8
        r = 13 if i % 2 == 0 else 6
        star.append((50 + r * math.sin(angle), 50 - r * math.cos(angle)))
    p.poly(star, CUT)
    for turn in range(4):  # a stepped tower on each arm, its top towards the end of the arm

        def at(x: float, y: float, t: int = turn) -> Point:
            dx, dy = x - 50, y - 50
            for _ in range(t):
                dx, dy = -dy, dx
            return (50 + dx, 50 + dy)

        for x0, x1, y0, y1 in ((42, 58, 26, 30), (44.5, 55.5, 21, 26), (47, 53, 16, 21)):
            p.poly([at(x0, y0), at(x1, y0), at(x1, y1), at(x0, y1)], CUT)


# -- seat marks


def away(p: Pen) -> None:
    """A crescent moon: the player is away."""
    p.circle(46, 54, 40)
    p.circle(66, 38, 33, CUT)
    p.rect(74, 62, 94, 68)  # a small "z"
    p.poly([(88, 68), (94, 68), (80, 86), (74, 86)])
    p.rect(74, 86, 94, 92)


def computer(p: Pen) -> None:
    """A robot's head: a computer player plays the seat."""
    p.line([(50, 22), (50, 8)], 6)  # antenna
    p.circle(50, 8, 7)
    p.round_rect(14, 24, 86, 88, 14)
    p.rect(4, 44, 12, 70)  # ears
    p.rect(88, 44, 96, 70)
    p.circle(35, 48, 9, CUT)  # eyes
    p.circle(65, 48, 9, CUT)
    p.rect(30, 68, 70, 76, CUT)  # mouth


def resigned(p: Pen) -> None:
    """A white flag on its pole."""
    p.line([(22, 8), (22, 94)], 9)
    p.poly([(26, 10), (90, 24), (26, 52)])


def replaced(p: Pen) -> None:
    """Two arrows passing each other: the seat changed hands."""
    p.line([(10, 30), (76, 30)], 10)
    p.poly([(96, 30), (70, 10), (70, 50)])
    p.line([(24, 70), (90, 70)], 10)
    p.poly([(4, 70), (30, 50), (30, 90)])


GLYPHS: dict[str, Callable[[Pen], None]] = {
    "temple": temple,
    "farm": farm,
    "market": market,
    "settlement": settlement,
    "archer": archer,
    "bull": bull,
    "pot": pot,
    "lion": lion,
    "catastrophe": catastrophe,
    "treasure": treasure,
    "treasure-facets": treasure_facets,
    "unification": unification,
    "building": building,
    "wonder-plate": wonder_plate,
    "wonder-face": wonder_face,
    "away": away,
    "computer": computer,
    "resigned": resigned,
    "replaced": replaced,
}


@functools.cache
def mask(name: str, size: int) -> Image.Image:
    """The glyph as an antialiased ``L`` mask of ``size`` x ``size`` pixels."""
    big = Image.new("L", (size * SUPERSAMPLE, size * SUPERSAMPLE), 0)
    GLYPHS[name](Pen(big))
    return big.reduce(SUPERSAMPLE)
