"""Timers that cannot block each other (issue 8): a timer whose handler raises is retried with backoff and
finally set aside, with one line in its game's channel, while every other timer fires on time; the loop
survives a failing store and never fires in a tight loop.

Games are set up through the store (no channel posts, so the only messages are the timers' own) and the
virtual clock runs the timer loop; what is checked is what players see (reminder DMs, channel lines) and the
timer rows.
"""

from __future__ import annotations

import asyncio
import logging
import sqlite3
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest

from bot.texts import INTERNAL_ERROR_LINE
from engine import Game, dump
from storage import (
    TIMER_MAX_ATTEMPTS,
    DatabaseBusyError,
    GameRecord,
    NewTimer,
    Store,
    Timer,
    TimerKind,
    timer_retry_delay,
)

HOUR = 3600
DAY = 24 * HOUR
VANISHED_USER = 4_040_404  # seated, but Discord does not know this user (any more)


@dataclass
class Games:
    """A server with games set up through the store, each in a channel of its own."""

    env: object
    guild: object
    players: list  # MemberActor: alice, bob

    @property
    def store(self) -> Store:
        return self.env.bot.store

    def now(self) -> int:
        return self.env.bot.now()

    async def game(
        self, timers: Callable[[Game], list[NewTimer]], users: list[int] | None = None
    ) -> GameRecord:
        """A started game (its start marked shown) with the timers ``timers(game)`` returns."""
        channel = self.guild.create_text_channel(f"game-{len(self.guild.channels)}")
        users = users or [p.id for p in self.players]
        store, now = self.store, self.now()
        record = await store.create_game(self.guild.id, channel.id, users[0], now)
        for user in users:
            await store.add_seat(record.id, user, now)
        game = Game.new(len(users), 1)
        await store.start_game(record.id, 1, dump(game), now, timers=timers(game))
        await store.mark_presented(record.id, 0)
        self.env.bot._wake_timers()  # saved behind the bot's back: as an action would, tell the loop
        return await store.load_game(record.id)

    def channel(self, record: GameRecord):
        return next(c for c in self.guild.channels.values() if c.id == record.channel_id)

    def reminders(self, record: GameRecord) -> list:
        """The reminder DMs the players received for this game."""
        mark = f" · game {record.id}** — reminder: "
        return [m for p in self.players for m in p.user.dm_channel.history() if mark in m.content]

    def error_lines(self, record: GameRecord) -> list:
        return [m for m in self.channel(record).history() if m.content == INTERNAL_ERROR_LINE]

    async def timer(self, timer_id: int, game_id: int) -> Timer | None:
        return next((t for t in await self.store.timers(game_id) if t.id == timer_id), None)

    async def advance_to(self, unix: int) -> None:
        await self.env.advance_time(unix - self.now())


@pytest.fixture
def games(simcord_env) -> Games:
    guild = simcord_env.create_guild()
    players = [guild.add_member(simcord_env.create_user(name)) for name in ("alice", "bob")]
    return Games(simcord_env, guild, players)


def reminder(due: int) -> Callable[[Game], list[NewTimer]]:
    return lambda game: [NewTimer(TimerKind.REMINDER, due, game.to_act, {"version": 0})]


def deadline(due: int) -> Callable[[Game], list[NewTimer]]:
    return lambda game: [NewTimer(TimerKind.DEADLINE, due, game.to_act, {"version": 0})]


def corrupt_position(db_path: Path, game_id: int) -> None:
    """The position row becomes unreadable (as a damaged or hand-edited database would have it)."""
    with sqlite3.connect(db_path) as conn:
        conn.execute("UPDATE games SET position = 'not a position' WHERE id = ?", (game_id,))


def failures_logged(caplog, timer: Timer) -> list[logging.LogRecord]:
    what = f"timer {timer.id} ({timer.kind}, seat {timer.seat}) of game {timer.game_id} failed"
    return [r for r in caplog.records if r.name == "bot" and r.getMessage().startswith(what)]


def try_times(first: int) -> list[int]:
    """When a timer that always fails is tried: first, then after each backoff, TIMER_MAX_ATTEMPTS in all."""
    times = [first]
    for failures in range(1, TIMER_MAX_ATTEMPTS):
        times.append(times[-1] + timer_retry_delay(failures))
    return times


