"""Autocomplete for the move commands: the legal choices of the user the game here waits on. A hint only;
every move is checked again when it is played.

Squares come most relevant first, each labelled with what it would do (``bot.squares``: the engine plays
each on a copy). Discord asks again at every keystroke, so the labelled list of a position is kept
(``_labelled``, keyed by the position itself) and each keystroke only filters it.
"""

from __future__ import annotations

import asyncio
from functools import lru_cache

import discord
from discord import app_commands

from bot.play import DECISION_KINDS
from bot.squares import SquareChoice, matching, square_choices
from bot.surface.common import rooms_for
from bot.texts import choice_label
from engine import Action, Phase, load, public_view
from storage import GameRecord, Status

Choices = list[app_commands.Choice[str]]
MAX_CHOICES = 25  # Discord shows at most 25


async def _awaiting(interaction: discord.Interaction) -> GameRecord | None:
    """The game here, if it waits on the user; else None."""
    rooms = rooms_for(interaction)
    record = await rooms.store.game_in_channel(interaction.channel_id or 0)
    if record is None or record.status is not Status.PLAYING or record.user_to_act != interaction.user.id:
        return None
    return record


async def legal_for(interaction: discord.Interaction) -> list[Action]:
    """The legal actions of the user, if the game here waits on them; else none."""
    record = await _awaiting(interaction)
    return [] if record is None else (await asyncio.to_thread(record.game)).legal_actions()


@lru_cache(maxsize=32)
def _labelled(
    position: str, kind: str, names: tuple[str, ...], colour: str | None
) -> tuple[SquareChoice, ...]:
    game = load(position)
    if game.phase is not Phase.ACTION or game.to_act is None:
        return ()
    return tuple(square_choices(game, game.to_act, kind, names, colour))


async def _squares_for(interaction: discord.Interaction, kind: str, current: str) -> Choices:
    record = await _awaiting(interaction)
    if record is None or record.position is None:
        return []
    names = tuple(await rooms_for(interaction).directory.names_for(record))
    colour = getattr(interaction.namespace, "color", None)
    colour = colour if isinstance(colour, str) else None
    choices = await asyncio.to_thread(_labelled, record.position, kind, names, colour)
    return [app_commands.Choice(name=c.label, value=c.name) for c in matching(choices, current)[:MAX_CHOICES]]


async def tile_squares(interaction: discord.Interaction, current: str) -> Choices:
    return await _squares_for(interaction, "tile", current)


async def leader_squares(interaction: discord.Interaction, current: str) -> Choices:
    return await _squares_for(interaction, "leader", current)


async def catastrophe_squares(interaction: discord.Interaction, current: str) -> Choices:
    return await _squares_for(interaction, "catastrophe", current)


async def swap_choices(interaction: discord.Interaction, current: str) -> Choices:
    typed = " ".join(current.lower().split())
    options = [a.text.removeprefix("swap ") for a in await legal_for(interaction) if a.kind == "swap"]
    matching_options = [o for o in options if o.startswith(typed)] or [o for o in options if typed in o]
    matching_options.sort(key=len)
    return [app_commands.Choice(name=o, value=o) for o in matching_options[:MAX_CHOICES]]


async def decision_choices(interaction: discord.Interaction, current: str) -> Choices:
    """The decision's choices, labelled as its prompt's buttons are, with their notation."""
    typed = current.lower().strip()
    record = await _awaiting(interaction)
    if record is None:
        return []
    game = await asyncio.to_thread(record.game)
    if game.phase in (Phase.ACTION, Phase.OVER):
        return []
    view = public_view(game)
    out = []
    for action in game.legal_actions():
        if action.kind in DECISION_KINDS and typed in action.text:
            label = f"{choice_label(action, view)} ({action.text})"
            out.append(app_commands.Choice(name=label, value=action.text))
    return out[:MAX_CHOICES]
