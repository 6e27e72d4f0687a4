"""``python -m engine``: create, inspect and play positions from the shell, and self-play benchmarks."""

from __future__ import annotations

import argparse
import json
import secrets
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, Final, NoReturn

from engine.actions import COLOURS
from engine.board import MAPS, square_name, whole_number
from engine.diagram import LETTERS, board_diagram
from engine.errors import EngineError, NotationError, quoted
from engine.export import is_export, read_export
from engine.game import Game
from engine.model import PHASE_OVER, Phase
from engine.notation import dump, load
from engine.rng import Rng


def _read_text(path: str) -> str:
    try:
        return sys.stdin.read() if path == "-" else Path(path).read_text(encoding="utf-8")
    except UnicodeDecodeError:
        raise NotationError(f"{quoted(path)} is not a position: it is not UTF-8 text") from None


def _read(path: str) -> Game:
    """A position file, or the game a game record (``engine.export``) replays to."""
    text = _read_text(path)
    return read_export(text).final_game() if is_export(text) else load(text)


def _stepped(path: str, turn: int | None, action: int | None) -> tuple[Game, list[str] | None]:
    """``show FILE [--turn N | --action N]``, ``replay FILE``: a position, or a moment of a game record (its
    end unless stepped) with who held each seat (``GameExport.seat_labels``)."""
    text = _read_text(path)
    stepping = turn is not None or action is not None
    if not is_export(text):
        if stepping:
            raise NotationError("--turn and --action step through a game record, not a position")
        return load(text), None
    record = read_export(text)
    if not stepping:
        return record.final_game(), record.seat_labels()
    game = record.game_at_turn(turn) if turn is not None else record.game_after(action or 0)
    return game, record.seat_labels()


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
        Phase.BUILDING: "place a civilization building or decline",
        Phase.MONUMENT: "build a monument or decline",
        Phase.WONDER: "erect the wonder or decline",
        Phase.TREASURE: "choose a treasure",
        Phase.WONDER_POINT: "choose the colour of the wonder's point",
    }[phase]
    return f"Turn {game.turn}: seat {seat} must {what}."


def show(game: Game, names: Sequence[str] | None = None) -> str:
    """A readable board and every seat's screen; ``names``: who held each seat (a game record's)."""

    def seat(number: int) -> str:
        return f"{number} ({names[number]})" if names is not None else str(number)

    lines = board_diagram(game).splitlines()
    lines.append("")
    lines.append(
        "Key: . land  ~ river  X catastrophe  R B G K temple farm market settlement (lowercase: face"
    )
    lines.append("     down under a monument)  0R = seat 0's priest  $ treasure  ! unification tile")
    if game.settings.buildings or game.settings.wonder:
        lines.append("     ^ the civilization building of the tile's colour  W the wonder")
    if game.monuments:
        built = ", ".join(f"{p[0].word}-{p[1].word} at {square_name(t).upper()}" for p, t in game.monuments)
        lines.append(f"Monuments: {built}")
    available = ", ".join(f"{p[0].word}-{p[1].word}" for p in game.monuments_available) or "none"
    lines.append(f"Monuments available: {available}")
    if game.settings.buildings:
        built = ", ".join(
            f"{c.building_name} at {square_name(sq).upper()}" for c, sq in game.buildings_on_board()
        )
        beside = ", ".join(c.building_name for c in COLOURS if game.buildings[c] is None) or "none"
        lines.append(f"Buildings: {built or 'none on the board'}; beside the board: {beside}")
    if game.settings.wonder:
        where = "not built" if game.wonder is None else f"centred on {square_name(game.wonder).upper()}"
        lines.append(f"Wonder: {where}")
    lines.append(f"Treasures on the board: {len(game.treasures)}; tiles in the bag: {game.bag_count()}")
    for n in range(game.players):
        hand = "".join(LETTERS[c] * game.hands[n][c] for c in range(4)) or "-"
        pts = " ".join(f"{c.word} {game.points[n][c]}" for c in COLOURS)
        supply = "".join(LETTERS[c] for c in game.leaders_in_supply(n)) or "-"
        lines.append(
            f"Seat {seat(n)}: hand {hand:<6} points {pts}, treasures {game.treasures_held[n]}, "
            f"catastrophes {game.catastrophes[n]}, leaders in supply {supply}"
        )
    lines.append(describe_wait(game))
    if game.phase not in (Phase.ACTION, Phase.OVER):
        lines.append("Choices: " + ", ".join(a.text for a in game.legal_actions()))
    outcome = game.outcome()
    if outcome is not None:
        for s in outcome.standings:
            lines.append(
                f"  {s.place}. seat {seat(s.seat)}: {' '.join(map(str, s.final))} (lowest {min(s.final)})"
            )
    return "\n".join(lines) + "\n"


