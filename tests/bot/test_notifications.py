"""Notifications with intent (issue 10), through simcord: what each player is told, where, and how often.

A whole 3-player game is played through the commands; then every channel post, every mention that notified
someone (simcord's pings, after ``allowed_mentions``) and every DM is checked against what the issue asks."""

from __future__ import annotations

import random
import re

import render
from bot.texts import SINCE_LAST_TURN
from engine import Phase, replay
from tests.bot.conftest import Table, dm_text, drive, names_game, open_table, pings, play_on

SEED = 20261122
DM_LINK = re.compile(r"\(https://discord\.com/channels/@me/(\d+)/(\d+)\)")
POST_LINK = re.compile(r"\(https://discord\.com/channels/(\d+)/(\d+)/(\d+)\)")
# Event kinds after which the channel shows the board: a turn ends, a conflict starts or ends, the game ends
BOARD_EVENTS = {"turn", "revolt", "war", "revolt-won", "war-won", "game-over"}


def dms(member) -> list:
    return member.user.dm_channel.history() if member.user.dm_channel else []


async def whole_game(simcord_env, game_seed, **options) -> Table:
    game_seed["value"] = SEED
    table = await open_table(simcord_env, 3, **options)
    await play_on(table, random.Random(SEED))
    return table


async def test_a_whole_game_tells_each_player_what_they_need_once(simcord_env, game_seed, monkeypatch):
    titles = []
    drawn = render.hand_png

    def hand_png(*args, **kwargs):
        titles.append(kwargs.get("title"))
        return drawn(*args, **kwargs)

    monkeypatch.setattr(render, "hand_png", hand_png)
    table = await whole_game(simcord_env, game_seed)
    record = await table.record()
    store = table.bot.store
    game_name = f"Test Guild · #games · game {record.id}"
    history = table.channel.history()
    posts = await store.last_posts(record.id, 1000)
    # every post remembered, a turn's post once per action told in it (edited as they came)
    posted = list(dict.fromkeys(p.message_id for p in posts))
    assert posted == [m.id for m in history[-len(posted) :]]

    # one post per turn, edited as its actions come (or per action with a mention, or after a board), the
    # board only when a turn ends, a conflict starts or ends, or the game ends
    actions = await store.actions(record.id)
    events_of: dict[int, set[str]] = {}
    shown = [a.action for a in actions]
    game = replay(record.settings, record.seed, [])
    for version, action in enumerate(shown, start=1):
        before_phase = game.phase
        kinds = {e.kind for e in game.apply(action)}
        if game.phase is Phase.WAR_CHOICE and before_phase is not Phase.WAR_CHOICE:
            kinds.add("war")  # a choice of wars starts them
        events_of[version] = kinds
    by_id = {m.id: m for m in history}
    told_in: dict[int, set[str]] = {}
    for previous, post in zip([None, *posts], posts, strict=False):
        first = 0 if previous is None else previous.version
        kinds = set().union(*(events_of[v] for v in range(first + 1, post.version + 1)))
        told_in.setdefault(post.message_id, set()).update(kinds | ({"start"} if previous is None else set()))
    for message_id, kinds in told_in.items():
        expected = bool(kinds & (BOARD_EVENTS | {"start"}))
        assert bool(by_id[message_id].attachments) == expected, (by_id[message_id].content, kinds)
        assert by_id[message_id].attachments[1:] == [] or "Final standings" in by_id[message_id].content
    assert len(posted) < len(posts)  # turns read as one post each
    final = history[-1]
    assert "Final standings" in final.content and [a.filename for a in final.attachments] == [
        "board.png",
        "scores.png",
    ]
    assert not any("The game is over" in m.content for m in history)
    assert not any("Prompt sent by DM" in m.content for m in history)

    # mentions: every player once, at the end; never during the game, where the awaited player is told by DM
    players = {p.id for p in table.players}
    assert sorted(pings(table, final)) == sorted(players)
    assert all(pings(table, m) == [] for m in history[:-1] if m.id in {p.message_id for p in posts})
    for p in table.players:
        assert final.content.count(f"<@{p.id}>") == 1

    for member in table.players:
        dm = dms(member)
        assert all(names_game(m.content) for m in dm), [
            m.content[:60] for m in dm if not names_game(m.content)
        ]
        # the newest DM is the end of the game, with the player's place and final hand
        place = dm_text(dm[-1].content)
        assert place.startswith("the game is over: you ") and "lowest colour" in place
        assert dm[-1].attachments[0].filename == "hand.png"
        # only the newest DM carries the hand; each older one points to a newer DM
        carrying = [m for m in dm if "\n**Your hand**" in m.content]
        assert carrying == [dm[-1]]
        ids = [m.id for m in dm]
        for older in dm[1:-1]:
            assert not older.attachments
            [(channel_id, message_id)] = DM_LINK.findall(older.content)
            assert int(channel_id) == member.user.dm_channel.id and ids.index(int(message_id)) > ids.index(
                older.id
            )
        turn_dms = [m for m in dm if dm_text(m.content).startswith("your turn (")]
        assert len(turn_dms) >= 10  # one when each turn starts
        # a turn DM that no longer carries the hand keeps its turn number, not a stale deadline
        assert all("deadline" not in m.content and "action" not in m.content for m in turn_dms)
    assert set(titles) == {game_name}  # every hand picture names the game

    # after the end, /te hand and /te board show the finished game, until a new one opens here
    alice = table.players[0]
    hand = await alice.slash(table.channel, "te hand")
    assert hand.ephemeral and hand.response.content.startswith(f"**{game_name}**\n**Your hand**")
    board = await alice.slash(table.channel, "te board")
    assert board.ephemeral and board.response.attachments[0].filename == "board.png"
    assert "final board" in board.response.content
    await alice.slash(table.channel, "te new")
    board = await alice.slash(table.channel, "te board")
    assert (
        board.response.content == "The game here has not started yet: the creator starts it with /te start."
    )


