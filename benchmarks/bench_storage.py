"""Storage speed: saving an action with its new position, and loading a game among 10,000.

    .venv/bin/python benchmarks/bench_storage.py

Builds a database of 10,000 games in a temporary directory (positions and logs of real random games,
bulk-inserted with plain sqlite3 in one transaction to keep the build short), then measures through the
``Store`` API, with the default durability (WAL, synchronous=FULL):

* ``append_action``: one action, its new position, the timer swap the bot does (delete all, add one);
* ``load_game``: one game with its seats, by id, random ids.

Prints ONE JSON object of medians (and 95th percentiles) in milliseconds. Not a test: nothing is asserted.
"""

from __future__ import annotations

import asyncio
import json
import random
import sqlite3
import statistics
import sys
import tempfile
import time
from contextlib import closing
from pathlib import Path

from engine import Game, dump
from storage import NewTimer, Status, Store

GAMES = 10_000
TEMPLATES = 40  # distinct random games whose logs and positions the 10,000 reuse
USERS = 3_000
LOADS = 2_000
APPEND_GAMES = 10
APPENDS_PER_GAME = 50
T0 = 1_700_000_000


def _template(seed: int, rng: random.Random) -> tuple[int, int, list[tuple[int, str]], Game]:
    """A random game cut at a random point: (players, seed, log of (seat, action), game)."""
    players = rng.randint(2, 4)
    game = Game.new(players, seed)
    log: list[tuple[int, str]] = []
    stop = rng.randint(0, 300)
    while not game.is_over and len(log) < stop:
        seat = game.to_act
        assert seat is not None
        action = str(rng.choice(game.legal_actions()))
        game.apply(action)
        log.append((seat, action))
    return players, seed, log, game


def _build(path: Path, rng: random.Random) -> int:
    """Bulk-insert GAMES games that satisfy every invariant the store keeps; returns the action count."""
    templates = [_template(seed, rng) for seed in range(TEMPLATES)]
    positions = [dump(t[3]) for t in templates]
    actions = 0
    with closing(sqlite3.connect(path, isolation_level=None)) as conn:
        conn.execute("BEGIN")
        for game_id in range(1, GAMES + 1):
            which = rng.randrange(TEMPLATES)
            players, seed, log, game = templates[which]
            status = Status.FINISHED if game.is_over else Status.PLAYING
            conn.execute(
                """INSERT INTO games (id, guild_id, channel_id, creator_id, status, conflict_hours,
                                      reminder_hours, players, seed, position, version, seat_to_act,
                                      created_at, started_at, updated_at, ended_at)
                   VALUES (?, ?, ?, ?, ?, 12, 24, ?, ?, ?, ?, ?, ?, ?, ?, ?)""",
                (
                    game_id,
                    game_id % 50,
                    10**6 + game_id,
                    0,
                    status.value,
                    players,
                    seed,
                    positions[which],
                    len(log),
                    game.to_act,
                    T0,
                    T0,
                    T0 + len(log),
                    T0 + len(log) if game.is_over else None,
                ),
            )
            users = rng.sample(range(1, USERS + 1), players)
            conn.executemany(
                "INSERT INTO seats (game_id, seat, user_id, joined_at) VALUES (?, ?, ?, ?)",
                [(game_id, seat, user, T0) for seat, user in enumerate(users)],
            )
            conn.executemany(
                "INSERT INTO actions (game_id, seq, seat, action, at) VALUES (?, ?, ?, ?, ?)",
                [(game_id, seq, seat, action, T0 + seq) for seq, (seat, action) in enumerate(log, 1)],
            )
            actions += len(log)
            if status is Status.PLAYING:
                conn.execute(
                    "INSERT INTO timers (game_id, kind, seat, due_at, payload, created_at)"
                    " VALUES (?, 'reminder', ?, ?, '{}', ?)",
                    (game_id, game.to_act, T0 + 86_400 + game_id, T0),
                )
                conn.execute(
                    "INSERT INTO messages (game_id, kind, user_id, channel_id, message_id, updated_at)"
                    " VALUES (?, 'board', 0, ?, ?, ?)",
                    (game_id, 10**6 + game_id, 10**9 + game_id, T0),
                )
        conn.execute("COMMIT")
        conn.execute("ANALYZE")
    return actions


def _summary(samples: list[float]) -> tuple[float, float]:
    ms = sorted(s * 1000 for s in samples)
    return round(statistics.median(ms), 3), round(ms[int(len(ms) * 0.95)], 3)


async def _measure(path: Path, rng: random.Random) -> dict[str, float]:
    out: dict[str, float] = {}
    async with Store.open(path) as store:
        ids = [rng.randint(1, GAMES) for _ in range(LOADS)]
        for game_id in ids[:100]:  # warm up
            await store.load_game(game_id)

        loads, loads_engine = [], []
        for game_id in ids:
            t = time.perf_counter()
            record = await store.load_game(game_id)
            loads.append(time.perf_counter() - t)
            record.game()
            loads_engine.append(time.perf_counter() - t)
        out["load_game_ms_median"], out["load_game_ms_p95"] = _summary(loads)
        out["load_game_plus_engine_load_ms_median"], _ = _summary(loads_engine)

        channel_q, waiting_q = [], []
        for game_id in ids[:500]:
            t = time.perf_counter()
            await store.game_in_channel(10**6 + game_id)
            channel_q.append(time.perf_counter() - t)
            t = time.perf_counter()
            await store.games_waiting_on(rng.randint(1, USERS))
            waiting_q.append(time.perf_counter() - t)
        out["game_in_channel_ms_median"], _ = _summary(channel_q)
        out["games_waiting_on_ms_median"], _ = _summary(waiting_q)

        # Appends: the engine's work is done beforehand; only the store is timed.
        playing = await store.game_ids([Status.PLAYING])
        appends = []
        for game_id in rng.sample(playing, APPEND_GAMES):
            record = await store.load_game(game_id)
            game = record.game()
            version = record.version
            for _ in range(APPENDS_PER_GAME):
                if game.is_over:
                    break
                seat = game.to_act
                assert seat is not None
                action = str(rng.choice(game.legal_actions()))
                game.apply(action)
                position = dump(game)
                timer = NewTimer("deadline", T0 + 10**6, game.to_act, {"version": version + 1})
                t = time.perf_counter()
                appended = await store.append_action(
                    game_id,
                    version,
                    seat,
                    action,
                    position,
                    T0 + 10**5,
                    timers_to_delete="all",
                    timers_to_add=[timer],
                )
                appends.append(time.perf_counter() - t)
                version = appended.version
            await store.verify_replay(game_id)  # the benchmark's writes are real, checked ones
        out["append_action_ms_median"], out["append_action_ms_p95"] = _summary(appends)
        out["appends_measured"] = len(appends)
        for game_id in rng.sample(range(1, GAMES + 1), 20):
            await store.verify_replay(game_id)
    return out


def main() -> None:
    rng = random.Random(1)
    started = time.perf_counter()
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "bench.db"

        async def create() -> None:
            async with Store.open(path):
                pass

        asyncio.run(create())
        actions = _build(path, rng)
        built = time.perf_counter() - started
        result = {
            "append_action_ms_median": 0.0,
            "load_game_ms_median": 0.0,
            "games_in_database": GAMES,
            "actions_in_database": actions,
            "database_mb": round(path.stat().st_size / 2**20, 1),
            "synchronous": "FULL",
            "build_seconds": round(built, 1),
        }
        result.update(asyncio.run(_measure(path, rng)))
    result["total_seconds"] = round(time.perf_counter() - started, 1)
    json.dump(result, sys.stdout)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
