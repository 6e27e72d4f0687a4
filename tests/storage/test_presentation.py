"""Each game records the version its channel and DMs have been shown: nothing saved is left unshown."""

from __future__ import annotations

from pathlib import Path

import aiosqlite
import pytest

from storage import GameNotFound, Status, Store

from .conftest import GUILD, T0, Play, StartGame, old_database


async def test_a_started_game_waits_to_be_shown_until_marked(store: Store, start_game: StartGame) -> None:
    lobby = await store.create_game(GUILD, 900, 11, T0)
    assert lobby.presented_version == -1 and not lobby.needs_presenting
    started = await start_game()
    assert started.record.presented_version == -1 and started.record.needs_presenting  # the start itself
    assert [g.id for g in await store.games_to_present()] == [started.id]
    assert await store.mark_presented(started.id, 0) is True
    record = await store.load_game(started.id)
    assert record.presented_version == 0 and not record.needs_presenting
    assert await store.games_to_present() == []


async def test_a_move_saved_but_not_shown_is_found_until_it_is_shown(
    store: Store, start_game: StartGame, play: Play
) -> None:
    a = await start_game()
    b = await start_game(seed=9)
    for game in (a, b):
        await store.mark_presented(game.id, 0)
    await play(a, 3)  # saved; the process "dies" before presenting
    [behind] = await store.games_to_present()
    assert (behind.id, behind.version, behind.presented_version) == (a.id, 3, 0)
    assert behind.needs_presenting
    assert await store.mark_presented(a.id, 3) is True
    assert await store.games_to_present() == []
    assert (await store.load_game(b.id)).presented_version == 0


async def test_the_mark_never_goes_backwards_nor_past_the_game(
    store: Store, start_game: StartGame, play: Play
) -> None:
    started = await start_game()
    await play(started, 5)
    assert await store.mark_presented(started.id, 4) is True
    assert await store.mark_presented(started.id, 2) is False  # a slower, older presentation ends last
    assert await store.mark_presented(started.id, 4) is False
    assert (await store.load_game(started.id)).presented_version == 4
    with pytest.raises(ValueError, match="version 6 cannot be shown"):
        await store.mark_presented(started.id, 6)
    with pytest.raises(GameNotFound):
        await store.mark_presented(404, 0)
    assert await store.mark_presented(started.id, 5) is True


async def test_finished_games_are_presented_too_abandoned_ones_are_not(
    store: Store, start_game: StartGame, play: Play
) -> None:
    finished = await start_game(users=(11, 12), seed=3)
    await play(finished, 10_000)
    assert (await store.load_game(finished.id)).status is Status.FINISHED
    abandoned = await start_game(seed=4)
    await store.abandon_game(abandoned.id, T0 + 5)
    assert [g.id for g in await store.games_to_present()] == [finished.id]
    ids = [(await start_game(seed=s)).id for s in range(20, 25)]
    assert [g.id for g in await store.games_to_present(limit=3)] == [finished.id, *ids[:2]]


async def test_games_saved_before_the_upgrade_count_as_shown(db_path: Path) -> None:
    await old_database(db_path, 2)  # game 1 in play, one action
    async with aiosqlite.connect(db_path, isolation_level=None) as conn:
        await conn.execute(
            "INSERT INTO games (guild_id, channel_id, creator_id, conflict_hours, reminder_hours, created_at,"
            " updated_at) VALUES (1, 5, 3, 12, 24, 10, 10)"
        )
        await conn.execute(
            "INSERT INTO timers (game_id, kind, seat, due_at, created_at) VALUES (1, 'deadline', 0, 50, 10)"
        )
    async with Store.open(db_path) as store:
        assert (await store.load_game(1)).presented_version == 1
        assert (await store.load_game(2)).presented_version == -1  # a lobby: its start is still to show
        assert await store.games_to_present() == []
        [timer] = await store.due_timers(50)
        assert (timer.attempts, timer.last_error, timer.set_aside_at) == (0, None, None)
        assert await store.verify_replay(1) == 1


async def test_each_step_of_showing_a_version_is_recorded_until_the_version_is_marked(
    store: Store, start_game: StartGame, play: Play
) -> None:
    """Issue 17: a step begun (a message about to be sent, with its text's hash), then done with its
    message; a post and a remembered DM record their step in their own transaction; marking the version
    forgets them."""
    game = await start_game()
    await store.mark_presented(game.id, 0)
    await play(game, 1)
    assert await store.presentation_steps(game.id, 1) == {}

    await store.begin_step(game.id, 1, "post", T0, channel_id=7, content_hash="abc")
    [begun] = (await store.presentation_steps(game.id, 1)).values()
    assert (begun.step, begun.done, begun.content_hash, begun.channel_id, begun.started_at) == (
        "post",
        False,
        "abc",
        7,
        T0,
    )
    post = await store.add_post(game.id, 1, 7, 70, T0 + 1, ["alice passed."], step="post")
    assert await store.post_of(game.id, 70) == post and await store.post_of(game.id, 71) is None
    # the turn's post edited for the next version (issue 18): the message's newest row is its post
    await play(game, 2)
    edited = await store.add_post(game.id, 2, 7, 70, T0 + 2, ["bob passed."], turn_of=1)
    assert await store.post_of(game.id, 70) == edited and edited.seq == post.seq + 1

    old_hand = await store.remember_message(game.id, "hand", 8, 80, T0, user_id=11)
    assert old_hand is None
    await store.remember_message(game.id, "hand", 8, 81, T0 + 2, user_id=11, step=(1, "dm:11"))
    await store.record_step(game.id, 1, "close", T0 + 3)
    await store.begin_step(game.id, 1, "post", T0 + 4, channel_id=9, content_hash="xyz")  # done: kept
    steps = await store.presentation_steps(game.id, 1)
    assert set(steps) == {"post", "dm:11", "close"} and all(s.done for s in steps.values())
    assert (steps["post"].channel_id, steps["post"].message_id, steps["post"].content_hash) == (7, 70, "abc")
    dm = steps["dm:11"]
    assert (dm.message_id, dm.replaced_channel_id, dm.replaced_message_id) == (81, 8, 80)
    assert (steps["close"].message_id, steps["close"].done_at) == (None, T0 + 3)
    assert await store.presentation_steps(game.id, 2) == {}

    assert await store.mark_presented(game.id, 1) is True
    assert await store.presentation_steps(game.id, 1) == {}
