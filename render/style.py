"""Colours, fonts, names and the PNG encoder shared by every picture.

Pictures are composed in RGB (so shapes and text are antialiased), then mapped onto one fixed palette
without dithering and written as a palette PNG: small files, fast encoding and the same bytes for the
same picture.
"""

from __future__ import annotations

import functools
import io
import math
import unicodedata
from collections.abc import Sequence
from pathlib import Path

from babel.lists import format_list
from PIL import Image, ImageDraw, ImageFont

from engine import Colour
from i18n import Words

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
CAPTION: RGB = (40, 40, 48)  # the replay's caption band
# seat marks (render.seats): the colour of the mark's icon and frame
AWAY: RGB = (184, 108, 0)
COMPUTER: RGB = (0, 124, 136)
RESIGNED: RGB = (120, 112, 104)
REPLACED: RGB = (88, 64, 172)
MARKS: tuple[RGB, ...] = (AWAY, COMPUTER, RESIGNED, REPLACED)

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
    CAPTION,
    *MARKS,
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
    (WHITE, CAPTION),
    *((c, WHITE) for c in MARKS),
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
UNUSED_INDEX = 255  # a palette index no colour uses: the replay's GIF frames mark unchanged pixels with it
assert len(PALETTE) <= UNUSED_INDEX


@functools.cache
def _palette_image() -> Image.Image:
    image = Image.new("P", (1, 1))
    flat = [v for c in PALETTE for v in c]
    flat += list(PALETTE[0]) * (256 - len(PALETTE))
    image.putpalette(flat)
    return image


def to_palette(image: Image.Image) -> Image.Image:
    """The picture mapped onto the fixed palette, without dithering."""
    rgb = image if image.mode == "RGB" else image.convert("RGB")
    return rgb.quantize(palette=_palette_image(), dither=Image.Dither.NONE)


def encode(image: Image.Image) -> bytes:
    """The picture as PNG bytes: mapped onto the fixed palette, no dithering, no metadata."""
    indexed = to_palette(image)
    out = io.BytesIO()
    indexed.save(out, format="PNG", compress_level=3)
    return out.getvalue()


# -- text

PHONE_WIDTH = 400  # Discord on a phone shows a picture about this many pixels wide
PHONE_TEXT = 11  # the smallest text size that still reads there


def phone_text(width: int) -> int:
    """The smallest text size for a picture ``width`` pixels wide: PHONE_TEXT once shown on a phone."""
    return math.ceil(PHONE_TEXT * width / PHONE_WIDTH)


FONTS = Path(__file__).parent / "fonts"
# DejaVu Sans (Debian's fonts-dejavu-core 2.37, Bitstream Vera licence: fonts/LICENSE-DejaVu.txt): Latin,
# Greek, Cyrillic and more, so names and every language's words are drawn as written.
_FONT_FILES = {False: FONTS / "DejaVuSans.ttf", True: FONTS / "DejaVuSans-Bold.ttf"}
# Droid Sans Fallback (Debian's fonts-droid-fallback 6.0.1r16, Apache 2.0 licence:
# fonts/LICENSE-DroidSansFallback.txt): Chinese, Japanese and Korean, for the names DejaVu Sans cannot draw.
# One face: bold is thickened.
_FALLBACK_FILE = FONTS / "DroidSansFallback.ttf"


@functools.cache
def font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont:
    """The bundled font (never a system font, so every machine draws the same picture)."""
    return ImageFont.truetype(_FONT_FILES[bold], size)


@functools.cache
def fallback_font(size: int) -> ImageFont.FreeTypeFont:
    """The bundled font for the characters ``font`` lacks (CJK)."""
    return ImageFont.truetype(_FALLBACK_FILE, size)


def text(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    words: str,
    size: int,
    fill: RGB = INK,
    anchor: str = "lm",
    bold: bool = False,
) -> None:
    """Draw text at a whole-pixel anchor point; the glyph masks are cached (names and numbers repeat).
    Characters the font lacks should have gone through ``drawable`` first."""
    mask, dx, dy = _text_mask(words, size, anchor, bold)
    x, y = round(xy[0]) + dx, round(xy[1]) + dy
    draw.bitmap((x, y), mask, fill=fill)


