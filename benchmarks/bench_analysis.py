"""Post-game analysis (issue 22): seconds to analyse whole games of 2, 3 and 4 players (one JSON object).

The games are played by the normal level through the arena (reproducible from ``--seed``) and recorded as
``/te history export`` writes them; each is analysed at the default budget, as ``python -m ai analyse`` and
``/te history analyse`` do. Target: a 90-turn 4-player game in <= 60 s on one core (``per_90_turns`` scales
each game's time to 90 turns). Also per seat the average loss, by level when ``--seats`` mixes levels.
"""

from __future__ import annotations

import argparse
import json
import time
from typing import Any

from ai.analysis import analyse
from ai.arena import Setup, play_game
from engine import read_export


def one(players: int, levels: tuple[str, ...], seed: int) -> dict[str, Any]:
    result = play_game(Setup(levels, seed, 0), records=True)
    record = read_export(result["record"])
    start, cpu = time.perf_counter(), time.process_time()
    analysis = analyse(record)
    seconds, cpu = time.perf_counter() - start, time.process_time() - cpu
    turns = result["turns"]
    return {
        "players": players,
        "seats": list(levels),
        "turns": turns,
        "rows": len(record.actions),
        "moves_judged": sum(s["moves"] for s in analysis["seats"]),
        "seconds": round(seconds, 1),
        "cpu_seconds": round(cpu, 1),  # on a shared, busy machine the wall time can be several times this
        "per_90_turns": round(seconds * 90 / turns, 1),
        "cpu_per_90_turns": round(cpu * 90 / turns, 1),
        "average_loss": [s["average_loss"] for s in analysis["seats"]],
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", default="2,3,4", help="table sizes, comma-separated")
    parser.add_argument("--seats", default="normal", help="the level of every seat, or one per seat")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    games = []
    for players in (int(p) for p in args.players.split(",")):
        words = args.seats.split(",")
        levels = tuple(words * players if len(words) == 1 else words[:players])
        games.append(one(players, levels, args.seed + players))
    print(json.dumps({"benchmark": "analysis", "games": games, "target_4p_90_turns_s": 60}))


if __name__ == "__main__":
    main()
