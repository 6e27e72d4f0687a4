"""Issue 18, item 4: a war that will not be fought, because the war before it split the kingdom, is said in
one line on every path that tells the move that split it: a person's move, a standing order's answer (R34)
and a presentation rebuilt from the log after a restart; each reader reads it in their language."""

from __future__ import annotations

from bot.present import play_and_tell, wars_called_off
from bot.texts import WarsCalledOff
from engine import Game, Phase
from i18n import words_for
from tests.bot.conftest import Table, channel_shown, reach, seed_where, told_since
from tests.bot.test_dm_languages import speaks
from tests.bot.test_recovery import break_presentation

CALLED_OFF = "No more war: the "
CALLED_OFF_LINE = (
    "No more war: the {war} will not be fought, as the {fought} split the kingdom and the two {leaders} are "
    "no longer in one."
)
# "No more war:" as the German catalogue words it
DE_CALLED_OFF = words_for("de").gettext(CALLED_OFF_LINE).split(":")[0] + ":"


def split_by_a_forced_answer(game: Game) -> bool:
    """A war's defender must commit, has one choice only (no tile of its colour), and that answer ends a
    war that splits the kingdom: a war waiting its turn is called off."""
    if game.phase is not Phase.WAR_DEFENDER or len(game.war_colours()) < 2 or game.forced_action() is None:
        return False
    return any(isinstance(item, WarsCalledOff) for item in play_and_tell(game.copy(), game.forced_action()))


def test_playing_and_telling_adds_the_wars_called_off_to_the_events() -> None:
    seed, actions = seed_where(3, split_by_a_forced_answer)
    game = Game.new(3, seed)
    for text in actions:
        game.apply(text)
    before, after = game.copy(), game.copy()
    events = after.apply(game.forced_action())
    told = play_and_tell(game, game.forced_action())
    called_off = wars_called_off(before, after, events)
    assert called_off is not None and told == [*events, called_off]
    assert game == after


async def reach_the_split(simcord_env, game_seed) -> tuple[Table, Game]:
    return await reach(simcord_env, game_seed, 3, split_by_a_forced_answer)


async def test_a_standing_order_that_ends_the_war_says_what_it_called_off(simcord_env, game_seed):
    table, game = await reach_the_split(simcord_env, game_seed)
    defender = table.players[game.conflict.defender]
    shown = channel_shown(table)
    result = await defender.slash(table.channel, "te settings", auto_forced="on")  # R34: answered at once
    assert result.response.content.startswith("Saved.")
    assert (await table.game()).phase is not Phase.WAR_DEFENDER
    record = await table.record()
    last = (await table.bot.store.actions(record.id))[-1]
    assert (last.action, last.who.user_id) == ("commit 0", defender.id)
    lines = told_since(table, shown)
    assert sum(line.startswith(CALLED_OFF) for line in lines) == 1, lines


async def test_a_split_shown_after_a_restart_says_what_it_called_off_in_each_readers_words(
    simcord_env, game_seed, make_bot, monkeypatch, locales
):
    table, game = await reach_the_split(simcord_env, game_seed)
    defender = table.players[game.conflict.defender]
    reader = next(p for p in table.players if p is not defender)
    await speaks(simcord_env, reader.id, "de", locales)
    shown = channel_shown(table)
    break_presentation(monkeypatch, table)
    result = await defender.slash(table.channel, "te choose", option="commit 0")
    assert result.response.content == "Done: Commit 0 tiles (`commit 0`)."
    record = await table.record()
    assert record.presented_version == record.version - 1
    assert told_since(table, shown) == []  # saved, not shown

    await simcord_env.restart_bot(make_bot())
    assert (await table.record()).presented_version == record.version
    lines = told_since(table, shown)
    assert sum(line.startswith(CALLED_OFF) for line in lines) == 1, lines
    # the catch-up built from the stored posts: /te log in the reader's language
    log = await reader.slash(table.channel, "te log", count=5)
    assert DE_CALLED_OFF in log.response.content, log.response.content
