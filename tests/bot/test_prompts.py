"""Decisions by DM prompt: revolts and wars answered by clicks, a prompt that expires, a restart in the
middle of a prompt, a monument and a treasure."""

from __future__ import annotations

from engine import Phase, square_name
from i18n import words_for
from tests.bot.conftest import a_revolt_the_turn_goes_on_after, dm_text, drive, reach

EN = words_for("en")


def prompt_of(member):
    message = member.user.dm_channel.last_message
    assert message.components, message.content
    return message


def labels(message) -> list[str]:
    return [child.label for row in message.components for child in row.children]


async def test_revolt_answered_by_clicks(simcord_env, game_seed):
    table, game = await reach(simcord_env, game_seed, 2, lambda g: g.phase is Phase.REVOLT_ATTACKER)
    conflict = game.conflict
    attacker = table.players[conflict.attacker]
    defender = table.players[conflict.defender]
    prompt = prompt_of(attacker)
    assert "Revolt of the" in prompt.content and "you are the attacker" in prompt.content
    attacker_square = square_name(game.leader_pos[conflict.attacker][conflict.colour]).upper()
    defender_square = square_name(game.leader_pos[conflict.defender][conflict.colour]).upper()
    assert f"\nYour {conflict.colour.leader_name} on {attacker_square} has " in prompt.content
    assert "<t:" in prompt.content and ":R>" in prompt.content
    held = game.hands[conflict.attacker][0]
    assert labels(prompt) == [f"Commit {n}" for n in range(held + 1)]
    # the attacker just acted and is asked by DM: the channel names them without a mention
    assert "<@" not in table.channel.last_message.content
    await attacker.user.click(prompt, label=f"Commit {held}")
    answered = next(m for m in attacker.user.dm_channel.history() if m.id == prompt.id)
    assert f"You chose: Commit {held}." in answered.content and not answered.components
    game = await table.game()
    assert game.phase is Phase.REVOLT_DEFENDER
    prompt = prompt_of(defender)
    assert "you are the defender" in prompt.content and f"+ {held} committed" in prompt.content
    assert f"yours on {defender_square} has " in prompt.content  # each reader sees their own side as theirs
    await defender.user.click(prompt, label="Commit 0")
    game = await table.game()
    assert game.phase is not Phase.REVOLT_DEFENDER
    assert any("won the revolt" in m.content for m in table.channel.history()[-3:])


async def test_war_answered_by_clicks(simcord_env, game_seed):
    table, game = await reach(
        simcord_env, game_seed, 2, lambda g: g.phase in (Phase.WAR_CHOICE, Phase.WAR_ATTACKER)
    )
    if game.phase is Phase.WAR_CHOICE:
        chooser = table.players[game.to_act]
        prompt = prompt_of(chooser)
        assert "Several wars" in prompt.content
        await chooser.user.click(prompt, label=labels(prompt)[0])
        game = await table.game()
    assert game.phase is Phase.WAR_ATTACKER
    attacker = table.players[game.conflict.attacker]
    await attacker.user.click(prompt_of(attacker), label="Commit 0")
    defender = table.players[(await table.game()).conflict.defender]
    prompt = prompt_of(defender)
    assert "War of the" in prompt.content and "you are the defender" in prompt.content
    await defender.user.click(prompt, label="Commit 0")
    assert any("won the war" in m.content for m in table.channel.history()[-4:])


async def test_prompt_expires_and_the_default_applies(simcord_env, game_seed):
    table, game = await reach(simcord_env, game_seed, 2, lambda g: g.phase is Phase.REVOLT_ATTACKER)
    attacker = table.players[game.conflict.attacker]
    old_prompt = prompt_of(attacker)
    version = (await table.record()).version
    await simcord_env.advance_time(11 * 3600)
    assert (await table.record()).version == version  # the 12-hour deadline has not passed yet
    await simcord_env.advance_time(1 * 3600 + 5)
    record = await table.record()
    assert record.version == version + 1
    actions = await table.bot.store.actions(record.id)
    assert actions[-1].action == "commit 0"
    edited = next(m for m in attacker.user.dm_channel.history() if m.id == old_prompt.id)
    assert "Time ran out: Commit 0." in edited.content and not edited.components
    assert (await table.game()).phase is Phase.REVOLT_DEFENDER
    await simcord_env.advance_time(12 * 3600 + 5)
    assert (await table.game()).phase is not Phase.REVOLT_DEFENDER
    assert (await table.bot.store.actions(record.id))[-1].action == "commit 0"


async def test_restart_during_a_prompt_then_the_old_button_works(simcord_env, game_seed, make_bot):
    table, game = await reach(simcord_env, game_seed, 2, lambda g: g.phase is Phase.REVOLT_ATTACKER)
    attacker = table.players[game.conflict.attacker]
    prompt = prompt_of(attacker)
    await simcord_env.restart_bot(make_bot())
    await attacker.user.click(prompt, label="Commit 0")  # a button sent before the restart
    game = await table.game()
    assert game.phase is Phase.REVOLT_DEFENDER
    version = (await table.record()).version
    # the defender's deadline is a row: after another restart it still fires on time
    await simcord_env.restart_bot(make_bot())
    await simcord_env.advance_time(12 * 3600 + 5)
    assert (await table.record()).version == version + 1
    assert (await table.game()).phase is not Phase.REVOLT_DEFENDER


