"""The texts of the table in the reader's language (issue 19): events, prompts, statuses, standings,
refusals and DMs in German and French, whole sentences with the game's terms in the form each place needs,
and counts with each language's plural rule. simcord sends en-US: the ``locales`` fixture sets others."""

from __future__ import annotations

import random

from bot import present, texts
from bot.core import UserError
from bot.deadlines import TURN, Due
from bot.play import NOT_PLAYING
from bot.present import DmKind, wars_offered
from engine import Action, Colour, Event, Game, Phase, player_view, public_view
from engine.board import parse_square
from i18n import terms, words_for
from tests.engine.positions import play, three_wars

from .conftest import Table
from .test_options_2015 import seed_reaching

DE, FR, EN = words_for("de"), words_for("fr"), words_for("en")
ES, PT = words_for("es"), words_for("pt-BR")
NAMES = ["alice", "bob"]
E5 = parse_square("e5")


def test_events_use_the_form_of_each_term_their_sentence_needs() -> None:
    temple = Event("tile", 0, Colour.RED, (E5,))
    settlement = Event("tile", 0, Colour.BLACK, (E5,))
    assert texts.event_line(EN, temple, NAMES) == "alice placed a temple on E5."
    assert texts.event_line(DE, temple, NAMES) == "alice legt einen Tempel auf E5."
    assert texts.event_line(DE, settlement, NAMES) == "alice legt eine Siedlung auf E5."
    assert texts.event_line(FR, settlement, NAMES) == "alice a posé une population en E5."
    farmer = Event("leader", 1, Colour.BLUE, (E5,))
    assert texts.event_line(DE, farmer, NAMES) == "Der Bauer von bob kommt auf E5."
    assert texts.event_line(FR, farmer, NAMES) == "bob a placé son fermier en E5."
    war = Event("war", 0, Colour.BLUE, (E5,), other=1)
    assert texts.event_line(DE, war, NAMES) == "**Krieg der Bauern!** alice greift bob an."
    assert texts.event_line(FR, war, NAMES) == "**Guerre des fermiers !** alice attaque bob."


def test_a_count_follows_each_languages_plural_rule() -> None:
    """French counts 0 as singular, German and English as plural (the catalogues' plural rules)."""
    said = {
        language: [texts.points_text(words, (1, 2, 3, 4), n).split(" · ")[1] for n in (0, 1, 2)]
        for language, words in (("en", EN), ("de", DE), ("fr", FR))
    }
    assert said["en"] == ["0 treasures", "1 treasure", "2 treasures"]
    assert said["de"] == ["0 Schätze", "1 Schatz", "2 Schätze"]
    assert said["fr"] == ["0 trésor", "1 trésor", "2 trésors"]
    assert texts.waited_words(FR, 51 * 3600) == "2 jours et 3 heures"
    assert texts.waited_words(DE, 60) == "1 Minute"
    assert texts.minutes_words(DE, 0) == "sofort"


def test_a_war_prompt_and_its_buttons_in_german_and_french() -> None:
    game = three_wars()
    view = player_view(game, 0)
    wars = wars_offered(game)
    german = texts.prompt_text(DE, view, NAMES, "G", 100, game.default_action(), wars).split("\n")
    assert german[0] == "**G** — **Mehrere Kriege** sind ausgebrochen: Welcher wird zuerst ausgetragen?"
    assert german[1] == (
        "• Krieg der Bauern: Dein Bauer auf F6 (0 auf dem Spielplan) greift den von bob auf J6 an (0)."
    )
    # the default said inside a sentence keeps the German noun's capital (no lowering in code)
    assert german[-1] == "Frist <t:100:R>; danach gilt die Vorgabe: Krieg der Bauern zuerst."
    assert texts.choice_label(DE, "war blue", public_view(game)) == "Krieg der Bauern zuerst"
    assert texts.choice_label(FR, "war blue", public_view(game)) == "Guerre des fermiers d'abord"
    play(game, "war green")  # the war of the traders: its attacker is asked first
    french = texts.prompt_text(FR, player_view(game, game.to_act), NAMES, "G", 100)
    assert french.startswith("**G** — **Guerre des marchands** : tu es ")
    assert texts.awaited(FR, public_view(game), NAMES).startswith(f"{NAMES[game.to_act]} doit engager des ")


