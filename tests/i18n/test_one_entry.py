"""Each English message (with its context) is translated once per language: the catalogue loader keeps the
first area's entry it reads, so a second, different translation elsewhere would silently never show."""

from __future__ import annotations

from collections import defaultdict

import pytest
from babel.messages.pofile import read_po

from i18n import LANGUAGES
from i18n.catalogues import SOURCE_LANGUAGE, catalogue_dir


@pytest.mark.parametrize("language", [code for code in LANGUAGES if code != SOURCE_LANGUAGE])
def test_no_message_is_in_two_areas(language):
    areas: defaultdict[tuple[str, str | None], list[str]] = defaultdict(list)
    for path in sorted(catalogue_dir(language).glob("*.po")):
        with path.open("rb") as source:
            for message in read_po(source, locale=language.replace("-", "_")):
                if message.id:
                    singular = message.id if isinstance(message.id, str) else message.id[0]
                    areas[(singular, message.context)].append(path.stem)
    shared = {key: found for key, found in areas.items() if len(found) > 1}
    assert not shared, f"messages in more than one area: {shared}"
