"""Pixel probes: every kind of piece and marking appears where and as it should on the board."""

from __future__ import annotations

import pytest
from PIL import Image

from engine import Colour, Game, parse_square, public_view
from i18n import words_for
from render import board, board_png, style
from tests.render.helpers import (
    CALM_AT,
    REVOLT_AT,
    REVOLT_PENDING,
    cell_box,
    count_near,
    decode,
    near,
    pixel,
    position,
)

EN = words_for("en")

AT = {
    "c6": "R$",  # temple with a treasure
    "b4": "B",  # farm (river)
    "d6": "G",  # market
    "e6": "K",  # settlement
    "g6": "X",  # catastrophe
    "c5": "0R",  # seat 0 (archer) priest
    "i5": "1K",  # seat 1 (bull) king
    "k5": "2G",  # seat 2 (pot) trader
    "m5": "3B",  # seat 3 (lion) farmer
    "h10": "r",  # a red-blue monument on four face-down temples, one with its treasure
    "i10": "r",
    "h11": "r",
    "i11": "r$",
    "i4": "R",  # temples beside the leaders (R8)
    "k4": "R",
    "m4": "R",
    "m10": "G!",  # the unification tile on a market, uniting seat 0's king (l10) and seat 2's (n10)
    "l10": "0K",
    "l11": "R",
    "n10": "2K",
    "n11": "R",
    "p2": "R$",  # a special-border square with its temple
    "a1": "R$",
    "h6": "K",  # a highlighted tile
}
TILES = {"c6": Colour.RED, "b4": Colour.BLUE, "d6": Colour.GREEN, "e6": Colour.BLACK}
LEADERS = {"c5": Colour.RED, "i5": Colour.BLACK, "k5": Colour.GREEN, "m5": Colour.BLUE}


@pytest.fixture(scope="module")
def game() -> Game:
    war = {"kind": "war", "colour": "black", "attacker": 0, "defender": 2}
    # the unification tile lies only in wars
    return position(AT, monuments=[("red-blue", "h10")], phase="war-attacker", placed="m10", conflict=war)


@pytest.fixture(scope="module")
def image(game: Game) -> Image.Image:
    png = board_png(
        public_view(game),
        changed=[parse_square("e6"), parse_square("f6")],
        removed=[parse_square("j8")],
        highlight=[parse_square("k8"), parse_square("h6")],
        words=EN,
    )
    return decode(png)


def _white_mask(image: Image.Image, square: str) -> set[tuple[int, int]]:
    x0, y0, x1, y1 = cell_box(square, inset=4)
    return {
        (x - x0, y - y0)
        for x in range(x0, x1)
        for y in range(y0, y1)
        if near(image.getpixel((x, y)), style.WHITE, 40)  # type: ignore[arg-type]
    }


def test_tiles_show_their_colour(image: Image.Image) -> None:
    for square, colour in TILES.items():
        assert near(pixel(image, square, 7, 26), style.TILE[colour]), square


def test_each_tile_kind_has_its_own_symbol(image: Image.Image) -> None:
    masks = {square: _white_mask(image, square) for square in TILES}
    for square, mask in masks.items():
        assert len(mask) > 150, f"no symbol on {square}"
    squares = list(masks)
    for i, a in enumerate(squares):
        for b in squares[i + 1 :]:
            assert len(masks[a] ^ masks[b]) > 150, f"{a} and {b} look alike without colour"


def test_catastrophe(image: Image.Image) -> None:
    assert near(pixel(image, "g6", 7, 26), style.CATASTROPHE)
    assert near(pixel(image, "g6", 26, 26), style.WHITE)  # the cross


def test_leaders_filled_with_their_colour_under_a_light_rim(image: Image.Image) -> None:
    for square, colour in LEADERS.items():
        assert near(pixel(image, square, 4, 26), style.DISC), square  # rim
        assert near(pixel(image, square, 8, 26), style.TILE[colour]), square  # the disc inside the rim
        x0, y0, x1, _ = cell_box(square)
        above_badge = (x0 + 11, y0 + 8, x1 - 11, y0 + 28)
        assert count_near(image, above_badge, style.WHITE, 40) > 60, f"no dynasty symbol on {square}"
        badge = (x0 + 3 + 26, y0 + 3 + 26, x0 + 3 + 46, y0 + 3 + 46)  # the colour badge
        assert count_near(image, badge, style.WHITE, 40) > 60, f"no colour badge on {square}"
        assert count_near(image, badge, style.TILE[colour], 40) > 30, f"the badge on {square} is blank"


