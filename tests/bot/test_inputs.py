"""Bad input and wrong users: one private sentence each, and nothing changes."""

from __future__ import annotations

from engine import COLOURS, Phase
from tests.bot.conftest import dm_text, open_table


async def private(result) -> str:
    assert result.ephemeral, result.response
    return result.response.content


async def test_no_game_here(simcord_env):
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("empty")
    alice = guild.add_member(simcord_env.create_user("alice"))
    for command, options in [("te tile", {"color": "red", "square": "e5"}), ("te pass", {}), ("te hand", {})]:
        text = await private(await alice.slash(channel, command, **options))
        assert text == "There is no game in this channel: open one with /te new.", text


async def test_moves_out_of_turn_and_bad_squares_change_nothing(simcord_env):
    table = await open_table(simcord_env, 2)
    record = await table.record()
    waiting = next(p for p in table.players if p.id != record.user_to_act)
    actor = await table.actor()
    messages_before = len(table.channel.history())

    text = await private(await waiting.slash(table.channel, "te tile", color="red", square="a1"))
    assert text == "It is not your turn."
    text = await private(await actor.slash(table.channel, "te tile", color="red", square="z9"))
    assert text.startswith("'z9' is not a square") and text.endswith(".")
    text = await private(await actor.slash(table.channel, "te tile", color="red", square="e1"))
    game = await table.game()
    if game.hands[game.to_act][0]:
        assert text == "E1 is a river square: only farms (blue) go on rivers."
    missing = [c.word for c in COLOURS if not game.hands[game.to_act][c]]
    if missing:  # a colour the actor does not hold
        text = await private(await actor.slash(table.channel, "te tile", color=missing[0], square="a1"))
        assert text.startswith("You have no"), text
    text = await private(await actor.slash(table.channel, "te choose", option="commit 2"))
    assert "no conflict, monument or treasure is waiting" in text.lower()
    text = await private(await actor.slash(table.channel, "te leader", color="red", square="a1"))
    assert text == "A1 is not next to a face-up temple: a leader must stand beside one."

    assert (await table.record()).version == record.version
    assert len(table.channel.history()) == messages_before  # nothing public was posted


async def test_strangers_and_lobby_rules(simcord_env):
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("games")
    members = [guild.add_member(simcord_env.create_user(n)) for n in ("ann", "ben", "cat", "dan", "eve")]
    await members[0].slash(channel, "te new")
    assert "already has a game" in await private(await members[1].slash(channel, "te new"))
    assert "Only <@" in await private(await members[1].slash(channel, "te start"))
    assert "needs 2 to 4 players" in await private(await members[0].slash(channel, "te start"))
    assert "not seated" in await private(await members[1].slash(channel, "te leave"))
    assert "has not started" in await private(
        await members[1].slash(channel, "te tile", color="red", square="a1")
    )
    for m in members[1:4]:
        await m.slash(channel, "te join")
    assert await private(await members[4].slash(channel, "te join")) == "This lobby is full (4 players)."
    assert await private(await members[1].slash(channel, "te join")) == "You are already seated in this game."
    assert "close it with /te abandon" in await private(await members[0].slash(channel, "te leave"))
    assert "left" in await private(await members[3].slash(channel, "te leave"))
    assert len((await simcord_env.bot.store.game_in_channel(channel.id)).seats) == 3
    await members[0].slash(channel, "te start")
    assert await private(await members[4].slash(channel, "te hand")) == "You are not playing in this game."
    text = await private(await members[4].slash(channel, "te pass"))
    assert text == "You are not playing in this game."
    assert "already started" in await private(await members[4].slash(channel, "te join"))


async def test_closed_dms_refuse_the_join_with_how_to_open_them(simcord_env):
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("games")
    alice = guild.add_member(simcord_env.create_user("alice"))
    bob = guild.add_member(simcord_env.create_user("bob"))
    await alice.slash(channel, "te new")
    simcord_env.inject_error("POST", "/channels/*/messages", status=403, code=50007)
    text = await private(await bob.slash(channel, "te join"))
    assert text.startswith("I cannot send you direct messages") and "Privacy Settings" in text
    record = await simcord_env.bot.store.game_in_channel(channel.id)
    assert record.seat_of(bob.id) is None
    assert "seated" in await private(await bob.slash(channel, "te join"))  # after opening DMs


