"""Post-game analysis: every action and decision of every seat judged from what that seat could see then.

For each row of a game record (``engine.export``) where the seat had a choice, the move played is compared
with the best alternatives found (normal's most promising first actions on a turn, every choice of a
decision) over determinisations of the seat's own view (``ai.infoset``): never with hindsight of the bag or
the other hands. A move's loss is how much less the played move is worth than the best one found, in points
of expected final score margin (normal's evaluation after the seat's turn and the rivals' replies).

The game's turning points are read with full knowledge (the game is over): the rows after which the
margins of the seats, as the evaluation sees the whole position, moved most.

A move's judgement depends only on the seat's view, the analysis seed and the row's number, so the rows can
be judged in any order, in pieces (the bot's worker reports progress between them), with the same result.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import random
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from ai.determinise import World, sample_world
from ai.evaluate import DEFAULT, evaluate
from ai.hint import Because, Why, decision_reason, turn_reason
from ai.infoset import InformationSet, candidates
from ai.snapshot import Snapshot
from engine import (
    Action,
    Code,
    Colour,
    Event,
    Game,
    GameExport,
    IllegalActionError,
    NotationError,
    Phase,
    Reason,
    player_view,
    read_export,
    replay,
)

COSTLIEST = 3
TURNING_POINTS = 5


@dataclass(frozen=True)
class Budget:
    """How hard each move is looked at: ``width`` alternatives on a turn, ``samples`` determinisations
    (fewer past a deadline, never fewer than ``least``), the rivals' replies for ``rival_turns`` turns."""

    width: int = 3
    samples: int = 3
    least: int = 2
    rival_turns: int = 1


# By number of players: with more players each rollout plays longer turns, so fewer alternatives are tried.
BUDGETS = {2: Budget(), 3: Budget(), 4: Budget(width=2)}


# A finished game is valued by the final margin alone: the evaluation's bonus for winning is no points.
MARGIN = dataclasses.replace(DEFAULT, win=0.0)


def budget_for(players: int) -> Budget:
    return BUDGETS[players]


@dataclass(frozen=True)
class Judgement:
    """One move: the row of the record, who played it, and how it compares with the best found."""

    seq: int
    turn: int
    seat: int
    played: str
    better: str  # the best other choice found ("" if none could be judged)
    loss: float  # >= 0: the best value found minus the played move's
    samples: int


@dataclass(frozen=True)
class TurningPoint:
    seq: int
    turn: int
    seat: int
    played: str
    swing: float  # the acting seat's margin after the row minus before (full knowledge)
    leader_before: int
    leader_after: int
    what: str  # what the row brought about ("seat 1 wins a war for the farmers against seat 0"), or ""
    # the same as codes (``Happened``) with their parameters, colours as words: what the bot words
    happened: tuple[dict[str, str | int], ...] = ()


def move_seed(seed: int, seq: int) -> int:
    return seed * 1_000_003 + seq


def judge_move(
    game: Game,
    played: Action,
    seq: int,
    seed: int = 0,
    budget: Budget | None = None,
    deadline: float | None = None,
) -> Judgement | None:
    """The judgement of ``played`` by the seat to act in ``game``, from that seat's view only (None if it
    had no choice). The generator depends on ``seed`` and ``seq`` alone, so hidden tiles cannot leak in."""
    seat = game.to_act
    assert seat is not None
    legal = game.legal_actions()
    if len(legal) <= 1:
        return None
    view = player_view(game, seat)
    budget = budget or budget_for(game.players)
    infoset = InformationSet(view, legal, random.Random(move_seed(seed, seq)), MARGIN)
    try:
        choices = candidates(infoset, played, budget.width)
    except NotationError:  # no determinisation fits the view: nothing to judge against
        return Judgement(seq, view.turn, seat, played.text, "", 0.0, 0)
    judged = infoset.judge(choices, budget.samples, budget.rival_turns, deadline, budget.least)
    mine = judged.values[0]
    others = [(v, a) for v, a in zip(judged.values[1:], choices[1:], strict=True) if v is not None]
    if mine is None or not others:
        return Judgement(seq, view.turn, seat, played.text, "", 0.0, judged.samples)
    best_value, better = max(others, key=lambda pair: pair[0])
    loss = max(0.0, best_value - mine)
    return Judgement(seq, view.turn, seat, played.text, better.text, round(loss, 3), judged.samples)


