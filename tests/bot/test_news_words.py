"""``dm: all``: the events that hit the reader's pieces are told to them in whole sentences of their own
language, "you" and "your" for their own name, with the verb agreeing ("Du greifst bob an", "bob te
ataca"), instead of their name rewritten in English only."""

from __future__ import annotations

from bot import texts
from engine import Colour, Event
from engine.board import parse_square
from i18n import LANGUAGES, words_for
from i18n.terms import leader_name

from .conftest import before_a_revolt, drive

NAMES = ["alice", "bob"]
E5, F5, G5 = (parse_square(s) for s in ("e5", "f5", "g5"))
REVOLT = Event("revolt", 0, Colour.RED, (E5,), other=1)
WAR = Event("war", 0, Colour.BLUE, (E5,), other=1)
REVOLT_WON = Event("revolt-won", 0, Colour.RED, (E5,), other=1)
WAR_WON = Event("war-won", 0, Colour.BLUE, (E5, F5, G5), count=3, other=1)
STRANDED = Event("stranded", 1, Colour.GREEN, (E5,))


def told(language: str, event: Event, reader: int | None) -> str:
    said = texts.event_line(words_for(language), event, NAMES, reader=reader)
    print(language, reader, said)  # read in the test's output
    return said


def test_a_hit_is_told_to_its_reader_as_you_in_every_language() -> None:
    assert [told("en", e, 0) for e in (REVOLT, WAR, REVOLT_WON, WAR_WON)] == [
        "**Revolt!** Your priest challenges bob's priest.",
        "**War of the farmers!** You attack bob.",
        "You won the revolt (+1 red point); bob's priest left the board.",
        "You won the war (+3 blue points); bob's farmer and 2 farms left the board.",
    ]
    assert [told("en", e, 1) for e in (REVOLT, WAR, REVOLT_WON, WAR_WON, STRANDED)] == [
        "**Revolt!** alice's priest challenges your priest.",
        "**War of the farmers!** alice attacks you.",
        "alice won the revolt (+1 red point); your priest left the board.",
        "alice won the war (+3 blue points); your farmer and 2 farms left the board.",
        "Your trader on E5 lost its last temple and left the board.",
    ]
    assert [told("de", e, 1) for e in (REVOLT, WAR, REVOLT_WON, STRANDED)] == [
        "**Revolte!** Der Priester von alice fordert deinen heraus.",
        "**Krieg der Bauern!** alice greift dich an.",
        "alice gewinnt die Revolte (+1 Punkt in Rot); dein Priester verlässt den Spielplan.",
        "Dein Händler auf E5 hat seinen letzten Tempel verloren und verlässt den Spielplan.",
    ]
    assert told("de", WAR, 0) == "**Krieg der Bauern!** Du greifst bob an."
    assert told("fr", WAR, 1) == "**Guerre des fermiers !** alice t'attaque."
    assert (
        told("fr", REVOLT_WON, 0)
        == "Tu as gagné la révolte (+1 point rouge) ; le prêtre de bob quitte le plateau."
    )
    assert told("es", WAR, 0) == "**¡Guerra de los granjeros!** Atacas a bob."
    assert told("es", REVOLT, 1) == "**¡Revuelta!** El sacerdote de alice desafía a tu sacerdote."
    assert told("pt-BR", WAR, 1) == "**Guerra dos fazendeiros!** alice ataca você."
    assert told("pt-BR", STRANDED, 1).startswith("Seu comerciante em E5 perdeu seu último templo")


def test_the_channel_and_a_bystander_read_the_names() -> None:
    for language in LANGUAGES:
        for event in (REVOLT, WAR, REVOLT_WON, WAR_WON, STRANDED):
            public = told(language, event, None)
            assert told(language, event, 5) == public  # someone else's pieces: told as the channel says it
            assert "alice" in public or "bob" in public
            for reader in (0, 1):
                said = told(language, event, reader)
                if reader in (event.seat, event.other):
                    assert said != public and NAMES[reader] not in said, said


async def test_a_defender_with_dm_all_reads_your_in_their_language(simcord_env, game_seed, locales):
    table, revolt, game = await before_a_revolt(simcord_env, game_seed)
    defender = table.players[game.conflict.defender]
    attacker = table.players[game.conflict.attacker].user.name
    locales.people[defender.id] = "de"
    said = (await defender.slash(table.channel, "te settings", dm="all")).response.content
    assert "DMs: alle" in said, said
    seen = len(defender.user.dm_channel.history())
    await drive(table, revolt)  # the attacker's leader starts a revolt against the defender's
    [news] = defender.user.dm_channel.history()[seen:]
    leader = leader_name(words_for("de"), game.conflict.colour)
    print(news.content)  # read in the test's output
    said = f"Partie 1** — **Revolte!** Der {leader} von {attacker} fordert deinen heraus. [Zum Beitrag]("
    assert said in news.content, news.content
