"""Which language each reader gets (issue 19).

- A game's channel posts and its board picture: the game's language, chosen with ``/te new language:``;
  by default the server's preferred locale when the bot speaks it (the creator's on a server that reports
  US English, which is what a server that never chose one reports), else English.
- A person's private replies, autocomplete labels and DMs: their choice (``/te settings language:``), else
  the Discord locale of their latest interaction (kept in storage, so that a deadline's DM has it), else the
  game's language.

The surface resolves the reader of each interaction once and leaves the words in ``interaction.extras``
(``bot.core.reader_words`` reads them); DMs sent with no interaction at hand use ``people_words``.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable

from i18n import DEFAULT_LANGUAGE, Language, Words, from_discord, language_name, parse_language, words_for
from storage import GameRecord, PersonLanguage, Store


def person_language(person: PersonLanguage | None, game_language: str | None = None) -> Language:
    """A person's language: their choice, else their Discord locale, else the game's, else English."""
    if person is not None:
        chosen = parse_language(person.chosen) or from_discord(person.discord_locale)
        if chosen is not None:
            return chosen
    return parse_language(game_language) or DEFAULT_LANGUAGE


# What Discord reports for a server that never chose a language (only Community servers can).
UNSET_SERVER_LOCALE = "en-US"


def new_game_language(chosen: str | None, guild_locale: object, creator_locale: object = None) -> Language:
    """A new game's language: ``/te new language:``; ``auto`` or absent: the server's preferred locale when
    the bot speaks it, except that a server reporting US English most likely never chose (German friends
    on their own server would read English posts), so there the creator's own Discord language; else
    English."""
    picked = parse_language(chosen)
    if picked is not None:
        return picked
    creator = from_discord(creator_locale)
    if creator is not None and getattr(guild_locale, "value", guild_locale) == UNSET_SERVER_LOCALE:
        return creator
    return from_discord(guild_locale) or creator or DEFAULT_LANGUAGE


def language_in_words(language: Language, words: Words) -> str:
    """A language's name as the reader says it ("Französisch"); a language added later by its own name."""
    said = {
        "en": words.pgettext("language", "English"),
        "de": words.pgettext("language", "German"),
        "fr": words.pgettext("language", "French"),
        "es": words.pgettext("language", "Spanish"),
        "pt-BR": words.pgettext("language", "Brazilian Portuguese"),
    }
    return said.get(language) or language_name(language)


def language_line(record: GameRecord, words: Words) -> str:
    """What the lobby and /te status say of a game's language (in the reader's words)."""
    return words.gettext(
        "This game posts in {language}; each player's replies and DMs follow `/te settings language:`.",
        language=language_in_words(parse_language(record.language) or DEFAULT_LANGUAGE, words),
    )


def game_words(record: GameRecord) -> Words:
    """The words of a game's channel posts and board picture."""
    return words_for(record.language)


async def people_words(
    store: Store, user_ids: Iterable[int], game_language: str | None = None
) -> dict[int, Words]:
    """Each person's words, in one query (for DMs sent at a deadline or after another person's move)."""
    wanted = list(dict.fromkeys(user_ids))
    known = await store.person_languages(wanted)
    return {user_id: words_for(person_language(known.get(user_id), game_language)) for user_id in wanted}


class Languages:
    """People's languages as the bot meets them: read from storage once a minute at most per person, and
    each person's Discord locale noted when it changes (so a DM at a deadline has it). One per process;
    a choice made in another process is seen within ``KEEP_SECONDS``."""

    KEEP_SECONDS = 60.0

    def __init__(self, store: Store, now: Callable[[], float] = time.monotonic) -> None:
        self._store = store
        self._now = now
        self._known: dict[int, tuple[float, PersonLanguage]] = {}

    async def person(self, user_id: int) -> PersonLanguage:
        kept = self._known.get(user_id)
        if kept is not None and self._now() - kept[0] < self.KEEP_SECONDS:
            return kept[1]
        found = await self._store.person_language(user_id)
        self._remember(user_id, found)
        return found

    async def reader(self, user_id: int, discord_locale: object, unix_now: int) -> Words:
        """The words of someone who just used the bot, noting their Discord locale if it changed."""
        person = await self.person(user_id)
        locale = getattr(discord_locale, "value", discord_locale)
        if isinstance(locale, str) and locale and locale != person.discord_locale:
            person = await self._store.set_person_language(user_id, unix_now, discord_locale=locale)
            self._remember(user_id, person)
        return words_for(person_language(person))

    async def choose(self, user_id: int, chosen: Language | None, unix_now: int) -> PersonLanguage:
        """``/te settings language:``: a language, or None for auto (follow Discord)."""
        person = await self._store.set_person_language(user_id, unix_now, chosen=chosen)
        self._remember(user_id, person)
        return person

    def _remember(self, user_id: int, person: PersonLanguage) -> None:
        if len(self._known) > 50_000:  # a bot on many servers: forget the oldest half, not everyone
            for stale in sorted(self._known, key=lambda uid: self._known[uid][0])[:25_000]:
                del self._known[stale]
        self._known[user_id] = (self._now(), person)
