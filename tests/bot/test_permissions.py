"""The bot's permissions where a game is played (issue 21): /te new and /te start refuse, naming what is
missing, where the bot could not post its board; a permission lost mid-game tells the creator once, the game
goes on, and the channel gets the board again once the permission is back."""

from __future__ import annotations

import discord
from simcord.backend.models import Overwrite
from simcord.enums import OverwriteType

from bot import permissions
from i18n import words_for
from tests.bot.conftest import dm_text, drive, open_table


def deny_bot(env, channel, **denied: bool) -> None:
    """A server admin takes permissions from the bot in ``channel`` mid-game (its settings' overwrite)."""
    deny = discord.Permissions(**denied).value
    env.backend.set_overwrite(
        channel.id, Overwrite(env.bot.user.id, OverwriteType.MEMBER, allow=0, deny=deny)
    )


def restore_bot(env, channel) -> None:
    env.backend.delete_overwrite(channel.id, env.bot.user.id)


async def test_new_refused_where_attach_files_is_missing(simcord_env):
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel(
        "games", overwrites={guild.me: discord.PermissionOverwrite(attach_files=False)}
    )
    alice = guild.add_member(simcord_env.create_user("alice"))
    result = await alice.slash(channel, "te new")
    assert result.ephemeral
    text = result.response.content
    assert "missing the Attach Files permission" in text, text
    assert "Edit Channel → Permissions" in text and "Server Settings → Roles" in text
    assert await simcord_env.bot.store.game_in_channel(channel.id) is None  # no lobby opened
    assert channel.history() == []
    assert alice.user.dm_channel.history() == []  # not even the welcome DM


async def test_new_names_every_missing_permission(simcord_env):
    guild = simcord_env.create_guild()
    denied = discord.PermissionOverwrite(embed_links=False, read_message_history=False)
    channel = guild.create_text_channel("games", overwrites={guild.me: denied})
    alice = guild.add_member(simcord_env.create_user("alice"))
    result = await alice.slash(channel, "te new")
    assert "the Embed Links and Read Message History permissions" in result.response.content


async def test_thread_without_send_messages_in_threads(simcord_env):
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel(
        "games", overwrites={guild.me: discord.PermissionOverwrite(send_messages_in_threads=False)}
    )
    parent = simcord_env.bot.get_channel(channel.id)
    await parent.create_thread(name="game 1", type=discord.ChannelType.public_thread)
    thread = channel.threads[0]
    alice = guild.add_member(simcord_env.create_user("alice"))
    result = await alice.slash(thread, "te new")
    text = result.response.content
    assert "I cannot run a game in this thread" in text, text
    assert "Send Messages in Threads" in text and "parent channel's settings" in text
    assert await simcord_env.bot.store.game_in_channel(thread.id) is None
    # the channel itself, where Send Messages is granted, is fine
    assert "Lobby opened" in (await alice.slash(channel, "te new")).response.content


async def test_start_refused_once_a_permission_is_gone(simcord_env):
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("games")
    alice, bob = (guild.add_member(simcord_env.create_user(n)) for n in ("alice", "bob"))
    await alice.slash(channel, "te new")
    await bob.slash(channel, "te join")
    deny_bot(simcord_env, channel, attach_files=True)
    await simcord_env.settle()
    result = await alice.slash(channel, "te start")
    assert "missing the Attach Files permission" in result.response.content
    assert (await simcord_env.bot.store.game_in_channel(channel.id)).status.value == "lobby"


def dms_about_posting(member) -> list[str]:
    return [m.content for m in member.user.dm_channel.history() if "can no longer post" in m.content]


async def test_permission_revoked_mid_game_then_restored(simcord_env):
    table = await open_table(simcord_env, 2)
    env, channel = simcord_env, table.channel
    creator = table.member((await table.record()).creator_id)
    posts_before = len(channel.history())
    version = (await table.record()).version

    deny_bot(env, channel, send_messages=True)
    await env.settle()
    requests_before = len(env.http_requests)
    game = await table.game()
    first = next(a for a in game.legal_actions() if a.kind == "tile")
    await drive(table, first.text)  # the move is played and saved; its post cannot be made
    await env.advance_time(3)
    game = await table.game()
    second = next(a for a in game.legal_actions() if a.kind == "tile")
    await drive(table, second.text)
    await env.advance_time(3)

    record = await table.record()
    assert record.version == version + 2  # the game kept going
    assert len(channel.history()) == posts_before  # nothing posted
    posts_tried = [
        r for r in env.http_requests[requests_before:] if r.method == "POST" and str(channel.id) in r.path
    ]
    assert posts_tried == []  # not even tried: no 403s piling up against the bot
    told = dms_about_posting(creator)
    assert len(told) == 1, told  # one DM, not one per move
    assert "missing the Send Messages permission" in dm_text(told[0])
    assert "#games" in told[0]
    # the players still get their DMs (the turn DM of the player to act)
    assert (await table.actor()).user.dm_channel.history()

    restore_bot(env, channel)
    await env.settle()
    back = channel.history()[posts_before:]
    assert len(back) == 1, [m.content for m in back]
    assert back[0].content.startswith(permissions.back_board(2, words_for("en")))
    assert "(2 actions played meanwhile)" in back[0].content
    assert [a.filename for a in back[0].attachments] == ["board.png"]

    game = await table.game()
    third = next(a for a in game.legal_actions() if a.kind == "tile")
    await drive(table, third.text)
    await env.settle()
    assert len(channel.history()) == posts_before + 2  # posts as before
    assert len(dms_about_posting(creator)) == 1


async def test_a_second_loss_after_a_restore_is_told_again(simcord_env):
    table = await open_table(simcord_env, 2)
    env, channel = simcord_env, table.channel
    creator = table.member((await table.record()).creator_id)
    for _ in range(2):
        deny_bot(env, channel, attach_files=True)
        await env.settle()
        game = await table.game()
        await drive(table, next(a for a in game.legal_actions() if a.kind == "tile").text)
        await env.advance_time(3)
        restore_bot(env, channel)
        await env.settle()
    told = dms_about_posting(creator)
    assert len(told) == 2 and all("Attach Files" in t for t in told)


def test_invite_permissions_are_the_needed_ones():
    value = permissions.invite_permissions().value
    expected = discord.Permissions(
        view_channel=True,
        send_messages=True,
        send_messages_in_threads=True,
        attach_files=True,
        embed_links=True,
        read_message_history=True,
    ).value
    assert value == expected == 274878024704  # 2**38 + 1024 + 2048 + 16384 + 32768 + 65536
    assert f"permissions={expected}" in permissions.invite_url(1234)
    assert "scope=bot+applications.commands" in permissions.invite_url(1234)


def test_only_the_permission_that_matters_is_named():
    nothing = discord.Permissions.none()
    assert permissions.missing(nothing, thread=False) == ["View Channel"]
    no_send = discord.Permissions(view_channel=True, read_message_history=True)
    assert permissions.missing(no_send, thread=False) == ["Send Messages"]
    assert permissions.missing(no_send, thread=True) == ["Send Messages in Threads"]
    no_files = discord.Permissions(
        view_channel=True, send_messages=True, embed_links=True, read_message_history=True
    )
    assert permissions.missing(no_files, thread=False) == ["Attach Files"]
    assert permissions.missing(no_files, thread=True) == ["Send Messages in Threads"]
