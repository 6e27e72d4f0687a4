"""Autocomplete for the move commands: the legal choices of the user the game here waits on. A hint only;
every move is checked again when it is played.

Squares come most relevant first, each labelled with what it would do (``bot.squares``: the engine plays
each on a copy). Discord asks again at every keystroke, so the labelled list of a position is kept
(``_labelled``, keyed by the position itself) and each keystroke only filters it.

A list that would be empty says why instead, in one entry that cannot be played ("It is bob's turn.", "You
hold no settlements."): its value carries ``texts.NO_CHOICE`` and the reason, which the move commands
refuse with (``refuse_explained``).
"""

from __future__ import annotations

import asyncio
from functools import lru_cache

import discord
from discord import app_commands

from bot import texts
from bot.core import UserError, reader_words
from bot.play import DECISION_KINDS
from bot.squares import MAX_LABEL, SquareChoice, matching, square_choices
from bot.surface.common import rooms_for
from bot.texts import NO_CHOICE, choice_label
from engine import COLOURS, Action, Phase, load, player_view, public_view
from i18n import Words, words_for
from i18n.terms import tile_count
from storage import GameRecord, Status

Choices = list[app_commands.Choice[str]]
MAX_CHOICES = 25  # Discord shows at most 25


async def _awaiting(interaction: discord.Interaction) -> GameRecord | None:
    """The game here, if it waits on the user; else None."""
    record = await _game_here(interaction)
    if record is None or record.status is not Status.PLAYING or record.user_to_act != interaction.user.id:
        return None
    return record


async def _game_here(interaction: discord.Interaction) -> GameRecord | None:
    return await rooms_for(interaction).store.game_in_channel(interaction.channel_id or 0)


def explained(reason: str) -> Choices:
    """The one entry of a list that would be empty: why, and a value that cannot be played."""
    return [app_commands.Choice(name=reason[:MAX_LABEL], value=f"{NO_CHOICE}{reason}"[:MAX_LABEL])]


def refuse_explained(text: str) -> None:
    """A move command sent with an autocomplete entry that explains an empty list: refused with its reason."""
    if NO_CHOICE in text:
        raise UserError(text.split(NO_CHOICE, 1)[1].strip() or texts.NOTHING_TO_PLAY)


async def _why_nothing(interaction: discord.Interaction, kind: str, typed: str) -> str:
    """Why the list of ``kind`` (a square kind, ``swap`` or ``choose``) is empty for the user, in one
    sentence: no game, not their turn, a decision or a turn instead, no such piece, nothing that matches."""
    words = reader_words(interaction)
    record = await _game_here(interaction)
    if record is None or record.status is not Status.PLAYING or record.position is None:
        return words.gettext(texts.NO_GAME_HERE_NOW)
    seat = record.seat_of(interaction.user.id)
    if seat is None:
        return words.gettext(texts.NOT_SEATED_HERE)
    game = await asyncio.to_thread(record.game)
    to_act = game.to_act
    if to_act is None:
        return words.gettext(texts.NO_GAME_HERE_NOW)
    if to_act != seat:
        directory = rooms_for(interaction).directory
        holder = record.user_at(to_act)
        name = None if holder is None else directory.known_name(record.guild_id, holder)
        bots = texts.computer_names(record.seats)
        someone = name or bots.get(to_act) or words.gettext("another player")
        return texts.whose_wait(words, someone, game.phase is Phase.ACTION)
    if kind == "choose":
        if game.phase is Phase.ACTION:
            return words.gettext(texts.NOTHING_TO_CHOOSE)
        return texts.nothing_matches(words, typed)
    if game.phase is not Phase.ACTION:
        return words.gettext(texts.DECISION_FIRST)
    colour = getattr(interaction.namespace, "color", None)
    colour = colour if isinstance(colour, str) else None
    return texts.why_no_square(words, player_view(game, seat), kind, colour, typed)


async def legal_for(interaction: discord.Interaction) -> list[Action]:
    """The legal actions of the user, if the game here waits on them; else none."""
    record = await _awaiting(interaction)
    return [] if record is None else (await asyncio.to_thread(record.game)).legal_actions()


@lru_cache(maxsize=32)
def _labelled(
    position: str, kind: str, names: tuple[str, ...], colour: str | None, language: str
) -> tuple[SquareChoice, ...]:
    game = load(position)
    if game.phase is not Phase.ACTION or game.to_act is None:
        return ()
    return tuple(square_choices(words_for(language), game, game.to_act, kind, names, colour))


async def _squares_for(interaction: discord.Interaction, kind: str, current: str) -> Choices:
    record = await _awaiting(interaction)
    found: Choices = []
    if record is not None and record.position is not None:
        words = reader_words(interaction)  # the labels, and the names Discord will not give ("Spieler 2")
        names = tuple(await rooms_for(interaction).directory.names_for(record, words))
        colour = getattr(interaction.namespace, "color", None)
        colour = colour if isinstance(colour, str) else None
        language = words.language
        choices = await asyncio.to_thread(_labelled, record.position, kind, names, colour, language)
        found = [
            app_commands.Choice(name=c.label, value=c.name) for c in matching(choices, current)[:MAX_CHOICES]
        ]
    return found or explained(await _why_nothing(interaction, kind, current))


async def tile_squares(interaction: discord.Interaction, current: str) -> Choices:
    return await _squares_for(interaction, "tile", current)


async def leader_squares(interaction: discord.Interaction, current: str) -> Choices:
    return await _squares_for(interaction, "leader", current)


async def catastrophe_squares(interaction: discord.Interaction, current: str) -> Choices:
    return await _squares_for(interaction, "catastrophe", current)


def swap_label(words: Words, action: Action) -> str:
    """A swap as the reader says it, with the notation it sends: '2 templos e 1 fazenda (red red blue)'."""
    assert action.tiles is not None
    counts = [tile_count(words, c, action.tiles[c]) for c in COLOURS if action.tiles[c]]
    return f"{texts.and_list(words, counts)} ({action.text.removeprefix('swap ')})"[:MAX_LABEL]


async def swap_choices(interaction: discord.Interaction, current: str) -> Choices:
    """The swaps the user may make, named in their words; typing filters by the notation or the words."""
    typed = " ".join(current.casefold().split())
    words = reader_words(interaction)
    options = [
        (a.text.removeprefix("swap "), swap_label(words, a))
        for a in await legal_for(interaction)
        if a.kind == "swap"
    ]
    matching_options = [o for o in options if o[0].startswith(typed)] or [
        o for o in options if typed in o[0] or typed in o[1].casefold()
    ]
    matching_options.sort(key=lambda o: len(o[0]))
    found = [app_commands.Choice(name=label, value=o) for o, label in matching_options[:MAX_CHOICES]]
    return found or explained(await _why_nothing(interaction, "swap", current))


async def decision_choices(interaction: discord.Interaction, current: str) -> Choices:
    """The decision's choices, labelled as its prompt's buttons are, with their notation."""
    typed = current.lower().strip()
    record = await _awaiting(interaction)
    out = []
    if record is not None:
        game = await asyncio.to_thread(record.game)
        if game.phase not in (Phase.ACTION, Phase.OVER):
            view = public_view(game)
            for action in game.legal_actions():
                if action.kind in DECISION_KINDS and typed in action.text:
                    label = f"{choice_label(reader_words(interaction), action, view)} ({action.text})"
                    out.append(app_commands.Choice(name=label, value=action.text))
    return out[:MAX_CHOICES] or explained(await _why_nothing(interaction, "choose", current))