@functools.lru_cache(maxsize=4096)
def _text_mask(words: str, size: int, anchor: str, bold: bool) -> tuple[Image.Image, int, int]:
    runs = _runs(words)
    if len(runs) > 1 or (runs and runs[0][1]):
        return _mixed_mask(runs, size, anchor, bold)
    face = font(size, bold)
    x0, y0, x1, y1 = (round(v) for v in face.getbbox(words, anchor=anchor))
    mask = Image.new("L", (max(1, x1 - x0), max(1, y1 - y0)), 0)
    ImageDraw.Draw(mask).text((-x0, -y0), words, font=face, fill=255, anchor=anchor)
    return mask, x0, y0


def _mixed_mask(
    runs: list[tuple[str, bool]], size: int, anchor: str, bold: bool
) -> tuple[Image.Image, int, int]:
    """Text with characters from the fallback font: each run drawn with its font on one baseline, placed as
    ``anchor`` (horizontal l, m or r; vertically the middle, "m", of the main font) places it."""
    assert anchor[1] == "m", anchor
    main = font(size, bold)
    ascent, descent = main.getmetrics()
    baseline = (ascent - descent) / 2  # from the main font's middle down to its baseline
    placed: list[tuple[str, ImageFont.FreeTypeFont, int, float]] = []
    boxes: list[tuple[float, float, float, float]] = []
    x = 0.0
    for run, fallback in runs:
        face = fallback_font(size) if fallback else main
        stroke = 1 if fallback and bold else 0
        left, top, right, bottom = face.getbbox(run, anchor="ls", stroke_width=stroke)
        placed.append((run, face, stroke, x))
        boxes.append((x + left, baseline + top, x + right, baseline + bottom))
        x += face.getlength(run) + 2 * stroke
    x0, y0 = math.floor(min(b[0] for b in boxes)), math.floor(min(b[1] for b in boxes))
    x1, y1 = math.ceil(max(b[2] for b in boxes)), math.ceil(max(b[3] for b in boxes))
    mask = Image.new("L", (max(1, x1 - x0), max(1, y1 - y0)), 0)
    draw = ImageDraw.Draw(mask)
    for run, face, stroke, left in placed:
        draw.text((left - x0, baseline - y0), run, font=face, fill=255, anchor="ls", stroke_width=stroke)
    shift = {"l": 0.0, "m": -x / 2, "r": -x}[anchor[0]]
    return mask, round(x0 + shift), y0


def text_width(words: str, size: int, bold: bool = False) -> float:
    return sum(
        fallback_font(size).getlength(run) + (2 if bold else 0)
        if fallback
        else font(size, bold).getlength(run)
        for run, fallback in _runs(words)
    )


def clip(words: str, size: int, width: float, bold: bool = False) -> str:
    """The text, cut with an ellipsis so it fits in ``width`` pixels."""
    if text_width(words, size, bold) <= width:
        return words
    while words and text_width(words + "…", size, bold) > width:
        words = words[:-1]
    return words.rstrip() + "…"


def fit(words: str, sizes: Sequence[int], width: float, bold: bool = False) -> tuple[int, str]:
    """The largest of the sizes at which the text fits the width; failing that, the smallest, clipped."""
    for size in sizes:
        if text_width(words, size, bold) <= width:
            return size, words
    return sizes[-1], clip(words, sizes[-1], width, bold)


def wrap(words: str, size: int, width: float, lines: int) -> list[str]:
    """The text broken at spaces into at most ``lines`` lines of ``width`` pixels, the last one clipped."""
    out: list[str] = []
    rest = words.split()
    while rest and len(out) < lines - 1:
        n = len(rest)
        while n > 1 and text_width(" ".join(rest[:n]), size) > width:
            n -= 1
        out.append(" ".join(rest[:n]))
        rest = rest[n:]
    if rest:
        out.append(clip(" ".join(rest), size, width))
    return out


