"""The 2015 options on the board picture: civilization buildings (R28) and the wonder (R29) drawn clearly at
full size and on a phone, the buildings beside the board and the wonder in the strip, the legend, the
decision lines, and every position of games played with them."""

from __future__ import annotations

import pytest
from PIL import Image

from engine import Colour, Event, Game, parse_square, public_view
from i18n import words_for
from render import board, board_png, changed_squares, style
from render.replay import describe_events
from tests.render.helpers import (
    cell_box,
    clear_render_caches,
    count_near,
    decode,
    near,
    pixel,
    position,
    random_game,
)

EN = words_for("en")

PLUS = ("g5", "f6", "g6", "h6", "g7")
AT = {
    "a1": "R$", "c1": "R$", "a3": "R$",
    **dict.fromkeys(PLUS, "W"), "g5": "W$",  # the wonder, a treasure on its north arm
    "e6": "R", "e5": "0K",  # seat 0's king in the wonder's kingdom
    "j6": "G^", "k6": "G", "l6": "G", "j5": "R",  # the market hall on its line
    "c7": "B^", "b7": "B",  # the granary on a farm
    "c10": "K", "d10": "K",  # plain settlements beside
}  # fmt: skip


def options_game(**fields: object) -> Game:
    return position(AT, players=3, buildings=True, wonder=True, removed={"red": 5}, **fields)  # type: ignore[arg-type]


@pytest.fixture(scope="module")
def image() -> Image.Image:
    return decode(board_png(public_view(options_game()), words=EN))


def phone(image: Image.Image) -> tuple[Image.Image, float]:
    scale = style.PHONE_WIDTH / image.width
    return image.resize((style.PHONE_WIDTH, round(image.height * scale)), Image.Resampling.LANCZOS), scale


# --------------------------------------------------------------------------------- buildings on the board


def test_a_building_is_a_white_house_on_its_tile_in_the_tiles_colour(image: Image.Image) -> None:
    for square, plain, colour in (("j6", "k6", Colour.GREEN), ("c7", "b7", Colour.BLUE)):
        house, tile = cell_box(square, inset=6), cell_box(plain, inset=6)
        assert count_near(image, house, style.WHITE, 30) > 2 * count_near(image, tile, style.WHITE, 30), (
            square
        )
        assert count_near(image, house, style.TILE[colour], 30) > 150, (
            square
        )  # its colour: corners and symbol
        assert near(pixel(image, square, 6, 10), style.TILE[colour]), square  # beside the roof
        assert near(pixel(image, square, 14, 42), style.WHITE, 30), square  # the house's wall


def test_a_building_survives_the_phone_size(image: Image.Image) -> None:
    small, scale = phone(image)
    for square, plain in (("j6", "k6"), ("c7", "b7")):
        boxes = []
        for name in (square, plain):
            x, y = board.cell_origin(parse_square(name))
            boxes.append(
                tuple(round(v * scale) for v in (x + 4, y + 4, x + board.CELL - 4, y + board.CELL - 4))
            )
        white = [count_near(small, box, style.WHITE, 50) for box in boxes]
        assert white[0] >= 100 and white[0] > 2 * white[1], (square, white)


# --------------------------------------------------------------------------------------------- the wonder


def test_the_wonder_is_one_white_plus_with_an_ink_border_over_its_five_squares(image: Image.Image) -> None:
    for square in PLUS:
        assert count_near(image, cell_box(square, inset=10), style.WHITE, 20) > 200, square
    assert near(pixel(image, "g6", 26, 26), style.INK, 40)  # the star in the middle
    assert near(pixel(image, "f6", 6, 26), style.INK, 40)  # the border at the west end
    assert near(pixel(image, "g6", 1, 26), style.WHITE, 20)  # no border between its own squares
    for corner in ("f5", "h5", "f7", "h7"):  # the squares between the arms stay empty land
        assert near(pixel(image, corner, 26, 26), style.LAND), corner


def test_a_treasure_on_the_wonder_shows(image: Image.Image) -> None:
    x, y = board.cell_origin(parse_square("g5"))
    assert count_near(image, (x + board.CELL - 25, y + 2, x + board.CELL - 3, y + 24), style.GOLD) > 40


