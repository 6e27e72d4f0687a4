"""French elides "de", "que", "le" and "la" before a name or word that starts with a vowel sound ("le roi
d'Anna"): made where a placeholder is filled in (``i18n.catalogues.french_elisions``), never in the
filled-in text, and in no other language."""

from __future__ import annotations

from i18n import words_for
from i18n.catalogues import elides, french_elisions

FR = words_for("fr")


def test_a_name_that_starts_with_a_vowel_elides_the_word_before_it() -> None:
    assert FR.gettext("{player}'s king", player="Anna") == "le roi d'Anna"
    assert FR.gettext("{player}'s king", player="Élodie") == "le roi d'Élodie"
    assert FR.gettext("{player}'s king", player="yves") == "le roi d'yves"
    assert FR.gettext("{player}'s king", player="**Œdipe**") == "le roi d'**Œdipe**"
    assert FR.gettext("It is {name}'s turn.", name="ines") == "C'est au tour d'ines."
    assert FR.gettext("{name}'s king stranded", name="Ugo") == "roi d'Ugo isolé"


def test_que_le_and_la_elide_and_keep_a_capital() -> None:
    template = "De {a}, le {a}, la {a}, que {a}; de {b}, le {b}, la {b}, que {b}."
    done = french_elisions(template, {"a": "Anna", "b": "Bob"}).format(a="Anna", b="Bob")
    assert done == "D'Anna, l'Anna, l'Anna, qu'Anna; de Bob, le Bob, la Bob, que Bob."


def test_h_codes_numbers_mentions_and_empty_names_are_not_elided() -> None:
    for name in ("Hugo", "hélène", "Bot (hard)", "<@123>", "E5", "8", "", "bob"):
        assert not elides(name), name
        assert FR.gettext("{player}'s king", player=name) == f"le roi de {name}"
    assert not elides(3) and not elides(None)
    said = FR.gettext("moved the red leader from {start} to {end}", start="E5", end="A6")
    assert said == "a déplacé le chef rouge de E5 en A6"


def test_only_the_word_before_the_placeholder_changes_never_the_filled_in_text() -> None:
    # a name that itself contains "de Anna" stays as it is; a word that only ends in "de" is not elided
    said = FR.gettext("{player}'s king", player="Bob de Anna")
    assert said == "le roi de Bob de Anna"
    assert french_elisions("monde {a} aide {a}", {"a": "Anna"}) == "monde {a} aide {a}"
    assert french_elisions("l'de {a}", {"a": "Anna"}) == "l'de {a}"


def test_other_languages_are_never_elided() -> None:
    for language, said in (
        ("en", "Anna's king"),
        ("es", "el rey de Anna"),
        ("pt-BR", "o rei de Anna"),
    ):
        assert words_for(language).gettext("{player}'s king", player="Anna") == said


def test_a_y_before_a_vowel_is_a_consonant_and_is_not_elided() -> None:
    # "Yann", "Yasmine", "Yoann" start as "yaourt" does (de Yann); "Yves", "Ysé" with an "i" (d'Yves)
    for name in ("Yann", "yasmine", "Yoann", "**Youssef**", "Yaël"):
        assert not elides(name), name
        assert FR.gettext("It is {name}'s turn.", name=name) == f"C'est au tour de {name}."
    for name in ("Yves", "ysé", "Y"):
        assert elides(name), name
        assert FR.gettext("It is {name}'s turn.", name=name) == f"C'est au tour d'{name}."
