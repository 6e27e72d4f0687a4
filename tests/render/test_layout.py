"""Readability rules: text size, names, the strip's wording, the size bound of a busy board."""

from __future__ import annotations

import itertools
from collections.abc import Iterator

import pytest

from engine import Phase, player_view, public_view
from render import board, board_png, changed_squares, hand_png, removed_squares, scores_png, style
from tests.render.helpers import decode, position, random_game

AT = {"c5": "0R", "c6": "R", "d6": "G", "e6": "K", "e5": "1R", "a1": "R$", "c1": "R$", "a3": "R$"}


@pytest.fixture
def font_sizes(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[int]]:
    sizes: list[int] = []
    real = style.font

    def spy(size: int):  # type: ignore[no-untyped-def]
        sizes.append(size)
        return real(size)

    board._text_mask.cache_clear()
    monkeypatch.setattr(style, "font", spy)
    yield sizes
    board._text_mask.cache_clear()


def test_no_text_under_14_px(font_sizes: list[int]) -> None:
    board._base.cache_clear()
    final = random_game(6, 4)[-1][0]
    mid = random_game(6, 4)[90][0]
    board_png(public_view(mid))
    board_png(public_view(final))
    hand_png(player_view(mid, 1))
    scores_png(public_view(final))
    assert font_sizes and min(font_sizes) >= 14


def test_cells_are_at_least_48_px() -> None:
    image = decode(board_png(public_view(position({"a1": "R$", "c1": "R$", "a3": "R$"}))))
    # the grid lines of row 6 (all land): a line every CELL pixels
    y = board.cell_origin(5 * 16)[1] + board.CELL // 2
    lines = [x for x in range(image.width) if image.getpixel((x, y)) == style.LAND_LINE]
    gaps = {b - a for a, b in itertools.pairwise(lines) if b - a > 2}
    assert gaps and min(gaps) >= 48


def test_names_are_clipped_and_printable() -> None:
    names = style.seat_names(4, ["Zoë", "A" * 60, "李小龙", ""])
    assert names[0] == "Zoe"
    assert names[1].endswith("…") and style.text_width(names[1], style.NAME_SIZE) <= style.NAME_WIDTH
    assert names[2] == "Seat 3" and names[3] == "Seat 4"
    assert style.seat_names(2, None) == ("Seat 1", "Seat 2")


def test_the_strip_says_whose_turn_and_what_is_pending() -> None:
    conflict = {"kind": "revolt", "colour": "red", "attacker": 0, "defender": 1, "attacker_commit": 1}
    game = position(AT, players=2, pending={"phase": "revolt-defender", "conflict": conflict}, turn=12)
    header, decision = board.describe(public_view(game), ("Alice", "Bob"))
    assert header == "Turn 12 · Alice's turn · action 1 of 2"
    assert (
        decision == "Revolt (priests): attacker Alice 1 + 1 committed vs defender Bob 0 · Bob commits temples"
    )
    calm = position(AT, players=2, actions_left=1, active=1)
    header, decision = board.describe(public_view(calm), ("Alice", "Bob"))
    assert header == "Turn 5 · Bob to play · 1 action left"
    assert decision == "Waiting for Bob: action 2 of 2"


def test_the_strip_after_the_game() -> None:
    final = random_game(6, 3)[-1][0]
    view = public_view(final)
    assert view.phase is Phase.OVER and view.outcome is not None
    header, decision = board.describe(view, ("A", "B", "C"))
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
    )
    assert len(png) <= 200_000


def test_scores_need_a_finished_game() -> None:
    with pytest.raises(ValueError, match="over"):
        scores_png(public_view(position(AT, players=2)))
