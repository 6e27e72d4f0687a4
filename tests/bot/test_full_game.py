"""A whole game through the bot's own paths: commands for turns, DM buttons for decisions, to the end."""

from __future__ import annotations

import re

from bot.texts import choice_label, points_text
from engine.rng import Rng
from i18n import words_for
from tests.bot.conftest import drive, open_table

EN = words_for("en")

HIDDEN_MARKERS = ("Your hand", "Points ", "treasures held", "tiles in the bag", "in the bag")
# points as the bot writes them (a colour square, a number) and hands (a colour square, a times sign, a count)
POINTS_OR_HAND = re.compile(r"[🟥🟦🟩⬛] ?[×x]?\d")


def assert_public(message, finished: bool) -> None:
    for marker in HIDDEN_MARKERS:
        assert marker not in message.content, message.content
    if not finished:
        assert not POINTS_OR_HAND.search(message.content), message.content
    assert all(a.filename in ("board.png", "scores.png") for a in message.attachments)
    if not finished:
        assert "Final standings" not in message.content


def test_the_pattern_catches_what_the_bot_writes_privately():
    assert POINTS_OR_HAND.search(points_text(EN, (3, 1, 4, 1), 2))
    assert POINTS_OR_HAND.search("Hand: 🟥×2 🟩×1")


async def test_a_whole_game_to_the_final_standings(simcord_env, game_seed):
    game_seed["value"] = 20261122
    table = await open_table(simcord_env, 2)
    chooser = Rng(5)
    clicks = 0
    for _ in range(600):
        game = await table.game()
        if game.is_over:
            break
        legal = game.legal_actions()
        if game.phase.value != "action" and chooser.below(2) == 0:
            member = table.players[game.to_act]
            prompt = member.user.dm_channel.last_message
            choice = legal[chooser.below(len(legal))]
            await member.user.click(prompt, label=choice_label(EN, choice.text))
            clicks += 1
            continue
        quiet = [a for a in legal if a.kind != "catastrophe"] or legal
        await drive(table, quiet[chooser.below(len(quiet))].text)
    game = await table.game()
    assert game.is_over, "the game must end"
    record = await table.record()
    assert record.status == "finished"
    assert await table.bot.store.verify_replay(record.id) == record.version
    assert clicks > 0

    history = table.channel.history()
    final = [m for m in history if "Final standings" in m.content]
    assert len(final) == 1 and [a.filename for a in final[0].attachments] == ["board.png", "scores.png"]
    assert final[0] is history[-1]
    for message in history:
        assert_public(message, finished=message.id >= final[0].id)
    for p in table.players:
        # the hand is in the newest DM about the game only, never a pile of pictures
        dms = p.user.dm_channel.history()
        panels = [m for m in dms if "\n**Your hand**" in m.content]
        assert panels == [dms[-1]] and panels[0].attachments[0].filename == "hand.png"
        assert sum(bool(m.attachments) for m in dms) == 1
    seats = {s.seat for s in game.outcome().standings}
    assert seats == {0, 1}
    # after the end, the board and the standings can still be looked at
    status = await table.players[1].slash(table.channel, "te status")
    assert status.ephemeral and status.response.content.startswith("**Final standings**")
    board = await table.players[1].slash(table.channel, "te board")
    assert board.response.content.endswith(" — the final board; `/te status` gives the standings.")
    assert board.response.attachments
