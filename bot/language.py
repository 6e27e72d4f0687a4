"""Which language each reader gets (issue 19).

- A game's channel posts and its board picture: the game's language, chosen with ``/te new language:``;
  by default the server's preferred locale when the bot speaks it, else English.
- A person's private replies, autocomplete labels and DMs: their choice (``/te settings language:``), else
  the Discord locale of their latest interaction (kept in storage, so that a deadline's DM has it), else the
  game's language.

The surface resolves the reader of each interaction once and leaves the words in ``interaction.extras``
(``bot.core.reader_words`` reads them); DMs sent with no interaction at hand use ``people_words``.
"""

from __future__ import annotations

from collections.abc import Iterable

from i18n import DEFAULT_LANGUAGE, Language, Words, from_discord, parse_language, words_for
from storage import GameRecord, PersonLanguage, Store


def person_language(person: PersonLanguage | None, game_language: str | None = None) -> Language:
    """A person's language: their choice, else their Discord locale, else the game's, else English."""
    if person is not None:
        chosen = parse_language(person.chosen) or from_discord(person.discord_locale)
        if chosen is not None:
            return chosen
    return parse_language(game_language) or DEFAULT_LANGUAGE


def new_game_language(chosen: str | None, guild_locale: object) -> Language:
    """A new game's language: ``/te new language:`` (``auto`` or absent: the server's preferred locale when
    the bot speaks it), else English."""
    return parse_language(chosen) or from_discord(guild_locale) or DEFAULT_LANGUAGE


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
