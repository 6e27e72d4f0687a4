"""Eventful games and positions by phase for the computer-player tests; positions by hand come from
``tests.engine.positions`` (over the engine's ``engine.position``)."""

from __future__ import annotations

import random
from functools import cache

import pytest

import ai.evaluate
from ai.determinise import World
from engine import Action, Game, Phase

# A play-out that favours tiles and leaders reaches conflicts, monuments and treasure choices quickly.
EVENTFUL = ("tile", "leader")


def eventful_choice(legal: list[Action], chooser: random.Random) -> Action:
    busy = [a for a in legal if a.kind in EVENTFUL]
    return chooser.choice(busy if busy and chooser.random() < 0.9 else legal)


def eventful_game(players: int, seed: int, moves: int = 10_000, options: bool = False) -> list[Game]:
    """Every position of a random but eventful game (up to ``moves`` choices), the first included;
    ``options`` plays the 2015 edition's buildings and wonder (R28, R29)."""
    game = Game.new(players, seed, buildings=options, wonder=options)
    chooser = random.Random(seed)
    history = [game.copy()]
    while not game.is_over and len(history) <= moves:
        game.apply(eventful_choice(game.legal_actions(), chooser))
        history.append(game.copy())
    return history


def positions_by_phase(per_phase: int = 2, games: int = 8, most_games: int = 40) -> dict[Phase, list[Game]]:
    """A few positions waiting for each kind of choice (turn actions and every decision). Odd seeds play
    the 2015 options; the wonder is rare, so more games are played (up to ``most_games``) until every
    phase has been seen. Copies: the games are played once per test process (several modules ask)."""
    found = _positions_by_phase(per_phase, games, most_games)
    return {phase: [game.copy() for game in bucket] for phase, bucket in found.items()}


@cache
def _positions_by_phase(per_phase: int, games: int, most_games: int) -> dict[Phase, list[Game]]:
    found: dict[Phase, list[Game]] = {}
    wanted = {p for p in Phase if p is not Phase.OVER}
    for seed in range(most_games):
        if seed >= games and wanted <= set(found):
            break
        for game in eventful_game(2 + seed % 3, seed, options=seed % 2 == 1):
            if game.is_over:
                continue
            bucket = found.setdefault(game.phase, [])
            if len(bucket) < per_phase and (game.phase is not Phase.ACTION or game.turn % 11 == 5):
                bucket.append(game)
    return found


def weights_used(monkeypatch: pytest.MonkeyPatch) -> list[ai.evaluate.Weights]:
    """From now on, the weights of every position the evaluation values, in order."""
    used = []
    real = ai.evaluate.seat_values

    def spy(world: World, w: ai.evaluate.Weights = ai.evaluate.DEFAULT) -> list[float]:
        used.append(w)
        return real(world, w)

    monkeypatch.setattr(ai.evaluate, "seat_values", spy)
    return used
