"""Pictures of the game as PNG bytes: the public board, a player's hand, the final scores.

Pure functions of the engine's views (Pillow only): the same view gives the same bytes, and nothing
hidden is drawn (R25).

    >>> from engine import Game, public_view
    >>> game = Game.new(players=3, seed=7)
    >>> events = game.apply(game.legal_actions()[0])
    >>> png = board_png(public_view(game), changed=changed_squares(events))
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from engine import Phase, PlayerView, PublicView
from render import board, cards, style
from render.events import changed_squares, removed_squares


def board_png(
    view: PublicView,
    *,
    names: Sequence[str] | None = None,
    changed: Iterable[int] = (),
    removed: Iterable[int] = (),
    highlight: Iterable[int] = (),
) -> bytes:
    """The public board with the strip of turn, decision and supplies.

    ``changed`` and ``removed`` mark the last action (see ``changed_squares``/``removed_squares``);
    ``highlight`` marks any other squares (for instance the legal squares for a tile).
    """
    image = board.render_board(view, style.seat_names(view.players, names), changed, removed, highlight)
    return style.encode(image)


def hand_png(view: PlayerView, *, names: Sequence[str] | None = None) -> bytes:
    """One player's private picture: their tiles, points per colour, treasures and supply."""
    return style.encode(cards.render_hand(view, style.seat_names(view.players, names)))


def scores_png(view: PublicView, *, names: Sequence[str] | None = None) -> bytes:
    """The final scores: points per colour with treasures allocated, the weakest colour, the standings."""
    if view.outcome is None or view.phase is not Phase.OVER:
        raise ValueError("the final scores exist only once the game is over")
    return style.encode(cards.render_scores(view, style.seat_names(view.players, names)))


__all__ = ["board_png", "changed_squares", "hand_png", "removed_squares", "scores_png"]
