"""Loading the catalogues and looking words up.

The ``.po`` sources are read with Babel and compiled in memory once per process (no build step, no ``.mo``
files to keep in step); a lookup afterwards is a dictionary read, so switching language per reader costs
nothing measurable.
"""

from __future__ import annotations

import gettext
import io
import re
import string
from collections.abc import Mapping
from functools import cache
from pathlib import Path
from typing import Final, Literal, NamedTuple, get_args

from babel.core import Locale
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.numbers import format_decimal

Language = Literal["en", "de", "fr", "es", "pt-BR"]
LANGUAGES: Final[tuple[Language, ...]] = get_args(Language)
DEFAULT_LANGUAGE: Final[Language] = "en"
SOURCE_LANGUAGE: Final[Language] = "en"  # the language the messages are written in, with no catalogue

LOCALES_DIR = Path(__file__).parent / "locales"

# Each language's own name, as a person looking for it in a list of choices reads it.
_NAMES: Final[Mapping[Language, str]] = {
    "en": "English",
    "de": "Deutsch",
    "fr": "Français",
    "es": "Español",
    "pt-BR": "Português (Brasil)",
}

# Discord's locales (discord.Locale values) that one of the languages serves.
_DISCORD: Final[Mapping[str, Language]] = {
    "en-US": "en",
    "en-GB": "en",
    "de": "de",
    "fr": "fr",
    "es-ES": "es",
    "es-419": "es",
    "pt-BR": "pt-BR",
}


class PluralPair(NamedTuple):
    """A plural message marked with ``Nn_`` and translated where it is shown."""

    singular: str
    plural: str


def parse_language(text: str | None) -> Language | None:
    """A language code as stored or chosen (``"pt-BR"``; case and ``_`` forgiven), or None."""
    if not text:
        return None
    wanted = text.strip().replace("_", "-").lower()
    return next((code for code in LANGUAGES if code.lower() == wanted), None)


def from_discord(locale: object) -> Language | None:
    """The language serving a Discord locale (a ``discord.Locale`` or its value), or None if none does."""
    value = getattr(locale, "value", locale)
    return _DISCORD.get(value) if isinstance(value, str) else None


def language_name(language: Language) -> str:
    return _NAMES[language]


def catalogue_dir(language: Language) -> Path:
    """The folder of a language's catalogue: gettext's naming (``pt_BR``)."""
    return LOCALES_DIR / language.replace("-", "_")


def read_catalogue(language: Language) -> Catalog:
    """A language's catalogue: every ``.po`` file of its folder read as one (areas never share a message)."""
    locale = language.replace("-", "_")
    merged = Catalog(locale=locale)
    for path in sorted(catalogue_dir(language).glob("*.po")):
        with path.open("rb") as source:
            part = read_po(source, locale=locale)
        for message in part:
            if message.id:
                merged[message.id] = message
    return merged


class Words:
    """Every message in one language. Messages use ``str.format`` placeholders by name."""

    def __init__(self, language: Language, translations: gettext.NullTranslations) -> None:
        self.language: Final = language
        self._translations = translations

    def __repr__(self) -> str:
        return f"Words({self.language!r})"

    def __reduce__(self) -> tuple[object, tuple[str]]:
        """Pickled as its language: work sent to a worker process (a replay) finds the same catalogue there.
        Its translations cannot be pickled (gettext compiles the plural rule into a function)."""
        return (words_for, (self.language,))

    @property
    def locale(self) -> str:
        """The language's locale for Babel's number, list and plural data ("pt_BR")."""
        return self.language.replace("-", "_")

    def number(self, value: float) -> str:
        """A number as the reader writes it, with no trailing zeros: "0.5", "0,5" (up to 3 decimals)."""
        return format_decimal(value, locale=self.locale)

    def count(self, value: float) -> int:
        """The ``n`` to give ``ngettext`` for a number that may have decimals: a whole number is itself; a
        fraction takes the form the language's CLDR plural rule gives it ("0.5 minutes", "0,5 Minuten", but
        "0,5 minute" in French and "0,5 minuto" in Brazilian Portuguese), as 1 (the "one" form) or 2 (the
        other form): every catalogue has these two forms (``Plural-Forms: nplurals=2``)."""
        if value == int(value):
            return int(value)
        return 1 if Locale.parse(self.locale).plural_form(value) == "one" else 2

    def gettext(self, message: str, /, **params: object) -> str:
        return self._fill(self._translations.gettext(message), params)

    def ngettext(self, singular: str, plural: str, n: int, /, **params: object) -> str:
        return self._fill(self._translations.ngettext(singular, plural, n), {"n": n, **params})

    def pgettext(self, context: str, message: str, /, **params: object) -> str:
        return self._fill(self._translations.pgettext(context, message), params)

    def npgettext(self, context: str, singular: str, plural: str, n: int, /, **params: object) -> str:
        return self._fill(self._translations.npgettext(context, singular, plural, n), {"n": n, **params})

    def _fill(self, template: str, params: Mapping[str, object]) -> str:
        if not params:
            return template
        if self.language == "fr":
            template = french_elisions(template, params)
        return template.format_map(params)

    def plural(self, pair: PluralPair, n: int, /, **params: object) -> str:
        """A plural pair marked with ``Nn_``."""
        return self.ngettext(pair.singular, pair.plural, n, **params)


# French elides "de", "que", "le" and "la" before a word that starts with a vowel sound: "le roi d'Anna".
# A name (a player's, a bot's, a server's) or a term comes into a message through a placeholder, so the
# elision is made where it is filled in, by the word the translator wrote just before it; the filled-in
# text itself is never changed.
_ELIDABLE = re.compile(r"(?<![\w'’])(de|que|le|la) \{(\w+)\}", re.IGNORECASE)
_VOWELS = frozenset("aeiouyàâäéèêëîïôöùûüÿæœ")
_MARKUP = "*_~|"  # Discord's markdown, which may wrap a name: "**Anna**"


def elides(text: object) -> bool:
    """Whether French elides the word before ``text``: it starts (after markdown) with a vowel, a e i o u y
    or an accented one, never "h"; a "y" before a vowel is a consonant ("de Yann", as "le yaourt"), before
    anything else a vowel ("d'Yves"); a square's name ("E5") or a number is read as a code, not elided."""
    if not isinstance(text, str):
        return False
    word = text.lstrip(_MARKUP).lower()
    if word[:1] == "y" and word[1:2] in _VOWELS:
        return False
    return word[:1] in _VOWELS and not word[1:2].isdigit()


def french_elisions(template: str, params: Mapping[str, object]) -> str:
    """A French message's "de {name}" written "d'{name}" (and "qu'", "l'") where the value filled in
    elides it."""

    def elided(found: re.Match[str]) -> str:
        word, name = found.groups()
        return f"{word[:-1]}'{{{name}}}" if elides(params.get(name)) else found.group(0)

    return _ELIDABLE.sub(elided, template)


@cache
def words_for(language: Language | str | None) -> Words:
    """The words of a language (English for None or a code that is not one of ours). Loaded once."""
    code = parse_language(language) or DEFAULT_LANGUAGE
    if code == SOURCE_LANGUAGE:
        return Words(code, gettext.NullTranslations())
    compiled = io.BytesIO()
    write_mo(compiled, read_catalogue(code))
    compiled.seek(0)
    return Words(code, gettext.GNUTranslations(compiled))


def placeholders(message: str) -> frozenset[str]:
    """The names of a message's ``{placeholders}`` (what a translation must keep, no more, no fewer)."""
    return frozenset(name for _, name, _, _ in string.Formatter().parse(message) if name)
