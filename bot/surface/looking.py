"""Looking at a game: /te hand, board, status and log, answered privately. In a channel whose game is over,
they show the finished game until a new one opens."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot import texts
from bot.core import UserError, reader_words, reply_private
from bot.language import language_line
from bot.play import seat_of_player
from bot.present import board_file, due_of, hand_file, seat_notes
from bot.surface.common import rooms_for, think_privately
from engine import Phase, player_view, public_view
from storage import Status

LOG_DEFAULT = 10
LOG_MOST = 50


@app_commands.command(name="hand", description="Your hand, points and treasures (only you see it)")
async def hand(interaction: discord.Interaction) -> None:
    rooms = rooms_for(interaction)
    await think_privately(interaction)
    record = await rooms.games.latest_here(interaction.channel_id)
    seat = await seat_of_player(rooms.store, record, interaction.user.id)
    pv = player_view(record.game(), seat)
    words = reader_words(interaction)
    names = await rooms.directory.names_for(record, words)
    notes = seat_notes(record, rooms.now())
    title = await rooms.directory.game_name(record, words)
    await interaction.followup.send(
        f"**{title}**\n{texts.hand_text(words, pv)}",
        file=await hand_file(pv, names, notes, title, words=words),
        ephemeral=True,
    )


@app_commands.command(name="board", description="The board (only you see it)")
async def board(interaction: discord.Interaction) -> None:
    rooms = rooms_for(interaction)
    await think_privately(interaction)
    record = await rooms.games.latest_here(interaction.channel_id)
    view = public_view(record.game())
    words = reader_words(interaction)
    names = await rooms.directory.names_for(record, words)
    now = rooms.now()
    title = await rooms.directory.game_name(record, words)
    # only its asker sees it: in their language, as the reply's words are
    picture = await board_file(view, names, notes=seat_notes(record, now), title=title, words=words)
    if record.status is Status.PLAYING:
        who = names[view.to_act] if view.to_act is not None else ""
        due = await due_of(rooms.store, record, now)
        text = texts.awaited(words, view, names) + texts.deadline_words(
            words, view, due, who, paused=record.paused
        )
    else:
        text = words.gettext(texts.FINAL_BOARD)
    await interaction.followup.send(f"**{title}** — {text}", file=picture, ephemeral=True)


@app_commands.command(name="status", description="Whose turn, what the game waits for, until when")
async def status(interaction: discord.Interaction) -> None:
    rooms = rooms_for(interaction)
    await think_privately(interaction)
    record = await rooms.games.latest_here(interaction.channel_id, lobby=True)
    words = reader_words(interaction)
    said = language_line(record, words)
    if record.status is Status.LOBBY:
        await reply_private(interaction, f"{texts.lobby_text(words, record)}\n{said}")
        return
    view = public_view(record.game())
    names = await rooms.directory.names_for(record, words)
    if view.phase is Phase.OVER:
        resigned = [s.seat for s in record.seats if s.resigned]
        await reply_private(
            interaction, texts.standings_text(reader_words(interaction), view, names, resigned)
        )
        return
    now = rooms.now()
    due = await due_of(rooms.store, record, now)
    await reply_private(interaction, f"{texts.status_text(words, view, names, record, due, now)}\n{said}")


@app_commands.command(name="log", description="What happened lately (only you see it)")
@app_commands.describe(count="how many lines, 1 to 50 (default 10)")  # LOG_MOST, LOG_DEFAULT
async def log(interaction: discord.Interaction, count: int = LOG_DEFAULT) -> None:
    """The latest posts of the game, public words only, each with a link to its post in the channel."""
    rooms = rooms_for(interaction)
    if not 1 <= count <= LOG_MOST:
        raise UserError("Ask for 1 to {most} moves and events.", most=LOG_MOST)
    await think_privately(interaction)
    record = await rooms.games.latest_here(interaction.channel_id)
    posts = await rooms.store.last_posts(record.id, count)
    words = reader_words(interaction)
    title = await rooms.directory.game_name(record, words)
    lines = texts.catch_up(words, posts, record.guild_id)
    head = texts.log_heading(words, title, len(lines))
    await reply_private(interaction, texts.fit_message(words, lines, "", head=head))


COMMANDS: tuple[app_commands.Command[Any, ..., None], ...] = (hand, board, status, log)
