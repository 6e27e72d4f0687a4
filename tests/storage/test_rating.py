"""The rating rules (storage/rating.py): a multiplayer Elo over all pairs, deterministic."""

from __future__ import annotations

from itertools import permutations

import pytest

from storage.rating import INITIAL, PROVISIONAL_GAMES, K, Ladder, Rating, changes, expected


def test_equal_players_expect_half_and_a_stronger_one_more() -> None:
    assert expected(1500, 1500) == 0.5
    assert expected(1900, 1500) == pytest.approx(10 / 11)
    assert expected(1500, 1900) + expected(1900, 1500) == pytest.approx(1.0)


def test_a_two_player_game_between_newcomers() -> None:
    assert changes([("a", 1), ("b", 2)], {}) == {"a": K, "b": -K}  # first games count double: 2K * 0.5
    assert changes([("a", 1), ("b", 1)], {}) == {"a": 0.0, "b": 0.0}  # a shared place is a draw


def test_established_players_move_by_half_as_much() -> None:
    settled = Rating(INITIAL, PROVISIONAL_GAMES, 3)
    assert changes([("a", 1), ("b", 2)], {"a": settled, "b": settled}) == {"a": K / 2, "b": -K / 2}


def test_beating_a_stronger_player_gains_more() -> None:
    strong, weak = Rating(1700, 20), Rating(1400, 20)
    upset = changes([("weak", 1), ("strong", 2)], {"strong": strong, "weak": weak})
    expected_win = changes([("weak", 2), ("strong", 1)], {"strong": strong, "weak": weak})
    assert upset["weak"] > expected_win["strong"] > 0
    assert upset["weak"] == pytest.approx(-upset["strong"])


def test_a_four_player_game_moves_by_place_and_sums_to_zero() -> None:
    moves = changes([("a", 1), ("b", 2), ("c", 3), ("d", 4)], {})
    assert moves["a"] == pytest.approx(K) and moves["d"] == pytest.approx(-K)
    assert moves["b"] == pytest.approx(2 * K * 0.5 / 3) and moves["c"] == pytest.approx(-moves["b"])
    assert sum(moves.values()) == pytest.approx(0.0)


@pytest.mark.parametrize("order", list(permutations(range(4))))
def test_the_order_of_the_seats_changes_nothing(order: tuple[int, ...]) -> None:
    seats = [("a", 1), ("b", 1), ("c", 3), ("d", 4)]  # a and b share the win
    ratings = {"a": Rating(1550, 3), "b": Rating(1480, 30), "c": Rating(1600, 12), "d": Rating()}
    assert changes([seats[i] for i in order], ratings) == changes(seats, ratings)
    tied = changes(seats, {p: Rating(1500, 30) for p in "abcd"})
    assert tied["a"] == tied["b"]  # players who tie are treated alike


def test_the_computer_player_holding_two_seats_is_one_player() -> None:
    moves = changes([("hard", 1), ("alice", 2), ("hard", 3)], {})
    # each seat against alice only: +2K*0.5 and -2K*0.5, averaged; alice drew overall
    assert moves == {"hard": 0.0, "alice": 0.0}
    ladder: Ladder[str] = Ladder()
    ladder.play([("hard", 1), ("alice", 2), ("hard", 3)])
    assert ladder.ratings["hard"] == Rating(INITIAL, 1, 1) and ladder.ratings["alice"] == Rating(
        INITIAL, 1, 0
    )


def test_a_ladder_counts_games_and_shared_wins() -> None:
    ladder: Ladder[str] = Ladder()
    ladder.play([("a", 1), ("b", 1)])
    ladder.play([("a", 2), ("b", 1)])
    assert (ladder.ratings["a"].games, ladder.ratings["a"].wins) == (2, 1)
    assert (ladder.ratings["b"].games, ladder.ratings["b"].wins) == (2, 2)
    assert ladder.ratings["b"].value > INITIAL > ladder.ratings["a"].value
    again: Ladder[str] = Ladder()
    again.play([("a", 1), ("b", 1)])
    again.play([("b", 1), ("a", 2)])
    assert again.ratings == ladder.ratings  # deterministic


def test_ratings_are_kept_to_a_millionth() -> None:
    ladder: Ladder[str] = Ladder({"a": Rating(1523.123456, 40), "b": Rating(1499.5, 40)})
    moves = ladder.play([("a", 2), ("b", 1)])
    assert all(round(m, 6) == m for m in moves.values())
    assert all(round(r.value, 6) == r.value for r in ladder.ratings.values())
    assert float(f"{ladder.ratings['a'].value:.15g}") == ladder.ratings["a"].value