async def test_abandon_needs_the_creator_or_a_manager_and_a_confirmation(simcord_env):
    table = await open_table(simcord_env, 2)
    creator_id = (await table.record()).creator_id
    creator = next(p for p in table.players if p.id == creator_id)
    other = next(p for p in table.players if p.id != creator_id)
    assert "Only the game's creator" in await private(await other.slash(table.channel, "te abandon"))
    result = await creator.slash(table.channel, "te abandon")
    assert result.ephemeral and "cannot be undone" in result.response.content
    await creator.click(result.response.message, label="Keep playing")
    assert (await table.record()).status == "playing"
    result = await creator.slash(table.channel, "te abandon")
    await creator.click(result.response.message, label="Abandon the game")
    record = await table.record()
    assert record.status == "abandoned"
    assert await table.bot.store.game_in_channel(table.channel.id) is None  # free for a new game
    assert "abandoned the game" in table.channel.last_message.content
    assert await table.bot.store.timers(record.id) == []


async def test_hand_board_and_status_answer_privately(simcord_env):
    table = await open_table(simcord_env, 3)
    player = table.players[1]
    result = await player.slash(table.channel, "te hand")
    assert result.ephemeral and "**Your hand**" in result.response.content
    assert result.response.attachments[0].filename == "hand.png"
    result = await player.slash(table.channel, "te board")
    assert result.ephemeral and result.response.attachments[0].filename == "board.png"
    stranger = table.guild.add_member(simcord_env.create_user("zoe"))
    result = await stranger.slash(table.channel, "te status")
    assert result.ephemeral and "Turn 1." in result.response.content and "to play" in result.response.content
    assert "tiles in hand" in result.response.content and "Points" not in result.response.content


async def test_reminders_come_every_reminder_hours_until_the_player_acts(simcord_env):
    table = await open_table(simcord_env, 2, reminder_hours=5)
    actor = await table.actor()
    before = len(actor.user.dm_channel.history())
    await simcord_env.advance_time(5 * 3600 + 5)
    dms = actor.user.dm_channel.history()
    assert len(dms) == before + 1 and dm_text(dms[-1].content).startswith("reminder:")
    await simcord_env.advance_time(5 * 3600)
    assert len(actor.user.dm_channel.history()) == before + 2
    record = await table.record()
    reminders = [t for t in await table.bot.store.timers(record.id) if t.kind == "reminder"]
    assert len(reminders) == 1 and reminders[0].due_at > table.bot.now()  # one row, moved on each time
    await actor.slash(table.channel, "te pass")  # ends the turn: the game now waits on the other player
    assert (await table.record()).user_to_act != actor.id
    quiet = len(actor.user.dm_channel.history())
    await simcord_env.advance_time(5 * 3600 + 5)
    assert len(actor.user.dm_channel.history()) == quiet  # the reminder moved to the next player
    assert (await table.game()).phase is Phase.ACTION


async def test_an_empty_choice_is_refused_in_one_sentence(simcord_env):
    table = await open_table(simcord_env, 2)
    actor = await table.actor()
    text = await private(await actor.slash(table.channel, "te choose", option="   "))
    assert text == "Say what to play, like: tile red e5, or commit 2."


async def test_a_lobby_in_a_channel_where_the_bot_cannot_post_says_so(simcord_env):
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("read-only")
    alice = guild.add_member(simcord_env.create_user("alice"))
    simcord_env.inject_error("POST", f"/channels/{channel.id}/messages", status=403, code=50013)
    text = await private(await alice.slash(channel, "te new"))
    assert text.startswith("Lobby opened") and "I cannot post in this channel" in text
    assert (await simcord_env.bot.store.game_in_channel(channel.id)).seat_of(alice.id) == 0


async def test_a_leader_in_the_way_is_named_by_its_player(simcord_env):
    """The engine's refusal names a seat; the bot says whose leader stands there (issue 19)."""
    table = await open_table(simcord_env, 2)
    actor = await table.actor()
    game = await table.game()
    spot = next(a for a in game.legal_actions() if a.kind == "leader" and a.colour == COLOURS[3])
    square = spot.text.split()[-1]
    await actor.slash(table.channel, "te leader", color="black", square=square)
    version = (await table.record()).version
    text = await private(await actor.slash(table.channel, "te leader", color="red", square=square))
    assert text == f"{square.upper()} is not empty: it holds {actor.name}'s king.", text
    assert (await table.record()).version == version
