"""Colours, fonts, names and the PNG encoder shared by every picture.

Pictures are composed in RGB (so shapes and text are antialiased), then mapped onto one fixed palette
without dithering and written as a palette PNG: small files, fast encoding and the same bytes for the
same picture.
"""

from __future__ import annotations

import functools
import io
import unicodedata
from collections.abc import Sequence

from PIL import Image, ImageFont

from engine import Colour

RGB = tuple[int, int, int]

# -- design colours (multiples of 4, so the palette lookup keeps them exact)
BACKGROUND: RGB = (248, 244, 236)
INK: RGB = (32, 32, 36)
INK_SOFT: RGB = (96, 92, 88)
FAINT: RGB = (200, 192, 180)
WHITE: RGB = (252, 252, 252)
LAND: RGB = (236, 228, 204)
LAND_LINE: RGB = (196, 184, 156)
RIVER: RGB = (164, 204, 232)
RIVER_LINE: RGB = (124, 168, 204)
RIVER_WAVE: RGB = (104, 152, 200)
SPECIAL: RGB = (168, 104, 20)
TILE: dict[Colour, RGB] = {
    Colour.RED: (196, 44, 44),
    Colour.BLUE: (40, 96, 176),
    Colour.GREEN: (36, 136, 72),
    Colour.BLACK: (44, 44, 48),
}
STONE: RGB = (148, 140, 124)
FACE_DOWN: dict[Colour, RGB] = {
    c: (
        (rgb[0] + STONE[0]) // 2 // 4 * 4,
        (rgb[1] + STONE[1]) // 2 // 4 * 4,
        (rgb[2] + STONE[2]) // 2 // 4 * 4,
    )
    for c, rgb in TILE.items()
}
CATASTROPHE: RGB = (120, 56, 148)
GOLD: RGB = (244, 196, 36)
GOLD_EDGE: RGB = (124, 84, 0)
DISC: RGB = (252, 248, 236)
CHANGED: RGB = (252, 208, 0)
REMOVED: RGB = (216, 32, 32)
HIGHLIGHT: RGB = (0, 164, 164)
ACTIVE_ROW: RGB = (252, 236, 176)
BOX: RGB = (228, 236, 248)

_BASE_COLOURS: tuple[RGB, ...] = (
    BACKGROUND,
    INK,
    INK_SOFT,
    FAINT,
    WHITE,
    LAND,
    LAND_LINE,
    RIVER,
    RIVER_LINE,
    RIVER_WAVE,
    SPECIAL,
    *TILE.values(),
    STONE,
    *FACE_DOWN.values(),
    CATASTROPHE,
    GOLD,
    GOLD_EDGE,
    DISC,
    CHANGED,
    REMOVED,
    HIGHLIGHT,
    ACTIVE_ROW,
    BOX,
)

# (foreground, background) pairs whose antialiased edges get their own palette ramp.
_RAMPS: tuple[tuple[RGB, RGB], ...] = (
    (INK, BACKGROUND),
    (INK, ACTIVE_ROW),
    (INK, BOX),
    (INK, LAND),
    (INK, WHITE),
    (INK_SOFT, BACKGROUND),
    (FAINT, BACKGROUND),
    (RIVER_WAVE, RIVER),
    (WHITE, CATASTROPHE),
    (GOLD_EDGE, GOLD),
    (GOLD_EDGE, BACKGROUND),
    (GOLD_EDGE, TILE[Colour.RED]),
    (DISC, LAND),
    (REMOVED, LAND),
    (REMOVED, RIVER),
    (HIGHLIGHT, LAND),
    (HIGHLIGHT, RIVER),
    (STONE, LAND),
    *((WHITE, c) for c in TILE.values()),
    *((c, DISC) for c in TILE.values()),
    *((c, LAND) for c in TILE.values()),
    *((c, BACKGROUND) for c in TILE.values()),
    *((WHITE, c) for c in FACE_DOWN.values()),
    (TILE[Colour.BLUE], RIVER),
)
_RAMP_STEPS = 6  # five blends between the two ends


def _palette() -> list[RGB]:
    colours: list[RGB] = []
    for c in _BASE_COLOURS:
        if c not in colours:
            colours.append(c)
    for fg, bg in _RAMPS:
        for k in range(1, _RAMP_STEPS):
            t = k / _RAMP_STEPS
            c = (
                round(fg[0] * t + bg[0] * (1 - t)),
                round(fg[1] * t + bg[1] * (1 - t)),
                round(fg[2] * t + bg[2] * (1 - t)),
            )
            if c not in colours:
                colours.append(c)
    assert len(colours) <= 256, len(colours)
    return colours


PALETTE: tuple[RGB, ...] = tuple(_palette())


@functools.cache
def _palette_image() -> Image.Image:
    image = Image.new("P", (1, 1))
    flat = [v for c in PALETTE for v in c]
    flat += list(PALETTE[0]) * (256 - len(PALETTE))
    image.putpalette(flat)
    return image


def encode(image: Image.Image) -> bytes:
    """The picture as PNG bytes: mapped onto the fixed palette, no dithering, no metadata."""
    rgb = image if image.mode == "RGB" else image.convert("RGB")
    indexed = rgb.quantize(palette=_palette_image(), dither=Image.Dither.NONE)
    out = io.BytesIO()
    indexed.save(out, format="PNG", compress_level=3)
    return out.getvalue()


# -- text


@functools.cache
def font(size: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    """Pillow's bundled font (no system fonts)."""
    return ImageFont.load_default(size=size)


def text_width(text: str, size: int) -> float:
    return font(size).getlength(text)


def clip(text: str, size: int, width: float) -> str:
    """The text, cut with an ellipsis so it fits in ``width`` pixels."""
    if text_width(text, size) <= width:
        return text
    while text and text_width(text + "…", size) > width:
        text = text[:-1]
    return text.rstrip() + "…"


def fit(text: str, sizes: Sequence[int], width: float) -> tuple[int, str]:
    """The largest of the sizes at which the text fits the width; failing that, the smallest, clipped."""
    for size in sizes:
        if text_width(text, size) <= width:
            return size, text
    return sizes[-1], clip(text, sizes[-1], width)


def plain(text: str) -> str:
    """Text the bundled font can draw: ASCII after removing accents (the font has no other glyphs)."""
    decomposed = unicodedata.normalize("NFKD", text)
    kept = "".join(ch for ch in decomposed if 32 <= ord(ch) < 127)
    return " ".join(kept.split())


NAME_WIDTH = 170  # pixels at the name size: long Discord names are clipped to this
NAME_SIZE = 20


def seat_names(players: int, names: Sequence[str] | None) -> tuple[str, ...]:
    """A short printable name per seat; ``Seat 1``... where a name is missing or unprintable."""
    out = []
    for seat in range(players):
        given = names[seat] if names is not None and seat < len(names) else ""
        name = plain(str(given)) if given else ""
        out.append(clip(name or f"Seat {seat + 1}", NAME_SIZE, NAME_WIDTH))
    return tuple(out)


TILE_PLURALS = {c: f"{c.tile_name}s" for c in Colour}
LEADER_PLURALS = {c: f"{c.leader_name}s" for c in Colour}