async def test_a_poisoned_timer_is_retried_then_set_aside_and_never_holds_back_the_others(
    games: Games, db_path: Path, caplog
):
    caplog.set_level(logging.INFO, logger="bot")
    start = games.now()
    due = start + 100
    # Two poisoned timers, created first so that they come first among the timers due at the same second:
    # a deadline whose game's position cannot be read, and a reminder for a player Discord no longer knows.
    unreadable = await games.game(deadline(due))
    corrupt_position(db_path, unreadable.id)
    alice = games.players[0].id
    vanished = await games.game(reminder(due), users=[VANISHED_USER, alice])
    assert vanished.user_to_act == VANISHED_USER
    poisoned = [(await games.store.timers(g.id))[0] for g in (unreadable, vanished)]
    # Healthy games: reminders at the same second as the poisoned ones, and later.
    offsets = [0, 0, 0, 0, 0, 30, 61, 400, 2000, 4000]
    healthy = [await games.game(reminder(due + offset)) for offset in offsets]

    for offset in sorted(set(offsets)):
        await games.advance_to(due + offset)
        for record, at in zip(healthy, offsets, strict=True):
            # every healthy reminder due by now has reached its player, none before its time
            assert len(games.reminders(record)) == (1 if at <= offset else 0), (offset, at)

    # The poisoned timers were tried at their due time, then 1 min, 5 min, 30 min later, then hourly.
    tries = try_times(due)
    assert tries[:5] == [due, due + 60, due + 360, due + 2160, due + 5760]
    for timer in poisoned:
        row = await games.timer(timer.id, timer.game_id)
        expected = sum(1 for t in tries if t <= games.now())
        assert row is not None and row.attempts == expected and row.due_at == tries[expected]
        assert not row.set_aside
    assert "NotationError" in (await games.timer(poisoned[0].id, unreadable.id)).last_error
    assert "NotFound" in (await games.timer(poisoned[1].id, vanished.id)).last_error

    # Just before the last try, neither is set aside and no channel was told anything.
    await games.advance_to(tries[-1] - 1)
    for timer, record in zip(poisoned, (unreadable, vanished), strict=True):
        row = await games.timer(timer.id, timer.game_id)
        assert row.attempts == TIMER_MAX_ATTEMPTS - 1 and not row.set_aside
        assert games.error_lines(record) == []
    await games.advance_to(tries[-1])
    for timer, record in zip(poisoned, (unreadable, vanished), strict=True):
        row = await games.timer(timer.id, timer.game_id)
        assert row.attempts == TIMER_MAX_ATTEMPTS and row.set_aside and row.set_aside_at == tries[-1]
        assert len(games.error_lines(record)) == 1  # one public line in the game's channel
        logged = failures_logged(caplog, timer)
        assert len(logged) == TIMER_MAX_ATTEMPTS  # each failure logged, with its traceback
        assert all(r.exc_info is not None and r.levelno == logging.ERROR for r in logged)
        assert "is set aside" in logged[-1].getMessage() and "retry-timer" in logged[-1].getMessage()

    # A day later: set-aside timers are never tried again, and nobody is told twice.
    await games.advance_to(tries[-1] + DAY + 1)
    for timer, record in zip(poisoned, (unreadable, vanished), strict=True):
        assert (await games.timer(timer.id, timer.game_id)).attempts == TIMER_MAX_ATTEMPTS
        assert len(games.error_lines(record)) == 1
        assert len(failures_logged(caplog, timer)) == TIMER_MAX_ATTEMPTS
    # Meanwhile every healthy reminder repeated every 24 hours, on time.
    for record, at in zip(healthy, offsets, strict=True):
        assert len(games.reminders(record)) == 1 + (games.now() - (due + at)) // DAY
        assert games.error_lines(record) == []
    assert await games.store.set_aside_timers() == [
        await games.timer(t.id, t.game_id) for t in sorted(poisoned, key=lambda t: t.id)
    ]


async def test_two_timers_of_one_game_set_aside_at_once_post_one_line(games: Games, db_path: Path):
    due = games.now() + 10
    record = await games.game(
        lambda game: [
            NewTimer(TimerKind.DEADLINE, due, game.to_act, {"version": 0}),
            NewTimer(TimerKind.REMINDER, due, game.to_act, {"version": 0}),
        ]
    )
    corrupt_position(db_path, record.id)  # both handlers read the position
    await games.advance_to(try_times(due)[-1] + 1)
    timers = await games.store.timers(record.id)
    assert len(timers) == 2 and all(t.set_aside for t in timers)
    assert len(games.error_lines(record)) == 1


