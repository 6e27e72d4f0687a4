"""Who made each action (R31), and undo as a row of the log that only grows (R32)."""

from __future__ import annotations

import asyncio
import random

import pytest

from engine import UNDO, Game, LoggedAction, Settings, UndoRefused, Who, WhoKind, dump, replay, take_back
from storage import (
    GameRecord,
    InvalidPositionError,
    NotSeatOwnerError,
    ReplayMismatchError,
    StaleVersionError,
    Store,
    TakeBackError,
)
from storage.__main__ import main

from .conftest import T0, Started, StartGame, integrity_line, play_first, raw_execute, user_at


async def _undo(store: Store, started: Started, now: int, user_id: int) -> tuple[int, str]:
    """Take back the newest effective action as the bot does: ask the engine, save the undo; the engine
    game follows. Returns the new version and the action taken back."""
    record = await store.load_game(started.id)
    assert record.settings is not None and record.seed is not None and record.seat_to_act is not None
    effective = await store.effective_actions(started.id)
    back = take_back(record.settings, record.seed, effective)
    appended = await store.append_undo(
        started.id, record.version, record.seat_to_act, dump(back.game), now, actor=Who.person(user_id)
    )
    started.game = back.game
    assert appended.undoes is not None and appended.seat_to_act == back.game.to_act
    return appended.version, back.action


def _owner(started: Started, record: GameRecord | None = None) -> int:
    return user_at(record or started.record, started.game.to_act)


async def test_each_action_records_who_made_it(store: Store, start_game: StartGame) -> None:
    started = await start_game(users=(11, 12))
    await play_first(store, started, T0 + 1, actor=Who.person(_owner(started)))
    await play_first(store, started, T0 + 2, actor=Who.deadline())
    await play_first(store, started, T0 + 3, actor=Who.computer("hard"))
    await play_first(store, started, T0 + 4)  # an old caller: no actor recorded
    log = await store.actions(started.id)
    assert [a.who for a in log] == [
        Who.person(user_at(started.record, log[0].seat)),
        Who(WhoKind.DEADLINE),
        Who(WhoKind.COMPUTER, level="hard"),
        Who.unrecorded(),
    ]
    assert all(a.effective and not a.is_undo and not a.taken_back for a in log)
    assert await store.effective_actions(started.id) == [a.action for a in log]
    with pytest.raises(ValueError, match="user id"):
        Who(WhoKind.PERSON)
    with pytest.raises(ValueError, match="level"):
        Who(WhoKind.COMPUTER)
    with pytest.raises(ValueError, match="not a computer level"):  # the store keeps the levels it knows
        await play_first(store, started, T0 + 5, actor=Who.computer("wizard"))
    with pytest.raises(ValueError, match="user id"):  # a person is stored by user id, not by name
        await play_first(store, started, T0 + 5, actor=Who.person(name="Alice"))
    assert len(await store.actions(started.id)) == len(log)


async def test_undo_appends_a_row_and_marks_the_action_taken_back(
    store: Store, start_game: StartGame, database: str, capsys: pytest.CaptureFixture[str]
) -> None:
    started = await start_game(users=(11, 12, 13), seed=7)
    start_position = started.record.position
    seat = started.game.to_act
    assert seat is not None
    alice = _owner(started)

    first = await play_first(store, started, T0 + 10, actor=Who.person(alice))
    assert first.seat_to_act == seat  # the turn goes on: R32 allows taking it back
    version, action = await _undo(store, started, T0 + 20, alice)
    assert version == 2  # the log only grows
    record = await store.load_game(started.id)
    assert (record.version, record.position, record.seat_to_act) == (2, start_position, seat)
    log = await store.actions(started.id)
    assert log == [
        LoggedAction(1, T0 + 10, seat, action, Who.person(alice), None, 2),
        LoggedAction(2, T0 + 20, seat, UNDO, Who.person(alice), 1, None),
    ]
    assert log[0].taken_back and not log[0].effective and log[1].is_undo and not log[1].effective
    assert await store.effective_actions(started.id) == []
    assert await store.verify_replay(started.id) == 2

    # play on: another action, taken back too, then one kept and the turn's end
    await play_first(store, started, T0 + 30, actor=Who.person(alice))
    await _undo(store, started, T0 + 40, alice)
    kept = await play_first(store, started, T0 + 50, actor=Who.person(alice))
    while started.game.to_act == seat:
        await play_first(store, started, T0 + 60, actor=Who.person(alice))
    # the next player takes back their own action
    bob = _owner(started)
    await play_first(store, started, T0 + 70, actor=Who.person(bob))
    await _undo(store, started, T0 + 80, bob)

    record = await store.load_game(started.id)
    effective = await store.effective_actions(started.id)
    log = await store.actions(started.id)
    assert [a.action for a in log if a.effective] == effective and len(log) == record.version
    assert [a.seq for a in log if a.is_undo] == [2, 4, record.version]
    assert log[kept.seq - 1].effective
    assert record.settings is not None and record.seed is not None
    assert dump(replay(record.settings, record.seed, effective)) == record.position
    assert await store.verify_replay(started.id) == record.version

    # python -m storage check replays the effective actions only
    assert await asyncio.to_thread(main, ["check", "--database", database, str(started.id)]) == 0
    taken_back = (record.version - len(effective)) // 2
    line = f"game {started.id}: ok ({len(effective)} actions replayed, {taken_back} taken back)"
    assert capsys.readouterr().out.splitlines() == [integrity_line(database), line]


