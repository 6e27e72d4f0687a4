"""Timers claimed with a lease: exactly one process fires each, a dead process's timer goes to another."""

from __future__ import annotations

import asyncio

from storage import NewTimer, Store

from .conftest import T0, StartGame


async def test_each_due_timer_is_claimed_once_until_its_lease_ends(
    database: str, start_game: StartGame
) -> None:
    async with Store.open(database) as one, Store.open(database) as two:
        started = await start_game(users=(11, 12), target=one)
        timers = [await one.add_timer(started.id, NewTimer("deadline", T0 + i, 0), T0) for i in range(30)]
        late = await one.add_timer(started.id, NewTimer("reminder", T0 + 999, 1), T0)
        now = T0 + 100
        # two processes claim at once, a few at a time: every due timer goes to exactly one of them
        claims = await asyncio.gather(
            *(store.claim_due_timers(now, name, lease_seconds=60, limit=4)
              for _ in range(10) for store, name in ((one, "a"), (two, "b")))
        )  # fmt: skip
        claimed = [t.id for batch in claims for t in batch]
        assert sorted(claimed) == [t.id for t in timers]
        assert late.id not in claimed
        # within the lease nobody gets them again
        assert await two.claim_due_timers(now + 59, "b") == []
        # the processes die without answering them: once the lease has run out, another claims them;
        # an answered timer is gone, a rescheduled one is claimable again as soon as it is due again
        await one.delete_timer(timers[1].id)
        await one.reschedule_timer(timers[2].id, now + 30)
        again = await two.claim_due_timers(now + 60, "b", lease_seconds=60)
        assert [t.id for t in again] == [timers[0].id, *(t.id for t in timers[3:]), timers[2].id]
        assert [t.id for t in await one.claim_due_timers(now + 60, "a")] == []
        retry = await two.timer_failed(timers[0].id, now + 60, "boom")  # a failure ends the claim too
        assert retry is not None and retry.due_at is not None
        assert await one.claim_due_timers(retry.due_at - 1, "a") == []
        assert timers[0].id in [t.id for t in await one.claim_due_timers(retry.due_at, "a")]
