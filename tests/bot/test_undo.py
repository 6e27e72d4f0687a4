"""Undo through /te undo (R32, R31): each case R32 allows or refuses, with its one sentence, what the
channel and the DMs show after a take-back, double submits, and a take-back shown after a crash."""

from __future__ import annotations

from bot.texts import action_words, move_words
from engine import Phase, dump
from engine.undo import ANOTHER_PLAYER_CHOSE, NOTHING_TO_TAKE_BACK
from i18n import words_for
from tests.bot.conftest import Table, drive, open_table, reach
from tests.bot.test_away import turn_goes_on_after_a_revolt
from tests.bot.test_prompts import labels, prompt_of
from tests.bot.test_recovery import break_presentation, hand_panels, posted_since

EN = words_for("en")


async def undo(table: Table, member):
    result = await member.slash(table.channel, "te undo")
    assert result.ephemeral
    return result.response.content


def hand_of(message) -> str:
    return message.content.split("\n**Your hand**")[1]


def first_tile(game) -> str:
    return next(a.text for a in game.legal_actions() if a.kind == "tile")


async def refused(table: Table, member, sentence: str) -> None:
    """The undo is refused with exactly this sentence and nothing changes."""
    record = await table.record()
    seen = len(table.channel.history())
    assert await undo(table, member) == sentence
    after = await table.record()
    assert (after.version, after.position) == (record.version, record.position)
    assert len(table.channel.history()) == seen


async def test_a_tile_taken_back_shows_the_game_as_it_was(simcord_env):
    table = await open_table(simcord_env, 2)
    actor = await table.actor()
    start = await table.game()
    panel = hand_panels(actor)[0]
    tile = first_tile(start)
    done = await drive(table, tile)  # typed as notation, lower case
    # the move in the reader's words, then its notation with the square as the channel writes it
    assert done.response.content == f"Done: {move_words(EN, tile)}." and tile != action_words(tile)
    assert f" on {action_words(tile).split()[-1]} (`{action_words(tile)}`)" in done.response.content
    hand = hand_of(panel)
    assert hand_of(hand_panels(actor)[0]) != hand  # one tile fewer
    seen = len(table.channel.history())
    assert (
        await undo(table, actor) == f"Taken back: {move_words(EN, tile)}."
    )  # its square as the channel writes it
    record = await table.record()
    assert dump(record.game()) == dump(start)  # the same seed gives the same future draws
    # one public line, added to the turn's post: the board is the one posted when the turn began
    assert posted_since(table, seen) == []
    line = table.channel.history()[-1]
    _, colour, square = tile.split()
    # in words, not notation (issue 18)
    took_back = f"{actor.user.name} took back the {colour} tile on {square.upper()}."
    assert line.content.split("\n")[1:] == [took_back, line.content.split("\n")[-1]]
    assert "2 actions left" in line.content and not line.attachments
    panel_now = next(m for m in actor.user.dm_channel.history() if m.id == panel.id)
    assert hand_of(panel_now) == hand  # the hand in the newest DM shows the hand as it was
    log = await table.bot.store.actions(record.id)
    assert [(a.action, a.taken_back, a.undoes) for a in log] == [(tile, True, None), ("undo", False, 1)]
    assert await table.bot.store.verify_replay(record.id) == record.version == 2
    await simcord_env.advance_time(3)
    await refused(table, actor, NOTHING_TO_TAKE_BACK)  # nothing older of this turn


async def test_refusals_name_the_reason(simcord_env):
    table = await open_table(simcord_env, 2)
    actor = await table.actor()
    other = next(p for p in table.players if p is not actor)
    await refused(table, actor, NOTHING_TO_TAKE_BACK)
    await refused(table, other, NOTHING_TO_TAKE_BACK)
    outsider = table.guild.add_member(simcord_env.create_user("erin"))
    await refused(table, outsider, "You are not playing in this game.")
    game = await table.game()
    hand = game.hand(game.to_act)
    colour = ["red", "blue", "green", "black"][max(range(4), key=lambda c: hand[c])]
    await drive(table, f"swap {colour}")
    await refused(table, actor, "You cannot take that back: a tile was drawn since.")
    await drive(table, "pass")
    await refused(table, actor, "You cannot take that back: your turn has ended.")


async def test_a_started_conflict_and_committed_tiles_are_final(simcord_env, game_seed):
    table, game = await reach(
        simcord_env, game_seed, 2, lambda g: g.phase is Phase.REVOLT_ATTACKER and g.to_act == g.active
    )
    attacker = table.players[game.conflict.attacker]
    await refused(table, attacker, "You cannot take that back: a conflict was started.")
    await attacker.user.click(prompt_of(attacker), label="Commit 0")
    await refused(table, attacker, "You cannot take that back: tiles committed to a conflict are final.")


async def test_another_players_choice_blocks_it(simcord_env, game_seed):
    table, game = await reach(simcord_env, game_seed, 2, turn_goes_on_after_a_revolt)
    active = table.players[game.active]
    await active.user.click(prompt_of(active), label="Commit 0")
    defender = table.players[(await table.game()).conflict.defender]
    await defender.user.click(prompt_of(defender), label="Commit 0")
    assert (await table.game()).to_act == game.active
    await refused(table, active, ANOTHER_PLAYER_CHOSE)


