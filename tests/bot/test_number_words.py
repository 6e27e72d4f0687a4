"""Numbers and durations as each reader says them: decimals "0.5" in English, "0,5" in German, French,
Spanish and Brazilian Portuguese (Babel's locale data), with the plural form each language gives a fraction;
a duration in the case its sentence needs."""

from __future__ import annotations

import re

from bot import texts
from i18n import LANGUAGES, words_for

from .conftest import open_table

# A Discord locale of each language (simcord sends en-US unless the ``locales`` fixture says otherwise)
DISCORD = {"en": "en-US", "de": "de", "fr": "fr", "es": "es-ES", "pt-BR": "pt-BR"}


def test_a_fraction_of_a_minute_is_written_as_each_language_writes_it() -> None:
    said = {language: texts.minutes_words(words_for(language), 0.5) for language in LANGUAGES}
    assert said == {
        "en": "after 0.5 minutes",
        "de": "nach 0,5 Minuten",
        "fr": "au bout de 0,5 minute",  # French and Brazilian Portuguese: below 2 is singular (CLDR)
        "es": "al cabo de 0,5 minutos",
        "pt-BR": "depois de 0,5 minuto",
    }
    assert texts.minutes_words(words_for("fr"), 2.5) == "au bout de 2,5 minutes"
    assert texts.minutes_words(words_for("de"), 1) == "nach 1 Minute"
    assert texts.minutes_words(words_for("es"), 90) == "al cabo de 90 minutos"


async def test_the_lobby_post_writes_its_hours_and_minutes_in_the_games_language(simcord_env) -> None:
    guild = simcord_env.create_guild()
    creator = guild.add_member(simcord_env.create_user("alice"))
    posts = {}
    for language in LANGUAGES:
        channel = guild.create_text_channel(f"games-{language}")
        answer = await creator.slash(
            channel,
            "te new",
            language=language,
            away_minutes=0.5,
            conflict_hours=1.5,
            reminder_hours=0.25,
            turn_hours=2.5,
        )
        assert answer.ephemeral, answer.response.content
        (post,) = [m.content for m in channel.history()]
        posts[language] = post
        print(language, post)  # read in the test's output
    assert "turns last 2.5 h, conflicts wait 1.5 h, reminders every 0.25 h" in posts["en"]
    assert "played after 0.5 minutes by the" in posts["en"]
    assert "ein Zug dauert 2,5 h, Konflikte warten 1,5 h, Erinnerungen alle 0,25 h" in posts["de"]
    assert "spielt nach 0,5 Minuten der Computerspieler" in posts["de"]
    assert "un tour dure 2,5 h, les conflits attendent 1,5 h, rappels toutes les 0,25 h" in posts["fr"]
    assert "joués au bout de 0,5 minute par le joueur ordinateur" in posts["fr"]
    assert "cada turno dura 2,5 h, los conflictos esperan 1,5 h, recordatorios cada 0,25 h" in posts["es"]
    assert "los juega al cabo de 0,5 minutos el jugador automático" in posts["es"]
    assert "cada turno dura 2,5 h, conflitos esperam 1,5 h, lembretes a cada 0,25 h" in posts["pt-BR"]
    assert "jogados depois de 0,5 minuto pelo jogador computador" in posts["pt-BR"]
    for language in ("de", "fr", "es", "pt-BR"):
        assert "0.5" not in posts[language] and "1.5" not in posts[language], posts[language]


async def test_how_long_the_game_waited_takes_the_case_its_sentence_needs(simcord_env, locales) -> None:
    """/te status says how long the game has waited in the asker's language: German puts the phrase in the
    dative after "seit" ("seit weniger als einer Minute", "seit 2 Tagen und 3 Stunden")."""
    table = await open_table(simcord_env, 2, turn_hours=0)
    alice = table.players[0]

    async def waited() -> dict[str, str]:
        said = {}
        for language in LANGUAGES:
            locales.people[alice.id] = DISCORD[language]
            status = (await alice.slash(table.channel, "te status")).response.content
            said[language] = re.sub(r" \(.*", "", status.split("\n")[1])  # without "(since <t:…:f>)."
            print(language, said[language])  # read in the test's output
        return said

    at_once = await waited()
    await simcord_env.advance_time(51 * 3600 + 5)
    later = await waited()
    name = (await table.actor()).user.name
    assert at_once == {
        "en": f"The game has waited for {name} for less than a minute",
        "de": f"Die Partie wartet seit weniger als einer Minute auf {name}",
        "fr": f"La partie attend {name} depuis moins d'une minute",
        "es": f"La partida lleva menos de un minuto esperando a {name}",
        "pt-BR": f"A partida espera por {name} há menos de um minuto",
    }
    assert later == {
        "en": f"The game has waited for {name} for 2 days 3 hours",
        "de": f"Die Partie wartet seit 2 Tagen und 3 Stunden auf {name}",
        "fr": f"La partie attend {name} depuis 2 jours et 3 heures",
        "es": f"La partida lleva 2 días y 3 horas esperando a {name}",
        "pt-BR": f"A partida espera por {name} há 2 dias e 3 horas",
    }
