"""Who reads which language (issue 19): a person's choice, else their Discord's; a game's channel in the
game's language, by default the server's. simcord sends en-US: the ``locales`` fixture sets others."""

from __future__ import annotations

import pytest

from bot.language import Languages, new_game_language, person_language
from i18n import words_for
from storage import PersonLanguage, Store

from .conftest import open_table


def test_a_persons_language_is_their_choice_then_discord_then_the_game():
    assert person_language(PersonLanguage("fr", "de"), "es") == "fr"
    assert person_language(PersonLanguage(None, "de"), "es") == "de"
    assert person_language(PersonLanguage(None, "es-419"), "fr") == "es"
    assert person_language(PersonLanguage(None, "ja"), "pt-BR") == "pt-BR"  # a locale the bot does not speak
    assert person_language(PersonLanguage("xx", None), None) == "en"
    assert person_language(None, "de") == "de"


def test_a_new_games_language_is_the_chosen_one_else_the_servers_or_its_creators():
    assert new_game_language("es", "en-US") == "es"
    assert new_game_language("auto", "fr") == "fr"
    assert new_game_language(None, "pt-BR") == "pt-BR"
    assert new_game_language(None, "ja") == "en"
    # a server that never chose a language reports US English: the creator's language then
    assert new_game_language(None, "en-US", "de") == "de"
    assert new_game_language(None, "en-US", "ja") == "en"  # one the bot does not speak: the server's
    assert new_game_language(None, "fr", "de") == "fr"  # a server that chose keeps its choice
    assert new_game_language(None, "ja", "es-ES") == "es"
    assert new_game_language("en", "en-US", "de") == "en"  # asked for: as asked


async def test_a_german_reads_refusals_in_german_in_any_server(simcord_env, locales):
    table = await open_table(simcord_env, 2)
    dora = table.guild.add_member(simcord_env.create_user("dora"))
    locales.people[dora.id] = "de"
    result = await dora.slash(table.channel, "te join")
    assert result.ephemeral
    assert result.response.content == (
        "Die Partie hier hat schon begonnen; du kannst sie mit /te brett verfolgen."
    )
    # Her Discord's language is kept for the DMs sent when she is not there to ask.
    stored = await table.bot.store.person_language(dora.id)
    assert stored == PersonLanguage(None, "de")


async def test_friends_on_a_server_that_never_chose_a_language_get_posts_in_the_creators(
    simcord_env, locales
):
    guild = simcord_env.create_guild()  # reports en-US, as Discord does for a server that never chose
    channel = guild.create_text_channel("spiele")
    anna = guild.add_member(simcord_env.create_user("anna"))
    locales.people[anna.id] = "de"
    await anna.slash(channel, "te new")
    record = await simcord_env.bot.store.latest_game_in_channel(channel.id)
    assert record.language == "de"
    assert channel.last_message.content.startswith("**Euphrat & Tigris** – Lobby, Partie 1")
    # a server that chose French keeps its posts in French
    french = simcord_env.create_guild()
    locales.servers[french.id] = "fr"
    salon = french.create_text_channel("jeux")
    ben = french.add_member(simcord_env.create_user("ben"))
    locales.people[ben.id] = "de"
    await ben.slash(salon, "te new")
    assert (await simcord_env.bot.store.latest_game_in_channel(salon.id)).language == "fr"


async def test_settings_language_overrides_discord_and_answers_in_the_new_language(simcord_env, locales):
    table = await open_table(simcord_env, 2)
    alice = table.players[0]
    locales.people[alice.id] = "de"
    result = await alice.slash(table.channel, "te settings", language="en")
    assert result.response.content.startswith("Saved. In this game: DMs: turn (the default)")
    assert result.response.content.endswith("Language: English (your choice).")
    other = table.guild.create_text_channel("elsewhere")
    result = await alice.slash(other, "te board")  # no game there: the refusal is English now
    assert "No game" in result.response.content or "no game" in result.response.content
    result = await alice.slash(table.channel, "te settings", language="fr")
    assert result.response.content.startswith("Enregistré. Dans cette partie : MP : tour (par défaut)")
    assert result.response.content.endswith("Langue : Français (ton choix).")
    result = await alice.slash(table.channel, "te settings", language="auto")
    assert result.response.content.endswith("Sprache: Deutsch (automatisch: wie dein Discord).")


async def test_a_game_posts_in_its_servers_language_unless_another_is_chosen(simcord_env, locales):
    french = simcord_env.create_guild()
    locales.servers[french.id] = "fr"
    table = await open_table(simcord_env, 2, guild=french)
    assert (await table.record()).language == "fr"
    english = simcord_env.create_guild()
    channel = english.create_text_channel("partida")
    rosa = english.add_member(simcord_env.create_user("rosa"))
    result = await rosa.slash(channel, "te new", language="es")
    assert result.ephemeral
    record = await table.bot.store.game_in_channel(channel.id)
    assert record is not None and record.language == "es"
    plain = english.create_text_channel("plain")
    await rosa.slash(plain, "te new")
    record = await table.bot.store.game_in_channel(plain.id)
    assert record is not None and record.language == "en"


@pytest.fixture
async def store(db_path):
    async with Store.open(db_path) as opened:
        yield opened


async def test_languages_remember_people_and_write_a_locale_only_when_it_changes(store):
    languages = Languages(store)
    words = await languages.reader(5, "de", 1_000)
    assert words is words_for("de")
    assert await store.person_language(5) == PersonLanguage(None, "de")
    await store.set_person_language(5, 1_001, discord_locale="fr")  # another process, unseen for a minute
    assert (await languages.reader(5, "de", 1_002)) is words_for("de")
    assert await store.person_language(5) == PersonLanguage(None, "fr")  # nothing written: no change seen
    await languages.choose(5, "pt-BR", 1_003)
    assert (await languages.reader(5, "de", 1_004)) is words_for("pt-BR")


async def test_status_says_the_games_language_in_the_readers(simcord_env, locales):
    french = simcord_env.create_guild()
    locales.servers[french.id] = "fr"
    table = await open_table(simcord_env, 2, guild=french)
    alice, bob = table.players
    locales.people[bob.id] = "de"
    said = (await alice.slash(table.channel, "te status")).response.content
    assert said.endswith(
        "This game posts in French; each player's replies and DMs follow `/te settings language:`."
    )
    said = (await bob.slash(table.channel, "te status")).response.content
    german = "Diese Partie läuft auf Französisch; Antworten und DMs folgen für jeden"
    assert said.endswith(f"{german} `/te einstellungen sprache:`.")