MISSING = "?"  # drawn for a letter or digit neither font has (a name in Devanagari, say)


_NOT_A_CHARACTER = "\U0010fffe"  # a Unicode noncharacter: no font maps it, so FreeType draws .notdef


@functools.cache
def _probes(fallback: bool) -> tuple[tuple[ImageFont.FreeTypeFont, tuple[tuple[int, int], bytes]], ...]:
    """Each face (the main regular and bold, or the fallback) at one size with its .notdef glyph, which
    FreeType draws for a character the face lacks."""
    paths = (_FALLBACK_FILE,) if fallback else tuple(_FONT_FILES.values())
    faces = (ImageFont.truetype(path, 32) for path in paths)
    return tuple((face, _glyph(face, _NOT_A_CHARACTER)) for face in faces)


def _glyph(face: ImageFont.FreeTypeFont, ch: str) -> tuple[tuple[int, int], bytes]:
    mask = face.getmask(ch)
    return mask.size, bytes(mask)


@functools.lru_cache(maxsize=4096)
def covered(ch: str, fallback: bool = False) -> bool:
    """Whether the main font's two faces (``fallback``: the fallback font) have a glyph for the character:
    what they draw is not their .notdef box."""
    if ch.isspace() or unicodedata.category(ch) in ("Mn", "Me", "Cf"):
        return not fallback  # no ink of their own to compare: combining marks and joiners go with the text
    return all(_glyph(face, ch) != missing for face, missing in _probes(fallback))


def _runs(words: str) -> list[tuple[str, bool]]:
    """The text cut where it changes font: (run, drawn with the fallback font)."""
    if words.isascii():  # the words of every picture, most names: the main font has them all
        return [(words, False)] if words else []
    runs: list[tuple[str, bool]] = []
    for ch in words:
        fallback = not covered(ch)
        if runs and runs[-1][1] == fallback:
            runs[-1] = (runs[-1][0] + ch, fallback)
        else:
            runs.append((ch, fallback))
    return runs


def drawable(words: str) -> str:
    """Text as the bundled fonts can draw it, every letter kept as written: a letter or digit neither font
    has becomes "?", a symbol neither has (an emoji) is left out, and runs of spaces become one."""
    kept = []
    for ch in unicodedata.normalize("NFC", words):
        if covered(ch) or covered(ch, fallback=True):
            kept.append(ch)
        elif unicodedata.category(ch)[0] in "LN":
            kept.append(MISSING)
    return " ".join("".join(kept).split())


def readable(words: str) -> bool:
    """Whether drawable text says something: at least one letter or digit the font draws."""
    return any(ch.isalnum() for ch in words)


def title_text(title: str | None) -> str:
    """A game's title ("Server · #channel · game 12") as drawable text: each part made drawable, and a part
    left with no letter or digit the font draws (a name in a script it lacks) dropped."""
    if not title:
        return ""
    parts = (drawable(part) for part in title.split("·"))
    return " · ".join(part for part in parts if readable(part))


def joined(items: Sequence[str], words: Words, *, either: bool = False) -> str:
    """Items as a list in the words' language ("A, B and C"; ``either``: "A, B or C"), by CLDR's rules."""
    return format_list(list(items), style="or" if either else "standard", locale=words.locale)


NAME_WIDTH = 210  # pixels at the name size: long Discord names are clipped to this
NAME_SIZE = 26


def seat_names(
    players: int, names: Sequence[str] | None, words: Words, width: float | None = NAME_WIDTH
) -> tuple[str, ...]:
    """A short drawable name per seat, as written, clipped to ``width`` at the name size (None: left whole,
    for a picture that fits each name itself); "Seat 1"... where a name is missing or has no letter or
    digit the font draws (a name in a script it lacks never vanishes: its seat's number stands for it)."""
    out = []
    for seat in range(players):
        given = names[seat] if names is not None and seat < len(names) else ""
        name = drawable(str(given)) if given else ""
        if not readable(name):
            name = words.gettext("Seat {number}", number=seat + 1)
        out.append(name if width is None else clip(name, NAME_SIZE, width, bold=True))
    return tuple(out)