def test_each_dynasty_has_its_own_symbol(image: Image.Image) -> None:
    shapes = {square: _white_mask(image, square) for square in LEADERS}
    squares = list(shapes)
    for i, a in enumerate(squares):
        for b in squares[i + 1 :]:
            assert len(shapes[a] ^ shapes[b]) > 120, f"the dynasties on {a} and {b} look alike"


def test_face_down_tiles_and_monument(image: Image.Image) -> None:
    assert near(pixel(image, "h10", 8, 8), style.FACE_DOWN[Colour.RED])  # a corner of a face-down tile
    assert near(pixel(image, "h10", 14, 80), style.TILE[Colour.RED])  # lower tier: the first colour
    assert near(pixel(image, "h10", 30, 16), style.TILE[Colour.BLUE])  # upper tier: the second colour


def test_treasures_on_temples_and_under_monuments(image: Image.Image) -> None:
    def gold(square: str) -> int:
        x, y = board.cell_origin(parse_square(square))
        return count_near(image, (x + board.CELL - 25, y + 2, x + board.CELL - 3, y + 24), style.GOLD)

    for square in ("c6", "i11", "p2"):
        assert gold(square) > 40, square
    assert gold("d6") == 0


def test_unification_tile(image: Image.Image) -> None:
    def badge(square: str) -> tuple[int, int]:
        x, y = board.cell_origin(parse_square(square))
        box = (x + 1, y + board.CELL - 27, x + 27, y + board.CELL - 1)
        return count_near(image, box, style.INK), count_near(image, box, style.WHITE)

    ink, white = badge("m10")
    assert ink > 40 and white > 40
    assert badge("d6")[0] == 0  # the same corner of a market without it


def test_special_border(image: Image.Image) -> None:
    assert near(pixel(image, "b8", 2, 26), style.SPECIAL)  # empty special square
    assert near(pixel(image, "p2", 2, 26), style.SPECIAL)  # with its temple on it
    assert near(pixel(image, "c8", 2, 26), style.LAND)


def test_river_and_land(image: Image.Image) -> None:
    assert near(pixel(image, "a4", 26, 8), style.RIVER)
    assert near(pixel(image, "c8", 26, 8), style.LAND)


def test_changed_squares_framed_as_one_group(image: Image.Image) -> None:
    assert near(pixel(image, "e6", 3, 26), style.CHANGED)  # outer sides
    assert near(pixel(image, "f6", board.CELL - 4, 26), style.CHANGED)
    assert near(pixel(image, "e6", 26, 3), style.CHANGED)
    assert not near(pixel(image, "e6", board.CELL - 4, 26), style.CHANGED)  # the shared side
    assert not near(pixel(image, "d6", 3, 26), style.CHANGED)


def test_removed_square_hatched(image: Image.Image) -> None:
    assert near(pixel(image, "j8", 1, 5), style.REMOVED)  # dashed frame
    assert count_near(image, cell_box("j8", inset=8), style.REMOVED, 60) > 100  # hatching
    assert count_near(image, cell_box("c8", inset=8), style.REMOVED, 60) == 0


def test_highlighted_squares(image: Image.Image) -> None:
    assert near(pixel(image, "k8", 26, 26), style.HIGHLIGHT)  # dot on an empty square
    assert near(pixel(image, "k8", 8, 26), style.HIGHLIGHT)  # frame
    assert near(pixel(image, "h6", 8, 26), style.HIGHLIGHT)  # frame over a tile
    assert near(pixel(image, "h6", 4 + 3, 4 + 3), style.TILE[Colour.BLACK])  # the tile still shows
    assert not near(pixel(image, "c8", 26, 26), style.HIGHLIGHT)


def test_conflict_leaders_badged() -> None:
    revolt = position(REVOLT_AT, **REVOLT_PENDING)
    calm = position(CALM_AT)
    with_badges, without = (
        decode(board_png(public_view(revolt), words=EN)),
        decode(board_png(public_view(calm), words=EN)),
    )
    for square in ("c5", "e5"):
        x, y = board.cell_origin(parse_square(square))
        box = (x - 6, y - 6, x - 6 + board.BADGE, y - 6 + board.BADGE)  # the marker over the corner
        assert count_near(with_badges, box, style.INK) > 400, square
        assert count_near(without, box, style.INK) < 40, square
