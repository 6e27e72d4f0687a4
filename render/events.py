"""Which squares the last action touched, for the board's highlights.

``changed_squares``: squares where a piece was put or altered (a tile, a leader arriving, a
catastrophe, the unification tile put or lifted, a monument, a treasure taken from its temple, a
civilization building put, moved (both its squares) or returned beside the board, the wonder).
``removed_squares``: squares a piece was taken from (a leader that moved away, withdrew, lost a
revolt or a war or was stranded, and the tiles a war removed).
"""

from __future__ import annotations

from collections.abc import Iterable

from engine import Event

_CHANGED_KINDS = frozenset(
    {
        "tile",
        "leader",
        "catastrophe",
        "unification",
        "unification-lifted",
        "monument",
        "treasure",
        "building",
        "building-moved",
        "building-returned",
        "wonder",
    }
)
_REMOVED_KINDS = frozenset({"withdraw", "revolt-won", "war-won", "stranded"})


def changed_squares(events: Iterable[Event]) -> frozenset[int]:
    """The squares where the events put or changed a piece."""
    out: set[int] = set()
    for event in events:
        if event.kind in _CHANGED_KINDS:
            out.update(event.squares)
        elif event.kind == "move":
            out.add(event.squares[-1])
    return frozenset(out)


def removed_squares(events: Iterable[Event]) -> frozenset[int]:
    """The squares the events took a piece from (leaders and the tiles lost in a war)."""
    out: set[int] = set()
    for event in events:
        if event.kind in _REMOVED_KINDS:
            out.update(event.squares)
        elif event.kind == "move":
            out.add(event.squares[0])
    return frozenset(out)
