"""The board picture: the 16 x 11 grid with every piece, highlights, and a strip below with the turn,
the pending decision, each player's public supply and the monuments left; with the 2015 options, the
civilization buildings (R28: a white house on their tile, and those beside the board) and the wonder (R29:
one white plus over its five squares).

Only public information is drawn (R25): hands are never read, and points and treasures held only
with open scoring or once the game is over, even when a player's own view is passed in.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from PIL import Image, ImageChops, ImageDraw

from engine import MONUMENTS, Action, Colour, Kind, Phase, PublicView, SquareView, square_name
from i18n import N_, Words
from i18n.terms import leaders_name, tile_name
from render import labels, sprites, style
from render.seats import SeatNote, SeatNotes, note_sprite, valid_notes
from render.sprites import Sprite

COLUMNS, ROWS = 16, 11
CELL = 52  # pixels per square
EDGE = 38  # the band with the column letters and row numbers
GX, GY = EDGE, EDGE  # the grid's top-left corner
GRID_W, GRID_H = CELL * COLUMNS, CELL * ROWS
WIDTH = GX + GRID_W + EDGE
TILE_SIZE = 44
LEADER_SIZE = 46
# Every text is at least this size: about 11 px tall when a phone shows the picture 400 px wide.
TEXT = style.phone_text(WIDTH)
BADGE = 34  # the conflict's A and D markers: 15 px on a phone
BADGE_TEXT = 26

# the strip below the grid
MARGIN = 12
X_MARK = MARGIN
X_SYMBOL = 32
SYMBOL = 40
X_NAME = 80
X_LEADERS, LEADER_SLOT = 300, 42
X_CATS, CAT_SLOT = X_LEADERS + 4 * LEADER_SLOT + 6, 36
X_HAND = X_CATS + 2 * CAT_SLOT + 12
X_POINTS, POINT_SLOT = 646, 46
X_TREASURES = X_POINTS + 4 * POINT_SLOT + 6
SUPPLY_LEADER = 36
MINI_TILE = 26
MONUMENT_MINI = 44
BUILDING_MINI = 32
WONDER_MINI = 40
X_WONDER = 560  # the wonder's part of the options line
BUILDINGS_LABEL = N_("Buildings beside the board")
MONUMENTS_LABEL = N_("Monuments left")
WONDER_LABEL = N_("Wonder")
LEGEND_ITEM = 32
LEGEND_ROW = 42
NOTE_WIDTH = X_LEADERS - X_NAME - 10


@dataclass(frozen=True)
class Layout:
    """Where the strip's lines go, for a number of players, with or without a title line and notes."""

    players: int
    title_y: int | None  # centre of the title line
    header_y: int  # centre of the header line
    box_y: int
    box_h: int
    labels_y: int  # centre of the column labels
    icons_y: int  # centre of the colour icons over the columns
    rows_y: int  # top of the first player row
    row_h: int
    monuments_y: int
    options_y: int | None  # centre of the line of the 2015 options: buildings beside the board, the wonder
    buildings: bool  # the game is played with the civilization buildings (R28)
    wonder: bool  # ... with the wonder (R29)
    legend_y: int
    height: int

    def row_top(self, seat: int) -> int:
        return self.rows_y + seat * self.row_h


@functools.cache
def layout(
    players: int,
    words: Words,
    titled: bool = False,
    noted: bool = False,
    buildings: bool = False,
    wonder: bool = False,
) -> Layout:
    """The strip's lines; the legend's words (so its number of rows) depend on the language."""
    y = GY + GRID_H + EDGE + 8
    title_y = None
    if titled:
        title_y, y = y + 16, y + 36
    header_y, y = y + 20, y + 42
    box_y, box_h = y, 48
    labels_y = box_y + box_h + 24
    icons_y = labels_y + 32
    rows_y = icons_y + 20
    row_h = 94 if noted else 60
    monuments_y = rows_y + players * row_h + 38
    options_y = monuments_y + 44 if buildings or wonder else None
    legend_y = (options_y or monuments_y) + 40
    height = legend_y + len(_legend_rows(words, buildings, wonder)) * LEGEND_ROW + 10
    return Layout(
        players,
        title_y,
        header_y,
        box_y,
        box_h,
        labels_y,
        icons_y,
        rows_y,
        row_h,
        monuments_y,
        options_y,
        buildings,
        wonder,
        legend_y,
        height,
    )


