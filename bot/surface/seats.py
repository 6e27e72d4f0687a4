"""Seat commands (the group ``/te seat``: away, back, resign, replace) and ``/te settings``. Each checks who
asks and what they gave, then hands the work to the seat desk (``bot/seats.py``) or the store."""

from __future__ import annotations

from typing import Any, Literal

import discord
from discord import app_commands

from bot.core import UserError, reader_words
from bot.play import seat_of_player
from bot.surface.common import Confirm, rooms_for, think_privately
from bot.texts import computer_names, posting_note
from storage import (
    MAX_SEATS,
    DmMode,
    GameRecord,
    GameStatusError,
    LobbyFullError,
    NoSuchSeatError,
    NotComputerSeatError,
    PlayerSettings,
    SettingSource,
    Status,
)

seat_group = app_commands.Group(name="seat", description="Seats: away, back, resign, replace")


@seat_group.command(
    name="away", description="Announce an absence: your turn clock stops, or the bot covers you"
)
@app_commands.describe(
    hours="how long you are away, 1 to 336 hours (14 days)",
    cover="true: the bot plays for you meanwhile; false: a vacation (your turns wait)",
)
async def away(interaction: discord.Interaction, hours: int, cover: bool = False) -> None:
    rooms = rooms_for(interaction)
    await think_privately(interaction)
    record = await rooms.games.playing_here(interaction.channel_id)
    text = await rooms.seats.away(record.id, interaction.user.id, hours, cover, reader_words(interaction))
    await interaction.followup.send(text, ephemeral=True)


@seat_group.command(name="back", description="End your absence: your deadlines are the usual ones again")
async def back(interaction: discord.Interaction) -> None:
    rooms = rooms_for(interaction)
    await think_privately(interaction)
    record = await rooms.games.playing_here(interaction.channel_id)
    text = await rooms.seats.back(record.id, interaction.user.id, reader_words(interaction))
    await interaction.followup.send(text, ephemeral=True)


@seat_group.command(
    name="resign", description="Leave the game: the computer plays your seat; your score counts"
)
async def resign(interaction: discord.Interaction) -> None:
    rooms = rooms_for(interaction)
    await think_privately(interaction)
    record = await rooms.games.playing_here(interaction.channel_id)
    await seat_of_player(rooms.store, record, interaction.user.id)
    view = Confirm(
        interaction.user.id,
        "Resign",
        "Keep playing",
        lambda i: rooms_for(i).seats.resign(record.id, i.user.id, reader_words(i)),
    )
    await interaction.followup.send(
        "Resign from this game? The computer player plays your seat from then on; this cannot be undone.",
        view=view,
        ephemeral=True,
    )


@seat_group.command(
    name="replace",
    description="Hand a seat to a member or the computer (creator or a manager)",
)
@app_commands.describe(
    seat_of="the player whose seat changes hands",
    by="the server member who takes the seat over",
    computer="true: the computer player takes the seat over",
)
async def replace(
    interaction: discord.Interaction,
    seat_of: discord.User,
    by: discord.User | None = None,
    computer: bool = False,
) -> None:
    rooms = rooms_for(interaction)
    await think_privately(interaction)
    record = await rooms.games.playing_here(interaction.channel_id)
    if not may_manage(interaction, record):
        raise UserError("Only the game's creator or someone who can manage the server can hand a seat over.")
    if (by is None) == (not computer):
        raise UserError("Say who takes the seat: `by:` a server member, or `computer: true`, not both.")
    if by is not None:
        if by.bot:
            raise UserError("A bot account cannot take a seat; use `computer: true` for the computer player.")
        if not isinstance(by, discord.Member) or by.guild.id != interaction.guild_id:
            raise UserError(f"<@{by.id}> is not a member of this server.")
        if record.seat_of(by.id) is not None:
            raise UserError(f"<@{by.id}> already has a seat in this game.")
        rooms.directory.remember(by)
    rooms.directory.remember(seat_of)
    text = await rooms.seats.replace(
        record.id, interaction.user.id, seat_of.id, None if by is None else by.id, reader_words(interaction)
    )
    await interaction.followup.send(text, ephemeral=True)


STARTED = "The game here has started: seats are fixed now."


async def _creators_lobby(interaction: discord.Interaction, verb: str) -> GameRecord:
    """The lobby here, if the user opened it; else a refusal (``verb``: what they wanted to do)."""
    record = await rooms_for(interaction).games.here(interaction.channel_id)
    if record.status is not Status.LOBBY:
        raise UserError(STARTED)
    if record.creator_id != interaction.user.id:
        raise UserError(f"Only <@{record.creator_id}>, who opened this lobby, can {verb} a computer player.")
    return record


