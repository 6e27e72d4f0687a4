"""A message that names a command names it as its reader's Discord shows it: "/te plättchen" in German, never
the English "/te tile" (issue 19: the command tree is localised, so the words must follow it)."""

from __future__ import annotations

import re

import pytest

from i18n import LANGUAGES
from i18n.catalogues import SOURCE_LANGUAGE, read_catalogue

MENTION = re.compile(r"/te ([\w-]+)(?: ([\w-]+))?")


def command_names(language: str) -> tuple[dict[str, str], set[str]]:
    """English → localised command and group names, and the localised names of the groups."""
    catalogue = read_catalogue(language)  # type: ignore[arg-type]
    names = {}
    for message in catalogue:
        if message.context in ("discord command_name", "discord group_name") and message.string:
            names[message.id] = message.string
    groups = {names[g] for g in ("seat", "history") if g in names}
    return names, groups


def wrong_mentions(language: str) -> list[str]:
    names, groups = command_names(language)
    local = set(names.values())
    english_only = set(names) - local
    found = []
    for message in read_catalogue(language):  # type: ignore[arg-type]
        if not message.id or (message.context or "").startswith("discord "):
            continue
        forms = message.string if isinstance(message.string, tuple | list) else (message.string,)
        for form in forms:
            for first, second in MENTION.findall(form or ""):
                if first in english_only or first not in local:
                    found.append(f"{language}: /te {first} in {form!r}")
                elif first in groups and second and second in english_only:
                    found.append(f"{language}: /te {first} {second} in {form!r}")
    return found


@pytest.mark.parametrize("language", [code for code in LANGUAGES if code != SOURCE_LANGUAGE])
def test_messages_name_commands_as_the_reader_sees_them(language):
    found = wrong_mentions(language)
    assert not found, f"{len(found)}: " + "\n".join(found[:30])
