"""Lobbies, starting, abandoning, finishing, and the queries the bot makes."""

from __future__ import annotations

import random
import sqlite3
from contextlib import closing
from pathlib import Path

import pytest

from engine import Game, Settings, dump
from storage import (
    AlreadySeatedError,
    ChannelBusyError,
    DynastyTakenError,
    GameNotFound,
    GameStatusError,
    InvalidPositionError,
    LobbyFullError,
    NewTimer,
    NotSeatedError,
    Options,
    Status,
    Store,
    WrongPlayerCountError,
)

from .conftest import GUILD, T0, Play, StartGame


async def test_a_lobby_records_everything_the_creator_chose(store: Store) -> None:
    options = Options(board="advanced", english=True, open_scoring=True, conflict_hours=6, reminder_hours=48)
    record = await store.create_game(GUILD, 77, 11, T0, options)
    assert record.status is Status.LOBBY
    assert (record.guild_id, record.channel_id, record.creator_id) == (GUILD, 77, 11)
    assert record.options == options
    assert record.seats == () and record.version == 0
    assert record.position is None and record.seed is None and record.settings is None
    assert record.created_at == record.updated_at == T0
    assert await store.load_game(record.id) == record


async def test_options_are_checked() -> None:
    with pytest.raises(ValueError, match="not a board"):
        Options(board="hexagonal")
    with pytest.raises(ValueError, match="more than 0"):
        Options(conflict_hours=0)


async def test_seats_join_in_order_and_close_up_when_someone_leaves(store: Store) -> None:
    record = await store.create_game(GUILD, 77, 11, T0)
    for user, dynasty in ((11, "archer"), (12, "bull"), (13, "pot"), (14, None)):
        record = await store.add_seat(record.id, user, T0 + 1, dynasty=dynasty)
    assert [(s.seat, s.user_id, s.dynasty) for s in record.seats] == [
        (0, 11, "archer"),
        (1, 12, "bull"),
        (2, 13, "pot"),
        (3, 14, None),
    ]
    assert record.updated_at == T0 + 1
    with pytest.raises(LobbyFullError, match="already has 4 players"):
        await store.add_seat(record.id, 15, T0)
    with pytest.raises(AlreadySeatedError):
        await store.add_seat(record.id, 12, T0)

    record = await store.remove_seat(record.id, 12, T0 + 2)
    assert [(s.seat, s.user_id) for s in record.seats] == [(0, 11), (1, 13), (2, 14)]
    with pytest.raises(NotSeatedError):
        await store.remove_seat(record.id, 12, T0)
    with pytest.raises(DynastyTakenError, match="pot dynasty"):
        await store.add_seat(record.id, 15, T0, dynasty="pot")
    record = await store.add_seat(record.id, 15, T0, dynasty="bull")
    assert record.seat_of(15) == 3 and record.user_at(3) == 15 and record.seat_of(12) is None


async def test_one_active_game_per_channel(store: Store) -> None:
    first = await store.create_game(GUILD, 77, 11, T0)
    with pytest.raises(ChannelBusyError) as caught:
        await store.create_game(GUILD, 77, 12, T0)
    assert caught.value.game_id == first.id
    other = await store.create_game(GUILD, 78, 12, T0)  # a thread of its own
    await store.abandon_game(first.id, T0 + 5)
    again = await store.create_game(GUILD, 77, 12, T0 + 6)
    assert again.id not in (first.id, other.id)
    assert (await store.game_in_channel(77)) == again


@pytest.mark.sqlite_only
async def test_the_schema_itself_holds_one_active_game_per_channel(store: Store, db_path: Path) -> None:
    await store.create_game(GUILD, 77, 11, T0)
    insert = (
        "INSERT INTO games (guild_id, channel_id, creator_id, status, conflict_hours, reminder_hours,"
        " created_at, updated_at) VALUES (1, 77, 1, ?, 1, 1, 0, 0)"
    )
    with closing(sqlite3.connect(db_path)) as conn:
        with pytest.raises(sqlite3.IntegrityError, match="UNIQUE"):
            conn.execute(insert, ("lobby",))
        conn.execute(insert, ("abandoned",))  # ended games do not count
        with pytest.raises(sqlite3.IntegrityError, match="CHECK"):
            conn.execute(insert, ("paused",))


