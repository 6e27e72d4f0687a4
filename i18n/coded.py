"""Codes with parameters (``engine.reasons``) in a reader's language: how one code is worded.

A code is worded by one message, or by one whole message per value of a parameter that changes the
sentence (a colour: "You have no temples (red)..." is four messages, never a colour word put into one), and
a count parameter picks a plural form. The other parameters fill the message's placeholders, so a
message's placeholders are exactly its code's parameters less the one that picks it (the count is ``{n}``);
``tests/i18n/test_coded.py`` checks that for every code.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass

from i18n.catalogues import PluralPair, Words, placeholders

Message = str | PluralPair


@dataclass(frozen=True)
class Said:
    """How one code is worded: ``messages`` is a message, or a message per value of the parameter ``by``;
    ``count`` names the parameter that is a plural message's ``{n}``."""

    messages: Message | Mapping[object, Message]
    by: str | None = None
    count: str | None = None

    def variants(self) -> Iterator[Message]:
        if isinstance(self.messages, Mapping):
            yield from self.messages.values()
        else:
            yield self.messages

    def placeholders_for(self, params: frozenset[str]) -> frozenset[str]:
        """The placeholders each message must have, for a code with these parameters."""
        named = params - {self.by, self.count}
        return named | {"n"} if self.count is not None else named

    def say(self, words: Words, params: Mapping[str, object], fill: Callable[[str, object], object]) -> str:
        """The message in ``words``, its placeholders filled by ``fill(name, value)``."""
        message = self.messages
        if isinstance(message, Mapping):
            assert self.by is not None
            message = message[params[self.by]]
        values = {
            name: fill(name, value) for name, value in params.items() if name not in (self.by, self.count)
        }
        if isinstance(message, PluralPair):
            assert self.count is not None
            count = params[self.count]
            assert isinstance(count, int)
            return words.plural(message, count, **values)
        return words.gettext(message, **values)


def message_placeholders(message: Message) -> frozenset[str]:
    if isinstance(message, PluralPair):
        return placeholders(message.singular) | placeholders(message.plural)
    return placeholders(message)
