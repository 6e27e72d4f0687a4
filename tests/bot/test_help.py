"""/te help and /te rules: private, one screen each, naming only commands that exist, in every language."""

from __future__ import annotations

import re

import pytest

from bot import history_texts
from bot.command_words import choice, code, command, commands
from bot.help_texts import COMMANDS, HELP, RULES, TOPICS, help_text, rules_text
from bot.texts import MESSAGE_LIMIT
from i18n import LANGUAGES, words_for
from tests.bot.test_command_tree import build_payload, commands_of

ENGLISH = words_for("en")
TRANSLATED = [code for code in LANGUAGES if code != "en"]

ONE_SCREEN = 1500  # characters: about what a phone shows without scrolling far
ONE_SCREEN_LINES = 22  # a rules topic ends with a blank line and the other topics
# `/te tile` `leader` ... `/te seat away` · `seat back`: a command in backticks, with or without /te
COMMAND = re.compile(r"`(/te )?([a-z]+(?: [a-z]+)?)`")


def existing() -> set[str]:
    return {path.removeprefix("te ") for path, _ in commands_of(build_payload()) if path != "te"}


def named_commands(text: str) -> set[str]:
    """Every command a text names in backticks: '/te x', 'x' and 'seat x' (option words like `board:`
    are not commands)."""
    return {m[2] for m in COMMAND.finditer(text) if m[1] or " " in m[2] or m[2] in existing()}


def test_help_names_every_command_that_exists_and_no_other():
    """In English; every other language names the same commands in its client's words (below)."""
    commands = existing()
    named = named_commands(help_text(ENGLISH))
    assert named <= commands, named - commands
    groups = {c.split()[0] for c in commands if " " in c}
    top = {c for c in commands if " " not in c and c not in groups}
    grouped = {c for c in commands if " " in c}  # /te seat ..., /te history ...
    assert top - {"help"} <= named and grouped <= named, (top | grouped) - named


@pytest.mark.parametrize(
    "text", [help_text(ENGLISH), *(rules_text(t, ENGLISH) for t in TOPICS)], ids=["help", *TOPICS]
)
def test_each_text_is_one_screen(text):
    assert len(text) <= ONE_SCREEN and text.count("\n") <= ONE_SCREEN_LINES, (len(text), text.count("\n"))
    assert named_commands(text) <= existing()


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("topic", ["help", *TOPICS])
def test_each_text_fits_one_message_in_every_language(language, topic):
    words = words_for(language)
    text = help_text(words) if topic == "help" else rules_text(topic, words)
    assert len(text) <= MESSAGE_LIMIT, len(text)


def _lines(topic):
    return [line for section in (HELP if topic == "help" else RULES[topic]) for line in section]


def _named_in(line: str, words) -> list[str]:
    return re.findall(r"`[^`]*`", words.gettext(line, **commands(COMMANDS, words)))


@pytest.mark.parametrize("language", TRANSLATED)
@pytest.mark.parametrize("topic", ["help", *TOPICS])
def test_each_text_is_translated_and_names_commands_as_the_readers_discord_does(language, topic):
    """Every line is the language's own (no English sentence left: a heading of one word may be spelt
    alike, as French "Monuments"), and names the commands, options and choices the English line names, as
    the reader's client lists them (the command tree is localised: a German types `/te brett`)."""
    words = words_for(language)
    text = help_text(words) if topic == "help" else rules_text(topic, words)
    assert text != (help_text(ENGLISH) if topic == "help" else rules_text(topic, ENGLISH))
    for line in _lines(topic):
        english = ENGLISH.gettext(line, **commands(COMMANDS, ENGLISH))
        if len(line.split()) > 2:
            assert english not in text and words.gettext(line) != line, line
        typed = [segment.strip("`") for segment in _named_in(line, ENGLISH)]
        assert _named_in(line, words) == [code(c, words) for c in typed], line
    if topic != "help":
        assert text.endswith(" · ".join(f"`{choice(t, words)}`" for t in TOPICS if t != topic))


@pytest.mark.parametrize("typed", sorted({*COMMANDS, *history_texts.COMMANDS}))
def test_every_command_the_texts_name_exists(typed):
    """As typed in English, the command's path is in the tree (its options are checked by the tree's own
    test)."""
    words = typed.removeprefix("/te ").split(" ")
    path = " ".join(words[: next((i for i, w in enumerate(words) if w.endswith(":")), len(words))])
    assert command(typed, ENGLISH) == typed
    assert not path or path in existing() | {"help"}, typed


def test_a_command_in_the_readers_client():
    german = words_for("de")
    assert command("/te rules topic: ratings", german) == "/te regeln thema: Wertungszahlen"
    assert command("seat away", german) == "platz abwesend"
    assert command("board: advanced", german) == "brett: fortgeschritten"
    assert command("buildings: true", german) == "gebäude: true"
    assert code("game:", words_for("fr")) == "`partie:`"


def test_the_help_tells_a_turn_a_conflict_the_hand_and_the_seats():
    for words in (
        "**A turn**",
        "**A conflict**",
        "**Your hand**",
        "`/te seat away`",
        "tie goes to the defender",
        "multiplayer Elo",  # issue 13: the rating explained
    ):
        assert words in help_text(ENGLISH), words


async def test_help_and_rules_answer_privately_anywhere(simcord_env):
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("lounge")  # no game here
    zoe = guild.add_member(simcord_env.create_user("zoe"))
    result = await zoe.slash(channel, "te help")
    assert result.ephemeral and result.response.content.strip() == help_text(ENGLISH)
    for topic in TOPICS:
        result = await zoe.slash(channel, "te rules", topic=topic)
        assert result.ephemeral and result.response.content == rules_text(topic, ENGLISH)
        assert all(f"`{t}`" in result.response.content for t in TOPICS if t != topic)
    result = await zoe.slash(channel, "te rules")
    assert result.response.content.startswith("**Setup**")
    assert channel.history() == []  # nothing public


async def test_a_german_gets_help_and_rules_in_german(simcord_env, locales):
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("lounge")
    dora = guild.add_member(simcord_env.create_user("dora"))
    locales.people[dora.id] = "de"
    german = words_for("de")
    result = await dora.slash(channel, "te help")
    assert result.ephemeral and result.response.content == help_text(german)
    assert result.response.content.startswith("**Euphrat & Tigris** — baue Reiche")
    result = await dora.slash(channel, "te rules", topic="wars")
    assert result.ephemeral and result.response.content == rules_text("wars", german)
    assert result.response.content.startswith("**Kriege (äußere Konflikte)**")