async def test_start_stores_seed_position_and_the_seat_to_act(store: Store) -> None:
    record = await store.create_game(GUILD, 77, 11, T0, Options(english=True))
    for user in (11, 12, 13):
        record = await store.add_seat(record.id, user, T0)
    game = Game.new(3, 99, english=True)
    started = await store.start_game(
        record.id, 99, dump(game), T0 + 10, timers=[NewTimer("reminder", T0 + 3600, game.to_act)]
    )
    assert started.status is Status.PLAYING
    assert (started.seed, started.players, started.version) == (99, 3, 0)
    assert started.position == dump(game)
    assert started.seat_to_act == game.to_act
    assert started.user_to_act == (11, 12, 13)[game.to_act]
    assert started.started_at == T0 + 10
    assert started.settings == Settings(3, "standard", True, False)
    assert started.game() == game
    assert [t.kind for t in await store.timers(record.id)] == ["reminder"]
    assert await store.verify_replay(record.id) == 0
    with pytest.raises(GameStatusError, match="is in play, so it cannot start"):
        await store.start_game(record.id, 99, dump(game), T0)
    with pytest.raises(GameStatusError, match="cannot take new players"):
        await store.add_seat(record.id, 14, T0)
    with pytest.raises(GameStatusError, match="cannot lose players"):
        await store.remove_seat(record.id, 12, T0)


async def test_start_refuses_a_position_that_is_not_this_games_start(store: Store) -> None:
    record = await store.create_game(GUILD, 77, 11, T0, Options(open_scoring=True))
    with pytest.raises(WrongPlayerCountError, match="has 0 seated players"):
        await store.start_game(record.id, 1, dump(Game.new(2, 1, open_scoring=True)), T0)
    for user in (11, 12):
        record = await store.add_seat(record.id, user, T0)
    with pytest.raises(InvalidPositionError, match="for 3 players"):
        await store.start_game(record.id, 1, dump(Game.new(3, 1, open_scoring=True)), T0)
    with pytest.raises(InvalidPositionError, match="not the start"):
        await store.start_game(record.id, 2, dump(Game.new(2, 1, open_scoring=True)), T0)  # other seed
    with pytest.raises(InvalidPositionError, match="not the start"):
        await store.start_game(record.id, 1, dump(Game.new(2, 1)), T0)  # other options
    moved = Game.new(2, 1, open_scoring=True)
    moved.apply(moved.legal_actions()[0])
    with pytest.raises(InvalidPositionError, match="not the start"):
        await store.start_game(record.id, 1, dump(moved), T0)
    with pytest.raises(InvalidPositionError, match="not valid engine notation"):
        await store.start_game(record.id, 1, "{not json", T0)
    assert (await store.load_game(record.id)).status is Status.LOBBY


async def test_abandon_ends_the_game_and_drops_its_timers(store: Store, start_game: StartGame) -> None:
    started = await start_game(timers=(NewTimer("reminder", T0 + 5),))
    lobby = await store.create_game(GUILD, 1, 11, T0)
    await store.add_timer(lobby.id, NewTimer("lobby-expiry", T0 + 9), T0)
    abandoned = await store.abandon_game(started.id, T0 + 1)
    assert abandoned.status is Status.ABANDONED and abandoned.ended_at == T0 + 1
    assert abandoned.seat_to_act is None
    assert await store.timers(started.id) == []
    assert [t.game_id for t in await store.next_due(10)] == [lobby.id]
    assert (await store.abandon_game(lobby.id, T0 + 2)).status is Status.ABANDONED
    assert await store.next_due(10) == []
    with pytest.raises(GameStatusError, match="is abandoned, so it cannot be abandoned"):
        await store.abandon_game(started.id, T0)
    assert await store.verify_replay(started.id) == 0
    assert await store.verify_replay(lobby.id) == 0


async def test_a_game_played_to_its_end_is_finished(store: Store, start_game: StartGame, play: Play) -> None:
    started = await start_game(users=(11, 12), seed=3, timers=(NewTimer("reminder", T0 + 5),))
    version = await play(started, 5000, rng_seed=4)
    assert started.game.is_over
    record = await store.load_game(started.id)
    assert record.status is Status.FINISHED
    assert record.version == version == len(await store.actions(started.id))
    assert record.seat_to_act is None and record.ended_at is not None
    assert await store.timers(started.id) == []
    assert await store.verify_replay(started.id) == version
    assert await store.game_in_channel(record.channel_id) is None


