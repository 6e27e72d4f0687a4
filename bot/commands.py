"""The /te slash commands: parse, call the bot's one action path, present. No rule lives here."""

from __future__ import annotations

import asyncio
import io
import logging
from typing import Any, Literal

import discord
from discord import app_commands

import render
from bot import narrate
from bot.app import TigrisBot, UserError, reply_private
from engine import Action, Phase, player_view, public_view, square_name
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

log = logging.getLogger("bot")

te_group = app_commands.Group(name="te", description="Play Tigris & Euphrates", guild_only=True)

COLOR_CHOICES = [
    app_commands.Choice(name="red — temple / priest", value="red"),
    app_commands.Choice(name="blue — farm / farmer", value="blue"),
    app_commands.Choice(name="green — market / trader", value="green"),
    app_commands.Choice(name="black — settlement / king", value="black"),
]

WELCOME = (
    "Welcome to Tigris & Euphrates in <#{channel}>! Your hand, points and treasures live here, in our DMs, "
    "and conflict prompts come here too. Play with the /te commands in the channel."
)
DMS_CLOSED = (
    "I cannot send you direct messages, and your hand lives there: allow direct messages from server "
    "members (server menu → Privacy Settings), then try again."
)


def bot_of(interaction: discord.Interaction) -> TigrisBot:
    client = interaction.client
    assert isinstance(client, TigrisBot)
    client.remember_name(interaction.user)
    return client


async def _thinking(interaction: discord.Interaction) -> None:
    await interaction.response.defer(ephemeral=True, thinking=True)


async def _welcome(interaction: discord.Interaction) -> None:
    try:
        await interaction.user.send(WELCOME.format(channel=interaction.channel_id))
    except discord.Forbidden:
        raise UserError(DMS_CLOSED) from None


async def _announce(bot: TigrisBot, record: GameRecord, text: str) -> str:
    """Post in the game's channel; returns a note for the user if Discord refused the post."""
    channel = await bot.channel_of(record)
    if channel is not None:
        try:
            await channel.send(text)
            return ""
        except discord.HTTPException:
            pass
    log.warning("game %s: cannot post in channel %s", record.id, record.channel_id)
    return " (I cannot post in this channel: ask an admin to let me send messages here.)"


async def _lobby_here(interaction: discord.Interaction, started: str) -> tuple[TigrisBot, GameRecord]:
    """The lobby of this channel, or a refusal (``started``) if its game has begun."""
    bot = bot_of(interaction)
    await _thinking(interaction)
    record = await bot.game_here(interaction.channel_id)
    if record.status is not Status.LOBBY:
        raise UserError(started)
    return bot, record


def _lobby_text(record: GameRecord) -> str:
    o = record.options
    seated = ", ".join(f"<@{s.user_id}>" for s in record.seats) or "nobody yet"
    rules = [f"{o.board} board"]
    if o.english:
        rules.append("English variant")
    if o.open_scoring:
        rules.append("open scoring")
    return (
        f"**Tigris & Euphrates** lobby ({', '.join(rules)}; conflicts wait {o.conflict_hours:g} h, "
        f"reminders every {o.reminder_hours:g} h). Seated ({len(record.seats)}/{MAX_SEATS}): {seated}. "
        f"Join with `/te join`; <@{record.creator_id}> starts with `/te start` once {MIN_SEATS}–{MAX_SEATS} "
        "players are seated."
    )


# ------------------------------------------------------------------------------------------- lobby


@te_group.command(name="new", description="Open a lobby for a game of Tigris & Euphrates in this channel")
@app_commands.describe(
    board="standard (gold border) or advanced (blue border, 14 treasures)",
    english="English variant: commit tiles only when it changes the outcome",
    open_scoring="show everyone's points and treasures during the game",
    conflict_hours="hours a player has to answer a conflict, monument or treasure prompt",
    reminder_hours="hours between reminders to the player the game waits on",
)
async def new_game(
    interaction: discord.Interaction,
    board: Literal["standard", "advanced"] = "standard",
    english: bool = False,
    open_scoring: bool = False,
    conflict_hours: app_commands.Range[float, 0.05, 720.0] = 12.0,
    reminder_hours: app_commands.Range[float, 0.25, 720.0] = 24.0,
) -> None:
    bot = bot_of(interaction)
    await _thinking(interaction)
    if await bot.store.game_in_channel(interaction.channel_id or 0) is not None:
        raise UserError("This channel already has a game: finish or abandon it, or open one in a thread.")
    await _welcome(interaction)
    options = Options(board, english, open_scoring, float(conflict_hours), float(reminder_hours))
    try:
        record = await bot.store.create_game(
            interaction.guild_id or 0, interaction.channel_id or 0, interaction.user.id, bot.now(), options
        )
    except ChannelBusyError:
        raise UserError(
            "This channel already has a game: finish or abandon it, or open one in a thread."
        ) from None
    record = await bot.store.add_seat(record.id, interaction.user.id, bot.now())
    warning = await _announce(bot, record, _lobby_text(record))
    await interaction.followup.send(
        f"Lobby opened; you are seated. Start with /te start.{warning}", ephemeral=True
    )


