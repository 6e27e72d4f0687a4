"""Render benchmark: prints one JSON object (not a timed test).

    .venv/bin/python benchmarks/bench_render.py

Figures: the size of the mid-game board PNG, the median time to render and encode it (the static parts
of the board are cached per map, so the first call is reported separately), the same for a hand and
the final scores, and the size of a busy late-game board with every kind of highlight.
"""

from __future__ import annotations

import json
import random
import statistics
import time
from collections.abc import Callable

from engine import Event, Game, player_view, public_view
from render import board_png, changed_squares, hand_png, removed_squares, scores_png

SEED, PLAYERS, MID_GAME_ACTIONS = 3, 4, 90
RUNS = 60
NAMES = ["Alice", "Bob", "Carol", "Dave"]


def _median_ms(fn: Callable[[], bytes], runs: int = RUNS) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return round(statistics.median(times) * 1000, 2)


def main() -> None:
    game = Game.new(players=PLAYERS, seed=SEED)
    rng = random.Random(SEED)
    events: list[Event] = []
    for _ in range(MID_GAME_ACTIONS):
        events = game.apply(rng.choice(game.legal_actions()))
    view = public_view(game)
    changed, removed = changed_squares(events), removed_squares(events)
    legal = sorted({a.square for a in game.legal_actions() if a.square is not None})

    def board() -> bytes:
        return board_png(view, names=NAMES, changed=changed, removed=removed, highlight=legal)

    start = time.perf_counter()
    board_bytes = board()
    first_ms = round((time.perf_counter() - start) * 1000, 2)
    hand_view = player_view(game, game.active)

    def hand() -> bytes:
        return hand_png(hand_view, names=NAMES)

    while not game.is_over:
        events = game.apply(rng.choice(game.legal_actions()))
    final = public_view(game)
    empty = [sq.index for sq in final.squares if sq.tile is None and sq.leader is None and not sq.catastrophe]
    busy = board_png(
        final,
        names=["W" * 40] * PLAYERS,
        changed=set(empty[::5]),
        removed=set(empty[1::5]),
        highlight=empty[2::2],
    )

    def scores() -> bytes:
        return scores_png(final, names=NAMES)

    print(
        json.dumps(
            {
                "position": f"seed {SEED}, {PLAYERS} players, after {MID_GAME_ACTIONS} random actions",
                "board_png_bytes": len(board_bytes),
                "board_render_encode_ms_median": _median_ms(board),
                "board_first_call_ms": first_ms,
                "busy_board_png_bytes": len(busy),
                "hand_png_bytes": len(hand()),
                "hand_render_encode_ms_median": _median_ms(hand),
                "scores_png_bytes": len(scores()),
                "scores_render_encode_ms_median": _median_ms(scores),
                "runs": RUNS,
            }
        )
    )


if __name__ == "__main__":
    main()
