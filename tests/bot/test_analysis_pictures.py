"""The pictures of a post-game analysis: what each costliest move's picture frames (``bot.analysis``)."""

from __future__ import annotations

from typing import Any

import pytest

import bot.analysis
from ai.analysis import positions
from ai.arena import Setup, play_game
from bot.analysis import move_pictures
from engine import GameExport, Phase, public_view, read_export


@pytest.fixture(scope="module")
def record() -> GameExport:
    return read_export(play_game(Setup(("random", "random"), 31, 0), records=True)["record"])


def framed(monkeypatch: pytest.MonkeyPatch) -> list[dict[str, Any]]:
    drawn: list[dict[str, Any]] = []
    monkeypatch.setattr(
        bot.analysis.render, "board_png", lambda view, **kwargs: drawn.append(kwargs) or b"png"
    )
    return drawn


def test_a_commitment_frames_the_leaders_of_the_conflict_it_answered(record, monkeypatch):
    seq, game = next(
        (seq, game.copy())
        for seq, game, played in positions(record)
        if game.phase is Phase.REVOLT_ATTACKER and played.kind == "commit"
    )
    conflict = public_view(game).conflict
    assert conflict is not None
    drawn = framed(monkeypatch)
    pictures = move_pictures(record, [(seq, "commit 0")], ["a", "b"])
    assert [p.seq for p in pictures] == [seq]
    # the attacker's commitment changes nothing on the board: without the frame the picture marks nothing
    assert drawn[0]["changed"] == {conflict.attacker_square, conflict.defender_square}


def test_a_move_with_squares_frames_its_own_squares(record, monkeypatch):
    seq, square = next(
        (seq, played.square) for seq, game, played in positions(record) if played.kind == "tile"
    )
    drawn = framed(monkeypatch)
    move_pictures(record, [(seq, "pass")], ["a", "b"])
    assert drawn[0]["changed"] == {square}
