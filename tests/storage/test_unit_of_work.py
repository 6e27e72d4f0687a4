"""A unit of work (``store.transaction(work)``): changes of several areas committed whole or not at all, on
a real SQLite file and on the real PostgreSQL test server."""

from __future__ import annotations

import asyncio

import pytest

from storage import (
    GameRecord,
    NewTimer,
    NotAwayError,
    StorageError,
    Store,
    TimerKind,
    Transaction,
)

from .conftest import T0, Started, StartGame

FAR = T0 + 10**7


class Injected(Exception):
    """The failure a test injects in the middle of a unit of work."""


async def _seat_change(tx: Transaction, started: Started, *, fail: bool = False) -> GameRecord:
    """What the bot saves when a seat goes away: the seat, its timers replaced, the game paused; ``fail``
    stops it after every write but the last."""
    gid = started.id
    record = await tx.set_away(gid, 0, T0 + 5, until=T0 + 3600, cover=False)
    old = await tx.timers(gid)
    await tx.add_timer(gid, NewTimer(TimerKind.DEADLINE, T0 + 900, 0), T0 + 5)
    for timer in old:
        await tx.delete_timer(timer.id)
    if fail:
        raise Injected("a failure between the timers and the pause")
    await tx.set_paused(gid, True, T0 + 5)
    return record


async def _state(store: Store, started: Started) -> tuple[bool, bool, list[tuple[str, int, bool]]]:
    record = await store.load_game(started.id)
    seat = record.seat_record(0)
    assert seat is not None
    timers = [(t.kind, t.due_at, t.held) for t in await store.timers(started.id)]
    return seat.away_at(T0 + 10), record.paused, timers


async def test_a_unit_of_work_commits_every_area_together(store: Store, start_game: StartGame) -> None:
    started = await start_game(users=(11, 12), timers=(NewTimer(TimerKind.REMINDER, T0 + 50, 0),))
    record = await store.transaction(lambda tx: _seat_change(tx, started))
    assert record.seat_record(0) is not None
    away, paused, timers = await _state(store, started)
    assert away and paused
    assert timers == [(TimerKind.DEADLINE, T0 + 900, True)]  # the new timer, held by the pause


async def test_a_failure_in_the_middle_leaves_nothing_half_done(store: Store, start_game: StartGame) -> None:
    started = await start_game(users=(11, 12), timers=(NewTimer(TimerKind.REMINDER, T0 + 50, 0),))
    before = await _state(store, started)
    with pytest.raises(Injected):
        await store.transaction(lambda tx: _seat_change(tx, started, fail=True))
    assert await _state(store, started) == before == (False, False, [(TimerKind.REMINDER, T0 + 50, False)])
    # the store goes on as usual afterwards
    await store.transaction(lambda tx: _seat_change(tx, started))
    assert (await _state(store, started))[:2] == (True, True)


async def test_a_refusal_of_the_store_in_the_middle_rolls_back_the_earlier_changes(
    store: Store, start_game: StartGame
) -> None:
    started = await start_game(users=(11, 12), timers=(NewTimer(TimerKind.REMINDER, T0 + 50, 0),))
    before = await _state(store, started)

    async def work(tx: Transaction) -> None:
        await tx.add_timer(started.id, NewTimer(TimerKind.DEADLINE, T0 + 900, 1), T0)
        await tx.set_paused(started.id, True, T0)
        await tx.set_back(started.id, 1, T0)  # seat 1 is not away: NotAwayError

    with pytest.raises(NotAwayError):
        await store.transaction(work)
    assert await _state(store, started) == before


async def test_the_unit_reads_its_own_writes_and_others_see_them_only_once_committed(
    store: Store, start_game: StartGame
) -> None:
    started = await start_game(users=(11, 12))
    halfway = asyncio.Event()
    go_on = asyncio.Event()

    async def work(tx: Transaction) -> None:
        await tx.set_away(started.id, 0, T0, until=T0 + 3600)
        seat = (await tx.load_game(started.id)).seat_record(0)
        assert seat is not None and seat.away_at(T0)  # its own write, before the commit
        halfway.set()
        await go_on.wait()
        await tx.set_paused(started.id, True, T0)

    unit = asyncio.ensure_future(store.transaction(work))
    await halfway.wait()
    # another task's read: PostgreSQL answers from before the unit, SQLite waits for its end
    read = asyncio.ensure_future(store.load_game(started.id))
    await asyncio.sleep(0.05)
    go_on.set()
    await unit
    record = await read
    seat = record.seat_record(0)
    assert seat is not None
    assert seat.away_at(T0) == record.paused  # the seat away and the pause: both or neither


async def test_the_store_itself_is_refused_inside_a_unit(store: Store, start_game: StartGame) -> None:
    started = await start_game(users=(11, 12))

    async def work(tx: Transaction) -> None:
        await tx.set_paused(started.id, True, T0)
        await store.load_game(started.id)  # outside the unit: refused, never a wait on its own lock

    with pytest.raises(StorageError, match="Transaction"):
        await asyncio.wait_for(store.transaction(work), 30)
    assert not (await store.load_game(started.id)).paused


async def test_a_transaction_is_over_once_its_work_returns(store: Store, start_game: StartGame) -> None:
    started = await start_game(users=(11, 12))
    kept: list[Transaction] = []

    async def work(tx: Transaction) -> None:
        kept.append(tx)

    await store.transaction(work)
    with pytest.raises(StorageError, match="over"):
        await kept[0].set_paused(started.id, True, T0)
    assert not (await store.load_game(started.id)).paused


async def test_a_cancelled_caller_never_cuts_a_unit(
    store: Store, start_game: StartGame, database: str
) -> None:
    started = await start_game(users=(11, 12), timers=(NewTimer(TimerKind.REMINDER, T0 + 50, 0),))
    halfway = asyncio.Event()

    async def work(tx: Transaction) -> GameRecord:
        record = await tx.set_away(started.id, 0, T0 + 5, until=T0 + 3600, cover=False)
        halfway.set()
        await asyncio.sleep(0.05)
        await _seat_change(tx, started)
        return record

    caller = asyncio.ensure_future(store.transaction(work))
    await halfway.wait()
    caller.cancel()
    with pytest.raises(asyncio.CancelledError):
        await caller
    await store.close()  # waits for the unit, which commits whole
    async with Store.open(database) as again:
        assert (await _state(again, started))[:2] == (True, True)


async def test_units_racing_on_one_game_each_commit_whole(store: Store, start_game: StartGame) -> None:
    """Units of work at once on one game: SQLite runs them one after another, PostgreSQL runs each again from
    its start when a conflict refuses it; every one lands whole."""
    started = await start_game(users=(11, 12))

    async def work(tx: Transaction, n: int) -> None:
        record = await tx.load_game(started.id)
        timer = await tx.add_timer(started.id, NewTimer(TimerKind.REMINDER, T0 + n, 0), T0)
        assert await tx.reschedule_timer(timer.id, T0 + 1000 + n)
        await tx.set_paused(started.id, not record.paused, T0 + n)

    await asyncio.gather(*(store.transaction(lambda tx, n=n: work(tx, n)) for n in range(8)))
    assert sorted(t.due_at for t in await store.timers(started.id)) == [T0 + 1000 + n for n in range(8)]
    assert not (await store.load_game(started.id)).paused  # paused and resumed four times each
