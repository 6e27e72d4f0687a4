"""A compact copy of what the evaluation reads, built from a player's view and kept up to date from the
events that ``Game.apply()`` returns.

Why a mirror: reading a ``PlayerView`` costs hundreds of microseconds (176 square objects), far too much
for an evaluation called thousands of times per move, and the engine's own fields are not public API.
The events are public and say exactly what changed. An event kind this module does not know (a rule the
engine gains later) makes ``update`` report failure, and the caller rebuilds the mirror from the views.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from engine import MONUMENTS, Colour, Event, Game, PlayerView, player_view

EMPTY = -1
FACE_DOWN = 4  # a face-down tile is its colour + 4
CATASTROPHE = 8
WONDER = FACE_DOWN  # the wonder connects like a monument's tiles and counts for nothing else (R29)
LEADER = 16  # a leader is 16 + seat * 4 + colour
NO_SQUARE = -1

RED, BLUE, GREEN, BLACK = 0, 1, 2, 3

# Events that change nothing the mirror holds.
# Buildings double a kingdom's points (R28) but the evaluation does not weigh them, so their events are quiet.
_QUIET_EVENTS = frozenset(
    {
        "revolt",
        "war",
        "swap",
        "bag-empty",
        "pass",
        "decline",
        "turn",
        "building",
        "building-moved",
        "building-declined",
        "building-returned",
        "wonder-declined",
    }
)


@dataclass
class Snapshot:
    """The board, leaders, points and treasures of every seat (hidden ones as the searcher assumes them)."""

    cells: list[int]
    river: frozenset[int]
    special: frozenset[int]
    treasures: set[int]
    leaders: list[list[int]]  # [seat][colour] -> square or NO_SQUARE
    points: list[list[int]]
    held: list[int]  # treasures taken, per seat
    catastrophes: list[int]
    monuments: list[tuple[tuple[Colour, Colour], int]]
    unification: int
    attacker_commit: int = -1  # the attacker's commitment in the conflict being resolved, once made
    over: bool = False

    @property
    def players(self) -> int:
        return len(self.leaders)

    @classmethod
    def from_view(cls, view: PlayerView, points: Sequence[Sequence[int]], held: Sequence[int]) -> Snapshot:
        """The mirror of a view, with every seat's points and treasures (hidden ones as assumed)."""
        cells = []
        for sq in view.squares:
            if sq.catastrophe:
                cells.append(CATASTROPHE)
            elif sq.wonder:
                cells.append(WONDER)
            elif sq.leader is not None:
                cells.append(LEADER + sq.leader[0] * 4 + int(sq.leader[1]))
            elif sq.tile is not None:
                cells.append(int(sq.tile) + (FACE_DOWN if sq.face_down else 0))
            else:
                cells.append(EMPTY)
        leaders = [[NO_SQUARE] * 4 for _ in view.seats]
        for seat in view.seats:
            for colour, square in seat.leaders_on_board:
                leaders[seat.seat][int(colour)] = square
        return cls(
            cells=cells,
            river=frozenset(sq.index for sq in view.squares if sq.river),
            special=frozenset(sq.index for sq in view.squares if sq.special),
            treasures={sq.index for sq in view.squares if sq.treasure},
            leaders=leaders,
            points=[list(p) for p in points],
            held=list(held),
            catastrophes=[seat.catastrophes for seat in view.seats],
            monuments=list(view.monuments),
            unification=NO_SQUARE if view.unification is None else view.unification,
            attacker_commit=-1
            if view.conflict is None or view.conflict.attacker_commit is None
            else view.conflict.attacker_commit,
            over=view.outcome is not None,
        )

    @classmethod
    def from_game(cls, game: Game) -> Snapshot:
        """The mirror of a whole game (every seat's own view supplies its hidden points)."""
        views = [player_view(game, seat) for seat in range(game.players)]
        return cls.from_view(
            views[0], points=[list(v.points) for v in views], held=[v.treasures for v in views]
        )

    def copy(self) -> Snapshot:
        # field by field on a bare instance: the generated __init__ with keywords costs a third more,
        # and every candidate of every playout copies one
        other = Snapshot.__new__(Snapshot)
        other.cells = self.cells[:]
        other.river = self.river
        other.special = self.special
        other.treasures = set(self.treasures)
        other.leaders = [row[:] for row in self.leaders]
        other.points = [row[:] for row in self.points]
        other.held = self.held[:]
        other.catastrophes = self.catastrophes[:]
        other.monuments = self.monuments[:]
        other.unification = self.unification
        other.attacker_commit = self.attacker_commit
        other.over = self.over
        return other

    # ------------------------------------------------------------------------------------- events

    def update(self, events: Iterable[Event]) -> bool:
        """Apply what ``Game.apply()`` reported; False if an event was not understood (rebuild then)."""
        return all(self._update_one(event) for event in events)

    def _update_one(self, e: Event) -> bool:
        kind = e.kind
        if kind in _QUIET_EVENTS:
            return True
        cells = self.cells
        if kind == "commit":  # the attacker commits first, the defender's commitment ends the conflict
            self.attacker_commit = e.count if self.attacker_commit < 0 else -1
        elif kind == "tile":
            assert e.colour is not None
            cells[e.squares[0]] = int(e.colour)
        elif kind in ("point", "monument-points", "wonder-point"):
            assert e.seat is not None and e.colour is not None
            self.points[e.seat][e.colour] += e.count
        elif kind == "leader":
            assert e.seat is not None and e.colour is not None
            self._put_leader(e.seat, e.colour, e.squares[0])
        elif kind == "move":
            assert e.seat is not None and e.colour is not None
            cells[e.squares[0]] = EMPTY
            self._put_leader(e.seat, e.colour, e.squares[1])
        elif kind in ("withdraw", "stranded"):
            assert e.seat is not None and e.colour is not None
            self._lift_leader(e.seat, e.colour)
        elif kind == "catastrophe":
            assert e.seat is not None
            cells[e.squares[0]] = CATASTROPHE
            self.catastrophes[e.seat] -= 1
        elif kind in ("revolt-won", "war-won"):
            assert e.seat is not None and e.other is not None and e.colour is not None
            self._lift_leader(e.other, e.colour)
            for square in e.squares[1:]:  # the loser's supporters removed by a war (R18)
                cells[square] = EMPTY
            self.points[e.seat][RED if kind == "revolt-won" else e.colour] += e.count
        elif kind == "unification":
            self.unification = e.squares[0]
        elif kind == "unification-lifted":
            self.unification = NO_SQUARE
        elif kind == "monument":
            for square in e.squares:
                cells[square] = cells[square] % FACE_DOWN + FACE_DOWN
            self.monuments.append((MONUMENTS[e.count], e.squares[0]))
        elif kind == "wonder":
            for square in e.squares:
                cells[square] = WONDER
        elif kind == "treasure":
            assert e.seat is not None
            self.treasures.discard(e.squares[0])
            self.held[e.seat] += 1
        elif kind == "game-over":
            self.over = True
        else:
            return False
        return True

    def _put_leader(self, seat: int, colour: int, square: int) -> None:
        self.cells[square] = LEADER + seat * 4 + colour
        self.leaders[seat][colour] = square

    def _lift_leader(self, seat: int, colour: int) -> None:
        square = self.leaders[seat][colour]
        if square != NO_SQUARE:
            self.cells[square] = EMPTY
        self.leaders[seat][colour] = NO_SQUARE
