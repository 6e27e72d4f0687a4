"""Seats handed over and resigned (R33), and the seat commands' refusals: one private sentence each, and
nothing changes."""

from __future__ import annotations

import discord

from bot.texts import NOBODY_LINE
from engine import Phase, WhoKind, player_view
from storage import SeatReason
from tests.bot.conftest import dm_text, drive, open_table, reach
from tests.bot.test_prompts import labels, prompt_of
from tests.bot.test_recovery import hand_panels

NO_LONGER_YOURS = "This seat is no longer yours."


def answers(result) -> list[str]:
    return [m.content for m in result.followups] + ([result.response.content] if result.response else [])


async def test_a_seat_handed_over_mid_game(simcord_env, game_seed):
    table, game = await reach(simcord_env, game_seed, 2, lambda g: g.phase is Phase.REVOLT_ATTACKER)
    record = await table.record()
    creator = table.member(record.creator_id)
    seat = game.conflict.attacker
    old = table.players[seat]
    dave = table.guild.add_member(simcord_env.create_user("dave"))
    prompt = prompt_of(old)
    old_panel = hand_panels(old)[0]
    # Discord refuses the edit of the old prompt: its buttons stay, and must be refused by the bot
    simcord_env.inject_error(
        "PATCH", f"/channels/{prompt.channel.id}/messages/{prompt.id}", status=403, code=50001
    )
    seen = len(table.channel.history())

    result = await creator.slash(table.channel, "te seat replace", seat_of=old, by=dave)
    assert result.ephemeral and result.response.content == f"{old.user.name}'s seat now belongs to dave."
    [line] = table.channel.history()[seen:]
    assert line.content == f"{creator.user.name} handed {old.user.name}'s seat to dave."
    record = await table.record()
    assert record.user_at(seat) == dave.id and record.seat_of(old.id) is None

    # the old player: the panel says so at once, buttons and commands are refused
    panel = next(m for m in old.user.dm_channel.history() if m.id == old_panel.id)
    assert dm_text(panel.content) == "this seat is no longer yours: dave plays it from now on."
    assert not panel.attachments
    click = await old.user.click(prompt, label="Commit 0")
    assert NO_LONGER_YOURS in answers(click)
    for command, options in (("te hand", {}), ("te choose", {"option": "commit 0"}), ("te undo", {})):
        result = await old.slash(table.channel, command, **options)
        assert result.ephemeral and result.response.content == NO_LONGER_YOURS, command
    assert (await table.record()).version == record.version

    # the new owner: a welcome, the seat's screen, and the prompt that waits on the seat
    dm = dave.user.dm_channel.history()
    assert dm_text(dm[0].content).startswith(f"welcome to Tigris & Euphrates! You now play {old.user.name}'s")
    [screen] = hand_panels(dave)
    pv = player_view(record.game(), seat)
    assert screen.attachments[0].filename == "hand.png"
    hand = old_panel.content.split("\n**Your hand**")[1]
    assert screen.content.split("\n**Your hand**")[1] == hand  # the same hand and points
    assert pv.hand is not None
    new_prompt = prompt_of(dave)
    assert "Revolt of the" in new_prompt.content
    await dave.user.click(new_prompt, label=labels(new_prompt)[0])
    record = await table.record()
    actions = await table.bot.store.actions(record.id)
    assert actions[-1].who.user_id == dave.id
    history = await table.bot.store.seat_history(record.id)
    assert [(h.user_id, h.reason) for h in history if h.seat == seat] == [
        (old.id, SeatReason.JOINED),
        (dave.id, SeatReason.REPLACED),
    ]


async def test_replace_refusals_change_nothing(simcord_env):
    table = await open_table(simcord_env, 3)
    record = await table.record()
    creator = table.member(record.creator_id)
    player = next(p for p in table.players if p is not creator)
    third = next(p for p in table.players if p not in (creator, player))
    erin = table.guild.add_member(simcord_env.create_user("erin"))
    robot = table.guild.add_member(simcord_env.create_user("robot", bot=True))
    stranger = simcord_env.create_user("stranger")  # not a member of this server
    cases = [
        (
            player,
            {"seat_of": third, "by": erin},
            "Only the game's creator or someone who can manage the server can hand a seat over.",
        ),
        (creator, {"seat_of": player, "by": third}, f"<@{third.id}> already has a seat in this game."),
        (
            creator,
            {"seat_of": player, "by": robot},
            "A bot account cannot take a seat; use `computer: true` for the computer player.",
        ),
        (creator, {"seat_of": player, "by": stranger}, f"<@{stranger.id}> is not a member of this server."),
        (
            creator,
            {"seat_of": erin, "by": robot},
            "A bot account cannot take a seat; use `computer: true` for the computer player.",
        ),
        (creator, {"seat_of": erin, "computer": True}, f"<@{erin.id}> holds no seat in this game."),
        (
            creator,
            {"seat_of": player},
            "Say who takes the seat: `by:` a server member, or `computer: true`, not both.",
        ),
        (
            creator,
            {"seat_of": player, "by": erin, "computer": True},
            "Say who takes the seat: `by:` a server member, or `computer: true`, not both.",
        ),
    ]
    seen = len(table.channel.history())
    for member, options, sentence in cases:
        result = await member.slash(table.channel, "te seat replace", **options)
        assert result.ephemeral and result.response.content == sentence, options
    after = await table.record()
    assert after.seats == record.seats and len(table.channel.history()) == seen
    assert erin.user.dm_channel is None or erin.user.dm_channel.history() == []  # nobody was welcomed

    # a server manager who did not open the game may do it
    role = table.guild.create_role("mods", permissions=discord.Permissions(manage_guild=True))
    manager = table.guild.add_member(simcord_env.create_user("mod"), roles=[role])
    result = await manager.slash(table.channel, "te seat replace", seat_of=player, by=erin)
    assert result.response.content == f"{player.user.name}'s seat now belongs to erin."