def test_who_must_commit_reads_without_doubled_parentheses_in_every_language() -> None:
    """A computer seat's name carries its level in parentheses ("Bot (normal)"): the role in a conflict is
    said in words, not in a second pair ("Bot (normal) (defensor)")."""
    game = three_wars()
    play(game, "war green")  # the war of the traders: its attacker commits first
    names = ["Bot (normal)", "Bot (normal)"]
    languages = (("en", EN), ("de", DE), ("fr", FR), ("es", ES), ("pt", PT))

    def said() -> dict[str, str]:
        lines = {language: texts.awaited(words, public_view(game), names) for language, words in languages}
        for line in lines.values():
            assert ") (" not in line and line.startswith("Bot (normal) "), line
        return {language: line.split(":")[0] for language, line in lines.items()}

    assert said() == {
        "en": "Bot (normal) must commit markets as the attacker",
        "de": "Bot (normal) muss als Angreifer Märkte einsetzen",
        "fr": "Bot (normal) doit engager des marchés en tant qu'attaquant ",
        "es": "Bot (normal) debe aportar mercados como atacante",
        "pt": "Bot (normal) deve comprometer mercados como atacante",
    }
    play(game, "commit 0")
    assert said() == {
        "en": "Bot (normal) must commit markets as the defender",
        "de": "Bot (normal) muss als Verteidiger Märkte einsetzen",
        "fr": "Bot (normal) doit engager des marchés en tant que défenseur ",
        "es": "Bot (normal) debe aportar mercados como defensor",
        "pt": "Bot (normal) deve comprometer mercados como defensor",
    }


def test_standings_and_a_players_place_in_french_and_german() -> None:
    rng = random.Random(3)
    game = Game.new(2, 3)
    while not game.is_over:
        legal = game.legal_actions()
        quiet = [a for a in legal if a.kind != "catastrophe"] or legal
        game.apply(rng.choice(quiet))
    view = public_view(game)
    french = texts.standings_text(FR, view, NAMES).split("\n")
    assert french[0].startswith("**Classement final** (la partie s'est terminée car ")
    assert french[1].startswith("1. ") and " — couleur la plus faible **" in french[1]
    winner = view.outcome.standings[0].seat
    assert texts.place_words(DE, view, winner).startswith(
        ("du hast gewonnen", "du bist gleichauf auf Platz 1")
    )


def test_a_shared_place_in_german_does_not_read_as_shared_with_the_score() -> None:
    """The old words, "du teilst dir den 3. Platz mit **0**", read as sharing the place with "0"."""
    assert [DE.gettext(texts.SHARED_PLACE[place], score=0) for place in (1, 2, 3)] == [
        f"du bist gleichauf auf Platz {place}, mit **0** in deiner schwächsten Farbe" for place in (1, 2, 3)
    ]


