"""Queries that scale: every per-command lookup is an index search, never a scan of games, actions or timers.

The statements are the ones the store really runs (SQLite's trace of each call, with its values), planned
by ``EXPLAIN QUERY PLAN`` on a database holding hundreds of finished games in one channel of one server.
"""

from __future__ import annotations

import re
import sqlite3
from collections.abc import Awaitable, Callable
from contextlib import closing
from pathlib import Path
from typing import Any

import pytest

from engine import Who, dump, load, take_back
from storage import MessageKind, NewTimer, Player, Status, Store
from storage.results import record_results

from .conftest import GUILD, T0, Play, StartGame, bot_move, play_first, user_at

pytestmark = pytest.mark.sqlite_only  # SQLite's EXPLAIN QUERY PLAN

CHANNEL = 4242
FINISHED_HERE = 300
FINAL_ACTIONS = 0  # the length of their game (set by _finished_games)

# A scan of one of these partial indexes reads only the rows the query wants, up to its LIMIT.
BOUNDED_SCANS = {"timers_due", "timers_retrying", "timers_set_aside", "games_unpresented"}
_SCAN = re.compile(r"^SCAN (\w+)(?: USING (?:COVERING )?INDEX (\w+))?")


async def _finished_games(store: Store, start_game: StartGame, play: Play) -> int:
    global FINAL_ACTIONS
    """FINISHED_HERE finished games in CHANNEL (copies of one real finished game) with their results, then
    one abandoned."""
    model = await start_game(users=(11, 12), seed=3, channel=CHANNEL)
    await play(model, 10_000)
    record = await store.load_game(model.id)
    assert record.status is Status.FINISHED
    FINAL_ACTIONS = record.version
    actions = await store.actions(model.id)
    assert record.position is not None
    final = load(record.position)
    with closing(sqlite3.connect(store.path, isolation_level=None)) as conn:
        conn.execute("BEGIN")
        for _ in range(FINISHED_HERE - 1):
            (game_id,) = conn.execute(
                """INSERT INTO games (guild_id, channel_id, creator_id, status, conflict_hours,
                                      reminder_hours, players, seed, position, version, presented_version,
                                      created_at, started_at, updated_at, ended_at)
                   VALUES (?, ?, 11, 'finished', 12, 24, 2, 3, ?, ?, ?, ?, ?, ?, ?) RETURNING id""",
                (GUILD, CHANNEL, record.position, record.version, record.version, T0, T0, T0, T0),
            ).fetchone()
            conn.executemany(
                "INSERT INTO seats (game_id, seat, user_id, joined_at) VALUES (?, ?, ?, ?)",
                [(game_id, 0, 11, T0), (game_id, 1, 12, T0)],
            )
            conn.executemany(
                "INSERT INTO actions (game_id, seq, seat, action, at) VALUES (?, ?, ?, ?, ?)",
                [(game_id, a.seq, a.seat, a.action, a.at) for a in actions],
            )
            record_results(conn, game_id, final)
        conn.execute("COMMIT")
    abandoned = await store.create_game(GUILD, CHANNEL, 11, T0)
    await store.abandon_game(abandoned.id, T0)
    return game_id


async def test_the_latest_game_of_a_channel(store: Store, start_game: StartGame, play: Play) -> None:
    last_finished = await _finished_games(store, start_game, play)
    shown = (Status.LOBBY, Status.PLAYING, Status.FINISHED)
    newest = await store.latest_game_in_channel(CHANNEL)
    assert newest is not None and newest.status is Status.ABANDONED
    found = await store.latest_game_in_channel(CHANNEL, statuses=shown)
    assert found is not None and (found.id, found.status) == (last_finished, Status.FINISHED)
    assert len(found.seats) == 2 and found.game().is_over
    assert await store.latest_game_in_channel(CHANNEL, statuses=(Status.PLAYING,)) is None
    assert await store.latest_game_in_channel(CHANNEL, statuses=()) is None
    assert await store.latest_game_in_channel(CHANNEL + 1) is None

    playing = await start_game(channel=CHANNEL)
    found = await store.latest_game_in_channel(CHANNEL, statuses=shown)
    assert found is not None and found.id == playing.id and found == await store.game_in_channel(CHANNEL)