def cell_origin(square: int) -> tuple[int, int]:
    """The top-left pixel of a square's cell."""
    row, col = divmod(square, COLUMNS)
    return GX + col * CELL, GY + row * CELL


Box = tuple[int, int, int, int]  # (x0, y0, x1, y1), the right and bottom edges excluded

# Where a conflict's A or D marker may sit over its leader's cell, in order of preference: the top-left,
# top-right and bottom-left corners, each sticking out 6 px. Never the bottom right: the leader's colour
# badge is there.
_BADGE_CORNERS = ((-6, -6), (CELL - BADGE + 6, -6), (-6, CELL - BADGE + 6))


def conflict_badge_boxes(attacker_square: int, defender_square: int) -> tuple[Box, Box]:
    """The pixel boxes of the attacker's A and the defender's D. Each marker takes the first corner of its
    leader's cell whose box stays off the other leader's cell, so that beside each other (in a row, a
    column or diagonally) the two markers point away from each other and each clearly belongs to its own
    leader; at least one corner always qualifies, as the other leader covers at most two."""

    def box(square: int, other: int) -> Box:
        x, y = cell_origin(square)
        ox, oy = cell_origin(other)
        for dx, dy in _BADGE_CORNERS:
            x0, y0 = x + dx, y + dy
            if x0 >= ox + CELL or x0 + BADGE <= ox or y0 >= oy + CELL or y0 + BADGE <= oy:
                return (x0, y0, x0 + BADGE, y0 + BADGE)
        raise ValueError(f"attacker and defender both on {square_name(square)}")

    return box(attacker_square, defender_square), box(defender_square, attacker_square)


# ------------------------------------------------------------------------------------------ text


text = style.text


def describe(
    view: PublicView, names: Sequence[str], words: Words, width: float | None = None
) -> tuple[str, str]:
    """The header line (whose turn) and the pending-decision line, as drawn in the strip; ``width``: the
    decision line's room in pixels, which a conflict's line is made to fit (``conflict_line``)."""
    active = names[view.active]
    phase = view.phase
    turn = view.turn
    if phase is Phase.OVER:
        header = labels.game_over(words, view.end_reason, turn)
        outcome = view.outcome
        if outcome is None:
            return header, words.gettext("Final scores pending")
        winners = [names[s.seat] for s in outcome.standings if s.place == 1]
        best = outcome.standings[0].score
        if len(winners) == 1:
            return header, words.gettext(
                "Winner: {name} with {score} in the weakest colour", name=winners[0], score=best
            )
        return header, words.gettext(
            "Tied winners: {names} with {score} in the weakest colour",
            names=style.joined(winners, words),
            score=best,
        )
    number = 3 - view.actions_left  # the action under way, 1 or 2
    if phase is Phase.ACTION:
        header = words.ngettext(
            "Turn {turn} · {name} to play · {n} action left",
            "Turn {turn} · {name} to play · {n} actions left",
            view.actions_left,
            turn=turn,
            name=active,
        )
    else:  # the active player's action waits on a decision, maybe someone else's
        header = words.gettext(
            "Turn {turn} · {name}'s turn · action {number} of 2", turn=turn, name=active, number=number
        )
    if phase.is_commit and view.conflict is not None:
        return header, conflict_line(view, names, words, width)
    choices = [Action.parse(c) for c in view.choices]
    to_act = names[view.to_act] if view.to_act is not None else active
    if phase is Phase.WAR_CHOICE:
        wars = [leaders_name(words, a.colour) for a in choices if a.colour is not None]
        return header, words.gettext(
            "{name} chooses the next war: {choices}",
            name=to_act,
            choices=style.joined(wars, words, either=True),
        )
    if phase is Phase.MONUMENT:
        options = [
            labels.said(words, labels.MONUMENT_PAIR, c.pair, square=_square(c.square))
            for c in choices
            if c.kind == Kind.MONUMENT and c.pair is not None and c.square is not None
        ]
        return header, words.gettext(
            "{name} may build a monument ({choices}) or decline", name=to_act, choices=", ".join(options)
        )
    if phase is Phase.BUILDING:
        places = ", ".join(
            _square(c.square) for c in choices if c.kind == Kind.BUILDING and c.square is not None
        )
        colour = next((c.colour for c in choices if c.colour is not None), None)
        if colour is None:
            return header, words.gettext(
                "{name} may place a building ({squares}) or decline", name=to_act, squares=places
            )
        return header, labels.said(words, labels.PLACE_BUILDING, colour, name=to_act, squares=places)
    if phase is Phase.WONDER:
        centres = [_square(c.square) for c in choices if c.kind == Kind.WONDER and c.square is not None]
        return header, words.gettext(
            "{name} may erect the wonder (centred on {squares}) or decline",
            name=to_act,
            squares=style.joined(centres, words, either=True),
        )
    if phase is Phase.WONDER_POINT:
        return header, words.gettext(
            "{name}'s king by the wonder: {name} chooses the colour of a point", name=to_act
        )
    if phase is Phase.TREASURE:
        squares = [_square(c.square) for c in choices if c.square is not None]
        return header, words.gettext(
            "{name} takes a treasure: {squares}",
            name=to_act,
            squares=style.joined(squares, words, either=True),
        )
    return header, words.gettext("Waiting for {name}: action {number} of 2", name=active, number=number)