def test_a_conflicts_question_agrees_with_the_gender_of_the_tiles() -> None:
    """Read in a Spanish game: "Tienes 1 templo: ¿cuántas aportas?" ("cuántas" is said of farms only)."""
    red, blue, green, black = Colour.RED, Colour.BLUE, Colour.GREEN, Colour.BLACK
    assert texts.how_many_to_commit(ES, red, 1) == "Tienes 1 templo: ¿cuántos aportas?"
    assert texts.how_many_to_commit(ES, blue, 3) == "Tienes 3 granjas: ¿cuántas aportas?"
    assert texts.how_many_to_commit(ES, green, 2).endswith("mercados: ¿cuántos aportas?")
    assert texts.how_many_to_commit(ES, black, 2).endswith("asentamientos: ¿cuántos aportas?")
    assert texts.how_many_to_commit(PT, black, 3) == "Você tem 3 assentamentos: quantos compromete?"
    assert texts.how_many_to_commit(PT, blue, 2) == "Você tem 2 fazendas: quantas compromete?"
    assert texts.how_many_to_commit(PT, red, 2).endswith("templos: quantos compromete?")
    assert texts.how_many_to_commit(EN, green, 2) == "You hold 2 markets: how many do you commit?"
    assert texts.how_many_to_commit(DE, red, 2) == "Du hast 2 Tempel: Wie viele setzt du ein?"


def test_a_seat_without_leaders_in_supply_is_said_in_a_sentence() -> None:
    """/te status said "líderes en reserva ninguno" ("leaders in supply none") of a seat whose four leaders
    are on the board."""
    assert (
        texts.seat_status(ES, "bob", 6, 1, ())
        == "bob: 6 fichas en la mano, 1 catástrofe, ningún líder en reserva"
    )
    assert (
        texts.seat_status(PT, "bob", 6, 0, ()) == "bob: 6 peças na mão, 0 catástrofe, nenhum líder na reserva"
    )
    assert (
        texts.seat_status(EN, "bob", 5, 2, ()) == "bob: 5 tiles in hand, 2 catastrophes, no leaders in supply"
    )
    assert texts.seat_status(EN, "bob", 5, 2, (Colour.RED, Colour.BLACK)) == (
        "bob: 5 tiles in hand, 2 catastrophes, leaders in supply 🟥⬛"
    )


def test_a_building_and_the_wonder_are_said_of_tiles_of_either_gender() -> None:
    """Read in Spanish and Portuguese: "tres o más templos. ¿Colocas la biblioteca sobre una de ellas?"
    and "la maravilla sobre los cinco granjas centrados" agreed with the wrong gender."""
    seed, actions = seed_reaching(lambda g: g.phase is Phase.BUILDING)
    game = Game.new(2, seed, buildings=True, wonder=True)
    play(game, *actions)
    view = public_view(game)
    assert texts.building_square(view, texts.building_colour(view)) is None  # beside the board: "Place"
    assert texts.building_question(ES, view).endswith(" sobre una de sus fichas?")
    assert texts.building_question(PT, view).endswith(" em uma de suas peças?")
    farms = Event("wonder", 0, Colour.BLUE, (E5,))
    assert texts.event_line(ES, farms, NAMES) == (
        "alice erigió la maravilla sobre las cinco fichas (granjas) centradas en E5."
    )
    assert texts.event_line(PT, farms, NAMES) == (
        "alice ergueu a maravilha sobre as cinco peças (fazendas) centradas em E5."
    )


def test_a_refusal_and_a_decision_said_in_the_readers_words() -> None:
    assert UserError(NOT_PLAYING).words(DE) == "Du spielst in dieser Partie nicht mit."
    assert UserError(NOT_PLAYING).words(FR) == "Tu ne joues pas dans cette partie."
    assert str(UserError(NOT_PLAYING)) == "You are not playing in this game."  # the logs stay English
    game = three_wars()
    view = public_view(game)
    said = texts.DecisionTimedOut(0, Action.parse("war blue"), view)
    assert said.line(DE, NAMES) == (
        "Die Zeit von alice ist abgelaufen: zuerst den Krieg der Bauern austragen (die Vorgabe)."
    )
    assert view.phase is Phase.WAR_CHOICE
    assert texts.decision_sentence(FR, view, "alice") == "alice doit choisir quelle guerre se joue d'abord."


