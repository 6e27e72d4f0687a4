"""The /te command tree in the reader's language: Discord shows each person the names, descriptions and
choice names of their client's locale, sent with the commands at sync (``tree.set_translator``).

Every string of the tree is a catalogue message with a context naming its kind (``discord command_name``,
``discord parameter_description``, ...): "board" is a command and an option, and may read differently as
each. Values (what the bot receives) never change, only what a person reads.
"""

from __future__ import annotations

import discord
from discord import app_commands

from i18n import from_discord, words_for
from i18n.catalogues import SOURCE_LANGUAGE

# Discord's locales each of the bot's languages is offered in (es serves Spain and Latin America).
LOCALES = (discord.Locale.german, discord.Locale.french, discord.Locale.spain_spanish,
           discord.Locale.latin_american_spanish, discord.Locale.brazil_portuguese)  # fmt: skip


def context_of(location: app_commands.TranslationContextLocation) -> str:
    """The catalogue context of a tree string: ``discord command_name``, ``discord choice_name``, ..."""
    return f"discord {location.name}"


class CatalogueTranslator(app_commands.Translator):
    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        language = from_discord(locale)
        if language is None or language == SOURCE_LANGUAGE:
            return None  # Discord shows the English default
        # Sent even where it reads as in English ("status"): every language names every command.
        return words_for(language).pgettext(context_of(context.location), string.message)


class _Recorder(app_commands.Translator):
    """Answers nothing; notes every string the tree asks to translate, with its context."""

    def __init__(self) -> None:
        self.asked: set[tuple[str, str]] = set()

    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        self.asked.add((context_of(context.location), string.message))
        return None


async def tree_messages(tree: app_commands.CommandTree[discord.Client]) -> set[tuple[str, str]]:
    """Every (context, English text) the command tree shows a person: what each catalogue must translate."""
    recorder = _Recorder()
    for command in tree.get_commands():
        await command.get_translated_payload(tree, recorder)
    return recorder.asked


async def translated_payload(tree: app_commands.CommandTree[discord.Client]) -> list[dict[str, object]]:
    """The payload ``tree.sync()`` sends, with every localisation (for the limits test and the doctor)."""
    translator = CatalogueTranslator()
    return [await command.get_translated_payload(tree, translator) for command in tree.get_commands()]
