"""The action log: one transaction per action, stale versions refused, races lose nothing."""

from __future__ import annotations

import asyncio
import random
import sqlite3
from contextlib import closing
from pathlib import Path

import pytest

from engine import Game, LoggedAction, Who, dump, load
from storage import (
    GameStatusError,
    InvalidPositionError,
    ReplayMismatchError,
    StaleVersionError,
    Status,
    Store,
    WrongSeatError,
)

from .conftest import T0, Play, Started, StartGame


def _next(game: Game, rng: random.Random) -> tuple[int, str, str]:
    """The seat to act, a random legal action, and the position after it (``game`` is left as it was)."""
    after = game.copy()
    seat = after.to_act
    assert seat is not None
    action = str(rng.choice(after.legal_actions()))
    after.apply(action)
    return seat, action, dump(after)


async def test_append_writes_the_log_the_position_and_the_version(
    store: Store, start_game: StartGame
) -> None:
    started = await start_game()
    game = started.game
    expected = []
    for i in range(12):
        seat, action, position = _next(game, random.Random(i))
        appended = await store.append_action(started.id, i, seat, action, position, T0 + 60 * i)
        game.apply(action)
        expected.append(LoggedAction(i + 1, T0 + 60 * i, seat, action, Who.unrecorded()))
        assert (appended.seq, appended.version, appended.status) == (i + 1, i + 1, Status.PLAYING)
        assert appended.seat_to_act == game.to_act
        record = await store.load_game(started.id)
        assert record.version == i + 1 and record.position == position
        assert record.seat_to_act == game.to_act and record.updated_at == T0 + 60 * i
        assert load(record.position) == game
    assert await store.actions(started.id) == expected
    assert await store.actions(started.id, after=10) == expected[10:]
    assert await store.verify_replay(started.id) == 12


async def test_the_engine_game_itself_is_saved_as_it_was_when_passed_to_the_end(
    store: Store, start_game: StartGame
) -> None:
    """The bot passes its ``Game`` (the store writes it out rather than reading text back): what is saved
    is its notation, and the move that ends the game finishes it, with its results, exactly as a
    position's text does."""
    started = await start_game(users=(11, 12), seed=3)
    game, rng, version = started.game, random.Random(5), 0
    while not game.is_over:
        seat = game.to_act
        assert seat is not None
        action = str(rng.choice(game.legal_actions()))
        game.apply(action)
        saved = dump(game)
        appended = await store.append_action(started.id, version, seat, action, game, T0 + version)
        version = appended.version
        assert appended.seat_to_act == game.to_act
        if version % 25 == 1 and not game.is_over:
            record = await store.load_game(started.id)
            assert record.position == saved and record.seat_to_act == game.to_act
    record = await store.load_game(started.id)
    assert record.status is Status.FINISHED and record.seat_to_act is None and record.ended_at is not None
    assert record.position == dump(game) and appended.status is Status.FINISHED
    assert [r.seat for r in await store.game_results(started.id)] == [0, 1]
    assert await store.verify_replay(started.id) == version
    with pytest.raises(TypeError):
        await store.append_action(started.id, version, 0, "pass", {"grid": []}, T0)  # type: ignore[arg-type]


async def test_a_stale_version_is_refused_and_changes_nothing(store: Store, start_game: StartGame) -> None:
    started = await start_game()
    seat, action, position = _next(started.game, random.Random(1))
    await store.append_action(started.id, 0, seat, action, position, T0)
    started.game.apply(action)
    before = await store.load_game(started.id)

    # a second command computed from version 0 (it saw the game before the first was saved)
    with pytest.raises(StaleVersionError, match="is at version 1, not 0") as caught:
        await store.append_action(started.id, 0, seat, action, position, T0 + 1)
    assert (caught.value.expected, caught.value.actual) == (0, 1)
    seat2, action2, position2 = _next(started.game, random.Random(2))
    with pytest.raises(StaleVersionError):
        await store.append_action(started.id, 5, seat2, action2, position2, T0 + 1)
    assert await store.load_game(started.id) == before
    assert len(await store.actions(started.id)) == 1


async def test_wrong_seat_status_and_foreign_positions_are_refused(
    store: Store, start_game: StartGame
) -> None:
    started = await start_game()
    other = await start_game(seed=8)
    seat, action, position = _next(started.game, random.Random(1))
    with pytest.raises(WrongSeatError, match=f"waits on seat {seat}, not on seat {(seat + 1) % 3}"):
        await store.append_action(started.id, 0, (seat + 1) % 3, action, position, T0)
    _, action_b, position_b = _next(other.game, random.Random(1))
    with pytest.raises(InvalidPositionError, match="does not belong"):
        await store.append_action(started.id, 0, seat, action_b, position_b, T0)
    with pytest.raises(InvalidPositionError, match="not valid engine notation"):
        await store.append_action(started.id, 0, seat, action, position[:-40], T0)
    lobby = await store.create_game(1, 9, 11, T0)
    with pytest.raises(GameStatusError, match="is still in its lobby, so it cannot take an action"):
        await store.append_action(lobby.id, 0, seat, action, position, T0)
    await store.abandon_game(started.id, T0)
    with pytest.raises(GameStatusError, match="is abandoned"):
        await store.append_action(started.id, 0, seat, action, position, T0)
    assert await store.actions(started.id) == []


async def _race(stores: list[Store], started: Started) -> list[BaseException | object]:
    """Two commands computed from the same version, saved at the same time."""
    record = await stores[0].load_game(started.id)
    seat, action, position = _next(started.game, random.Random(3))
    return await asyncio.gather(
        *(s.append_action(started.id, record.version, seat, action, position, T0) for s in stores),
        return_exceptions=True,
    )