async def _seated(env, locales, people: dict[str, str], server: str | None = None) -> Table:
    """A two-player game opened in a server of locale ``server``, its players' Discord in ``people``."""
    guild = env.create_guild()
    if server is not None:
        locales.servers[guild.id] = server
    channel = guild.create_text_channel("jeux")
    players = []
    for name, locale in people.items():
        member = guild.add_member(env.create_user(name))
        locales.people[member.id] = locale
        players.append(member)
    assert (await players[0].slash(channel, "te new")).ephemeral
    for member in players[1:]:
        await member.slash(channel, "te join")
    await players[0].slash(channel, "te start")
    table = Table(env, guild, channel, players)
    record = await table.record()
    table.players = [table.member(record.user_at(s)) for s in range(len(players))]
    return table


async def test_a_french_game_posts_in_french_while_its_german_player_reads_german(simcord_env, locales):
    table = await _seated(simcord_env, locales, {"alice": "de", "bob": "fr"}, server="fr")
    assert (await table.record()).language == "fr"
    posts = [m.content for m in table.channel.history()]
    assert any(p.startswith("**La partie commence** (plateau standard") for p in posts), posts
    german = next(p for p in table.players if locales.people[p.id] == "de")
    dms = "\n".join(m.content for m in german.user.dm_channel.history())
    assert "**Deine Hand**" in dms and "Willkommen bei Euphrat & Tigris!" in dms, dms
    status = (await german.slash(table.channel, "te status")).response.content
    assert status.startswith("Zug 1. ") and "Plättchen auf der Hand" in status, status
    refused = await german.slash(table.channel, "te seat back")
    assert refused.ephemeral and refused.response.content == "Du bist in dieser Partie nicht abwesend."
    french = next(p for p in table.players if locales.people[p.id] == "fr")
    hand = (await french.slash(table.channel, "te hand")).response.content
    # one name for the score, the same as on the hand picture (one catalogue entry)
    assert "**Ta main** : " in hand and FR.gettext(terms.SCORE_NOW) in hand, hand


async def test_a_german_players_dms_keep_one_hand_as_the_game_goes_on(simcord_env, locales):
    """The hand section of a DM in German is found again when the DM is edited: never doubled."""
    table = await _seated(simcord_env, locales, {"alice": "de", "bob": "de"})
    for _ in range(4):  # two turns of two actions: the hands move to newer DMs
        actor = await table.actor()
        said = (await actor.slash(table.channel, "te pass")).response.content
        assert said.startswith("Erledigt"), said
        await simcord_env.advance_time(3)
    for player in table.players:
        dms = [m.content for m in player.user.dm_channel.history()]
        assert all(dm.count("**Deine Hand**") <= 1 for dm in dms), dms
        assert sum("**Deine Hand**" in dm for dm in dms) == 1, dms  # the newest carries it
        assert any("*Deine Hand steht in [einer neueren Nachricht](" in dm for dm in dms), dms


async def test_a_french_reader_reads_d_before_a_name_that_starts_with_a_vowel(simcord_env, locales):
    """French elision ("au tour d'anna"), in the real texts a player receives."""
    table = await _seated(simcord_env, locales, {"anna": "fr", "ines": "fr"}, server="fr")
    actor = await table.actor()
    waiting = next(p for p in table.players if p.id != actor.id)
    status = (await waiting.slash(table.channel, "te status")).response.content
    print(status)  # read in the test's output
    games = (await waiting.slash(table.channel, "te history games")).response.content
    print(games)
    assert f"au tour d'{actor.user.name} (commencé <t:" in games
    assert " de anna" not in games and " de ines" not in games


def test_an_absence_is_told_without_guessing_the_players_gender() -> None:
    """Read in a Spanish channel: "alice está de vacaciones …: sus turnos lo esperan" (a masculine "lo")."""
    assert texts.away_line(ES, "alice", 100, False, 60) == (
        "alice está de vacaciones hasta <t:100:f>: sus turnos esperan hasta entonces."
    )
    assert texts.away_line(PT, "alice", 100, False, 60) == (
        "alice está de férias até <t:100:f>: seus turnos esperam até lá."
    )


