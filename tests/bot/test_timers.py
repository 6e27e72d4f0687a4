"""Timers that cannot block each other (issues 8, 17): a timer whose handler raises is retried with backoff
and finally set aside, with one line in its game's channel, while every other timer fires on time; the loop
survives a failing store and never fires in a tight loop. A hung handler is abandoned at its kind's time
limit with its slot freed at once, and retries fire in a lane of their own: 50 hung handlers among 1,000 due
timers delay none of the others. A reminder is sent at most once.

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

import discord
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
    # a deadline and a reminder whose games' positions cannot be read (the reminder fails before its row
    # moves on, so it is retried; one that fails after that is not: see the at-most-once test below).
    unreadable = await games.game(deadline(due))
    corrupt_position(db_path, unreadable.id)
    vanished = await games.game(reminder(due))
    corrupt_position(db_path, vanished.id)
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
    assert "NotationError" in (await games.timer(poisoned[1].id, vanished.id)).last_error

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


class Firings:
    """The timer loop's firings replaced by a record of when each fired (in virtual time) and the row's
    deletion, as a reminder that was sent would do; the ``hung`` ones never return (if ``stubborn``, not
    even when a timer's firing is first cancelled: only when cancelled again)."""

    def __init__(self, games: Games, monkeypatch) -> None:
        self.games = games
        self.fired: dict[int, list[int]] = {}  # timer id -> the times its handler started
        self.hung: set[int] = set()
        self.stubborn = False
        self.cancelled: set[int] = set()
        self.game_of: dict[int, int] = {}  # timer id -> its game's id
        monkeypatch.setattr(games.env.bot._timers, "_handle", self.handle)

    async def handle(self, timer: Timer) -> None:
        self.fired.setdefault(timer.id, []).append(self.games.now())
        if timer.id in self.hung:
            try:
                await asyncio.sleep(10 * DAY)  # a call that never returns
            except asyncio.CancelledError:
                if not self.stubborn or timer.id in self.cancelled:
                    self.cancelled.add(timer.id)
                    raise
                self.cancelled.add(timer.id)
                await asyncio.sleep(DAY)  # and ignores being abandoned
        await self.games.store.delete_timer(timer.id)

    async def timers_due(self, due: int, count: int, per_game: int = 100) -> list[int]:
        """``count`` reminders due at ``due``, ``per_game`` in each game; their ids in due order."""
        ids: list[int] = []
        for _ in range(0, count, per_game):
            record = await self.games.game(
                lambda game: [
                    NewTimer(TimerKind.REMINDER, due, game.to_act, {"version": 0}) for _ in range(per_game)
                ]
            )
            made = [t.id for t in await self.games.store.timers(record.id)]
            self.game_of.update(dict.fromkeys(made, record.id))
            ids.extend(made)
        return ids

    def lateness(self, ids: list[int], due: int) -> list[int]:
        """How late each timer's first firing was, in seconds; a timer never fired counts as a day late."""
        return [self.fired[i][0] - due if i in self.fired else DAY for i in ids]


@pytest.mark.simcord(settle_timeout=600)
async def test_50_hung_handlers_among_1000_due_timers_delay_none_of_the_others(games: Games, monkeypatch):
    loop = games.env.bot._timers
    firings = Firings(games, monkeypatch)
    due = games.now() + 10
    ids = await firings.timers_due(due, 1000)
    firings.hung = set(ids[::20])  # 50, spread among the others, the first one first
    assert len(firings.hung) == 50
    others = [i for i in ids if i not in firings.hung]

    await games.advance_to(due + 5)
    assert max(firings.lateness(others, due)) <= 5  # the target; in virtual time it is in fact 0
    assert set(firings.lateness(others, due)) == {0}
    hung_lane = loop._lanes[0]
    assert set(hung_lane.firing) == firings.hung  # still running, within their time limit

    # At the reminder's time limit, each hung firing is abandoned: cancelled, its slot free, and counted as a
    # failed try (retried a minute later), with where it hung.
    limit = loop.TIME_LIMITS[TimerKind.REMINDER]
    assert limit == 20
    await games.advance_to(due + limit)
    assert firings.cancelled == firings.hung and hung_lane.firing == {}
    for timer_id in firings.hung:
        row = await games.timer(timer_id, firings.game_of[timer_id])
        assert row.attempts == 1 and row.due_at == due + limit + 60
        assert row.last_error.startswith("TimeoutError: ran past its time limit of 20 s at test_timers.py:")
        assert row.last_error.endswith(" in handle")  # where it hung: this program's innermost coroutine


async def test_retries_never_take_the_slots_of_due_timers_and_an_abandoned_slot_is_free_at_once(
    games: Games, monkeypatch
):
    loop = games.env.bot._timers
    firings = Firings(games, monkeypatch)
    firings.stubborn = True  # abandoned handlers that do not even end when cancelled
    due = games.now() + 10
    # as many hung handlers as there are slots for first tries: for one time limit, nothing else fires
    hung = await firings.timers_due(due, loop.CONCURRENCY, per_game=loop.CONCURRENCY)
    firings.hung = set(hung)
    limit = loop.TIME_LIMITS[TimerKind.REMINDER]
    at_limit = await firings.timers_due(due + limit, 20)
    await games.advance_to(due + limit)
    # their slots were freed when they were abandoned, though their handlers still run
    assert firings.cancelled == firings.hung
    assert set(firings.lateness(at_limit, due + limit)) == {0}

    # A minute later all of them are tried again, and hang again: in the retries' own lane, a few at a
    # time, while the timers due for the first time at that moment fire on time.
    retry_at = due + limit + 60
    fresh = await firings.timers_due(retry_at, 100)
    await games.advance_to(retry_at + 5)
    assert set(firings.lateness(fresh, retry_at)) == {0}
    retried = [i for i in hung if len(firings.fired[i]) == 2]
    assert len(retried) == loop.RETRY_CONCURRENCY
    assert set(loop._lanes[1].firing) == set(retried) and loop._lanes[0].firing == {}
    await games.advance_to(retry_at + limit)  # abandoned again: the next few retries take their slots
    assert len([i for i in hung if len(firings.fired[i]) == 2]) == 2 * loop.RETRY_CONCURRENCY


async def test_a_reminder_is_sent_at_most_once_its_row_moved_on_before_its_dm(games: Games, caplog):
    """A reminder for a player Discord no longer knows: its DM fails after the row moved on to the next
    reminder's time, so it is logged but not tried again a minute later (a missed reminder is better than
    two); the next one comes at its own time."""
    caplog.set_level(logging.INFO, logger="bot")
    due = games.now() + 10
    alice = games.players[0].id
    vanished = await games.game(reminder(due), users=[VANISHED_USER, alice])
    assert vanished.user_to_act == VANISHED_USER
    [timer] = await games.store.timers(vanished.id)
    await games.advance_to(due + 3600)
    [row] = await games.store.timers(vanished.id)
    assert row.id == timer.id and row.attempts == 0 and row.last_error is None
    assert row.due_at == due + round(vanished.options.reminder_hours * 3600)
    [logged] = failures_logged(caplog, timer)
    assert "not tried again" in logged.getMessage() and isinstance(logged.exc_info[1], discord.NotFound)
    await games.advance_to(row.due_at)
    assert len(failures_logged(caplog, timer)) == 2  # the next reminder, at its time, once


async def test_closing_the_bot_ends_though_a_hung_firing_ignores_being_cancelled(games: Games, monkeypatch):
    firings = Firings(games, monkeypatch)
    firings.stubborn = True
    due = games.now() + 10
    firings.hung = set(await firings.timers_due(due, 1, per_game=1))
    await games.advance_to(due + 1)
    bot = games.env.bot
    assert set(bot._timers._lanes[0].firing) == firings.hung
    await bot.close()  # waits TimerLoop.STOP_WAIT for the firing, then goes on
    assert firings.cancelled == firings.hung
    assert bot._store is None and bot.is_closed()
