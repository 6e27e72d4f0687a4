"""The two small pictures: a player's private hand, and the final scores."""

from __future__ import annotations

import functools
from collections.abc import Sequence

from PIL import Image, ImageDraw

from engine import Colour, PlayerView, PublicView
from engine.scoring import allocate_treasures
from render import sprites, style
from render.board import text

# ------------------------------------------------------------------------------------------ hand

HAND_W = 560
HAND_TILE = 72
HAND_GAP = 12
HAND_TILES_Y = 78
POINT_WORDS = ("amulets", "crops", "goods", "bricks")  # the rulebooks' names of the point colours


def _ordinal(n: int) -> str:
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


@functools.cache
def _empty_slot(size: int) -> sprites.Sprite:
    image = Image.new("RGB", (size, size), style.FAINT)
    alpha = Image.new("L", (size, size), 0)
    ImageDraw.Draw(alpha).rounded_rectangle(
        (1, 1, size - 2, size - 2), radius=size // 7, outline=255, width=3
    )
    return sprites.Sprite(image, alpha)


def render_hand(view: PlayerView, names: Sequence[str]) -> Image.Image:
    """A player's own screen: six tiles, points per colour, treasures, catastrophes, leaders in supply."""
    seat = view.seat
    seat_view = view.seats[seat]
    height = 436
    image = Image.new("RGB", (HAND_W, height), style.BACKGROUND)
    draw = ImageDraw.Draw(image)
    m = 20

    sprites.dynasty(seat, 36).put_centred(image, m + 18, 30)
    text(draw, (m + 46, 30), style.clip(f"{names[seat]} · your hand", 22, HAND_W - m - 66), 22, bold=True)
    turn = f"Turn {view.turn} · {names[view.active]} to play" if view.outcome is None else "Game over"
    text(draw, (m, 58), f"Private · {turn}", 15, style.INK_SOFT)

    tiles = [c for c in Colour for _ in range(view.hand[c])]
    row_w = 6 * HAND_TILE + 5 * HAND_GAP
    x0 = (HAND_W - row_w) // 2
    for i in range(max(6, len(tiles))):
        x = x0 + i * (HAND_TILE + HAND_GAP)
        if i < len(tiles):
            sprites.tile(tiles[i], HAND_TILE).put(image, x, HAND_TILES_Y)
        else:
            _empty_slot(HAND_TILE).put(image, x, HAND_TILES_Y)
    counts = [f"{view.hand[c]} {c.tile_name if view.hand[c] == 1 else style.TILE_PLURALS[c]}" for c in Colour]
    summary = " · ".join(w for w, c in zip(counts, Colour, strict=True) if view.hand[c]) or "no tiles"
    text(draw, (HAND_W // 2, HAND_TILES_Y + HAND_TILE + 18), summary, 16, style.INK_SOFT, "mm")

    y = HAND_TILES_Y + HAND_TILE + 48
    text(draw, (m, y), "Points", 16, style.INK_SOFT)
    slot = (HAND_W - 2 * m) // 4
    for colour in Colour:
        x = m + colour * slot
        sprites.tile(colour, 40).put(image, x, y + 14)
        text(draw, (x + 50, y + 28), str(view.points[colour]), 26, bold=True)
        text(draw, (x + 50, y + 50), POINT_WORDS[colour], 14, style.INK_SOFT)

    y += 90
    text(draw, (m, y), "Treasures", 16, style.INK_SOFT)
    sprites.treasure(30).put(image, m, y + 16)
    text(draw, (m + 40, y + 31), str(view.treasures), 26, bold=True)
    final = allocate_treasures(view.points, view.treasures)
    text(draw, (m + 2 * slot, y), "Score if the game ended now", 16, style.INK_SOFT)
    text(draw, (m + 2 * slot, y + 31), f"{min(final)}  (weakest colour, treasures added)", 16)

    y += 70
    text(draw, (m, y), "Catastrophes", 16, style.INK_SOFT)
    for i in range(seat_view.catastrophes):
        sprites.catastrophe(34).put(image, m + i * 42, y + 14)
    if not seat_view.catastrophes:
        text(draw, (m, y + 31), "none left", 16)
    text(draw, (m + 2 * slot, y), "Leaders in supply", 16, style.INK_SOFT)
    for i, colour in enumerate(seat_view.leaders_in_supply):
        sprites.leader(seat, colour, 40).put(image, m + 2 * slot + i * 48, y + 12)
    if not seat_view.leaders_in_supply:
        text(draw, (m + 2 * slot, y + 31), "all on the board", 16)
    return image


# ---------------------------------------------------------------------------------------- scores

SCORES_W = 800
ROW = 64
TOP = 96


def render_scores(view: PublicView, names: Sequence[str]) -> Image.Image:
    """Each player's points per colour with treasures added, the weakest colour framed, the places."""
    outcome = view.outcome
    assert outcome is not None
    standings = outcome.standings
    height = TOP + 34 + ROW * len(standings) + 54
    image = Image.new("RGB", (SCORES_W, height), style.BACKGROUND)
    draw = ImageDraw.Draw(image)
    m = 20
    reason = {"treasures": "only two treasures left", "bag": "the bag ran out"}.get(
        outcome.reason, outcome.reason
    )
    text(draw, (m, 30), "Final scores", 26, bold=True)
    text(draw, (m, 62), f"Game over after turn {view.turn} · {reason}", 16, style.INK_SOFT)

    x_place, x_symbol, x_name, x_cols, col_w, x_treasure, x_score = m, 86, 114, 296, 84, 676, 748
    head_y = TOP + 8
    text(draw, (x_place, head_y), "Place", 14, style.INK_SOFT)
    text(draw, (x_name, head_y), "Player", 14, style.INK_SOFT)
    for colour in Colour:
        cx = x_cols + colour * col_w + col_w // 2
        sprites.tile(colour, 24).put_centred(image, cx, head_y)
    sprites.treasure(22).put_centred(image, x_treasure, head_y)
    text(draw, (x_score, head_y), "Score", 14, style.INK_SOFT, "mm")

    for i, st in enumerate(standings):
        top = TOP + 26 + i * ROW
        cy = top + ROW // 2
        if st.place == 1:
            draw.rectangle((m - 8, top + 2, SCORES_W - m + 8, top + ROW - 2), fill=style.ACTIVE_ROW)
        draw.line((m - 8, top + ROW, SCORES_W - m + 8, top + ROW), fill=style.FAINT, width=1)
        text(draw, (x_place, cy), _ordinal(st.place), 22, bold=st.place == 1)
        sprites.dynasty(st.seat, 34).put_centred(image, x_symbol, cy)
        text(draw, (x_name, cy), names[st.seat], style.NAME_SIZE, bold=st.place == 1)
        for colour in Colour:
            cx = x_cols + colour * col_w + col_w // 2
            if colour == st.weakest:
                draw.rounded_rectangle(
                    (cx - 38, top + 6, cx + 38, top + ROW - 6), radius=8, outline=style.INK, width=3
                )
                text(draw, (cx, top + ROW - 16), "weakest", 14, style.INK, "mm")
            added = st.final[colour] - st.points[colour]
            value_y = cy - 7 if colour == st.weakest else cy
            label = str(st.final[colour])
            text(draw, (cx, value_y), label, 24, anchor="mm", bold=True)
            if added:
                w = style.text_width(label, 24)
                text(draw, (cx + w / 2 + 4, value_y - 6), f"+{added}", 14, style.GOLD_EDGE, "lm")
        text(draw, (x_treasure, cy), str(st.treasures), 22, anchor="mm")
        text(draw, (x_score, cy), str(st.score), 28, anchor="mm", bold=True)
    foot = height - 28
    text(
        draw,
        (m, foot),
        "Score = the weakest colour after treasures (+n) are added; ties go to the next weakest colour.",
        14,
        style.INK_SOFT,
    )
    return image
