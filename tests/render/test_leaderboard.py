"""Issue 13: a server's leaderboard as a picture in the style of the final scores (its text sizes are checked
with the other pictures' in test_layout.py)."""

from __future__ import annotations

import io
from dataclasses import dataclass

import pytest
from PIL import Image

from i18n import words_for
from render import SeatMark, SeatNote, leaderboard_png, style
from render.leaderboard import MOST_ROWS
from tests.render.helpers import count_near, decode

EN = words_for("en")


@dataclass(frozen=True)
class Row:
    rank: int
    rating: float
    games: int
    wins: int


ROWS = [Row(1, 1623.4, 14, 7), Row(2, 1588.0, 3, 2), Row(3, 1541.2, 22, 5)]
NAMES = ["Alice", "Bot (hard)", "Carol"]
TITLE = "My Server · leaderboard"


def test_a_leaderboard_is_a_deterministic_palette_png_with_the_first_place_highlighted() -> None:
    png = leaderboard_png(ROWS, NAMES, title=TITLE, notes={1: SeatNote(SeatMark.COMPUTER)}, words=EN)
    assert png == leaderboard_png(ROWS, NAMES, title=TITLE, notes={1: SeatNote(SeatMark.COMPUTER)}, words=EN)
    raw = Image.open(io.BytesIO(png))
    assert raw.format == "PNG" and raw.mode == "P" and raw.width == 800
    image = decode(png)
    first_row, second_row = (0, 175, 800, 250), (0, 260, 800, 335)  # rows of 84 px from y = 170
    assert count_near(image, first_row, style.ACTIVE_ROW) > 20_000  # the first place's band
    assert count_near(image, second_row, style.ACTIVE_ROW) == 0
    assert count_near(image, second_row, style.COMPUTER) > 50  # the computer player's mark
    assert len(png) < 60_000


def test_each_row_adds_height_and_notes_make_rows_taller() -> None:
    one = decode(leaderboard_png(ROWS[:1], NAMES[:1], words=EN))
    three = decode(leaderboard_png(ROWS, NAMES, words=EN))
    assert three.height - one.height == 2 * 64  # a row is 64 px
    noted = decode(leaderboard_png(ROWS, NAMES, notes={1: SeatNote(SeatMark.COMPUTER)}, words=EN))
    assert noted.height > three.height
    titled = decode(leaderboard_png(ROWS, NAMES, title=TITLE, words=EN))
    assert titled.height > three.height


def test_unprintable_names_fall_back_to_the_rank() -> None:
    # a name in a script neither bundled font draws is "Player #2", not an empty row; the picture is the
    # same as with that name given
    assert leaderboard_png(ROWS, ["Alice", "कमल", "Carol"], words=EN) == leaderboard_png(
        ROWS, ["Alice", "Player #2", "Carol"], words=EN
    )


@pytest.mark.parametrize(
    ("rows", "names", "problem"),
    [
        ([], [], "at least one row"),
        (ROWS, NAMES[:2], "2 names for 3 rows"),
        ([Row(i, 1500, 1, 0) for i in range(1, MOST_ROWS + 2)], ["x"] * (MOST_ROWS + 1), "at most 25"),
    ],
)
def test_bad_input_is_refused(rows: list[Row], names: list[str], problem: str) -> None:
    with pytest.raises(ValueError, match=problem):
        leaderboard_png(rows, names, words=EN)
