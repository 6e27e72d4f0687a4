"""/te history in the reader's language (issue 19): the texts in German, ranks and ties without English
ordinals, and every answer of the history commands read by a German person through simcord."""

from __future__ import annotations

import re

import pytest

from bot import history_texts as texts
from engine import Game, public_view
from i18n import LANGUAGES, words_for
from i18n.extract import wanted_messages
from storage import LeaderboardRow, Opponent, Player, PlayerStats
from tests.bot.test_history import history, server  # noqa: F401  (fixtures)

DE = words_for("de")
EN = words_for("en")
TRANSLATED = [code for code in LANGUAGES if code != "en"]
HISTORY_FILES = ("bot/history_texts.py", "bot/history.py", "bot/surface/history.py")


def _stats(**changed) -> PlayerStats:
    values = {
        "player": Player.person(1),
        "games": 3,
        "wins": 2,
        "average_place": 4 / 3,
        "average_score": 7.25,
        "best_score": 9,
        "resigned": 1,
        "rating": 1523.4,
        "rank": 2,
        "opponents": (Opponent(Player.person(2), 2, 1, 0), Opponent(Player.person(3), 1, 0, 1)),
    }
    return PlayerStats(**(values | changed))


def test_stats_in_german_with_the_rank_as_a_number_and_german_decimals():
    text = texts.stats_text("alice", "Freunde", _stats(), ["bob", "carol"], DE)
    assert text.split("\n") == [
        "**alice** auf Freunde: 3 beendete Partien",
        "Siege: **2** (geteilte Siege zählen) · durchschnittlicher Platz 1,33 · "
        "durchschnittliche Wertung 7,2 · beste Wertung 9",
        "Wertungszahl: **1523**, #2 auf diesem Server "
        "(noch im Einpendeln: die ersten 10 Partien zählen doppelt)",
        "Aufgegeben: 1 Partie (ihre Wertung zählt)",
        "Häufigste Gegner: bob (2 Partien: 1× vorn, 0× dahinter), carol (1 Partie: 0× vorn, 1× dahinter)",
    ]
    settled = texts.stats_text("alice", "Freunde", _stats(games=12, rank=None), ["bob", "carol"], DE)
    assert "Wertungszahl: **1523**\n" in settled
    nothing = texts.stats_text("zoë", "Freunde", _stats(games=0), [], DE)
    assert nothing == "**zoë** hat auf Freunde noch keine Partie beendet (abgebrochene Partien zählen nicht)."


def test_a_shared_rank_is_the_same_number_on_each_line_in_every_language():
    rows = [
        LeaderboardRow(1, Player.person(1), 1600.0, 4, 3),
        LeaderboardRow(2, Player.person(2), 1500.2, 1, 1),
        LeaderboardRow(2, Player.computer("hard"), 1499.8, 1, 0),
    ]
    names = ["alice", "bob", "Bot (hard)"]
    mine = texts.my_rank_line(_stats(rank=11, rating=1400.0, games=21, wins=1), DE)
    text = texts.leaderboard_text("Freunde", rows, names, mine, 2, DE)
    assert text.split("\n") == [
        "**Rangliste von Freunde** — Wertungszahl, beendete Partien, Siege:",
        "1. alice — **1600** · 4 Partien · 3 Siege",
        "2. bob — **1500** · 1 Partie · 1 Sieg",
        "2. Bot (hard) — **1500** · 1 Partie · 0 Siege",
        "Du bist #11: **1400** · 21 Partien · 1 Sieg",
        "Wertungszahlen: ein Elo für mehrere Spieler aus beendeten Partien; "
        "`/te regeln thema: Wertungszahlen` "
        "erklärt sie. Weiter: `/te historie rangliste seite: 2`.",
    ]
    for language in LANGUAGES:
        words = words_for(language)
        line = texts.my_rank_line(_stats(rank=1), words)
        assert line is not None and "#1" in line and not re.search(r"\d(st|nd|rd|th)\b", line)
        assert "#3 " in texts.stats_text("a", "S", _stats(rank=3), ["b", "c"], words)


