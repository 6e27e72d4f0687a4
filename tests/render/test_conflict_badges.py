"""The conflict's A and D markers: apart, inside the picture and on their own leader, wherever the two
leaders stand (side by side, one above the other, diagonal, at the edges and corners)."""

from __future__ import annotations

import dataclasses
from collections import deque

import pytest
from PIL import Image, ImageChops

from engine import parse_square, public_view, square_name
from engine.board import COLUMNS, MAPS, ROWS, SQUARES
from i18n import words_for
from render import board, board_png, style
from tests.render.helpers import REVOLT_CONFLICT, count_near, decode, position

EN = words_for("en")

Box = tuple[int, int, int, int]
RIVER = MAPS["standard"].river
# sprites.leader puts the colour badge (the temple, farm... symbol) in the leader's bottom-right 44 %
LEADER_OFF = (board.CELL - board.LEADER_SIZE) // 2
COLOUR_BADGE = round(board.LEADER_SIZE * 0.44)
FRAME: Box = (0, 0, board.WIDTH, board.GY + board.GRID_H + board.EDGE)  # the grid and its labelled bands


def _cell(square: int) -> Box:
    x, y = board.cell_origin(square)
    return (x, y, x + board.CELL, y + board.CELL)


def _colour_badge(square: int) -> Box:
    x, y = board.cell_origin(square)
    right = LEADER_OFF + board.LEADER_SIZE
    return (x + right - COLOUR_BADGE, y + right - COLOUR_BADGE, x + right, y + right)


def _meet(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _inside(box: Box, frame: Box) -> bool:
    return frame[0] <= box[0] and frame[1] <= box[1] and box[2] <= frame[2] and box[3] <= frame[3]


def test_boxes_apart_inside_and_on_their_own_leader_for_every_pair_of_squares() -> None:
    for attacker in range(SQUARES):
        for defender in range(SQUARES):
            if attacker == defender:
                continue
            a, d = board.conflict_badge_boxes(attacker, defender)
            where = f"A {square_name(attacker)}, D {square_name(defender)}"
            assert a[2] - a[0] == a[3] - a[1] == board.BADGE == d[2] - d[0] == d[3] - d[1], where
            assert not _meet(a, d), where
            assert _inside(a, FRAME) and _inside(d, FRAME), where
            assert _meet(a, _cell(attacker)) and _meet(d, _cell(defender)), where
            assert not _meet(a, _cell(defender)) and not _meet(d, _cell(attacker)), where
            for square in (attacker, defender):
                assert not _meet(a, _colour_badge(square)) and not _meet(d, _colour_badge(square)), where


def test_far_apart_markers_keep_the_top_left_corner() -> None:
    a, d = board.conflict_badge_boxes(parse_square("c5"), parse_square("e5"))
    for box, square in ((a, "c5"), (d, "e5")):
        x, y = board.cell_origin(parse_square(square))
        assert box[:2] == (x - 6, y - 6)


def test_neighbours_markers_point_away_from_each_other() -> None:
    """Each sticks out of its leader's cell on the side away from the other leader."""
    left, right = board.conflict_badge_boxes(parse_square("o10"), parse_square("p10"))
    assert left[0] < _cell(parse_square("o10"))[0] and right[2] > _cell(parse_square("p10"))[2]
    top, bottom = board.conflict_badge_boxes(parse_square("p10"), parse_square("p11"))
    assert top[1] < _cell(parse_square("p10"))[1] and bottom[3] > _cell(parse_square("p11"))[3]


def _revolt_at(attacker: str, defender: str) -> dict[str, str]:
    """Seat 0's priest on ``attacker`` revolting against seat 1's on ``defender``: temples on a shortest
    land path joins them into one kingdom, and each leader gets a temple beside it (R8)."""
    a, d = parse_square(attacker), parse_square(defender)

    def neighbours(s: int) -> list[int]:
        row, col = divmod(s, COLUMNS)
        steps = ((row - 1, col), (row + 1, col), (row, col - 1), (row, col + 1))
        return [r * COLUMNS + c for r, c in steps if 0 <= r < ROWS and 0 <= c < COLUMNS]

    came: dict[int, int] = {a: a}
    queue = deque([a])
    while queue:
        s = queue.popleft()
        for n in neighbours(s):
            if n not in came and n not in RIVER:
                came[n] = s
                queue.append(n)
    temples: set[int] = set()
    s = came[d]
    while s != a:
        temples.add(s)
        s = came[s]
    for leader in (a, d):
        if not temples.intersection(neighbours(leader)):
            temples.add(next(n for n in neighbours(leader) if n not in RIVER and n not in (a, d)))
    return {attacker: "0R", defender: "1R"} | {square_name(t): "R" for t in temples}


PAIRS = [
    *(("h6", other) for other in ("g5", "h5", "i5", "g6", "i6", "g7", "h7", "i7")),  # every neighbour
    ("o10", "p10"),  # the review's case
    ("p10", "o10"),
    ("p10", "p11"),
    ("p11", "p10"),
    ("a1", "b1"),  # the corners, side by side, one above the other and diagonal
    ("a1", "a2"),
    ("b2", "a1"),
    ("p1", "o1"),
    ("p2", "p1"),
    ("o2", "p1"),
    ("a11", "b11"),
    ("a10", "a11"),
    ("b10", "a11"),
    ("p11", "o11"),
    ("o10", "p11"),
    ("j1", "l1"),  # two apart along the top edge, and a knight's move apart
    ("k3", "l5"),
]


@pytest.mark.parametrize(("attacker", "defender"), PAIRS)
def test_markers_drawn_apart_whole_and_off_the_colour_badges(attacker: str, defender: str) -> None:
    game = position(_revolt_at(attacker, defender), phase="revolt-defender", conflict=REVOLT_CONFLICT)
    view = public_view(game)
    assert view.conflict is not None
    a, d = parse_square(attacker), parse_square(defender)
    assert (view.conflict.attacker_square, view.conflict.defender_square) == (a, d)
    marked = decode(board_png(view, words=EN))
    plain = decode(board_png(dataclasses.replace(view, conflict=None), words=EN))
    boxes = board.conflict_badge_boxes(a, d)
    assert not _meet(*boxes)
    frame = (0, 0, *marked.size)
    changed = ImageChops.difference(marked, plain).convert("L").crop(FRAME).point(lambda v: 255 if v else 0)
    for box, letter in zip(boxes, "AD", strict=True):
        assert _inside(box, frame), letter
        # the whole marker shows: every opaque pixel of its disc is as drawn, nothing covers it
        disc = board._conflict_badge(letter)
        opaque = disc.alpha.point(lambda v: 255 if v == 255 else 0)
        drawn = Image.new("RGB", disc.rgb.size)
        drawn.paste(marked.crop(box), (0, 0), opaque)
        expected = Image.new("RGB", disc.rgb.size)
        expected.paste(style.to_palette(disc.rgb).convert("RGB"), (0, 0), opaque)  # as the PNG maps it
        assert ImageChops.difference(drawn, expected).getbbox() is None, letter
        assert count_near(marked, box, style.INK) > 400, letter
        changed.paste(0, box)  # what is left changed lies outside both markers
    assert changed.getbbox() is None
    for square in (a, d):  # the colour badges are untouched
        assert (
            ImageChops.difference(
                marked.crop(_colour_badge(square)), plain.crop(_colour_badge(square))
            ).getbbox()
            is None
        )
