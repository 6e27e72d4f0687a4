"""A computer player sees only its seat's view (R25): the same view with other hidden tiles (other hands,
the bag's order and contents, the other seats' points) gives the same move under the same seed."""

from __future__ import annotations

import random

import pytest

from ai import LEVELS, make_player
from engine import Game, Phase, player_view, position_from_view
from tests.ai.helpers import positions_by_phase
from tests.engine.positions import hidden_parts

LETTERS = "RBGK"


def hide_differently(game: Game, seat: int) -> Game:
    """Another game with the same view for ``seat``: a rival's hand traded with the bag, another draw
    order, other hidden points and treasures."""
    rival = next(s for s in range(game.players) if s != seat)
    parts = hidden_parts(game)
    bag = parts["bag"]
    hand = list(parts["hands"][rival])
    for i, letter in enumerate(hand):  # trade each tile for one of another colour still in the bag
        for other in LETTERS:
            if other != letter and bag[LETTERS.index(other)] > 0:
                bag[LETTERS.index(other)] -= 1
                bag[LETTERS.index(letter)] += 1
                hand[i] = other
                break
    parts["hands"][rival] = "".join(sorted(hand, key=LETTERS.index))
    parts["points"][rival] = [v + 3 for v in parts["points"][rival]]
    parts["rng"] = (parts["rng"] * 6364136223846793005 + 1442695040888963407) % 2**64
    return position_from_view(player_view(game, seat), **parts)


def decisions() -> list[Game]:
    found = positions_by_phase(per_phase=1)
    wanted = (Phase.ACTION, Phase.REVOLT_DEFENDER, Phase.WAR_ATTACKER, Phase.MONUMENT)
    return [found[p][0] for p in wanted]


@pytest.mark.parametrize("level", LEVELS)
def test_the_same_view_with_other_hidden_tiles_gives_the_same_move(level):
    for game in decisions():
        seat = game.to_act
        other = hide_differently(game, seat)
        assert other != game  # the hidden parts really differ...
        assert player_view(other, seat) == player_view(game, seat)  # ...and the seat cannot tell
        player = make_player(level, simulations=6)
        moves = []
        for g in (game, other):
            moves.append(player.choose(player_view(g, seat), g.legal_actions(), random.Random(99)))
        assert moves[0] == moves[1], (level, game.phase)
