"""``python -m i18n check`` lists what the catalogues lack;
``python -m i18n add LANGUAGE AREA PATH...`` appends the untranslated messages written in PATH (e.g.
``bot/play.py``) to ``i18n/locales/<language>/<AREA>.po``."""

from __future__ import annotations

import argparse
import sys

from i18n.catalogues import LANGUAGES, SOURCE_LANGUAGE, parse_language
from i18n.extract import add_missing, all_problems, wanted_messages


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m i18n", description=__doc__)
    verbs = parser.add_subparsers(dest="verb", required=True)
    verbs.add_parser("check", help="list every message missing or wrong in a catalogue")
    add = verbs.add_parser("add", help="append a source's untranslated messages to a catalogue area")
    add.add_argument("language", help="de, fr, es, pt-BR, or all")
    add.add_argument("area", help="the catalogue file's name, e.g. play (i18n/locales/de/play.po)")
    add.add_argument("paths", nargs="+", help="source files or folders, e.g. bot/play.py")
    args = parser.parse_args(argv)
    if args.verb == "check":
        found = all_problems()
        print("\n".join(found) if found else f"{len(wanted_messages())} messages, all translated.")
        return 1 if found else 0
    languages = [code for code in LANGUAGES if code != SOURCE_LANGUAGE] if args.language == "all" else None
    if languages is None:
        one = parse_language(args.language)
        if one is None or one == SOURCE_LANGUAGE:
            parser.error(f"not a language with a catalogue: {args.language}")
        languages = [one]
    for language in languages:
        print(f"{language}: {add_missing(language, args.area, args.paths)} messages added to {args.area}.po")
    return 0


if __name__ == "__main__":
    sys.exit(main())