# How a conflict's line gives way when it is too long for the strip at its smallest text size, tried in
# turn: (with the conflict's name, "Revolt of priests:"; the room of each side's name; the room of the name
# of who must commit), a room in pixels (None: the name as given; 0: left out, the A and D markers on the
# board say who is who). The fight's names go first, then the conflict's name (the tiles committed say its
# colour), the request's name last; the strengths are never cut off.
GIVING_WAY: tuple[tuple[bool, int | None, int | None], ...] = (
    (True, None, None),
    (True, 160, None),
    (True, 100, None),
    (True, 60, None),
    (True, 0, None),
    (False, 120, None),
    (False, 60, None),
    (False, 0, None),
    (False, 0, 120),
    (False, 0, 60),
)


def conflict_line(view: PublicView, names: Sequence[str], words: Words, width: float | None = None) -> str:
    """A conflict's decision line: who must commit what first (so a line cut short keeps the request),
    then the fight with each side's strength (and the attacker's committed tiles). With ``width``, the
    line gives way (``GIVING_WAY``) until it fits at the strip's smallest text size."""
    conflict = view.conflict
    assert conflict is not None
    kind = "revolt" if conflict.kind == "revolt" else "war"
    line = ""
    for named, room, who_room in GIVING_WAY if width is not None else GIVING_WAY[:1]:
        attacker = f"{_shortened(names[conflict.attacker], room)} (A) {conflict.attacker_strength}".lstrip()
        if conflict.attacker_commit is not None:
            attacker += f" + {conflict.attacker_commit}"
        defender = f"{_shortened(names[conflict.defender], room)} (D) {conflict.defender_strength}".lstrip()
        who = "" if view.to_act is None else _shortened(names[view.to_act], who_room)
        commits = labels.said(words, labels.COMMITS, conflict.tile_colour, name=who)
        fight = (
            labels.said(words, labels.CONFLICT, (kind, conflict.colour), attacker=attacker, defender=defender)
            if named
            else words.gettext(labels.FIGHT, attacker=attacker, defender=defender)
        )
        line = f"{commits} · {fight}"
        if width is None or style.text_width(line, TEXT) <= width:
            break
    return line


def _shortened(name: str, room: int | None) -> str:
    """A name clipped to ``room`` pixels at the strip's smallest text size; None: as given, 0: left out."""
    if room is None:
        return name
    return style.clip(name, TEXT, room) if room else ""


