"""The two small pictures: a player's private hand, and the final scores."""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw

from engine import Colour, PlayerView, PublicView
from engine.scoring import allocate_treasures
from render import sprites, style
from render.seats import SeatNote, SeatNotes, note_height, note_sprite, valid_notes
from render.style import text

# ------------------------------------------------------------------------------------------ hand

HAND_W = 560
HAND_TEXT = style.phone_text(HAND_W)  # the smallest text: ~11 px when a phone shows it 400 px wide
HAND_TILE = 72
HAND_GAP = 12
MARGIN = 20
POINT_WORDS = ("amulets", "crops", "goods", "bricks")  # the rulebooks' names of the point colours


def ordinal(n: int) -> str:
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


@functools.cache
def _empty_slot(size: int) -> sprites.Sprite:
    image = Image.new("RGB", (size, size), style.FAINT)
    alpha = Image.new("L", (size, size), 0)
    ImageDraw.Draw(alpha).rounded_rectangle(
        (1, 1, size - 2, size - 2), radius=size // 7, outline=255, width=3
    )
    return sprites.Sprite(image, alpha)


def _hand_header_height(note: SeatNote | None, title: str) -> int:
    """The header: name, the game's title, whose turn, the seat's note."""
    return 62 + (30 if title else 0) + 28 + (note_height(HAND_TEXT) + 10 if note is not None else 0)