@seat_group.command(name="addbot", description="Add a computer player")
@app_commands.describe(level="default: normal")
async def addbot(
    interaction: discord.Interaction, level: Literal["easy", "normal", "hard"] = "normal"
) -> None:
    rooms = rooms_for(interaction)
    await think_privately(interaction)
    record = await _creators_lobby(interaction, "add")
    full = f"This lobby is full ({MAX_SEATS} players)."
    if len(record.seats) >= MAX_SEATS:
        raise UserError(full)
    try:
        record = await rooms.store.add_computer_seat(record.id, level, rooms.now())
    except LobbyFullError:
        raise UserError(full) from None
    except GameStatusError:
        raise UserError(STARTED) from None
    name = computer_names(record.seats)[len(record.seats) - 1]
    added = f"{interaction.user.display_name} added {name}."
    warning = posting_note(reader_words(interaction), await rooms.presenter.channel.show_lobby(record, added))
    await interaction.followup.send(f"{name} is seated.{warning}", ephemeral=True)


async def lobby_bots(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    """The computer players seated in the lobby here (a hint: ``removebot`` checks the name again)."""
    record = await rooms_for(interaction).store.game_in_channel(interaction.channel_id or 0)
    if record is None or record.status is not Status.LOBBY:
        return []
    names = computer_names(record.seats).values()
    return [app_commands.Choice(name=n, value=n) for n in names if current.lower() in n.lower()]


@seat_group.command(name="removebot", description="Remove a computer player")
@app_commands.describe(bot="its name")
@app_commands.autocomplete(bot=lobby_bots)
async def removebot(interaction: discord.Interaction, bot: str) -> None:
    """The creator takes a computer player out of the lobby; the later seats move up."""
    rooms = rooms_for(interaction)
    await think_privately(interaction)
    record = await _creators_lobby(interaction, "remove")
    wanted = " ".join(bot.split()).casefold()
    found = [(s, n) for s, n in computer_names(record.seats).items() if n.casefold() == wanted]
    if not found:
        raise UserError(f'There is no computer player called "{bot[:40]}" in this lobby.')
    [(seat, name)] = found
    try:
        record = await rooms.store.remove_computer_seat(record.id, seat, rooms.now())
    except (NoSuchSeatError, NotComputerSeatError):  # the lobby changed since it was read
        raise UserError("The lobby has just changed; look at it and try again.") from None
    except GameStatusError:
        raise UserError(STARTED) from None
    warning = posting_note(
        reader_words(interaction),
        await rooms.presenter.channel.show_lobby(record, f"{interaction.user.display_name} removed {name}."),
    )
    await interaction.followup.send(f"Removed {name}.{warning}", ephemeral=True)


def may_manage(interaction: discord.Interaction, record: GameRecord) -> bool:
    """The game's creator or a server manager (R33)."""
    member = interaction.user
    manager = isinstance(member, discord.Member) and member.guild_permissions.manage_guild
    return record.creator_id == member.id or manager


SOURCE_WORDS = {
    SettingSource.GAME: "for this game",
    SettingSource.PLAYER: "your default",
    SettingSource.BUILT_IN: "built in",
}


def settings_words(settings: PlayerSettings) -> str:
    forced = "on" if settings.auto_forced else "off"
    return (
        f"DMs: {settings.dm.value} ({SOURCE_WORDS[settings.dm_from]}); forced choices answered at once: "
        f"{forced} ({SOURCE_WORDS[settings.auto_forced_from]})."
    )


@app_commands.command(name="settings", description="Your DMs and standing orders, in this game or by default")
@app_commands.describe(
    auto_forced="on: answer your forced choices at once (this reveals you had no other)",
    dm="turn: your turns, prompts, the end (default); all: also hits on your pieces; none: prompts only",
    scope="game: this channel's game; default: games without their own setting",
)
async def settings(
    interaction: discord.Interaction,
    auto_forced: Literal["on", "off"] | None = None,
    dm: Literal["all", "turn", "none"] | None = None,
    scope: Literal["game", "default"] | None = None,
) -> None:
    rooms = rooms_for(interaction)
    await think_privately(interaction)
    user_id = interaction.user.id
    record = await rooms.store.game_in_channel(interaction.channel_id or 0)
    seated = record is not None and record.seat_of(user_id) is not None
    if scope == "game" and not seated:
        raise UserError(
            "You have no seat in a game in this channel; use `scope: default` to set your default."
        )
    game_id = record.id if seated and scope != "default" and record is not None else None
    where = "In this game" if game_id is not None else "By default"
    if auto_forced is None and dm is None:
        current = await rooms.store.player_settings(user_id, game_id)
        await interaction.followup.send(f"{where}: {settings_words(current)}", ephemeral=True)
        return
    kwargs: dict[str, Any] = {}
    if auto_forced is not None:
        kwargs["auto_forced"] = auto_forced == "on"
    if dm is not None:
        kwargs["dm"] = DmMode(dm)
    current = await rooms.store.set_player_settings(user_id, game_id=game_id, **kwargs)
    await interaction.followup.send(f"Saved. {where}: {settings_words(current)}", ephemeral=True)
    if auto_forced == "on" and seated and record is not None and record.status is Status.PLAYING:
        await rooms.actions.apply_standing_order(record.id)  # a forced choice may be waiting already


COMMANDS: tuple[app_commands.Command[Any, ..., None], ...] = (settings,)