def _square(square: int) -> str:
    return square_name(square).upper()


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
def _legend_badges() -> Sprite:
    """The attacker's and the defender's markers side by side."""
    a, d = _conflict_badge("A"), _conflict_badge("D")
    rgb = Image.new("RGB", (2 * BADGE + 4, BADGE), style.BACKGROUND)
    alpha = Image.new("L", rgb.size, 0)
    for sprite, x in ((a, 0), (d, BADGE + 4)):
        rgb.paste(sprite.rgb, (x, 0))
        alpha.paste(sprite.alpha, (x, 0))
    return Sprite(rgb, alpha)


LegendRow = list[tuple[Sprite, str, int]]  # (symbol, label, left edge)


@functools.cache
def _legend_rows(words: Words, buildings: bool = False, wonder: bool = False) -> tuple[LegendRow, ...]:
    """The legend's entries flowed into rows that fit the picture's width; the 2015 options' pieces only
    in a game played with them."""
    entries: list[tuple[Sprite, str]] = [(sprites.tile(c, LEGEND_ITEM), tile_name(words, c)) for c in Colour]
    if buildings:
        entries.append(
            (sprites.building(Colour.BLACK, LEGEND_ITEM), words.gettext("building on its tile (its colour)"))
        )
    if wonder:
        entries.append((sprites.wonder(WONDER_MINI), words.pgettext("legend", "wonder")))
    entries += [
        (sprites.catastrophe(LEGEND_ITEM), words.gettext("catastrophe")),
        (sprites.leader(0, Colour.RED, LEGEND_ITEM + 2), words.gettext("leader")),
        (sprites.treasure(26), words.gettext("treasure")),
        (sprites.unification(30), words.gettext("unification")),
        (_legend_swatch("special"), words.gettext("special border")),
        (_legend_swatch("changed"), words.gettext("last move")),
        (_legend_swatch("removed"), words.gettext("removed")),
        (_legend_swatch("highlight"), words.gettext("marked")),
        (_legend_badges(), words.gettext("attacker, defender in a conflict")),
    ]
    rows: list[LegendRow] = [[]]
    x = MARGIN
    for sprite, label in entries:
        w = max(sprite.rgb.width, LEGEND_ITEM) + 8 + round(style.text_width(label, TEXT))
        if rows[-1] and x + w > WIDTH - MARGIN:
            rows.append([])
            x = MARGIN
        rows[-1].append((sprite, label, x))
        x += w + 24
    return tuple(rows)


