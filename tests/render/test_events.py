"""changed_squares / removed_squares turn an action's events into highlight sets."""

from __future__ import annotations

from engine import Colour, Event, public_view
from render import changed_squares, removed_squares
from tests.render.helpers import random_game


def test_placements_are_changed() -> None:
    events = [
        Event("tile", 0, Colour.RED, (20,)),
        Event("point", 0, Colour.RED, count=1, private=True),
        Event("leader", 1, Colour.BLACK, (21,)),
        Event("catastrophe", 0, None, (22,)),
        Event("monument", 0, squares=(40, 41, 56, 57), count=0),
        Event("treasure", 1, squares=(23,)),
        Event("turn", 1),
    ]
    assert changed_squares(events) == {20, 21, 22, 23, 40, 41, 56, 57}
    assert removed_squares(events) == set()


def test_a_move_changes_its_target_and_empties_its_origin() -> None:
    events = [Event("move", 0, Colour.GREEN, (30, 47))]
    assert changed_squares(events) == {47}
    assert removed_squares(events) == {30}


def test_losses_are_removed() -> None:
    events = [
        Event("war-won", 0, Colour.BLUE, (60, 61, 62), count=3, other=1),
        Event("stranded", 1, Colour.RED, (70,)),
        Event("unification-lifted", squares=(63,)),
        Event("revolt-won", 1, Colour.RED, (80,), count=1, other=0),
        Event("withdraw", 2, Colour.BLACK, (90,)),
    ]
    assert removed_squares(events) == {60, 61, 62, 70, 80, 90}
    assert changed_squares(events) == {63}


def test_nothing_on_the_board_nothing_marked() -> None:
    events = [Event("swap", 0, count=3), Event("pass", 0, count=1), Event("commit", 1, Colour.RED, count=2)]
    assert changed_squares(events) == set() == removed_squares(events)


def test_a_real_war_marks_the_lost_tiles() -> None:
    for game, events in random_game(3, 4):
        wars = [e for e in events if e.kind == "war-won" and len(e.squares) > 1]
        if wars:
            view = public_view(game)
            removed = removed_squares(events)
            assert set(wars[0].squares) <= removed
            assert all(
                view.squares[s].tile is None and view.squares[s].leader is None for s in wars[0].squares
            )
            return
    raise AssertionError("the seeded game has no war that removes tiles; pick another seed")
