"""The pictures of a post-game analysis (/te history analyse), drawn in the worker process (``bot.workers``):
for each costliest move, the board before it with the move played framed and the better one marked, and
one line of why the better one suits the seat (``ai.analysis.why``: from that seat's view alone).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import render
from ai.analysis import positions, why
from ai.hint import Why
from engine import Action, GameExport, PublicView, public_view
from i18n import words_for
from render import SeatNote, changed_squares, removed_squares


def conflict_squares(view: PublicView) -> frozenset[int]:
    """Where a decision without a square of its own is played: the leaders of the conflict, and the tile
    that united the kingdoms for a war (or the wars still to choose among)."""
    squares = set() if view.unification is None else {view.unification}
    if view.conflict is not None:
        squares |= {view.conflict.attacker_square, view.conflict.defender_square}
    return frozenset(squares)


@dataclass(frozen=True)
class MovePicture:
    seq: int
    png: bytes
    why: Why  # worded for the reader by i18n.hints.why_words


def move_pictures(
    record: GameExport,
    seqs: Sequence[tuple[int, str]],
    names: Sequence[str],
    notes: dict[int, SeatNote] | None = None,
    title: str | None = None,
    language: str | None = None,
) -> list[MovePicture]:
    """For each (seq, better action) the picture of the board before that row (as everyone saw it) with the
    move played framed and ``better`` marked (its words in ``language``, as the answer's), and the line of
    why; in the order given."""
    wanted = dict(seqs)
    found: dict[int, MovePicture] = {}
    for seq, game, played in positions(record):
        better = wanted.get(seq)
        if better is None:
            continue
        played_events = game.copy().apply(played)
        better_events = game.copy().apply(Action.parse(better))
        view = public_view(game)
        changed, removed = changed_squares(played_events), removed_squares(played_events)
        if not changed and not removed:  # a commitment, a war's order: the conflict it answered is framed
            changed = conflict_squares(view)
        png = render.board_png(
            view,
            words=words_for(language),
            names=list(names),
            changed=changed,
            removed=removed,
            highlight=changed_squares(better_events) | removed_squares(better_events),
            notes=notes,
            title=title,
        )
        found[seq] = MovePicture(seq, png, why(game, better, seq))
    return [found[seq] for seq, _ in seqs if seq in found]