async def test_two_tasks_racing_on_one_store_apply_once(store: Store, start_game: StartGame) -> None:
    started = await start_game()
    results = await _race([store, store], started)
    assert sorted(type(r).__name__ for r in results) == ["Appended", "StaleVersionError"]
    assert (await store.load_game(started.id)).version == 1
    assert len(await store.actions(started.id)) == 1


async def test_two_connections_racing_apply_once(database: str, start_game: StartGame) -> None:
    async with Store.open(database) as first, Store.open(database) as second:
        started = await start_game(target=first)
        for _ in range(10):
            results = await _race([first, second], started)
            assert sorted(type(r).__name__ for r in results) == ["Appended", "StaleVersionError"]
            winner = next(r for r in results if not isinstance(r, BaseException))
            action = (await first.actions(started.id))[-1].action
            started.game.apply(action)
            assert winner.version == (await second.load_game(started.id)).version  # type: ignore[attr-defined]
        assert len(await second.actions(started.id)) == 10
        assert await second.verify_replay(started.id) == 10


async def test_many_racing_players_lose_no_action(database: str, start_game: StartGame) -> None:
    """Eight workers on four connections each try to apply 15 actions, reloading when refused."""
    stores = [await Store.open(database) for _ in range(4)]
    try:
        started = await start_game(users=(11, 12, 13, 14), target=stores[0])
        refused = 0

        async def worker(n: int) -> int:
            nonlocal refused
            store, rng, done = stores[n % 4], random.Random(n), 0
            while done < 15:
                record = await store.load_game(started.id)
                game = record.game()
                seat, action, position = _next(game, rng)
                try:
                    await store.append_action(started.id, record.version, seat, action, position, T0)
                    done += 1
                except StaleVersionError:
                    refused += 1
                await asyncio.sleep(0)
            return done

        assert sum(await asyncio.gather(*(worker(n) for n in range(8)))) == 120
        record = await stores[3].load_game(started.id)
        assert record.version == 120 == len(await stores[2].actions(started.id))
        assert await stores[1].verify_replay(started.id) == 120
        assert refused > 0  # they did race
    finally:
        for s in stores:
            await s.close()


async def test_a_cancelled_caller_never_leaves_half_an_action(store: Store, start_game: StartGame) -> None:
    started = await start_game()
    rng = random.Random(9)
    landed = 0
    for i in range(30):
        record = await store.load_game(started.id)
        seat, action, position = _next(record.game(), rng)
        task = asyncio.create_task(
            store.append_action(started.id, record.version, seat, action, position, T0)
        )
        for _ in range(i % 6):  # cancel at different points of the transaction
            await asyncio.sleep(0)
        task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await task
        # the transaction goes on to its end without its caller (on a loaded machine, past any fixed sleep)
        await asyncio.gather(*store._writes, return_exceptions=True)
        after = await store.load_game(started.id)
        assert after.version in (record.version, record.version + 1)
        assert after.version == len(await store.actions(started.id))
        landed += after.version - record.version
    assert 0 < landed < 30  # cancelled both before and after the transaction began
    assert await store.verify_replay(started.id) == (await store.load_game(started.id)).version


@pytest.mark.sqlite_only
async def test_verify_replay_finds_every_kind_of_damage(
    store: Store, start_game: StartGame, play: Play, db_path: Path
) -> None:
    started = await start_game(users=(11, 12))
    version = await play(started, 20)
    assert await store.verify_replay(started.id) == version

    def tamper(sql: str, params: tuple[object, ...] = ()) -> None:
        with closing(sqlite3.connect(db_path)) as conn, conn:
            conn.execute(sql, params)

    good = await store.load_game(started.id)
    log = await store.actions(started.id)
    cases = [
        ("UPDATE games SET version = version + 1 WHERE id = ?", "version is 21 but its log has 20"),
        ("UPDATE actions SET seq = 40 WHERE seq = 20 AND game_id = ?", "jumps from action 19 to action 40"),
        (
            "UPDATE actions SET seat = 1 - seat WHERE seq = 3 AND game_id = ?",
            "action 3 .* is logged for seat",
        ),
        (
            "UPDATE actions SET action = 'catastrophe a1' WHERE seq = 5 AND game_id = ?",
            "refused by the rules",
        ),
        (
            "UPDATE games SET position = replace(position, '\"seed\": 7', '\"seed\": 7 ') WHERE id = ?",
            "stored position differs",
        ),
        ("UPDATE games SET seat_to_act = 1 - seat_to_act WHERE id = ?", "waits on seat"),
        ("UPDATE games SET status = 'finished' WHERE id = ?", "finished but the replayed game is not over"),
    ]
    for sql, problem in cases:
        tamper(sql, (started.id,))
        with pytest.raises(ReplayMismatchError, match=problem):
            await store.verify_replay(started.id)
        tamper("DELETE FROM actions WHERE game_id = ?", (started.id,))
        with closing(sqlite3.connect(db_path)) as conn, conn:
            conn.executemany(
                "INSERT INTO actions (game_id, seq, seat, action, at) VALUES (?, ?, ?, ?, ?)",
                [(started.id, a.seq, a.seat, a.action, a.at) for a in log],
            )
            conn.execute(
                "UPDATE games SET version = ?, position = ?, seat_to_act = ?, status = 'playing' "
                "WHERE id = ?",
                (good.version, good.position, good.seat_to_act, started.id),
            )
        assert await store.verify_replay(started.id) == version
