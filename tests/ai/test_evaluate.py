"""The evaluation values points the way the game scores them (R24)."""

from __future__ import annotations

from ai.evaluate import DEFAULT, allocate, points_value


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