def test_ages_counts_and_lists_of_names_in_german():
    assert [texts.ago(s, DE) for s in (10, 60, 5 * 60, 3600, 47 * 3600, 3 * 86400)] == [
        "gerade eben",
        "vor 1 Minute",
        "vor 5 Minuten",
        "vor 1 Stunde",
        "vor 47 Stunden",
        "vor 3 Tagen",
    ]
    shared = texts.winners_words([("Zoë", 6), ("José", 6), ("Ελένη", 6)], [("Łukasz", 4)], DE)
    assert shared == "Zoë, José und Ελένη teilten sich den Sieg mit 6 (Łukasz 4)"
    assert texts.winners_words([("Дмитрий", 7)], [], DE) == "Дмитрий gewann mit 7"
    assert texts.winners_words([], [], DE) == "kein Ergebnis"
    lines = [f"• Zeile {i} " + "x" * 90 for i in range(40)]
    fitted = texts.fit_lines(lines, DE)
    assert len(fitted) <= texts.MESSAGE_LIMIT and re.search(r"…und \d+ weitere Zeilen\.$", fitted)
    shape = texts.ReplayShape(frames=31, milliseconds=75_400)
    caption = texts.replay_caption("Freunde · #spiele · Partie 4", shape, "finished", DE)
    assert caption == (
        "**Freunde · #spiele · Partie 4** — Wiedergabe, 31 Bilder (eines pro Zug), 1 min 15 s; das letzte "
        "Bild zeigt den Endstand."
    )
    assert texts.mib(11 * 2**20 // 2, words_for("fr")) == "5,5 Mio"


def _samples(words):
    """One of each kind of history text."""
    stats = _stats()
    return {
        "refusal": texts.not_started(3, "export", words),
        "in play": texts.export_in_play(3, words),
        "replay": texts.replay_caption("T", texts.ReplayShape(2, 9000), "abandoned", words),
        "too big": texts.replay_too_big(2**24, 2**23, "playing", words),
        "export": texts.export_caption("T", False, words),
        "stats": texts.stats_text("a", "S", stats, ["b", "c"], words),
        "board": texts.leaderboard_text("S", [], [], texts.my_rank_line(stats, words), None, words),
        "empty": texts.no_ratings("S", words),
        "games": texts.server_games_text(
            "S",
            [],
            True,
            [texts.lobby_line(2, "#x", 1, words)],
            [texts.finished_line(1, "#x", 0, "r", words)],
            words,
        ),
        "none": texts.server_games_text("S", [], False, [], [], words),
        "mine": texts.my_games_text([], [], [texts.my_lobby_line("T", 2, "L", words)], words),
        "label": texts.game_label(
            4, None, texts.finished_state("abandoned", texts.ago(9000, words), words), [], words
        ),
        "analysis": texts.analysis_seat({"costliest": []}, "a", [], words),
        "working": texts.analyse_working(4, 50, words),
    }


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_kind_of_history_text_is_translated(language):
    english, translated = _samples(EN), _samples(words_for(language))
    same = [kind for kind in english if english[kind] == translated[kind]]
    assert not same, same


def _english_sentences() -> list[str]:
    """The literal runs of the history messages' English (between placeholders) long enough to be
    words of a sentence, not a name or a number."""
    runs = []
    for want in wanted_messages().values():
        if not any(place[0] in HISTORY_FILES for place in want.places):
            continue
        for message in want.id if isinstance(want.id, tuple) else (want.id,):
            runs += [run for run in re.split(r"\{[^}]*\}", message) if len(run.split()) >= 3]
    return runs


async def test_a_german_reader_gets_every_history_answer_in_german(simcord_env, server, history, locales):  # noqa: F811
    _, channel, (alice, bob, carol) = server
    for person in (alice, bob, carol):
        locales.people[person.id] = "de"
    answers = {
        "stats": await bob.slash(channel, "te history stats", user=alice),
        "leaderboard": await carol.slash(channel, "te history leaderboard"),
        "games": await alice.slash(channel, "te history games"),
        "page": await alice.slash(channel, "te history leaderboard", page=0),
        "lobby": await alice.slash(channel, "te history replay", game=history["lobby"].id),
        "playing": await alice.slash(channel, "te history export", game=history["playing"].id),
        "missing": await alice.slash(channel, "te history replay", game=999),
    }
    contents = {name: result.response.content for name, result in answers.items()}
    assert all(result.ephemeral for result in answers.values())
    assert contents["stats"].startswith("**alice** auf Friends: 3 beendete Partien\nSiege: **")
    assert contents["leaderboard"].startswith("**Rangliste von Friends** — Wertungszahl, beendete Partien")
    assert re.search(r"^1\. .+ — \*\*\d+\*\* · \d Partien? · \d Siege?$", contents["leaderboard"], re.M)
    assert contents["games"].startswith(
        "**Partien auf Friends**\n**Laufend**, die am längsten wartenden zuerst:"
    )
    assert "**Kürzlich beendet:**" in contents["games"] and "**Offene Lobbys:**" in contents["games"]
    assert contents["page"] == "Die Seiten der Rangliste beginnen bei 1."
    assert (
        contents["lobby"]
        == f"Partie {history['lobby'].id} hat nie begonnen, es gibt also nichts abzuspielen."
    )
    assert contents["playing"].startswith(f"Partie {history['playing'].id} läuft noch")
    assert contents["missing"] == (
        "Auf diesem Server gibt es keine Partie 999; tippe `partie:` an, um eine aus der Liste zu wählen."
    )
    assert "`/te regeln thema: Wertungszahlen` erklärt sie." in contents["leaderboard"]
    english = _english_sentences()
    assert len(english) > 50
    for name, content in contents.items():
        left = [run for run in english if run in content]
        assert not left, (name, left)


@pytest.mark.parametrize(
    ("language", "read"),
    [
        ("en", "turn 2, bob's turn (started <t:100:R>)"),
        ("de", "Zug 2, bob ist am Zug (begonnen <t:100:R>)"),
        ("fr", "tour 2, au tour de bob (commencé <t:100:R>)"),
        ("es", "turno 2, le toca a bob (empezó <t:100:R>)"),
        ("pt-BR", "turno 2, vez de bob (começou <t:100:R>)"),
    ],
)
def test_whom_a_game_waits_on_reads_with_discords_relative_time(language, read):
    """Discord writes <t:…:R> as "3 hours ago" / "vor 3 Stunden" / "il y a 3 heures": "since" before it read
    "since 3 hours ago", "seit vor 3 Stunden", "depuis il y a 3 heures"."""
    game = Game.new(2, 1)
    while game.turn < 2:
        game.apply(next(a for a in game.legal_actions() if a.kind == "tile"))
    view = public_view(game)
    names = ["alice", "bob"]
    assert view.to_act == 1
    assert texts.waiting_words(view, names, 100, words_for(language)) == read


def test_a_signed_number_takes_the_minus_sign_its_neighbours_use():
    """A turning point's swing ("-4,0 para esse jogador", with a hyphen) is signed as a costly move's loss
    is written next to it: with the minus sign U+2212."""
    pt = words_for("pt-BR")
    assert texts.decimal(-4.0, 1, pt, signed=True) == "\u22124,0"
    assert texts.decimal(3.3, 1, pt, signed=True) == "+3,3"
    assert texts.decimal(-0.5, 1, words_for("en"), signed=True) == "\u22120.5"
