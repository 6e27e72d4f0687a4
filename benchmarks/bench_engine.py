"""Engine speed: 4-player self-play games per second on one core, and legal_actions() in mid-game
positions. Prints one JSON object. Targets (issue 2): >= 20 games/s (aim 100), median <= 2 ms."""

from __future__ import annotations

import json
import statistics
import time

from engine import Game, Phase
from engine.cli import selfplay_game
from engine.rng import Rng


def selfplay_rate(games: int = 60) -> dict[str, float]:
    start = time.perf_counter()
    actions = 0
    for i in range(games):
        actions += len(selfplay_game(4, 1000 + i)["actions"])
    seconds = time.perf_counter() - start
    return {
        "games": games,
        "seconds": round(seconds, 3),
        "games_per_second": round(games / seconds, 1),
        "actions_per_game": round(actions / games, 1),
    }


def mid_game_positions(count: int = 60) -> list[Game]:
    """Positions a third to two thirds of the way into random 4-player games, at a turn action."""
    positions = []
    seed = 0
    while len(positions) < count:
        seed += 1
        game = Game.new(4, seed)
        chooser = Rng(seed)
        history = []
        while not game.is_over:
            if game.phase is Phase.ACTION:
                history.append(game.copy())
            legal = game.legal_actions()
            game.apply(legal[chooser.below(len(legal))])
        positions.extend(history[len(history) // 3 : 2 * len(history) // 3 : 10])
    return positions[:count]


def legal_actions_ms(positions: list[Game], repeat: int = 20) -> dict[str, float]:
    samples = []
    for game in positions:
        for _ in range(repeat):
            fresh = game.copy()  # no cached labels: the cost a real call pays after a move
            start = time.perf_counter()
            fresh.legal_actions()
            samples.append((time.perf_counter() - start) * 1000)
    return {
        "median_ms": round(statistics.median(samples), 3),
        "p90_ms": round(statistics.quantiles(samples, n=10)[-1], 3),
        "samples": len(samples),
    }


def main() -> None:
    positions = mid_game_positions()
    result = {
        "selfplay_4p": selfplay_rate(),
        "legal_actions_mid_game": legal_actions_ms(positions),
        "targets": {"games_per_second_min": 20, "legal_actions_median_ms_max": 2.0},
    }
    print(json.dumps(result))


if __name__ == "__main__":
    main()
