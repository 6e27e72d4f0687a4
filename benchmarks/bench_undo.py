"""Undo speed: ``take_back`` (it replays seed + actions, R32) on the first 300 actions of long 4-player games,
allowed and refused alike. Prints one JSON object. Target (issue 9): well under a second; aim 50 ms.

Uniformly random games end after about 180 actions, so the games here favour leader moves (no tile used),
which keeps them going past 300 actions with revolts, wars and tiles on the way.
"""

from __future__ import annotations

import json
import statistics
import time

from engine import Game, Settings, UndoRefused, take_back
from engine.rng import Rng

ACTIONS = 300


def long_game(seed: int, players: int = 4) -> list[str]:
    game = Game.new(players, seed)
    chooser = Rng(seed)
    actions: list[str] = []
    while not game.is_over and len(actions) <= ACTIONS:
        legal = game.legal_actions()
        calm = [a for a in legal if a.kind not in ("swap", "catastrophe")] or legal
        moves = [a for a in calm if a.kind in ("leader", "withdraw")]
        pool = moves if moves and chooser.below(2) else calm
        action = pool[chooser.below(len(pool))]
        game.apply(action)
        actions.append(action.text)
    return actions


def take_back_ms(games: int = 20, repeat: int = 3) -> dict[str, float]:
    samples = []
    allowed = 0
    for seed in range(games):
        log = long_game(seed)[:ACTIONS]
        assert len(log) == ACTIONS
        for _ in range(repeat):
            start = time.perf_counter()
            try:
                take_back(Settings(4), seed, log)
                allowed += 1
            except UndoRefused:
                pass
            samples.append((time.perf_counter() - start) * 1000)
    return {
        "actions": ACTIONS,
        "median_ms": round(statistics.median(samples), 2),
        "max_ms": round(max(samples), 2),
        "samples": len(samples),
        "games_allowed": allowed // repeat,
    }


def main() -> None:
    result = {"take_back_300_actions": take_back_ms(), "targets": {"take_back_median_ms_max": 50}}
    print(json.dumps(result))


if __name__ == "__main__":
    main()
