"""Lobby commands: /te new, join, leave, start and abandon."""

from __future__ import annotations

import contextlib
from typing import Any, Literal

import discord
from discord import app_commands

from bot import permissions
from bot.core import UserError, reader_words
from bot.language import game_words, new_game_language
from bot.rooms import Rooms
from bot.surface.common import LANGUAGE_CHOICES, Confirm, rooms_for, think_privately
from bot.texts import ClosingNote, posting_note, welcome_dm
from i18n import N_
from storage import (
    MAX_SEATS,
    MIN_SEATS,
    AlreadySeatedError,
    ChannelBusyError,
    GameRecord,
    GameStatusError,
    LobbyFullError,
    NotSeatedError,
    Options,
    Status,
)

DMS_CLOSED = N_(
    "I cannot send you direct messages, and your hand lives there: allow direct messages from server "
    "members (server menu → Privacy Settings), then try again."
)
CHANNEL_TAKEN = N_("This channel already has a game: finish or abandon it, or open one in a thread.")
STARTED_FOLLOW = N_("The game here has already started; you can follow it with /te board.")
ALREADY_SEATED = N_("You are already seated in this game.")
LOBBY_FULL = N_("This lobby is full ({most} players).")
NEEDS_PLAYERS = N_("A game needs {least} to {most} players; {seated} seated.")
ALREADY_STARTED = N_("The game here has already started.")
SEATS_FIXED = N_("The game here has started: seats are fixed now.")


async def _welcome(interaction: discord.Interaction, record: GameRecord | None) -> discord.Message | None:
    """The welcome DM, once per person (None to someone who has held a seat before): it also checks that
    the player's DMs are open (their hand lives there); later, a DM that fails is said in the channel.
    Before the game exists (``/te new``), it names the server and channel; the game is added after."""
    rooms = rooms_for(interaction)
    if await rooms.store.has_been_seated(interaction.user.id):
        return None
    if record is not None:  # named in the reader's words, as the DM is ("game 1" in a French game too)
        name = await rooms.directory.game_name(record, reader_words(interaction))
    else:
        guild = interaction.guild.name if interaction.guild is not None else "Discord"
        place = getattr(interaction.channel, "name", None) or reader_words(interaction).gettext(
            "this channel"
        )
        name = f"{guild} · #{place}"
    try:
        text = welcome_dm(reader_words(interaction), name, interaction.channel_id or 0)
        return await interaction.user.send(text)
    except discord.Forbidden:
        raise UserError(DMS_CLOSED) from None


def _check_permissions(interaction: discord.Interaction) -> None:
    """Refuse, naming them, where the bot lacks a permission a game needs (Discord sends the bot's
    permissions in this channel or thread with the interaction): no lobby is opened or started there."""
    thread = permissions.is_thread(interaction.channel)
    lacking = permissions.missing(interaction.app_permissions, thread=thread)
    if lacking:
        raise UserError(permissions.refusal(lacking, reader_words(interaction), thread=thread))


async def _lobby_here(interaction: discord.Interaction, started: str) -> tuple[Rooms, GameRecord]:
    """The lobby of this channel, or a refusal (``started``) if its game has begun."""
    rooms = rooms_for(interaction)
    await think_privately(interaction)
    record = await rooms.games.here(interaction.channel_id)
    if record.status is not Status.LOBBY:
        raise UserError(started)
    return rooms, record


@app_commands.command(name="new", description="Open a game lobby in this channel")
@app_commands.describe(
    board="standard, or advanced (blue border, 14 treasures)",
    english="English variant: commit tiles only to change the outcome",
    open_scoring="points and treasures public during the game",
    conflict_hours="hours to answer a conflict or other prompt",
    reminder_hours="hours between reminders",
    turn_hours="hours for a turn (0: none); then the bot plays it",
    away_minutes="minutes before the bot plays for an away player",
    buildings="2015 edition: civilization buildings on lines of 3+ tiles",
    wonder="2015 edition: the wonder on a plus of 5 tiles",
    hints="allow /te hint",
    computer_level="level of the computer playing for absent players",
    language="language of the posts (default: the server's, else yours)",
)
@app_commands.choices(language=LANGUAGE_CHOICES)
async def new_game(
    interaction: discord.Interaction,
    board: Literal["standard", "advanced"] = "standard",
    english: bool = False,
    open_scoring: bool = False,
    conflict_hours: app_commands.Range[float, 0.05, 720.0] = 12.0,
    reminder_hours: app_commands.Range[float, 0.25, 720.0] = 24.0,
    turn_hours: app_commands.Range[float, 0.0, 720.0] = 48.0,
    away_minutes: app_commands.Range[float, 0.0, 10080.0] = 60.0,
    buildings: bool = False,
    wonder: bool = False,
    hints: bool = False,
    computer_level: Literal["easy", "normal", "hard"] = "normal",
    language: app_commands.Choice[str] | None = None,
) -> None:
    rooms = rooms_for(interaction)
    await think_privately(interaction)
    _check_permissions(interaction)
    if await rooms.store.game_in_channel(interaction.channel_id or 0) is not None:
        raise UserError(CHANNEL_TAKEN)
    welcome = await _welcome(interaction, None)
    options = Options(
        board,
        english,
        open_scoring,
        float(conflict_hours),
        float(reminder_hours),
        turn_hours=float(turn_hours),
        away_minutes=float(away_minutes),
        buildings=buildings,
        wonder=wonder,
        hints=hints,
        computer_level=computer_level,
    )
    try:
        record = await rooms.store.create_game(
            interaction.guild_id or 0,
            interaction.channel_id or 0,
            interaction.user.id,
            rooms.now(),
            options,
            language=new_game_language(
                language.value if language else None, interaction.guild_locale, interaction.locale
            ),
        )
    except ChannelBusyError:
        raise UserError(CHANNEL_TAKEN) from None
    record = await rooms.store.add_seat(record.id, interaction.user.id, rooms.now())
    if welcome is not None:
        with contextlib.suppress(discord.HTTPException):  # the welcome now names the game
            title = await rooms.directory.game_name(record, reader_words(interaction))
            await welcome.edit(content=welcome_dm(reader_words(interaction), title, record.channel_id))
    words = reader_words(interaction)
    warning = posting_note(words, await rooms.presenter.channel.show_lobby(record, ""))
    await interaction.followup.send(
        words.gettext("Lobby opened; you are seated. Start with /te start.") + warning, ephemeral=True
    )


