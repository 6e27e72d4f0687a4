"""What every part of the surface does first: find the rooms, and answer Discord within its 3 seconds."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

import discord
from discord import app_commands

from bot.core import READER_WORDS, answer_error, log
from bot.rooms import Rooms, rooms_of
from i18n import LANGUAGES, Words, language_name

# /te new language: and /te settings language: each language by its own name; auto follows the server's
# preferred locale (a game) or the person's Discord (a person).
AUTO = "auto"
LANGUAGE_CHOICES = [
    app_commands.Choice(name=AUTO, value=AUTO),
    *(app_commands.Choice(name=language_name(code), value=code) for code in LANGUAGES),
]


def rooms_for(interaction: discord.Interaction) -> Rooms:
    """The rooms of the bot this interaction reached; the user's display name is kept for later texts."""
    rooms = rooms_of(interaction.client)
    rooms.directory.remember(interaction.user)
    return rooms


async def resolve_reader(interaction: discord.Interaction) -> None:
    """Find the sender's language once, for everything this interaction answers (``bot.core.reader_words``):
    their choice, else the Discord locale the interaction carries (noted for later DMs). A database that
    fails here leaves the interaction's own locale: the command meets the failure itself."""
    if READER_WORDS in interaction.extras:
        return
    rooms = getattr(interaction.client, "rooms", None)
    if not isinstance(rooms, Rooms):
        return
    try:
        words = await rooms.languages.reader(interaction.user.id, interaction.locale, rooms.now())
    except Exception:
        log.warning("could not read the language of user %s", interaction.user.id, exc_info=True)
        return
    interaction.extras[READER_WORDS] = words


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
        words: Words,
    ) -> None:
        super().__init__(timeout=300)
        self.user_id = user_id
        self._act = act
        self._nothing_changed = words.gettext("Nothing changed.")
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
        await resolve_reader(interaction)
        await interaction.response.defer()  # answered at once; the game's lock may wait for a move
        self.stop()
        try:
            text = await self._act(interaction)
        except Exception as exc:
            await interaction.edit_original_response(content=self._nothing_changed, view=None)
            await answer_error(interaction, exc, "a confirmation")
            return
        await interaction.edit_original_response(content=text, view=None)

    async def _cancel(self, interaction: discord.Interaction) -> None:
        self.stop()
        await interaction.response.edit_message(content=self._nothing_changed, view=None)
