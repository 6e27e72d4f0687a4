"""The two small pictures: a player's private hand, and the final scores."""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw

from engine import Colour, PlayerView, PublicView
from engine.scoring import allocate_treasures
from i18n import N_, Words
from i18n.terms import POINT_NAMES, SCORE_NAMES, tile_count
from render import labels, sprites, style
from render.seats import SeatNote, SeatNotes, note_height, note_sprite, valid_notes
from render.style import text

# ------------------------------------------------------------------------------------------ hand

HAND_W = 560
HAND_TEXT = style.phone_text(HAND_W)  # the smallest text: ~11 px when a phone shows it 400 px wide
HAND_TILE = 72
HAND_GAP = 12
MARGIN = 20


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
    view: PlayerView,
    names: Sequence[str],
    words: Words,
    notes: SeatNotes | None = None,
    title: str | None = None,
) -> Image.Image:
    """A player's own screen: six tiles, points per colour, treasures, catastrophes, leaders in supply;
    headed by the game's title (which game this hand belongs to) and the seat's note, if any."""
    seat = view.seat
    seat_view = view.seats[seat]
    note = valid_notes(notes, view.players, words).get(seat)
    drawn_title = style.title_text(title)
    top = _hand_header_height(note, drawn_title)
    height = top + 408
    image = Image.new("RGB", (HAND_W, height), style.BACKGROUND)
    draw = ImageDraw.Draw(image)
    m = MARGIN
    small = HAND_TEXT

    sprites.dynasty(seat, 38).put_centred(image, m + 19, 32)
    header_size, header = style.fit(
        words.gettext("{name} · your hand", name=names[seat]), (26, 22), HAND_W - m - 70, bold=True
    )
    text(draw, (m + 50, 32), header, header_size, bold=True)
    y = 62
    if drawn_title:
        text(draw, (m, y + 14), style.clip(drawn_title, 19, HAND_W - 2 * m, bold=True), 19, bold=True)
        y += 30
    if view.outcome is None:
        turn = words.gettext(
            "Private · Turn {turn} · {name} to play", turn=view.turn, name=names[view.active]
        )
    else:
        turn = words.gettext("Private · Game over")
    text(draw, (m, y + 12), style.clip(turn, small, HAND_W - 2 * m), small, style.INK_SOFT)
    y += 28
    if note is not None:
        note_sprite(note, small, HAND_W - 2 * m, words).put(image, m, y + 4)

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
    counts = [tile_count(words, c, view.hand[c]) for c in Colour if view.hand[c]]
    summary = style.clip(" · ".join(counts) or words.gettext("no tiles"), small, HAND_W - 2 * m)
    text(draw, (HAND_W // 2, tiles_y + HAND_TILE + 20), summary, small, style.INK_SOFT, "mm")

    y = tiles_y + HAND_TILE + 52
    slot = (HAND_W - 2 * m) // 4
    half = HAND_W - 2 * m - 2 * slot  # the width of a label on the right half

    def label(xy: tuple[float, float], message: str, width: float, ink: style.RGB = style.INK_SOFT) -> None:
        text(draw, xy, style.clip(words.gettext(message), small, width), small, ink)

    label((m, y), N_("Points"), HAND_W - 2 * m)
    for colour in Colour:
        x = m + colour * slot
        sprites.tile(colour, 40).put(image, x, y + 14)
        text(draw, (x + 50, y + 28), str(view.points[colour]), 26, bold=True)
        label((x, y + 68), POINT_NAMES[colour], slot - 6)  # under the tile and its number

    y += 108
    label((m, y), N_("Treasures"), 2 * slot - 8)
    sprites.treasure(30).put(image, m, y + 16)
    text(draw, (m + 40, y + 31), str(view.treasures), 26, bold=True)
    final = allocate_treasures(view.points, view.treasures)
    label((m + 2 * slot, y), SCORE_NAMES[view.outcome is not None], half)
    text(draw, (m + 2 * slot, y + 31), str(min(final)), 26, bold=True)
    label((m + 2 * slot + 40, y + 32), N_("your weakest colour"), half - 40)

    y += 74
    label((m, y), N_("Catastrophes"), 2 * slot - 8)
    for i in range(seat_view.catastrophes):
        sprites.catastrophe(34).put(image, m + i * 42, y + 14)
    if not seat_view.catastrophes:
        label((m, y + 31), N_("none left"), 2 * slot - 8, style.INK)
    label((m + 2 * slot, y), N_("Leaders in supply"), half)
    for i, colour in enumerate(seat_view.leaders_in_supply):
        sprites.leader(seat, colour, 40).put(image, m + 2 * slot + i * 48, y + 12)
    if not seat_view.leaders_in_supply:
        label((m + 2 * slot, y + 31), N_("all on the board"), half, style.INK)
    return image


# ---------------------------------------------------------------------------------------- scores

SCORES_W = 800
SCORES_TEXT = style.phone_text(SCORES_W)
SCORE_NOTE_WIDTH = 200
WEAKEST_HALF = 56  # the widest the weakest colour's frame reaches either side of its column's centre
FOOTNOTE = N_(
    "Score = the weakest colour after treasures (+n) are added; ties go to the next weakest colour."
)


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
    footnote_lines = style.wrap(footnote, small, SCORES_W - 2 * m, 3)
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
    view: PublicView,
    names: Sequence[str],
    words: Words,
    notes: SeatNotes | None = None,
    title: str | None = None,
) -> Image.Image:
    """Each player's points per colour with treasures added, the weakest colour framed, the places;
    a seat's note (resigned, computer...) under its name."""
    outcome = view.outcome
    assert outcome is not None
    standings = outcome.standings
    drawn_notes = valid_notes(notes, view.players, words)
    small = SCORES_TEXT
    m = SHEET_MARGIN
    sheet = ranked_sheet(
        title,
        words.gettext("Final scores"),
        labels.game_over(words, outcome.reason, view.turn),
        words.gettext(FOOTNOTE),
        len(standings),
        100 if drawn_notes else 76,
    )
    image, draw, top = sheet.image, sheet.draw, sheet.top

    x_place, x_symbol, x_name, x_cols, col_w, x_treasure, x_score = m, 92, 116, 300, 94, 700, 754
    name_w = x_cols - x_name - 8
    head_y = top + 18
    text(draw, (x_place, head_y), style.clip(words.gettext("Place"), small, x_name - x_place - 4), small,
         style.INK_SOFT)  # fmt: skip
    text(draw, (x_name, head_y), style.clip(words.gettext("Player"), small, name_w), small, style.INK_SOFT)
    for colour in Colour:
        cx = x_cols + colour * col_w + col_w // 2
        sprites.tile(colour, 28).put_centred(image, cx, head_y)
    sprites.treasure(28).put_centred(image, x_treasure, head_y)
    # over its column, moved left of centre (never over the treasure) when a language's word is longer
    score_label = style.clip(words.gettext("Score"), small, SCORES_W - 6 - (x_treasure + 18))
    score_x = min(x_score, SCORES_W - 6 - style.text_width(score_label, small) / 2)
    text(draw, (score_x, head_y), score_label, small, style.INK_SOFT, "mm")

    weakest_word = words.pgettext("score frame", "weakest")
    for i, st in enumerate(standings):
        row_top, cy = sheet.band(i, st.place == 1)
        text(draw, (x_place, cy), labels.ordinal(words, st.place), 26, bold=st.place == 1)
        sprites.dynasty(st.seat, 36).put_centred(image, x_symbol, cy)
        note = drawn_notes.get(st.seat)
        # a longer name ("Bot (difficile)") in a smaller size before it is cut
        size, name = style.fit(names[st.seat], (style.NAME_SIZE, 22, 19), name_w, bold=True)
        text(draw, (x_name, cy if note is None else row_top + 30), name, size, bold=st.place == 1)
        if note is not None:
            note_sprite(note, small, min(SCORE_NOTE_WIDTH, name_w), words).put(image, x_name, row_top + 50)
        for colour in Colour:
            cx = x_cols + colour * col_w + col_w // 2
            weakest = colour == st.weakest
            if weakest:
                # the frame grows with its word, up to where the next columns' numbers begin
                half = min(WEAKEST_HALF, max(45, round(style.text_width(weakest_word, small) / 2) + 8))
                draw.rounded_rectangle(
                    (cx - half, cy - 32, cx + half, cy + 32), radius=8, outline=style.INK, width=3
                )
                text(
                    draw, (cx, cy + 16), style.clip(weakest_word, small, 2 * half - 6), small, style.INK, "mm"
                )
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