@te_group.command(name="join", description="Take a seat in the lobby of this channel")
async def join(interaction: discord.Interaction) -> None:
    bot, record = await _lobby_here(
        interaction, "The game here has already started; you can follow it with /te board."
    )
    if record.seat_of(interaction.user.id) is not None:
        raise UserError("You are already seated in this game.")
    if len(record.seats) >= MAX_SEATS:
        raise UserError(f"This lobby is full ({MAX_SEATS} players).")
    await _welcome(interaction)
    try:
        record = await bot.store.add_seat(record.id, interaction.user.id, bot.now())
    except AlreadySeatedError:
        raise UserError("You are already seated in this game.") from None
    except LobbyFullError:
        raise UserError(f"This lobby is full ({MAX_SEATS} players).") from None
    except GameStatusError:
        raise UserError("The game here has just started; you can follow it with /te board.") from None
    warning = await _announce(bot, record, f"<@{interaction.user.id}> joined. " + _lobby_text(record))
    await interaction.followup.send(
        f"You are seated. Your hand will come by DM when the game starts.{warning}", ephemeral=True
    )


@te_group.command(name="leave", description="Leave the lobby of this channel")
async def leave(interaction: discord.Interaction) -> None:
    bot, record = await _lobby_here(interaction, "The game here has started: seats are fixed now.")
    if record.creator_id == interaction.user.id:
        raise UserError("You opened this lobby: close it with /te abandon instead.")
    try:
        record = await bot.store.remove_seat(record.id, interaction.user.id, bot.now())
    except NotSeatedError:
        raise UserError("You are not seated in this lobby.") from None
    warning = await _announce(bot, record, f"<@{interaction.user.id}> left. " + _lobby_text(record))
    await interaction.followup.send(f"You left the lobby.{warning}", ephemeral=True)


@te_group.command(name="start", description="Start the game in this channel (its creator, with 2–4 players)")
async def start(interaction: discord.Interaction) -> None:
    bot, record = await _lobby_here(interaction, "The game here has already started.")
    if record.creator_id != interaction.user.id:
        raise UserError(f"Only <@{record.creator_id}>, who opened this lobby, can start the game.")
    if not MIN_SEATS <= len(record.seats) <= MAX_SEATS:
        raise UserError(f"A game needs {MIN_SEATS} to {MAX_SEATS} players; {len(record.seats)} seated.")
    async with bot.lock_for(record.id):
        record = await bot.store.load_game(record.id)  # a join, leave or second start may have won the race
        if record.status is not Status.LOBBY:
            raise UserError("The game here has already started.")
        if not MIN_SEATS <= len(record.seats) <= MAX_SEATS:
            raise UserError(f"A game needs {MIN_SEATS} to {MAX_SEATS} players; {len(record.seats)} seated.")
        await bot.start_game(record)
    await interaction.followup.send("The game has started: your hand is in your DMs.", ephemeral=True)


@te_group.command(
    name="abandon", description="Abandon the game in this channel (its creator or a server manager)"
)
async def abandon(interaction: discord.Interaction) -> None:
    bot = bot_of(interaction)
    record = await bot.game_here(interaction.channel_id)
    member = interaction.user
    manager = isinstance(member, discord.Member) and member.guild_permissions.manage_guild
    if record.creator_id != member.id and not manager:
        raise UserError("Only the game's creator or someone who can manage the server can abandon it.")
    view = AbandonConfirm(record.id, member.id)
    await interaction.response.send_message(
        "Abandon this game for everyone? This cannot be undone.", view=view, ephemeral=True
    )


