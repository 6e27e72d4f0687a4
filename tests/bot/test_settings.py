"""/te settings: the standing order for forced choices (R34) and which DMs a player gets."""

from __future__ import annotations

from engine import Phase
from tests.bot.conftest import channel_shown, open_table, reach, told_since
from tests.bot.test_prompts import labels, prompt_of

HOUR = 3600


def defender_holds_none(game) -> bool:
    c = game.conflict
    return (
        game.phase is Phase.REVOLT_ATTACKER and c is not None and game.hands[c.defender][c.tile_colour] == 0
    )


async def test_settings_are_shown_and_saved_per_game_or_by_default(simcord_env):
    table = await open_table(simcord_env, 2)
    alice = table.players[0]
    result = await alice.slash(table.channel, "te settings")
    assert result.ephemeral and result.response.content == (
        "In this game: DMs: turn (built in); forced choices answered at once: off (built in)."
        " Language: English (auto: your Discord's)."
    )
    result = await alice.slash(table.channel, "te settings", dm="none", scope="default")
    assert result.response.content == (
        "Saved. By default: DMs: none (your default); forced choices answered at once: off (built in)."
        " Language: English (auto: your Discord's)."
    )
    result = await alice.slash(table.channel, "te settings", auto_forced="on")
    assert result.response.content == (
        "Saved. In this game: DMs: none (your default); forced choices answered at once: on (for this game)."
        " Language: English (auto: your Discord's)."
    )
    other = table.guild.create_text_channel("elsewhere")
    result = await alice.slash(other, "te settings", scope="game")
    assert result.response.content == (
        "You have no seat in a game in this channel; use `scope: default` to set your default."
    )
    result = await alice.slash(other, "te settings")
    assert result.response.content.startswith("By default: DMs: none (your default)")


async def test_a_forced_choice_waits_unless_its_player_gave_the_standing_order(simcord_env, game_seed):
    table, game = await reach(simcord_env, game_seed, 2, defender_holds_none)
    attacker = table.players[game.conflict.attacker]
    defender = table.players[game.conflict.defender]
    # off by default (R34): the forced choice is prompted and waits like any other
    await attacker.user.click(prompt_of(attacker), label="Commit 0")
    game = await table.game()
    assert game.phase is Phase.REVOLT_DEFENDER
    assert labels(prompt_of(defender)) == ["Commit 0"]
    shown = channel_shown(table)
    # the order given while a forced choice waits answers it at once
    result = await defender.slash(table.channel, "te settings", auto_forced="on")
    assert result.response.content.startswith("Saved. In this game:")
    game = await table.game()
    assert game.phase is not Phase.REVOLT_DEFENDER
    record = await table.record()
    last = (await table.bot.store.actions(record.id))[-1]
    assert last.action == "commit 0" and last.who.user_id == defender.id
    assert any(line.startswith(f"{defender.user.name} committed 0") for line in told_since(table, shown))


async def test_the_standing_order_answers_in_the_same_board_without_a_prompt(simcord_env, game_seed):
    table, game = await reach(simcord_env, game_seed, 2, defender_holds_none)
    attacker = table.players[game.conflict.attacker]
    defender = table.players[game.conflict.defender]
    await defender.slash(table.channel, "te settings", auto_forced="on", scope="default")
    prompts = [m for m in defender.user.dm_channel.history() if m.components]
    seen = len(table.channel.history())
    await attacker.user.click(prompt_of(attacker), label="Commit 0")
    assert (await table.game()).phase is not Phase.REVOLT_DEFENDER
    assert [m for m in defender.user.dm_channel.history() if m.components] == prompts  # no prompt
    [board] = table.channel.history()[seen:]  # one board: the commitment and the forced answer
    assert f"{attacker.user.name} committed 0" in board.content
    assert f"{defender.user.name} committed 0" in board.content


async def test_dm_none_stops_turn_dms_and_reminders_never_prompts(simcord_env, game_seed):
    table = await open_table(simcord_env, 2, turn_hours=0)
    actor = await table.actor()
    other = next(p for p in table.players if p is not actor)
    await other.slash(table.channel, "te settings", dm="none")
    before = len(other.user.dm_channel.history())
    await actor.slash(table.channel, "te pass")
    await simcord_env.advance_time(3 * 24 * HOUR)
    assert other.user.dm_channel.history()[before:] == []  # no turn DM, no reminder
    assert (await table.record()).user_to_act == other.id

    table, game = await reach(simcord_env, game_seed, 2, lambda g: g.phase is Phase.REVOLT_ATTACKER)
    attacker = table.players[game.conflict.attacker]
    defender = table.players[game.conflict.defender]
    await defender.slash(table.channel, "te settings", dm="none")
    await attacker.user.click(prompt_of(attacker), label="Commit 0")
    assert "you are the defender" in prompt_of(defender).content  # prompts always come
