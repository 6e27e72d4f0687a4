"""What every part of the surface does first: find the rooms, and answer Discord within its 3 seconds."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

import discord

from bot.core import answer_error
from bot.rooms import Rooms, rooms_of


def rooms_for(interaction: discord.Interaction) -> Rooms:
    """The rooms of the bot this interaction reached; the user's display name is kept for later texts."""
    rooms = rooms_of(interaction.client)
    rooms.directory.remember(interaction.user)
    return rooms


async def think_privately(interaction: discord.Interaction) -> None:
    """Defer before any work that may take long; the answer then comes privately."""
    await interaction.response.defer(ephemeral=True, thinking=True)


class Confirm(discord.ui.View):
    """A private question with two buttons before something that cannot be undone; only its asker may
    answer. ``act`` does the work and returns what the asker is told."""

    def __init__(
        self,
        user_id: int,
        yes: str,
        no: str,
        act: Callable[[discord.Interaction], Awaitable[str]],
    ) -> None:
        super().__init__(timeout=300)
        self.user_id = user_id
        self._act = act
        confirm: discord.ui.Button[Confirm] = discord.ui.Button(label=yes, style=discord.ButtonStyle.danger)
        cancel: discord.ui.Button[Confirm] = discord.ui.Button(label=no, style=discord.ButtonStyle.secondary)
        confirm.callback = self._confirm  # type: ignore[method-assign]
        cancel.callback = self._cancel  # type: ignore[method-assign]
        self.add_item(confirm)
        self.add_item(cancel)

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        return interaction.user.id == self.user_id

    async def _confirm(self, interaction: discord.Interaction) -> None:
        rooms_for(interaction)
        await interaction.response.defer()  # answered at once; the game's lock may wait for a move
        self.stop()
        try:
            text = await self._act(interaction)
        except Exception as exc:
            await interaction.edit_original_response(content="Nothing changed.", view=None)
            await answer_error(interaction, exc, "a confirmation")
            return
        await interaction.edit_original_response(content=text, view=None)

    async def _cancel(self, interaction: discord.Interaction) -> None:
        self.stop()
        await interaction.response.edit_message(content="Nothing changed.", view=None)