def _plan(path: str, sql: str) -> list[str]:
    with closing(sqlite3.connect(f"file:{path}?mode=ro", uri=True)) as conn:
        return [row[3] for row in conn.execute("EXPLAIN QUERY PLAN " + sql)]


def _scans(plan: list[str]) -> list[str]:
    """Plan lines that read a whole table, or a whole index that is not a bounded partial one."""
    bad = []
    for line in plan:
        match = _SCAN.match(line)
        if line == "SCAN CONSTANT ROW":  # a SELECT of subqueries, without FROM: one row
            continue
        if match and "VIRTUAL TABLE" not in line and match[2] not in BOUNDED_SCANS:
            bad.append(line)
    return bad


async def test_every_per_command_query_searches_an_index(
    store: Store, start_game: StartGame, play: Play
) -> None:
    last_finished = await _finished_games(store, start_game, play)
    game = await start_game(channel=CHANNEL, timers=(NewTimer("deadline", T0 + 50, 0),))
    other = await start_game(seed=4, timers=(NewTimer("reminder", T0 + 70, 1),))
    ending = await start_game(users=(11, 12), seed=3, channel=CHANNEL + 9)
    await play(ending, FINAL_ACTIONS - 1)  # the same random game as the finished ones, but for its end
    last = (await store.actions(last_finished))[-1]

    async def finish() -> None:
        ending.game.apply(last.action)
        appended = await store.append_action(
            ending.id, FINAL_ACTIONS - 1, last.seat, last.action, dump(ending.game), T0 + 5
        )
        assert appended.status is Status.FINISHED

    await store.remember_message(game.id, MessageKind.BOARD, CHANNEL, 77, T0)
    reminder = (await store.timers(other.id))[0]
    lobby = await store.create_game(GUILD, CHANNEL + 7, 11, T0)
    await store.add_seat(lobby.id, 11, T0)
    owner = user_at(other.record, other.game.to_act)

    async def undo() -> None:
        record = await store.load_game(other.id)
        assert record.settings is not None and record.seed is not None and record.seat_to_act is not None
        back = take_back(record.settings, record.seed, await store.effective_actions(other.id))
        await store.append_undo(
            other.id, record.version, record.seat_to_act, dump(back.game), T0 + 3, actor=Who.person(owner)
        )
        other.game = back.game

    calls: list[tuple[str, Callable[[], Awaitable[Any]]]] = [
        ("load_game", lambda: store.load_game(game.id)),
        ("game_in_channel", lambda: store.game_in_channel(CHANNEL)),
        ("latest_game_in_channel", lambda: store.latest_game_in_channel(CHANNEL)),
        (
            "latest_game_in_channel shown",
            lambda: store.latest_game_in_channel(CHANNEL, (Status.LOBBY, Status.PLAYING, Status.FINISHED)),
        ),
        ("games_of_user", lambda: store.games_of_user(11)),
        ("games_waiting_on", lambda: store.games_waiting_on(11)),
        ("games_of_guild", lambda: store.games_of_guild(GUILD)),
        ("actions", lambda: store.actions(game.id, after=0)),
        ("timers", lambda: store.timers(game.id)),
        ("next_due", lambda: store.next_due(1)),
        ("due_timers", lambda: store.due_timers(T0 + 60)),
        ("next_claimable", lambda: store.next_claimable(T0 + 60)),
        ("next_claimable of first tries", lambda: store.next_claimable(T0 + 60, retries=False)),
        ("next_claimable of retries", lambda: store.next_claimable(T0 + 60, retries=True)),
        ("claim_due_timers of retries", lambda: store.claim_due_timers(T0 + 60, "a", retries=True)),
        ("claim_due_timers of first tries", lambda: store.claim_due_timers(T0 + 60, "a", retries=False)),
        ("set_aside_timers", lambda: store.set_aside_timers()),
        ("games_to_present", lambda: store.games_to_present()),
        ("message", lambda: store.message(game.id, MessageKind.BOARD)),
        ("messages", lambda: store.messages(game.id)),
        ("remember_message", lambda: store.remember_message(game.id, "hand", 5, 6, T0, user_id=11)),
        ("forget_message", lambda: store.forget_message(game.id, "hand", user_id=11)),
        ("append_action", lambda: bot_move(store, game, T0 + 1)),
        ("mark_presented", lambda: store.mark_presented(game.id, 1)),
        ("timer_failed", lambda: store.timer_failed(reminder.id, T0 + 70, "boom")),
        ("reschedule_timer", lambda: store.reschedule_timer(reminder.id, T0 + 99)),
        ("retry_timer", lambda: store.retry_timer(reminder.id, T0 + 99)),
        ("add_timer", lambda: store.add_timer(other.id, NewTimer("reminder", T0 + 5, 0), T0)),
        ("delete_timer", lambda: store.delete_timer(reminder.id)),
        ("create_game", lambda: store.create_game(GUILD, 999, 11, T0)),
        ("add_computer_seat", lambda: store.add_computer_seat(lobby.id, "hard", T0)),
        ("remove_computer_seat", lambda: store.remove_computer_seat(lobby.id, 1, T0)),
        ("append_action by a person", lambda: play_first(store, other, T0 + 2, actor=Who.person(owner))),
        ("effective_actions", lambda: store.effective_actions(other.id)),
        ("append_undo", undo),
        (
            "append_action seat_away",
            lambda: play_first(store, other, T0 + 4, actor=Who.deadline(), seat_away=True),
        ),
        ("set_away", lambda: store.set_away(game.id, 1, T0, until=T0 + 99, user_id=12)),
        ("set_back", lambda: store.set_back(game.id, 1, T0, user_id=12)),
        ("set_paused", lambda: store.set_paused(game.id, True, T0)),
        ("resume", lambda: store.set_paused(game.id, False, T0 + 9)),
        ("replace_seat", lambda: store.replace_seat(game.id, 2, user_id=21, by_user_id=11, now=T0)),
        ("resign_seat", lambda: store.resign_seat(game.id, 21, T0)),
        ("seat_history", lambda: store.seat_history(game.id)),
        ("former_seat_of", lambda: store.former_seat_of(game.id, 13)),
        ("has_been_seated", lambda: store.has_been_seated(13)),
        ("set_player_settings", lambda: store.set_player_settings(11, game_id=game.id, dm="all")),
        ("player_settings", lambda: store.player_settings(11, game.id)),
        ("seated_player_settings", lambda: store.seated_player_settings(game.id)),
        ("append_action that ends the game", finish),
        ("game_results", lambda: store.game_results(ending.id)),
        ("player_stats", lambda: store.player_stats(GUILD, Player.person(11))),
        ("player_stats of a computer level", lambda: store.player_stats(GUILD, Player.computer("hard"))),
        ("leaderboard", lambda: store.leaderboard(GUILD, limit=10, offset=5, min_games=2)),
        ("running_games", lambda: store.running_games(GUILD)),
        ("finished_games", lambda: store.finished_games(GUILD, limit=10)),
        ("user_games", lambda: store.user_games(11)),
        ("game_export", lambda: store.game_export(other.id)),
        ("add_post", lambda: store.add_post(game.id, 1, CHANNEL, 78, T0, ["a line"], turn_of=0)),
        ("last_posts", lambda: store.last_posts(game.id, 10)),
        ("posts_since_turn", lambda: store.posts_since_turn(game.id, 0)),
        ("post_of", lambda: store.post_of(game.id, 78)),
        ("begin_step", lambda: store.begin_step(game.id, 1, "dm:11", T0, channel_id=5, content_hash="h")),
        (
            "remember_message step",
            lambda: store.remember_message(game.id, "hand", 5, 7, T0, user_id=11, step=(1, "dm:11")),
        ),
        ("record_step", lambda: store.record_step(game.id, 1, "hand:12", T0)),
        ("add_post step", lambda: store.add_post(game.id, 1, CHANNEL, 79, T0, ["a line"], step="post")),
        ("presentation_steps", lambda: store.presentation_steps(game.id, 1)),
    ]
    statements: list[str] = []
    await store._connection().set_trace_callback(statements.append)
    problems: dict[str, list[str]] = {}
    searched = 0
    for name, call in calls:
        statements.clear()
        await call()
        queries = [s for s in statements if not re.match(r"\s*(BEGIN|COMMIT|ROLLBACK|PRAGMA)", s)]
        assert queries, f"{name} ran no statement"
        for sql in queries:
            plan = _plan(store.path, sql)
            searched += sum(line.startswith("SEARCH") for line in plan)
            if bad := _scans(plan):
                problems.setdefault(name, []).extend(bad)
    await store._connection().set_trace_callback(None)
    assert problems == {}
    assert searched >= len(calls)


