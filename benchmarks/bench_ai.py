"""Computer players: seconds per move per level, and the strength bars (issue 12). Prints one JSON object.

Speed: each level chooses in the same positions (turn actions and decisions, 2 and 4 players, taken from
games between normal players), in CPU time (a busy machine does not inflate it); targets on one core:
normal <= 50 ms per move, hard <= 1 s p95 at its default budget. Strength: whole games through the arena,
seats alternated:
  2 players, normal against easy: normal wins >= 80%;
  2 players, hard against normal: hard wins >= 80% (issue 22);
  4 players, hard, normal, easy and random: hard has the best average place.
The bars want 200 games each; that is hours of CPU on one core, so the default is a small sample and
``--games``/``--jobs`` scale it up (``--budget`` sets the hard level's simulations for the strength runs).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from collections.abc import Sequence
from typing import Any

from ai.arena import percentile, run, setups, summarise
from ai.players import make_player
from engine import Game, Phase, player_view


def sample_positions(players: int, games: int, every: int, seed: int) -> list[Game]:
    """Positions from games between normal players: every ``every``-th choice, decisions included."""
    out = []
    normal = make_player("normal")
    for g in range(games):
        game = Game.new(players, seed + g)
        moves = 0
        while not game.is_over:
            seat = game.to_act
            assert seat is not None
            legal = game.legal_actions()
            if moves % every == 0 or (game.phase is not Phase.ACTION and len(legal) > 1 and moves % 3 == 0):
                out.append(game.copy())
            game.apply(normal.choose(player_view(game, seat), legal, random.Random(moves)))
            moves += 1
    return out


def move_times(level: str, positions: Sequence[Game]) -> dict[str, Any]:
    player = make_player(level)
    samples = []
    for i, game in enumerate(positions):
        seat = game.to_act
        assert seat is not None
        view, legal = player_view(game, seat), game.legal_actions()
        start = time.process_time()
        player.choose(view, legal, random.Random(i))
        samples.append(time.process_time() - start)
    return {
        "moves": len(samples),
        "p50_s": round(percentile(samples, 0.5), 4),
        "p95_s": round(percentile(samples, 0.95), 4),
        "mean_s": round(statistics.mean(samples), 4),
        "max_s": round(max(samples), 4),
    }


def strength(levels: list[str], games: int, seed: int, budget: int | None, jobs: int) -> dict[str, Any]:
    start = time.perf_counter()
    records = list(run(setups(levels, games, seed, budget, None), jobs))
    summary = summarise(records)["levels"]
    return {
        "seats": levels,
        "games": games,
        "hard_simulations": budget,
        "wall_seconds": round(time.perf_counter() - start, 1),
        "levels": {
            level: {k: row[k] for k in ("win_rate", "wins", "shared_wins", "average_place", "places")}
            for level, row in summary.items()
        },
    }


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--games", type=int, default=4, help="games per strength bar (the bars want 200)")
    parser.add_argument("--budget", type=int, default=None, help="hard simulations in the strength runs")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--positions", type=int, default=40, help="positions timed per level (hard: half)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()

    two = sample_positions(2, 2, 9, 7000)
    four = sample_positions(4, 1, 9, 7100)
    mixed = [p for pair in zip(two, four, strict=False) for p in pair] or two
    timed = mixed[: args.positions]
    speed = {level: move_times(level, timed) for level in ("random", "easy", "normal")}
    speed["hard"] = move_times("hard", timed[: max(4, args.positions // 2)])
    figures: dict[str, Any] = {"move_seconds": speed}
    if args.games > 0:
        figures["normal_vs_easy"] = strength(
            ["normal", "easy"], args.games, args.seed, args.budget, args.jobs
        )
        figures["hard_vs_normal"] = strength(
            ["hard", "normal"], args.games, args.seed, args.budget, args.jobs
        )
        figures["four_players"] = strength(
            ["hard", "normal", "easy", "random"], args.games, args.seed, args.budget, args.jobs
        )
    print(json.dumps(figures, indent=1))


if __name__ == "__main__":
    main()
