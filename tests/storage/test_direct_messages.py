"""Issue 19, item 5: what a DM shows, whether a post carries the board, and the language a step's message
was first written in live in rows (migration 0017), on both engines."""

from __future__ import annotations

from storage import DirectMessage


async def test_a_dm_is_kept_with_what_it_shows_and_follows_its_edits(store):
    game = await store.create_game(1, 10, 100, 1_000)
    sent = DirectMessage(
        500, game.id, 100, 0, 60, 3, "turn", {"turn": 2, "posts": [1, 2], "deadline": None}, 1_001, hand=True
    )
    await store.add_dm(sent)
    assert await store.dm(500) == sent
    # found again after a crash: the first row stays
    await store.add_dm(DirectMessage(500, game.id, 100, 0, 60, 4, "prompt", {}, 1_002))
    assert await store.dm(500) == sent
    await store.dm_moved(500, 60, 501)  # a newer DM carries the hand
    moved = await store.dm(500)
    assert moved is not None and not moved.hand and moved.newer == (60, 501)
    await store.dm_noted(500, "This decision is closed.")
    assert (await store.dm(500)).note == "This decision is closed."
    await store.dm_noted(500, "You chose: {choice}.", "commit 2")
    noted = await store.dm(500)
    assert (noted.note, noted.note_choice) == ("You chose: {choice}.", "commit 2")
    await store.dm_replaced(500, "no-longer-yours", {"holder": 0})
    replaced = await store.dm(500)
    assert (replaced.kind, replaced.facts, replaced.hand, replaced.note) == (
        "no-longer-yours",
        {"holder": 0},
        False,
        None,
    )
    assert await store.dm(999) is None


async def test_a_post_says_whether_it_carries_the_board_and_is_found_by_number(store):
    game = await store.create_game(1, 10, 100, 1_000)
    first = await store.add_post(game.id, 0, 10, 700, 1_001, ["a"], board=True)
    second = await store.add_post(game.id, 1, 10, 701, 1_002, ["b"])
    assert first.board and not second.board
    assert [p.board for p in await store.last_posts(game.id, 2)] == [True, False]
    found = await store.posts_numbered(game.id, [second.seq, first.seq, 99])
    assert [p.message_id for p in found] == [700, 701]
    assert await store.posts_numbered(game.id, []) == []
