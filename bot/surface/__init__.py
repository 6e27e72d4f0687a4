"""The Discord surface: the /te slash commands (by topic), their autocomplete, and the prompt-button handler.

It depends on the rooms and nothing imports it but the client, which calls ``install`` in setup_hook.
"""

from __future__ import annotations

from discord import app_commands
from discord.ext import commands

from bot.surface import guide, history, lobby, looking, moves, seats
from bot.surface.buttons import ChoiceButton

te_group = app_commands.Group(name="te", description="Play Tigris & Euphrates", guild_only=True)
for _command in (*lobby.COMMANDS, *moves.COMMANDS, *looking.COMMANDS, *guide.COMMANDS, *seats.COMMANDS):
    te_group.add_command(_command)
te_group.add_command(seats.seat_group)
te_group.add_command(history.history_group)


def install(bot: commands.Bot) -> None:
    """Register the commands to sync and the prompt buttons (which keep working after a restart)."""
    bot.tree.add_command(te_group)
    bot.add_dynamic_items(ChoiceButton)
