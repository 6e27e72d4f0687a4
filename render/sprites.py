"""The pieces as ready-made pictures (an RGB image and its alpha), built once and pasted many times."""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass

from PIL import Image, ImageDraw

from engine import Colour
from render import glyphs, style

TILE_GLYPH_NAMES = ("temple", "farm", "market", "settlement")  # by Colour

DrawFn = Callable[[ImageDraw.ImageDraw, int], None]


@dataclass(frozen=True)
class Sprite:
    rgb: Image.Image
    alpha: Image.Image

    def put(self, target: Image.Image, x: int, y: int) -> None:
        target.paste(self.rgb, (x, y), self.alpha)

    def put_centred(self, target: Image.Image, cx: int, cy: int) -> None:
        self.put(target, cx - self.rgb.width // 2, cy - self.rgb.height // 2)


class _Canvas:
    """An RGBA canvas that shapes and glyph masks are composited onto."""

    def __init__(self, width: int, height: int | None = None) -> None:
        self.image = Image.new("RGBA", (width, height or width), (0, 0, 0, 0))

    def paint(self, colour: style.RGB, alpha: Image.Image, x: int = 0, y: int = 0) -> None:
        layer = Image.new("RGBA", alpha.size, (*colour, 0))
        layer.putalpha(alpha)
        self.image.alpha_composite(layer, (x, y))

    def glyph(self, name: str, colour: style.RGB, size: int, cx: float, cy: float) -> None:
        self.paint(colour, glyphs.mask(name, size), round(cx - size / 2), round(cy - size / 2))

    def shape(self, draw: DrawFn, colour: style.RGB) -> None:
        """Draw with ImageDraw on a supersampled mask (``draw(d, k)``, k = the scale) and paint it."""
        k = glyphs.SUPERSAMPLE
        big = Image.new("L", (self.image.width * k, self.image.height * k), 0)
        draw(ImageDraw.Draw(big), k)
        self.paint(colour, big.reduce(k))

    def sprite(self) -> Sprite:
        rgb = self.image.convert("RGB")
        return Sprite(rgb, self.image.getchannel("A"))


def _rounded(size: int, radius: float, inset: float = 0) -> DrawFn:
    def draw(d: ImageDraw.ImageDraw, k: int) -> None:
        d.rounded_rectangle(
            (inset * k, inset * k, (size - inset) * k - 1, (size - inset) * k - 1),
            radius=radius * k,
            fill=255,
        )

    return draw


def _square_tile(size: int, fill: style.RGB, glyph: str, ink: style.RGB, scale: float) -> Sprite:
    """A rounded square of one colour with a symbol in its middle: tiles and catastrophes."""
    c = _Canvas(size)
    c.shape(_rounded(size, size * 0.14), fill)
    c.glyph(glyph, ink, round(size * scale), size / 2, size / 2)
    return c.sprite()


@functools.cache
def tile(colour: Colour, size: int) -> Sprite:
    """A face-up civilization tile: its colour and its kind's symbol in white."""
    return _square_tile(size, style.TILE[colour], TILE_GLYPH_NAMES[colour], style.WHITE, 0.74)


@functools.cache
def face_down(colour: Colour, size: int) -> Sprite:
    """A face-down tile (under a monument): a muted colour with a dimmer symbol."""
    return _square_tile(size, style.FACE_DOWN[colour], TILE_GLYPH_NAMES[colour], style.STONE, 0.6)


@functools.cache
def catastrophe(size: int) -> Sprite:
    return _square_tile(size, style.CATASTROPHE, "catastrophe", style.WHITE, 0.8)


@functools.cache
def leader(seat: int, colour: Colour, size: int, badge: bool = True) -> Sprite:
    """A leader: a disc filled with the leader's colour under a light rim, its dynasty's symbol in white,
    and a white badge with the symbol of the tiles it goes with (priest: temple...) for colour-blind
    eyes. Round and rimmed, it stands out from the square tiles even when the picture is small."""
    ink = style.TILE[colour]
    c = _Canvas(size)
    rim = max(2.0, size * 0.06)

    def disc(d: ImageDraw.ImageDraw, k: int) -> None:
        d.ellipse((0, 0, size * k - 1, size * k - 1), fill=255)

    def inner(d: ImageDraw.ImageDraw, k: int) -> None:
        d.ellipse((rim * k, rim * k, (size - rim) * k - 1, (size - rim) * k - 1), fill=255)

    c.shape(disc, style.DISC)
    c.shape(inner, ink)
    centre = size * 0.43 if badge else size / 2  # clear of the badge
    c.glyph(glyphs.DYNASTY_NAMES[seat], style.WHITE, round(size * 0.6), centre, centre)
    if badge:
        b = round(size * 0.44)
        small = _Canvas(b)
        small.shape(_rounded(b, b * 0.22), ink)
        small.shape(_rounded(b, b * 0.2, inset=1.5), style.WHITE)
        small.glyph(TILE_GLYPH_NAMES[colour], ink, round(b * 0.78), b / 2, b / 2)
        c.image.alpha_composite(small.image, (size - b, size - b))
    return c.sprite()


@functools.cache
def dynasty(seat: int, size: int) -> Sprite:
    """A seat's dynasty symbol alone (for the strips and tables)."""
    c = _Canvas(size)
    c.glyph(glyphs.DYNASTY_NAMES[seat], style.INK, size, size / 2, size / 2)
    return c.sprite()


@functools.cache
def treasure(size: int) -> Sprite:
    c = _Canvas(size)
    c.paint(style.GOLD_EDGE, glyphs.mask("treasure", size))
    inner = size - 4
    c.paint(style.GOLD, glyphs.mask("treasure", inner), 2, 1)
    c.paint(style.GOLD_EDGE, glyphs.mask("treasure-facets", inner), 2, 1)
    return c.sprite()


@functools.cache
def unification(size: int) -> Sprite:
    c = _Canvas(size)

    def disc(d: ImageDraw.ImageDraw, k: int) -> None:
        d.ellipse((0, 0, size * k - 1, size * k - 1), fill=255)

    def inner(d: ImageDraw.ImageDraw, k: int) -> None:
        d.ellipse((2 * k, 2 * k, (size - 2) * k - 1, (size - 2) * k - 1), fill=255)

    c.shape(disc, style.INK)
    c.shape(inner, style.WHITE)
    c.glyph("unification", style.INK, round(size * 0.8), size / 2, size / 2)
    return c.sprite()


@functools.cache
def monument(pair: tuple[Colour, Colour], size: int) -> Sprite:
    """A monument: a stepped tower, lower tier in its first colour, upper tier in its second, each
    tier with its tiles' symbol."""
    a, b = pair
    c = _Canvas(size)
    s = size / 100

    def tier(x0: float, y0: float, x1: float, y1: float, inset: float) -> DrawFn:
        def draw(d: ImageDraw.ImageDraw, k: int) -> None:
            d.rounded_rectangle(
                ((x0 * s + inset) * k, (y0 * s + inset) * k, (x1 * s - inset) * k, (y1 * s - inset) * k),
                radius=5 * s * k,
                fill=255,
            )

        return draw

    for (x0, y0, x1, y1), colour in (((4, 50, 96, 96), a), ((20, 6, 80, 54), b)):
        c.shape(tier(x0, y0, x1, y1, 0), style.INK)
        c.shape(tier(x0, y0, x1, y1, 2.5), style.TILE[colour])
    g = round(size * 0.38)
    c.glyph(TILE_GLYPH_NAMES[a], style.WHITE, g, size / 2, 73 * s)
    c.glyph(TILE_GLYPH_NAMES[b], style.WHITE, g, size / 2, 30 * s)
    return c.sprite()


@functools.cache
def building(colour: Colour, size: int) -> Sprite:
    """A civilization building on its tile (R28): the tile's colour with a white house over it and the
    tile's symbol in that colour inside the house: the tile's colours turned round, so a tile with its
    building stands out from the plain tiles even on a phone."""
    c = _Canvas(size)
    c.shape(_rounded(size, size * 0.14), style.TILE[colour])
    c.glyph("building", style.WHITE, round(size * 0.94), size / 2, size / 2)
    c.glyph(TILE_GLYPH_NAMES[colour], style.TILE[colour], round(size * 0.5), size / 2, size * 0.62)
    return c.sprite()


@functools.cache
def wonder(size: int) -> Sprite:
    """The wonder (R29) as one piece on the 3 x 3 squares around its centre (``size`` across): a white
    plus with an ink border, an ink star in the middle and an ink stepped tower on each arm."""
    c = _Canvas(size)
    c.glyph("wonder-plate", style.INK, size, size / 2, size / 2)
    c.glyph("wonder-face", style.WHITE, size, size / 2, size / 2)
    return c.sprite()
