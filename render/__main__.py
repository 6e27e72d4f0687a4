"""Render a position file: ``python -m render FILE -o OUT.png [--player N] [--scores]``.

FILE holds a position in the engine's notation (``engine.dump``). By default the public board is
drawn; ``--player N`` draws the hand of seat N (0-based, as in the position), ``--scores`` the final
scores of a finished game; ``--title`` names the game on the picture, ``--language`` is its words'
language (en, de, fr, es, pt-BR).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from engine import EngineError, load, player_view, public_view
from i18n import LANGUAGES, words_for
from render import board_png, hand_png, scores_png


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m render", description=__doc__.splitlines()[0])
    parser.add_argument("file", type=Path, help="a position file (the engine's JSON notation)")
    parser.add_argument("-o", "--output", type=Path, required=True, help="where to write the PNG")
    which = parser.add_mutually_exclusive_group()
    which.add_argument("--player", type=int, metavar="N", help="draw the hand of seat N (0-based)")
    which.add_argument("--scores", action="store_true", help="draw the final scores (finished games only)")
    parser.add_argument("--names", help="player names in seat order, separated by commas")
    parser.add_argument(
        "--language", choices=LANGUAGES, default="en", help="the language of the picture's words (default en)"
    )
    parser.add_argument(
        "--title", help='which game this is, drawn on the picture ("Server · #channel · game 12")'
    )
    args = parser.parse_args(argv)

    try:
        game = load(args.file.read_text(encoding="utf-8"))
    except OSError as exc:
        parser.error(f"cannot read {args.file}: {exc.strerror}")
    except EngineError as exc:
        parser.error(f"{args.file} is not a position: {exc}")
    names = [n.strip() for n in args.names.split(",")] if args.names else None
    words = words_for(args.language)

    if args.player is not None:
        if not 0 <= args.player < game.players:
            parser.error(f"--player must be a seat from 0 to {game.players - 1}")
        png = hand_png(player_view(game, args.player), words=words, names=names, title=args.title)
    elif args.scores:
        if not game.is_over:
            parser.error("--scores needs a finished game")
        png = scores_png(public_view(game), words=words, names=names, title=args.title)
    else:
        png = board_png(public_view(game), words=words, names=names, title=args.title)
    args.output.write_bytes(png)
    print(f"wrote {args.output} ({len(png)} bytes)", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