async def test_a_click_on_a_closed_decision_says_it_is_closed(simcord_env, game_seed):
    table, game = await reach(simcord_env, game_seed, 2, lambda g: g.phase is Phase.REVOLT_ATTACKER)
    attacker = table.players[game.conflict.attacker]
    prompt = prompt_of(attacker)
    # Discord refuses the edit that would take the buttons off, so the old button stays clickable
    simcord_env.inject_error(
        "PATCH", f"/channels/{prompt.channel.id}/messages/{prompt.id}", status=403, code=50001
    )
    await drive(table, "commit 0")  # answered with /te choose instead
    version = (await table.record()).version
    result = await attacker.user.click(prompt, label="Commit 0")
    texts = [m.content for m in result.followups] + ([result.response.content] if result.response else [])
    assert "This decision is already closed." in texts, texts
    assert (await table.record()).version == version  # applied once


async def test_monument_built_by_click(simcord_env, game_seed):
    table, game = await reach(simcord_env, game_seed, 2, lambda g: g.phase is Phase.MONUMENT)
    builder = table.players[game.to_act]
    prompt = prompt_of(builder)
    assert "Monument" in prompt.content and labels(prompt)[-1] == "Build no monument"
    await builder.user.click(prompt, label=labels(prompt)[0])
    game = await table.game()
    assert len(game.monuments) == 1
    assert any(
        " monument on " in m.content and "built the " in m.content for m in table.channel.history()[-2:]
    )


async def test_treasure_chosen_by_click(simcord_env, game_seed):
    table, game = await reach(simcord_env, game_seed, 2, lambda g: g.phase is Phase.TREASURE)
    owner = table.players[game.to_act]
    prompt = prompt_of(owner)
    assert "Treasure" in prompt.content
    before = sum(game.treasures_held)
    await owner.user.click(prompt, label=labels(prompt)[0])
    game = await table.game()
    assert sum(game.treasures_held) > before
    assert any("took the treasure" in m.content for m in table.channel.history()[-2:])


async def test_the_active_player_is_told_when_a_conflict_hands_the_turn_back(simcord_env, game_seed):
    table, game = await a_revolt_the_turn_goes_on_after(simcord_env, game_seed)
    active = table.players[game.active]
    await active.user.click(prompt_of(active), label="Commit 0")  # the active player attacks
    defender = table.players[(await table.game()).conflict.defender]
    await defender.user.click(prompt_of(defender), label="Commit 0")
    game = await table.game()
    assert game.phase is Phase.ACTION and game.to_act == game.active and game.actions_left == 1
    last = active.user.dm_channel.history()[-1]
    assert dm_text(last.content).startswith("your turn goes on (") and "1 action left" in last.content
    assert "committed 0 temples" in dm_text(last.content)  # what the defender did


async def test_an_abandoned_game_frees_the_channel(simcord_env, game_seed):
    table, _ = await reach(simcord_env, game_seed, 2, lambda g: g.turn >= 2)
    record = await table.record()
    creator = next(p for p in table.players if p.id == record.creator_id)
    result = await creator.slash(table.channel, "te abandon")
    await creator.click(result.response.message, label="Abandon the game")
    result = await creator.slash(table.channel, "te status")
    assert result.response.content == "There is no game in this channel: open one with /te new."
    assert "Lobby opened" in (await creator.slash(table.channel, "te new")).response.content


def test_a_commitment_with_nothing_to_commit_says_why_it_still_waits():
    # R34: a forced choice waits for its deadline; the prompt says so, and how to answer such prompts at once
    import random

    from bot.texts import FORCED_WAIT, prompt_text
    from engine import Game, player_view

    found: dict[bool, str] = {}
    for seed in range(40):
        game, chooser = Game.new(2, seed), random.Random(seed)
        while not game.is_over and len(found) < 2:
            if game.phase.is_commit:
                view = player_view(game, game.to_act)
                holds = view.hand[view.conflict.tile_colour] > 0
                found.setdefault(holds, prompt_text(EN, view, ["alice", "bob"], "game 1", 1_900_000_000))
            legal = game.legal_actions()
            busy = [a for a in legal if a.kind in ("tile", "leader")]
            game.apply(chooser.choice(busy or legal))
        if len(found) == 2:
            break
    assert "how many do you commit?" in found[True] and FORCED_WAIT not in found[True]
    assert "so your only answer is 0." in found[False] and FORCED_WAIT in found[False]


def test_a_forced_prompt_says_in_portuguese_that_the_question_waits():
    """After "sua única resposta é 0." a sentence starting "Ela espera" read as if the answer waited: the
    pt-BR line names the question."""
    from bot.texts import FORCED_WAIT

    said = words_for("pt-BR").gettext(FORCED_WAIT)
    assert said.startswith("Esta pergunta espera como qualquer outra,"), said
