"""Bot round trips through the real discord.py bot on simcord's simulated Discord: ``/te tile``, and
``/te status`` in a channel without a game in play among 10,000 stored games.

    .venv/bin/python benchmarks/bench_bot.py [tile | status | autocomplete | history]     (all by default)

**/te tile.**
Opens a table of PLAYERS through ``/te new``, ``/te join`` and ``/te start`` (a SQLite file in a temporary
directory), then plays tile moves. Each measured move is ``await actor.slash(channel, "te tile", ...)``
timed with ``time.perf_counter`` (real time, not simcord's virtual clock): the interaction, the engine,
the transaction, the post in the channel (with the board PNG when the move ends the turn or starts a
conflict), the DMs (the hand edited, prompts, the next turn DM with its hand), until simcord has settled the
bot's work and the reply is there. After each move the reply, the channel's post and the database version
are checked (outside the timed part). Between measured moves, decisions are answered
with ``/te choose`` (the default choice) and turns without a legal tile are passed with ``/te pass``.

**/te status without a game in play** (issue 8, "queries that scale"): the 10,000-game database of
``benchmarks/bench_storage.py`` (9,000 finished games in ONE server, 90 in each of its 100 channels, 1,000
games in play elsewhere), with that server and one of its channels made simcord's. ``/te status`` there
answers with the final standings of the channel's newest finished game, found by one indexed query
(``latest_game_in_channel``). Measured the same way (slash command to reply), then again after deleting
every game but that channel's 90, to show that the cost does not grow with the games stored; for
comparison, the lookup the bot did before issue 8 (``games_of_guild``: the server's 9,000 finished games)
is timed on its own.

**Autocomplete** (issue 10): a 3-player game played through the bot to a mid-game position where the player
to act has about 125 legal squares for a tile; then ``/te tile square`` autocomplete, the colour not chosen
yet (every square, each labelled by the engine on a copy of the game), as Discord sends it at each keystroke.
"cold": the labelled list of the position is computed for each call (its cache cleared first), as for the
first keystroke after a move; "warm": the following keystrokes, which only filter it. Target: p95 <= 50 ms
cold (Discord allows 3 s). The pure function (``bot.squares.square_choices``) is timed on its own too.

**/te history** (issue 13). The replay of a whole 3-player game of 92 turns (``benchmarks/bench_render.py``'s
game, saved through the store with who made each move) through the bot: ``/te history replay`` from slash
command to the picture's follow-up: "cold" (the worker process started for it), "warm" (the worker running,
the replay drawn again), "kept" (asked again: a finished game's replay is kept in memory); its size, format
and frames. Then how much a replay being drawn holds up the event loop (the longest wait of a 10 ms timer
while it is drawn), in the worker process as the bot does and, for comparison, in a thread. Then, on the
10,000-game database of ``/te status`` (9,000 finished games in the server, with results and ratings), each of
``/te history stats`` (the busiest player, in 1,000 games, and a typical one), ``leaderboard``, ``games`` and
the ``game:`` autocomplete, from slash command to reply.

Prints ONE JSON object: the /te tile figures at the top level (median and 90th percentile in milliseconds,
against the target: median <= 150 ms) and the /te status figures under ``status_without_game_in_play``.
Not a test: the target is reported, not asserted.

``create_bot`` is imported from ``bot.client``: run as a script, ``benchmarks/`` (not the project root) is
first on ``sys.path``, and the venv's editable install, made before ``bot/__init__.py`` existed, maps ``bot``
to a namespace package, so ``from bot import create_bot`` fails there until ``pip install -e .`` is run again.
"""

from __future__ import annotations

import asyncio
import io
import json
import logging
import os
import platform
import random
import sqlite3
import statistics
import sys
import tempfile
import time
from contextlib import closing
from pathlib import Path
from typing import Any

import simcord
from bench_notifications import send_action
from bench_storage import BIG_GUILD, BUSY_USER, FINISHED, GAMES, _big_guild_channel, _build  # 10,000 games
from PIL import Image

import render
from bot.client import create_bot  # not `from bot`: see the note above
from bot.squares import square_choices
from bot.surface import autocomplete
from bot.workers import Workers
from engine import Game, Phase, Who, dump, load
from i18n import words_for
from storage import Status, Store

