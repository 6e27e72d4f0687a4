"""Presentation is recoverable (issue 8): a version saved but never shown (the process died between the save
and the presentation, or the presentation failed) is shown once: after a restart, or when the game is next
touched by a command, a click or a timer. Several missed versions are shown as one board with everything
that happened since, not a flood.
"""

from __future__ import annotations

import asyncio

from bot.texts import fit_message
from engine import Phase
from i18n import words_for
from tests.bot.conftest import Table, dm_text, drive, open_table, seed_where
from tests.bot.test_prompts import labels, prompt_of

EN = words_for("en")


def posted_since(table: Table, count: int) -> list:
    return table.channel.history()[count:]


def turn_dms(member) -> list:
    return [m for m in member.user.dm_channel.history() if dm_text(m.content).startswith("your turn (")]


def hand_panels(member) -> list:
    """The DMs that carry the hand: only ever the newest about the game."""
    return [m for m in member.user.dm_channel.history() if "\n**Your hand**" in m.content]


def break_presentation(monkeypatch, table: Table, how: str = "raise") -> None:
    """The path between the save and the presentation dies: the presenter raises, or never returns (the
    process is killed there, as the next restart does to it)."""

    async def dies(*args, **kwargs):
        if how == "hang":
            await asyncio.sleep(10**9)
        raise RuntimeError("killed between the save and the presentation")

    monkeypatch.setattr(table.bot.rooms.presenter, "present", dies)


async def test_a_move_killed_before_it_was_shown_is_shown_once_after_a_restart(
    simcord_env, make_bot, monkeypatch
):
    table = await open_table(simcord_env, 2)
    actor = await table.actor()
    other = next(p for p in table.players if p is not actor)
    seen = len(table.channel.history())
    assert turn_dms(other) == []
    break_presentation(monkeypatch, table, "hang")
    await actor.slash(table.channel, "te pass")  # saved, then the process is killed while presenting
    record = await table.record()
    assert (record.version, record.presented_version) == (1, 0)
    assert posted_since(table, seen) == [] and turn_dms(other) == []

    await simcord_env.restart_bot(make_bot())
    [board] = posted_since(table, seen)
    assert board.content.startswith(f"{actor.user.name} ended their turn.") and board.attachments
    assert f"<@{other.id}>" not in board.content  # the player to act is told by DM, not pinged as well
    assert len(turn_dms(other)) == 1
    assert (await table.record()).presented_version == 1

    await simcord_env.restart_bot(make_bot())  # shown once: nothing more after another restart
    assert len(posted_since(table, seen)) == 1 and len(turn_dms(other)) == 1
    result = await other.slash(table.channel, "te pass")  # and the game goes on
    assert result.response.content == "Done: Pass (`pass`)."
    assert len(posted_since(table, seen)) == 2 and (await table.record()).presented_version == 2


async def test_a_move_not_shown_is_shown_once_when_the_game_is_next_touched(simcord_env, monkeypatch):
    table = await open_table(simcord_env, 2)
    actor = await table.actor()
    other = next(p for p in table.players if p is not actor)
    seen = len(table.channel.history())
    break_presentation(monkeypatch, table)
    result = await actor.slash(table.channel, "te pass")
    assert result.response.content == "Done: Pass (`pass`)."  # saved: the player is not told it failed
    assert posted_since(table, seen) == []
    monkeypatch.undo()

    result = await other.slash(table.channel, "te status")  # a look at the game shows what was missed
    assert result.ephemeral and result.response.content.startswith(f"Turn 2. {other.user.name} to play")
    [board] = posted_since(table, seen)
    assert board.content.startswith(f"{actor.user.name} ended their turn.")
    assert len(turn_dms(other)) == 1
    for command in ("te status", "te board", "te hand"):
        await other.slash(table.channel, command)
    assert len(posted_since(table, seen)) == 1 and len(turn_dms(other)) == 1


