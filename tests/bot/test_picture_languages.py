"""Issue 19: each picture in its reader's language. A game's board and scores in its channel speak the
game's language; a hand sent in a DM and a picture in a private reply speak their reader's."""

from __future__ import annotations

import render
from tests.bot.conftest import open_table


def _spy(monkeypatch, names: tuple[str, ...]) -> list[tuple[str, str]]:
    """Every picture drawn from now on, as (function, its words' language)."""
    drawn: list[tuple[str, str]] = []
    for name in names:
        real = getattr(render, name)

        def spy(*args, _real=real, _name=name, **kwargs):  # type: ignore[no-untyped-def]
            drawn.append((_name, kwargs["words"].language))
            return _real(*args, **kwargs)

        monkeypatch.setattr(render, name, spy)
    return drawn


async def test_a_french_game_with_a_german_player(simcord_env, locales, monkeypatch):
    drawn = _spy(monkeypatch, ("board_png", "hand_png"))
    french = simcord_env.create_guild()
    locales.servers[french.id] = "fr"
    alice = french.add_member(simcord_env.create_user("alice"))
    bob = french.add_member(simcord_env.create_user("bob"))
    locales.people[bob.id] = "de"
    channel = french.create_text_channel("jeux")
    await alice.slash(channel, "te new")
    await bob.slash(channel, "te join")  # his Discord's German is noted for his DMs
    await alice.slash(channel, "te start")
    # the start: the board in the channel in French, each hand in its player's DM in their own language
    assert ("board_png", "fr") in drawn
    assert sorted(lang for name, lang in drawn if name == "hand_png") == ["de", "en"]
    board_post = channel.history()[-1]
    assert [a.filename for a in board_post.attachments] == ["board.png"]

    drawn.clear()
    result = await bob.slash(channel, "te board")  # only he sees it: his language
    assert result.ephemeral and result.response.attachments
    result = await bob.slash(channel, "te hand")
    assert result.ephemeral and result.response.attachments
    assert drawn == [("board_png", "de"), ("hand_png", "de")]

    drawn.clear()
    await alice.slash(channel, "te board")
    assert drawn == [("board_png", "en")]


async def test_a_spanish_game_draws_its_board_in_spanish(simcord_env, locales, monkeypatch):
    drawn = _spy(monkeypatch, ("board_png",))
    table = await open_table(simcord_env, 2, language="es")
    assert (await table.record()).language == "es"
    assert drawn and {lang for _, lang in drawn} == {"es"}  # the start's board, in the channel
