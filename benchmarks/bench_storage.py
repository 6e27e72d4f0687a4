"""Storage speed: saving an action with its new position, and loading a game among 10,000.

    .venv/bin/python benchmarks/bench_storage.py

Builds a database of 10,000 games in a temporary directory (positions and logs of real random games,
bulk-inserted with plain sqlite3 in one transaction to keep the build short): 9,000 finished games in ONE
server, 90 in each of its 100 channels, and 1,000 games in play across other servers, each in a channel of
its own. Then measures through the ``Store`` API, with the default durability (WAL, synchronous=FULL):

* ``append_action``: one action of the seat's owner (``Actor.person``: the store checks the seat is theirs),
  its new position, the timer swap the bot does (delete all, add one);
* ``effective_actions`` and ``append_undo``: ``/te undo`` after one of those actions when R32 allows it (the
  engine's ``take_back`` is not timed);
* ``load_game``: one game with its seats, by id, random ids;
* ``latest_game_in_channel``: ``/te status`` or ``/te board`` in a channel of the big server with no game
  in play (the newest of its 90 finished games), and, for comparison, ``games_of_guild`` listing the
  server's 9,000 finished games (what the bot did for that lookup before issue 8);
* history and standings (issue 13) on the big server: ``player_stats`` of a typical player (about 9
  games), of the busiest one (user 1, in 1,000 games) and of the computer player at hard (in one finished
  game in ten), ``leaderboard`` (top 10), ``finished_games`` (the 10 newest), ``running_games`` of a
  server with 20 games in play, ``user_games`` of a player; ``recompute_ratings`` of the big server, the
  results and ratings one finishing game writes (``record_results``, timed while building), and the
  migration 0008 backfill of the 9,000 finished games (timed in a transaction that is rolled back).

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

from engine import Game, UndoRefused, dump, take_back
from storage import Actor, NewTimer, Player, Status, Store
from storage.results import backfill, record_results

GAMES = 10_000
FINISHED = 9_000  # all in BIG_GUILD
BIG_GUILD = 1
BIG_GUILD_CHANNELS = 100
TEMPLATES = 40  # distinct random games whose logs and positions the 10,000 reuse; half played to the end
USERS = 3_000
LOADS = 2_000
APPEND_GAMES = 10
APPENDS_PER_GAME = 50
T0 = 1_700_000_000


def _template(seed: int, rng: random.Random, finish: bool) -> tuple[int, int, list[tuple[int, str]], Game]:
    """A random game, played to its end or cut at a random point: (players, seed, log, game)."""
    players = rng.randint(2, 4)
    game = Game.new(players, seed)
    log: list[tuple[int, str]] = []
    stop = 10**6 if finish else rng.randint(0, 300)
    while not game.is_over and len(log) < stop:
        seat = game.to_act
        assert seat is not None
        action = str(rng.choice(game.legal_actions()))
        game.apply(action)
        log.append((seat, action))
    return players, seed, log, game


def _big_guild_channel(game_id: int) -> int:
    return 2 * 10**6 + game_id % BIG_GUILD_CHANNELS


BUSY_USER = 1  # seated in one finished game in nine
COMPUTER_EVERY = 10  # one finished game in ten has the computer player at hard in its last seat


def _build(path: Path, rng: random.Random, record_times: list[float]) -> int:
    """Bulk-insert GAMES games that satisfy every invariant the store keeps, finished ones with their
    results and ratings (``record_results``, timed into ``record_times``); returns the action count."""
    templates = [_template(seed, rng, finish=seed % 2 == 0) for seed in range(TEMPLATES)]
    ended = [i for i, t in enumerate(templates) if t[3].is_over]
    in_play = [i for i, t in enumerate(templates) if not t[3].is_over]
    positions = [dump(t[3]) for t in templates]
    actions = 0
    with closing(sqlite3.connect(path, isolation_level=None)) as conn:
        conn.execute("BEGIN")
        for game_id in range(1, GAMES + 1):
            finished = game_id <= FINISHED
            which = rng.choice(ended if finished else in_play)
            players, seed, log, game = templates[which]
            status = Status.FINISHED if finished else Status.PLAYING
            conn.execute(
                """INSERT INTO games (id, guild_id, channel_id, creator_id, status, conflict_hours,
                                      reminder_hours, players, seed, position, version, seat_to_act,
                                      created_at, started_at, updated_at, ended_at, presented_version)
                   VALUES (?, ?, ?, ?, ?, 12, 24, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)""",
                (
                    game_id,
                    BIG_GUILD if finished else 2 + game_id % 50,
                    _big_guild_channel(game_id) if finished else 10**6 + game_id,
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
                    T0 + game_id if game.is_over else None,  # finished one after the other
                    len(log),
                ),
            )
            users: list[int | None] = list(rng.sample(range(BUSY_USER + 1, USERS + 1), players))
            if finished and game_id % 9 == 0:
                users[0] = BUSY_USER
            if finished and game_id % COMPUTER_EVERY == 0:
                users[-1] = None
            conn.executemany(
                "INSERT INTO seats (game_id, seat, user_id, level, joined_at) VALUES (?, ?, ?, ?, ?)",
                [(game_id, seat, user, None if user else "hard", T0) for seat, user in enumerate(users)],
            )
            conn.executemany(
                "INSERT INTO actions (game_id, seq, seat, action, at) VALUES (?, ?, ?, ?, ?)",
                [(game_id, seq, seat, action, T0 + seq) for seq, (seat, action) in enumerate(log, 1)],
            )
            actions += len(log)
            if finished:
                t = time.perf_counter()
                record_results(conn, game_id, game)
                record_times.append(time.perf_counter() - t)
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

        # /te status in a channel of the big server without a game in play: its newest finished game.
        shown = (Status.LOBBY, Status.PLAYING, Status.FINISHED)
        latest_q = []
        for _ in range(500):
            game_id = rng.randint(1, FINISHED)
            t = time.perf_counter()
            found = await store.latest_game_in_channel(_big_guild_channel(game_id), statuses=shown)
            latest_q.append(time.perf_counter() - t)
            assert found is not None and found.status is Status.FINISHED and found.id > FINISHED - 100
        out["latest_game_in_channel_ms_median"], out["latest_game_in_channel_ms_p95"] = _summary(latest_q)
        guild_q = []
        for _ in range(5):
            t = time.perf_counter()
            listed = await store.games_of_guild(BIG_GUILD, statuses=(Status.FINISHED,))
            guild_q.append(time.perf_counter() - t)
            assert len(listed) == FINISHED
        out["games_of_guild_9000_finished_ms_median"], _ = _summary(guild_q)

        # History and standings on the big server.
        def timed(samples: list[float], started: float) -> None:
            samples.append(time.perf_counter() - started)

        typical, busy, computer, board, finished_q, running_q, mine = [], [], [], [], [], [], []
        for _ in range(300):
            t = time.perf_counter()
            stats = await store.player_stats(BIG_GUILD, Player.person(rng.randint(BUSY_USER + 1, USERS)))
            timed(typical, t)
            t = time.perf_counter()
            await store.leaderboard(BIG_GUILD, limit=10)
            timed(board, t)
            t = time.perf_counter()
            latest = await store.finished_games(BIG_GUILD, limit=10)
            timed(finished_q, t)
            assert len(latest) == 10 and latest[0].game_id == FINISHED
            t = time.perf_counter()
            await store.running_games(2 + rng.randint(0, 49))
            timed(running_q, t)
            t = time.perf_counter()
            await store.user_games(rng.randint(BUSY_USER + 1, USERS))
            timed(mine, t)
        for _ in range(20):
            t = time.perf_counter()
            stats = await store.player_stats(BIG_GUILD, Player.person(BUSY_USER))
            timed(busy, t)
            t = time.perf_counter()
            await store.player_stats(BIG_GUILD, Player.computer("hard"))
            timed(computer, t)
        assert stats.games == FINISHED // 9, stats
        out["player_stats_ms_median"], out["player_stats_ms_p95"] = _summary(typical)
        out["player_stats_1000_games_ms_median"], _ = _summary(busy)
        out["player_stats_computer_900_games_ms_median"], _ = _summary(computer)
        out["leaderboard_top10_ms_median"], out["leaderboard_top10_ms_p95"] = _summary(board)
        out["finished_games_10_newest_ms_median"], _ = _summary(finished_q)
        out["running_games_20_ms_median"], _ = _summary(running_q)
        out["user_games_ms_median"], _ = _summary(mine)
        t = time.perf_counter()
        rated = await store.recompute_ratings(BIG_GUILD)
        out["recompute_ratings_9000_games_s"] = round(time.perf_counter() - t, 2)
        assert rated == FINISHED

        # Appends: the engine's work is done beforehand; only the store is timed.
        playing = await store.game_ids([Status.PLAYING])
        appends, effective_q, undos = [], [], []
        for game_id in rng.sample(playing, APPEND_GAMES):
            record = await store.load_game(game_id)
            assert record.settings is not None and record.seed is not None
            game = record.game()
            version = record.version
            for _ in range(APPENDS_PER_GAME):
                if game.is_over:
                    break
                seat = game.to_act
                assert seat is not None
                owner = record.user_at(seat)
                assert owner is not None
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
                    actor=Actor.person(owner),
                )
                appends.append(time.perf_counter() - t)
                version = appended.version
                if appended.seat_to_act != seat or game.is_over:
                    continue
                t = time.perf_counter()
                effective = await store.effective_actions(game_id)
                effective_q.append(time.perf_counter() - t)
                try:
                    back = take_back(record.settings, record.seed, effective)
                except UndoRefused:
                    continue
                t = time.perf_counter()
                undone = await store.append_undo(
                    game_id, version, seat, dump(back.game), T0 + 10**5, actor=Actor.person(owner)
                )
                undos.append(time.perf_counter() - t)
                version, game = undone.version, back.game
            await store.verify_replay(game_id)  # the benchmark's writes are real, checked ones
        out["append_action_ms_median"], out["append_action_ms_p95"] = _summary(appends)
        out["appends_measured"] = len(appends)
        out["effective_actions_ms_median"], out["effective_actions_ms_p95"] = _summary(effective_q)
        out["append_undo_ms_median"], out["append_undo_ms_p95"] = _summary(undos)
        out["undos_measured"] = len(undos)
        for game_id in rng.sample(range(1, GAMES + 1), 20):
            await store.verify_replay(game_id)
    return out


def _time_backfill(path: Path) -> float:
    """Seconds migration 0008's backfill takes on the finished games (in a transaction rolled back)."""
    with closing(sqlite3.connect(path, isolation_level=None)) as conn:
        conn.execute("BEGIN")
        conn.execute("DELETE FROM results")
        conn.execute("DELETE FROM ratings")
        t = time.perf_counter()
        backfill(conn)
        seconds = time.perf_counter() - t
        assert conn.execute("SELECT count(DISTINCT game_id) FROM results").fetchone()[0] == FINISHED
        conn.execute("ROLLBACK")
    return round(seconds, 2)


def main() -> None:
    rng = random.Random(1)
    started = time.perf_counter()
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "bench.db"

        async def create() -> None:
            async with Store.open(path):
                pass

        asyncio.run(create())
        record_times: list[float] = []
        actions = _build(path, rng, record_times)
        built = time.perf_counter() - started
        backfill_seconds = _time_backfill(path)
        result = {
            "append_action_ms_median": 0.0,
            "load_game_ms_median": 0.0,
            "games_in_database": GAMES,
            "finished_games_in_one_server": FINISHED,
            "actions_in_database": actions,
            "database_mb": round(path.stat().st_size / 2**20, 1),
            "synchronous": "FULL",
            "build_seconds": round(built, 1),
            "record_results_ms_median": _summary(record_times)[0],
            "migration_0008_backfill_9000_finished_s": backfill_seconds,
        }
        result.update(asyncio.run(_measure(path, rng)))
    result["total_seconds"] = round(time.perf_counter() - started, 1)
    json.dump(result, sys.stdout)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
