"""Every message the code asks for is translated in every language, keeping its placeholders (issue 19)."""

from __future__ import annotations

import ast

import pytest

from i18n import LANGUAGES, from_discord, parse_language, words_for
from i18n.catalogues import SOURCE_LANGUAGE, catalogue_dir, placeholders, read_catalogue
from i18n.extract import ROOT, problems, wanted_messages

OTHER_LANGUAGES = [code for code in LANGUAGES if code != SOURCE_LANGUAGE]


@pytest.fixture(scope="module")
def wanted():
    return wanted_messages()


@pytest.mark.parametrize("language", OTHER_LANGUAGES)
def test_every_message_translated_with_its_placeholders(language, wanted):
    found = list(problems(language, wanted))
    assert not found, f"{len(found)} problems, first: " + "\n".join(found[:40])


@pytest.mark.parametrize(
    ("language", "rule"), [("de", "(n != 1)"), ("fr", "(n > 1)"), ("es", "(n != 1)"), ("pt-BR", "(n > 1)")]
)
def test_catalogue_has_the_languages_plural_rule(language, rule):
    """French and Brazilian Portuguese count 0 as singular, German and Spanish as plural."""
    assert sorted(catalogue_dir(language).glob("*.po")), f"no catalogue for {language}"
    assert read_catalogue(language).plural_expr == rule
    assert words_for(language).language == language


def test_the_check_finds_what_is_wrong(tmp_path, monkeypatch):
    """The completeness check is shown to fail: a message nobody translated and a lost placeholder."""
    import i18n.catalogues as catalogues

    source = tmp_path / "bot"
    source.mkdir()
    (source / "m.py").write_text(
        'def f(words, name):\n    words.gettext("Hello {name}", name=name)\n    words.gettext("Bye")\n'
    )
    de = tmp_path / "locales" / "de"
    de.mkdir(parents=True)
    (de / "m.po").write_text(
        'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n'
        'msgid "Hello {name}"\nmsgstr "Hallo {nom}"\n',
        encoding="utf-8",
    )
    monkeypatch.setattr(catalogues, "LOCALES_DIR", tmp_path / "locales")
    found = list(problems("de", wanted_messages(tmp_path, ["bot"])))
    assert any("untranslated 'Bye'" in line for line in found)
    assert any("'Hello {name}' placeholders" in line for line in found)


def test_no_message_is_built_from_an_f_string_or_a_join():
    """A marked message is a literal: Babel cannot extract an f-string, nor a catalogue hold it."""
    calls = {"gettext", "ngettext", "pgettext", "npgettext", "N_", "Nn_"}
    bad = []
    for package in ("bot", "render", "i18n"):
        for path in sorted((ROOT / package).rglob("*.py")):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if not isinstance(node, ast.Call):
                    continue
                name = (
                    node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", "")
                )
                if name not in calls:
                    continue
                texts = node.args[1:] if name in {"pgettext", "npgettext"} else node.args
                literal_count = 2 if name in {"ngettext", "npgettext", "Nn_"} else 1
                for arg in texts[:literal_count]:
                    if not (isinstance(arg, ast.Constant) and isinstance(arg.value, str)):
                        if name in {"gettext", "ngettext", "pgettext", "npgettext"} and isinstance(
                            arg, ast.Name | ast.Attribute | ast.Subscript
                        ):
                            continue  # a constant (or a table of them) marked with N_ elsewhere
                        bad.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert not bad, bad


def test_placeholders_are_named():
    assert placeholders("{name} played {n} tiles") == {"name", "n"}
    assert placeholders("no placeholder") == frozenset()


@pytest.mark.parametrize(
    ("discord", "language"),
    [
        ("en-US", "en"),
        ("en-GB", "en"),
        ("de", "de"),
        ("fr", "fr"),
        ("es-ES", "es"),
        ("es-419", "es"),
        ("pt-BR", "pt-BR"),
        ("ja", None),
        ("", None),
    ],
)
def test_discord_locales(discord, language):
    assert from_discord(discord) == language


def test_language_codes_forgive_case_and_underscore():
    assert parse_language("pt_br") == "pt-BR"
    assert parse_language("DE") == "de"
    assert parse_language("auto") is None
    assert words_for("xx").language == "en"
    assert words_for(None).gettext("{a}!", a=1) == "1!"


@pytest.mark.parametrize(("language", "masculine"), [("es", "bienvenido"), ("pt-BR", "bem-vindo")])
def test_a_player_is_welcomed_in_words_that_fit_everyone(language, masculine):
    """Read in Spanish: the welcome DM says "te damos la bienvenida", but coming back from an absence said
    "Bienvenido de vuelta", a greeting only for men. Every welcome is worded for whoever reads it."""
    said = [m.string for m in read_catalogue(language) if m.id and isinstance(m.string, str)]
    assert not [s for s in said if masculine in s.lower()]
    assert any("bienvenida" in s or "boas-vindas" in s for s in said)
