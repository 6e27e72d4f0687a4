"""The cost of metrics (issue 21): what one slash command that plays a move adds (the command tree's timing,
its histogram observation and the action's counter), and the cost of one scrape of /metrics. Prints one
JSON object. Target: under 0.1 ms per command.

The counted work is exactly what ``bot.client.TimedTree`` and ``bot.play.ActionPath`` run per command, in
a loop; a command itself takes milliseconds (tests/bot, benchmarks/bench_bot.py), so the overhead is small
enough that a whole-command A/B would drown in its noise.
"""

from __future__ import annotations

import json
import statistics
import time

from bot import metrics

COMMANDS = ("te tile", "te leader", "te choose", "te tile (autocomplete)", "te status", "te hand")


def one_command(name: str) -> None:
    started = time.perf_counter()  # TimedTree._call
    finished = time.perf_counter()
    metrics.command_finished(name, finished - started)
    metrics.action_saved("person")  # ActionPath._save


def per_command_us(rounds: int = 100_000, repeat: int = 5) -> list[float]:
    times = []
    for _ in range(repeat):
        started = time.perf_counter()
        for i in range(rounds):
            one_command(COMMANDS[i % len(COMMANDS)])
        times.append((time.perf_counter() - started) / rounds * 1e6)
    return times


def scrape_ms(repeat: int = 200) -> float:
    times = []
    for _ in range(repeat):
        started = time.perf_counter()
        metrics.exposition()
        times.append((time.perf_counter() - started) * 1000)
    return statistics.median(times)


def main() -> None:
    times = per_command_us()
    print(
        json.dumps(
            {
                "metrics_per_command_us_median": round(statistics.median(times), 2),
                "metrics_per_command_us_max": round(max(times), 2),
                "target_us": 100,
                "scrape_ms_median": round(scrape_ms(), 3),
                "scrape_bytes": len(metrics.exposition()),
            }
        )
    )


if __name__ == "__main__":
    main()