class AbandonConfirm(discord.ui.View):
    def __init__(self, game_id: int, user_id: int) -> None:
        super().__init__(timeout=300)
        self.game_id = game_id
        self.user_id = user_id

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        return interaction.user.id == self.user_id

    @discord.ui.button(label="Abandon the game", style=discord.ButtonStyle.danger)
    async def confirm(self, interaction: discord.Interaction, button: discord.ui.Button[Any]) -> None:
        bot = bot_of(interaction)
        await interaction.response.defer()  # answered at once; the lock may wait for a move being shown
        async with bot.lock_for(self.game_id):
            record = await bot.store.load_game(self.game_id)
            if not record.status.is_active:
                await interaction.edit_original_response(content="This game is already over.", view=None)
                return
            record = await bot.store.abandon_game(self.game_id, bot.now())
        self.stop()
        await interaction.edit_original_response(content="The game is abandoned.", view=None)
        await bot.close_prompts(record, "The game was abandoned.")
        await _announce(bot, record, f"<@{interaction.user.id}> abandoned the game.")

    @discord.ui.button(label="Keep playing", style=discord.ButtonStyle.secondary)
    async def cancel(self, interaction: discord.Interaction, button: discord.ui.Button[Any]) -> None:
        await interaction.response.edit_message(content="Nothing changed.", view=None)


# ------------------------------------------------------------------------------------------ actions


async def play(interaction: discord.Interaction, text: str) -> None:
    """Every move command: the engine validates it again, whatever autocomplete offered."""
    bot = bot_of(interaction)
    await _thinking(interaction)
    words = text.split()
    if not words:
        raise UserError("Say what to play, like: tile red e5, or commit 2.")
    record = await bot.playing_here(interaction.channel_id)
    if record.seat_of(interaction.user.id) is None:
        raise UserError("You are not playing in this game.")
    decision = words[0] in ("commit", "war", "monument", "treasure", "decline")
    label = narrate.choice_label(" ".join(words)) if decision else " ".join(words)
    await bot.act(
        record.id,
        text,
        user_id=interaction.user.id,
        sent_at=interaction.created_at,
        note=f"You chose: {label} (with /te choose).",
    )
    await interaction.followup.send(f"Done: `{' '.join(words)}`.", ephemeral=True)


async def legal_for(interaction: discord.Interaction) -> list[Action]:
    """The legal actions of the user, if the game here waits on them; else none."""
    bot = bot_of(interaction)
    record = await bot.store.game_in_channel(interaction.channel_id or 0)
    if record is None or record.status is not Status.PLAYING or record.user_to_act != interaction.user.id:
        return []
    return (await asyncio.to_thread(record.game)).legal_actions()


def _square_choices(actions: list[Action], current: str) -> list[app_commands.Choice[str]]:
    names = sorted({a.square for a in actions if a.square is not None})
    typed = current.strip().lower()
    ordered = [s for s in names if square_name(s).startswith(typed)]
    ordered += [s for s in names if typed and typed in square_name(s) and s not in ordered]
    return [app_commands.Choice(name=square_name(s).upper(), value=square_name(s)) for s in ordered[:25]]


async def _squares_for(
    interaction: discord.Interaction, kind: str, current: str
) -> list[app_commands.Choice[str]]:
    colour = getattr(interaction.namespace, "color", None)
    actions = [
        a
        for a in await legal_for(interaction)
        if a.kind == kind and (colour is None or a.colour is None or a.colour.word == colour)
    ]
    return _square_choices(actions, current)


