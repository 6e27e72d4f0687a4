"""The board picture: the 16 x 11 grid with every piece, highlights, and a strip below with the turn,
the pending decision, each player's public supply and the monuments left.

Only public information is drawn (R25): hands are never read, and points and treasures held only
with open scoring or once the game is over, even when a player's own view is passed in.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Sequence

from PIL import Image, ImageChops, ImageDraw

from engine import MONUMENTS, Action, Colour, Kind, Phase, PublicView
from render import sprites, style
from render.sprites import Sprite

COLUMNS, ROWS = 16, 11
CELL = 52  # pixels per square
EDGE = 26  # the band with the column letters and row numbers
GX, GY = EDGE, EDGE  # the grid's top-left corner
GRID_W, GRID_H = CELL * COLUMNS, CELL * ROWS
WIDTH = GX + GRID_W + EDGE
TILE_SIZE = 44
LEADER_SIZE = 46

# the strip below the grid
STRIP_Y = GY + GRID_H + EDGE + 6
HEADER_Y = STRIP_Y + 17  # centre of the header line
BOX_Y, BOX_H = STRIP_Y + 36, 38
LABELS_Y = BOX_Y + BOX_H + 14  # centre of the column labels
ICONS_Y = LABELS_Y + 20  # centre of the colour icons over the columns
ROWS_Y = ICONS_Y + 16  # top of the first player row
ROW_H = 48
MARGIN = 12

X_MARK = MARGIN
X_SYMBOL = 30
SYMBOL = 36
X_NAME = 74
X_LEADERS, LEADER_SLOT = 256, 38
X_CATS, CAT_SLOT = 420, 34
X_HAND = 520
X_POINTS, POINT_SLOT = 596, 46
X_TREASURES = 792

LEGEND_ITEM = 30
SUPPLY_LEADER = 34
MINI_TILE = 20
MONUMENT_MINI = 44


def cell_origin(square: int) -> tuple[int, int]:
    """The top-left pixel of a square's cell."""
    row, col = divmod(square, COLUMNS)
    return GX + col * CELL, GY + row * CELL


def _layout(players: int) -> tuple[int, int, int]:
    """(monument row centre, legend top, picture height) for a number of players."""
    monuments_y = ROWS_Y + players * ROW_H + 30
    legend_y = monuments_y + 34
    return monuments_y, legend_y, legend_y + 2 * 36 + 6


# ------------------------------------------------------------------------------------------ text


def text(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    words: str,
    size: int,
    fill: style.RGB = style.INK,
    anchor: str = "lm",
    bold: bool = False,
) -> None:
    """Draw text at a whole-pixel anchor point; the glyph masks are cached (names and numbers repeat)."""
    mask, dx, dy = _text_mask(words, size, anchor, bold)
    x, y = round(xy[0]) + dx, round(xy[1]) + dy
    draw.bitmap((x, y), mask, fill=fill)


