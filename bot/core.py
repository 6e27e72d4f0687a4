"""Tiny helpers every bot room shares: the expected refusal, the clock, and private answers.

Imports no other bot module, so any room can use it.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from datetime import datetime
from typing import Any

import discord

from bot import metrics
from engine import EngineError
from i18n import N_, Words, from_discord, words_for
from i18n.refusals import refusal_words
from storage import DatabaseFullError, DatabaseUnusableError

log = logging.getLogger("bot")

# Read the time only through this (discord.utils.utcnow in production): simcord's virtual clock moves it.
Clock = Callable[[], datetime]

APOLOGY = N_("Sorry, something went wrong; the game is as it was before.")
# A database that fails at run time (disk full, file damaged or locked): every write is whole, so the
# command that met it saved nothing.
STORAGE_TROUBLE = N_(
    "Sorry, the bot could not use its database just now, so nothing was saved; try again later."
)
# A full disk is told as such: whoever runs the bot frees space (no backup is needed), then it goes on.
STORAGE_FULL = N_(
    "Sorry, the disk that holds the bot's games is full, so nothing was saved; once whoever runs the bot "
    "frees some space, try again."
)


class UserError(Exception):
    """An expected refusal: one sentence for the user who asked, shown privately in their language.

    ``message`` is an English catalogue message (a literal here, or a constant marked with ``N_``) with named
    ``{placeholders}`` filled from ``params``; ``str()`` is the English sentence, for logs."""

    def __init__(self, message: str, /, **params: object) -> None:
        super().__init__(message.format_map(params) if params else message)
        self.message = message
        self.params = params

    def words(self, words: Words) -> str:
        """The sentence in the reader's language."""
        return words.gettext(self.message, **self.params)


class Refused(UserError):
    """The engine's refusal (an illegal action, an undo R32 refuses, notation it cannot read): its reason is
    worded for the reader (``i18n.refusals``); ``names`` word the seats' names for a reader (a leader's owner
    is named, and a seat Discord will not name is "player 2" in the reader's language)."""

    def __init__(self, error: EngineError, names: Callable[[Words], Sequence[str]] | None = None) -> None:
        self.error = error
        self.names = names
        super().__init__(self.words(words_for(None)))

    def words(self, words: Words) -> str:
        return refusal_words(self.error, words, self.names(words) if self.names else ())


# Where the surface leaves the reader's words for the rest of the interaction (``Interaction.extras``).
READER_WORDS = "reader_words"


def reader_words(interaction: discord.Interaction) -> Words:
    """The words of the person who sent the interaction: resolved by the surface when it arrived (their
    choice, else their Discord locale, else English); from the interaction's locale if it was not."""
    found = interaction.extras.get(READER_WORDS)
    return found if isinstance(found, Words) else words_for(from_discord(interaction.locale))


def unix_time(clock: Clock) -> int:
    return int(clock().timestamp())


async def reply_private(interaction: discord.Interaction, text: str, **kwargs: Any) -> None:
    """Answer only the user who asked, whether or not the interaction was answered already."""
    try:
        if interaction.response.is_done():
            await interaction.followup.send(text, ephemeral=True, **kwargs)
        else:
            await interaction.response.send_message(text, ephemeral=True, **kwargs)
    except discord.HTTPException:
        log.warning("could not answer interaction %s", interaction.id, exc_info=True)


async def answer_error(interaction: discord.Interaction, error: BaseException, where: str) -> None:
    """What the user is told when ``where`` (a command or a button) failed: an expected refusal as its
    sentence; a full disk as such; a database that failed otherwise, or anything else, as a short apology,
    with the traceback in the log.
    Nothing was saved by then (an action is saved last, and a failure after its save is logged where it
    happens)."""
    if isinstance(error, UserError):
        await reply_private(interaction, error.words(reader_words(interaction)))
        return
    storage = isinstance(error, DatabaseUnusableError)
    metrics.error("database" if storage else "command")
    log.error(
        "%s in %s by user %s in channel %s",
        "database error" if storage else "unexpected error",
        where,
        interaction.user.id,
        interaction.channel_id,
        exc_info=error,
    )
    if isinstance(error, DatabaseFullError):
        answer = STORAGE_FULL
    else:
        answer = STORAGE_TROUBLE if storage else APOLOGY
    await reply_private(interaction, reader_words(interaction).gettext(answer))
