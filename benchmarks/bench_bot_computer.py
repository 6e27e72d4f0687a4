"""The computer player through the bot (issue 12): seconds per hard move as the bot runs it (``bot.computer``:
the position's text to its worker process and the move back), and the event loop's lag meanwhile. Prints one
JSON object.

The lag is what a slash command would wait for while a hard move is thought out: a ticker on the loop
sleeps 10 ms again and again and records how late it wakes. For contrast the same moves are thought out in a
thread of the bot's own process (``asyncio.to_thread``), where pure Python holds the GIL; the bot never does
that. Target: the loop's lag stays in milliseconds while a hard move takes its seconds.

    python benchmarks/bench_bot_computer.py [--moves 6] [--players 4] [--seconds 4]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import statistics
import time
from typing import Any

from ai import make_player
from bot.computer import Computer, ComputerConfig, move_seed, think
from bot.workers import Workers
from engine import Game, Phase, dump, player_view

TICK = 0.01


def positions(players: int, count: int, seed: int) -> list[Game]:
    """Turn positions from a game between normal players, a few turns apart."""
    normal = make_player("normal")
    game = Game.new(players, seed)
    out: list[Game] = []
    moves = 0
    while not game.is_over and len(out) < count:
        seat = game.to_act
        assert seat is not None
        if game.phase is Phase.ACTION and moves >= 8 and moves % 7 == 0:
            out.append(game.copy())
        game.apply(normal.choose(player_view(game, seat), game.legal_actions(), random.Random(moves)))
        moves += 1
    return out


class Ticker:
    """Measures how late the loop wakes a task that sleeps ``TICK`` seconds, while it runs."""

    def __init__(self) -> None:
        self.lags: list[float] = []
        self._task: asyncio.Task[None] | None = None

    async def _run(self) -> None:
        loop = asyncio.get_running_loop()
        while True:
            start = loop.time()
            await asyncio.sleep(TICK)
            self.lags.append(loop.time() - start - TICK)

    def __enter__(self) -> Ticker:
        self._task = asyncio.create_task(self._run())
        return self

    def __exit__(self, *exc: object) -> None:
        if self._task is not None:
            self._task.cancel()


def summary(times: list[float], lags: list[float]) -> dict[str, Any]:
    lags_ms = sorted(lag * 1000 for lag in lags) or [0.0]
    return {
        "move_s_p50": round(statistics.median(times), 3),
        "move_s_max": round(max(times), 3),
        "loop_lag_ms_p50": round(statistics.median(lags_ms), 2),
        "loop_lag_ms_p99": round(lags_ms[min(len(lags_ms) - 1, int(len(lags_ms) * 0.99))], 2),
        "loop_lag_ms_max": round(lags_ms[-1], 2),
        "ticks": len(lags),
    }


async def main(moves: int, players: int, seconds: float | None, thread: bool) -> dict[str, Any]:
    games = positions(players, moves, seed=2026)
    config = ComputerConfig(pause=0, seconds=seconds)
    computer = Computer(Workers(), config)
    try:
        await computer.move(games[0], games[0].to_act or 0, "easy", 0)  # start the worker process first
        times: list[float] = []
        with Ticker() as ticker:
            for i, game in enumerate(games):
                seat = game.to_act
                assert seat is not None
                start = time.perf_counter()
                await computer.move(game, seat, "hard", move_seed(2026, i, seat))
                times.append(time.perf_counter() - start)
        result: dict[str, Any] = {
            "benchmark": "bot_computer",
            "players": players,
            "hard_seconds_cap": seconds,
            "moves": len(games),
            "worker_process": summary(times, ticker.lags),
        }
        if thread:  # the contrast: the same moves in a thread of this process
            times = []
            with Ticker() as ticker:
                for i, game in enumerate(games):
                    seat = game.to_act
                    assert seat is not None
                    start = time.perf_counter()
                    args = (dump(game), seat, "hard", move_seed(2026, i, seat), None, seconds)
                    await asyncio.to_thread(think, *args)
                    times.append(time.perf_counter() - start)
            result["thread_for_contrast"] = summary(times, ticker.lags)
        return result
    finally:
        await computer.close()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=6)
    parser.add_argument("--players", type=int, default=4, choices=(2, 3, 4))
    parser.add_argument("--seconds", type=float, default=ComputerConfig().seconds or 0.0, help="0: no cap")
    parser.add_argument("--no-thread", action="store_true", help="skip the thread contrast")
    args = parser.parse_args()
    print(json.dumps(asyncio.run(main(args.moves, args.players, args.seconds or None, not args.no_thread))))
