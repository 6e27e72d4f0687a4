"""Every position of a few random self-play games renders: board (with the last action's highlights and
the legal squares marked), the hand of the player to act, and the final scores."""

from __future__ import annotations

import pytest

from engine import Phase, player_view, public_view
from i18n import words_for
from render import board, board_png, changed_squares, hand_png, removed_squares, scores_png
from tests.render.helpers import decode, random_game

EN = words_for("en")

GAMES = [(1, 2, "standard", False), (2, 3, "advanced", True), (3, 4, "standard", False)]


@pytest.mark.parametrize(("seed", "players", "board_name", "open_scoring"), GAMES)
def test_every_position_renders(seed: int, players: int, board_name: str, open_scoring: bool) -> None:
    positions = random_game(seed, players, board_name, open_scoring)
    assert len(positions) > 100
    sizes = set()
    for n, (game, events) in enumerate(positions):
        view = public_view(game)
        legal = {a.square for a in game.legal_actions() if a.square is not None}
        png = board_png(
            view, changed=changed_squares(events), removed=removed_squares(events), highlight=legal, words=EN
        )
        if n % 25 == 0 or game.is_over:
            sizes.add(decode(png).size)
        seat = game.to_act if game.to_act is not None else 0
        hand_png(player_view(game, seat), words=EN)
    assert {w for w, _ in sizes} == {board.WIDTH}
    assert len(sizes) == 1  # the layout does not jump between moves
    final = public_view(positions[-1][0])
    assert final.phase is Phase.OVER
    assert decode(scores_png(final, words=EN)).size[0] > 0


def test_highlights_follow_the_events() -> None:
    """Squares named as removed are empty of what was taken; squares named as changed hold a piece
    (or lost a treasure or the unification tile)."""
    for seed, players, board_name, _ in GAMES:
        for game, events in random_game(seed, players, board_name):
            view = public_view(game)
            for square in removed_squares(events) - changed_squares(events):
                assert view.squares[square].leader is None or any(e.kind == "move" for e in events)
            for event in events:
                if event.kind == "war-won":
                    for square in event.squares:
                        assert view.squares[square].tile is None and view.squares[square].leader is None
                if event.kind == "tile" and event.squares[0] in changed_squares(events):
                    assert view.squares[event.squares[0]].tile is not None or any(
                        e.kind == "catastrophe" for e in events
                    )
