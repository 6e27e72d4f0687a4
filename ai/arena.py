"""Whole games between computer players: one JSON line per game, then a summary.

Seats rotate from game to game (game i seats the levels shifted by i), so every level plays every seat
equally often; the engine draws the start player from the game's seed (R2). Each choice gets its own
generator seeded from the game seed and the move number, so a run is reproducible from ``--seed``
(as long as no time budget is set for the hard level).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from collections.abc import Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any

from ai.analysis import add_analyse_parser, analyse_main
from ai.players import LEVELS, make_player
from ai.tune import add_tune_parser, tune_main
from engine import (
    Game,
    GameExport,
    HolderReason,
    LoggedAction,
    SeatHolder,
    Settings,
    Who,
    computer_numbers,
    player_view,
    write_export,
)


@dataclass(frozen=True)
class Setup:
    levels: tuple[str, ...]  # by seat
    seed: int
    number: int
    simulations: int | None = None
    seconds: float | None = None
    buildings: bool = False  # the 2015 edition's options (R28, R29)
    wonder: bool = False


def play_game(setup: Setup, records: bool = False) -> dict[str, Any]:
    """Play one game to the end; the result lists each seat's level, place and move times (CPU time,
    so a busy machine does not inflate them), and with ``records`` the game record (``/te history
    export``'s format) under "record"."""
    settings = Settings(len(setup.levels), buildings=setup.buildings, wonder=setup.wonder)
    game = Game.start(settings, setup.seed)
    players = [make_player(level, setup.simulations, setup.seconds) for level in setup.levels]
    times: list[list[float]] = [[] for _ in setup.levels]
    numbers = computer_numbers(enumerate(setup.levels))  # two hard seats: "Bot (hard)", "Bot 2 (hard)"
    whos = [Who.computer(level, numbers[seat]) for seat, level in enumerate(setup.levels)]
    began = int(time.time())
    rows: list[LoggedAction] = []
    moves = 0
    while not game.is_over:
        seat = game.to_act
        assert seat is not None
        legal = game.legal_actions()
        rng = random.Random(setup.seed * 1_000_003 + moves)
        start = time.process_time()
        action = players[seat].choose(player_view(game, seat), legal, rng)
        times[seat].append(time.process_time() - start)
        game.apply(action, seat)
        moves += 1
        if records:
            rows.append(LoggedAction(moves, int(time.time()), seat, action.text, whos[seat]))
    outcome = game.outcome()
    assert outcome is not None
    by_seat = sorted(outcome.standings, key=lambda s: s.seat)
    return {
        "game": setup.number,
        "seed": setup.seed,
        "seats": list(setup.levels),
        **({"buildings": True} if setup.buildings else {}),
        **({"wonder": True} if setup.wonder else {}),
        "places": [s.place for s in by_seat],
        "final": [list(s.final) for s in by_seat],
        "end": outcome.reason,
        "turns": game.turn,
        "moves": moves,
        "seconds": [round(sum(t), 3) for t in times],
        "move_seconds": [[round(x, 4) for x in t] for t in times],
        **({"record": game_record(setup, settings, began, whos, rows)} if records else {}),
    }


def game_record(
    setup: Setup, settings: Settings, began: int, whos: Sequence[Who], rows: Sequence[LoggedAction]
) -> str:
    holders = tuple(SeatHolder(seat, began, HolderReason.JOINED, who) for seat, who in enumerate(whos))
    title = f"arena game {setup.number}: {' vs '.join(setup.levels)}"
    return write_export(GameExport(settings, setup.seed, tuple(rows), holders, title))


def setups(
    levels: Sequence[str],
    games: int,
    seed: int,
    simulations: int | None,
    seconds: float | None,
    buildings: bool = False,
    wonder: bool = False,
) -> list[Setup]:
    master = random.Random(seed)
    out = []
    for i in range(games):
        shift = i % len(levels)
        seated = tuple(levels[shift:]) + tuple(levels[:shift])
        out.append(Setup(seated, master.getrandbits(48), i, simulations, seconds, buildings, wonder))
    return out


def percentile(values: Sequence[float], q: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return 0.0
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def summarise(records: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """Per level: seats played, outright and shared wins, places, average place, move times."""
    levels: dict[str, dict[str, Any]] = {}
    for record in records:
        places = record["places"]
        for seat, level in enumerate(record["seats"]):
            row = levels.setdefault(
                level, {"seats": 0, "wins": 0, "shared_wins": 0, "places": {}, "times": []}
            )
            place = places[seat]
            row["seats"] += 1
            row["places"][place] = row["places"].get(place, 0) + 1
            if place == 1:
                if places.count(1) == 1:
                    row["wins"] += 1
                else:
                    row["shared_wins"] += 1
            row["times"].extend(record["move_seconds"][seat])
    summary = {}
    for level, row in sorted(levels.items(), key=lambda kv: LEVELS.index(kv[0])):
        times = row.pop("times")
        all_places = [p for p, n in row["places"].items() for _ in range(n)]
        row["places"] = {str(p): n for p, n in sorted(row["places"].items())}
        row["win_rate"] = round((row["wins"] + 0.5 * row["shared_wins"]) / row["seats"], 3)
        row["average_place"] = round(statistics.mean(all_places), 3)
        row["moves"] = len(times)
        row["move_p50_s"] = round(percentile(times, 0.5), 4)
        row["move_p95_s"] = round(percentile(times, 0.95), 4)
        summary[level] = row
    return {"summary": True, "games": len(records), "levels": summary}


def run(games: Sequence[Setup], jobs: int = 1, records: bool = False) -> Iterator[dict[str, Any]]:
    play = partial(play_game, records=records)
    if jobs <= 1:
        yield from map(play, games)
        return
    with ProcessPoolExecutor(jobs) as pool:
        yield from pool.map(play, games)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m ai", description="Tigris & Euphrates computer players")
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser(
        "arena", help="play whole games between levels; one JSON line per game, then a summary"
    )
    p.add_argument("--players", type=int, required=True, choices=(2, 3, 4))
    p.add_argument("--games", type=int, required=True)
    p.add_argument("--seats", required=True, help=f"one level per seat, comma-separated: {', '.join(LEVELS)}")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--budget", type=int, default=None, help="the hard level's simulations per move")
    p.add_argument(
        "--seconds", type=float, default=None, help="also stop the hard level's search after this CPU time"
    )
    p.add_argument("--jobs", type=int, default=1, help="games played in parallel processes")
    p.add_argument("--buildings", action="store_true", help="play the 2015 civilization buildings (R28)")
    p.add_argument("--wonder", action="store_true", help="play the 2015 wonder (R29)")
    p.add_argument("--quiet", action="store_true", help="leave out each move's time from the game lines")
    p.add_argument(
        "--records",
        type=Path,
        metavar="DIR",
        help="write each game's record there (/te history export's format)",
    )
    add_analyse_parser(sub)
    add_tune_parser(sub)
    args = parser.parse_args(argv)
    if args.command == "analyse":
        return analyse_main(args)
    if args.command == "tune":
        return tune_main(args)

    levels = [word.strip().lower() for word in args.seats.split(",")]
    unknown = [level for level in levels if level not in LEVELS]
    if unknown:
        parser.error(f"unknown level {unknown[0]!r}: use {', '.join(LEVELS)}")
    if len(levels) != args.players:
        parser.error(f"--seats names {len(levels)} levels for {args.players} players")
    if args.games < 1:
        parser.error("--games must be at least 1")
    if args.records is not None:
        args.records.mkdir(parents=True, exist_ok=True)
    records = []
    games = setups(levels, args.games, args.seed, args.budget, args.seconds, args.buildings, args.wonder)
    for record in run(games, args.jobs, args.records is not None):
        if args.records is not None:
            (args.records / f"game-{record['game']}.txt").write_text(record.pop("record"))
        records.append(record)
        line = {k: v for k, v in record.items() if not (args.quiet and k == "move_seconds")}
        print(json.dumps(line, separators=(",", ":")), flush=True)
    print(json.dumps(summarise(records), separators=(",", ":")))
    return 0


if __name__ == "__main__":
    sys.exit(main())
