"""Which messages the code asks for, and which a catalogue lacks: the check behind the tests and
``python -m i18n``."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.pofile import read_po, write_po

from i18n.catalogues import LANGUAGES, SOURCE_LANGUAGE, Language, catalogue_dir, placeholders, read_catalogue

ROOT = Path(__file__).resolve().parent.parent
# The packages that turn codes into words; the engine, the computer players and storage give none.
SOURCES = ("bot", "render", "i18n")
# ``UserError("...")`` is a refusal, translated where it is answered (bot.core).
# Contexts of messages no call in the code asks for (the command tree's words): checked by ``untranslated``.
OUTSIDE_CODE = "discord "
KEYWORDS = {**DEFAULT_KEYWORDS, "Nn_": (1, 2), "UserError": None}

MessageId = str | tuple[str, str]
Key = tuple[str, str | None]  # (singular id, context)


@dataclass(frozen=True)
class Wanted:
    """One message the code asks for: its id (a pair for plurals), its context, where it is written."""

    id: MessageId
    context: str | None
    places: tuple[tuple[str, int], ...]

    @property
    def key(self) -> tuple[str, str | None]:
        return (self.id[0] if isinstance(self.id, tuple) else self.id, self.context)


def wanted_messages(
    root: Path = ROOT, sources: Iterable[str] = SOURCES
) -> dict[tuple[str, str | None], Wanted]:
    """Every message marked in the sources, by (singular id, context)."""
    found: dict[tuple[str, str | None], Wanted] = {}
    for source in sources:
        for filename, line, message, _comments, context in extract_from_dir(
            root / source, method_map=[("**.py", "python")], keywords=KEYWORDS
        ):
            ident: MessageId = (message[0], message[1]) if isinstance(message, tuple | list) else message
            wanted = Wanted(ident, context, ((f"{source}/{filename}", line),))
            before = found.get(wanted.key)
            if before is not None:
                wanted = Wanted(ident, context, before.places + wanted.places)
            found[wanted.key] = wanted
    return found


def _forms(message: Message) -> tuple[str, ...]:
    strings = message.string
    if isinstance(strings, tuple | list):
        return tuple(str(s or "") for s in strings)
    return (str(strings or ""),)


def problems(language: Language, wanted: dict[tuple[str, str | None], Wanted] | None = None) -> Iterator[str]:
    """What is wrong with a language's catalogue: a message missing or untranslated, a placeholder lost or
    invented, a plural with the wrong number of forms, a translation nobody asks for."""
    if language == SOURCE_LANGUAGE:
        return
    wanted = wanted_messages() if wanted is None else wanted
    catalogue = read_catalogue(language)
    have = {(m.id[0] if isinstance(m.id, tuple | list) else m.id, m.context): m for m in catalogue if m.id}
    for key, want in sorted(wanted.items(), key=lambda item: (item[0][0], item[0][1] or "")):
        where = "{}:{}".format(*want.places[0])
        message = have.get(key)
        if message is None or message.fuzzy or not all(_forms(message)):
            yield f"{language}: untranslated {key[0]!r} ({where})"
            continue
        if isinstance(want.id, tuple) != isinstance(message.id, tuple | list):
            yield f"{language}: {key[0]!r} is {'a plural' if isinstance(want.id, tuple) else 'not a plural'}"
            continue
        sources = want.id if isinstance(want.id, tuple) else (want.id,)
        expected = frozenset().union(*(placeholders(text) for text in sources))
        forms = _forms(message)
        if isinstance(want.id, tuple) and len(forms) != catalogue.num_plurals:
            yield f"{language}: {key[0]!r} has {len(forms)} plural forms, not {catalogue.num_plurals}"
        for form in forms:
            got = placeholders(form)
            # A plural form may leave the count out ("une tuile"), never another placeholder.
            lost = expected - got - ({"n"} if isinstance(want.id, tuple) else set())
            if lost or got - expected:
                yield f"{language}: {key[0]!r} placeholders {sorted(got)} ≠ {sorted(expected)} ({where})"
    for key in sorted(set(have) - set(wanted), key=lambda k: (k[0], k[1] or "")):
        if not (key[1] or "").startswith(OUTSIDE_CODE):
            yield f"{language}: {key[0]!r} is translated but no code asks for it"


def untranslated(language: Language, wanted: Iterable[tuple[str, str]]) -> list[str]:
    """The (context, message) pairs of ``wanted`` a language lacks: for words that are not in calls in the
    code, like the command tree's names and descriptions (``bot.surface.translator.tree_messages``)."""
    if language == SOURCE_LANGUAGE:
        return []
    catalogue = read_catalogue(language)
    missing = []
    for context, message in sorted(wanted):
        found = catalogue.get(message, context=context)
        if found is None or found.fuzzy or not all(_forms(found)):
            missing.append(f"{language}: untranslated {message!r} ({context})")
        elif placeholders(message) != placeholders(_forms(found)[0]):
            missing.append(f"{language}: {message!r} ({context}) placeholders differ")
    return missing


def add_missing(language: Language, area: str, paths: Iterable[str]) -> int:
    """Append the messages written in ``paths`` that the language lacks to its ``<area>.po``, untranslated,
    for a translator to fill in. Returns how many were added."""
    wanted = wanted_messages()
    catalogue = read_catalogue(language)
    have = {(m.id[0] if isinstance(m.id, tuple | list) else m.id, m.context) for m in catalogue if m.id}
    prefixes = tuple(str(Path(p)) for p in paths)
    target = catalogue_dir(language) / f"{area}.po"
    locale = language.replace("-", "_")
    if target.exists():
        with target.open("rb") as source:
            area_catalogue = read_po(source, locale=locale)
    else:
        area_catalogue = Catalog(
            locale=locale,
            project="tigris-bot",
            fuzzy=False,
            header_comment=f"# {language} words of tigris-bot, {area}: see i18n/GLOSSARY.md.",
        )
    added = 0
    for key, want in wanted.items():
        if key in have or not any(place[0].startswith(prefixes) for place in want.places):
            continue
        empty: str | tuple[str, ...] = (
            ("",) * area_catalogue.num_plurals if isinstance(want.id, tuple) else ""
        )
        area_catalogue.add(want.id, empty, locations=want.places, context=want.context)
        added += 1
    if added:
        target.parent.mkdir(parents=True, exist_ok=True)
        with target.open("wb") as out:
            write_po(out, area_catalogue, width=110, omit_header=False, sort_output=False)
    return added


def all_problems() -> list[str]:
    wanted = wanted_messages()
    return [problem for language in LANGUAGES for problem in problems(language, wanted)]
