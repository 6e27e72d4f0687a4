"""Buttons on DM prompts. Their custom_id carries the game, the game's version when the prompt was
sent, and the choice, so they work after a restart and a stale click is refused."""

from __future__ import annotations

import logging
import re
from collections.abc import Sequence
from typing import Any

import discord

from bot.app import TigrisBot, UserError, reply_private
from bot.narrate import choice_label

log = logging.getLogger("bot")

_STYLES = {"commit": discord.ButtonStyle.primary, "decline": discord.ButtonStyle.secondary}


class ChoiceButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"te:(?P<game>[0-9]+):(?P<version>[0-9]+):(?P<choice>[a-z0-9_-]+)",
):
    def __init__(self, game_id: int, version: int, choice: str) -> None:
        self.game_id = game_id
        self.version = version
        self.choice = choice
        super().__init__(
            discord.ui.Button(
                label=choice_label(choice),
                style=_STYLES.get(choice.split()[0], discord.ButtonStyle.success),
                custom_id=f"te:{game_id}:{version}:{choice.replace(' ', '_')}",
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> ChoiceButton:
        return cls(int(match["game"]), int(match["version"]), match["choice"].replace("_", " "))

    async def callback(self, interaction: discord.Interaction) -> None:
        bot = interaction.client
        assert isinstance(bot, TigrisBot)
        bot.remember_name(interaction.user)
        await interaction.response.defer()  # answered at once; the work may take longer
        try:
            await bot.act(
                self.game_id,
                self.choice,
                user_id=interaction.user.id,
                expected_version=self.version,
                note=f"You chose: {choice_label(self.choice)}.",
            )
        except UserError as exc:
            await reply_private(interaction, str(exc))
        except Exception:
            log.exception(
                "game %s: button %r by user %s failed", self.game_id, self.choice, interaction.user.id
            )
            await reply_private(interaction, "Sorry, something went wrong; the game is as it was before.")


def prompt_view(game_id: int, version: int, choices: Sequence[str]) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    for choice in choices[:25]:
        view.add_item(ChoiceButton(game_id, version, choice))
    return view
