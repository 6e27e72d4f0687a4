"""Readability rules: text size, names, the strip's wording, the size bound of a busy board."""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator

import pytest
from PIL import Image

from engine import Colour, Phase, parse_square, player_view, public_view
from i18n import words_for
from render import (
    SeatMark,
    SeatNote,
    board,
    board_png,
    cards,
    changed_squares,
    hand_png,
    leaderboard_png,
    removed_squares,
    scores_png,
    style,
)
from tests.render.helpers import (
    CALM_AT,
    REVOLT_AT,
    clear_render_caches,
    count_near,
    decode,
    near,
    position,
    random_game,
)
from tests.render.test_leaderboard import ROWS as LEADERBOARD_ROWS

EN = words_for("en")

NAMES_2 = ["Alice", "Bob"]


NOTES = {
    0: SeatNote(SeatMark.AWAY, "away until Friday"),
    1: SeatNote(SeatMark.COMPUTER, "Bot (hard)"),
    2: SeatNote(SeatMark.RESIGNED),
    3: SeatNote(SeatMark.REPLACED, "took over from Dave"),
}
TITLE = "My Server · #games · game 12"


@pytest.fixture
def font_sizes(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[int]]:
    """The text sizes drawn from now on (every cache is cleared, so nothing is drawn from memory)."""
    sizes: list[int] = []
    real = style.font

    def spy(size: int, bold: bool = False):  # type: ignore[no-untyped-def]
        sizes.append(size)
        return real(size, bold)

    clear_render_caches()
    monkeypatch.setattr(style, "font", spy)
    yield sizes
    clear_render_caches()


def _pictures() -> dict[str, Callable[[], bytes]]:
    positions = random_game(6, 4)
    mid, final = positions[90][0], positions[-1][0]
    conflict = {"kind": "revolt", "colour": "red", "attacker": 0, "defender": 1, "attacker_commit": 1}
    revolt = position(REVOLT_AT, players=2, phase="revolt-defender", conflict=conflict)
    options = random_game(7, 3, options=True)[-1][0]  # buildings and the wonder: the strip's extra line
    return {
        "board": lambda: board_png(public_view(mid), names=["W" * 40] * 4, words=EN),
        "board with buildings and the wonder": lambda: board_png(public_view(options), title=TITLE, words=EN),
        "board with notes and title": lambda: board_png(
            public_view(final), notes=NOTES, title=TITLE, words=EN
        ),
        "board in a conflict": lambda: board_png(public_view(revolt), words=EN),
        "hand": lambda: hand_png(player_view(mid, 1), notes=NOTES, title=TITLE, words=EN),
        "scores": lambda: scores_png(public_view(final), notes=NOTES, title=TITLE, words=EN),
        "leaderboard": lambda: leaderboard_png(
            LEADERBOARD_ROWS, ["W" * 60, "Bot (hard)", "Carol"], title=TITLE, notes={1: NOTES[1]}, words=EN
        ),
    }


@pytest.mark.parametrize("picture", list(_pictures()))
def test_every_text_reads_on_a_phone(picture: str, font_sizes: list[int]) -> None:
    """Issue 10: shown 400 px wide (Discord on a phone), no text is under ~11 px."""
    png = _pictures()[picture]()
    width = decode(png).width
    assert font_sizes
    assert min(font_sizes) * style.PHONE_WIDTH / width >= style.PHONE_TEXT, (min(font_sizes), width)


def test_conflict_markers_and_leaders_survive_the_phone_size() -> None:
    """Shrunk to 400 px wide, each A/D marker is still a dark disc with a white letter, and a leader
    still shows its colour (issue 10: they needed zooming)."""
    conflict = {"kind": "revolt", "colour": "red", "attacker": 0, "defender": 1, "attacker_commit": 1}
    game = position(REVOLT_AT, players=2, phase="revolt-defender", conflict=conflict)
    image = decode(board_png(public_view(game), words=EN))
    scale = style.PHONE_WIDTH / image.width
    phone = image.resize((style.PHONE_WIDTH, round(image.height * scale)), Image.Resampling.LANCZOS)
    for square in ("c5", "e5"):
        x, y = board.cell_origin(parse_square(square))
        around = tuple(round(v * scale) for v in (x - 10, y - 10, x + 32, y + 32))
        region = phone.crop(around)
        dark = [
            (px, py)
            for px in range(region.width)
            for py in range(region.height)
            if near(region.getpixel((px, py)), style.INK, 60)  # type: ignore[arg-type]
        ]
        xs, ys = [p[0] for p in dark], [p[1] for p in dark]
        assert min(max(xs) - min(xs), max(ys) - min(ys)) + 1 >= 12, square  # a disc 12+ px across (was 9)
        assert count_near(phone, around, style.WHITE, 60) >= 8, square  # its letter and rim
        cell = tuple(round(v * scale) for v in (x, y, x + board.CELL, y + board.CELL))
        assert count_near(phone, cell, style.TILE[Colour.RED], 30) >= 80, square  # its colour (was ~55)


def test_cells_are_at_least_48_px() -> None:
    image = decode(board_png(public_view(position({"a1": "R$", "c1": "R$", "a3": "R$"})), words=EN))
    # the grid lines of row 6 (all land): a line every CELL pixels
    y = board.cell_origin(5 * 16)[1] + board.CELL // 2
    lines = [x for x in range(image.width) if image.getpixel((x, y)) == style.LAND_LINE]
    gaps = {b - a for a, b in itertools.pairwise(lines) if b - a > 2}
    assert gaps and min(gaps) >= 48


