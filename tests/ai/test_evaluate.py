"""The evaluation values points the way the game scores them (R24)."""

from __future__ import annotations

import pytest

from ai.determinise import World
from ai.evaluate import DEFAULT, allocate, evaluate, points_value
from ai.snapshot import Snapshot
from engine import Game


def test_treasures_go_to_the_lowest_colour_one_by_one():
    assert allocate((3, 1, 2, 5), 2) == [3, 3, 2, 5]
    assert allocate((0, 0, 0, 0), 5) == [2, 1, 1, 1]
    assert allocate((4, 4, 1, 1), 3) == [4, 4, 3, 2]


def test_a_point_in_the_weakest_colour_is_worth_more_than_in_the_strongest():
    base = [2, 5, 6, 9]
    weakest = points_value([3, 5, 6, 9], DEFAULT) - points_value(base, DEFAULT)
    strongest = points_value([2, 5, 6, 10], DEFAULT) - points_value(base, DEFAULT)
    assert weakest > 3 * strongest > 0


def test_balanced_points_beat_lopsided_ones_of_the_same_total():
    assert points_value([5, 5, 5, 5], DEFAULT) > points_value([2, 8, 5, 5], DEFAULT)


def position(points: list[list[int]], over: bool) -> World:
    """A two-seat game with the given points, finished or not (the board as dealt)."""
    game = Game.new(2, 0)
    snap = Snapshot.from_game(game)
    snap.points = [list(p) for p in points]
    snap.over = over
    return World(game, snap)


def test_a_finished_game_is_valued_on_the_scale_of_an_unfinished_one():
    # an unfinished position is worth to one seat what it costs the other, 0 when even: a finished one
    # must keep that zero, or ending the game looks as good to the seat behind as to the one ahead
    for points in ([[5, 5, 5, 5], [4, 6, 6, 6]], [[3, 3, 3, 3], [3, 3, 3, 3]], [[2, 9, 9, 9], [7, 7, 7, 7]]):
        world = position(points, over=True)
        assert evaluate(world, 0) + evaluate(world, 1) == pytest.approx(0.0)
    assert evaluate(position([[3, 3, 3, 3], [3, 3, 3, 3]], over=True), 0) == 0.0


def test_the_seat_behind_wants_the_game_to_go_on_and_the_seat_ahead_wants_it_over():
    points = [[4, 4, 4, 4], [5, 5, 5, 5]]  # seat 0 one point behind in its weakest colour (R24)
    going_on, over = position(points, over=False), position(points, over=True)
    assert evaluate(over, 0) < evaluate(going_on, 0)
    assert evaluate(over, 1) > evaluate(going_on, 1)