def selfplay_game(
    players: int,
    seed: int,
    board: str = "standard",
    english: bool = False,
    buildings: bool = False,
    wonder: bool = False,
) -> dict[str, Any]:
    """One game of uniformly random legal choices (decisions included), reproducible from its seed."""
    game = Game.new(players, seed, board, english, buildings=buildings, wonder=wonder)
    chooser = Rng(seed ^ 0x5DEECE66D)
    actions = []
    while game.phase is not PHASE_OVER:
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
        result = selfplay_game(args.players, seed, args.board, args.english, args.buildings, args.wonder)
        print(json.dumps(result, separators=(",", ":")), flush=True)
    seconds = time.perf_counter() - start
    rate = args.games / seconds if seconds > 0 else 0.0
    print(json.dumps({"games": args.games, "seconds": round(seconds, 3), "games_per_second": round(rate, 2)}))
    return 0


class _ArgumentParser(argparse.ArgumentParser):
    """Bad arguments raise NotationError, so they end like any other bad input: one line, exit code 2."""

    def error(self, message: str) -> NoReturn:
        # argparse echoes whole arguments (invalid choice, unrecognized arguments): keep the line short
        raise NotationError(message if len(message) <= _MESSAGE_LIMIT else message[:_MESSAGE_LIMIT] + "…")


_MESSAGE_LIMIT: Final = 200
_MOST_GAMES: Final = 100_000  # about a day of self-play: more is a typing slip, not a benchmark
_MOST_STEP: Final = 1_000_000
# the generator keeps 64 bits (engine/rng.py); a larger seed would alias one below
_MOST_SEED: Final = (1 << 64) - 1


def parse_players(text: str) -> int:
    players = whole_number(text.strip(), 4)
    if players is None or players < 2:
        raise NotationError(f"{quoted(text)} is not a number of players: a game has 2, 3 or 4 players")
    return players


def parse_seed(text: str) -> int:
    seed = whole_number(text.strip(), _MOST_SEED)
    if seed is None:
        raise NotationError(f"{quoted(text)} is not a seed: write a whole number from 0 to {_MOST_SEED}")
    return seed


def parse_games(text: str) -> int:
    games = whole_number(text.strip(), _MOST_GAMES)
    if not games:
        raise NotationError(f"{quoted(text)} is not a number of games: write one from 1 to {_MOST_GAMES:,}")
    return games


def parse_step(text: str) -> int:
    step = whole_number(text.strip(), _MOST_STEP)
    if step is None:
        raise NotationError(f"{quoted(text)} is not a turn or action number: write a whole number")
    return step


def parse_board(text: str) -> str:
    board = text.strip().lower()
    if board not in MAPS:
        raise NotationError(f"{quoted(text)} is not a board: use standard or advanced")
    return board


def parse_file(text: str) -> str:
    if not text or "\0" in text:
        raise NotationError(f"{quoted(text)} is not a file name: name a position file, or - for stdin")
    return text


