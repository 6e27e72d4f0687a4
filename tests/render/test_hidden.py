"""R25: the public board never shows hands, and shows points and treasures held only with open scoring
or once the game is over."""

from __future__ import annotations

from engine import player_view, public_view
from i18n import words_for
from render import board_png, hand_png
from tests.render.helpers import REVOLT_AT, REVOLT_CONFLICT, REVOLT_PENDING, play, position

EN = words_for("en")

# every leader beside a face-up temple (R8): f5 for seat 1's king
AT = {"c6": "R$", "d6": "G", "e6": "K", "c5": "0R", "f6": "1K", "f5": "R", "a1": "R$", "c1": "R$", "a3": "R$"}
POINTS_A = [{"red": 1, "blue": 2, "green": 3, "black": 4}, {"red": 0, "blue": 0, "green": 0, "black": 0}]
POINTS_B = [{"red": 9, "blue": 0, "green": 7, "black": 1}, {"red": 5, "blue": 5, "green": 5, "black": 5}]
NAMES = ["Alice", "Bob"]


def test_hands_never_change_the_board() -> None:
    a = position(AT, players=2, hands=["RRRRRR", "KKKKKK"])
    b = position(AT, players=2, hands=["BBGGKK", "RBGKRB"])
    assert board_png(public_view(a), names=NAMES, words=EN) == board_png(
        public_view(b), names=NAMES, words=EN
    )


def test_points_and_treasures_hidden_without_open_scoring() -> None:
    a = position(AT, players=2, points=POINTS_A, treasures=[0, 2])
    b = position(AT, players=2, points=POINTS_B, treasures=[3, 0])
    assert board_png(public_view(a), names=NAMES, words=EN) == board_png(
        public_view(b), names=NAMES, words=EN
    )


def test_a_players_own_view_draws_the_same_public_board() -> None:
    game, _ = play(seed=5, players=3, actions=60)
    public = board_png(public_view(game), words=EN)
    for seat in range(3):
        assert board_png(player_view(game, seat), words=EN) == public


def test_points_shown_with_open_scoring() -> None:
    a = position(AT, players=2, points=POINTS_A, open_scoring=True)
    b = position(AT, players=2, points=POINTS_B, open_scoring=True)
    assert board_png(public_view(a), names=NAMES, words=EN) != board_png(
        public_view(b), names=NAMES, words=EN
    )
    # ...but still not the hands
    c = position(AT, players=2, points=POINTS_A, open_scoring=True, hands=["KKKKKK", "GGGGGG"])
    assert board_png(public_view(a), names=NAMES, words=EN) == board_png(
        public_view(c), names=NAMES, words=EN
    )


def test_points_shown_once_the_game_is_over() -> None:
    a = position(AT, players=2, points=POINTS_A, phase="over", end="bag")
    b = position(AT, players=2, points=POINTS_B, phase="over", end="bag")
    assert board_png(public_view(a), names=NAMES, words=EN) != board_png(
        public_view(b), names=NAMES, words=EN
    )


def test_commitments_are_public_but_the_hands_behind_them_are_not() -> None:
    a = position(REVOLT_AT, players=2, **REVOLT_PENDING, hands=["KKKKKK", "RRRRRR"])
    b = position(REVOLT_AT, players=2, **REVOLT_PENDING, hands=["RRRRKK", "RKKKKK"])
    assert board_png(public_view(a), words=EN) == board_png(public_view(b), words=EN)
    two = {**REVOLT_PENDING, "conflict": {**REVOLT_CONFLICT, "attacker_commit": 2}}
    more = position(REVOLT_AT, players=2, **two)
    assert board_png(public_view(more), words=EN) != board_png(public_view(a), words=EN)


def test_a_hand_shows_only_its_owner() -> None:
    a = position(AT, players=2, hands=["RRBBGK", "KKKKKK"], points=POINTS_A)
    b = position(AT, players=2, hands=["RRBBGK", "RRRRRR"], points=[POINTS_A[0], POINTS_B[1]])
    assert hand_png(player_view(a, 0), words=EN) == hand_png(player_view(b, 0), words=EN)
    assert hand_png(player_view(a, 1), words=EN) != hand_png(player_view(b, 1), words=EN)
