"""Fitting the evaluation's weights to how games end: ``python -m ai tune``.

Normal plays normal in two-seat games. At the start of every turn, the mover's own determinisation of the
position (what the search would evaluate there: its view, the rest sampled) is read as one feature per
weight, and labelled with the margin the mover finally won or lost by in its weakest colour (R24). The
evaluation is linear in every weight but ``softness``, so each feature is simply the evaluation with that
weight alone set to 1 (``features``): no second description of the evaluation to keep in step. The weights
are then the least-squares fit of margin on features with no weight below zero (a negative weight would
make the search avoid what wins, e.g. a leader on the board), rescaled so that points count as they do in
the evaluation. A quarter of the games are held out to compare the fit with ``DEFAULT``.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import math
import random
import sys
from collections.abc import Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from functools import partial
from typing import Any

from ai.determinise import World, sample_world
from ai.evaluate import DEFAULT, Weights, seat_values
from ai.levels import Normal
from engine import Game, Phase, Settings, player_view

# The weights fitted, in this order after the points themselves. Not fitted: ``rivals`` (at two seats the
# value is the mover's minus ``rivals`` times its rival's, and the fit reads the plain difference, as with
# rivals = 1), ``win`` (finished games only) and ``softness`` (not linear: it is chosen).
FITTED = (
    "linear",
    "leader",
    "support",
    "temple",
    "monument",
    "war_risk",
    "treasure_nearby",
    "hand_tile",
    "hand_red",
    "catastrophe",
)


def features(world: World, softness: float) -> list[list[float]]:
    """Per seat: its points' value (the soft minimum alone), then what each fitted weight adds at 1."""
    zero = Weights(softness=softness, **dict.fromkeys(FITTED, 0.0))
    base = seat_values(world, zero)
    rows = [[b] for b in base]
    for name in FITTED:
        with_it = seat_values(world, dataclasses.replace(zero, **{name: 1.0}))
        for seat, row in enumerate(rows):
            row.append(with_it[seat] - base[seat])
    return rows


@dataclass(frozen=True)
class Position:
    game: int
    seat: int  # the mover
    features: tuple[float, ...]  # the mover's minus its rival's, at the softness being fitted
    default_features: tuple[float, ...]  # the same at DEFAULT's softness, to compare with DEFAULT
    margin: int  # the mover's final weakest colour minus its rival's


def _difference(rows: list[list[float]], seat: int) -> tuple[float, ...]:
    return tuple(a - b for a, b in zip(rows[seat], rows[1 - seat], strict=True))


def game_positions(seed: int, number: int, softness: float) -> list[Position]:
    """One game of normal against normal (choices seeded as in the arena), read at every turn's start."""
    game = Game.start(Settings(2), seed)
    player = Normal()
    read: list[tuple[int, tuple[float, ...], tuple[float, ...]]] = []
    moves = 0
    while not game.is_over:
        seat = game.to_act
        assert seat is not None
        legal = game.legal_actions()
        view = player_view(game, seat)
        if game.phase is Phase.ACTION and game.actions_left == 2:
            world = sample_world(view, legal, random.Random(seed + 7 * moves))
            fitted, default = features(world, softness), features(world, DEFAULT.softness)
            read.append((seat, _difference(fitted, seat), _difference(default, seat)))
        game.apply(player.choose(view, legal, random.Random(seed * 1_000_003 + moves)), seat)
        moves += 1
    outcome = game.outcome()
    assert outcome is not None
    weakest = {s.seat: min(s.final) for s in outcome.standings}
    return [Position(number, seat, f, d, weakest[seat] - weakest[1 - seat]) for seat, f, d in read]


