"""Timers (deadlines, reminders) and the remembered Discord messages."""

from __future__ import annotations

import dataclasses
import random

import pytest

from engine import dump
from storage import (
    ALL_TIMERS,
    GameNotFound,
    GameStatusError,
    MessageKind,
    MessageRef,
    NewTimer,
    StaleVersionError,
    Store,
    Timer,
    TimerKind,
)

from .conftest import T0, Started, StartGame


def _step(started: Started, rng: random.Random) -> tuple[int, str, str]:
    game = started.game
    seat = game.to_act
    assert seat is not None
    action = str(rng.choice(game.legal_actions()))
    game.apply(action)
    return seat, action, dump(game)


async def test_timers_come_out_by_due_time_then_id(store: Store, start_game: StartGame) -> None:
    a = await start_game()
    b = await start_game(seed=8)
    due = [T0 + 50, T0 + 10, T0 + 30, T0 + 10, T0 + 70]
    added = []
    for i, when in enumerate(due):
        game = (a, b)[i % 2]
        added.append(await store.add_timer(game.id, NewTimer("deadline", when, i % 3, {"n": i}), T0))
    order = sorted(added, key=lambda t: (t.due_at, t.id))
    assert [t.payload["n"] for t in order] == [1, 3, 2, 0, 4]
    assert await store.next_due() == order[:1]
    assert await store.next_due(limit=3) == order[:3]
    assert await store.next_due(limit=10) == order
    assert await store.due_timers(T0 + 9) == []
    assert await store.due_timers(T0 + 10) == order[:2]
    assert await store.due_timers(T0 + 50) == order[:4]
    assert await store.due_timers(T0 + 50, limit=1) == order[:1]
    assert await store.timers(a.id) == [t for t in order if t.game_id == a.id]
    assert await store.delete_timer(order[0].id) is True
    assert await store.delete_timer(order[0].id) is False
    assert await store.next_due() == order[1:2]
    assert await store.reschedule_timer(order[0].id, T0) is False  # gone
    assert await store.reschedule_timer(order[1].id, T0 + 999) is True
    moved = dataclasses.replace(order[1], due_at=T0 + 999)
    assert await store.next_due(limit=10) == [*order[2:], moved]
    assert await store.due_timers(T0 + 50) == order[2:4]


async def test_a_timer_keeps_its_fields_and_ids_are_never_reused(store: Store, start_game: StartGame) -> None:
    started = await start_game()
    payload = {"decision": "war-defender", "version": 3, "options": [0, 1, 2], "user": 2**62}
    timer = await store.add_timer(started.id, NewTimer(TimerKind.DEADLINE, T0 + 99, 2, payload), T0 + 1)
    assert timer == Timer(timer.id, started.id, "deadline", 2, T0 + 99, payload, T0 + 1)
    assert await store.timers(started.id) == [timer]
    await store.delete_timer(timer.id)
    again = await store.add_timer(started.id, NewTimer("reminder", T0 + 5), T0)
    assert again.id > timer.id and again.seat is None and again.payload == {}
    with pytest.raises(TypeError, match="due_at must be an int"):
        await store.add_timer(started.id, NewTimer("reminder", 1.5), T0)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="needs a kind"):
        await store.add_timer(started.id, NewTimer("", T0), T0)
    with pytest.raises(TypeError, match="Object of type set"):
        await store.add_timer(started.id, NewTimer("reminder", T0, payload={"x": {1}}), T0)
    assert await store.timers(started.id) == [again]


async def test_the_action_that_answers_a_timer_deletes_it(store: Store, start_game: StartGame) -> None:
    started = await start_game()
    other = await start_game(seed=9)
    rng = random.Random(2)
    deadline = await store.add_timer(started.id, NewTimer("deadline", T0 + 10, started.game.to_act), T0)
    reminder = await store.add_timer(started.id, NewTimer("reminder", T0 + 20, started.game.to_act), T0)
    foreign = await store.add_timer(other.id, NewTimer("deadline", T0 + 5), T0)

    seat, action, position = _step(started, rng)
    appended = await store.append_action(
        started.id,
        0,
        seat,
        action,
        position,
        T0 + 1,
        timers_to_delete=[deadline.id, foreign.id],  # another game's timer is out of reach
        timers_to_add=[NewTimer("deadline", T0 + 40, started.game.to_act, {"for": 1})],
    )
    new = appended.timers[0]
    assert (new.kind, new.seat, new.due_at, new.payload, new.created_at) == (
        "deadline",
        started.game.to_act,
        T0 + 40,
        {"for": 1},
        T0 + 1,
    )
    assert await store.timers(started.id) == [reminder, new]
    assert await store.timers(other.id) == [foreign]

    seat, action, position = _step(started, rng)
    appended = await store.append_action(
        started.id,
        1,
        seat,
        action,
        position,
        T0 + 2,
        timers_to_delete=ALL_TIMERS,
        timers_to_add=[NewTimer("reminder", T0 + 50)],
    )
    assert await store.timers(started.id) == list(appended.timers)
    assert await store.next_due(5) == [foreign, *appended.timers]