@functools.lru_cache(maxsize=2048)
def _text_mask(words: str, size: int, anchor: str, bold: bool) -> tuple[Image.Image, int, int]:
    font = style.font(size)
    stroke = 1 if bold else 0
    x0, y0, x1, y1 = (round(v) for v in font.getbbox(words, anchor=anchor, stroke_width=stroke))
    mask = Image.new("L", (max(1, x1 - x0), max(1, y1 - y0)), 0)
    ImageDraw.Draw(mask).text(
        (-x0, -y0), words, font=font, fill=255, anchor=anchor, stroke_width=stroke, stroke_fill=255
    )
    return mask, x0, y0


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def describe(view: PublicView, names: Sequence[str]) -> tuple[str, str]:
    """The header line (whose turn) and the pending-decision line, as drawn in the strip."""
    active = names[view.active]
    phase = view.phase
    if phase is Phase.OVER:
        reason = {"treasures": "only two treasures left", "bag": "the bag ran out"}.get(
            view.end_reason or "", view.end_reason or ""
        )
        header = f"Game over after turn {view.turn} · {reason}"
        outcome = view.outcome
        if outcome is None:
            return header, "Final scores pending"
        winners = [names[s.seat] for s in outcome.standings if s.place == 1]
        best = outcome.standings[0].score
        label = "Winner" if len(winners) == 1 else "Tied winners"
        return header, f"{label}: {', '.join(winners)} with {best} in the weakest colour"
    if phase is Phase.ACTION:
        header = f"Turn {view.turn} · {active} to play · {_plural(view.actions_left, 'action')} left"
    else:  # the active player's action waits on a decision, maybe someone else's
        header = f"Turn {view.turn} · {active}'s turn · action {3 - view.actions_left} of 2"
    conflict = view.conflict
    if phase.is_commit and conflict is not None:
        kind = "Revolt" if conflict.kind == "revolt" else "War"
        attacker = f"attacker {names[conflict.attacker]} {conflict.attacker_strength}"
        if conflict.attacker_commit is not None:
            attacker += f" + {conflict.attacker_commit} committed"
        defender = f"defender {names[conflict.defender]} {conflict.defender_strength}"
        who = names[view.to_act] if view.to_act is not None else ""
        tiles = style.TILE_PLURALS[conflict.tile_colour]
        leaders = style.LEADER_PLURALS[conflict.colour]
        return header, f"{kind} ({leaders}): {attacker} vs {defender} · {who} commits {tiles}"
    choices = [Action.parse(c) for c in view.choices]
    to_act = names[view.to_act] if view.to_act is not None else active
    if phase is Phase.WAR_CHOICE:
        wars = [style.LEADER_PLURALS[a.colour] for a in choices if a.colour is not None]
        return header, f"{to_act} chooses the next war: {' or '.join(wars)}"
    if phase is Phase.MONUMENT:
        options = [c.text.removeprefix("monument ") for c in choices if c.kind == Kind.MONUMENT]
        return header, f"{to_act} may build a monument ({', '.join(options)}) or decline"
    if phase is Phase.TREASURE:
        squares = [c.text.removeprefix("treasure ") for c in choices if c.kind == Kind.TREASURE]
        return header, f"{to_act} takes a treasure: {' or '.join(squares)}"
    return header, f"Waiting for {active}: action {3 - view.actions_left} of 2"


# ------------------------------------------------------------------------------- static picture


def _river_waves(draw: ImageDraw.ImageDraw, x: int, y: int, k: int) -> None:
    for row in (0.36, 0.68):
        pts = []
        for i in range(13):
            t = i / 12
            dy = (-1 if i % 4 == 1 else 1 if i % 4 == 3 else 0) * 3.2
            pts.append(((x + 10 + t * (CELL - 20)) * k, (y + row * CELL + dy) * k))
        draw.line(pts, fill=style.RIVER_WAVE, width=round(1.6 * k), joint="curve")


def _special_frame(
    draw: ImageDraw.ImageDraw, x: int, y: int, k: int, fill: style.RGB | int = style.SPECIAL
) -> None:
    """A special-border square: a bronze frame with notched corners."""
    draw.rectangle(
        ((x + 1) * k, (y + 1) * k, (x + CELL - 1) * k - 1, (y + CELL - 1) * k - 1), outline=fill, width=5 * k
    )
    c = 15
    for cx, cy, sx, sy in (
        (x, y, 1, 1),
        (x + CELL, y, -1, 1),
        (x, y + CELL, 1, -1),
        (x + CELL, y + CELL, -1, -1),
    ):
        draw.polygon([(cx * k, cy * k), ((cx + sx * c) * k, cy * k), (cx * k, (cy + sy * c) * k)], fill=fill)


@functools.cache
def _special_overlay() -> Sprite:
    """The special-border frame, drawn over whatever stands on the square so it always shows."""
    k = 4
    big = Image.new("L", (CELL * k, CELL * k), 0)
    _special_frame(ImageDraw.Draw(big), 0, 0, k, 255)
    return Sprite(Image.new("RGB", (CELL, CELL), style.SPECIAL), big.reduce(k))


@functools.cache
def _legend_swatch(kind: str) -> Sprite:
    """A land square showing one marking, shrunk for the legend."""
    big = Image.new("RGB", (CELL, CELL), style.LAND)
    overlays = {
        "special": [_special_overlay()],
        "changed": [_changed_overlay()],
        "removed": [_removed_hatch(), _removed_frame()],
        "highlight": [_highlight_overlay(True)],
    }
    for overlay in overlays[kind]:
        overlay.put(big, 0, 0)
    size = LEGEND_ITEM
    return Sprite(big.resize((size, size), Image.Resampling.LANCZOS), Image.new("L", (size, size), 255))