async def tile_squares(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    return await _squares_for(interaction, "tile", current)


async def leader_squares(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    return await _squares_for(interaction, "leader", current)


async def catastrophe_squares(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[str]]:
    return await _squares_for(interaction, "catastrophe", current)


@te_group.command(name="tile", description="Place a civilization tile from your hand")
@app_commands.describe(color="the tile's colour", square="where, like E5 (the list shows legal squares)")
@app_commands.choices(color=COLOR_CHOICES)
@app_commands.autocomplete(square=tile_squares)
async def tile(interaction: discord.Interaction, color: app_commands.Choice[str], square: str) -> None:
    await play(interaction, f"tile {color.value} {square}")


@te_group.command(name="leader", description="Place one of your leaders, or move it if it is on the board")
@app_commands.describe(color="the leader's colour", square="where, like E5 (next to a temple)")
@app_commands.choices(color=COLOR_CHOICES)
@app_commands.autocomplete(square=leader_squares)
async def leader(interaction: discord.Interaction, color: app_commands.Choice[str], square: str) -> None:
    await play(interaction, f"leader {color.value} {square}")


@te_group.command(name="withdraw", description="Take one of your leaders back from the board")
@app_commands.describe(color="the leader's colour")
@app_commands.choices(color=COLOR_CHOICES)
async def withdraw(interaction: discord.Interaction, color: app_commands.Choice[str]) -> None:
    await play(interaction, f"withdraw {color.value}")


@te_group.command(name="catastrophe", description="Play a catastrophe tile")
@app_commands.describe(square="where, like E5")
@app_commands.autocomplete(square=catastrophe_squares)
async def catastrophe(interaction: discord.Interaction, square: str) -> None:
    await play(interaction, f"catastrophe {square}")


async def swap_choices(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    typed = " ".join(current.lower().split())
    options = [a.text.removeprefix("swap ") for a in await legal_for(interaction) if a.kind == "swap"]
    matching = [o for o in options if o.startswith(typed)] or [o for o in options if typed in o]
    matching.sort(key=len)
    return [app_commands.Choice(name=o, value=o) for o in matching[:25]]


@te_group.command(name="swap", description="Discard 1–6 tiles from your hand and draw as many")
@app_commands.describe(tiles="the tiles to discard, like: red red blue")
@app_commands.autocomplete(tiles=swap_choices)
async def swap(interaction: discord.Interaction, tiles: str) -> None:
    await play(interaction, f"swap {tiles}")


@te_group.command(name="pass", description="End your turn now, giving up any action left")
async def pass_turn(interaction: discord.Interaction) -> None:
    await play(interaction, "pass")


async def decision_choices(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    typed = current.lower().strip()
    out = []
    for action in await legal_for(interaction):
        if action.kind in ("commit", "war", "monument", "decline", "treasure") and typed in action.text:
            out.append(
                app_commands.Choice(
                    name=f"{narrate.choice_label(action.text)} ({action.text})", value=action.text
                )
            )
    return out[:25]


@te_group.command(
    name="choose", description="Answer the decision that waits for you (commit, war, monument, treasure)"
)
@app_commands.describe(option="your choice, like: commit 2, war red, decline, treasure b2")
@app_commands.autocomplete(option=decision_choices)
async def choose(interaction: discord.Interaction, option: str) -> None:
    await play(interaction, option)


# ------------------------------------------------------------------------------------------ looking


@te_group.command(name="hand", description="See your hand, points and treasures (only you see it)")
async def hand(interaction: discord.Interaction) -> None:
    bot = bot_of(interaction)
    await _thinking(interaction)
    record = await bot.playing_here(interaction.channel_id)
    seat = record.seat_of(interaction.user.id)
    if seat is None:
        raise UserError("You are not playing in this game.")
    pv = player_view(record.game(), seat)
    names = await bot.names_for(record)
    png = await asyncio.to_thread(render.hand_png, pv, names=names)
    await interaction.followup.send(
        narrate.hand_text(pv, f"<#{record.channel_id}>"),
        file=discord.File(io.BytesIO(png), "hand.png"),
        ephemeral=True,
    )


@te_group.command(name="board", description="See the board of the game in this channel again")
async def board(interaction: discord.Interaction) -> None:
    bot = bot_of(interaction)
    await _thinking(interaction)
    record = await bot.latest_here(interaction.guild_id, interaction.channel_id)
    view = public_view(record.game())
    names = await bot.names_for(record)
    png = await asyncio.to_thread(render.board_png, view, names=names)
    await interaction.followup.send(
        narrate.awaited(view, names), file=discord.File(io.BytesIO(png), "board.png"), ephemeral=True
    )


@te_group.command(name="status", description="Whose turn it is, what the game waits for, and until when")
async def status(interaction: discord.Interaction) -> None:
    bot = bot_of(interaction)
    await _thinking(interaction)
    lobby = await bot.store.game_in_channel(interaction.channel_id or 0)
    if lobby is not None and lobby.status is Status.LOBBY:
        await reply_private(interaction, _lobby_text(lobby))
        return
    record = await bot.latest_here(interaction.guild_id, interaction.channel_id)
    view = public_view(record.game())
    names = await bot.names_for(record)
    if view.phase is Phase.OVER:
        await reply_private(interaction, narrate.standings_text(view, names))
        return
    await reply_private(interaction, narrate.status_text(view, names, await bot.deadline_of(record)))
