"""Whole flows through the real discord.py bot on simcord."""

from __future__ import annotations

from tests.bot.conftest import open_table


async def test_lobby_to_start_and_a_first_move(simcord_env):
    table = await open_table(simcord_env, 3)
    record = await table.record()
    assert record.status == "playing" and len(record.seats) == 3
    start_message = table.channel.last_message
    assert "The game begins" in start_message.content
    assert start_message.attachments and start_message.attachments[0].filename == "board.png"
    # every player's newest DM about the game carries their hand
    for p in table.players:
        newest = p.user.dm_channel.last_message
        assert "**Your hand**" in newest.content and newest.attachments[0].filename == "hand.png"
    actor = await table.actor()
    # the players are listed in the order they play, from the one drawn to begin (R2)
    listed = start_message.content.split("Players in order: ", 1)[1]
    assert listed.startswith(actor.name), listed
    game = await table.game()
    tile = next(a for a in game.legal_actions() if a.kind == "tile")
    choices = await actor.autocomplete(table.channel, "te tile", "square", "", color=tile.colour.word)
    assert 0 < len(choices) <= 25
    result = await actor.slash(table.channel, "te tile", color=tile.colour.word, square=choices[0]["value"])
    assert result.ephemeral and "Done" in result.response.content, result.response.content
    last = table.channel.last_message
    assert "placed a" in last.content and not last.attachments  # one line: the turn goes on
    assert (await table.record()).version == 1