def _argument(parse: Callable[[str], Any]) -> Callable[[str], Any]:
    """argparse shows an ArgumentTypeError's own message, but only a generic one for a ValueError."""

    def convert(text: str) -> Any:
        try:
            return parse(text)
        except NotationError as exc:
            raise argparse.ArgumentTypeError(str(exc)) from None

    convert.__name__ = parse.__name__
    return convert


def _parser() -> argparse.ArgumentParser:
    """Arguments are converted by the parse_* functions above: each refuses any other text with NotationError
    and a one-line reason (argparse's own type errors would echo the whole argument and exit)."""
    parser = _ArgumentParser(prog="python -m engine", description="Tigris & Euphrates rules engine")
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("new", help="print a new game's position")
    p.add_argument("--players", type=_argument(parse_players), required=True, metavar="{2,3,4}")
    p.add_argument("--seed", type=_argument(parse_seed), default=None, help="default: a random seed")
    p.add_argument("--board", type=_argument(parse_board), default="standard", metavar="{standard,advanced}")
    p.add_argument("--english", action="store_true", help="the English variant for commitments (R26)")
    p.add_argument("--open-scoring", action="store_true", help="points and treasures are public")
    _options(p)
    p = sub.add_parser("legal", help="list the legal actions of the player to act")
    p.add_argument("file", type=_argument(parse_file), help="a position file, or - for standard input")
    p = sub.add_parser("play", help="apply actions and print the resulting position")
    p.add_argument("file", type=_argument(parse_file))
    p.add_argument("actions", nargs="+", metavar="ACTION", help="each action quoted, e.g. 'tile red e5'")
    p = sub.add_parser("show", help="print a readable board (of a position, or of a game record's end)")
    p.add_argument("file", type=_argument(parse_file))
    step = p.add_mutually_exclusive_group()
    step.add_argument("--turn", type=_argument(parse_step), help="a game record at the start of turn N")
    step.add_argument(
        "--action", type=_argument(parse_step), help="a game record after its action N (0: start)"
    )
    p = sub.add_parser("replay", help="replay a game record (/te history export) and show its final position")
    p.add_argument("file", type=_argument(parse_file))
    p.add_argument("--json", action="store_true", help="print the final position as JSON instead")
    p = sub.add_parser("selfplay", help="play random games; one JSON line per game, then the speed")
    p.add_argument("--players", type=_argument(parse_players), required=True, metavar="{2,3,4}")
    p.add_argument("--games", type=_argument(parse_games), required=True)
    p.add_argument("--seed", type=_argument(parse_seed), default=0)
    p.add_argument("--board", type=_argument(parse_board), default="standard", metavar="{standard,advanced}")
    p.add_argument("--english", action="store_true")
    _options(p)
    return parser


def _options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--buildings", action="store_true", help="the civilization buildings (R28)")
    parser.add_argument("--wonder", action="store_true", help="the wonder (R29)")


def main(argv: Sequence[str] | None = None) -> int:
    args: argparse.Namespace | None = None
    try:
        args = _parser().parse_args(argv)
        if args.command == "new":
            seed = args.seed if args.seed is not None else secrets.randbits(48)
            game = Game.new(
                args.players, seed, args.board, args.english, args.open_scoring, args.buildings, args.wonder
            )
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
                    print(f"illegal action {quoted(text)}: {exc}", file=sys.stderr)
                    return 2
            sys.stdout.write(dump(game))
        elif args.command == "show":
            sys.stdout.write(show(*_stepped(args.file, args.turn, args.action)))
        elif args.command == "replay":
            game, names = _stepped(args.file, None, None)
            sys.stdout.write(dump(game) if args.json else show(game, names))
        else:
            return _selfplay(args)
    except EngineError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    except BrokenPipeError:  # the reader stopped early (| head): not an error
        sys.stderr.close()
        return 0
    except OSError as exc:
        print(f"error: {exc.strerror or exc}: {quoted(getattr(args, 'file', ''))}", file=sys.stderr)
        return 2
    return 0