def test_names_are_clipped_and_printable() -> None:
    names = style.seat_names(4, ["Zoë", "A" * 60, "कमल", ""], EN)
    assert names[0] == "Zoë"  # drawn as written (issue 19)
    assert names[1].endswith("…") and style.text_width(names[1], style.NAME_SIZE) <= style.NAME_WIDTH
    assert names[2] == "Seat 3" and names[3] == "Seat 4"
    assert style.seat_names(2, None, EN) == ("Seat 1", "Seat 2")


def test_the_final_scores_write_a_computer_seats_name_whole_in_a_smaller_size(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    drawn: dict[str, int] = {}
    real = cards.text

    def spy(draw, xy, words, size, *args, **kwargs):  # type: ignore[no-untyped-def]
        drawn[words] = size
        return real(draw, xy, words, size, *args, **kwargs)

    monkeypatch.setattr(cards, "text", spy)
    final = random_game(6, 4)[-1][0]
    scores_png(public_view(final), names=["Bot (difficile)", "ana", "Bot 2 (normal)", "W" * 40], words=EN)
    assert drawn["ana"] == style.NAME_SIZE  # a short name keeps the size
    assert drawn["Bot (difficile)"] < style.NAME_SIZE and drawn["Bot 2 (normal)"] < style.NAME_SIZE
    assert any(w.startswith("WWW") and w.endswith("…") for w in drawn)  # too long even so: cut


def test_the_strip_says_whose_turn_and_what_is_pending() -> None:
    conflict = {"kind": "revolt", "colour": "red", "attacker": 0, "defender": 1, "attacker_commit": 1}
    game = position(REVOLT_AT, players=2, phase="revolt-defender", conflict=conflict, turn=12)
    header, decision = board.describe(public_view(game), ("Alice", "Bob"), EN)
    assert header == "Turn 12 · Alice's turn · action 1 of 2"
    assert decision == "Bob commits temples · Revolt of priests: Alice (A) 1 + 1 vs Bob (D) 1"
    calm = position(CALM_AT, players=2, actions_left=1, active=1)
    header, decision = board.describe(public_view(calm), ("Alice", "Bob"), EN)
    assert header == "Turn 5 · Bob to play · 1 action left"
    assert decision == "Waiting for Bob: action 2 of 2"


def test_the_strip_after_the_game() -> None:
    final = random_game(6, 3)[-1][0]
    view = public_view(final)
    assert view.phase is Phase.OVER and view.outcome is not None
    header, decision = board.describe(view, ("A", "B", "C"), EN)
    assert header.startswith("Game over after turn")
    winner = view.outcome.standings[0]
    assert ("ABC"[winner.seat] in decision) and str(winner.score) in decision


def test_a_busy_board_stays_under_200_kb() -> None:
    positions = random_game(7, 4)
    game, events = positions[-2]
    view = public_view(game)
    empty = [sq.index for sq in view.squares if sq.tile is None and sq.leader is None and not sq.catastrophe]
    png = board_png(
        view,
        names=["W" * 40] * 4,
        changed=changed_squares(events) | set(empty[::5]),
        removed=removed_squares(events) | set(empty[1::5]),
        highlight=empty[2::2],
        words=EN,
    )
    assert len(png) <= 200_000


def test_scores_need_a_finished_game() -> None:
    with pytest.raises(ValueError, match="over"):
        scores_png(public_view(position(CALM_AT, players=2)), words=EN)


def test_titles_and_notes_in_other_scripts_degrade_gracefully() -> None:
    assert style.title_text("Café Ludo · #jeux · game 3") == "Café Ludo · #jeux · game 3"
    assert style.title_text("Мой сервер · #игры · game 12") == "Мой сервер · #игры · game 12"
    assert (
        style.title_text("東京 · #ゲーム 🎲 · कमल · game 12") == "東京 · #ゲーム · game 12"
    )  # a part it cannot draw goes
    assert style.title_text("Server — #games · game 1") == "Server — #games · game 1"
    assert style.title_text("") == style.title_text(None) == ""
    game = position(CALM_AT, players=2)
    plain = board_png(public_view(game), names=NAMES_2, words=EN)
    assert (
        board_png(public_view(game), names=NAMES_2, title="कमल · #🎲", words=EN) == plain
    )  # nothing drawable
    assert board_png(public_view(game), names=NAMES_2, notes={0: SeatNote(text="कमल")}, words=EN) == plain
    marked = board_png(public_view(game), names=NAMES_2, notes={0: SeatNote(SeatMark.AWAY, "कमल")}, words=EN)
    assert marked == board_png(public_view(game), names=NAMES_2, notes={0: SeatNote(SeatMark.AWAY)}, words=EN)
    assert marked != plain
    assert (
        board_png(public_view(game), names=NAMES_2, notes={5: SeatNote(SeatMark.AWAY)}, words=EN) == plain
    )  # no seat 5


def test_a_title_and_notes_change_the_layout_but_not_the_grid() -> None:
    game = position(CALM_AT, players=2)
    plain = decode(board_png(public_view(game), words=EN))
    full = decode(
        board_png(
            public_view(game),
            title="Server · #games · game 1",
            notes={1: SeatNote(SeatMark.COMPUTER)},
            words=EN,
        )
    )
    assert full.width == plain.width and full.height > plain.height
    grid = (0, 0, board.WIDTH, board.GY + board.GRID_H + board.EDGE)
    assert full.crop(grid).tobytes() == plain.crop(grid).tobytes()