async def test_several_missed_versions_are_shown_as_one_board_with_all_that_happened(
    simcord_env, monkeypatch
):
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("games")
    alice, bob = (guild.add_member(simcord_env.create_user(name)) for name in ("alice", "bob"))
    await alice.slash(channel, "te new")
    await bob.slash(channel, "te join")
    seen = len(channel.history())
    table = Table(simcord_env, guild, channel, [alice, bob])
    break_presentation(monkeypatch, table)
    assert "started" in (await alice.slash(channel, "te start")).response.content  # the start is not shown
    first = await table.actor()
    second = next(p for p in table.players if p is not first)
    await first.slash(channel, "te pass")
    await second.slash(channel, "te pass")
    assert posted_since(table, seen) == [] and hand_panels(alice) == hand_panels(bob) == []
    monkeypatch.undo()

    await first.slash(channel, "te board")
    [board] = posted_since(table, seen)
    lines = board.content.split("\n")
    assert lines[0].startswith("**The game begins**")
    assert lines[1:3] == [f"{first.user.name} ended their turn.", f"{second.user.name} ended their turn."]
    assert lines[3].startswith(f"{first.user.name} to play") and board.attachments
    for member in table.players:
        assert len(hand_panels(member)) == 1
    assert len(turn_dms(first)) == 1 and turn_dms(second) == []
    record = await table.record()
    assert (record.version, record.presented_version) == (2, 2)


async def test_a_missed_decision_prompt_arrives_once_and_its_buttons_work(
    simcord_env, game_seed, make_bot, monkeypatch
):
    seed, actions = seed_where(2, lambda g: g.phase is Phase.REVOLT_ATTACKER)
    game_seed["value"] = seed
    table = await open_table(simcord_env, 2)
    for text in actions[:-1]:
        await drive(table, text)
    break_presentation(monkeypatch, table)
    await drive(table, actions[-1])  # starts a revolt; its prompt is never sent
    game = await table.game()
    attacker = table.players[game.conflict.attacker]
    prompts = len([m for m in attacker.user.dm_channel.history() if m.components])

    await simcord_env.restart_bot(make_bot())
    prompt = prompt_of(attacker)
    assert "Revolt of the" in prompt.content and labels(prompt)[0] == "Commit 0"
    assert len([m for m in attacker.user.dm_channel.history() if m.components]) == prompts + 1
    await attacker.user.click(prompt, label="Commit 0")
    assert (await table.game()).phase is Phase.REVOLT_DEFENDER


async def test_a_timer_shows_what_was_missed_before_it_fires(simcord_env, game_seed, monkeypatch):
    seed, actions = seed_where(2, lambda g: g.phase is Phase.REVOLT_ATTACKER)
    game_seed["value"] = seed
    table = await open_table(simcord_env, 2)
    for text in actions[:-1]:
        await drive(table, text)
    seen = len(table.channel.history())
    break_presentation(monkeypatch, table)
    await drive(table, actions[-1])
    monkeypatch.undo()
    assert posted_since(table, seen) == []

    await simcord_env.advance_time(12 * 3600 + 5)  # the deadline: nobody touched the game before
    # what was missed (the revolt begins: the second action of the turn, so the turn's post is edited with
    # the board), then the default commitment in a post of its own
    turn_post, *posted = table.channel.history()[seen - 1 :]
    assert "**Revolt!**" in turn_post.content and "committed" not in turn_post.content
    assert [a.filename for a in turn_post.attachments] == ["board.png"]
    assert len(posted) == 1 and "committed" in posted[0].content
    game = await table.game()
    assert game.phase is Phase.REVOLT_DEFENDER
    record = await table.record()
    assert record.presented_version == record.version


def test_a_board_of_many_missed_moves_keeps_the_newest_lines_and_the_mention():
    lines = [f"player {i % 3} placed a temple on E{i}." for i in range(400)]
    last = "<@123> to play (2 actions left)."
    text = fit_message(EN, lines, last)
    assert len(text) <= 2000 and text.endswith("\n" + last)
    shown = text.split("\n")
    assert shown[0].startswith("*(") and shown[0].endswith(" earlier lines left out)*")
    left_out = int(shown[0][2:].split()[0])
    assert shown[1:-1] == lines[left_out:]
    assert fit_message(EN, lines[:3], last) == "\n".join([*lines[:3], last])