async def test_undo_refusals_change_nothing(store: Store, start_game: StartGame) -> None:
    started = await start_game(users=(11, 12, 13), seed=7)
    gid = started.id
    seat = started.game.to_act
    assert seat is not None
    alice = _owner(started)
    settings, seed = Settings(3), 7
    fresh = dump(Game.new(3, 7))

    with pytest.raises(TakeBackError, match="there is no action to take back"):
        await store.append_undo(gid, 0, seat, fresh, T0, actor=Who.person(alice))

    # R31: nothing the computer player or a deadline did for the seat is taken back by its owner
    for actor, who in ((Who.computer("normal"), "the computer player"), (Who.deadline(), "a deadline")):
        covered = await start_game(users=(11, 12, 13), seed=7)
        played = await play_first(store, covered, T0, actor=actor)
        before = await store.load_game(covered.id)
        with pytest.raises(TakeBackError, match=f"was made by {who}"):
            await store.append_undo(covered.id, played.version, seat, fresh, T0 + 1, actor=Who.person(alice))
        assert await store.load_game(covered.id) == before and len(await store.actions(covered.id)) == 1

    appended = await play_first(store, started, T0 + 2, actor=Who.person(alice))
    back = dump(take_back(settings, seed, await store.effective_actions(gid)).game)
    with pytest.raises(StaleVersionError):
        await store.append_undo(gid, appended.version - 1, seat, back, T0 + 3, actor=Who.person(alice))
    with pytest.raises(NotSeatOwnerError):
        await store.append_undo(gid, appended.version, seat, back, T0 + 3, actor=Who.person(99))
    with pytest.raises(ValueError, match="a person's"):
        await store.append_undo(gid, appended.version, seat, back, T0 + 3, actor=Who.computer("easy"))

    # the seat changed hands after the action: its new owner cannot take back the old owner's action
    await store.replace_seat(gid, seat, user_id=31, by_user_id=11, now=T0 + 4)
    with pytest.raises(TakeBackError, match=f"made by user {alice}, not user 31"):
        await store.append_undo(gid, appended.version, seat, back, T0 + 5, actor=Who.person(31))
    await store.replace_seat(gid, seat, user_id=alice, by_user_id=11, now=T0 + 6)

    # another seat's action is not the caller's to take back
    while started.game.to_act == seat:
        await play_first(store, started, T0 + 7, actor=Who.person(alice))
    other = started.game.to_act
    assert other is not None
    version = (await store.load_game(gid)).version
    with pytest.raises(UndoRefused):  # the engine says R32's sentence first ...
        take_back(settings, seed, await store.effective_actions(gid))
    with pytest.raises(TakeBackError, match=f"its newest action is seat {seat}'s, not seat {other}'s"):
        await store.append_undo(
            gid, version, other, fresh, T0 + 8, actor=Who.person(_owner(started))
        )  # ... and the log
    assert await store.verify_replay(gid) == version


async def test_an_undo_cannot_end_the_game(store: Store, start_game: StartGame) -> None:
    started = await start_game(users=(11, 12))
    game = Game.new(2, 1)
    rng = random.Random(3)
    while not game.is_over:
        game.apply(rng.choice(game.legal_actions()))
    with pytest.raises(InvalidPositionError, match="cannot end the game"):
        await store.append_undo(started.id, 0, 0, dump(game), T0, actor=Who.person(11))


async def test_a_log_whose_undo_marks_disagree_does_not_replay(
    store: Store, start_game: StartGame, database: str
) -> None:
    started = await start_game(users=(11, 12, 13), seed=7)
    alice = _owner(started)
    await play_first(store, started, T0, actor=Who.person(alice))
    await _undo(store, started, T0 + 1, alice)
    await play_first(store, started, T0 + 2, actor=Who.person(alice))
    assert await store.verify_replay(started.id) == 3

    await raw_execute(
        database, ("UPDATE actions SET taken_back_by = NULL WHERE game_id = ? AND seq = 1", (started.id,))
    )
    with pytest.raises(ReplayMismatchError, match="action 1 is not marked as taken back by undo 2"):
        await store.verify_replay(started.id)
    await raw_execute(
        database,
        ("UPDATE actions SET taken_back_by = 2 WHERE game_id = ? AND seq = 1", (started.id,)),
        ("UPDATE actions SET taken_back_by = 9 WHERE game_id = ? AND seq = 3", (started.id,)),
    )
    with pytest.raises(
        ReplayMismatchError, match="action 3 is marked as taken back by 9, which is not an undo"
    ):
        await store.verify_replay(started.id)
    await raw_execute(
        database,
        ("UPDATE actions SET taken_back_by = NULL WHERE game_id = ? AND seq = 3", (started.id,)),
        ("UPDATE actions SET seat = seat + 1 WHERE game_id = ? AND seq = 2", (started.id,)),
    )
    with pytest.raises(ReplayMismatchError, match=r"undo 2 is seat \d's but action 1 was seat \d's"):
        await store.verify_replay(started.id)
