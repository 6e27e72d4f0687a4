"""TigrisBot: the composition root. It opens the store, builds the rooms (presentation, the action path,
the timer loop), registers the Discord surface, and holds the one app-command error handler. Once ready, it
shows whatever was saved but never shown before the last stop.

Rooms never import this module or the surface: the surface finds the rooms through ``interaction.client``
with ``bot.rooms.rooms_of``.
"""

from __future__ import annotations

import asyncio
import contextlib
import secrets
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot import logs, metrics, surface
from bot.computer import Computer, ComputerConfig
from bot.core import Clock, answer_error, reply_private, unix_time
from bot.health import HealthServer
from bot.history import History
from bot.language import Languages
from bot.play import ActionPath, ChannelGames
from bot.present import Directory, Presenter
from bot.rooms import Rooms
from bot.seats import SeatDesk
from bot.surface.common import resolve_reader
from bot.surface.translator import CatalogueTranslator, tree_messages
from bot.timers import TimerLoop, served_shards
from bot.workers import Workers
from engine import Action
from storage import Shards, Store


class TimedTree(app_commands.CommandTree[Any]):
    """The command tree, timing each slash command and autocomplete for ``tigris_command_seconds``."""

    async def _call(self, interaction: discord.Interaction) -> None:
        started = time.perf_counter()
        command = interaction.command
        name = command.qualified_name if command is not None else "unknown"
        logs.tag(command=name, server=interaction.guild_id)  # this interaction's own task
        if interaction.type is discord.InteractionType.autocomplete:
            name += " (autocomplete)"
        try:
            await resolve_reader(interaction)
            await super()._call(interaction)
        finally:
            metrics.command_finished(name, time.perf_counter() - started)


class TigrisBot(commands.Bot):
    def __init__(
        self,
        database_path: str | Path,
        *,
        clock: Clock = discord.utils.utcnow,
        dev_guild_id: int | None = None,
        seeds: Callable[[], int] | None = None,
        computer: ComputerConfig | None = None,
        metrics_address: tuple[str, int] | None = None,
        **options: Any,
    ) -> None:
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=discord.Intents.default(),
            allowed_mentions=discord.AllowedMentions.none(),
            help_command=None,
            tree_cls=TimedTree,
            **options,
        )
        # METRICS_HOST and METRICS_PORT: /metrics and /healthz, served from setup_hook on (bot.health)
        self.health = (
            None if metrics_address is None else HealthServer(self, lambda: self.store, *metrics_address)
        )
        self.database_path = str(database_path)
        self.clock = clock
        self.dev_guild_id = dev_guild_id
        self.seeds = seeds or (lambda: secrets.randbits(48))
        self._store: Store | None = None
        self.rooms: Rooms | None = None
        self._timers: TimerLoop | None = None
        self._catching_up: asyncio.Task[None] | None = None
        self.workers = Workers()  # a process for the pictures that take seconds (a replay)
        # and one for the computer player's thinking, so that neither waits for the other
        self.computer = Computer(Workers(name="computer"), computer or ComputerConfig())

    @property
    def store(self) -> Store:
        if self._store is None:
            raise RuntimeError("the store is opened in setup_hook")
        return self._store

    def now(self) -> int:
        return unix_time(self.clock)

    async def act(self, game_id: int, action: Action | str, *, user_id: int | None = None) -> None:
        """Play an action of ``user_id`` (the default when None) through the one action path."""
        if self.rooms is None:
            raise RuntimeError("the rooms are built in setup_hook")
        await self.rooms.actions.act(game_id, action, user_id=user_id)

    async def setup_hook(self) -> None:
        store = self._store = await Store.open(self.database_path)
        directory = Directory(self)
        presenter = Presenter(directory, store, self.clock)
        actions = ActionPath(
            store,
            presenter,
            self.clock,
            self.seeds,
            on_timers_saved=self._wake_timers,
            computer_pause=self.computer.pause,
        )
        seats = SeatDesk(store, presenter, actions, self.clock)
        history = History(store, directory, self.workers, self.clock)
        self.rooms = Rooms(
            store,
            directory,
            presenter,
            actions,
            ChannelGames(store, actions),
            seats,
            history,
            self.clock,
            self.computer,
            Languages(store),
        )
        self._timers = TimerLoop(self, store, actions, presenter, self.clock, self.computer)
        surface.install(self)
        await self.tree.set_translator(CatalogueTranslator())  # the commands in each person's language
        self.tree.error(self.on_app_command_error)
        if self.dev_guild_id:
            guild = discord.Object(id=self.dev_guild_id)
            self.tree.copy_global_to(guild=guild)
            await self.tree.sync(guild=guild)
        else:
            await self.tree.sync()
        self._timers.start()
        if self.health is not None:
            await self.health.start()
        self._catching_up = asyncio.create_task(self._present_missed(), name="tigris-present-missed")

    async def _present_missed(self) -> None:
        """Once ready after a start: show every version saved but never shown (a crash between a save and
        its presentation)."""
        await self.wait_until_ready()
        if self.rooms is not None:
            await self.rooms.actions.present_missed(served_shards(self))

    def _wake_timers(self) -> None:
        if self._timers is not None:
            self._timers.wake()

    async def close(self) -> None:
        """Stop all the bot runs and holds: the start-up presentation, the timer loop (with its firings),
        the metrics server, the connection to Discord, the worker processes and the store, each even if one
        before it failed.
        ``async with bot`` or ``await bot.close()`` is all a script needs (on simcord too, which closes
        none of them); closing again does nothing more."""
        async with contextlib.AsyncExitStack() as stack:  # the callbacks run last pushed first
            stack.push_async_callback(self._close_store)
            stack.push_async_callback(self.computer.close)
            stack.push_async_callback(self.workers.close)
            stack.push_async_callback(super().close)
            if self.health is not None:
                stack.push_async_callback(self.health.stop)
            if self._timers is not None:
                stack.push_async_callback(self._timers.stop)
            stack.push_async_callback(self._stop_catching_up)

    async def _stop_catching_up(self) -> None:
        if self._catching_up is not None:
            self._catching_up.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._catching_up

    async def _close_store(self) -> None:
        store, self._store = self._store, None
        if store is not None:
            await store.close()

    # A change that may give the bot back a permission it lacked in a game's channel (bot.permissions):
    # the games of that server it could not post in are checked again.
    async def on_guild_channel_update(
        self, before: discord.abc.GuildChannel, after: discord.abc.GuildChannel
    ) -> None:
        await self._recheck_posting(after.guild.id)

    async def on_thread_update(self, before: discord.Thread, after: discord.Thread) -> None:
        await self._recheck_posting(after.guild.id)

    async def on_guild_role_update(self, before: discord.Role, after: discord.Role) -> None:
        await self._recheck_posting(after.guild.id)

    async def on_member_update(self, before: discord.Member, after: discord.Member) -> None:
        if self.user is not None and after.id == self.user.id:
            await self._recheck_posting(after.guild.id)

    async def _recheck_posting(self, guild_id: int) -> None:
        if self.rooms is not None:
            await self.rooms.presenter.channel.recheck(guild_id)

    async def on_app_command_error(
        self, interaction: discord.Interaction, error: app_commands.AppCommandError
    ) -> None:
        """The one handler for every slash command's errors (buttons report through the same
        ``answer_error``): a refusal is one private sentence, anything else an apology and a logged
        traceback."""
        if isinstance(error, app_commands.CheckFailure):
            await reply_private(interaction, "You cannot use this command here.")
            return
        command = interaction.command.qualified_name if interaction.command else "?"
        await answer_error(interaction, getattr(error, "original", error), f"/{command}")


