"""Timers claimed with a lease: exactly one process fires each, a dead process's timer goes to another."""

from __future__ import annotations

import asyncio

from storage import NewTimer, Shards, Store

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


# Two servers on shard 0 and one on shard 1 of 2 (Discord's formula: (guild_id >> 22) % count), and
# guild 0, which a game outside any server would have: shard 0's.
SHARD_0_GUILDS = (4 << 22, 6 << 22 | 12345, 0)
SHARD_1_GUILD = 7 << 22 | 999


async def test_a_sharded_process_claims_only_the_timers_of_its_shards_games(
    store: Store, start_game: StartGame
) -> None:
    zero, one = Shards(2, (0,)), Shards(2, (1,))
    assert [zero.of(g) for g in SHARD_0_GUILDS] == [0, 0, 0] and one.of(SHARD_1_GUILD) == 1
    mine = []
    for i, guild in enumerate(SHARD_0_GUILDS):
        started = await start_game(users=(11, 12), guild=guild)
        mine.append(await store.add_timer(started.id, NewTimer("deadline", T0 + 2 * i, 0), T0))
    other = await start_game(users=(11, 12), guild=SHARD_1_GUILD)
    theirs = await store.add_timer(other.id, NewTimer("deadline", T0 + 1, 0), T0)

    # before anything is due, each process wakes for its own timers only
    assert await store.next_claimable(T0 - 10, shards=zero) == T0
    assert await store.next_claimable(T0 - 10, shards=one) == T0 + 1
    assert await store.next_claimable(T0 - 10, shards=Shards(2, (0, 1))) == T0
    assert await store.next_claimable(T0 - 10) == T0

    assert await store.claim_due_timers(T0 + 99, "p1", shards=one) == [theirs]
    assert [t.id for t in await store.claim_due_timers(T0 + 99, "p0", shards=zero)] == [t.id for t in mine]
    # all claimed: each process wakes when its own claims run out (the default lease: 300 s)
    assert await store.next_claimable(T0 + 99, shards=one) == T0 + 99 + 300
    assert await store.claim_due_timers(T0 + 99, "p2") == []

    # a shard count of 1 is every game
    assert await store.next_claimable(T0 + 100, shards=Shards(1, (0,))) == T0 + 99 + 300
    assert await store.next_claimable(T0 + 99 + 300, shards=Shards(1, (0,))) == T0  # run out: due


async def test_a_release_ends_the_claim_or_holds_it_and_tells_whether_the_row_was_left_as_it_was(
    store: Store, start_game: StartGame
) -> None:
    started = await start_game(users=(11, 12))
    left = await store.add_timer(started.id, NewTimer("deadline", T0, 0), T0)
    moved = await store.add_timer(started.id, NewTimer("reminder", T0 + 1, 1), T0)
    now = T0 + 5
    assert [t.id for t in await store.claim_due_timers(now, "a", lease_seconds=600)] == [left.id, moved.id]
    assert await store.next_claimable(now) == now + 600

    # the handler of one moved its row (which ends the claim); the other left it as it was
    await store.reschedule_timer(moved.id, now + 50)
    assert await store.release_timer(moved.id, "a") is None
    assert await store.release_timer(left.id, "b") is None  # not b's claim: nothing changes
    assert await store.next_claimable(now) == now + 50
    assert await store.release_timer(left.id, "a") == left  # as it was: the caller's to report
    assert await store.next_claimable(now) == T0  # claimable again at once
    assert await store.release_timer(left.id, "a") is None  # no claim left to end

    # held back until a moment: nobody claims it before, anybody after
    assert [t.id for t in await store.claim_due_timers(now, "a")] == [left.id]
    assert await store.release_timer(left.id, "a", until=now + 60) == left
    assert await store.next_claimable(now) == now + 50
    assert [t.id for t in await store.claim_due_timers(now + 59, "b")] == [moved.id]
    assert [t.id for t in await store.claim_due_timers(now + 60, "b")] == [left.id]


async def test_first_tries_and_retries_are_claimed_apart(store: Store, start_game: StartGame) -> None:
    started = await start_game(users=(11, 12))
    first = [await store.add_timer(started.id, NewTimer("reminder", T0 + i, 0), T0) for i in range(3)]
    failing = await store.add_timer(started.id, NewTimer("deadline", T0, 0), T0)
    [claimed] = await store.claim_due_timers(T0, "a", limit=1, retries=None)
    assert claimed.id == first[0].id
    retry = await store.timer_failed(failing.id, T0, "boom")  # tried again a minute later
    assert retry is not None and retry.due_at == T0 + 60
    # when the next claim may find one: of the first tries, of the retries, of both (the claim's end too)
    assert await store.next_claimable(T0, retries=False) == T0 + 1
    assert await store.next_claimable(T0, retries=True) == T0 + 60
    assert await store.next_claimable(T0) == T0 + 1
    now = T0 + 70
    assert [t.id for t in await store.claim_due_timers(now, "a", retries=True)] == [failing.id]
    assert [t.id for t in await store.claim_due_timers(now, "a", retries=False)] == [t.id for t in first[1:]]
    assert await store.next_claimable(now, retries=True) == now + 300  # its claim's end (300 s by default)
    await store.reschedule_timer(failing.id, now + 5)  # a success starts it afresh: a first try again
    assert await store.next_claimable(now, retries=True) is None
    assert await store.next_claimable(now, retries=False) == now + 5


async def test_a_process_changes_a_claimed_timer_only_while_its_claim_holds(
    store: Store, start_game: StartGame
) -> None:
    started = await start_game(users=(11, 12))
    timers = [await store.add_timer(started.id, NewTimer("reminder", T0, 0), T0) for _ in range(3)]
    claimed = await store.claim_due_timers(T0, "a", lease_seconds=60)
    assert len(claimed) == 3
    # another process changes nothing of a's timers; a moves one on, after which a failure of that firing
    # (its DM, after the move) is not recorded against the row
    assert not await store.reschedule_timer(timers[0].id, T0 + 99, claimed_by="b")
    assert not await store.delete_timer(timers[1].id, claimed_by="b")
    assert await store.timer_failed(timers[2].id, T0, "boom", claimed_by="b") is None
    assert await store.reschedule_timer(timers[0].id, T0 + 99, claimed_by="a")
    assert await store.timer_failed(timers[0].id, T0, "boom", claimed_by="a") is None
    assert await store.delete_timer(timers[1].id, claimed_by="a")
    # once a's lease has run out and b claimed the last one, a's late failure changes nothing either
    [taken] = await store.claim_due_timers(T0 + 60, "b", lease_seconds=60)
    assert taken.id == timers[2].id
    assert await store.timer_failed(timers[2].id, T0 + 61, "late", claimed_by="a") is None
    retry = await store.timer_failed(timers[2].id, T0 + 61, "boom", claimed_by="b")
    assert retry is not None and retry.attempts == 1
    rows = {t.id: t for t in await store.timers(started.id)}
    assert rows[timers[0].id].due_at == T0 + 99 and rows[timers[0].id].attempts == 0
    assert timers[1].id not in rows
