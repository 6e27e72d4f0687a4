"""Determinisations: whole games that agree with everything one seat can see (R25).

A computer player receives only its seat's ``PlayerView``. To look ahead it needs a complete ``Game``, so
it fills in what it cannot see by sampling: the other hands, the bag and the discards (split at random
from the tiles it cannot account for), the order of future draws (a fresh generator state), and the other
seats' points and treasures (estimated: its own score is the best guide to how far a game has come). The
engine builds the game from the view and these parts (``engine.position_from_view``) with its own checks,
so it is a coherent game the engine itself vouches for, never a poked object.
"""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from ai.snapshot import Snapshot
from engine import (
    COLOURS,
    Action,
    Event,
    Game,
    Kind,
    NotationError,
    Phase,
    PlayerView,
    dump,
    player_view,
    position_from_view,
    square_name,
)

LETTERS = "RBGK"


@dataclass
class World:
    """One determinised game and its mirror, kept in step."""

    game: Game
    snap: Snapshot

    def copy(self) -> World:
        return World(self.game.copy(), self.snap.copy())

    def become(self, other: World) -> None:
        """Take over ``other``'s game and mirror (which nobody must use afterwards)."""
        self.game, self.snap = other.game, other.snap

    def apply(self, action: Action) -> list[Event]:
        events = self.game.apply(action)
        if not self.snap.update(events):
            self.snap = Snapshot.from_game(self.game)  # an event this package does not know yet
        return events


@cache
def tile_counts() -> tuple[int, ...]:
    """Tiles of each colour in a game (153 in all), read from a fresh game rather than restated."""
    data = json.loads(dump(Game.new(2, 0)))
    hands = "".join(p["hand"] for p in data["players"])
    on_board = "".join(data["grid"]).upper()
    return tuple(data["bag"][c.word] + hands.count(LETTERS[c]) + on_board.count(LETTERS[c]) for c in COLOURS)


@cache
def starting_treasures(board: str) -> int:
    return player_view(Game.new(2, 0, board), 0).treasures_left


def unseen_tiles(view: PlayerView) -> list[int]:
    """Per colour, the tiles this seat cannot locate: other hands, the bag and the discards together."""
    counts = list(tile_counts())
    for sq in view.squares:
        if sq.tile is not None:
            counts[sq.tile] -= 1
    return [counts[c] - view.hand[c] for c in range(4)]


# Tiles out of the game (swaps, commitments, war losses, catastrophes) after t turns, by the number of
# players: about linear * t + quadratic * t^2, faster as conflicts grow. Two seats: fitted to 12 games
# between normal players (6 of them with the true count known to the players, so that the estimate did
# not bend the games it was fitted to), off by under 3 tiles on average up to turn 70; three and four
# seats: fitted to games of 2 and 4 seats (in 6 games it emptied the bag at most 3 turns early, with 2
# to 4 tiles left). (The one fit for every table size overshot two-seat games by 20 tiles
# at turn 60 and emptied their bag 6 to 17 turns early, while 8 to 22 tiles were left: every simulation
# then ended the game with the current turn.) Used to split the unseen tiles between the bag and the
# discards.
REMOVED_FIT = {2: (0.84, 0.0019)}
REMOVED_FIT_OTHERS = (0.56, 0.0123)
# Games differ: the count is sampled around the fit with this relative spread (the fit's residuals: 6 to
# 10 tiles from turn 30 on in two-seat games), so that the determinisations weigh an early end as likely
# as it is rather than as certain or impossible.
REMOVED_SPREAD = 0.15


def estimate_removed(view: PlayerView, spare: int, rng: random.Random) -> int:
    """How many of the ``spare`` tiles (unseen and in no hand) are out of the game rather than in the bag."""
    t = max(0, view.turn - 1)
    linear, quadratic = REMOVED_FIT.get(view.players, REMOVED_FIT_OTHERS)
    mean = linear * t + quadratic * t * t
    return max(0, min(spare, round(rng.gauss(mean, REMOVED_SPREAD * mean))))


def estimate_scores(view: PlayerView, rng: random.Random) -> tuple[list[list[int]], list[int]]:
    """Points and treasures of every seat: known ones as seen, hidden ones sampled around this seat's pace."""
    own_total = sum(view.points)
    taken = starting_treasures(view.board) - view.treasures_left
    hidden = [s.seat for s in view.seats if s.seat != view.seat and s.points is None]
    unknown_treasures = (
        taken - view.treasures - sum(s.treasures or 0 for s in view.seats if s.seat != view.seat)
    )
    points: list[list[int]] = []
    held: list[int] = []
    for seat in view.seats:
        if seat.seat == view.seat:
            points.append(list(view.points))
            held.append(view.treasures)
        elif seat.points is not None and seat.treasures is not None:
            points.append(list(seat.points))
            held.append(seat.treasures)
        else:
            # colours with a leader on the board score more often
            weights = [1.0, 1.0, 1.0, 1.0]
            for colour, _ in seat.leaders_on_board:
                weights[colour] += 1.5
            total = max(0, round(own_total * rng.uniform(0.7, 1.3)))
            pts = [0, 0, 0, 0]
            for scored in rng.choices(range(4), weights, k=total):
                pts[scored] += 1
            points.append(pts)
            held.append(0)
    for _ in range(max(0, unknown_treasures)):
        if hidden:
            held[rng.choice(hidden)] += 1
    return points, held