class ShardedTigrisBot(TigrisBot, commands.AutoShardedBot):
    """The same bot on discord.py's AutoShardedBot: the shards ``shard_ids`` of ``shard_count`` in one
    process (issue 14). Its timer loop fires the timers of those shards' servers' games only."""


def command_tree(client: discord.Client) -> app_commands.CommandTree[Any]:
    """The bot's slash commands on a client of its own (``python -m bot doctor`` compares them with the ones
    Discord has): a TigrisBot's tree, else a new tree holding the /te group."""
    tree = getattr(client, "tree", None)
    if isinstance(tree, app_commands.CommandTree):
        return tree
    tree = app_commands.CommandTree(client)
    tree.add_command(surface.te_group)
    return tree


async def command_words(client: discord.Client) -> set[tuple[str, str]]:
    """Every (context, English text) the /te tree shows people: what each catalogue must translate."""
    return await tree_messages(command_tree(client))


def create_bot(
    database_path: str | Path = "tigris.db",
    *,
    clock: Clock = discord.utils.utcnow,
    dev_guild_id: int | None = None,
    seeds: Callable[[], int] | None = None,
    computer: ComputerConfig | None = None,
    shards: Shards | None = None,
    metrics_address: tuple[str, int] | None = None,
) -> TigrisBot:
    """Build the bot; its setup_hook opens the database, syncs the commands, re-registers the prompt
    buttons and resumes the timers. ``computer`` sets the computer player's pause between actions and the
    hard level's budget; ``shards`` (SHARD_COUNT, SHARD_IDS) makes it a sharded bot; ``metrics_address``
    (METRICS_HOST, METRICS_PORT) serves /metrics and /healthz there. ``clock`` and ``seeds`` are for tests."""
    if shards is not None:
        return ShardedTigrisBot(
            database_path,
            clock=clock,
            dev_guild_id=dev_guild_id,
            seeds=seeds,
            computer=computer,
            metrics_address=metrics_address,
            shard_count=shards.count,
            shard_ids=list(shards.ids),
        )
    return TigrisBot(
        database_path,
        clock=clock,
        dev_guild_id=dev_guild_id,
        seeds=seeds,
        computer=computer,
        metrics_address=metrics_address,
    )