PLAYERS = 3
SEED = 7  # the game's seed, and the choice among legal tile moves
WARMUP = 3  # first moves: caches (fonts, static board layers), not measured
MOVES = 50  # measured tile moves
TARGET_MEDIAN_MS = 150.0
ENGLISH = words_for("en")  # the pictures' language (the replay)
MAX_STEPS = 2000  # safety: commands sent overall


def _reply(result: simcord.InteractionResult) -> str:
    """The ephemeral answer's text (after defer(), the first follow-up replaces "thinking")."""
    assert result.ephemeral and result.response is not None, result
    return result.response.content


def _percentile(values: list[float], q: float) -> float:
    """Nearest-rank percentile."""
    ordered = sorted(values)
    rank = max(1, -(-len(ordered) * q // 100))
    return ordered[int(rank) - 1]


async def _bench(database: Path) -> dict[str, object]:
    bot = create_bot(database_path=database, seeds=lambda: SEED)
    chooser = random.Random(SEED)
    times: list[float] = []
    counts = {"tile": 0, "choose": 0, "pass": 0, "conflicts_started": 0, "posts_with_the_board": 0}
    try:
        async with simcord.run(bot, settle_timeout=60) as env:
            guild = env.create_guild()
            channel = guild.create_text_channel("games")
            names = ["alice", "bob", "carol", "dave"][:PLAYERS]
            members = [guild.add_member(env.create_user(name)) for name in names]
            by_id = {m.id: m for m in members}

            text = _reply(await members[0].slash(channel, "te new"))
            assert "Lobby opened" in text, text
            for m in members[1:]:
                text = _reply(await m.slash(channel, "te join"))
                assert "seated" in text, text
            text = _reply(await members[0].slash(channel, "te start"))
            assert "started" in text, text

            steps = 0
            while len(times) < MOVES:
                steps += 1
                if steps > MAX_STEPS:
                    raise RuntimeError(f"only {len(times)} tile moves in {MAX_STEPS} commands")
                record = await bot.store.game_in_channel(channel.id)
                assert record is not None
                game = record.game()
                if game.is_over:
                    raise RuntimeError(f"the game ended after {len(times)} measured tile moves")
                assert record.user_to_act is not None
                actor = by_id[record.user_to_act]
                if game.phase is not Phase.ACTION:
                    option = game.default_action()
                    assert option is not None
                    text = _reply(await actor.slash(channel, "te choose", option=option.text))
                    assert text.startswith("Done"), text
                    counts["choose"] += 1
                    continue
                tiles = [a for a in game.legal_actions() if a.kind == "tile"]
                if not tiles:
                    text = _reply(await actor.slash(channel, "te pass"))
                    assert text.startswith("Done"), text
                    counts["pass"] += 1
                    continue
                action = chooser.choice(tiles)
                assert action.colour is not None and action.square is not None
                color, square = action.text.split()[1:3]

                posted_before = len(channel.history())
                start = time.perf_counter()
                r = await actor.slash(channel, "te tile", color=color, square=square)
                elapsed = (time.perf_counter() - start) * 1000

                text = _reply(r)
                assert text.startswith("Done"), text
                after = await bot.store.game_in_channel(channel.id)
                assert after is not None, "the game is gone"
                assert after.version == record.version + 1, "the database was not written"
                posted = channel.history()[posted_before:]
                # one post for the move; the board picture with it only when it ends the turn or starts a
                # conflict (issue 10)
                assert len(posted) == 1 and "placed a" in posted[0].content, [m.content for m in posted]
                counts["posts_with_the_board"] += bool(posted[0].attachments)
                if after.game().phase is not Phase.ACTION:
                    counts["conflicts_started"] += 1
                counts["tile"] += 1
                if counts["tile"] > WARMUP:
                    times.append(elapsed)
    finally:
        if bot._store is not None:
            await bot._store.close()
            bot._store = None

    median = statistics.median(times)
    return {
        "benchmark": "/te tile round trip (slash command to reply; post and DMs sent; database written)",
        "players": PLAYERS,
        "moves_measured": len(times),
        "warmup_moves": WARMUP,
        "median_ms": round(median, 1),
        "p90_ms": round(_percentile(times, 90), 1),
        "min_ms": round(min(times), 1),
        "max_ms": round(max(times), 1),
        "target_median_ms": TARGET_MEDIAN_MS,
        "meets_target": median <= TARGET_MEDIAN_MS,
        "tile_moves_starting_a_decision": counts["conflicts_started"],
        "tile_moves_posted_with_the_board": counts["posts_with_the_board"],
        "other_commands": {"choose": counts["choose"], "pass": counts["pass"]},
        "python": platform.python_version(),
        "cpus": os.cpu_count(),
    }


STATUS_WARMUP = 10
STATUS_CALLS = 200


async def _time_status(member: simcord.MemberActor, channel: simcord.ChannelHandle) -> list[float]:
    """Milliseconds of each measured /te status; each answer is checked (outside the timed part)."""
    times = []
    for i in range(STATUS_WARMUP + STATUS_CALLS):
        start = time.perf_counter()
        result = await member.slash(channel, "te status")
        elapsed = (time.perf_counter() - start) * 1000
        assert _reply(result).startswith("**Final standings**"), _reply(result)
        if i >= STATUS_WARMUP:
            times.append(elapsed)
    return times


def _summary(times: list[float]) -> dict[str, float]:
    return {"median_ms": round(statistics.median(times), 1), "p90_ms": round(_percentile(times, 90), 1)}


async def _big_database(database: Path) -> float:
    """The 10,000 games of bench_storage.py (the schema first, then the games in bulk); seconds taken."""
    async with Store.open(database):
        pass
    started = time.perf_counter()
    _build(database, random.Random(1), [])
    with closing(sqlite3.connect(database)) as conn, conn:
        # the built games' reminders are all due (bench_storage times them); a bot would fire them as it
        # starts, for servers simcord does not know, while only commands are measured here
        conn.execute("UPDATE timers SET due_at = due_at + 10 * 365 * 86400")
    return time.perf_counter() - started


def _adopt_big_guild(conn: sqlite3.Connection, guild_id: int) -> None:
    """The big server's games, results and ratings become the simcord server's."""
    for table in ("games", "results", "ratings"):
        conn.execute(f"UPDATE {table} SET guild_id = ? WHERE guild_id = ?", (guild_id, BIG_GUILD))  # noqa: S608


async def _bench_status(database: Path) -> dict[str, object]:
    built = await _big_database(database)
    bot = create_bot(database_path=database)
    try:
        async with simcord.run(bot, settle_timeout=60) as env:
            guild = env.create_guild()
            channel = guild.create_text_channel("games")
            member = guild.add_member(env.create_user("alice"))
            with closing(sqlite3.connect(database)) as conn, conn:
                _adopt_big_guild(conn, guild.id)
                moved = conn.execute(
                    "UPDATE games SET channel_id = ? WHERE channel_id = ?",
                    (channel.id, _big_guild_channel(0)),
                ).rowcount
            assert await bot.store.game_in_channel(channel.id) is None
            many = await _time_status(member, channel)

            old_lookup = []  # what /te status did before issue 8, the lookup alone
            for _ in range(5):
                start = time.perf_counter()
                listed = await bot.store.games_of_guild(guild.id, statuses=(Status.FINISHED,))
                newest = max((r for r in listed if r.channel_id == channel.id), key=lambda r: r.id)
                old_lookup.append((time.perf_counter() - start) * 1000)
            assert len(listed) == FINISHED and newest.id == FINISHED

            with closing(sqlite3.connect(database)) as conn, conn:
                conn.execute("PRAGMA foreign_keys = ON")  # seats, actions, timers go with their games
                conn.execute("DELETE FROM games WHERE channel_id != ?", (channel.id,))
            few = await _time_status(member, channel)
    finally:
        if bot._store is not None:
            await bot._store.close()
            bot._store = None
    return {
        "benchmark": "/te status in a channel without a game in play (slash command to reply)",
        "games_stored": GAMES,
        "finished_games_in_the_server": FINISHED,
        "finished_games_in_the_channel": moved,
        "calls_measured": STATUS_CALLS,
        f"with_{GAMES}_games": _summary(many),
        f"with_only_the_channel's_{moved}_games": _summary(few),
        "lookup_before_issue_8_games_of_guild_ms_median": round(statistics.median(old_lookup), 1),
        "database_build_seconds": round(built, 1),
    }


AUTOCOMPLETE_SEED = 3
AUTOCOMPLETE_SQUARES = (115, 135)  # legal squares for a tile in the measured position
AUTOCOMPLETE_CALLS = 200
AUTOCOMPLETE_TARGET_P95_MS = 50.0
TYPED = ("", "e", "e1", "h", "k", "7")  # keystrokes after the first


async def _bench_autocomplete(database: Path) -> dict[str, object]:
    bot = create_bot(database_path=database, seeds=lambda: AUTOCOMPLETE_SEED)
    chooser = random.Random(AUTOCOMPLETE_SEED)
    try:
        async with simcord.run(bot, settle_timeout=60) as env:
            guild = env.create_guild()
            channel = guild.create_text_channel("games")
            members = [guild.add_member(env.create_user(name)) for name in ("alice", "bob", "carol")]
            _reply(await members[0].slash(channel, "te new"))
            for m in members[1:]:
                _reply(await m.slash(channel, "te join"))
            _reply(await members[0].slash(channel, "te start"))
            by_id = {m.id: m for m in members}
            for _ in range(MAX_STEPS):
                record = await bot.store.game_in_channel(channel.id)
                assert record is not None and record.user_to_act is not None
                game = record.game()
                squares = {a.square for a in game.legal_actions() if a.kind == "tile"}
                low, high = AUTOCOMPLETE_SQUARES
                if game.phase is Phase.ACTION and game.turn >= 20 and low <= len(squares) <= high:
                    break
                legal = game.legal_actions()
                quiet = [a for a in legal if a.kind != "catastrophe"] or legal
                action = chooser.choice(quiet)
                await send_action(by_id[record.user_to_act], channel, action)
                await env.advance_time(3)
            else:
                raise RuntimeError("no position with about 125 legal squares")
            actor = by_id[record.user_to_act]
            names = [m.user.name for m in members]

            async def one(typed: str, cold: bool) -> float:
                if cold:
                    autocomplete._labelled.cache_clear()
                start = time.perf_counter()
                choices = await actor.autocomplete(channel, "te tile", "square", typed)
                elapsed = (time.perf_counter() - start) * 1000
                assert (choices or typed) and all(" · " in c["name"] for c in choices), choices
                return elapsed

            for _ in range(5):
                await one("", True)  # warm-up: fonts, caches of the interpreter
            cold = [await one("", True) for _ in range(AUTOCOMPLETE_CALLS)]
            warm = [await one(TYPED[i % len(TYPED)], False) for i in range(AUTOCOMPLETE_CALLS)]
            pure = []
            for _ in range(50):
                start = time.perf_counter()
                square_choices(game, game.to_act or 0, "tile", names)
                pure.append((time.perf_counter() - start) * 1000)
    finally:
        if bot._store is not None:
            await bot._store.close()
            bot._store = None
    p95 = _percentile(cold, 95)
    return {
        "benchmark": "/te tile square autocomplete, colour not chosen (interaction to answer)",
        "turn": game.turn,
        "legal_squares": len(squares),
        "calls_measured": AUTOCOMPLETE_CALLS,
        "cold_each_call_labels_every_square": {**_summary(cold), "p95_ms": round(p95, 1)},
        "warm_keystrokes_filter_the_kept_list": {**_summary(warm), "p95_ms": round(_percentile(warm, 95), 1)},
        "square_choices_alone_median_ms": round(statistics.median(pure), 1),
        "target_p95_ms": AUTOCOMPLETE_TARGET_P95_MS,
        "meets_target": p95 <= AUTOCOMPLETE_TARGET_P95_MS,
    }


REPLAY_SEED, REPLAY_PLAYERS = 6, 3  # bench_render.py's game: 92 turns, 215 actions
STANDINGS_CALLS = 30
MIB = 1024 * 1024


async def _finished_game(store: Store, guild_id: int, channel_id: int, users: list[int]) -> int:
    """bench_render.py's replay game, saved through the store with who made each move."""
    now = 1_700_000_000
    record = await store.create_game(guild_id, channel_id, users[0], now)
    for user in users:
        record = await store.add_seat(record.id, user, now)
    game = Game.new(REPLAY_PLAYERS, REPLAY_SEED)
    record = await store.start_game(record.id, REPLAY_SEED, dump(game), now)
    rng = random.Random(REPLAY_SEED)
    version = 0
    while not game.is_over:
        seat = game.to_act
        assert seat is not None
        action = rng.choice(game.legal_actions())
        game.apply(action)
        now += 600
        actor = Who.person(users[seat])
        version = (
            await store.append_action(record.id, version, seat, action.text, dump(game), now, actor=actor)
        ).version
    await store.mark_presented(record.id, version)
    return record.id


async def _timed_replay(
    member: simcord.MemberActor, channel: simcord.ChannelHandle, game_id: int
) -> tuple[float, bytes]:
    start = time.perf_counter()
    result = await member.slash(channel, "te history replay", game=game_id)
    seconds = time.perf_counter() - start
    [picture] = result.followups
    return seconds, await picture.attachments[0].read()


def _loop_work(position: str) -> None:
    for _ in range(20):
        load(position)


async def _loop_slowed(work: Any, position: str) -> dict[str, float]:
    """While ``work`` runs: how long a 10 ms timer waited past its time at worst, and how long a piece of
    pure-Python work on the loop (loading positions, in steps, as commands do) took in the median."""
    done = False
    worst = 0.0
    steps: list[float] = []

    async def probe() -> None:
        nonlocal worst
        while not done:
            start = time.perf_counter()
            await asyncio.sleep(0.01)
            worst = max(worst, time.perf_counter() - start - 0.01)
            start = time.perf_counter()
            _loop_work(position)
            steps.append((time.perf_counter() - start) * 1000)

    task = asyncio.create_task(probe())
    await work
    done = True
    await task
    return {
        "timer_late_max_ms": round(worst * 1000, 1),
        "loop_work_median_ms": round(statistics.median(steps), 1),
    }


def _replay_game_actions() -> list[str]:
    game = Game.new(REPLAY_PLAYERS, REPLAY_SEED)
    rng = random.Random(REPLAY_SEED)
    actions = []
    while not game.is_over:
        action = rng.choice(game.legal_actions())
        game.apply(action)
        actions.append(action.text)
    return actions


async def _loop_held() -> dict[str, object]:
    from engine import Settings

    actions = _replay_game_actions()
    settings = Settings(REPLAY_PLAYERS)
    position = dump(Game.new(REPLAY_PLAYERS, REPLAY_SEED))
    idle = []
    for _ in range(50):
        start = time.perf_counter()
        _loop_work(position)
        idle.append((time.perf_counter() - start) * 1000)
    names = ["A", "B", "C"]
    workers = Workers()
    try:
        await workers.run(len, "")  # the process started, as in a running bot
        in_process = await _loop_slowed(
            workers.run(render.replay_animation, settings, REPLAY_SEED, actions, words=ENGLISH, names=names),
            position,
        )
    finally:
        await workers.close()
    in_thread = await _loop_slowed(
        asyncio.to_thread(
            render.replay_animation, settings, REPLAY_SEED, actions, words=ENGLISH, names=names
        ),
        position,
    )
    return {
        "loop_work_alone_median_ms": round(statistics.median(idle), 1),
        "replay_in_the_worker_process": in_process,
        "replay_in_a_thread_for_comparison": in_thread,
    }


async def _bench_history(database: Path, big: Path) -> dict[str, object]:
    bot = create_bot(database_path=database)
    out: dict[str, object] = {}
    try:
        async with simcord.run(bot, settle_timeout=120) as env:
            guild = env.create_guild()
            channel = guild.create_text_channel("games")
            members = [guild.add_member(env.create_user(name)) for name in ("alice", "bob", "carol")]
            game_id = await _finished_game(bot.store, guild.id, channel.id, [m.id for m in members])
            record = await bot.store.load_game(game_id)
            cold, data = await _timed_replay(members[0], channel, game_id)
            bot.rooms.history._replays.clear()  # type: ignore[union-attr]
            warm, _ = await _timed_replay(members[1], channel, game_id)
            kept, _ = await _timed_replay(members[2], channel, game_id)
            with Image.open(io.BytesIO(data)) as image:
                frames, kind = image.n_frames, image.format
            out["replay_through_the_bot"] = {
                "game": f"{record.version} actions, {record.game().turn} turns",
                "format": kind,
                "frames": frames,
                "bytes": len(data),
                "mib": round(len(data) / MIB, 2),
                "cold_seconds_worker_started_for_it": round(cold, 2),
                "warm_seconds": round(warm, 2),
                "kept_ms_asked_again": round(kept * 1000, 1),
            }
    finally:
        await bot.workers.close()
        if bot._store is not None:
            await bot._store.close()
            bot._store = None
    out["event_loop_held_while_a_replay_is_drawn"] = await _loop_held()
    out["standings_among_10000_games"] = await _bench_standings(big)
    return out


async def _time_command(
    member: simcord.MemberActor, channel: simcord.ChannelHandle, command: str, **options: Any
) -> dict[str, float]:
    times = []
    for i in range(STANDINGS_CALLS + 3):
        start = time.perf_counter()
        result = await member.slash(channel, command, **options)
        elapsed = (time.perf_counter() - start) * 1000
        assert result.ephemeral and result.response is not None and result.response.content, command
        if i >= 3:
            times.append(elapsed)
    return _summary(times)


async def _bench_standings(database: Path) -> dict[str, object]:
    await _big_database(database)
    bot = create_bot(database_path=database)
    try:
        async with simcord.run(bot, settle_timeout=60) as env:
            guild = env.create_guild()
            channel = guild.create_text_channel("games")
            busy = guild.add_member(env.create_user("busy"))
            with closing(sqlite3.connect(database)) as conn, conn:
                _adopt_big_guild(conn, guild.id)
                # the busiest player and the ten best rated are members (the others left the server)
                best = [u for (u,) in conn.execute(
                    "SELECT user_id FROM ratings WHERE guild_id = ? AND user_id IS NOT NULL AND user_id != ?"
                    " ORDER BY rating DESC LIMIT 10", (guild.id, BUSY_USER))]  # fmt: skip
                renamed = {BUSY_USER: busy.id}
                for n, user in enumerate(best):
                    renamed[user] = guild.add_member(env.create_user(f"player{n}")).id
                typical = next(u for u in range(BUSY_USER + 1, 100) if u not in renamed)
                typical_member = guild.add_member(env.create_user("typical"))
                renamed[typical] = typical_member.id
                for old, new in renamed.items():
                    conn.execute("UPDATE results SET user_id = ? WHERE user_id = ?", (new, old))
                    conn.execute("UPDATE results SET owner_user_id = ? WHERE owner_user_id = ?", (new, old))
                    conn.execute("UPDATE ratings SET user_id = ? WHERE user_id = ?", (new, old))
                    conn.execute("UPDATE seats SET user_id = ? WHERE user_id = ?", (new, old))
            stats_busy = await _time_command(busy, channel, "te history stats")
            assert "1000 finished games" in (await busy.slash(channel, "te history stats")).response.content
            typical_times = await _time_command(busy, channel, "te history stats", user=typical_member)
            leaderboard = await _time_command(busy, channel, "te history leaderboard")
            games = await _time_command(busy, channel, "te history games")
            complete = []
            for _ in range(STANDINGS_CALLS):
                start = time.perf_counter()
                choices = await busy.autocomplete(channel, "te history replay", "game", "")
                complete.append((time.perf_counter() - start) * 1000)
                assert len(choices) == 25
    finally:
        await bot.workers.close()
        if bot._store is not None:
            await bot._store.close()
            bot._store = None
    return {
        "finished_games_in_the_server": FINISHED,
        "stats_of_the_busiest_player_1000_games": stats_busy,
        "stats_of_a_typical_player": typical_times,
        "leaderboard_text_and_picture": leaderboard,
        "games_of_the_server": games,
        "game_autocomplete": _summary(complete),
        "calls_measured_each": STANDINGS_CALLS,
    }


def main() -> None:
    logging.basicConfig(level=logging.WARNING)
    wanted = set(sys.argv[1:]) or {"tile", "status", "autocomplete", "history"}
    result: dict[str, object] = {}
    with tempfile.TemporaryDirectory() as tmp:
        if "tile" in wanted:
            result.update(asyncio.run(_bench(Path(tmp) / "games.db")))
        if "status" in wanted:
            result["status_without_game_in_play"] = asyncio.run(_bench_status(Path(tmp) / "status.db"))
        if "autocomplete" in wanted:
            result["autocomplete"] = asyncio.run(_bench_autocomplete(Path(tmp) / "autocomplete.db"))
        if "history" in wanted:
            result["history"] = asyncio.run(_bench_history(Path(tmp) / "history.db", Path(tmp) / "big.db"))
    json.dump(result, sys.stdout)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
