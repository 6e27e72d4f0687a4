"""Seat marks: what the pictures say about a seat besides its name (away, played by the computer,
resigned, handed to someone else), drawn as a small framed label with an icon."""

from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import dataclass
from enum import Enum

from PIL import Image, ImageDraw

from i18n import N_, Words
from render import glyphs, style
from render.sprites import Sprite


class SeatMark(Enum):
    """The kind of a seat note; each has its icon and colour."""

    AWAY = "away"
    COMPUTER = "computer"
    RESIGNED = "resigned"
    REPLACED = "replaced"


_COLOURS = {
    SeatMark.AWAY: style.AWAY,
    SeatMark.COMPUTER: style.COMPUTER,
    SeatMark.RESIGNED: style.RESIGNED,
    SeatMark.REPLACED: style.REPLACED,
}


@dataclass(frozen=True)
class SeatNote:
    """A note on one seat, given by the caller: a typed mark, words, or both.

    ``SeatNote(SeatMark.AWAY)`` reads "away"; ``SeatNote(SeatMark.COMPUTER, "Bot (hard)")``;
    ``SeatNote(SeatMark.RESIGNED, "resigned, Bot (normal) plays")``; ``SeatNote(text="joined late")``.
    The caller's words are drawn as written (in the reader's language: the caller writes them) and clipped;
    a mark alone is drawn with its word in the picture's language.
    """

    mark: SeatMark | None = None
    text: str = ""

    def words(self, words: Words) -> str:
        """What the note says: the caller's text, else its mark's word."""
        given = style.drawable(self.text)
        if style.readable(given):
            return given
        if self.mark is None:
            return ""
        mark_word = _MARK_WORDS[self.mark]
        return words.gettext(mark_word)


_MARK_WORDS = {
    SeatMark.AWAY: N_("away"),
    SeatMark.COMPUTER: N_("computer"),
    SeatMark.RESIGNED: N_("resigned"),
    SeatMark.REPLACED: N_("replaced"),
}


SeatNotes = Mapping[int, SeatNote]  # seat -> note; seats without a note are left out


def valid_notes(notes: SeatNotes | None, players: int, words: Words) -> dict[int, SeatNote]:
    """The notes that have something to draw, for seats that exist."""
    if not notes:
        return {}
    return {s: n for s, n in notes.items() if 0 <= s < players and n.words(words)}


def note_height(size: int) -> int:
    return round(size * 1.3)


@functools.lru_cache(maxsize=256)
def note_sprite(note: SeatNote, size: int, width: int, words: Words) -> Sprite:
    """The note as a framed label at most ``width`` pixels wide: the mark's icon, then the words in
    ``size`` text (INK on white, so it reads on any row)."""
    colour = _COLOURS[note.mark] if note.mark is not None else style.INK_SOFT
    h = note_height(size)
    pad = max(4, h // 5)
    icon = h - 2 * pad + 2 if note.mark is not None else 0
    text_x = pad + (icon + pad // 2 + 2 if icon else 2)
    said = style.clip(note.words(words), size, width - text_x - pad - 2)
    w = min(width, text_x + round(style.text_width(said, size)) + pad + 2)

    k = glyphs.SUPERSAMPLE
    outer = Image.new("L", (w * k, h * k), 0)
    ImageDraw.Draw(outer).rounded_rectangle((0, 0, w * k - 1, h * k - 1), radius=h * k // 4, fill=255)
    inner = Image.new("L", (w * k, h * k), 0)
    border = max(2, h // 14)
    ImageDraw.Draw(inner).rounded_rectangle(
        (border * k, border * k, (w - border) * k - 1, (h - border) * k - 1),
        radius=(h // 4 - border) * k,
        fill=255,
    )
    rgb = Image.new("RGB", (w, h), colour)
    rgb.paste(style.WHITE, (0, 0), inner.reduce(k))
    if note.mark is not None:
        rgb.paste(colour, (pad, (h - icon) // 2), glyphs.mask(note.mark.value, icon))
    style.text(ImageDraw.Draw(rgb), (text_x, h / 2), said, size)
    return Sprite(rgb, outer.reduce(k))
