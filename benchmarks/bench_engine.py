"""Engine speed on one core: 4-player random self-play games per second, without and with the 2015 options
(civilization buildings and the wonder, R28 and R29), the cost of legal_actions() and apply() per action in
those games, legal_actions() in mid-game positions, and copy(). Prints one JSON object.
Targets (issue 11): >= 100 games/s without the options (goal 250, issue 22); the options must stay close to
that. ``--cpu-time`` times with this process's CPU time instead of the wall clock: steadier on a shared, busy
machine (each reading is a system call, so the per-action figures come out a little higher). It times the
engine it imports: pure Python from a checkout, compiled where TIGRIS_COMPILE=1 installed it (see
"compiled" in the output, and docs/deploy.md)."""

from __future__ import annotations

import argparse
import json
import statistics
import time

from engine import Game, Phase, compiled_modules
from engine.cli import selfplay_game
from engine.rng import Rng

clock = time.perf_counter


def selfplay_rate(games: int = 100, options: bool = False) -> dict[str, float]:
    """Whole games as ``python -m engine selfplay`` plays them (action texts included)."""
    start = clock()
    actions = 0
    for i in range(games):
        actions += len(selfplay_game(4, 1000 + i, buildings=options, wonder=options)["actions"])
    seconds = clock() - start
    return {
        "games": games,
        "seconds": round(seconds, 3),
        "games_per_second": round(games / seconds, 1),
        "actions_per_game": round(actions / games, 1),
    }


def per_action_us(games: int = 40, options: bool = False) -> dict[str, float]:
    """legal_actions() and apply() timed apart, once per action of random 4-player games."""
    legal_total = apply_total = 0.0
    count = 0
    for i in range(games):
        seed = 1000 + i
        game = Game.new(4, seed, buildings=options, wonder=options)
        chooser = Rng(seed ^ 0x5DEECE66D)
        while not game.is_over:
            t0 = clock()
            legal = game.legal_actions()
            t1 = clock()
            game.apply(legal[chooser.below(len(legal))])
            t2 = clock()
            legal_total += t1 - t0
            apply_total += t2 - t1
            count += 1
    return {
        "legal_actions_us": round(legal_total / count * 1e6, 1),
        "apply_us": round(apply_total / count * 1e6, 1),
        "actions": count,
    }


def mid_game_positions(count: int = 60) -> list[Game]:
    """Positions a third to two thirds of the way into random 4-player games, at a turn action."""
    positions: list[Game] = []
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
            fresh = game.copy()
            fresh.kingdoms.masks = {}  # no cached leader masks: the cost a real call pays after a move
            start = clock()
            fresh.legal_actions()
            samples.append((clock() - start) * 1000)
    return {
        "median_ms": round(statistics.median(samples), 3),
        "p90_ms": round(statistics.quantiles(samples, n=10)[-1], 3),
        "samples": len(samples),
    }


def copy_us(positions: list[Game], repeat: int = 200) -> float:
    start = clock()
    for game in positions:
        for _ in range(repeat):
            game.copy()
    return round((clock() - start) / (len(positions) * repeat) * 1e6, 2)


def main() -> None:
    global clock
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cpu-time", action="store_true", help="time with this process's CPU time")
    if parser.parse_args().cpu_time:
        clock = time.process_time
    positions = mid_game_positions()
    result = {
        "selfplay_4p": selfplay_rate(),
        "selfplay_4p_buildings_wonder": selfplay_rate(options=True),
        "per_action_4p": per_action_us(),
        "per_action_4p_buildings_wonder": per_action_us(options=True),
        "legal_actions_mid_game": legal_actions_ms(positions),
        "copy_us": copy_us(positions),
        "clock": "cpu" if clock is time.process_time else "wall",
        # the modules running compiled by mypyc (TIGRIS_COMPILE=1 at install), [] for pure Python
        "compiled": compiled_modules(),
        "targets": {"games_per_second_min": 100, "games_per_second_goal": 250},
    }
    print(json.dumps(result))


if __name__ == "__main__":
    main()
