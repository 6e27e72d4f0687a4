"""The engine's refusals and the computer's hints reach a person in their language through the bot (issue 19):
the engine gives a code, the bot words it for whoever asked."""

from __future__ import annotations

from engine import Action, Colour
from i18n import words_for
from i18n.terms import action_label

from .conftest import open_table


async def test_a_german_reads_the_engines_refusal_in_german(simcord_env, locales):
    table = await open_table(simcord_env, 2)
    actor = await table.actor()
    waiting = next(p for p in table.players if p is not actor)
    locales.people[actor.id] = "de"
    locales.people[waiting.id] = "pt-BR"
    version = (await table.record()).version

    result = await waiting.slash(table.channel, "te tile", color="red", square="a1")
    assert result.ephemeral and result.response.content == "Não é a sua vez."
    result = await actor.slash(table.channel, "te leader", color="red", square="a1")
    assert result.response.content == (
        "A1 liegt nicht neben einem offenen Tempel: Ein Anführer muss neben einem stehen."
    )
    result = await actor.slash(table.channel, "te tile", color="red", square="z9")
    assert result.response.content.startswith("'z9' ist kein Feld: ")
    game = await table.game()
    if game.hands[game.to_act][Colour.RED]:
        result = await actor.slash(table.channel, "te tile", color="red", square="e1")
        assert result.response.content == "E1 ist ein Flussfeld: Auf Flüsse kommen nur Bauernhöfe (blau)."
    result = await actor.slash(table.channel, "te undo")
    assert result.response.content == "In diesem Zug gibt es nichts von dir zurückzunehmen."
    assert (await table.record()).version == version


async def test_a_french_hint(simcord_env, locales):
    table = await open_table(simcord_env, 2, hints=True)
    actor = await table.actor()
    locales.people[actor.id] = "fr"
    result = await actor.slash(table.channel, "te hint")
    text = result.response.content
    assert result.ephemeral and text.startswith("Conseil : ") and "\n" not in text, text
    suggested = Action.parse(text.rsplit("(`", 1)[1].rstrip("`)"))
    assert text.startswith(f"Conseil : {action_label(words_for('fr'), suggested)} : ")
    assert (await table.game()).is_legal(suggested)