def why(game: Game, better: str, seq: int, seed: int = 0) -> Why:
    """One line of why ``better`` suits the seat to act in ``game``, from its view alone (``ai.hint``'s
    words: what the move does in a determinisation of that view)."""
    seat = game.to_act
    assert seat is not None
    action = Action.parse(better)
    view = player_view(game, seat)
    legal = game.legal_actions()
    if view.phase is not Phase.ACTION:
        return decision_reason(view, legal, action)
    try:
        world = sample_world(view, legal, random.Random(move_seed(seed, seq)))
        return turn_reason(world, action, seat)
    except (NotationError, IllegalActionError):
        return Why((Reason(Because.BEST),))


def positions(record: GameExport) -> Iterator[tuple[int, Game, Action]]:
    """Each row of the game as played (actions taken back left out, R32): its seq, the game before it
    (changed once the next row is read: copy it to keep it) and the action."""
    game = replay(record.settings, record.seed, ())
    for row in record.actions:
        if row.effective:
            action = Action.parse(row.action)
            yield row.seq, game, action
            game.apply(action)


def judged_rows(record: GameExport) -> list[int]:
    """The seqs of the rows where the seat to act had a choice: the moves an analysis judges."""
    return [seq for seq, game, _ in positions(record) if len(game.legal_actions()) > 1]


def judge_rows(
    record: GameExport,
    seqs: Sequence[int] | None = None,
    seed: int = 0,
    budget: Budget | None = None,
    deadlines: Callable[[int], float | None] = lambda done: None,
    progress: Callable[[int], None] = lambda done: None,
) -> list[Judgement]:
    """The judgements of the rows ``seqs`` (default: every row with a choice), in game order.
    ``deadlines(i)`` gives the i-th judged move's deadline; ``progress(i)`` hears of each one done."""
    wanted = None if seqs is None else set(seqs)
    out: list[Judgement] = []
    for seq, game, action in positions(record):
        if wanted is not None and seq not in wanted:
            continue
        judgement = judge_move(game, action, seq, seed, budget, deadlines(len(out)))
        if judgement is not None:
            out.append(judgement)
            progress(len(out))
    return out


def turning_points(record: GameExport, count: int = TURNING_POINTS) -> list[TurningPoint]:
    """The rows after which the seats' margins moved most, judged with full knowledge (the game is over):
    in game order, at most ``count``. The last row is left out: a finished game is valued on another
    scale (who won), so its jump says nothing about the move."""
    world: World | None = None
    swings = []
    for seq, game, action in positions(record):
        if world is None:
            world = World(game.copy(), Snapshot.from_game(game))
        before = [evaluate(world, s) for s in range(game.players)]
        seat = game.to_act
        assert seat is not None
        turn = game.turn
        events = world.apply(action)
        happened = _happened(events)
        if world.snap.over:
            break
        after = [evaluate(world, s) for s in range(game.players)]
        moved = max(abs(a - b) for a, b in zip(after, before, strict=True))
        point = TurningPoint(
            seq,
            turn,
            seat,
            action.text,
            round(after[seat] - before[seat], 2),
            _leader(before),
            _leader(after),
            "; ".join(str(reason) for reason in happened),
            tuple(_coded(reason) for reason in happened),
        )
        swings.append((moved, point))
    biggest = sorted(swings, key=lambda pair: -pair[0])[:count]
    return sorted((point for moved, point in biggest if moved > 0), key=lambda p: p.seq)


class Happened(Code):
    """What a turning point brought about, with its English."""

    REVOLT_WON = "revolt-won", "seat {seat} wins a revolt for the {colour.leader_name}s against seat {other}"
    WAR_WON = "war-won", "seat {seat} wins a war for the {colour.leader_name}s against seat {other}"
    MONUMENT_BUILT = "monument-built", "a monument is built"
    TREASURE_TAKEN = "treasure-taken", "seat {seat} takes a treasure"


def _happened(events: Sequence[Event]) -> tuple[Reason, ...]:
    """What a row brought about: a conflict's winner, a monument, treasures (each once)."""
    parts: list[Reason] = []
    for e in events:
        if e.kind == "monument":
            parts.append(Reason(Happened.MONUMENT_BUILT))
        elif e.seat is None:
            continue
        elif e.kind in ("revolt-won", "war-won") and e.colour is not None and e.other is not None:
            code = Happened.REVOLT_WON if e.kind == "revolt-won" else Happened.WAR_WON
            parts.append(Reason(code, seat=e.seat, colour=e.colour, other=e.other))
        elif e.kind == "treasure":
            parts.append(Reason(Happened.TREASURE_TAKEN, seat=e.seat))
    return tuple(dict.fromkeys(parts))


