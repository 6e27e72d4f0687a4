"""The levels' choices pinned: speed work on the computer players (or the engine below them) must leave
every choice as it was, so the strength measured for a level stays true of it.

The hash covers easy's, normal's and hard's (small budget) choices for fixed seeds in positions of every
phase (2, 3 and 4 players, with and without the 2015 options), and the hard level's reply policy in
determinisations of the turn positions. If a change is meant to change the play, measure the levels'
strength again (benchmarks/bench_ai.py) and then update ``PINNED`` with the new hash."""

from __future__ import annotations

import hashlib
import random

from ai import make_player
from ai.determinise import sample_world
from ai.hard import greedy_turn
from engine import Phase, player_view
from tests.ai.helpers import eventful_game, positions_by_phase

PINNED = "eb9ec2425bf925bc00394f91620cc827cd8e57a3a8960626522b3c688f976c74"


def choices() -> list[str]:
    lines = []
    players = [make_player("easy"), make_player("normal"), make_player("hard", simulations=6)]
    later = [game for n in (2, 3, 4) for game in eventful_game(n, 100 + n)[60::60][:2] if not game.is_over]
    found = sorted(positions_by_phase().items(), key=lambda item: item[0].name)
    for phase, games in [*found, (Phase.ACTION, [g for g in later if g.phase is Phase.ACTION])]:
        for n, game in enumerate(games):
            seat = game.to_act
            assert seat is not None
            view, legal = player_view(game, seat), game.legal_actions()
            picks = [player.choose(view, legal, random.Random(n)).text for player in players]
            if phase is Phase.ACTION:
                world = sample_world(view, legal, random.Random(n))
                picks += [greedy_turn(world, s)[0].text for s in range(game.players)]
            lines.append(f"{phase.name} {n} {' '.join(picks)}")
    return lines


def test_the_levels_choose_as_they_did():
    lines = choices()
    digest = hashlib.sha256("\n".join(lines).encode()).hexdigest()
    assert digest == PINNED, "\n".join(lines)