def nonnegative_least_squares(rows: Sequence[Sequence[float]], targets: Sequence[float]) -> list[float]:
    """The w >= 0 that minimises the squared error of rows . w against targets: coordinate descent on the
    normal equations (a convex problem in a dozen unknowns; a feature that is always 0 keeps 0)."""
    k = len(rows[0])
    gram = [[sum(r[i] * r[j] for r in rows) for j in range(k)] for i in range(k)]
    moment = [sum(r[i] * t for r, t in zip(rows, targets, strict=True)) for i in range(k)]
    w = [0.0] * k
    for _ in range(5000):
        change = 0.0
        for i in range(k):
            if gram[i][i] <= 1e-12:
                continue
            rest = sum(gram[i][j] * w[j] for j in range(k) if j != i)
            new = max(0.0, (moment[i] - rest) / gram[i][i])
            change = max(change, abs(new - w[i]))
            w[i] = new
        if change < 1e-10:
            break
    return w


def squared_error(rows: Sequence[Sequence[float]], margins: Sequence[int], w: Sequence[float]) -> float:
    """The mean squared error of the best multiple of ``rows . w`` (the search only compares values, so a
    scale is not a difference between two sets of weights)."""
    values = [sum(a * b for a, b in zip(row, w, strict=True)) for row in rows]
    norm = sum(v * v for v in values)
    scale = sum(v * m for v, m in zip(values, margins, strict=True)) / norm if norm else 0.0
    return sum((scale * v - m) ** 2 for v, m in zip(values, margins, strict=True)) / len(rows)


def as_vector(w: Weights) -> list[float]:
    return [1.0, *(getattr(w, name) for name in FITTED)]


def fit(positions: Sequence[Position], softness: float) -> Weights:
    """The fitted weights, the points' own weight scaled back to 1."""
    w = nonnegative_least_squares([p.features for p in positions], [p.margin for p in positions])
    if w[0] <= 0:
        raise ValueError("the points themselves got no weight; read more games")
    fitted = {name: round(v / w[0], 2) for name, v in zip(FITTED, w[1:], strict=True)}
    return dataclasses.replace(DEFAULT, softness=softness, **fitted)


def read_games(seeds: Sequence[int], softness: float, jobs: int) -> Iterator[list[Position]]:
    read = partial(game_positions, softness=softness)
    if jobs <= 1:
        yield from map(read, seeds, range(len(seeds)))
        return
    with ProcessPoolExecutor(jobs) as pool:
        yield from pool.map(read, seeds, range(len(seeds)))


def tune(games: int, seed: int, softness: float, jobs: int = 1) -> dict[str, Any]:
    master = random.Random(seed)
    seeds = [master.getrandbits(48) for _ in range(games)]
    positions = [p for game in read_games(seeds, softness, jobs) for p in game]
    held_out = [p for p in positions if p.game % 4 == 3]  # none with fewer than four games
    weights = fit([p for p in positions if p.game % 4 != 3], softness)
    margins = [p.margin for p in held_out]

    def error(rows: list[tuple[float, ...]], w: Weights) -> float | None:
        return round(squared_error(rows, margins, as_vector(w)), 2) if held_out else None

    return {
        "weights": dataclasses.asdict(weights),
        "games": games,
        "positions": len(positions),
        "held_out_error": error([p.features for p in held_out], weights),
        "default_held_out_error": error([p.default_features for p in held_out], DEFAULT),
    }


def add_tune_parser(sub: Any) -> None:
    p = sub.add_parser(
        "tune", help="fit the evaluation's weights to the final margins of normal-against-normal games"
    )
    p.add_argument("--games", type=int, default=280, help="two-seat games to read (a quarter held out)")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--softness", type=float, default=4.0, help="the soft minimum's softness (not fitted)")
    p.add_argument("--jobs", type=int, default=1, help="games played in parallel processes")


def tune_main(args: argparse.Namespace) -> int:
    if args.games < 2:
        print("--games must be at least 2", file=sys.stderr)
        return 2
    if not 0 < args.softness < math.inf:  # nan and inf too: every feature would be nan, after all the games
        print("--softness must be a number more than 0", file=sys.stderr)
        return 2
    try:
        result = tune(args.games, args.seed, args.softness, args.jobs)
    except ValueError as exc:
        print(f"cannot fit: {exc}", file=sys.stderr)
        return 2
    print(json.dumps(result))
    return 0
