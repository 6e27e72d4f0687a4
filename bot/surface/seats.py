"""Seat commands (the group ``/te seat``: away, back, resign, replace) and ``/te settings``. Each checks who
asks and what they gave, then hands the work to the seat desk (``bot/seats.py``) or the store."""

from __future__ import annotations

from typing import Any, Literal

import discord
from discord import app_commands

from bot.core import READER_WORDS, UserError, reader_words
from bot.language import game_words, person_language
from bot.play import seat_of_player
from bot.surface.common import LANGUAGE_CHOICES, Confirm, rooms_for, think_privately
from bot.surface.lobby import LOBBY_FULL, SEATS_FIXED
from bot.texts import computer_names, posting_note
from i18n import N_, Words, from_discord, language_name, parse_language
from storage import (
    MAX_SEATS,
    DmMode,
    GameRecord,
    GameStatusError,
    LobbyFullError,
    NoSuchSeatError,
    NotComputerSeatError,
    PersonLanguage,
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
    words = reader_words(interaction)
    view = Confirm(
        interaction.user.id,
        words.gettext("Resign"),
        words.gettext("Keep playing"),
        lambda i: rooms_for(i).seats.resign(record.id, i.user.id, reader_words(i)),
        words,
    )
    await interaction.followup.send(
        words.gettext(
            "Resign from this game? The computer player plays your seat from then on; this cannot be undone."
        ),
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
            raise UserError("{member} is not a member of this server.", member=f"<@{by.id}>")
        if record.seat_of(by.id) is not None:
            raise UserError("{member} already has a seat in this game.", member=f"<@{by.id}>")
        rooms.directory.remember(by)
    rooms.directory.remember(seat_of)
    text = await rooms.seats.replace(
        record.id, interaction.user.id, seat_of.id, None if by is None else by.id, reader_words(interaction)
    )
    await interaction.followup.send(text, ephemeral=True)


ONLY_CREATOR_ADDS = N_("Only {creator}, who opened this lobby, can add a computer player.")
ONLY_CREATOR_REMOVES = N_("Only {creator}, who opened this lobby, can remove a computer player.")


async def _creators_lobby(interaction: discord.Interaction, only_creator: str) -> GameRecord:
    """The lobby here, if the user opened it; else a refusal (``only_creator``: why not, with {creator})."""
    record = await rooms_for(interaction).games.here(interaction.channel_id)
    if record.status is not Status.LOBBY:
        raise UserError(SEATS_FIXED)
    if record.creator_id != interaction.user.id:
        raise UserError(only_creator, creator=f"<@{record.creator_id}>")
    return record


@seat_group.command(name="addbot", description="Add a computer player")
@app_commands.describe(level="default: normal")
async def addbot(
    interaction: discord.Interaction, level: Literal["easy", "normal", "hard"] = "normal"
) -> None:
    rooms = rooms_for(interaction)
    await think_privately(interaction)
    record = await _creators_lobby(interaction, ONLY_CREATOR_ADDS)
    if len(record.seats) >= MAX_SEATS:
        raise UserError(LOBBY_FULL, most=MAX_SEATS)
    try:
        record = await rooms.store.add_computer_seat(record.id, level, rooms.now())
    except LobbyFullError:
        raise UserError(LOBBY_FULL, most=MAX_SEATS) from None
    except GameStatusError:
        raise UserError(SEATS_FIXED) from None
    name = computer_names(record.seats)[len(record.seats) - 1]
    added = game_words(record).gettext("{name} added {bot}.", name=interaction.user.display_name, bot=name)
    warning = posting_note(reader_words(interaction), await rooms.presenter.channel.show_lobby(record, added))
    seated = reader_words(interaction).gettext("{bot} is seated.", bot=name)
    await interaction.followup.send(seated + warning, ephemeral=True)


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
    record = await _creators_lobby(interaction, ONLY_CREATOR_REMOVES)
    wanted = " ".join(bot.split()).casefold()
    found = [(s, n) for s, n in computer_names(record.seats).items() if n.casefold() == wanted]
    if not found:
        raise UserError('There is no computer player called "{bot}" in this lobby.', bot=bot[:40])
    [(seat, name)] = found
    try:
        record = await rooms.store.remove_computer_seat(record.id, seat, rooms.now())
    except (NoSuchSeatError, NotComputerSeatError):  # the lobby changed since it was read
        raise UserError("The lobby has just changed; look at it and try again.") from None
    except GameStatusError:
        raise UserError(SEATS_FIXED) from None
    removed = game_words(record).gettext(
        "{name} removed {bot}.", name=interaction.user.display_name, bot=name
    )
    warning = posting_note(
        reader_words(interaction), await rooms.presenter.channel.show_lobby(record, removed)
    )
    await interaction.followup.send(
        reader_words(interaction).gettext("Removed {bot}.", bot=name) + warning, ephemeral=True
    )


def may_manage(interaction: discord.Interaction, record: GameRecord) -> bool:
    """The game's creator or a server manager (R33)."""
    member = interaction.user
    manager = isinstance(member, discord.Member) and member.guild_permissions.manage_guild
    return record.creator_id == member.id or manager


SOURCE_WORDS = {
    SettingSource.GAME: N_("for this game"),
    SettingSource.PLAYER: N_("your default"),
    SettingSource.BUILT_IN: N_("built in"),
}


def settings_words(settings: PlayerSettings, words: Words) -> str:
    forced = words.gettext("on") if settings.auto_forced else words.gettext("off")
    return words.gettext(
        "DMs: {dm} ({dm_from}); forced choices answered at once: {forced} ({forced_from}).",
        dm=settings.dm.value,
        dm_from=words.gettext(SOURCE_WORDS[settings.dm_from]),
        forced=forced,
        forced_from=words.gettext(SOURCE_WORDS[settings.auto_forced_from]),
    )


def language_words(person: PersonLanguage, words: Words) -> str:
    """Which language the person reads, and why (their choice, or their Discord's)."""
    language = language_name(person_language(person))
    if parse_language(person.chosen) is not None:
        return words.gettext("Language: {language} (your choice).", language=language)
    if from_discord(person.discord_locale) is not None:
        return words.gettext("Language: {language} (auto: your Discord's).", language=language)
    return words.gettext("Language: {language} (auto: the game's).", language=language)


@app_commands.command(
    name="settings", description="Your language, DMs and standing orders, in this game or by default"
)
@app_commands.describe(
    language="the language the bot writes to you in (auto: your Discord's)",
    auto_forced="on: answer your forced choices at once (this reveals you had no other)",
    dm="turn: your turns, prompts, the end (default); all: also hits on your pieces; none: prompts only",
    scope="game: this channel's game; default: games without their own setting",
)
@app_commands.choices(language=LANGUAGE_CHOICES)
async def settings(
    interaction: discord.Interaction,
    language: app_commands.Choice[str] | None = None,
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
    if language is not None:
        person = await rooms.languages.choose(user_id, parse_language(language.value), rooms.now())
        # The answer is already in the language just chosen.
        chosen = await rooms.languages.reader(user_id, interaction.locale, rooms.now())
        interaction.extras[READER_WORDS] = chosen
    else:
        person = await rooms.languages.person(user_id)
    words = reader_words(interaction)
    game_id = record.id if seated and scope != "default" and record is not None else None
    kwargs: dict[str, Any] = {}
    if auto_forced is not None:
        kwargs["auto_forced"] = auto_forced == "on"
    if dm is not None:
        kwargs["dm"] = DmMode(dm)
    if kwargs:
        current = await rooms.store.set_player_settings(user_id, game_id=game_id, **kwargs)
    else:
        current = await rooms.store.player_settings(user_id, game_id)
    where = (
        words.gettext("In this game: {settings}", settings=settings_words(current, words))
        if game_id is not None
        else words.gettext("By default: {settings}", settings=settings_words(current, words))
    )
    text = f"{where} {language_words(person, words)}"
    if kwargs or language is not None:
        text = words.gettext("Saved. {settings}", settings=text)
    await interaction.followup.send(text, ephemeral=True)
    if auto_forced == "on" and seated and record is not None and record.status is Status.PLAYING:
        await rooms.actions.apply_standing_order(record.id)  # a forced choice may be waiting already


COMMANDS: tuple[app_commands.Command[Any, ..., None], ...] = (settings,)
