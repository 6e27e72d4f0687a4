"""``python -m engine``: create, inspect and play positions from the shell, and self-play benchmarks."""

from __future__ import annotations

import argparse
import json
import secrets
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from engine.actions import COLOURS
from engine.board import COLUMN_LETTERS, COLUMNS, square_name
from engine.errors import EngineError
from engine.game import Game, Phase
from engine.notation import LETTERS, dump, grid_lines, load
from engine.rng import Rng


def _read(path: str) -> Game:
    text = sys.stdin.read() if path == "-" else Path(path).read_text(encoding="utf-8")
    return load(text)


def describe_wait(game: Game) -> str:
    """One line: who must act and what kind of choice it is."""
    phase = game.phase
    if phase is Phase.OVER:
        return f"The game is over (end: {game.end_reason})."
    seat = game.to_act
    if phase is Phase.ACTION:
        left = "2 actions" if game.actions_left == 2 else "1 action"
        return f"Turn {game.turn}: seat {seat} to act, {left} left."
    conflict = game.conflict
    if conflict is not None:
        a, d = game.conflict_strengths()
        side = "attacker" if phase in (Phase.REVOLT_ATTACKER, Phase.WAR_ATTACKER) else "defender"
        committed = "" if conflict.attacker_commit is None else f" + {conflict.attacker_commit} committed"
        return (
            f"Turn {game.turn}: {conflict.kind} of {conflict.colour.leader_name}s, seat {conflict.attacker} "
            f"attacks ({a}{committed}) seat {conflict.defender} ({d}); seat {seat} ({side}) must commit."
        )
    what = {
        Phase.WAR_CHOICE: "choose the next war",
        Phase.MONUMENT: "build a monument or decline",
        Phase.TREASURE: "choose a treasure",
    }[phase]
    return f"Turn {game.turn}: seat {seat} must {what}."


def show(game: Game) -> str:
    header = "     " + "   ".join(COLUMN_LETTERS[:COLUMNS])
    lines = [header]
    for r, row in enumerate(grid_lines(game)):
        lines.append(f"{r + 1:>3}  {row}")
    lines.append("")
    lines.append(
        "Key: . land  ~ river  X catastrophe  R B G K temple farm market settlement (lowercase: face"
    )
    lines.append("     down under a monument)  0R = seat 0's priest  $ treasure  ! unification tile")
    if game.monuments:
        built = ", ".join(f"{p[0].word}-{p[1].word} at {square_name(t).upper()}" for p, t in game.monuments)
        lines.append(f"Monuments: {built}")
    available = ", ".join(f"{p[0].word}-{p[1].word}" for p in game.monuments_available) or "none"
    lines.append(f"Monuments available: {available}")
    lines.append(f"Treasures on the board: {len(game.treasures)}; tiles in the bag: {game.bag_count()}")
    for seat in range(game.players):
        hand = "".join(LETTERS[c] * game.hands[seat][c] for c in range(4)) or "-"
        pts = " ".join(f"{c.word} {game.points[seat][c]}" for c in COLOURS)
        supply = "".join(LETTERS[c] for c in game.leaders_in_supply(seat)) or "-"
        lines.append(
            f"Seat {seat}: hand {hand:<6} points {pts}, treasures {game.treasures_held[seat]}, "
            f"catastrophes {game.catastrophes[seat]}, leaders in supply {supply}"
        )
    lines.append(describe_wait(game))
    if game.phase not in (Phase.ACTION, Phase.OVER):
        lines.append("Choices: " + ", ".join(a.text for a in game.legal_actions()))
    outcome = game.outcome()
    if outcome is not None:
        for s in outcome.standings:
            lines.append(f"  {s.place}. seat {s.seat}: {' '.join(map(str, s.final))} (lowest {min(s.final)})")
    return "\n".join(lines) + "\n"


def selfplay_game(players: int, seed: int, board: str = "standard", english: bool = False) -> dict[str, Any]:
    """One game of uniformly random legal choices (decisions included), reproducible from its seed."""
    game = Game.new(players, seed, board, english)
    chooser = Rng(seed ^ 0x5DEECE66D)
    actions = []
    while not game.is_over:
        legal = game.legal_actions()
        action = legal[chooser.below(len(legal))]
        game.apply(action)
        actions.append(action.text)
    outcome = game.outcome()
    assert outcome is not None
    return {
        "seed": seed,
        "players": players,
        "actions": actions,
        "end": outcome.reason,
        "standings": [
            {"seat": s.seat, "place": s.place, "final": list(s.final), "treasures": s.treasures}
            for s in outcome.standings
        ],
    }


def _selfplay(args: argparse.Namespace) -> int:
    master = Rng(args.seed)
    start = time.perf_counter()
    for _ in range(args.games):
        seed = master.next64() >> 16
        result = selfplay_game(args.players, seed, args.board, args.english)
        print(json.dumps(result, separators=(",", ":")), flush=True)
    seconds = time.perf_counter() - start
    rate = args.games / seconds if seconds > 0 else 0.0
    print(json.dumps({"games": args.games, "seconds": round(seconds, 3), "games_per_second": round(rate, 2)}))
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m engine", description="Tigris & Euphrates rules engine")
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("new", help="print a new game's position")
    p.add_argument("--players", type=int, required=True, choices=(2, 3, 4))
    p.add_argument("--seed", type=int, default=None, help="default: a random seed")
    p.add_argument("--board", choices=("standard", "advanced"), default="standard")
    p.add_argument("--english", action="store_true", help="the English variant for commitments (R26)")
    p.add_argument("--open-scoring", action="store_true", help="points and treasures are public")
    p = sub.add_parser("legal", help="list the legal actions of the player to act")
    p.add_argument("file", help="a position file, or - for standard input")
    p = sub.add_parser("play", help="apply actions and print the resulting position")
    p.add_argument("file")
    p.add_argument("actions", nargs="+", metavar="ACTION", help="each action quoted, e.g. 'tile red e5'")
    p = sub.add_parser("show", help="print a readable board")
    p.add_argument("file")
    p = sub.add_parser("selfplay", help="play random games; one JSON line per game, then the speed")
    p.add_argument("--players", type=int, required=True, choices=(2, 3, 4))
    p.add_argument("--games", type=int, required=True)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--board", choices=("standard", "advanced"), default="standard")
    p.add_argument("--english", action="store_true")
    args = parser.parse_args(argv)

    try:
        if args.command == "new":
            seed = args.seed if args.seed is not None else secrets.randbits(48)
            game = Game.new(args.players, seed, args.board, args.english, args.open_scoring)
            sys.stdout.write(dump(game))
        elif args.command == "legal":
            for action in _read(args.file).legal_actions():
                print(action.text)
        elif args.command == "play":
            game = _read(args.file)
            for text in args.actions:
                try:
                    game.apply(text)
                except EngineError as exc:
                    print(f"illegal action {text!r}: {exc}", file=sys.stderr)
                    return 2
            sys.stdout.write(dump(game))
        elif args.command == "show":
            sys.stdout.write(show(_read(args.file)))
        else:
            return _selfplay(args)
    except EngineError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    except BrokenPipeError:  # the reader stopped early (| head): not an error
        sys.stderr.close()
        return 0
    except OSError as exc:
        print(f"error: {exc.strerror or exc}: {getattr(args, 'file', '')}", file=sys.stderr)
        return 2
    return 0
