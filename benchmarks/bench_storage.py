"""Storage speed: saving an action with its new position, and loading a game among 10,000.

    .venv/bin/python benchmarks/bench_storage.py

Builds a database of 10,000 games in a temporary directory (positions and logs of real random games,
bulk-inserted with plain sqlite3 in one transaction to keep the build short): 9,000 finished games in ONE
server, 90 in each of its 100 channels, and 1,000 games in play across other servers, each in a channel of
its own. Then measures through the ``Store`` API, with the default durability (WAL, synchronous=FULL):

* ``append_action``: one action of the seat's owner (``Who.person``: the store checks the seat is theirs),
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

* timers (issue 14), with the 1,000 reminders of the games in play all due: ``due_timers`` (100),
  ``claim_due_timers`` of 8 (what the timer loop claims at once; released again), ``next_claimable`` (what
  the loop reads to know when to wake), each also for a shard of 2 that holds none of these games (the
  worst case: every due timer's game is looked at).

Then the same database in PostgreSQL (issue 14): a server started from the installed binaries as
tests/pgserver.py does, but durable (fsync, synchronous commits: PostgreSQL's defaults, as SQLite's FULL),
the 10,000 games copied by ``python -m storage migrate-to``'s code (timed, every game verified), and the same
measurements, printed side by side (``side_by_side``: SQLite, PostgreSQL) and in full (``postgresql``).
Last, appends per second on PostgreSQL from one process and from two processes at once, each playing its
own 10 games, and two processes racing on the same 10 games (the version check refuses the loser); each
append is a whole move as the bot makes it: load the game, the engine's move, save against the version.

``append_action`` is timed as the bot calls it, with the engine's ``Game`` (the store writes its notation
out), and also with the position's text (``append_action_text_*``: the store reads it back to check it). A
bare durable commit of the same data (``_BareCommit``) is timed after each append, and
``append_to_bare_commit_ratio`` is the ratio of their medians; the same bare commit run in one trip to
aiosqlite's thread as the store runs its transactions (``_BareCommitOnThread``) is timed too, with
``append_to_bare_commit_on_thread_ratio``; the ``*_cpu_ms_*`` figures are the process's
CPU time for each (both threads), which a machine loaded by others inflates much less than the wall clock.
``--sqlite-only`` leaves PostgreSQL out.

Prints ONE JSON object of medians (and 95th percentiles) in milliseconds. Not a test: nothing is asserted.
Without a PostgreSQL server on the machine, the PostgreSQL part is replaced by its one-line reason.
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from contextlib import closing
from functools import partial
from pathlib import Path

import aiosqlite

from engine import Game, UndoRefused, Who, dump, take_back
from storage import GameStatusError, NewTimer, Player, Shards, StaleVersionError, Status, Store
from storage.copy import copy_to_postgres
from storage.dbthread import on_db_thread
from storage.results import backfill, record_results

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from tests.pgserver import NoServerError, PostgresServer  # noqa: E402 - the tree's root, added just above

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


async def _measure_timers(store: Store, out: dict[str, float]) -> None:
    now = T0 + 86_400 + GAMES + 1  # every reminder of a game in play is due
    none_here = Shards(2, (1,))  # the benchmark's servers are all on shard 0 of 2
    due_q, claim_q, next_q, claim_none_q, next_none_q = [], [], [], [], []
    for _ in range(200):
        t = time.perf_counter()
        assert len(await store.due_timers(now, limit=100)) == 100
        due_q.append(time.perf_counter() - t)
        t = time.perf_counter()
        claimed = await store.claim_due_timers(now, "bench", lease_seconds=900, limit=8)
        claim_q.append(time.perf_counter() - t)
        assert len(claimed) == 8
        for timer in claimed:
            await store.release_timer(timer.id, "bench")
        t = time.perf_counter()
        assert await store.next_claimable(now) is not None
        next_q.append(time.perf_counter() - t)
        t = time.perf_counter()
        assert await store.claim_due_timers(now, "bench", limit=8, shards=none_here) == []
        claim_none_q.append(time.perf_counter() - t)
        t = time.perf_counter()
        assert await store.next_claimable(now, shards=none_here) is None
        next_none_q.append(time.perf_counter() - t)
    out["due_timers_100_ms_median"], _ = _summary(due_q)
    out["claim_due_timers_8_ms_median"], out["claim_due_timers_8_ms_p95"] = _summary(claim_q)
    out["next_claimable_ms_median"], _ = _summary(next_q)
    out["claim_due_timers_other_shard_ms_median"], _ = _summary(claim_none_q)
    out["next_claimable_other_shard_ms_median"], _ = _summary(next_none_q)


def _bare_schema(conn: sqlite3.Connection, position: str) -> None:
    conn.execute("PRAGMA journal_mode = WAL")
    conn.execute("PRAGMA synchronous = FULL")
    conn.execute(
        "CREATE TABLE log (game_id INTEGER, seq INTEGER, action TEXT, PRIMARY KEY (game_id, seq))"
        " WITHOUT ROWID"
    )
    conn.execute("CREATE TABLE positions (id INTEGER PRIMARY KEY, position TEXT NOT NULL)")
    conn.execute("BEGIN")
    conn.executemany("INSERT INTO positions VALUES (?, ?)", ((i, position) for i in range(1, GAMES + 1)))
    conn.execute("COMMIT")


def _bare_write(conn: sqlite3.Connection, game_id: int, seq: int, action: str, position: str) -> None:
    conn.execute("BEGIN IMMEDIATE")
    conn.execute("INSERT INTO log VALUES (?, ?, ?)", (game_id, seq, action))
    conn.execute("UPDATE positions SET position = ? WHERE id = ?", (position, game_id))
    conn.execute("COMMIT")


class _BareCommit:
    """The floor of a durable append: plain ``sqlite3`` on the calling thread, WAL, synchronous=FULL, a file
    of its own next to the database, one transaction writing the same data as the append it follows (the
    log row, and the game's new position over the old one in a table of GAMES positions). Interleaved with
    the appends, so both see the same load of the machine; ``append_to_bare_commit_ratio`` is what the
    store adds: its checks, timers, indexes, writing the position out, the trip to its thread."""

    def __init__(self, path: Path, position: str) -> None:
        self.conn = sqlite3.connect(path, isolation_level=None)
        _bare_schema(self.conn, position)
        self.times: list[float] = []
        self.cpu: list[float] = []

    def commit(self, game_id: int, seq: int, action: str, position: str) -> None:
        t, cpu = time.perf_counter(), time.process_time()
        _bare_write(self.conn, game_id, seq, action, position)
        self.times.append(time.perf_counter() - t)
        self.cpu.append(time.process_time() - cpu)

    def close(self) -> None:
        self.conn.close()


class _BareCommitOnThread:
    """The same bare commit (a file of its own) run as the store runs its transactions: whole, in ONE trip
    to aiosqlite's thread (``storage.dbthread``), so the event loop never waits on the disk. The floor of
    any store that keeps the loop free; ``append_to_bare_commit_on_thread_ratio`` is what the store adds
    besides that trip."""

    def __init__(self, conn: aiosqlite.Connection) -> None:
        self.conn = conn
        self.times: list[float] = []
        self.cpu: list[float] = []

    @classmethod
    async def open(cls, path: Path, position: str) -> _BareCommitOnThread:
        conn = await aiosqlite.connect(path, isolation_level=None)
        await on_db_thread(conn, partial(_bare_schema, position=position))
        return cls(conn)

    async def commit(self, game_id: int, seq: int, action: str, position: str) -> None:
        t, cpu = time.perf_counter(), time.process_time()
        await on_db_thread(
            self.conn, partial(_bare_write, game_id=game_id, seq=seq, action=action, position=position)
        )
        self.times.append(time.perf_counter() - t)
        self.cpu.append(time.process_time() - cpu)

    async def close(self) -> None:
        await self.conn.close()


async def _measure(
    path: Path | str, rng: random.Random, bare: _BareCommit | None = None, bare_on_thread: Path | None = None
) -> dict[str, float]:
    out: dict[str, float] = {}
    threaded = None
    if bare_on_thread is not None:
        threaded = await _BareCommitOnThread.open(bare_on_thread, _a_position(Path(path)))
    try:
        await _measure_store(path, rng, out, bare, threaded)
    finally:
        if threaded is not None:
            await threaded.close()
    if threaded is not None:
        out["bare_commit_on_thread_ms_median"], _ = _summary(threaded.times)
        out["bare_commit_on_thread_cpu_ms_median"], _ = _summary(threaded.cpu)
        out["append_to_bare_commit_on_thread_ratio"] = round(
            out["append_action_ms_median"] / out["bare_commit_on_thread_ms_median"], 2
        )
    return out


async def _measure_store(
    path: Path | str,
    rng: random.Random,
    out: dict[str, float],
    bare: _BareCommit | None,
    threaded: _BareCommitOnThread | None,
) -> None:
    async with Store.open(path) as store:
        await _measure_timers(store, out)
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

        # Appends: the engine's work is done beforehand; only the store is timed. Moves alternate between
        # the two ways of passing the new position: the Game (as the bot does; the store writes it out) and
        # its text (which the store reads back to check it).
        playing = await store.game_ids([Status.PLAYING])
        appends, appends_text, effective_q, undos = [], [], [], []
        cpu_game: list[float] = []
        cpu_text: list[float] = []
        for game_id in rng.sample(playing, APPEND_GAMES):
            record = await store.load_game(game_id)
            assert record.settings is not None and record.seed is not None
            game = record.game()
            version = record.version
            for move in range(APPENDS_PER_GAME):
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
                as_text = move % 2 == 1
                t, cpu = time.perf_counter(), time.process_time()
                appended = await store.append_action(
                    game_id,
                    version,
                    seat,
                    action,
                    position if as_text else game,
                    T0 + 10**5,
                    timers_to_delete="all",
                    timers_to_add=[timer],
                    actor=Who.person(owner),
                )
                (appends_text if as_text else appends).append(time.perf_counter() - t)
                (cpu_text if as_text else cpu_game).append(time.process_time() - cpu)
                if bare is not None:
                    bare.commit(game_id, appended.version, action, position)
                if threaded is not None:
                    await threaded.commit(game_id, appended.version, action, position)
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
                    game_id, version, seat, back.game, T0 + 10**5, actor=Who.person(owner)
                )
                undos.append(time.perf_counter() - t)
                version, game = undone.version, back.game
            await store.verify_replay(game_id)  # the benchmark's writes are real, checked ones
        out["append_action_ms_median"], out["append_action_ms_p95"] = _summary(appends)
        out["appends_measured"] = len(appends)
        out["append_action_text_ms_median"], out["append_action_text_ms_p95"] = _summary(appends_text)
        out["append_action_cpu_ms_median"], _ = _summary(cpu_game)  # the process's CPU, both threads
        out["append_action_text_cpu_ms_median"], _ = _summary(cpu_text)
        if bare is not None:
            out["bare_commit_ms_median"], out["bare_commit_ms_p95"] = _summary(bare.times)
            out["bare_commit_cpu_ms_median"], _ = _summary(bare.cpu)
            out["append_to_bare_commit_ratio"] = round(
                out["append_action_ms_median"] / out["bare_commit_ms_median"], 2
            )
        out["effective_actions_ms_median"], out["effective_actions_ms_p95"] = _summary(effective_q)
        out["append_undo_ms_median"], out["append_undo_ms_p95"] = _summary(undos)
        out["undos_measured"] = len(undos)
        for game_id in rng.sample(range(1, GAMES + 1), 20):
            await store.verify_replay(game_id)


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


SIDE_BY_SIDE = (
    "append_action_ms_median",
    "append_action_ms_p95",
    "append_action_text_ms_median",
    "load_game_ms_median",
    "load_game_ms_p95",
    "due_timers_100_ms_median",
    "claim_due_timers_8_ms_median",
    "next_claimable_ms_median",
    "claim_due_timers_other_shard_ms_median",
    "latest_game_in_channel_ms_median",
    "player_stats_ms_median",
    "leaderboard_top10_ms_median",
    "recompute_ratings_9000_games_s",
)
APPEND_SECONDS = 5.0


async def _append_worker(url: str, game_ids: list[int], start_at: float, seconds: float) -> dict[str, int]:
    """Play random legal moves in ``game_ids`` in turn for ``seconds``, each saved against the version loaded;
    a refusal (another process saved that version first) counts as stale."""
    rng = random.Random(os.getpid())
    appended = stale = 0
    errors: list[str] = []  # anything else the store raised: reported, not hidden
    playing = list(game_ids)
    async with Store.open(url) as store:
        await asyncio.sleep(max(0.0, start_at - time.time()))
        end = time.time() + seconds
        while time.time() < end and playing:
            for game_id in list(playing):
                record = await store.load_game(game_id)
                game = record.game()
                seat = game.to_act
                if seat is None or record.status is not Status.PLAYING:
                    playing.remove(game_id)
                    continue
                action = str(rng.choice(game.legal_actions()))
                game.apply(action)
                try:
                    await store.append_action(game_id, record.version, seat, action, dump(game), T0 + 10**5)
                except StaleVersionError:
                    stale += 1
                    continue
                except GameStatusError:  # the other process played its last move meanwhile
                    playing.remove(game_id)
                    continue
                except Exception as exc:  # counted and shown in the benchmark's output
                    errors.append(f"{type(exc).__name__}: {exc}")
                    continue
                appended += 1
    first = errors[0] if errors else ""
    return {"appended": appended, "stale": stale, "errors": len(errors), "first_error": first}


def _appends_per_second(url: str, *games: list[int]) -> dict[str, float]:
    """Start one worker process per list of games, together; their appends per second, summed."""
    start_at = time.time() + 3  # after every process has opened its store
    workers = [
        subprocess.Popen(
            [sys.executable, __file__, "--append-worker", url, ",".join(map(str, ids)), str(start_at)],
            stdout=subprocess.PIPE,
            text=True,
        )
        for ids in games
    ]
    results = [json.loads(w.communicate(timeout=120)[0]) for w in workers]
    errors = [r["first_error"] for r in results if r["errors"]]
    return {
        "appends_per_s": round(sum(r["appended"] for r in results) / APPEND_SECONDS, 1),
        "refused_per_s": round(sum(r["stale"] for r in results) / APPEND_SECONDS, 1),
        "errors": sum(r["errors"] for r in results),
        **({"first_error": errors[0]} if errors else {}),
    }


async def _playing_games(url: str, count: int) -> list[int]:
    async with Store.open(url) as store:
        ids = await store.game_ids([Status.PLAYING])
    return random.Random(3).sample(ids, count)


def _postgres(tmp: Path, path: Path) -> dict[str, object]:
    """The PostgreSQL half: the copy, the same measurements, the concurrent appends."""
    server = PostgresServer(tmp / "pg")
    server.start(durable=True)
    try:
        url = server.url()
        t = time.perf_counter()
        copied = asyncio.run(copy_to_postgres(str(path), url))
        out: dict[str, object] = {
            "migrate_to_10000_games_s": round(time.perf_counter() - t, 1),
            "games_verified": copied.games_verified,
        }
        measured = asyncio.run(_measure(url, random.Random(2)))
        games = asyncio.run(_playing_games(url, 40))  # fresh ones for each run: a game may end meanwhile
        alone, one, other, shared = games[:10], games[10:20], games[20:30], games[30:]
        out["appends_one_process"] = _appends_per_second(url, alone)
        out["appends_two_processes_own_games"] = _appends_per_second(url, one, other)
        out["appends_two_processes_same_games"] = _appends_per_second(url, shared, shared)
        return {**out, "measured": measured}
    finally:
        server.stop()


SQLITE_ONLY = "--sqlite-only"


def _a_position(path: Path) -> str:
    """The position of a game in play (the bare commits write positions of its size)."""
    with closing(sqlite3.connect(path)) as conn:
        row = conn.execute(
            "SELECT position FROM games WHERE status = 'playing' ORDER BY id LIMIT 1"
        ).fetchone()
    return str(row[0])


def main() -> None:
    if sys.argv[1:2] == ["--append-worker"]:
        url, ids, start_at = sys.argv[2:5]
        games = [int(i) for i in ids.split(",")]
        print(json.dumps(asyncio.run(_append_worker(url, games, float(start_at), APPEND_SECONDS))))
        return
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
        result: dict[str, object] = {
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
        # PostgreSQL first, from the database as built (the SQLite measurements then change it)
        try:
            if SQLITE_ONLY in sys.argv:
                raise NoServerError(f"left out ({SQLITE_ONLY})")
            postgres = _postgres(Path(tmp), path)
        except NoServerError as exc:
            postgres = {"unavailable": str(exc)}
        bare = _BareCommit(Path(tmp) / "bare.db", _a_position(path))
        try:
            sqlite = asyncio.run(_measure(path, random.Random(2), bare, Path(tmp) / "bare_on_thread.db"))
        finally:
            bare.close()
        result.update(sqlite)
        measured = postgres.pop("measured", None)
        if isinstance(measured, dict):
            pairs = {k: {"sqlite": sqlite[k], "postgresql": measured[k]} for k in SIDE_BY_SIDE}
            result["side_by_side"] = pairs
            postgres["measured"] = measured
        result["postgresql"] = postgres
    result["total_seconds"] = round(time.perf_counter() - started, 1)
    json.dump(result, sys.stdout)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
