"""/te help and /te rules: the commands and the game in a screen each, answered privately anywhere in a
server (no game needed)."""

from __future__ import annotations

from typing import Any, Literal

import discord
from discord import app_commands

from bot.core import reader_words, reply_private
from bot.help_texts import help_text, rules_text

Topic = Literal[
    "setup",
    "turn",
    "tiles",
    "revolts",
    "wars",
    "monuments",
    "buildings",
    "wonder",
    "treasures",
    "end",
    "ratings",
    "variants",
]


@app_commands.command(name="help", description="How to play here: commands, a turn, conflicts")
async def help_command(interaction: discord.Interaction) -> None:
    await reply_private(interaction, help_text(reader_words(interaction)))


@app_commands.command(name="rules", description="The rules, one topic at a time")
@app_commands.describe(topic="default: setup")
async def rules(interaction: discord.Interaction, topic: Topic = "setup") -> None:
    await reply_private(interaction, rules_text(topic, reader_words(interaction)))


COMMANDS: tuple[app_commands.Command[Any, ..., None], ...] = (help_command, rules)