def test_the_leaderboard_picture_names_the_rating_as_its_reply_does() -> None:
    """Read in Portuguese: the reply says "nota", its picture said "Rating" (English) in its column and
    footnote; in Spanish the reply says "Elo"."""
    from render.leaderboard import FOOTNOTE

    for words, word in ((ES, "Elo"), (PT, "Nota")):
        heading = words.gettext("**Leaderboard of {server}** — rating, finished games, wins:", server="S")
        assert words.gettext("Rating") == word and word.lower() in heading.lower()
        assert words.gettext(FOOTNOTE).startswith(f"{word}: ")


def test_a_last_call_reads_with_its_relative_time() -> None:
    """Discord writes <t:…:R> as "dentro de 2 horas" / "em 2 horas": "la partida te espera hasta dentro de 2
    horas" and "a partida espera por você até em 2 horas" did not read; the time now ends the clause."""
    from bot.deadlines import Due

    assert texts.last_call_dm(ES, "G", Due(100, "turn")) == (
        "**G** — último aviso: se te acaba el tiempo <t:100:R>; después se juega tu turno por ti y quedas "
        "como ausente."
    )
    assert texts.last_call_dm(PT, "G", Due(100, "deadline")) == (
        "**G** — último aviso: seu tempo acaba <t:100:R>; depois vale o padrão."
    )
    # English, German and French too: Discord's "in 2 hours" ends the clause, never "until in 2 hours"
    assert texts.last_call_dm(EN, "G", Due(100, "deadline")) == (
        "**G** — last call: your time runs out <t:100:R>; then the default applies."
    )
    assert texts.last_call_dm(DE, "G", Due(100, "turn")).startswith(
        "**G** — Letzter Aufruf: Deine Zeit läuft <t:100:R> ab; danach wird dein Zug"
    )
    assert texts.last_call_dm(FR, "G", Due(100, "deadline")).startswith(
        "**G** — dernier appel : ton délai expire <t:100:R> ;"
    )


def test_the_lobby_names_its_creator_in_a_whole_phrase_in_german() -> None:
    """A bare participle, "<@…> (eröffnet)", read as "(opened)"; the other lobby messages say "wer … eröffnet
    hat"."""
    assert DE.gettext("<@{user}> (creator)", user=5) == "<@5> (hat eröffnet)"


def test_a_german_dm_settled_by_an_edit_opens_as_it_did() -> None:
    """A reminder, a last call, a vacation's end and a timed-out turn are edited once settled; in German the
    edited DM opened in lower case ("— eine letzte Erinnerung, inzwischen erledigt." after "— Letzter
    Aufruf: …") and named the last call otherwise."""
    view = public_view(Game.new(2, 1))
    due = Due(0, TURN)
    pairs = [
        (texts.reminder_dm(DE, "G", view, ""), present._ANSWERED[DmKind.REMINDER]),
        (texts.last_call_dm(DE, "G", due), present._ANSWERED[DmKind.LAST_CALL]),
        (texts.vacation_over_dm(DE, "G", view, ""), present._ANSWERED[DmKind.VACATION_OVER]),
        (texts.timed_out_dm(DE, "G", 60), present.CAME_BACK),
    ]
    settled = [DE.gettext(edited, game="G") for _, edited in pairs]
    assert settled == [
        "**G** — Eine Erinnerung, inzwischen erledigt.",
        "**G** — Ein letzter Aufruf, inzwischen erledigt.",
        "**G** — Willkommen zurück aus dem Urlaub.",
        "**G** — Deine Zeit war abgelaufen, daher wurde dein Zug für dich gespielt. Du bist inzwischen "
        "zurück: Es gelten wieder deine üblichen Fristen.",
    ]
    for (first, _), then in zip(pairs, settled, strict=True):
        assert first.split("— ")[1][0].isupper() == then.split("— ")[1][0].isupper(), (first, then)
