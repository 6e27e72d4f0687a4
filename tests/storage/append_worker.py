"""One of two processes racing to append to the same game (tests/storage/test_postgres.py).

argv: DATABASE_URL GAME_ID TARGET_VERSION WORKER_NUMBER START_AT. Until the game reaches TARGET_VERSION,
load it, play a legal action for the seat to act and save it against the version loaded; a refusal
(StaleVersionError) means the other process won that version: reload and go on. Prints JSON: the versions
this process won and how often it was refused.
"""

from __future__ import annotations

import asyncio
import json
import random
import sys
import time

from engine import dump
from storage import StaleVersionError, Store


async def run(url: str, game_id: int, target: int, number: int, start_at: float) -> dict[str, object]:
    rng = random.Random(number)
    won: list[int] = []
    stale = 0
    async with Store.open(url) as store:
        await asyncio.sleep(max(0.0, start_at - time.time()))  # both start together
        while True:
            record = await store.load_game(game_id)
            if record.version >= target or record.seat_to_act is None:
                break
            game = record.game()
            action = rng.choice(game.legal_actions())
            game.apply(action)
            try:
                appended = await store.append_action(
                    game_id, record.version, record.seat_to_act, str(action), dump(game), int(time.time())
                )
            except StaleVersionError:
                stale += 1
                continue
            won.append(appended.version)
    return {"won": len(won), "versions": won, "stale": stale}


if __name__ == "__main__":
    url, game_id, target, number, start_at = sys.argv[1:6]
    print(json.dumps(asyncio.run(run(url, int(game_id), int(target), int(number), float(start_at)))))
