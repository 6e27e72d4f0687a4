"""The words people read, in their language: gettext catalogues (Babel) for English, German, French, Spanish
and Brazilian Portuguese.

English is the source: every message is written in English in the code, marked for extraction, and each other
language has a catalogue of translations (``i18n/locales/<language>/*.po``, one file per area of the bot, read
together as that language's one catalogue). A sixth language needs only a new folder of catalogues and its
code in ``LANGUAGES``.

How code marks a message (Babel's extractor finds these; never build a message with an f-string or ``+ "s"``):

- ``words.gettext("It is {name}'s turn.", name=name)``: a sentence, with named ``{placeholders}``;
- ``words.ngettext("{n} tile", "{n} tiles", n)``: plural forms come from the catalogue (``{n}`` is the count);
- ``words.pgettext("command", "tile")``: the same English word with two meanings gets a context;
- ``N_("No game is in play here.")`` marks a constant that is translated where it is shown
  (``words.gettext(NO_GAME_HERE)``), and ``Nn_(singular, plural)`` does the same for a plural pair.

The engine and the computer players never produce words: they give codes with parameters, which the bot
and the pictures turn into a message here.
"""

from __future__ import annotations

from i18n.catalogues import (
    DEFAULT_LANGUAGE,
    LANGUAGES,
    Language,
    PluralPair,
    Words,
    from_discord,
    language_name,
    parse_language,
    words_for,
)


def N_(message: str) -> str:
    """Mark a message for extraction; it is translated where it is shown."""
    return message


def Nn_(singular: str, plural: str) -> PluralPair:
    """Mark a plural pair for extraction; ``words.plural(pair, n)`` translates it where it is shown."""
    return PluralPair(singular, plural)


__all__ = [
    "DEFAULT_LANGUAGE",
    "LANGUAGES",
    "N_",
    "Language",
    "Nn_",
    "PluralPair",
    "Words",
    "from_discord",
    "language_name",
    "parse_language",
    "words_for",
]