async def test_the_loop_survives_a_failing_store_and_never_spins(
    games: Games, db_path: Path, monkeypatch, caplog
):
    store = games.store
    due = games.now() + 100
    poisoned = await games.game(deadline(due))
    corrupt_position(db_path, poisoned.id)
    healthy = await games.game(reminder(due + 10))
    later = await games.game(reminder(due + 3 * HOUR))

    # The store cannot list the timers three times in a row, and can never save a timer's failure.
    listing = store.claim_due_timers
    refusals = {"left": 3}

    async def claim_due_timers(*args, **kwargs):
        if refusals["left"]:
            refusals["left"] -= 1
            raise DatabaseBusyError(store.path)
        return await listing(*args, **kwargs)

    async def timer_failed(*args, **kwargs):
        raise DatabaseBusyError(store.path)

    monkeypatch.setattr(store, "claim_due_timers", claim_due_timers)
    monkeypatch.setattr(store, "timer_failed", timer_failed)
    games.env.bot._wake_timers()  # the loop reads the timers again: the first refusal
    await games.advance_to(due + 10 + 5 + 10 + 20)  # it waits 5 s, 10 s, 20 s between tries
    assert refusals["left"] == 0
    assert len(games.reminders(healthy)) == 1  # late by the store's outage, but fired
    logged = [r for r in caplog.records if "could not read the timers" in r.getMessage()]
    assert len(logged) == 3 and all(r.exc_info for r in logged)

    # The poisoned timer's failures cannot be saved: it waits in memory with the same backoff, so in
    # three hours it is tried 1 + 4 times (0, 1 min, 6 min, 36 min, 96 min, 156 min after it was due),
    # never in a tight loop, and the other timers still fire on time.
    [timer] = await store.timers(poisoned.id)
    await games.advance_to(due + 3 * HOUR)
    assert len(failures_logged(caplog, timer)) == 6
    assert len(games.reminders(later)) == 1
    row = await games.timer(timer.id, poisoned.id)
    assert row.attempts == 0 and not row.set_aside  # nothing could be saved, nothing was

    monkeypatch.undo()  # the store works again: the next failure (an hour after the last) is saved
    await games.advance_to(due + 216 * 60)
    row = await games.timer(timer.id, poisoned.id)
    assert row.attempts == 1 and row.due_at == games.now() + 60


async def test_a_handler_that_leaves_its_timer_due_is_a_failure_not_a_loop(games: Games, monkeypatch):
    calls = []

    async def does_nothing(timer):
        calls.append(games.now())

    monkeypatch.setattr(games.env.bot._timers, "_handle", does_nothing)
    due = games.now() + 10
    record = await games.game(reminder(due))
    await games.advance_to(due + 30)
    [timer] = await games.store.timers(record.id)
    assert calls == [due]  # fired once; the second look finds it due at the same time
    assert timer.attempts == 1 and "left it due" in timer.last_error and timer.due_at == due + 60


async def test_a_hung_firing_times_out_and_never_holds_back_the_others(games: Games, monkeypatch):
    loop = games.env.bot._timers
    handle = loop._handle
    hung = {}

    async def hangs_for_one(timer):
        if timer.game_id == hung.get("game"):
            await asyncio.sleep(10 * DAY)  # a call that never returns
        await handle(timer)

    monkeypatch.setattr(loop, "_handle", hangs_for_one)
    due = games.now() + 10
    stuck = await games.game(reminder(due))
    hung["game"] = stuck.id
    others = [await games.game(reminder(due + offset)) for offset in (0, 0, 5, 60)]
    await games.advance_to(due + 60)
    assert all(len(games.reminders(r)) == 1 for r in others)
    [timer] = await games.store.timers(stuck.id)
    assert timer.attempts == 0  # still running
    await games.advance_to(due + loop.FIRE_TIMEOUT)
    [timer] = await games.store.timers(stuck.id)
    assert timer.attempts == 1 and "TimeoutError" in timer.last_error