def _legend(image: Image.Image, draw: ImageDraw.ImageDraw, lay: Layout, words: Words) -> None:
    for row, entries in enumerate(_legend_rows(words, lay.buildings, lay.wonder)):
        cy = lay.legend_y + row * LEGEND_ROW + LEGEND_ROW // 2
        for sprite, label, x in entries:
            w = max(sprite.rgb.width, LEGEND_ITEM)
            sprite.put_centred(image, x + w // 2, cy)
            text(draw, (x + w + 8, cy), label, TEXT, style.INK_SOFT)


@functools.cache
def _grid(river: frozenset[int]) -> Image.Image:
    """The squares, rivers and coordinates: drawn once per map. The special-border frames are drawn
    with the pieces, over them."""
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
    image = big.reduce(k)
    draw = ImageDraw.Draw(image)
    for col in range(COLUMNS):
        cx = GX + col * CELL + CELL // 2
        letter = "ABCDEFGHIJKLMNOP"[col]
        text(draw, (cx, GY - EDGE // 2), letter, TEXT, style.INK_SOFT, "mm")
        text(draw, (cx, GY + GRID_H + EDGE // 2), letter, TEXT, style.INK_SOFT, "mm")
    for row in range(ROWS):
        cy = GY + row * CELL + CELL // 2
        text(draw, (GX - EDGE // 2, cy), str(row + 1), TEXT, style.INK_SOFT, "mm")
        text(draw, (GX + GRID_W + EDGE // 2, cy), str(row + 1), TEXT, style.INK_SOFT, "mm")
    return image


@functools.cache
def _base(lay: Layout, river: frozenset[int], words: Words) -> Image.Image:
    """Everything that does not depend on the position, for one map, layout and language."""
    image = Image.new("RGB", (WIDTH, lay.height), style.BACKGROUND)
    image.paste(_grid(river), (0, 0))
    draw = ImageDraw.Draw(image)
    # the strip: decision box, column labels, row rules, monument label, legend
    draw.rounded_rectangle(
        (MARGIN, lay.box_y, WIDTH - MARGIN, lay.box_y + lay.box_h), radius=8, fill=style.BOX
    )
    in_supply = style.clip(words.gettext("In supply"), TEXT, X_HAND - X_LEADERS - 8)
    text(draw, (X_LEADERS, lay.labels_y), in_supply, TEXT, style.INK_SOFT)
    hand = style.clip(words.gettext("Hand"), TEXT, X_POINTS - X_HAND - 8)
    text(draw, (X_HAND, lay.labels_y), hand, TEXT, style.INK_SOFT)
    for colour in Colour:
        sprites.tile(colour, MINI_TILE).put_centred(
            image, X_LEADERS + colour * LEADER_SLOT + LEADER_SLOT // 2, lay.icons_y
        )
    sprites.catastrophe(MINI_TILE).put_centred(image, X_CATS + CAT_SLOT, lay.icons_y)
    for seat in range(lay.players + 1):
        y = lay.row_top(seat)
        draw.line((MARGIN, y, WIDTH - MARGIN, y), fill=style.FAINT, width=1)
    text(draw, (MARGIN, lay.monuments_y), words.gettext(MONUMENTS_LABEL), TEXT, style.INK_SOFT)
    if lay.options_y is not None and lay.buildings:
        text(draw, (MARGIN, lay.options_y), words.gettext(BUILDINGS_LABEL), TEXT, style.INK_SOFT)
    if lay.options_y is not None and lay.wonder:
        text(draw, (X_WONDER, lay.options_y), words.gettext(WONDER_LABEL), TEXT, style.INK_SOFT)
    _legend(image, draw, lay, words)
    return image


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
    """A conflict's attacker (A) or defender (D): a white capital on a black disc with a white rim."""
    image = Image.new("RGB", (BADGE, BADGE), style.WHITE)
    ImageDraw.Draw(image)  # the rim stays white; the disc inside is ink
    image.paste(style.INK, (0, 0), _disc(BADGE, BADGE / 2 - 2))
    text(ImageDraw.Draw(image), (BADGE / 2, BADGE / 2 + 1), letter, BADGE_TEXT, style.WHITE, "mm", bold=True)
    return Sprite(image, _disc(BADGE, BADGE / 2))


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
        if _is_empty(squares[square]):
            x, y = cell_origin(square)
            _removed_hatch().put(image, x, y)
    for sq in squares:
        if _is_empty(sq):
            continue
        x, y = cell_origin(sq.index)
        if sq.leader is not None:
            seat, colour = sq.leader
            sprites.leader(seat, colour, LEADER_SIZE).put(image, x + leader_off, y + leader_off)
        elif sq.catastrophe:
            sprites.catastrophe(TILE_SIZE).put(image, x + tile_off, y + tile_off)
        elif sq.tile is not None:
            if sq.face_down:
                sprite = sprites.face_down(sq.tile, TILE_SIZE)
            elif sq.building:
                sprite = sprites.building(sq.tile, TILE_SIZE)
            else:
                sprite = sprites.tile(sq.tile, TILE_SIZE)
            sprite.put(image, x + tile_off, y + tile_off)
    for pair, top_left in view.monuments:
        x, y = cell_origin(top_left)
        sprites.monument(pair, 2 * CELL - 8).put(image, x + 4, y + 4)
    if view.wonder is not None:  # one piece over the plus: drawn from the top-left of the 3 x 3 around it
        x, y = cell_origin(view.wonder - COLUMNS - 1)
        sprites.wonder(3 * CELL).put(image, x, y)
    for sq in squares:
        if sq.special:
            x, y = cell_origin(sq.index)
            _special_overlay().put(image, x, y)
        if sq.treasure:
            x, y = cell_origin(sq.index)
            sprites.treasure(24).put(image, x + CELL - 26, y + 1)
        if sq.unification:
            x, y = cell_origin(sq.index)
            sprites.unification(30).put(image, x + 1, y + CELL - 31)
    for square in sorted(removed):
        x, y = cell_origin(square)
        _removed_frame(_open_sides(square, removed)).put(image, x, y)
    for square in sorted(changed):
        x, y = cell_origin(square)
        _changed_overlay(_open_sides(square, changed)).put(image, x, y)
    for square in sorted(highlight):
        sq = squares[square]
        x, y = cell_origin(square)
        _highlight_overlay(_is_empty(sq)).put(image, x, y)
    conflict = view.conflict
    if conflict is not None:  # last, so that no frame or highlight crosses a marker
        boxes = conflict_badge_boxes(conflict.attacker_square, conflict.defender_square)
        for (x0, y0, _, _), letter in zip(boxes, "AD", strict=True):
            _conflict_badge(letter).put(image, x0, y0)


def _is_empty(sq: SquareView) -> bool:
    return sq.tile is None and sq.leader is None and not sq.catastrophe and not sq.wonder


def _draw_strip(
    image: Image.Image,
    lay: Layout,
    view: PublicView,
    names: Sequence[str],
    notes: dict[int, SeatNote],
    title: str,
    words: Words,
) -> None:
    draw = ImageDraw.Draw(image)
    width = WIDTH - 2 * MARGIN
    if lay.title_y is not None:
        text(draw, (MARGIN, lay.title_y), style.clip(title, TEXT, width), TEXT, style.INK_SOFT)
    header, decision = describe(view, names, words, width - 24)
    size, header = style.fit(header, (30, 28, 26, TEXT), width, bold=True)
    text(draw, (MARGIN, lay.header_y), header, size, style.INK, bold=True)
    size, decision = style.fit(decision, (26, TEXT), width - 24)
    text(draw, (MARGIN + 12, lay.box_y + lay.box_h // 2), decision, size)

    public_points = view.open_scoring or view.phase is Phase.OVER
    hand_room = (X_POINTS - 8 if public_points else WIDTH - MARGIN) - X_HAND
    if public_points:
        points_label = style.clip(words.gettext("Points"), TEXT, WIDTH - MARGIN - X_POINTS)
        text(draw, (X_POINTS, lay.labels_y), points_label, TEXT, style.INK_SOFT)
        for colour in Colour:
            cx = X_POINTS + colour * POINT_SLOT + POINT_SLOT // 2
            sprites.tile(colour, MINI_TILE).put_centred(image, cx, lay.icons_y)
        sprites.treasure(MINI_TILE).put_centred(image, X_TREASURES + POINT_SLOT // 2, lay.icons_y)

    for seat_view in view.seats:
        seat = seat_view.seat
        top = lay.row_top(seat)
        cy = top + lay.row_h // 2
        if seat == view.to_act:
            draw.rectangle((MARGIN, top + 1, WIDTH - MARGIN, top + lay.row_h - 1), fill=style.ACTIVE_ROW)
            draw.polygon([(X_MARK, cy - 11), (X_MARK + 14, cy), (X_MARK, cy + 11)], fill=style.INK)
        sprites.dynasty(seat, SYMBOL).put_centred(image, X_SYMBOL + SYMBOL // 2, cy)
        note = notes.get(seat)
        name_y = cy if note is None else top + 30
        text(draw, (X_NAME, name_y), names[seat], style.NAME_SIZE, bold=seat == view.active)
        if note is not None:
            note_sprite(note, TEXT, NOTE_WIDTH, words).put(image, X_NAME, top + 50)
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
                sprites.catastrophe(28).put_centred(image, cx, cy)
            else:
                draw.rounded_rectangle(
                    (cx - 13, cy - 13, cx + 13, cy + 13), radius=4, outline=style.FAINT, width=2
                )
        hand = words.ngettext("{n} tile", "{n} tiles", seat_view.hand_size)
        if style.text_width(hand, TEXT) > hand_room:  # a long word for tiles: the column's label says it
            hand = str(seat_view.hand_size)
        text(draw, (X_HAND, cy), hand, TEXT)
        if public_points and seat_view.points is not None:
            for colour in Colour:
                cx = X_POINTS + colour * POINT_SLOT + POINT_SLOT // 2
                text(draw, (cx, cy), str(seat_view.points[colour]), 26, anchor="mm")
            text(draw, (X_TREASURES + POINT_SLOT // 2, cy), str(seat_view.treasures or 0), 26, anchor="mm")

    y = lay.monuments_y
    x = MARGIN + round(style.text_width(words.gettext(MONUMENTS_LABEL), TEXT)) + 14
    label = words.ngettext("{n} treasure left", "{n} treasures left", view.treasures_left)
    right = WIDTH - MARGIN
    treasure_x = right - round(style.text_width(label, TEXT)) - 20  # the treasure icon's centre
    available = set(view.monuments_available)
    # the monuments close up (to 2 px apart) when long words on either side leave less room
    room = treasure_x - 14 - 12 - x - len(available) * MONUMENT_MINI
    gap = max(2, min(8, room // max(1, len(available))))
    for pair in MONUMENTS:
        if pair in available:
            sprites.monument(pair, MONUMENT_MINI).put_centred(image, x + MONUMENT_MINI // 2, y)
            x += MONUMENT_MINI + gap
    if not available:
        text(draw, (x, y), words.gettext("none"), TEXT, style.INK_SOFT)
    if lay.options_y is not None:
        _draw_options(image, draw, lay.options_y, view, words)
    text(draw, (right, y), label, TEXT, style.INK_SOFT, "rm")
    sprites.treasure(28).put_centred(image, treasure_x, y)


def _draw_options(
    image: Image.Image, draw: ImageDraw.ImageDraw, y: int, view: PublicView, words: Words
) -> None:
    """The line of the 2015 options: the buildings beside the board (R28), and the wonder, if it is still to
    be erected or where it stands (R29)."""
    if view.use_buildings:
        x = MARGIN + round(style.text_width(words.gettext(BUILDINGS_LABEL), TEXT)) + 14
        for colour in view.buildings_beside:
            sprites.building(colour, BUILDING_MINI).put_centred(image, x + BUILDING_MINI // 2, y)
            x += BUILDING_MINI + 8
        if not view.buildings_beside:
            text(draw, (x, y), words.gettext("none"), TEXT, style.INK_SOFT)
    if view.use_wonder:
        x = X_WONDER + round(style.text_width(words.gettext(WONDER_LABEL), TEXT)) + 12
        sprites.wonder(WONDER_MINI).put_centred(image, x + WONDER_MINI // 2, y)
        if view.wonder is None:
            where = words.gettext("to be erected")
        else:
            where = words.gettext("on {square}", square=_square(view.wonder))
        text(draw, (x + WONDER_MINI + 8, y), where, TEXT, style.INK_SOFT)


def render_board(
    view: PublicView,
    names: Sequence[str],
    words: Words,
    changed: Iterable[int] = (),
    removed: Iterable[int] = (),
    highlight: Iterable[int] = (),
    notes: SeatNotes | None = None,
    title: str | None = None,
) -> Image.Image:
    """The board picture as an RGB image (``board_png`` encodes it)."""
    drawn_notes = valid_notes(notes, view.players, words)
    drawn_title = style.title_text(title)
    lay = layout(
        view.players, words, bool(drawn_title), bool(drawn_notes), view.use_buildings, view.use_wonder
    )
    river = frozenset(sq.index for sq in view.squares if sq.river)
    image = _base(lay, river, words).copy()
    valid = range(COLUMNS * ROWS)
    _draw_squares(
        image,
        view,
        frozenset(s for s in changed if s in valid),
        frozenset(s for s in removed if s in valid),
        frozenset(s for s in highlight if s in valid),
    )
    _draw_strip(image, lay, view, names, drawn_notes, drawn_title, words)
    return image
