"""What a game's channel was told, post by post (migration 0009): the turn DM's catch-up and /te log."""

from __future__ import annotations

import sqlite3

import pytest

from storage import GameNotFound, Post, Store

from .conftest import T0, StartGame


async def test_posts_are_numbered_per_game_and_read_back_oldest_first(
    store: Store, start_game: StartGame
) -> None:
    a = await start_game()
    b = await start_game(seed=8)
    first = await store.add_post(a.id, 0, 55, 100, T0, ["**The game begins**.", "alice to play."])
    await store.add_post(b.id, 0, 56, 200, T0, ["other game"])
    second = await store.add_post(a.id, 2, 55, 101, T0 + 5, ["bob placed a farm on C4 — ünï ✓"], turn_of=1)

    assert first == Post(a.id, 1, 0, None, 55, 100, T0, ("**The game begins**.", "alice to play."))
    assert second.seq == 2 and second.turn_of == 1
    assert await store.last_posts(a.id, 10) == [first, second]
    assert await store.last_posts(a.id, 1) == [second]
    assert [p.lines for p in await store.last_posts(b.id, 10)] == [("other game",)]


async def test_a_seat_catches_up_from_the_end_of_its_last_turn(store: Store, start_game: StartGame) -> None:
    started = await start_game()
    gid = started.id
    for seq, turn_of in enumerate([None, 0, None, 1, None, 0, None, None], start=1):
        await store.add_post(gid, seq, 9, 1000 + seq, T0 + seq, [f"post {seq}"], turn_of=turn_of)

    def seqs(posts: list[Post]) -> list[int]:
        return [p.seq for p in posts]

    assert seqs(await store.posts_since_turn(gid, 0)) == [7, 8]  # seat 0's last turn ended with post 6
    assert seqs(await store.posts_since_turn(gid, 1)) == [5, 6, 7, 8]
    assert seqs(await store.posts_since_turn(gid, 2)) == [1, 2, 3, 4, 5, 6, 7, 8]  # no turn of its own yet
    assert seqs(await store.posts_since_turn(gid, 2, limit=3)) == [6, 7, 8]  # the newest ones


@pytest.mark.sqlite_only
async def test_posts_need_a_game_and_go_with_it(store: Store, start_game: StartGame, db_path) -> None:
    with pytest.raises(GameNotFound):
        await store.add_post(999, 0, 1, 2, T0, ["nobody"])
    started = await start_game()
    await store.add_post(started.id, 1, 1, 2, T0, ["gone soon"])
    await store.close()
    with sqlite3.connect(db_path) as conn:
        conn.execute("PRAGMA foreign_keys = ON")
        conn.execute("DELETE FROM games WHERE id = ?", (started.id,))
        assert conn.execute("SELECT count(*) FROM game_posts").fetchone() == (0,)