@pytest.mark.parametrize(
    ("sql", "index"),
    [
        (
            "SELECT id FROM timers WHERE set_aside_at IS NULL AND held_since IS NULL "
            "ORDER BY due_at, id LIMIT 1",
            "timers_due",
        ),
        (
            "SELECT due_at FROM timers WHERE set_aside_at IS NULL AND held_since IS NULL AND attempts > 0 "
            "ORDER BY due_at, id LIMIT 1",
            "timers_retrying",
        ),
        (
            "SELECT id FROM games WHERE presented_version < version AND status IN ('playing', 'finished')",
            "games_unpresented",
        ),
    ],
)
async def test_the_partial_indexes_serve_their_queries(store: Store, sql: str, index: str) -> None:
    plan = " | ".join(_plan(store.path, sql))
    assert index in plan and "TEMP B-TREE" not in plan, plan


def _top_level_sorts(path: str, sql: str, params: tuple[object, ...]) -> list[str]:
    with closing(sqlite3.connect(f"file:{path}?mode=ro", uri=True)) as conn:
        rows = conn.execute("EXPLAIN QUERY PLAN " + sql, params).fetchall()
    return [detail for _, parent, _, detail in rows if parent == 0 and "TEMP B-TREE" in detail]


async def test_lists_of_the_newest_and_the_best_read_their_index_in_order(
    store: Store, start_game: StartGame, play: Play
) -> None:
    """A page of a server's newest finished games or best ratings never sorts all of them."""
    from storage.areas.history import _SQL_FINISHED_GAMES, _SQL_LEADERBOARD
    from storage.sql import SQLITE

    finished = _SQL_FINISHED_GAMES[SQLITE]

    await _finished_games(store, start_game, play)
    with closing(sqlite3.connect(store.path)) as conn, conn:
        # Many small servers beside a big one, and statistics: the planner then once took the index of a
        # server's games by status, which does not hold them by end time, and sorted all of them.
        conn.executemany(
            "INSERT INTO games (guild_id, channel_id, creator_id, conflict_hours, reminder_hours, created_at,"
            " updated_at) VALUES (?, ?, 1, 12, 24, ?, ?)",
            [(GUILD + 1 + i, 10**6 + i, T0, T0) for i in range(2 * FINISHED_HERE)],
        )
        conn.execute("ANALYZE")
    assert _top_level_sorts(store.path, finished, (GUILD, 10)) == []
    assert _top_level_sorts(store.path, _SQL_LEADERBOARD, (1, GUILD, 1, 10, 0)) == []
    # the check can fail: the same list ordered by a column no index holds in order
    unordered = finished.replace("ORDER BY g.ended_at DESC", "ORDER BY g.updated_at DESC")
    assert _top_level_sorts(store.path, unordered, (GUILD, 10)) != []


def test_a_full_scan_is_caught(tmp_path: Path) -> None:
    """The check above can fail: a query without an index is reported."""
    path = tmp_path / "t.db"
    with closing(sqlite3.connect(path)) as conn:
        conn.execute("CREATE TABLE games (id INTEGER PRIMARY KEY, channel_id INTEGER)")
    assert _scans(_plan(str(path), "SELECT id FROM games WHERE channel_id = 5")) == ["SCAN games"]
    assert _scans(_plan(str(path), "SELECT id FROM games WHERE id = 5")) == []