@app_commands.command(name="join", description="Take a seat in this channel's lobby")
async def join(interaction: discord.Interaction) -> None:
    rooms, record = await _lobby_here(interaction, STARTED_FOLLOW)
    if record.seat_of(interaction.user.id) is not None:
        raise UserError(ALREADY_SEATED)
    if len(record.seats) >= MAX_SEATS:
        raise UserError(LOBBY_FULL, most=MAX_SEATS)
    await _welcome(interaction, record)
    try:
        record = await rooms.store.add_seat(record.id, interaction.user.id, rooms.now())
    except AlreadySeatedError:
        raise UserError(ALREADY_SEATED) from None
    except LobbyFullError:
        raise UserError(LOBBY_FULL, most=MAX_SEATS) from None
    except GameStatusError:
        raise UserError("The game here has just started; you can follow it with /te board.") from None
    joined = game_words(record).gettext("{name} joined.", name=interaction.user.display_name)
    words = reader_words(interaction)
    warning = posting_note(words, await rooms.presenter.channel.show_lobby(record, joined))
    await interaction.followup.send(
        words.gettext("You are seated. Your hand will come by DM when the game starts.") + warning,
        ephemeral=True,
    )


@app_commands.command(name="leave", description="Leave this channel's lobby")
async def leave(interaction: discord.Interaction) -> None:
    rooms, record = await _lobby_here(interaction, SEATS_FIXED)
    if record.creator_id == interaction.user.id:
        raise UserError("You opened this lobby: close it with /te abandon instead.")
    try:
        record = await rooms.store.remove_seat(record.id, interaction.user.id, rooms.now())
    except NotSeatedError:
        raise UserError("You are not seated in this lobby.") from None
    left = game_words(record).gettext("{name} left.", name=interaction.user.display_name)
    warning = posting_note(reader_words(interaction), await rooms.presenter.channel.show_lobby(record, left))
    await interaction.followup.send(
        reader_words(interaction).gettext("You left the lobby.") + warning, ephemeral=True
    )


@app_commands.command(name="start", description="Start this channel's game (its creator; 2–4 players)")
async def start(interaction: discord.Interaction) -> None:
    rooms, record = await _lobby_here(interaction, ALREADY_STARTED)
    _check_permissions(interaction)
    if record.creator_id != interaction.user.id:
        raise UserError(
            "Only {creator}, who opened this lobby, can start the game.", creator=f"<@{record.creator_id}>"
        )
    if not MIN_SEATS <= len(record.seats) <= MAX_SEATS:
        raise UserError(NEEDS_PLAYERS, least=MIN_SEATS, most=MAX_SEATS, seated=len(record.seats))
    async with rooms.actions.lock_for(record.id):
        record = await rooms.store.load_game(record.id)  # a join, leave or second start may have won the race
        if record.status is not Status.LOBBY:
            raise UserError(ALREADY_STARTED)
        if not MIN_SEATS <= len(record.seats) <= MAX_SEATS:
            raise UserError(NEEDS_PLAYERS, least=MIN_SEATS, most=MAX_SEATS, seated=len(record.seats))
        await rooms.actions.start_game(record)
    await interaction.followup.send(
        reader_words(interaction).gettext("The game has started: your hand is in your DMs."), ephemeral=True
    )


@app_commands.command(name="abandon", description="Abandon this channel's game (its creator or a manager)")
async def abandon(interaction: discord.Interaction) -> None:
    rooms = rooms_for(interaction)
    await think_privately(interaction)  # finding the game may first show a move saved but not yet shown
    record = await rooms.games.here(interaction.channel_id)
    member = interaction.user
    manager = isinstance(member, discord.Member) and member.guild_permissions.manage_guild
    if record.creator_id != member.id and not manager:
        raise UserError("Only the game's creator or someone who can manage the server can abandon it.")
    words = reader_words(interaction)
    view = Confirm(
        member.id,
        words.gettext("Abandon the game"),
        words.gettext("Keep playing"),
        lambda i: _abandon(i, record.id),
        words,
    )
    await interaction.followup.send(
        words.gettext("Abandon this game for everyone? This cannot be undone."), view=view, ephemeral=True
    )


async def _abandon(interaction: discord.Interaction, game_id: int) -> str:
    rooms = rooms_for(interaction)
    async with rooms.actions.lock_for(game_id):
        record = await rooms.store.load_game(game_id)
        if not record.status.is_active:
            return reader_words(interaction).gettext("This game is already over.")
        record = await rooms.store.abandon_game(game_id, rooms.now())
    channel = game_words(record)
    await rooms.presenter.prompts.close(record, ClosingNote(N_("The game was abandoned.")))
    await rooms.presenter.channel.announce(
        record, channel.gettext("{name} abandoned the game.", name=interaction.user.display_name)
    )
    return reader_words(interaction).gettext("The game is abandoned.")


COMMANDS: tuple[app_commands.Command[Any, ..., None], ...] = (new_game, join, leave, start, abandon)
