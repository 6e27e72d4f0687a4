"""What the Discord surface works with: the rooms the client builds in setup_hook, found from an interaction
through ``rooms_of(interaction.client)`` so that no room imports the client or the surface."""

from __future__ import annotations

from dataclasses import dataclass

import discord

from bot.computer import Computer
from bot.core import Clock, unix_time
from bot.history import History
from bot.language import Languages
from bot.play import ActionPath, ChannelGames
from bot.present import Directory, Presenter
from bot.seats import SeatDesk
from storage import Store


@dataclass(frozen=True)
class Rooms:
    """The store and the rooms; the client builds one in setup_hook (``rooms_of`` finds it)."""

    store: Store
    directory: Directory
    presenter: Presenter
    actions: ActionPath
    games: ChannelGames
    seats: SeatDesk
    history: History
    clock: Clock
    computer: Computer  # the computer player's thinking, for /te hint
    languages: Languages  # who reads which language (issue 19)

    def now(self) -> int:
        return unix_time(self.clock)


def rooms_of(client: discord.Client) -> Rooms:
    """The rooms of the client an interaction arrived at, so that no room imports the client."""
    rooms = getattr(client, "rooms", None)
    if not isinstance(rooms, Rooms):
        raise RuntimeError("the client has no rooms yet: they are built in setup_hook")
    return rooms