async def test_timer_changes_roll_back_with_a_refused_action(store: Store, start_game: StartGame) -> None:
    started = await start_game()
    rng = random.Random(4)
    deadline = await store.add_timer(started.id, NewTimer("deadline", T0 + 10), T0)
    seat, action, position = _step(started, rng)

    with pytest.raises(StaleVersionError):
        await store.append_action(
            started.id,
            3,
            seat,
            action,
            position,
            T0,
            timers_to_delete="all",
            timers_to_add=[NewTimer("deadline", T0 + 99)],
        )
    # A failure after the log row and the deletion were written: everything goes back.
    with pytest.raises(TypeError, match="due_at"):
        await store.append_action(
            started.id,
            0,
            seat,
            action,
            position,
            T0,
            timers_to_delete=[deadline.id],
            timers_to_add=[NewTimer("deadline", T0 + 99), NewTimer("deadline", float(T0))],  # type: ignore[arg-type]
        )
    assert await store.timers(started.id) == [deadline]
    assert (await store.load_game(started.id)).version == 0
    assert await store.actions(started.id) == []


async def test_timers_belong_to_lobbies_and_games_in_play(store: Store, start_game: StartGame) -> None:
    started = await start_game()
    await store.abandon_game(started.id, T0)
    with pytest.raises(GameStatusError, match="cannot have timers"):
        await store.add_timer(started.id, NewTimer("reminder", T0), T0)


async def test_messages_are_remembered_per_game_and_player(store: Store, start_game: StartGame) -> None:
    a = await start_game(users=(11, 12))
    b = await start_game(users=(11, 13), seed=3)
    assert await store.message(a.id, MessageKind.BOARD) is None
    assert await store.remember_message(a.id, MessageKind.BOARD, 900, 1, T0) is None
    old = await store.remember_message(a.id, MessageKind.BOARD, 900, 2, T0 + 1)
    assert old == MessageRef(a.id, "board", None, 900, 1, T0)
    assert await store.message(a.id, "board") == MessageRef(a.id, "board", None, 900, 2, T0 + 1)

    await store.remember_message(a.id, MessageKind.HAND, 7011, 31, T0, user_id=11)
    await store.remember_message(a.id, MessageKind.HAND, 7012, 32, T0, user_id=12)
    await store.remember_message(b.id, MessageKind.HAND, 7011, 41, T0, user_id=11)
    await store.remember_message(a.id, MessageKind.PROMPT, 7012, 33, T0, user_id=12)
    assert (await store.message(a.id, "hand", user_id=11)).message_id == 31  # type: ignore[union-attr]
    assert (await store.message(b.id, "hand", user_id=11)).message_id == 41  # type: ignore[union-attr]
    assert await store.message(a.id, "hand") is None  # the game-wide slot is separate
    assert [(m.kind, m.user_id, m.message_id) for m in await store.messages(a.id)] == [
        ("board", None, 2),
        ("hand", 11, 31),
        ("hand", 12, 32),
        ("prompt", 12, 33),
    ]
    assert [m.user_id for m in await store.messages(a.id, "hand")] == [11, 12]

    assert await store.forget_message(a.id, "prompt", user_id=12) is True
    assert await store.forget_message(a.id, "prompt", user_id=12) is False
    assert await store.message(a.id, "prompt", user_id=12) is None
    with pytest.raises(GameNotFound):
        await store.remember_message(404, "board", 1, 2, T0)
    with pytest.raises(ValueError, match="needs a kind"):
        await store.remember_message(a.id, "", 1, 2, T0)