async def test_a_turn_reads_as_one_post_edited_as_its_actions_come(simcord_env, game_seed):
    game_seed["value"] = SEED
    table = await open_table(simcord_env, 2)
    store = table.bot.store
    record = await table.record()
    seat = (await table.game()).active
    started = table.channel.history()
    tile = next(a for a in (await table.game()).legal_actions() if a.kind == "tile")
    await drive(table, tile.text)
    first = table.channel.history()
    assert len(first) == len(started) + 1 and not first[-1].attachments  # the turn's post: lines of text

    await drive(table, "pass")  # ends the turn: the turn's post is edited, with the board
    history = table.channel.history()
    assert [m.id for m in history] == [m.id for m in first]  # no new post, so no new notification
    post = history[-1]
    assert [a.filename for a in post.attachments] == ["board.png"]
    rows = await store.last_posts(record.id, 2)
    assert [r.message_id for r in rows] == [post.id, post.id] and rows[-1].turn_of == seat
    assert all(line in post.content for row in rows for line in row.lines)  # the catch-up's links hold
    assert post.content.index(rows[0].lines[0]) < post.content.index(rows[1].lines[0])

    # the next turn starts a post of its own
    tile = next(a for a in (await table.game()).legal_actions() if a.kind == "tile")
    await drive(table, tile.text)
    assert len(table.channel.history()) == len(history) + 1


async def test_the_turn_dm_catches_up_with_links_to_the_posts(simcord_env, game_seed):
    game_seed["value"] = SEED
    table = await open_table(simcord_env, 3)
    first = await table.actor()
    start_turn = (await table.game()).turn
    await play_on(
        table, random.Random(SEED), stop=lambda g: g.turn == start_turn + 3 and g.phase is Phase.ACTION
    )
    assert await table.actor() is first
    record = await table.record()
    turn_dm = next(m for m in reversed(dms(first)) if dm_text(m.content).startswith("your turn ("))
    text = dm_text(turn_dm.content)
    assert SINCE_LAST_TURN in text
    posts = await table.bot.store.posts_since_turn(record.id, record.seat_of(first.id))
    others = {p.user.name for p in table.players if p is not first}
    bullets = [line for line in text.split("\n") if line.startswith("• ")]
    assert len(bullets) == len(posts) >= 2
    channel = {m.id: m for m in table.channel.history()}
    for bullet, post in zip(bullets, posts, strict=True):
        assert bullet.startswith("• " + " ".join(post.lines))
        [(guild, channel_id, message_id)] = POST_LINK.findall(bullet)
        assert (int(guild), int(channel_id)) == (table.guild.id, table.channel.id)
        assert int(message_id) == post.message_id and " ".join(post.lines) in channel[post.message_id].content
    assert any(name in text for name in others)  # what the others did
    assert "Points" not in text.split("**Your hand**")[0]  # public words only, the hand below

    log = await first.slash(table.channel, "te log")
    assert log.ephemeral and log.response.content.startswith(f"**Test Guild · #games · game {record.id}** — ")
    lines = [line for line in log.response.content.split("\n") if line.startswith("• ")]
    total = len(await table.bot.store.last_posts(record.id, 1000))
    assert len(lines) == min(10, total) and all(POST_LINK.search(line) for line in lines)
    last = await table.bot.store.last_posts(record.id, 2)
    two = await first.slash(table.channel, "te log", count=2)
    assert [line for line in two.response.content.split("\n") if line.startswith("• ")] == [
        f"• {' '.join(p.lines)} [jump](https://discord.com/channels/{table.guild.id}/{table.channel.id}/"
        f"{p.message_id})"
        for p in last
    ]
    refused = await first.slash(table.channel, "te log", count=0)
    assert refused.ephemeral and refused.response.content == "Ask for 1 to 50 moves and events."