async def test_a_monument_choice_is_final_and_what_a_deadline_played_is_never_undone(simcord_env, game_seed):
    table, game = await reach(
        simcord_env, game_seed, 2, lambda g: g.phase is Phase.MONUMENT and g.actions_left == 2
    )
    builder = table.players[game.to_act]
    await builder.user.click(prompt_of(builder), label="Build no monument")
    assert (await table.record()).user_to_act == builder.id
    await refused(table, builder, "You cannot take that back: the monument choice has been made.")

    table, game = await reach(
        simcord_env, game_seed, 2, lambda g: g.phase is Phase.MONUMENT and g.actions_left == 2
    )
    builder = table.players[game.to_act]
    await simcord_env.advance_time(12 * 3600 + 5)  # the decision's deadline: no monument, played for them
    assert (await table.record()).user_to_act == builder.id
    await refused(table, builder, "You cannot take that back: the bot played it for you (R31).")


async def test_the_tile_that_offered_a_monument_can_be_taken_back_and_its_prompt_closes(
    simcord_env, game_seed
):
    table, game = await reach(
        simcord_env, game_seed, 2, lambda g: g.phase is Phase.MONUMENT and g.actions_left == 2
    )
    builder = table.players[game.to_act]
    prompt = prompt_of(builder)
    result = await undo(table, builder)
    assert result.startswith("Taken back: ") and "(`tile " in result
    closed = next(m for m in builder.user.dm_channel.history() if m.id == prompt.id)
    assert "*Taken back.*" in closed.content and not closed.components
    clicked = await builder.user.click(closed, label=labels(prompt)[0]) if closed.components else None
    assert clicked is None
    game = await table.game()
    assert game.phase is Phase.ACTION and game.to_act == table.players.index(builder)


async def test_undo_twice_at_once_takes_back_one_and_a_replay_of_the_same_move_is_not_a_double(simcord_env):
    table = await open_table(simcord_env, 2)
    actor = await table.actor()
    tile = first_tile(await table.game())
    await drive(table, tile)
    await simcord_env.advance_time(3)
    assert (
        await undo(table, actor) == f"Taken back: {move_words(EN, tile)}."
    )  # its square as the channel writes it
    version = (await table.record()).version
    assert await undo(table, actor) == (
        "You sent /te undo twice at once, so one action was taken back; send it again if you meant to take "
        "back another."
    )
    assert (await table.record()).version == version
    await drive(table, tile)  # played again at once: meant, not a double submit
    assert (await table.record()).version == version + 1


async def test_a_take_back_saved_but_not_shown_is_shown_after_a_restart(simcord_env, make_bot, monkeypatch):
    table = await open_table(simcord_env, 2)
    actor = await table.actor()
    game = await table.game()
    tile = first_tile(game)
    await drive(table, tile)
    seen = len(table.channel.history())
    break_presentation(monkeypatch, table, "hang")
    await actor.slash(table.channel, "te undo")
    record = await table.record()
    assert (record.version, record.presented_version) == (2, 1)
    await simcord_env.restart_bot(make_bot())
    [board] = posted_since(table, seen)
    square = tile.split()[-1].upper()
    assert board.content.startswith(f"{actor.user.name} took back the {tile.split()[1]} tile on {square}.")
    record = await table.record()
    assert record.presented_version == 2
    await drive(table, tile)  # and the game goes on from the position before the tile
    assert (await table.record()).version == 3


async def test_moves_and_an_undo_missed_together_are_shown_in_order(simcord_env, monkeypatch):
    table = await open_table(simcord_env, 2)
    actor = await table.actor()
    game = await table.game()
    tile = first_tile(game)
    seen = len(table.channel.history())
    break_presentation(monkeypatch, table)
    await drive(table, tile)
    await simcord_env.advance_time(3)
    assert (
        await undo(table, actor) == f"Taken back: {move_words(EN, tile)}."
    )  # its square as the channel writes it
    await simcord_env.advance_time(3)
    await drive(table, "pass")
    monkeypatch.undo()
    await actor.slash(table.channel, "te board")
    [board] = posted_since(table, seen)
    lines = board.content.split("\n")
    name = actor.user.name
    assert lines[0].startswith(f"{name} placed a ")
    assert lines[1].startswith(f"{name} took back the ")
    assert lines[2] == f"{name} ended their turn."


def _treasure_then_the_turn_goes_on(game) -> bool:
    if game.phase is not Phase.TREASURE or game.to_act != game.active:
        return False
    after = game.copy()
    after.apply(after.default_action())
    return after.to_act == game.active and after.turn == game.turn


async def test_a_treasure_taken_is_final(simcord_env, game_seed):
    table, game = await reach(simcord_env, game_seed, 2, _treasure_then_the_turn_goes_on)
    owner = table.players[game.to_act]
    await owner.user.click(prompt_of(owner), label=labels(prompt_of(owner))[0])
    assert (await table.record()).user_to_act == owner.id
    await refused(table, owner, "You cannot take that back: a treasure was taken.")