def test_the_wonder_survives_the_phone_size(image: Image.Image) -> None:
    small, scale = phone(image)
    x, y = board.cell_origin(parse_square("f6"))
    arm = tuple(round(v * scale) for v in (x + 6, y + 6, x + 3 * board.CELL - 6, y + board.CELL - 6))
    assert count_near(small, arm, style.WHITE, 40) > 150  # the west-east bar, 3 squares long
    assert count_near(small, arm, style.INK, 60) > 20  # its symbols


# ------------------------------------------------------------------------------------------- the strip


def test_the_strip_shows_the_buildings_beside_the_board_and_the_wonder() -> None:
    lay = board.layout(3, EN, buildings=True, wonder=True)
    assert lay.options_y is not None
    plain = board.layout(3, EN)
    assert plain.options_y is None and lay.height > plain.height
    image = decode(board_png(public_view(options_game()), words=EN))
    y = lay.options_y
    x = board.MARGIN + round(style.text_width(board.BUILDINGS_LABEL, board.TEXT)) + 14
    row = (x, y - 16, x + 2 * (board.BUILDING_MINI + 8), y + 16)  # the first two minis: library, palace
    assert count_near(image, row, style.TILE[Colour.RED], 30) > 60
    assert count_near(image, row, style.TILE[Colour.BLACK], 30) > 60
    assert count_near(image, row, style.TILE[Colour.GREEN], 30) == 0  # the market hall is on the board
    wonder = (board.X_WONDER, y - 20, board.WIDTH - board.MARGIN, y + 20)
    assert count_near(image, wonder, style.INK, 40) > 100


def test_the_legend_explains_buildings_and_the_wonder_only_when_played() -> None:
    labels = [label for row in board._legend_rows(EN, True, True) for _, label, _ in row]
    assert "building on its tile (its colour)" in labels and "wonder" in labels
    labels = [label for row in board._legend_rows(EN) for _, label, _ in row]
    assert not [label for label in labels if "building" in label or "wonder" in label]


def test_the_decision_lines_of_the_new_choices() -> None:
    game = position({"f6": "G", "g6": "G", "a1": "R$", "c1": "R$", "a3": "R$"}, players=2, buildings=True,
                    hands=["G", ""])  # fmt: skip
    game.apply("tile green h6")
    assert board.describe(public_view(game), ("Alice", "Bob"), EN)[1] == (
        "Alice may place the market hall (F6, G6, H6) or decline"
    )
    at = {"g5": "K", "f6": "K", "h6": "K", "g7": "K", "a1": "R$", "c1": "R$", "a3": "R$"}
    game = position(at, players=2, wonder=True, hands=["K", ""])
    game.apply("tile black g6")
    assert board.describe(public_view(game), ("Alice", "Bob"), EN)[1] == (
        "Alice may erect the wonder (centred on G6) or decline"
    )
    game = options_game(actions_left=1)
    game.apply("pass")
    assert board.describe(public_view(game), ("A", "B", "C"), EN)[1] == (
        "A's king by the wonder: A chooses the colour of a point"
    )


# ------------------------------------------------------------------------------------ events and replay


def test_building_and_wonder_events_mark_their_squares() -> None:
    events = [
        Event("building", 0, Colour.RED, (20,)),
        Event("building-moved", 0, Colour.GREEN, (30, 47)),
        Event("wonder", 0, Colour.BLACK, (50, 34, 49, 51, 66)),
    ]
    assert changed_squares(events) == {20, 30, 47, 34, 49, 50, 51, 66}
    words = describe_events([events], 0, ("A", "B"), open_scoring=False, words=EN)
    assert words == "library on E2, market hall moved to P3, wonder on C4"


# ------------------------------------------------------------------------------------------ whole games


def test_every_position_of_a_game_with_the_options_renders_in_one_layout() -> None:
    positions = random_game(7, 3, options=True)
    kinds = {e.kind for _, events in positions for e in events}
    assert {"building", "wonder"} <= kinds, kinds
    sizes = set()
    for n, (game, events) in enumerate(positions):
        png = board_png(public_view(game), changed=changed_squares(events), words=EN)
        if n % 20 == 0 or "wonder" in {e.kind for e in events}:
            sizes.add(decode(png).size)
    assert len(sizes) == 1


def test_the_same_view_with_the_options_gives_the_same_bytes() -> None:
    view = public_view(options_game())
    first = board_png(view, words=EN)
    clear_render_caches()
    assert board_png(view, words=EN) == first