async def test_with_dm_none_the_channel_mentions_the_player_once_a_turn(simcord_env, game_seed):
    game_seed["value"] = SEED
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("games")
    players = [guild.add_member(simcord_env.create_user(n)) for n in ("alice", "bob", "carol")]
    await players[0].slash(channel, "te new")
    for p in players[1:]:
        await p.slash(channel, "te join")
    bob = players[1]
    result = await bob.slash(channel, "te settings", dm="none")
    assert "DMs: none (for this game)" in result.response.content
    await players[0].slash(channel, "te start")
    table = Table(simcord_env, guild, channel, players)
    record = await table.record()
    table.players = [table.member(record.user_at(s)) for s in range(3)]
    seen_dms = len(dms(bob))
    await play_on(table, random.Random(SEED), stop=lambda g: g.turn >= 16)

    record = await table.record()
    seat = record.seat_of(bob.id)
    mentioned = [m for m in channel.history() if bob.id in pings(table, m)]
    assert len(mentioned) >= 4
    # once a turn at most, and never right after his own move: each mention starts one of his turns or asks
    # for one of his decisions
    posts = {p.message_id: p for p in await table.bot.store.last_posts(record.id, 1000)}
    turns = []
    for message in mentioned:
        post = posts[message.id]
        game = replay(
            record.settings,
            record.seed,
            [a.action for a in (await table.bot.store.actions(record.id))[: post.version]],
        )
        assert game.to_act == seat
        turns.append(game.turn)
    assert len(turns) == len(set(turns))
    new = [dm_text(m.content) for m in dms(bob)[seen_dms:]]
    assert not any(text.startswith("your turn") for text in new)  # no turn DMs with dm: none


async def test_closed_dms_are_said_once_in_the_channel_until_a_dm_works_again(simcord_env):
    table = await open_table(simcord_env, 2)
    first = await table.actor()
    second = next(p for p in table.players if p is not first)
    dm_channel = second.user.dm_channel.id
    simcord_env.inject_error("POST", f"/channels/{dm_channel}/messages", status=403, code=50007, times=2)
    seen = len(table.channel.history())

    await drive(table, "pass")  # the second player's turn: their turn DM fails
    posted = table.channel.history()[seen:]
    assert len(posted) == 2
    action, notice = posted
    assert pings(table, action) == []  # a DM was expected to tell them
    assert pings(table, notice) == [second.id] and notice.content.startswith(f"<@{second.id}>, I cannot send")
    assert "/te choose" in notice.content and "/te hand" in notice.content

    await drive(table, "pass")
    seen = len(table.channel.history())
    await drive(table, "pass")  # their turn again: DMs are known closed, so the channel mentions them
    [action] = table.channel.history()[seen:]  # and no second notice
    assert pings(table, action) == [second.id]

    await drive(table, "pass")
    await drive(table, "pass")  # this turn DM goes through: DMs work again
    assert dm_text(dms(second)[-1].content).startswith("your turn (")
    simcord_env.inject_error("POST", f"/channels/{dm_channel}/messages", status=403, code=50007, times=1)
    seen = len(table.channel.history())
    await drive(table, "pass")
    await drive(table, "pass")  # closed again: said again, once
    notices = [m for m in table.channel.history()[seen:] if "I cannot send you direct messages" in m.content]
    assert len(notices) == 1
    assert not any("Prompt sent by DM" in m.content for m in table.channel.history())


async def test_with_dm_all_a_player_hears_when_another_move_hits_their_pieces(simcord_env, game_seed):
    from tests.bot.conftest import before_a_revolt

    table, revolt, game = await before_a_revolt(simcord_env, game_seed)
    defender = table.players[game.conflict.defender]
    result = await defender.slash(table.channel, "te settings", dm="all")
    assert "DMs: all" in result.response.content
    seen = len(dms(defender))
    await drive(table, revolt)  # the attacker's leader starts a revolt against the defender's
    [news] = dms(defender)[seen:]
    text = dm_text(news.content)
    assert text.startswith("**Revolt!**") and "[See the post](https://discord.com/channels/" in text
    attacker = table.players[game.conflict.attacker].user.name
    assert f"{attacker}'s " in text and " challenges your " in text, text  # told to the defender
    assert news.attachments[0].filename == "hand.png"


async def test_the_turn_dm_says_how_many_actions_are_left(simcord_env):
    table = await open_table(simcord_env, 2)
    actor = await table.actor()
    head = dm_text(dms(actor)[-1].content)
    assert head.startswith("your turn (turn 1, 2 actions; deadline <t:")
    game = (await table.record()).game()
    tile = next(a for a in game.legal_actions() if a.kind == "tile")
    await drive(table, tile.text)
    assert (await table.actor()).id == actor.id  # still their turn, one action left
    head = dm_text(dms(actor)[-1].content)
    assert head.startswith("your turn (turn 1, 1 action left; deadline <t:"), head
