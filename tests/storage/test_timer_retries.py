"""A failing timer is retried with backoff, then set aside, and never holds back another due timer."""

from __future__ import annotations

import itertools
import random

import pytest

from storage import (
    TIMER_MAX_ATTEMPTS,
    TIMER_RETRY_DELAYS,
    TIMER_RETRY_EVERY,
    NewTimer,
    Store,
    Timer,
    TimerRetry,
    timer_retry_delay,
)

from .conftest import T0, StartGame

HOUR = 3600


def test_the_backoff_is_one_five_thirty_minutes_then_hourly_for_a_day() -> None:
    assert TIMER_RETRY_DELAYS == (60, 300, 1800) and TIMER_RETRY_EVERY == HOUR
    assert [timer_retry_delay(n) for n in range(1, 7)] == [60, 300, 1800, HOUR, HOUR, HOUR]
    # the first try, 3 quick retries, then 24 hourly ones: set aside about a day after the first failure
    assert TIMER_MAX_ATTEMPTS == 28
    assert sum(timer_retry_delay(n) for n in range(1, TIMER_MAX_ATTEMPTS)) == 60 + 300 + 1800 + 24 * HOUR
    with pytest.raises(ValueError):
        timer_retry_delay(0)


async def test_each_failure_moves_the_timer_by_the_documented_delay_then_sets_it_aside(
    store: Store, start_game: StartGame
) -> None:
    game = await start_game()
    timer = await store.add_timer(game.id, NewTimer("deadline", T0 + 100, 0, {"version": 0}), T0)
    now = T0 + 100
    retries: list[TimerRetry] = []
    for attempt in range(1, TIMER_MAX_ATTEMPTS + 1):
        assert [t.id for t in await store.due_timers(now)] == [timer.id]
        retry = await store.timer_failed(timer.id, now, f"KeyError: 'seat' (try {attempt})")
        assert retry is not None
        retries.append(retry)
        if retry.due_at is not None:
            assert await store.due_timers(retry.due_at - 1) == []  # not due before its time
            now = retry.due_at
    assert [r.attempts for r in retries] == list(range(1, TIMER_MAX_ATTEMPTS + 1))
    assert [r.due_at - (T0 + 100) for r in retries[:4] if r.due_at] == [60, 360, 2160, 2160 + HOUR]
    gaps = [b.due_at - a.due_at for a, b in itertools.pairwise(retries) if a.due_at and b.due_at]
    assert gaps == [300, 1800] + [HOUR] * 24
    last = retries[-1]
    assert last.set_aside and last.due_at is None and last.game_id == game.id
    assert all(not r.set_aside for r in retries[:-1])

    # Set aside: never due again, listed for `python -m storage check`, kept with its game.
    assert await store.due_timers(now + 10**9) == [] and await store.next_due(5) == []
    [aside] = await store.set_aside_timers()
    assert aside.id == timer.id and aside.set_aside and aside.set_aside_at == now
    assert aside.attempts == TIMER_MAX_ATTEMPTS
    assert aside.last_error == f"KeyError: 'seat' (try {TIMER_MAX_ATTEMPTS})"
    assert aside.payload == {"version": 0} and aside.due_at == now  # the time of the last try
    assert await store.timers(game.id) == [aside]
    again = await store.timer_failed(timer.id, now + 5, "late report")  # a failure reported twice
    assert again == TimerRetry(timer.id, game.id, TIMER_MAX_ATTEMPTS, None)

    # A server manager puts it back: due at once, with a clean slate.
    assert await store.retry_timer(timer.id, now + 50) is True
    assert await store.retry_timer(timer.id, now + 50) is False  # no longer set aside
    [back] = await store.due_timers(now + 50)
    assert (back.id, back.due_at, back.attempts, back.last_error, back.set_aside_at) == (
        timer.id,
        now + 50,
        0,
        None,
        None,
    )
    assert await store.set_aside_timers() == []


