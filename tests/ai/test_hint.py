"""`hint`: the normal level's look-ahead with hard's fitted weights, and one line of why."""

from __future__ import annotations

import random

import pytest

import ai.evaluate
from ai import hint
from ai.determinise import sample_world
from ai.hint import Because, turn_reason
from engine import Action, Colour, Reason, player_view
from tests.ai.helpers import positions_by_phase, weights_used
from tests.engine.positions import position


def test_the_reason_names_the_point_and_the_growing_kingdom():
    game = position(at={"e5": "0R", "f5": "R"}, hands=["RBBGGK", "RRRRRR"])
    view = player_view(game, 0)
    world = sample_world(view, game.legal_actions(), random.Random(0))
    why = turn_reason(world, Action.parse("tile red e6"), 0)
    assert str(why) == "+1 red and your priest's kingdom grows."
    assert why.reasons == (
        Reason(Because.SCORES, n=1, colour=Colour.RED),
        Reason(Because.KINGDOM_GROWS, colour=Colour.RED),
    )


def test_a_leader_beside_temples_is_explained():
    game = position(at={"e5": "0R", "f5": "R", "j5": "R", "i4": "R"}, hands=["RBBGGK", "RRRRRR"])
    world = sample_world(player_view(game, 0), game.legal_actions(), random.Random(0))
    why = turn_reason(world, Action.parse("leader black i5"), 0)
    assert why.reasons == (Reason(Because.FOUNDS_KINGDOM, colour=Colour.BLACK, tiles=2, temples=2),)
    assert str(why) == "your king founds a kingdom of 2 tiles, with 2 temples beside it."


def test_a_hint_is_legal_and_one_line_for_every_kind_of_choice():
    for phase, games in positions_by_phase(per_phase=1).items():
        game = games[0]
        seat = game.to_act
        legal = game.legal_actions()
        result = hint(player_view(game, seat), legal, seed=1)
        assert result.action in legal, phase
        assert "\n" not in result.text and len(result.text) < 160, result.text
        assert result.text.endswith("."), result.text
        head = result.text.split(":")[0]
        assert head and head[0].isupper(), result.text


@pytest.mark.interpreted_only
def test_a_hint_weighs_moves_with_hards_weights(monkeypatch):
    """The advice is the stronger play: at two seats, normal's look-ahead with the fitted weights beat
    normal 71 of 100."""
    used = weights_used(monkeypatch)
    seats = set()
    for games in positions_by_phase().values():
        for game in games:
            if len(game.legal_actions()) == 1:
                continue
            seat = game.to_act
            used.clear()
            hint(player_view(game, seat), game.legal_actions(), seed=1)
            assert all(w is ai.evaluate.best_weights(game.players) for w in used), game.players
            if used:
                seats.add(game.players)
    assert {2, 3, 4} <= seats
