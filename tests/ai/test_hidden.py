"""A computer player sees only its seat's view (R25): the same view with other hidden tiles (other hands,
the bag's order and contents, the other seats' points) gives the same move under the same seed."""

from __future__ import annotations

import random
from typing import Any

import pytest

from ai import LEVELS, make_player
from engine import Game, Phase, player_view
from tests.ai.helpers import positions_by_phase, with_changes

LETTERS = "RBGK"
WORDS = dict(zip(LETTERS, ("red", "blue", "green", "black"), strict=True))


def hide_differently(game: Game, seat: int) -> Game:
    """Another game with the same view for ``seat``: a rival's hand traded with the bag, another draw
    order, other hidden points and treasures."""
    rival = next(s for s in range(game.players) if s != seat)

    def change(data: dict[str, Any]) -> None:
        player = data["players"][rival]
        bag = data["bag"]
        hand = list(player["hand"])
        for i, letter in enumerate(hand):  # trade each tile for one of another colour still in the bag
            for other in LETTERS:
                word, old = WORDS[other], WORDS[letter]
                if other != letter and bag[word] > 0:
                    bag[word] -= 1
                    bag[old] += 1
                    hand[i] = other
                    break
        player["hand"] = "".join(sorted(hand, key=LETTERS.index))
        player["points"] = {c: v + 3 for c, v in player["points"].items()}
        data["rng"] = (data["rng"] * 6364136223846793005 + 1442695040888963407) % 2**64

    return with_changes(game, change)


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
