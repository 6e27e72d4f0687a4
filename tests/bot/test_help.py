"""/te help and /te rules: private, one screen each, and naming only commands that exist."""

from __future__ import annotations

import re

import pytest

from bot.help_texts import HELP, RULES, TOPICS
from tests.bot.test_command_tree import build_payload, commands_of

ONE_SCREEN = 1500  # characters: about what a phone shows without scrolling far
ONE_SCREEN_LINES = 20
# `/te tile` `leader` ... `/te seat away` · `seat back`: a command in backticks, with or without /te
COMMAND = re.compile(r"`(/te )?([a-z]+(?: [a-z]+)?)`")


def existing() -> set[str]:
    return {path.removeprefix("te ") for path, _ in commands_of(build_payload()) if path != "te"}


def named_commands(text: str) -> set[str]:
    """Every command a text names in backticks: '/te x', 'x' and 'seat x' (option words like `board:`
    are not commands)."""
    return {m[2] for m in COMMAND.finditer(text) if m[1] or " " in m[2] or m[2] in existing()}


def test_help_names_every_command_that_exists_and_no_other():
    commands = existing()
    named = named_commands(HELP)
    assert named <= commands, named - commands
    groups = {c.split()[0] for c in commands if " " in c}
    top = {c for c in commands if " " not in c and c not in groups}
    grouped = {c for c in commands if " " in c}  # /te seat ..., /te history ...
    assert top - {"help"} <= named and grouped <= named, (top | grouped) - named


@pytest.mark.parametrize("text", [HELP, *RULES.values()], ids=["help", *RULES])
def test_each_text_is_one_screen(text):
    assert len(text) <= ONE_SCREEN and text.count("\n") <= ONE_SCREEN_LINES, (len(text), text.count("\n"))
    assert named_commands(text) <= existing()


def test_the_help_tells_a_turn_a_conflict_the_hand_and_the_seats():
    for words in (
        "**A turn**",
        "**A conflict**",
        "**Your hand**",
        "`/te seat away`",
        "tie goes to the defender",
        "multiplayer Elo",  # issue 13: the rating explained
    ):
        assert words in HELP, words


async def test_help_and_rules_answer_privately_anywhere(simcord_env):
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("lounge")  # no game here
    zoe = guild.add_member(simcord_env.create_user("zoe"))
    result = await zoe.slash(channel, "te help")
    assert result.ephemeral and result.response.content.strip() == HELP.strip()
    for topic in TOPICS:
        result = await zoe.slash(channel, "te rules", topic=topic)
        assert result.ephemeral and result.response.content.startswith(RULES[topic].split("\n")[0])
        assert all(f"`{t}`" in result.response.content for t in TOPICS if t != topic)
    result = await zoe.slash(channel, "te rules")
    assert result.response.content.startswith("**Setup**")
    assert channel.history() == []  # nothing public
