"""Commands named in a text as the reader's Discord shows them (issue 19).

The command tree is localised (``bot.surface.translator``): a German client lists ``/te brett``, not
``/te board``, and its options and choices in German too. So a text that tells a person what to type names
the command as their client offers it. A message writes the command as a ``{placeholder}`` and the caller
fills it with ``command(...)``; the names come from the same catalogue entries the tree is translated with,
so the two never disagree.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping

from i18n import Words

# The catalogue contexts of the tree's words (bot.surface.translator.context_of).
_GROUP = "discord group_name"
_COMMAND = "discord command_name"
_OPTION = "discord parameter_name"
_CHOICE = "discord choice_name"


def command(typed: str, words: Words) -> str:
    """A command as typed in English, in the reader's client: '/te rules topic: ratings' → '/te regeln
    thema: Wertungszahlen'; 'seat away' → 'platz abwesend'; 'buildings: true' → 'gebäude: true'.

    Words before the first option are the command's path (the last one the command, the others its
    groups); an option's value is shown as its choice's name (a value that is no choice, like ``true`` or
    a number, stays)."""
    tokens = typed.split(" ")
    path_end = next((i for i, token in enumerate(tokens) if token.endswith(":")), len(tokens))
    shown = []
    for i, token in enumerate(tokens):
        slash = "/" if token.startswith("/") else ""
        word = token.removeprefix("/").removesuffix(":")
        if i < path_end:
            context = _COMMAND if i == path_end - 1 else _GROUP
            shown.append(slash + words.pgettext(context, word))
        elif token.endswith(":"):
            shown.append(words.pgettext(_OPTION, word) + ":")
        else:
            shown.append(choice(word, words))
    return " ".join(shown)


def choice(value: str, words: Words) -> str:
    """An option's value as the reader's client lists it among the choices ("ratings" → "Wertungszahlen")."""
    return words.pgettext(_CHOICE, value)


def code(typed: str, words: Words) -> str:
    """``command`` in backticks, as texts show a command."""
    return f"`{command(typed, words)}`"


def placeholder(typed: str) -> str:
    """The name of a command's placeholder in a message: '/te seat away' → 'te_seat_away'."""
    return re.sub(r"\W+", "_", typed).strip("_")


def commands(typed: Iterable[str], words: Words) -> Mapping[str, str]:
    """The placeholders of the commands ``typed``, filled for the reader."""
    return {placeholder(text): code(text, words) for text in typed}
