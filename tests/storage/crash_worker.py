"""Run by test_crash.py: play random legal actions into a database until killed.

    python tests/storage/crash_worker.py DB SEED

Keeps three games in play (starting new ones as games finish), and after every action replaces the
game's timers with one deadline whose payload holds the version it was set at. Several workers may share
the database; a worker that loses a race gets StaleVersionError and moves on, as the bot would.
"""

from __future__ import annotations

import asyncio
import random
import sys

from engine import Game, dump
from storage import (
    ChannelBusyError,
    GameStatusError,
    NewTimer,
    Options,
    StaleVersionError,
    Status,
    Store,
    WrongSeatError,
)

GAMES_IN_PLAY = 3


async def new_game(store: Store, rng: random.Random, now: int) -> None:
    users = rng.sample(range(100, 120), rng.randint(2, 4))
    try:
        record = await store.create_game(1, rng.randrange(1, 2**40), users[0], now, Options())
    except ChannelBusyError:
        return
    for user in users:
        record = await store.add_seat(record.id, user, now)
    seed = rng.randrange(2**32)
    game = Game.new(len(users), seed)
    deadline = NewTimer("deadline", now + 3600, game.to_act, {"version": 0})
    await store.start_game(record.id, seed, dump(game), now, timers=[deadline])


async def main(path: str, seed: int) -> None:
    rng = random.Random(seed)
    now = 1_700_000_000
    async with Store.open(path) as store:
        print("ready", flush=True)
        while True:
            now += 1
            playing = await store.game_ids([Status.PLAYING])
            if len(playing) < GAMES_IN_PLAY:
                await new_game(store, rng, now)
                continue
            game_id = rng.choice(playing)
            record = await store.load_game(game_id)
            game = record.game()
            seat = game.to_act
            assert seat is not None
            action = rng.choice(game.legal_actions())
            game.apply(action)
            version = record.version + 1
            deadline = NewTimer("deadline", now + 3600, game.to_act, {"version": version})
            try:
                await store.append_action(
                    game_id,
                    record.version,
                    seat,
                    str(action),
                    dump(game),
                    now,
                    timers_to_delete="all",
                    timers_to_add=[deadline],
                )
            except (StaleVersionError, GameStatusError, WrongSeatError):
                continue  # another worker saved an action first
            await store.remember_message(game_id, "board", 1, version, now)


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], int(sys.argv[2])))
