"""Move commands: /te tile, leader, withdraw, catastrophe, swap, pass, choose and undo. Each one turns its
options into notation and plays it through the one action path; no rule lives here."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.computer import move_seed
from bot.core import UserError, reader_words
from bot.play import parse_action, seat_of_player
from bot.surface.autocomplete import (
    catastrophe_squares,
    decision_choices,
    leader_squares,
    refuse_explained,
    swap_choices,
    tile_squares,
)
from bot.surface.common import rooms_for, think_privately
from bot.texts import ClosingNote, move_words
from i18n import N_
from i18n.hints import hint_words

# Each command names the piece its colour stands for; the names are short because the whole /te tree must
# stay within Discord's size limit (tests/bot/test_command_tree.py).
TILE_COLOURS = [
    app_commands.Choice(name="red temple", value="red"),
    app_commands.Choice(name="blue farm", value="blue"),
    app_commands.Choice(name="green market", value="green"),
    app_commands.Choice(name="black settlement", value="black"),
]
LEADER_COLOURS = [
    app_commands.Choice(name="red priest", value="red"),
    app_commands.Choice(name="blue farmer", value="blue"),
    app_commands.Choice(name="green trader", value="green"),
    app_commands.Choice(name="black king", value="black"),
]


async def play(interaction: discord.Interaction, text: str) -> None:
    """Every move command: the engine validates it again, whatever autocomplete offered."""
    rooms = rooms_for(interaction)
    await think_privately(interaction)
    refuse_explained(text)
    typed = text.split()
    if not typed:
        raise UserError("Say what to play, like: tile red e5, or commit 2.")
    record = await rooms.games.playing_here(interaction.channel_id)
    await seat_of_player(rooms.store, record, interaction.user.id)
    action = parse_action(text)
    await rooms.actions.act(
        record.id,
        action,
        user_id=interaction.user.id,
        sent_at=interaction.created_at,
        note=ClosingNote(N_("With /te choose, you chose: {choice}.")),
    )
    words = reader_words(interaction)
    done = words.gettext("Done: {action}.", action=move_words(words, action.text))
    await interaction.followup.send(done, ephemeral=True)


@app_commands.command(name="tile", description="Place a civilization tile from your hand")
@app_commands.describe(color="the tile's colour", square="where, like E5")
@app_commands.choices(color=TILE_COLOURS)
@app_commands.autocomplete(square=tile_squares)
async def tile(interaction: discord.Interaction, color: app_commands.Choice[str], square: str) -> None:
    await play(interaction, f"tile {color.value} {square}")


@app_commands.command(name="leader", description="Place or move one of your leaders")
@app_commands.describe(color="the leader's colour", square="where, like E5 (next to a temple)")
@app_commands.choices(color=LEADER_COLOURS)
@app_commands.autocomplete(square=leader_squares)
async def leader(interaction: discord.Interaction, color: app_commands.Choice[str], square: str) -> None:
    await play(interaction, f"leader {color.value} {square}")


@app_commands.command(name="withdraw", description="Take one of your leaders off the board")
@app_commands.describe(color="the leader's colour")
@app_commands.choices(color=LEADER_COLOURS)
async def withdraw(interaction: discord.Interaction, color: app_commands.Choice[str]) -> None:
    await play(interaction, f"withdraw {color.value}")


@app_commands.command(name="catastrophe", description="Play a catastrophe tile")
@app_commands.describe(square="where, like E5")
@app_commands.autocomplete(square=catastrophe_squares)
async def catastrophe(interaction: discord.Interaction, square: str) -> None:
    await play(interaction, f"catastrophe {square}")


@app_commands.command(name="swap", description="Discard 1–6 tiles and draw as many")
@app_commands.describe(tiles="like: red red blue")
@app_commands.autocomplete(tiles=swap_choices)
async def swap(interaction: discord.Interaction, tiles: str) -> None:
    await play(interaction, f"swap {tiles}")


@app_commands.command(name="pass", description="End your turn now")
async def pass_turn(interaction: discord.Interaction) -> None:
    await play(interaction, "pass")


@app_commands.command(name="choose", description="Answer the decision that waits for you")
@app_commands.describe(option="like: commit 2, war red, treasure b2, decline")
@app_commands.autocomplete(option=decision_choices)
async def choose(interaction: discord.Interaction, option: str) -> None:
    await play(interaction, option)


@app_commands.command(
    name="undo",
    description="Take back your last action of this turn, if allowed",
)
async def undo(interaction: discord.Interaction) -> None:
    """R32: the engine and the store decide; a refusal says why in one sentence."""
    rooms = rooms_for(interaction)
    await think_privately(interaction)
    record = await rooms.games.playing_here(interaction.channel_id)
    taken = await rooms.actions.take_back(record.id, interaction.user.id, sent_at=interaction.created_at)
    words = reader_words(interaction)
    taken_back = words.gettext("Taken back: {action}.", action=move_words(words, taken))
    await interaction.followup.send(taken_back, ephemeral=True)


HINTS_OFF = N_(
    "Hints are off in this game: they are allowed when a game is opened with `/te new hints: true`."
)
NOTHING_TO_HINT = N_("Nothing waits for you now: ask for a hint on your turn or when a choice is yours.")


@app_commands.command(name="hint", description="Suggest a move (if hints are on)")
async def hint(interaction: discord.Interaction) -> None:
    """The normal computer player's move for the caller, with one line of why, only to them."""
    rooms = rooms_for(interaction)
    await think_privately(interaction)
    record = await rooms.games.playing_here(interaction.channel_id)
    seat = await seat_of_player(rooms.store, record, interaction.user.id)
    if not record.options.hints:
        raise UserError(HINTS_OFF)
    if record.seat_to_act != seat or record.seed is None:
        raise UserError(NOTHING_TO_HINT)
    game = record.game()
    suggestion = await rooms.computer.hint(game, seat, move_seed(record.seed, record.version, seat))
    said = hint_words(suggestion.action, suggestion.why, reader_words(interaction))
    await interaction.followup.send(said, ephemeral=True)


COMMANDS: tuple[app_commands.Command[Any, ..., None], ...] = (
    tile,
    leader,
    withdraw,
    catastrophe,
    swap,
    pass_turn,
    choose,
    undo,
    hint,
)