async def test_a_success_after_failures_starts_the_count_afresh(store: Store, start_game: StartGame) -> None:
    game = await start_game()
    reminder = await store.add_timer(game.id, NewTimer("reminder", T0 + 10, 0), T0)
    for _ in range(3):
        await store.timer_failed(reminder.id, T0 + 10, "Discord was down")
    [failing] = await store.timers(game.id)
    assert failing.attempts == 3 and failing.last_error == "Discord was down"
    assert await store.reschedule_timer(reminder.id, T0 + 86_400) is True  # it worked: next reminder
    [fresh] = await store.timers(game.id)
    assert (fresh.attempts, fresh.last_error, fresh.due_at) == (0, None, T0 + 86_400)
    retry = await store.timer_failed(reminder.id, T0 + 86_400, "again")
    assert retry is not None and retry.due_at == T0 + 86_400 + 60


async def test_a_failure_reported_for_a_timer_that_is_gone_changes_nothing(
    store: Store, start_game: StartGame
) -> None:
    game = await start_game()
    timer = await store.add_timer(game.id, NewTimer("deadline", T0 + 10, 0), T0)
    assert await store.delete_timer(timer.id)
    assert await store.timer_failed(timer.id, T0 + 10, "boom") is None
    assert await store.retry_timer(timer.id, T0) is False


async def test_a_long_error_text_is_cut(store: Store, start_game: StartGame) -> None:
    game = await start_game()
    timer = await store.add_timer(game.id, NewTimer("deadline", T0, 0), T0)
    await store.timer_failed(timer.id, T0, "x" * 10_000)
    [kept] = await store.timers(game.id)
    assert kept.last_error == "x" * 2000


async def test_one_poisoned_timer_among_many_does_not_delay_any_other(
    store: Store, start_game: StartGame
) -> None:
    """The bot's loop, on a virtual clock over two days: read the due timers, fire them in order; a
    poisoned timer's handler always raises. Every other timer fires exactly at its due time, in due order;
    the poisoned one is tried on the documented backoff, then set aside."""
    rng = random.Random(8)
    games = [await start_game(users=(11, 12), seed=s) for s in range(12)]
    healthy: dict[int, Timer] = {}
    for _ in range(400):
        game = rng.choice(games)
        due = T0 + rng.randrange(0, 2 * 86_400)
        timer = await store.add_timer(game.id, NewTimer(rng.choice(("deadline", "reminder")), due, 0), T0)
        healthy[timer.id] = timer
    # Poisoned timers due first, and one due in the middle, so their retries interleave with the others.
    poisoned = {
        (await store.add_timer(games[0].id, NewTimer("deadline", T0, 1), T0)).id,
        (await store.add_timer(games[5].id, NewTimer("reminder", T0 + 40_000, 1), T0)).id,
    }

    fired: list[tuple[int, int]] = []  # (timer id, virtual time it fired)
    tries: dict[int, list[int]] = {t: [] for t in poisoned}
    now = T0
    for _ in range(2000):  # bounded: a set-aside timer still coming out would loop forever
        upcoming = await store.next_due(1)
        if not upcoming:
            break
        now = max(now, upcoming[0].due_at)  # the loop sleeps until the earliest row is due
        for timer in await store.due_timers(now, limit=10):
            if timer.id in poisoned:
                tries[timer.id].append(now)
                await store.timer_failed(timer.id, now, "RuntimeError: unknown member")
            else:
                fired.append((timer.id, now))
                await store.delete_timer(timer.id)
    else:
        pytest.fail("the timers never ran out")

    assert sorted(t for t, _ in fired) == sorted(healthy)
    assert all(at == healthy[t].due_at for t, at in fired), "a timer fired late"
    assert fired == sorted(fired, key=lambda f: (healthy[f[0]].due_at, f[0]))
    for times in tries.values():
        assert len(times) == TIMER_MAX_ATTEMPTS
        assert [b - a for a, b in itertools.pairwise(times)] == [60, 300, 1800] + [HOUR] * 24
    assert {t.id for t in await store.set_aside_timers()} == poisoned
