"""Pausing a game (R31: every seat away): its timers are held, not lost, and never due while it lasts."""

from __future__ import annotations

import pytest

from engine import Who
from storage import GamePausedError, GameStatusError, NewTimer, Status, Store, TimerKind

from .conftest import GUILD, T0, StartGame, play_first, user_at

FAR = T0 + 10**7


async def test_a_pause_holds_the_timers_that_would_play_and_resuming_moves_them_on(
    store: Store, start_game: StartGame
) -> None:
    started = await start_game(
        users=(11, 12),
        timers=(
            NewTimer(TimerKind.DEADLINE, T0 + 100, 0),
            NewTimer(TimerKind.REMINDER, T0 + 50, 0),
            NewTimer("warning", T0 + 80, 0),
        ),
    )
    gid = started.id
    assert await store.set_paused(gid, True, T0 + 10)
    assert not await store.set_paused(gid, True, T0 + 20)  # already paused: the first moment stays
    record = await store.load_game(gid)
    assert record.paused and record.paused_at == T0 + 10

    by_kind = {t.kind: t for t in await store.timers(gid)}
    assert by_kind[TimerKind.DEADLINE].held_since == T0 + 10 and by_kind["warning"].held
    assert not by_kind[TimerKind.REMINDER].held  # reminders keep running by default
    assert [t.kind for t in await store.due_timers(FAR)] == [TimerKind.REMINDER]
    assert [t.kind for t in await store.next_due(10)] == [TimerKind.REMINDER]

    # timers added while paused are held from when they were added, unless their kind keeps running
    deadline = await store.add_timer(gid, NewTimer(TimerKind.DEADLINE, T0 + 600, 1), T0 + 500)
    reminder = await store.add_timer(gid, NewTimer(TimerKind.REMINDER, T0 + 700, 1), T0 + 500)
    assert deadline.held_since == T0 + 500 and not reminder.held
    assert await store.reschedule_timer(deadline.id, T0 + 650)  # a held timer stays held
    assert deadline.id not in {t.id for t in await store.due_timers(FAR)}

    assert await store.set_paused(gid, False, T0 + 1000)
    assert not await store.set_paused(gid, False, T0 + 1001)
    assert (await store.load_game(gid)).paused_at is None
    due = {t.id: t for t in await store.due_timers(FAR)}
    assert all(not t.held for t in due.values()) and len(due) == 5
    assert due[by_kind[TimerKind.DEADLINE].id].due_at == T0 + 100 + 990  # held 990 s: moved 990 s
    assert due[by_kind["warning"].id].due_at == T0 + 80 + 990
    assert due[deadline.id].due_at == T0 + 650 + 500  # held since it was added
    assert due[by_kind[TimerKind.REMINDER].id].due_at == T0 + 50  # never held, never moved


async def test_a_pause_can_hold_every_kind(store: Store, start_game: StartGame) -> None:
    started = await start_game(users=(11, 12), timers=(NewTimer(TimerKind.REMINDER, T0 + 50, 0),))
    assert await store.set_paused(started.id, True, T0, keep_kinds=())
    assert await store.next_due() == [] and await store.due_timers(FAR) == []
    assert [t.held for t in await store.timers(started.id)] == [True]


async def test_only_a_persons_own_action_is_saved_while_paused(store: Store, start_game: StartGame) -> None:
    started = await start_game(users=(11, 12))
    gid = started.id
    await store.set_paused(gid, True, T0)
    before = await store.load_game(gid)
    for actor in (Who.deadline(), Who.computer("normal"), None):
        with pytest.raises(GamePausedError, match="is paused, so only a player's own action can be saved"):
            await play_first(store, started, T0 + 1, actor=actor)
    assert await store.load_game(gid) == before

    appended = await play_first(
        store,
        started,
        T0 + 2,
        actor=Who.person(user_at(started.record, started.game.to_act)),
        timers_to_add=(NewTimer(TimerKind.DEADLINE, T0 + 99, started.game.to_act),),
    )
    assert appended.paused and appended.version == 1
    assert [t.held_since for t in appended.timers] == [T0 + 2]  # the game is still paused: held

    # the game ends while paused: it is over, not paused, and keeps no timers
    while appended.status is Status.PLAYING:
        appended = await play_first(
            store, started, T0 + 3, actor=Who.person(user_at(started.record, started.game.to_act))
        )
    assert not appended.paused
    record = await store.load_game(gid)
    assert record.status is Status.FINISHED and record.paused_at is None and await store.timers(gid) == []
    assert await store.verify_replay(gid) == record.version


async def test_only_a_game_in_play_pauses(store: Store, start_game: StartGame) -> None:
    lobby = await store.create_game(GUILD, 95, 11, T0)
    with pytest.raises(GameStatusError, match="lobby, so it cannot be paused or resumed"):
        await store.set_paused(lobby.id, True, T0)
    started = await start_game(users=(11, 12))
    await store.set_paused(started.id, True, T0)
    record = await store.abandon_game(started.id, T0 + 1)
    assert record.status is Status.ABANDONED and record.paused_at is None
    with pytest.raises(GameStatusError):
        await store.set_paused(started.id, False, T0 + 2)