def _coded(reason: Reason) -> dict[str, str | int]:
    """A reason as JSON (the stored analysis): its code, its parameters, a colour as its word."""
    params = {
        name: value.word if isinstance(value, Colour) else value for name, value in reason.params.items()
    }
    return {"code": reason.code.code, **{k: v for k, v in params.items() if isinstance(v, str | int)}}


def _leader(margins: Sequence[float]) -> int:
    return max(range(len(margins)), key=lambda s: margins[s])


def report(
    record: GameExport, judgements: Sequence[Judgement], points: Sequence[TurningPoint], seconds: float
) -> dict[str, Any]:
    """The analysis as one object (``--json``): per seat its moves judged, average loss and costliest
    moves; the turning points; the seconds it took."""
    names = record.seat_labels()  # a person's name, "Bot 2 (hard)" as the game named it, else "seat N"
    seats = []
    for seat in range(record.settings.players):
        mine = [j for j in judgements if j.seat == seat]
        costly = sorted((j for j in mine if j.loss > 0 and j.better), key=lambda j: (-j.loss, j.seq))
        seats.append(
            {
                "seat": seat,
                "name": names[seat],
                "moves": len(mine),
                "average_loss": round(sum(j.loss for j in mine) / len(mine), 2) if mine else 0.0,
                "costliest": [
                    {
                        "seq": j.seq,
                        "turn": j.turn,
                        "played": j.played,
                        "better": j.better,
                        "loss": round(j.loss, 2),
                    }
                    for j in costly[:COSTLIEST]
                ],
            }
        )
    return {
        "seats": seats,
        "turning_points": [asdict(p) for p in points],
        "seconds": round(seconds, 1),
    }


def analyse(
    record: GameExport,
    seed: int = 0,
    budget: Budget | None = None,
    seconds: float | None = None,
    progress: Callable[[int, int], None] = lambda done, total: None,
) -> dict[str, Any]:
    """The whole analysis of a record. ``seconds``, if given, spreads that much time over the moves (a move
    finished early leaves its time to the next ones); the result then depends on the machine's speed."""
    start = time.perf_counter()
    total = len(judged_rows(record))

    def deadline(done: int) -> float | None:
        return None if seconds is None else start + seconds * (done + 1) / max(1, total)

    judgements = judge_rows(record, None, seed, budget, deadline, lambda done: progress(done, total))
    points = turning_points(record)
    return report(record, judgements, points, time.perf_counter() - start)


def text_report(result: dict[str, Any]) -> str:
    """The analysis for people to read."""
    lines = []
    names = {s["seat"]: s["name"] for s in result["seats"]}
    for seat in result["seats"]:
        lines.append(
            f"Seat {seat['seat']} ({seat['name']}): {seat['moves']} moves judged, "
            f"average loss {seat['average_loss']:.2f} points per move"
        )
        for c in seat["costliest"]:
            lines.append(
                f"  #{c['seq']} (turn {c['turn']}): played {c['played']}; better {c['better']} "
                f"(-{c['loss']:.1f})"
            )
    if result["turning_points"]:
        lines.append("Turning points:")
    for p in result["turning_points"]:
        lead = (
            f"; {names[p['leader_after']]} takes the lead" if p["leader_after"] != p["leader_before"] else ""
        )
        what = f": {p['what']}" if p["what"] else ""
        lines.append(
            f"  #{p['seq']} (turn {p['turn']}): seat {p['seat']} {p['played']}{what} "
            f"({p['swing']:+.1f} for seat {p['seat']}){lead}"
        )
    lines.append(f"Analysed in {result['seconds']:.1f} s.")
    return "\n".join(lines)


def add_analyse_parser(sub: Any) -> None:
    p = sub.add_parser(
        "analyse",
        help="judge every move of a game record from what its seat could see; the costliest per seat",
    )
    p.add_argument("file", type=Path, help="a game record (/te history export, or arena --records)")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument(
        "--seconds",
        type=float,
        default=None,
        help="spread about this much time over the moves (else a fixed budget)",
    )
    p.add_argument("--seed", type=int, default=0, help="the analysis's own randomness")


def analyse_main(args: argparse.Namespace) -> int:
    try:
        record = read_export(args.file.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as exc:
        print(f"cannot read {args.file}: {exc}", file=sys.stderr)
        return 2
    except NotationError as exc:
        print(f"{args.file} is not a game record: {exc}", file=sys.stderr)
        return 2
    if args.seconds is not None and args.seconds <= 0:
        print("--seconds must be more than 0", file=sys.stderr)
        return 2
    result = analyse(record, args.seed, seconds=args.seconds)
    print(json.dumps(result) if args.json else text_report(result))
    return 0