async def test_queries_by_channel_user_and_guild(store: Store, start_game: StartGame, play: Play) -> None:
    a = await start_game(users=(11, 12), seed=1, channel=501)
    b = await start_game(users=(12, 13, 14), seed=2, channel=502)
    c = await start_game(users=(11, 13), seed=3, channel=503, guild=2000)
    lobby = await store.create_game(GUILD, 504, 15, T0)
    lobby = await store.add_seat(lobby.id, 11, T0)
    await store.abandon_game(c.id, T0)

    assert (await store.game_in_channel(501)).id == a.id  # type: ignore[union-attr]
    assert (await store.game_in_channel(504)).id == lobby.id  # type: ignore[union-attr]
    assert await store.game_in_channel(503) is None
    assert await store.game_in_channel(999) is None

    assert [g.id for g in await store.games_of_user(11)] == [a.id, lobby.id]
    assert [g.id for g in await store.games_of_user(11, [Status.ABANDONED])] == [c.id]
    assert [g.id for g in await store.games_of_user(11, list(Status))] == [a.id, c.id, lobby.id]
    assert [g.id for g in await store.games_of_user(12)] == [a.id, b.id]
    assert await store.games_of_user(99) == []
    assert [g.id for g in await store.games_of_guild(GUILD)] == [a.id, b.id, lobby.id]
    assert [g.id for g in await store.games_of_guild(2000)] == []
    assert [g.id for g in await store.games_of_guild(2000, ["abandoned"])] == [c.id]
    assert await store.game_ids() == sorted([a.id, b.id, c.id, lobby.id])
    assert await store.game_ids([Status.PLAYING]) == [a.id, b.id]

    # games_waiting_on follows the seat to act, action after action
    rng = random.Random(5)
    for _ in range(40):
        for started in (a, b):
            record = await store.load_game(started.id)
            waiting = {
                user: {g.id for g in await store.games_waiting_on(user)} for user in (11, 12, 13, 14, 15)
            }
            assert started.id in waiting[record.user_to_act]  # type: ignore[index]
            assert sum(started.id in ids for ids in waiting.values()) == 1
            seat = started.game.to_act
            action = rng.choice(started.game.legal_actions())
            started.game.apply(action)
            await store.append_action(started.id, record.version, seat, str(action), dump(started.game), T0)
    assert all(g.status is Status.PLAYING for g in await store.games_waiting_on(12))


async def test_unknown_games_raise_game_not_found(store: Store) -> None:
    with pytest.raises(GameNotFound, match="There is no game 404"):
        await store.load_game(404)
    for call in (
        store.add_seat(404, 1, T0),
        store.remove_seat(404, 1, T0),
        store.start_game(404, 1, dump(Game.new(2, 1)), T0),
        store.abandon_game(404, T0),
        store.append_action(404, 0, 0, "pass", dump(Game.new(2, 1)), T0),
        store.add_timer(404, NewTimer("reminder", T0), T0),
        store.remember_message(404, "board", 1, 2, T0),
        store.verify_replay(404),
    ):
        with pytest.raises(GameNotFound):
            await call


async def test_ids_and_times_must_be_ints(store: Store) -> None:
    with pytest.raises(TypeError, match="now must be an int"):
        await store.create_game(GUILD, 77, 11, 1.5)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="channel_id must be an int"):
        await store.create_game(GUILD, "77", 11, T0)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="not bool"):
        await store.create_game(GUILD, 77, True, T0)  # type: ignore[arg-type]
    assert await store.game_ids() == []


async def test_discord_sized_ids_round_trip(store: Store) -> None:
    big = 1_234_567_890_123_456_789  # snowflakes use 64 bits
    record = await store.create_game(big, big + 1, big + 2, T0)
    record = await store.add_seat(record.id, big + 3, T0)
    assert (record.guild_id, record.channel_id, record.creator_id) == (big, big + 1, big + 2)
    assert record.seats[0].user_id == big + 3
    assert [g.id for g in await store.games_of_user(big + 3)] == [record.id]


async def test_a_closed_store_refuses_work(db_path: Path) -> None:
    store = await Store.open(db_path)
    await store.close()
    await store.close()
    assert store.closed
    with pytest.raises(Exception, match="The store is closed"):
        await store.load_game(1)