@functools.cache
def _base(players: int, river: frozenset[int]) -> Image.Image:
    """Everything that does not depend on the position: drawn once per map (its rivers) and number of
    players. The special-border frames are drawn with the pieces, over them."""
    monuments_y, legend_y, height = _layout(players)
    k = 2  # the grid is drawn at twice the size and reduced, for smooth waves
    big = Image.new("RGB", (WIDTH * k, (GY + GRID_H + EDGE) * k), style.BACKGROUND)
    d = ImageDraw.Draw(big)
    for square in range(COLUMNS * ROWS):
        x, y = cell_origin(square)
        is_river = square in river
        d.rectangle(
            (x * k, y * k, (x + CELL) * k - 1, (y + CELL) * k - 1),
            fill=style.RIVER if is_river else style.LAND,
            outline=style.RIVER_LINE if is_river else style.LAND_LINE,
            width=k,
        )
        if is_river:
            _river_waves(d, x, y, k)
    d.rectangle(
        (GX * k - k, GY * k - k, (GX + GRID_W) * k + k - 1, (GY + GRID_H) * k + k - 1),
        outline=style.INK,
        width=k,
    )
    image = Image.new("RGB", (WIDTH, height), style.BACKGROUND)
    image.paste(big.reduce(k), (0, 0))
    draw = ImageDraw.Draw(image)
    for col in range(COLUMNS):
        cx = GX + col * CELL + CELL // 2
        letter = "ABCDEFGHIJKLMNOP"[col]
        text(draw, (cx, GY - EDGE // 2), letter, 16, style.INK_SOFT, "mm")
        text(draw, (cx, GY + GRID_H + EDGE // 2), letter, 16, style.INK_SOFT, "mm")
    for row in range(ROWS):
        cy = GY + row * CELL + CELL // 2
        text(draw, (GX - EDGE // 2, cy), str(row + 1), 16, style.INK_SOFT, "mm")
        text(draw, (GX + GRID_W + EDGE // 2, cy), str(row + 1), 16, style.INK_SOFT, "mm")

    # the strip: decision box, column labels, row rules, monument label, legend
    draw.rounded_rectangle((MARGIN, BOX_Y, WIDTH - MARGIN, BOX_Y + BOX_H), radius=6, fill=style.BOX)
    text(draw, (X_LEADERS, LABELS_Y), "Leaders in supply", 14, style.INK_SOFT)
    text(draw, (X_CATS, LABELS_Y), "Catastrophes", 14, style.INK_SOFT)
    text(draw, (X_HAND, LABELS_Y), "Hand", 14, style.INK_SOFT)
    for colour in Colour:
        sprites.tile(colour, MINI_TILE).put_centred(
            image, X_LEADERS + colour * LEADER_SLOT + LEADER_SLOT // 2, ICONS_Y
        )
    for seat in range(players + 1):
        y = ROWS_Y + seat * ROW_H
        draw.line((MARGIN, y, WIDTH - MARGIN, y), fill=style.FAINT, width=1)
    text(draw, (MARGIN, monuments_y), "Monuments left", 16, style.INK_SOFT)
    _legend(image, draw, legend_y)
    return image


def _legend(image: Image.Image, draw: ImageDraw.ImageDraw, top: int) -> None:
    items: list[tuple[Sprite, str]] = [(sprites.tile(c, LEGEND_ITEM), c.tile_name) for c in Colour]
    items.append((sprites.catastrophe(LEGEND_ITEM), "catastrophe"))
    row2: list[tuple[Sprite, str]] = [
        (sprites.treasure(22), "treasure"),
        (sprites.unification(26), "unification"),
        (_legend_swatch("special"), "special border"),
        (_legend_swatch("changed"), "last move"),
        (_legend_swatch("removed"), "removed"),
        (_legend_swatch("highlight"), "marked"),
    ]
    for row, entries in enumerate((items, row2)):
        cy = top + row * 36 + 18
        x = MARGIN
        for sprite, label in entries:
            sprite.put_centred(image, x + LEGEND_ITEM // 2, cy)
            text(draw, (x + LEGEND_ITEM + 6, cy), label, 15, style.INK_SOFT)
            x += LEGEND_ITEM + 6 + round(style.text_width(label, 15)) + 22


# -------------------------------------------------------------------------------------- overlays


Sides = tuple[bool, bool, bool, bool]  # top, right, bottom, left
ALL_SIDES: Sides = (True, True, True, True)


def _open_sides(square: int, group: frozenset[int]) -> Sides:
    """The sides of a square not shared with another square of the group: a group is framed as one."""
    row, col = divmod(square, COLUMNS)
    return (
        row == 0 or square - COLUMNS not in group,
        col == COLUMNS - 1 or square + 1 not in group,
        row == ROWS - 1 or square + COLUMNS not in group,
        col == 0 or square - 1 not in group,
    )


@functools.cache
def _changed_overlay(sides: Sides = ALL_SIDES) -> Sprite:
    """The last action: a thick yellow frame edged in black, around the group of changed squares."""
    top, right, bottom, left = sides
    band, last = 7, CELL - 1
    image = Image.new("RGB", (CELL, CELL), style.CHANGED)
    alpha = Image.new("L", (CELL, CELL), 0)
    d, a = ImageDraw.Draw(image), ImageDraw.Draw(alpha)
    x0, x1 = (band if left else 0), (last - band if right else last)
    y0, y1 = (band if top else 0), (last - band if bottom else last)
    if top:
        a.rectangle((0, 0, last, band - 1), fill=255)
        d.line((0, 0, last, 0), fill=style.INK)
        d.line((x0 - 1 if left else 0, band - 1, x1 + 1 if right else last, band - 1), fill=style.INK)
    if bottom:
        a.rectangle((0, last - band + 1, last, last), fill=255)
        d.line((0, last, last, last), fill=style.INK)
        d.line(
            (x0 - 1 if left else 0, last - band + 1, x1 + 1 if right else last, last - band + 1),
            fill=style.INK,
        )
    if left:
        a.rectangle((0, 0, band - 1, last), fill=255)
        d.line((0, 0, 0, last), fill=style.INK)
        d.line((band - 1, y0 - 1 if top else 0, band - 1, y1 + 1 if bottom else last), fill=style.INK)
    if right:
        a.rectangle((last - band + 1, 0, last, last), fill=255)
        d.line((last, 0, last, last), fill=style.INK)
        d.line(
            (last - band + 1, y0 - 1 if top else 0, last - band + 1, y1 + 1 if bottom else last),
            fill=style.INK,
        )
    return Sprite(image, alpha)


@functools.cache
def _removed_frame(sides: Sides = ALL_SIDES) -> Sprite:
    """A piece taken away: a dashed red frame around the group of such squares."""
    top, right, bottom, left = sides
    alpha = Image.new("L", (CELL, CELL), 0)
    a = ImageDraw.Draw(alpha)
    dash, gap, w = 9, 5, 4
    for start in range(-1, CELL, dash + gap):
        s, end = max(start, 0), min(start + dash, CELL - 1)
        if top:
            a.rectangle((s, 0, end, w - 1), fill=255)
        if bottom:
            a.rectangle((s, CELL - w, end, CELL - 1), fill=255)
        if left:
            a.rectangle((0, s, w - 1, end), fill=255)
        if right:
            a.rectangle((CELL - w, s, CELL - 1, end), fill=255)
    return Sprite(Image.new("RGB", (CELL, CELL), style.REMOVED), alpha)


@functools.cache
def _removed_hatch() -> Sprite:
    """Red hatching on a square left empty by a removal."""
    k = 4
    big = Image.new("L", (CELL * k, CELL * k), 0)
    b = ImageDraw.Draw(big)
    for off in range(-CELL, CELL, 11):
        b.line(((off + 6) * k, (CELL - 6) * k, (off + CELL - 6) * k, 6 * k), fill=192, width=2 * k)
    b.rectangle((0, 0, CELL * k - 1, CELL * k - 1), outline=0, width=6 * k)
    return Sprite(Image.new("RGB", (CELL, CELL), style.REMOVED), big.reduce(k))


def _disc(size: int, r: float, k: int = 4) -> Image.Image:
    """An antialiased disc of radius r centred in a size x size mask."""
    big = Image.new("L", (size * k, size * k), 0)
    c = size * k / 2
    ImageDraw.Draw(big).ellipse((c - r * k, c - r * k, c + r * k - 1, c + r * k - 1), fill=255)
    return big.reduce(k)


@functools.cache
def _highlight_overlay(empty: bool) -> Sprite:
    """A marked square (e.g. a legal square): a teal inner frame, and a white-rimmed teal dot if empty."""
    k = 4
    big = Image.new("L", (CELL * k, CELL * k), 0)
    ImageDraw.Draw(big).rounded_rectangle(
        (7 * k, 7 * k, (CELL - 7) * k - 1, (CELL - 7) * k - 1), radius=6 * k, outline=255, width=3 * k
    )
    alpha = big.reduce(k)
    image = Image.new("RGB", (CELL, CELL), style.HIGHLIGHT)
    if empty:
        outer = _disc(CELL, 11)
        alpha = ImageChops.lighter(alpha, outer)
        image.paste(style.WHITE, (0, 0), ImageChops.subtract(outer, _disc(CELL, 8)))
    return Sprite(image, alpha)


@functools.cache
def _conflict_badge(letter: str) -> Sprite:
    size = 22
    image = Image.new("RGB", (size, size), style.INK)
    text(ImageDraw.Draw(image), (size / 2, size / 2 + 1), letter, 15, style.WHITE, "mm")
    return Sprite(image, _disc(size, size / 2))


# -------------------------------------------------------------------------------------- drawing


def _draw_squares(
    image: Image.Image,
    view: PublicView,
    changed: frozenset[int],
    removed: frozenset[int],
    highlight: frozenset[int],
) -> None:
    tile_off = (CELL - TILE_SIZE) // 2
    leader_off = (CELL - LEADER_SIZE) // 2
    squares = view.squares
    for square in sorted(removed):
        sq = squares[square]
        if sq.tile is None and sq.leader is None and not sq.catastrophe:
            x, y = cell_origin(square)
            _removed_hatch().put(image, x, y)
    for sq in squares:
        if sq.tile is None and sq.leader is None and not sq.catastrophe:
            continue
        x, y = cell_origin(sq.index)
        if sq.leader is not None:
            seat, colour = sq.leader
            sprites.leader(seat, colour, LEADER_SIZE).put(image, x + leader_off, y + leader_off)
        elif sq.catastrophe:
            sprites.catastrophe(TILE_SIZE).put(image, x + tile_off, y + tile_off)
        elif sq.tile is not None:
            sprite = (
                sprites.face_down(sq.tile, TILE_SIZE) if sq.face_down else sprites.tile(sq.tile, TILE_SIZE)
            )
            sprite.put(image, x + tile_off, y + tile_off)
    for pair, top_left in view.monuments:
        x, y = cell_origin(top_left)
        sprites.monument(pair, 2 * CELL - 8).put(image, x + 4, y + 4)
    for sq in squares:
        if sq.special:
            x, y = cell_origin(sq.index)
            _special_overlay().put(image, x, y)
        if sq.treasure:
            x, y = cell_origin(sq.index)
            sprites.treasure(22).put(image, x + CELL - 25, y + 2)
        if sq.unification:
            x, y = cell_origin(sq.index)
            sprites.unification(26).put(image, x + 1, y + CELL - 27)
    conflict = view.conflict
    if conflict is not None:
        for square, letter in ((conflict.attacker_square, "A"), (conflict.defender_square, "D")):
            x, y = cell_origin(square)
            _conflict_badge(letter).put(image, x + 1, y + 1)
    for square in sorted(removed):
        x, y = cell_origin(square)
        _removed_frame(_open_sides(square, removed)).put(image, x, y)
    for square in sorted(changed):
        x, y = cell_origin(square)
        _changed_overlay(_open_sides(square, changed)).put(image, x, y)
    for square in sorted(highlight):
        sq = squares[square]
        x, y = cell_origin(square)
        empty = sq.tile is None and sq.leader is None and not sq.catastrophe
        _highlight_overlay(empty).put(image, x, y)


def _draw_strip(image: Image.Image, view: PublicView, names: Sequence[str]) -> None:
    draw = ImageDraw.Draw(image)
    header, decision = describe(view, names)
    size, header = style.fit(header, (24, 22, 20), WIDTH - 2 * MARGIN)
    text(draw, (MARGIN, HEADER_Y), header, size, style.INK, bold=True)
    size, decision = style.fit(decision, (20, 18, 16, 15), WIDTH - 2 * MARGIN - 20)
    text(draw, (MARGIN + 10, BOX_Y + BOX_H // 2), decision, size)

    public_points = view.open_scoring or view.phase is Phase.OVER
    if public_points:
        text(draw, (X_POINTS, LABELS_Y), "Points", 14, style.INK_SOFT)
        text(draw, (X_TREASURES, LABELS_Y), "Treasures", 14, style.INK_SOFT)
        for colour in Colour:
            sprites.tile(colour, MINI_TILE).put_centred(image, X_POINTS + colour * POINT_SLOT + 14, ICONS_Y)
        sprites.treasure(20).put_centred(image, X_TREASURES + 14, ICONS_Y)

    for seat_view in view.seats:
        seat = seat_view.seat
        top = ROWS_Y + seat * ROW_H
        cy = top + ROW_H // 2
        if seat == view.to_act:
            draw.rectangle((MARGIN, top + 1, WIDTH - MARGIN, top + ROW_H - 1), fill=style.ACTIVE_ROW)
            draw.polygon([(X_MARK, cy - 9), (X_MARK + 12, cy), (X_MARK, cy + 9)], fill=style.INK)
        sprites.dynasty(seat, SYMBOL).put_centred(image, X_SYMBOL + SYMBOL // 2, cy)
        text(draw, (X_NAME, cy), names[seat], style.NAME_SIZE, bold=seat == view.active)
        for colour in Colour:
            cx = X_LEADERS + colour * LEADER_SLOT + LEADER_SLOT // 2
            if colour in seat_view.leaders_in_supply:
                sprites.leader(seat, colour, SUPPLY_LEADER, badge=False).put_centred(image, cx, cy)
            else:
                r = SUPPLY_LEADER // 2 - 3
                draw.ellipse((cx - r, cy - r, cx + r, cy + r), outline=style.FAINT, width=2)
        for i in range(2):
            cx = X_CATS + i * CAT_SLOT + CAT_SLOT // 2
            if i < seat_view.catastrophes:
                sprites.catastrophe(26).put_centred(image, cx, cy)
            else:
                draw.rounded_rectangle(
                    (cx - 12, cy - 12, cx + 12, cy + 12), radius=4, outline=style.FAINT, width=2
                )
        text(draw, (X_HAND, cy), _plural(seat_view.hand_size, "tile"), 18)
        if public_points and seat_view.points is not None:
            for colour in Colour:
                cx = X_POINTS + colour * POINT_SLOT + 14
                text(draw, (cx, cy), str(seat_view.points[colour]), 20, anchor="mm")
            text(draw, (X_TREASURES + 14, cy), str(seat_view.treasures or 0), 20, anchor="mm")

    monuments_y, _, _ = _layout(view.players)
    x = MARGIN + round(style.text_width("Monuments left", 16)) + 16
    available = set(view.monuments_available)
    for pair in MONUMENTS:
        if pair in available:
            sprites.monument(pair, MONUMENT_MINI).put_centred(image, x + MONUMENT_MINI // 2, monuments_y)
            x += MONUMENT_MINI + 10
    if not available:
        text(draw, (x, monuments_y), "none", 16, style.INK_SOFT)
    label = f"{view.treasures_left} treasures left"
    right = WIDTH - MARGIN
    text(draw, (right, monuments_y), label, 16, style.INK_SOFT, "rm")
    sprites.treasure(22).put_centred(image, right - round(style.text_width(label, 16)) - 18, monuments_y)


def render_board(
    view: PublicView,
    names: Sequence[str],
    changed: Iterable[int],
    removed: Iterable[int],
    highlight: Iterable[int],
) -> Image.Image:
    """The board picture as an RGB image (``board_png`` encodes it)."""
    river = frozenset(sq.index for sq in view.squares if sq.river)
    image = _base(view.players, river).copy()
    valid = range(COLUMNS * ROWS)
    _draw_squares(
        image,
        view,
        frozenset(s for s in changed if s in valid),
        frozenset(s for s in removed if s in valid),
        frozenset(s for s in highlight if s in valid),
    )
    _draw_strip(image, view, names)
    return image