async def test_a_seat_handed_to_the_computer_is_played_at_once(simcord_env):
    table = await open_table(simcord_env, 2)
    record = await table.record()
    creator = table.member(record.creator_id)
    actor = await table.actor()
    result = await creator.slash(table.channel, "te seat replace", seat_of=actor, computer=True)
    assert result.response.content == f"{actor.user.name}'s seat now belongs to the computer player."
    record = await table.record()
    assert record.version == 2 and record.user_to_act != actor.id  # played at once, through the timers
    actions = await table.bot.store.actions(record.id)
    assert [(a.who.kind, a.who.level) for a in actions] == [(WhoKind.COMPUTER, "normal")] * 2
    assert all(a.action != "pass" for a in actions)  # the computer player plays, not the rules' default
    assert "Bot (normal)" in table.channel.last_message.content
    again = await creator.slash(table.channel, "te seat replace", seat_of=actor, computer=True)
    assert again.response.content == "The computer player already plays that seat."


async def test_a_resigned_player_still_counts_in_the_final_standings(simcord_env):
    table = await open_table(simcord_env, 2)
    leaver = table.players[1]
    stayer = table.players[0]
    result = await leaver.slash(table.channel, "te seat resign")
    assert "Resign from this game?" in result.response.content
    await leaver.click(result.response.message, label="Resign")
    line = next(m for m in table.channel.history() if "resigned" in m.content)
    assert line.content == (
        f"{leaver.user.name} resigned; the computer player plays their seat from now on, and their score "
        "still counts."
    )
    panel = hand_panels(leaver)
    assert panel == [] or not panel[0].attachments
    assert any(dm_text(m.content).startswith("you resigned") for m in leaver.user.dm_channel.history())
    result = await leaver.slash(table.channel, "te pass")
    assert result.response.content == NO_LONGER_YOURS
    # the one left plays on; the computer passes for the resigned seat; the game ends all the same
    for _ in range(400):
        game = await table.game()
        if game.is_over:
            break
        assert (await table.record()).user_to_act == stayer.id
        hand = game.hand(game.to_act)
        tiles = " ".join(
            c for c, n in zip(("red", "blue", "green", "black"), hand, strict=True) for _ in range(n)
        )
        legal = {a.text for a in game.legal_actions()}
        await drive(table, f"swap {tiles}" if f"swap {tiles}" in legal else "pass")
        await table.env.advance_time(3)
    record = await table.record()
    assert record.status == "finished"
    final = table.channel.history()[-1]
    assert f"<@{leaver.id}> (resigned)" in final.content
    assert [a.filename for a in final.attachments] == ["board.png", "scores.png"]
    actions = await table.bot.store.actions(record.id)
    assert {a.who.kind for a in actions if a.seat == 1} <= {WhoKind.COMPUTER}


async def resign(table, member) -> None:
    result = await member.slash(table.channel, "te seat resign")
    await member.click(result.response.message, label="Resign")


async def test_a_game_nobody_plays_any_more_pauses_until_a_seat_is_handed_over(simcord_env):
    table = await open_table(simcord_env, 2)
    alice, bob = table.players
    record = await table.record()
    creator = table.member(record.creator_id)
    await resign(table, alice)
    await resign(table, bob)
    assert table.channel.last_message.content.endswith(NOBODY_LINE)
    record = await table.record()
    assert record.paused and record.human_seats == ()
    version = record.version
    await simcord_env.advance_time(7 * 24 * 3600)  # the computer player does not pass forever
    assert (await table.record()).version == version
    dave = table.guild.add_member(simcord_env.create_user("dave"))
    result = await creator.slash(table.channel, "te seat replace", seat_of=bob, by=dave)
    assert result.response.content == f"{bob.user.name}'s seat now belongs to dave."
    assert table.channel.last_message.content.endswith("The game goes on.")
    assert not (await table.record()).paused