def _placed_candidates(view: PlayerView, legal: Sequence[Action]) -> list[str | None]:
    """Squares that may hold the current action's tile, which the view does not carry (the building,
    monument and wonder steps need it); the caller keeps the first whose game offers the same choices."""
    if view.phase in (Phase.WAR_CHOICE, Phase.WAR_ATTACKER, Phase.WAR_DEFENDER):
        return [None if view.unification is None else square_name(view.unification)]
    if view.phase is Phase.BUILDING:
        # the tile lies on the line (or one of the two lines) that the offered squares make up
        return [square_name(s) for s in sorted({a.square for a in legal if a.square is not None})]
    shapes: list[set[int]] = []
    if view.phase is Phase.MONUMENT:
        shapes = [
            {s, s + 1, s + 16, s + 17}
            for s in {a.square for a in legal if a.kind == Kind.MONUMENT}
            if s is not None
        ]
    elif view.phase is Phase.WONDER:
        shapes = [
            {s, s - 16, s - 1, s + 1, s + 16}
            for s in {a.square for a in legal if a.kind == Kind.WONDER}
            if s is not None
        ]
    else:
        return [None]
    common: set[int] | None = None
    for shape in shapes:  # the tile is in every block (or plus) it completed
        common = shape if common is None else common & shape
    return [square_name(s) for s in sorted(common or ())]


@dataclass(frozen=True)
class Hidden:
    """What one seat cannot see, as one determinisation fills it in (for ``engine.position_from_view``)."""

    hands: list[str]  # letters per seat, the seat's own as it holds it
    bag: list[int]  # per colour
    removed: list[int]
    points: list[list[int]]  # per seat, per colour
    treasures: list[int]
    rng: int  # the draw generator's state


def sample_hidden(view: PlayerView, rng: random.Random) -> Hidden:
    """The hidden parts of a game consistent with the view, sampled."""
    unseen = unseen_tiles(view)
    pool = [c for c in range(4) for _ in range(unseen[c])]
    rng.shuffle(pool)
    wonder_tiles: list[int] = []
    if view.wonder is not None and not view.composed:
        # R29: the wonder's five tiles of one colour left the game; the colour is not in the view, so the
        # likeliest one (its five are among the unseen tiles)
        colour = max(range(4), key=unseen.__getitem__)
        wonder_tiles = [colour] * 5
        for _ in wonder_tiles:
            pool.remove(colour)
    hands: list[str] = []
    for seat in view.seats:
        if seat.seat == view.seat:
            hands.append("".join(LETTERS[c] * view.hand[c] for c in range(4)))
        else:
            dealt, pool = pool[: seat.hand_size], pool[seat.hand_size :]
            hands.append("".join(LETTERS[c] for c in sorted(dealt)))
    removed_count = estimate_removed(view, len(pool), rng) + len(wonder_tiles)
    pool = wonder_tiles + pool
    removed, bag = [0, 0, 0, 0], [0, 0, 0, 0]
    for i, colour in enumerate(pool):
        (removed if i < removed_count else bag)[colour] += 1
    points, held = estimate_scores(view, rng)
    return Hidden(hands, bag, removed, points, held, rng.getrandbits(64))


def sample_world(view: PlayerView, legal: Sequence[Action], rng: random.Random) -> World:
    """A determinised game where this seat is to act with exactly the given legal choices."""
    hidden = sample_hidden(view, rng)
    game: Game | None = None
    candidates = _placed_candidates(view, legal)
    for placed in candidates:
        try:
            candidate = position_from_view(
                view,
                hands=hidden.hands,
                bag=hidden.bag,
                removed=hidden.removed,
                points=hidden.points,
                treasures=hidden.treasures,
                rng=hidden.rng,
                placed=placed,
            )
        except NotationError:
            continue
        game = candidate
        if len(candidates) == 1 or candidate.legal_actions() == list(legal):
            break
    if game is None:
        raise NotationError("no coherent game matches this view")
    return World(game, Snapshot.from_view(view, points=hidden.points, held=hidden.treasures))
