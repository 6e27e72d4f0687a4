"""The hand-written evaluation: how good a position is for one seat, in "points of the weakest colour".

A seat's final score is its lowest colour after treasures (R24), so points are valued through a soft
minimum: a point in the weakest colour counts most, one in a colour far ahead little. Leaders on the
board are future points: each is worth more with supporters of its colour in its kingdom (war strength,
R17), temples beside it (revolt strength, R13), monuments of its colour in its kingdom (points every
turn, R23), and when its colour is one the seat needs. Wars that could break out along a kingdom border
shift value from the weaker side to the stronger. Hands and catastrophes are small reserves. The other
seats are valued the same way from the public board (their points as the searcher believes them), and a
position's value is the seat's own value minus its rivals'.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from ai.determinise import World
from ai.snapshot import CATASTROPHE, EMPTY, FACE_DOWN, LEADER, NO_SQUARE, RED, Snapshot
from engine import NEIGHBOURS, Colour


@dataclass(frozen=True)
class Weights:
    softness: float = 2.5  # how soft the minimum over colours is (larger: closer to a plain sum)
    linear: float = 0.12  # every point is worth a little, whatever its colour
    leader: float = 0.45  # a leader on the board
    support: float = 1.0  # saturating value of tiles of the leader's colour in its kingdom
    temple: float = 0.12  # each temple beside a leader, up to three
    monument: float = 0.8  # a monument of the leader's colour in its kingdom (a point per own turn)
    war_risk: float = 0.35  # a war that a border tile could start, for the weaker side
    treasure_nearby: float = 0.2  # treasures in the kingdom of one's trader
    hand_tile: float = 0.06
    hand_red: float = 0.05  # temples in hand defend and attack in revolts (R13)
    catastrophe: float = 0.12
    rivals: float = 1.0  # how much the rivals' value counts against one's own
    win: float = 6.0  # a finished game: winning outright over losing (half of it each way from a tie)


DEFAULT = Weights()

# The hard level's weights: fitted (least squares, no weight below zero) to the final margin in the weakest
# colour, from every turn's start in 280 two-seat games of normal against normal (20,432 positions, each
# valued in the mover's own determinisation), then rescaled so that points count as in DEFAULT. Held-out
# squared error 132.7 against 151.6 for DEFAULT, each at its best scale. What they say: supporters, monuments,
# border wars, temples and catastrophes in hand are worth several times more than DEFAULT guessed, and a
# leader with no supporters, a trader's nearby treasures and a colour's surplus points nothing. (Tiles in
# hand got 0 as they could not be told apart: both hands are full at a two-seat turn's start.) Normal's
# play with them beat normal 71 of 100 games. ``python -m ai tune`` fits them again.
TUNED = Weights(
    softness=4.0,
    linear=0.0,
    leader=0.0,
    support=3.81,
    temple=0.17,
    monument=2.83,
    war_risk=1.19,
    treasure_nearby=0.0,
    hand_tile=0.0,
    hand_red=0.70,
    catastrophe=2.08,
)


def best_weights(players: int) -> Weights:
    """The weights that play best at this many seats: TUNED at two, where it was fitted (hard with it beat
    normal 169 of 200 games, 84.5%; with DEFAULT 213.5 of 279, 76.5%). Not at three: hard with TUNED came
    first in 11 of 29 games, mean place 2.00, against 42 of 80 and 1.62 with DEFAULT; a fit on two-seat
    games does not carry over, so three and four seats keep DEFAULT."""
    return TUNED if players == 2 else DEFAULT


def allocate(points: Sequence[int], held: int) -> list[int]:
    """Treasures onto the lowest colour one by one (R24)."""
    final = list(points)
    for _ in range(held):
        final[final.index(min(final))] += 1
    return final


def points_and_needs(final: Sequence[int], w: Weights) -> tuple[float, list[float]]:
    """The value of a seat's points (a soft minimum over colours plus a little of their sum), and how
    much each colour matters to it now (the soft minimum's gradient, scaled to average 1)."""
    t = w.softness
    low = min(final)
    exps = [math.exp((low - v) / t) for v in final]
    total = sum(exps)
    value = low - t * math.log(total) + w.linear * sum(final)
    return value, [4 * e / total for e in exps]


def points_value(final: Sequence[int], w: Weights) -> float:
    return points_and_needs(final, w)[0]


# 1 - 0.75^n: supporters count with diminishing returns (a war is won by more, not by many more)
_SUPPORT = tuple(1.0 - 0.75**n for n in range(160))


def final_key(final: Sequence[int]) -> tuple[int, ...]:
    return tuple(sorted(final))


class Board:
    """The kingdoms of a snapshot: for each leader, its region and what is in it."""

    __slots__ = ("borders", "counts", "label", "leaders_in", "regions")

    def __init__(self, snap: Snapshot) -> None:
        cells = snap.cells
        neighbours = NEIGHBOURS
        empty, face_down, catastrophe, leader = EMPTY, FACE_DOWN, CATASTROPHE, LEADER  # locals: read often
        label = [-1] * len(cells)
        regions: list[list[int]] = []
        self.regions = regions
        self.counts: list[list[int]] = []  # face-up tiles per colour, per region
        self.leaders_in: list[list[tuple[int, int, int]]] = []  # (seat, colour, square)
        # kingdoms with an empty square between them: a tile there unites them (R15)
        touched_by = [-1] * len(cells)
        borders: set[tuple[int, int]] = set()
        for row in snap.leaders:
            for start in row:
                if start == NO_SQUARE or label[start] >= 0:
                    continue
                region = len(regions)
                label[start] = region
                squares = [start]
                grow = squares.append
                counts = [0, 0, 0, 0]
                leaders = []
                for s in squares:  # grows while it is read: a breadth-first fill
                    v = cells[s]
                    if v < face_down:
                        counts[v] += 1
                    elif v >= leader:
                        leaders.append(((v - leader) >> 2, (v - leader) & 3, s))
                    for n in neighbours[s]:
                        if label[n] < 0:
                            m = cells[n]
                            if m == empty:
                                first = touched_by[n]
                                if first < 0:
                                    touched_by[n] = region
                                elif first != region:
                                    borders.add((first, region))
                            elif m != catastrophe:
                                label[n] = region
                                grow(n)
                regions.append(squares)
                self.counts.append(counts)
                self.leaders_in.append(leaders)
        self.label = label
        self.borders = borders


# The points' values of every (weights, points, treasures held) met: a playout values thousands of
# positions between which a seat's points rarely change. Bounded, as a process plays on.
_POINTS: dict[tuple[float, ...], tuple[float, list[float]]] = {}
_POINTS_KEPT = 1 << 14


def seat_points(points: Sequence[int], held: int, w: Weights) -> tuple[float, list[float]]:
    """``points_and_needs`` of a seat's points with its treasures allocated (read only)."""
    key = (w.softness, w.linear, *points, held)
    known = _POINTS.get(key)
    if known is None:
        if len(_POINTS) >= _POINTS_KEPT:
            _POINTS.clear()
        known = _POINTS[key] = points_and_needs(allocate(points, held), w)
    return known


def seat_values(world: World, w: Weights = DEFAULT) -> list[float]:
    """The value of the position for every seat, before rivals are subtracted."""
    snap = world.snap
    n = snap.players
    values = []
    needs = []
    for s in range(n):
        value, need = seat_points(snap.points[s], snap.held[s], w)
        values.append(value)
        needs.append(need)
    board = Board(snap)
    cells = snap.cells
    label = board.label
    monuments_in: dict[int, list[tuple[Colour, Colour]]] = {}
    for pair, top_left in snap.monuments:
        monuments_in.setdefault(label[top_left], []).append(pair)
    treasures_in: dict[int, int] = {}
    for t in snap.treasures:
        treasures_in[label[t]] = treasures_in.get(label[t], 0) + 1
    leader, support, temple, monument = w.leader, w.support, w.temple, w.monument
    for region, leaders in enumerate(board.leaders_in):
        counts = board.counts[region]
        pairs = monuments_in.get(region, ())
        for seat, colour, square in leaders:
            temples = 0
            for m in NEIGHBOURS[square]:
                if cells[m] == RED:
                    temples += 1
            worth = leader + support * _SUPPORT[counts[colour]] + temple * (temples if temples < 3 else 3)
            for pair in pairs:
                if colour in pair:  # a king only from monuments with black (R23)
                    worth += monument
            if colour == 2:  # the trader collects the kingdom's treasures (R22)
                worth += w.treasure_nearby * treasures_in.get(region, 0)
            values[seat] += needs[seat][colour] * worth
    # wars waiting to happen along borders: the side with fewer supporters stands to lose its leader
    for a, b in board.borders:
        for seat_a, colour, _ in board.leaders_in[a]:
            for seat_b, colour_b, _ in board.leaders_in[b]:
                if colour_b != colour or seat_b == seat_a:
                    continue
                strength_a, strength_b = board.counts[a][colour], board.counts[b][colour]
                if strength_a == strength_b:
                    continue
                weak, strong = (seat_a, seat_b) if strength_a < strength_b else (seat_b, seat_a)
                gap = min(abs(strength_a - strength_b), 3) / 3
                values[weak] -= w.war_risk * needs[weak][colour] * (0.5 + gap)
                values[strong] += 0.5 * w.war_risk * needs[strong][colour] * gap
    game = world.game
    hand_tile, hand_red, catastrophe = w.hand_tile, w.hand_red, w.catastrophe
    for s in range(n):
        hand = game.hand(s)
        red = hand[RED]
        values[s] += hand_tile * (hand[0] + hand[1] + hand[2] + hand[3]) + hand_red * (red if red < 3 else 3)
        values[s] += catastrophe * snap.catastrophes[s]
    return values


def terminal_value(snap: Snapshot, seat: int, w: Weights = DEFAULT) -> float:
    """A finished game for ``seat``: the places won (R24) and the margin in the weakest colour, on the
    scale of ``evaluate``'s unfinished positions: an even finish is worth 0, as an even position is, so
    that ending the game is worth seeking only when ahead."""
    keys = [final_key(allocate(snap.points[s], snap.held[s])) for s in range(snap.players)]
    mine = keys[seat]
    better = sum(1 for s, k in enumerate(keys) if s != seat and k > mine)
    equal = sum(1 for s, k in enumerate(keys) if s != seat and k == mine)
    share = (snap.players - 1 - better - 0.5 * equal) / max(1, snap.players - 1)
    best_rival = max(k[0] for s, k in enumerate(keys) if s != seat)
    return w.win * (share - 0.5) + (mine[0] - best_rival)


def evaluate(world: World, seat: int, w: Weights = DEFAULT) -> float:
    """The value of the position for ``seat``: its own value minus its rivals' (the best and the mean)."""
    if world.snap.over:
        return terminal_value(world.snap, seat, w)
    values = seat_values(world, w)
    rivals = [v for s, v in enumerate(values) if s != seat]
    if len(rivals) == 1:
        against = rivals[0]
    else:
        against = 0.5 * max(rivals) + 0.5 * sum(rivals) / len(rivals)
    return values[seat] - w.rivals * against
