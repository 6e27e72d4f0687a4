"""Numbers with decimals as each reader writes them: "0.5" in English, "0,5" in German, French, Spanish and
Brazilian Portuguese (Babel's locale data), and the plural form each language gives a fraction."""

from __future__ import annotations

from bot import texts
from i18n import LANGUAGES, words_for


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
