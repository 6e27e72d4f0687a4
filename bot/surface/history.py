"""The group ``/te history``: replay, export, stats, leaderboard, games and mygames (issue 13), and analyse
(issue 22). Each command checks what it was given and hands the work to the history room (``bot/history.py``).

Answers are private; ``share: true`` posts a replay for everyone in the channel (a refusal stays private
either way: the interaction is deferred privately, and the shared replay is a follow-up of its own). The
descriptions are short: the whole /te tree must stay within Discord's size limit
(tests/bot/test_command_tree.py); /te help says more.
"""

from __future__ import annotations

import io

import discord
from discord import app_commands

from bot.core import UserError, reader_words
from bot.history import Answer
from bot.history_texts import (
    ANALYSIS_DONE,
    BOT_HAS_NO_STATS,
    LEADERBOARD_PAGES,
    REPLAY_DONE,
    SHARED,
    analyse_working,
)
from bot.language import game_words
from bot.surface.common import rooms_for, think_privately
from storage import Player

history_group = app_commands.Group(name="history", description="Replays, records, stats, ratings, games")

GAME = "game number (default: this channel's)"


async def game_numbers(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[int]]:
    if interaction.guild_id is None:
        return []
    history = rooms_for(interaction).history
    choices = await history.game_choices(interaction.guild_id, current, words=reader_words(interaction))
    return [app_commands.Choice(name=label, value=number) for label, number in choices]


async def send(
    interaction: discord.Interaction, answer: Answer, *, share: bool = False, done: str = ""
) -> None:
    """The answer as a follow-up: privately, or for everyone, the private reply then saying so (``done``:
    what the private reply says otherwise, if it said it was working)."""
    files = [discord.File(io.BytesIO(a.data), a.filename) for a in answer.files]
    if share:
        await interaction.edit_original_response(content=reader_words(interaction).gettext(SHARED))
    await interaction.followup.send(answer.text, files=files, ephemeral=not share)
    if done and not share:
        await interaction.edit_original_response(content=done)


@history_group.command(name="replay", description="A game as an animated picture")
@app_commands.describe(game=GAME, share="post it for everyone")
@app_commands.autocomplete(game=game_numbers)
async def replay(interaction: discord.Interaction, game: int | None = None, share: bool = False) -> None:
    rooms, words = rooms_for(interaction), reader_words(interaction)
    await think_privately(interaction)
    record = await rooms.history.game(interaction.guild_id, interaction.channel_id, game, words=words)
    await interaction.edit_original_response(content=rooms.history.replay_working(record, words=words))
    # a shared replay is a post of the game's channel: its caption in the game's language
    answer = await rooms.history.replay(record, words=game_words(record) if share else words)
    await send(interaction, answer, share=share, done=words.gettext(REPLAY_DONE))


@history_group.command(name="export", description="A finished game's record, as a text file")
@app_commands.describe(game=GAME)
@app_commands.autocomplete(game=game_numbers)
async def export(interaction: discord.Interaction, game: int | None = None) -> None:
    rooms, words = rooms_for(interaction), reader_words(interaction)
    await think_privately(interaction)
    record = await rooms.history.game(interaction.guild_id, interaction.channel_id, game, words=words)
    await send(interaction, await rooms.history.export(record, words=words))


@history_group.command(name="analyse", description="A finished game's costliest moves, seat by seat")
@app_commands.describe(game=GAME, share="post it for everyone")
@app_commands.autocomplete(game=game_numbers)
async def analyse(interaction: discord.Interaction, game: int | None = None, share: bool = False) -> None:
    rooms, words = rooms_for(interaction), reader_words(interaction)
    await think_privately(interaction)
    record = await rooms.history.game(interaction.guild_id, interaction.channel_id, game, words=words)
    rooms.history.analysable(record, words=words)

    async def progress(percent: int) -> None:
        await interaction.edit_original_response(content=analyse_working(record.id, percent, words))

    await progress(0)
    answers = await rooms.history.analyse(record, progress, words=game_words(record) if share else words)
    done = SHARED if share else ANALYSIS_DONE
    await interaction.edit_original_response(content=words.gettext(done))
    for answer in answers:
        files = [discord.File(io.BytesIO(a.data), a.filename) for a in answer.files]
        await interaction.followup.send(answer.text, files=files, ephemeral=not share)


@history_group.command(name="stats", description="A player's results on this server")
@app_commands.describe(user="default: you")
async def stats(interaction: discord.Interaction, user: discord.User | None = None) -> None:
    rooms, words = rooms_for(interaction), reader_words(interaction)
    await think_privately(interaction)
    if user is not None and user.bot:
        raise UserError(BOT_HAS_NO_STATS)
    member = user or interaction.user
    rooms.directory.remember(member)
    text = await rooms.history.stats(interaction.guild_id or 0, Player.person(member.id), words=words)
    await send(interaction, Answer(text))


@history_group.command(name="leaderboard", description="This server's ratings")
@app_commands.describe(page="2: ranks 11-20")
async def leaderboard(interaction: discord.Interaction, page: int = 1) -> None:
    rooms, words = rooms_for(interaction), reader_words(interaction)
    if page < 1:
        raise UserError(LEADERBOARD_PAGES)
    await think_privately(interaction)
    answer = await rooms.history.leaderboard(
        interaction.guild_id or 0, page, interaction.user.id, words=words
    )
    await send(interaction, answer)


@history_group.command(name="games", description="This server's games")
async def games(interaction: discord.Interaction) -> None:
    rooms, words = rooms_for(interaction), reader_words(interaction)
    await think_privately(interaction)
    await send(interaction, Answer(await rooms.history.server_games(interaction.guild_id or 0, words=words)))


@history_group.command(name="mygames", description="Your games on every server, awaited first")
async def mygames(interaction: discord.Interaction) -> None:
    rooms, words = rooms_for(interaction), reader_words(interaction)
    await think_privately(interaction)
    await send(interaction, Answer(await rooms.history.my_games(interaction.user.id, words=words)))
