"""Push wake-ups across processes on PostgreSQL (issue 21): a timer loop in another process sleeps with
nothing due for an hour; this process saves a timer due now; the seconds until the other process fired it
(LISTEN/NOTIFY; before, the other process found it at its next 10 s poll). Prints one JSON object.
Target: within a second.

Runs on a PostgreSQL server of its own (tests/pgserver.py, durable like production); each round is
tests/bot/test_timer_processes.py's ``wake_up_seconds`` in a fresh schema.
"""

from __future__ import annotations

import asyncio
import json
import statistics
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from tests.bot.test_timer_processes import wake_up_seconds  # noqa: E402 - the tree's root, added above
from tests.pgserver import PostgresServer  # noqa: E402

ROUNDS = 5


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        server = PostgresServer(Path(tmp) / "pg")
        server.start(durable=True)
        try:

            async def rounds() -> list[float]:
                return [await wake_up_seconds(await server.new_schema()) for _ in range(ROUNDS)]

            seconds = asyncio.run(rounds())
        finally:
            server.stop()
    print(
        json.dumps(
            {
                "wake_up_ms_median": round(statistics.median(seconds) * 1000, 1),
                "wake_up_ms_max": round(max(seconds) * 1000, 1),
                "rounds": ROUNDS,
                "target_ms": 1000,
            }
        )
    )


if __name__ == "__main__":
    main()
