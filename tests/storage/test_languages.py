"""Issue 19: a game's language and each person's, as storage keeps them (both engines)."""

from __future__ import annotations

import pytest

from storage import DEFAULT_LANGUAGE, PersonLanguage


async def test_a_game_keeps_the_language_it_was_opened_in(store):
    english = await store.create_game(1, 10, 100, 1_000)
    assert english.language == DEFAULT_LANGUAGE == "en"
    french = await store.create_game(1, 11, 100, 1_000, language="fr")
    assert french.language == "fr"
    assert (await store.load_game(french.id)).language == "fr"
    with pytest.raises(ValueError):
        await store.create_game(1, 12, 100, 1_000, language="")


async def test_a_person_language_is_chosen_and_their_discord_locale_noted(store):
    assert await store.person_language(7) == PersonLanguage(None, None)
    assert await store.set_person_language(7, 1_000, discord_locale="de") == PersonLanguage(None, "de")
    assert await store.set_person_language(7, 1_001, chosen="en") == PersonLanguage("en", "de")
    # A newer locale leaves the choice alone; auto (None) forgets the choice, keeps the locale.
    assert await store.set_person_language(7, 1_002, discord_locale="pt-BR") == PersonLanguage("en", "pt-BR")
    assert await store.set_person_language(7, 1_003, chosen=None) == PersonLanguage(None, "pt-BR")
    await store.set_person_language(8, 1_004, chosen="es")
    assert await store.person_languages([7, 8, 9]) == {
        7: PersonLanguage(None, "pt-BR"),
        8: PersonLanguage("es", None),
    }
    assert await store.person_languages([]) == {}
    with pytest.raises(ValueError):
        await store.set_person_language(7, 1_005, chosen="")
