"""The handler of every prompt button: a DynamicItem registered in setup_hook, so buttons sent before a
restart still work. Anyone can send any custom_id that matches the template; the action path decides what
a click may play (``ActionPath.answer_prompt``)."""

from __future__ import annotations

import re
from typing import Any

import discord

from bot.core import answer_error
from bot.custom_ids import CHOICE_TEMPLATE, PromptChoice
from bot.surface.common import resolve_reader, rooms_for


class ChoiceButton(discord.ui.DynamicItem[discord.ui.Item[Any]], template=CHOICE_TEMPLATE):
    def __init__(self, item: discord.ui.Item[Any], prompt: PromptChoice) -> None:
        super().__init__(item)
        self.prompt = prompt

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> ChoiceButton:
        # discord.py logs an exception raised here and leaves the click unanswered: this never raises
        return cls(item, PromptChoice.from_match(match))

    async def callback(self, interaction: discord.Interaction) -> None:
        rooms = rooms_for(interaction)
        await resolve_reader(interaction)
        await interaction.response.defer()  # answered at once; the work may take longer
        try:
            await rooms.actions.answer_prompt(self.prompt, interaction.user.id)
        except Exception as exc:
            await answer_error(interaction, exc, f"button {self.custom_id}")