def render_hand(
    view: PlayerView, names: Sequence[str], notes: SeatNotes | None = None, title: str | None = None
) -> Image.Image:
    """A player's own screen: six tiles, points per colour, treasures, catastrophes, leaders in supply;
    headed by the game's title (which game this hand belongs to) and the seat's note, if any."""
    seat = view.seat
    seat_view = view.seats[seat]
    note = valid_notes(notes, view.players).get(seat)
    drawn_title = style.title_text(title)
    top = _hand_header_height(note, drawn_title)
    height = top + 396
    image = Image.new("RGB", (HAND_W, height), style.BACKGROUND)
    draw = ImageDraw.Draw(image)
    m = MARGIN
    small = HAND_TEXT

    sprites.dynasty(seat, 38).put_centred(image, m + 19, 32)
    header = style.clip(f"{names[seat]} · your hand", 26, HAND_W - m - 70, bold=True)
    text(draw, (m + 50, 32), header, 26, bold=True)
    y = 62
    if drawn_title:
        text(draw, (m, y + 14), style.clip(drawn_title, 19, HAND_W - 2 * m, bold=True), 19, bold=True)
        y += 30
    turn = f"Turn {view.turn} · {names[view.active]} to play" if view.outcome is None else "Game over"
    text(draw, (m, y + 12), style.clip(f"Private · {turn}", small, HAND_W - 2 * m), small, style.INK_SOFT)
    y += 28
    if note is not None:
        note_sprite(note, small, HAND_W - 2 * m).put(image, m, y + 4)

    tiles_y = top + 6
    tiles = [c for c in Colour for _ in range(view.hand[c])]
    row_w = 6 * HAND_TILE + 5 * HAND_GAP
    x0 = (HAND_W - row_w) // 2
    for i in range(max(6, len(tiles))):
        x = x0 + i * (HAND_TILE + HAND_GAP)
        if i < len(tiles):
            sprites.tile(tiles[i], HAND_TILE).put(image, x, tiles_y)
        else:
            _empty_slot(HAND_TILE).put(image, x, tiles_y)
    counts = [f"{view.hand[c]} {c.tile_name if view.hand[c] == 1 else style.TILE_PLURALS[c]}" for c in Colour]
    summary = " · ".join(w for w, c in zip(counts, Colour, strict=True) if view.hand[c]) or "no tiles"
    text(draw, (HAND_W // 2, tiles_y + HAND_TILE + 20), summary, small, style.INK_SOFT, "mm")

    y = tiles_y + HAND_TILE + 52
    text(draw, (m, y), "Points", small, style.INK_SOFT)
    slot = (HAND_W - 2 * m) // 4
    for colour in Colour:
        x = m + colour * slot
        sprites.tile(colour, 40).put(image, x, y + 14)
        text(draw, (x + 50, y + 28), str(view.points[colour]), 26, bold=True)
        text(draw, (x + 50, y + 52), POINT_WORDS[colour], small, style.INK_SOFT)

    y += 96
    text(draw, (m, y), "Treasures", small, style.INK_SOFT)
    sprites.treasure(30).put(image, m, y + 16)
    text(draw, (m + 40, y + 31), str(view.treasures), 26, bold=True)
    final = allocate_treasures(view.points, view.treasures)
    text(draw, (m + 2 * slot, y), "Score if the game ended now", small, style.INK_SOFT)
    text(draw, (m + 2 * slot, y + 31), str(min(final)), 26, bold=True)
    text(draw, (m + 2 * slot + 40, y + 32), "your weakest colour", small, style.INK_SOFT)

    y += 74
    text(draw, (m, y), "Catastrophes", small, style.INK_SOFT)
    for i in range(seat_view.catastrophes):
        sprites.catastrophe(34).put(image, m + i * 42, y + 14)
    if not seat_view.catastrophes:
        text(draw, (m, y + 31), "none left", small)
    text(draw, (m + 2 * slot, y), "Leaders in supply", small, style.INK_SOFT)
    for i, colour in enumerate(seat_view.leaders_in_supply):
        sprites.leader(seat, colour, 40).put(image, m + 2 * slot + i * 48, y + 12)
    if not seat_view.leaders_in_supply:
        text(draw, (m + 2 * slot, y + 31), "all on the board", small)
    return image


# ---------------------------------------------------------------------------------------- scores

SCORES_W = 800
SCORES_TEXT = style.phone_text(SCORES_W)
SCORE_NOTE_WIDTH = 200
FOOTNOTE = "Score = the weakest colour after treasures (+n) are added; ties go to the next weakest colour."


@dataclass(frozen=True)
class Sheet:
    """A ranked table's picture (the final scores, a leaderboard) with its frame drawn: the title, the
    heading and subtitle, the footnote. Column headings go at ``top + 18``; ``band`` draws each row."""

    image: Image.Image
    draw: ImageDraw.ImageDraw
    top: int
    row: int  # the height of a row

    def band(self, i: int, highlighted: bool) -> tuple[int, int]:
        """Row ``i``'s band (filled when ``highlighted``, the first place) and the line under it; returns its
        top and its middle."""
        row_top = self.top + 40 + i * self.row
        if highlighted:
            self.draw.rectangle(
                (SHEET_MARGIN - 8, row_top + 2, SCORES_W - SHEET_MARGIN + 8, row_top + self.row - 2),
                fill=style.ACTIVE_ROW,
            )
        self.draw.line(
            (SHEET_MARGIN - 8, row_top + self.row, SCORES_W - SHEET_MARGIN + 8, row_top + self.row),
            fill=style.FAINT,
            width=1,
        )
        return row_top, row_top + self.row // 2


SHEET_MARGIN = 20


def ranked_sheet(title: str | None, heading: str, subtitle: str, footnote: str, rows: int, row: int) -> Sheet:
    """The frame of a ranked table ``SCORES_W`` wide with room for ``rows`` rows of ``row`` pixels:
    ``title`` (which game or server) small above the ``heading``, a ``subtitle``, the ``footnote`` below."""
    small = SCORES_TEXT
    m = SHEET_MARGIN
    drawn_title = style.title_text(title)
    footnote_lines = style.wrap(footnote, small, SCORES_W - 2 * m, 2)
    top = 96 + (34 if drawn_title else 0)
    height = top + 44 + row * rows + 16 + 30 * len(footnote_lines) + 8
    image = Image.new("RGB", (SCORES_W, height), style.BACKGROUND)
    draw = ImageDraw.Draw(image)
    y = 30
    if drawn_title:
        text(draw, (m, y), style.clip(drawn_title, small, SCORES_W - 2 * m), small, style.INK_SOFT)
        y += 34
    text(draw, (m, y), heading, 30, bold=True)
    text(draw, (m, y + 36), subtitle, small, style.INK_SOFT)
    y = top + 40 + row * rows + 16 + 15
    for line in footnote_lines:
        text(draw, (m, y), line, small, style.INK_SOFT)
        y += 30
    return Sheet(image, draw, top, row)


def render_scores(
    view: PublicView, names: Sequence[str], notes: SeatNotes | None = None, title: str | None = None
) -> Image.Image:
    """Each player's points per colour with treasures added, the weakest colour framed, the places;
    a seat's note (resigned, computer...) under its name."""
    outcome = view.outcome
    assert outcome is not None
    standings = outcome.standings
    drawn_notes = valid_notes(notes, view.players)
    small = SCORES_TEXT
    m = SHEET_MARGIN
    reason = {"treasures": "only two treasures left", "bag": "the bag ran out"}.get(
        outcome.reason, outcome.reason
    )
    sheet = ranked_sheet(
        title,
        "Final scores",
        f"Game over after turn {view.turn} · {reason}",
        FOOTNOTE,
        len(standings),
        100 if drawn_notes else 76,
    )
    image, draw, top = sheet.image, sheet.draw, sheet.top

    x_place, x_symbol, x_name, x_cols, col_w, x_treasure, x_score = m, 92, 116, 300, 94, 700, 754
    name_w = x_cols - x_name - 8
    head_y = top + 18
    text(draw, (x_place, head_y), "Place", small, style.INK_SOFT)
    text(draw, (x_name, head_y), "Player", small, style.INK_SOFT)
    for colour in Colour:
        cx = x_cols + colour * col_w + col_w // 2
        sprites.tile(colour, 28).put_centred(image, cx, head_y)
    sprites.treasure(28).put_centred(image, x_treasure, head_y)
    text(draw, (x_score, head_y), "Score", small, style.INK_SOFT, "mm")

    for i, st in enumerate(standings):
        row_top, cy = sheet.band(i, st.place == 1)
        text(draw, (x_place, cy), ordinal(st.place), 26, bold=st.place == 1)
        sprites.dynasty(st.seat, 36).put_centred(image, x_symbol, cy)
        note = drawn_notes.get(st.seat)
        name = style.clip(names[st.seat], style.NAME_SIZE, name_w, bold=True)
        text(draw, (x_name, cy if note is None else row_top + 30), name, style.NAME_SIZE, bold=st.place == 1)
        if note is not None:
            note_sprite(note, small, min(SCORE_NOTE_WIDTH, name_w)).put(image, x_name, row_top + 50)
        for colour in Colour:
            cx = x_cols + colour * col_w + col_w // 2
            weakest = colour == st.weakest
            if weakest:
                draw.rounded_rectangle(
                    (cx - 45, cy - 32, cx + 45, cy + 32), radius=8, outline=style.INK, width=3
                )
                text(draw, (cx, cy + 16), "weakest", small, style.INK, "mm")
            added = st.final[colour] - st.points[colour]
            value_y = cy - 10 if weakest else cy
            label = str(st.final[colour])
            text(draw, (cx, value_y), label, 28, anchor="mm", bold=True)
            if added:
                w = style.text_width(label, 28)
                text(draw, (cx + w / 2 + 3, value_y - 4), f"+{added}", small, style.GOLD_EDGE, "lm")
        text(draw, (x_treasure, cy), str(st.treasures), 26, anchor="mm")
        text(draw, (x_score, cy), str(st.score), 32, anchor="mm", bold=True)
    return image
