"""What a game is at one moment, and what follows from it without changing it.

``State`` holds every field of a position (docs/notation.md) and answers questions about it: who acts, the
regions and kingdoms (through ``engine.kingdoms``), the strengths and supporters of a conflict, the pending
buildings, monuments, wonder and treasures, and read-back by square name and seat. ``engine.game.Game`` adds
the changes.
"""

from __future__ import annotations

from dataclasses import dataclass
from operator import itemgetter
from typing import Final, Self

from engine.actions import COLOURS, MONUMENTS, Colour
from engine.board import COLUMNS, MAPS, NEIGHBOURS, SQUARES, BoardMap, parse_square, square_name
from engine.cells import (
    BLACK,
    CATASTROPHE,
    CATASTROPHES_PER_PLAYER,
    EMPTY,
    FACE_DOWN,
    GREEN,
    LEADER,
    TILE_COUNTS,
    WONDER,
)
from engine.kingdoms import COLOUR_BITS, Kingdoms, seats_with_leader
from engine.model import (
    PHASE_ACTION,
    PHASE_OVER,
    PHASE_REVOLT_ATTACKER,
    PHASE_REVOLT_DEFENDER,
    PHASE_TREASURE,
    PHASE_WAR_ATTACKER,
    PHASE_WAR_DEFENDER,
    Conflict,
    Settings,
)
from engine.rng import Rng
from engine.scoring import Points, Score

TOP_LEFTS: Final = frozenset(r * 16 + c for r in range(10) for c in range(15))  # squares that start a 2x2


def block(top_left: int) -> tuple[int, int, int, int]:
    """The 2x2 of a monument, from its top-left square."""
    return (top_left, top_left + 1, top_left + 16, top_left + 17)


def plus(centre: int) -> tuple[int, int, int, int, int]:
    """The five squares of the wonder (R29) around ``centre``, in square order; the centre must not be on the
    board's edge (``len(NEIGHBOURS[centre]) == 4``)."""
    return (centre - COLUMNS, centre - 1, centre, centre + 1, centre + COLUMNS)


# per square, (top-left, the other three squares) of each 2x2 on the board holding it, top-left squares in
# square order
BLOCKS_THROUGH: Final = tuple(
    tuple(
        (t, tuple(x for x in block(t) if x != square))
        for t in (square - 17, square - 16, square - 1, square)
        if t in TOP_LEFTS
    )
    for square in range(SQUARES)
)


def line_through(cell: list[int], square: int, step: int, avoid: int = -1) -> list[int]:
    """The squares of the unbroken run of face-up tiles of the colour on ``square`` that runs through it
    horizontally (``step`` 1) or vertically (``step`` 16), in square order; ``avoid`` counts as a gap."""
    colour = cell[square]
    row = square // COLUMNS
    out = [square]
    for direction in (-step, step):
        s = square + direction
        while 0 <= s < SQUARES and (step != 1 or s // COLUMNS == row) and s != avoid and cell[s] == colour:
            out.append(s)
            s += direction
    return sorted(out)


# per square, what its neighbours hold as a tuple, read in one call (every square has two neighbours or more)
_NEIGHBOUR_VALUES: Final = tuple(itemgetter(*n) for n in NEIGHBOURS)


def beside_own_colour(cell: list[int], square: int) -> bool:
    """Whether a neighbour of ``square`` holds what it holds: a line of three (R28) or a plus (R29) through
    a tile needs one, and most tiles have none, so this is asked first after every tile."""
    return cell[square] in _NEIGHBOUR_VALUES[square](cell)


@dataclass(frozen=True)
class Piece:
    """What one square holds, read back by name: ``game.piece_at("e5")``."""

    square: str  # "e5"
    kind: str  # "empty" | "tile" | "leader" | "catastrophe" | "wonder"
    colour: Colour | None = None  # a tile's or a leader's colour
    seat: int | None = None  # a leader's owner
    face_down: bool = False  # a tile under a monument
    treasure: bool = False
    unification: bool = False
    river: bool = False
    building: bool = False  # the civilization building of the tile's colour stands on it (R28)


class State:
    """Every field of a position. Change it only through ``Game.apply`` (or the position loader)."""

    def __init__(self, settings: Settings, seed: int, blank: bool = False) -> None:
        """A new position of ``settings`` before the deal (``Game.start`` deals); ``blank``: only the settings
        and the seed, for ``copy`` to fill in (a class compiled with mypyc cannot skip its ``__init__``)."""
        self.settings = settings
        self.seed = seed
        if blank:
            return
        self.map: BoardMap = MAPS[settings.board]
        self.rng = Rng(seed)
        n = settings.players
        self.kingdoms = Kingdoms(self.map)
        self.leader_pos: list[list[int | None]] = [[None] * 4 for _ in range(n)]
        self.unification: int | None = None
        self.monuments: list[tuple[tuple[Colour, Colour], int]] = []
        self.monuments_available: list[tuple[Colour, Colour]] = list(MONUMENTS)
        self.wonder: int | None = None  # the centre of the wonder's plus once erected (R29)
        self.hands: list[list[int]] = [[0, 0, 0, 0] for _ in range(n)]
        self.points: list[list[int]] = [[0, 0, 0, 0] for _ in range(n)]
        self.treasures_held: list[int] = [0] * n
        self.catastrophes: list[int] = [CATASTROPHES_PER_PLAYER] * n
        self.bag: list[int] = list(TILE_COUNTS)
        self.removed: list[int] = [0, 0, 0, 0]  # out of the game: discards, commitments, losses
        self.start_player = 0
        self.active = 0
        self.actions_left = 2
        self.turn = 1
        self.bag_short = False
        self.phase = PHASE_ACTION
        self.conflict: Conflict | None = None
        self.placed: int | None = None  # the tile of the current action, for the monument (R20)
        self.end_reason: str | None = None

    def copy(self) -> Self:
        other = type(self)(self.settings, self.seed, blank=True)
        other.map = self.map
        other.rng = Rng(self.rng.state)
        other.kingdoms = self.kingdoms.copy()
        # per seat lists copied by map, not by a comprehension (which is a function call of its own)
        other.leader_pos = list(map(list.copy, self.leader_pos))
        other.unification = self.unification
        other.monuments = self.monuments.copy()
        other.monuments_available = self.monuments_available.copy()
        other.wonder = self.wonder
        other.hands = list(map(list.copy, self.hands))
        other.points = list(map(list.copy, self.points))
        other.treasures_held = self.treasures_held.copy()
        other.catastrophes = self.catastrophes.copy()
        other.bag = self.bag.copy()
        other.removed = self.removed.copy()
        other.start_player = self.start_player
        other.active = self.active
        other.actions_left = self.actions_left
        other.turn = self.turn
        other.bag_short = self.bag_short
        other.phase = self.phase
        other.conflict = None if self.conflict is None else self.conflict.copy()
        other.placed = self.placed
        other.end_reason = self.end_reason
        return other

    # ------------------------------------------------------------------------------- who and what

    @property
    def cell(self) -> list[int]:
        """What each square holds (``engine.cells``); read only: changes go through the kingdoms."""
        return self.kingdoms.cell

    @property
    def treasures(self) -> set[int]:
        """The squares carrying a treasure; read only."""
        return self.kingdoms.treasures

    @property
    def buildings(self) -> list[int | None]:
        """Per colour, the square of its civilization building, or None beside the board (R28); read only."""
        return self.kingdoms.buildings

    @property
    def players(self) -> int:
        return self.settings.players

    @property
    def is_over(self) -> bool:
        return self.phase is PHASE_OVER

    @property
    def to_act(self) -> int | None:
        """The seat whose choice the game waits for; None once the game is over."""
        phase = self.phase
        if phase is PHASE_ACTION:
            return self.active
        if phase is PHASE_OVER:
            return None
        if phase is PHASE_REVOLT_ATTACKER or phase is PHASE_WAR_ATTACKER:
            assert self.conflict is not None
            return self.conflict.attacker
        if phase is PHASE_REVOLT_DEFENDER or phase is PHASE_WAR_DEFENDER:
            assert self.conflict is not None
            return self.conflict.defender
        if phase is PHASE_TREASURE:
            return self.treasure_choice()[0]
        return self.active  # war choice, building, monument, wonder, wonder point

    def buildings_on_board(self) -> list[tuple[Colour, int]]:
        """(colour, square) of each civilization building on the board, in colour order (R28)."""
        return [(c, sq) for c in COLOURS if (sq := self.kingdoms.buildings[c]) is not None]

    def leader_square(self, seat: int, colour: Colour) -> int | None:
        return self.leader_pos[seat][colour]

    def leaders_in_supply(self, seat: int) -> list[Colour]:
        return [c for c in COLOURS if self.leader_pos[seat][c] is None]

    def hand(self, seat: int) -> tuple[int, int, int, int]:
        h = self.hands[seat]
        return (h[0], h[1], h[2], h[3])

    def bag_count(self) -> int:
        return sum(self.bag)

    # ---------------------------------------------------------------------------- read-back helpers

    def piece_at(self, square: str | int) -> Piece:
        """What a square holds, by name (``"e5"``) or index."""
        s = parse_square(square) if isinstance(square, str) else square
        v = self.cell[s]
        kind, colour, seat = "tile", None, None
        if v == EMPTY:
            kind = "empty"
        elif v == CATASTROPHE:
            kind = "catastrophe"
        elif v == WONDER:
            kind = "wonder"
        elif v >= LEADER:
            kind = "leader"
            seat, colour = divmod(v - LEADER, 4)
        else:
            colour = v % FACE_DOWN
        return Piece(
            square_name(s),
            kind,
            None if colour is None else COLOURS[colour],
            seat,
            FACE_DOWN <= v < CATASTROPHE,
            s in self.treasures,
            s == self.unification,
            s in self.map.river,
            s in self.buildings,
        )

    def points_of(self, seat: int) -> Points:
        p = self.points[seat]
        return Points(p[0], p[1], p[2], p[3])

    def score_of(self, seat: int) -> Score:
        """A seat's points and treasures (hidden information: R25 is the views' business)."""
        return Score(seat, self.points_of(seat), self.treasures_held[seat])

    # -------------------------------------------------------------------------------- connectivity

    def region_squares(self, square: int, avoid: int = -1) -> list[int]:
        """The squares connected to ``square`` (itself included), not passing through ``avoid``."""
        cell = self.cell
        seen = {square}
        stack = [square]
        while stack:
            x = stack.pop()
            for y in NEIGHBOURS[x]:
                if y not in seen and y != avoid:
                    w = cell[y]
                    if w >= 0 and w != CATASTROPHE:
                        seen.add(y)
                        stack.append(y)
        return sorted(seen)

    def leaders_of_colour_with(self, square: int, colour: int) -> list[int]:
        """The seats with a leader of ``colour`` in the region of ``square``, in seat order."""
        region = self.kingdoms.label[square]
        return seats_with_leader(self.kingdoms.leaders[region], colour)

    # ----------------------------------------------------------------------------------- conflicts

    # The supporters of the current war's leaders, by leader square, with the Conflict they were counted for:
    # the board cannot change while a war waits for its commitments, and they are asked for by each
    # commitment and again when the war is decided. A copy starts without them (it gets its own Conflict).
    _war_supporters: tuple[Conflict, dict[int, tuple[int, ...]]] | None = None

    def war_supporters(self, leader_square: int) -> list[int]:
        """R17: face-up tiles of the war's colour on the leader's side of the unification tile."""
        conflict = self.conflict
        assert conflict is not None and self.unification is not None
        kept = self._war_supporters
        if kept is None or kept[0] is not conflict:
            kept = self._war_supporters = (conflict, {})
        else:
            supporters = kept[1].get(leader_square)
            if supporters is not None:
                return list(supporters)
        colour = conflict.colour
        cell = self.cell
        found = [s for s in self.region_squares(leader_square, avoid=self.unification) if cell[s] == colour]
        kept[1][leader_square] = tuple(found)
        return found

    def conflict_strengths(self) -> tuple[int, int]:
        """Board strength of the attacker and the defender in the current conflict (R13, R17)."""
        conflict = self.conflict
        assert conflict is not None
        a = self.leader_pos[conflict.attacker][conflict.colour]
        d = self.leader_pos[conflict.defender][conflict.colour]
        assert a is not None and d is not None
        if conflict.kind == "revolt":
            temples_next = self.kingdoms.temples_next
            return temples_next[a], temples_next[d]
        return len(self.war_supporters(a)), len(self.war_supporters(d))

    def war_colours(self) -> list[Colour]:
        """Colours with two leaders in the kingdom of the unification tile (R15, R19)."""
        if self.unification is None:
            return []
        kingdoms = self.kingdoms
        mask = kingdoms.leaders[kingdoms.label[self.unification]]
        return [c for c in COLOURS if (mask & COLOUR_BITS[c]).bit_count() >= 2]

    # ------------------------------------------------------------ buildings, monuments, wonder, treasures

    def building_options(self) -> list[int]:
        """R28, R28a: the squares where the building of the action's tile's colour may go now, in square
        order: every tile of a horizontal or vertical line of three or more face-up tiles of that colour
        through the tile, if the line is longer than each line the building stands on (measured without
        the action's tile, so extending the building's own line makes a longer one); never its own square."""
        placed = self.placed
        if placed is None or not self.settings.buildings or self.phase is PHASE_OVER:
            return []
        cell = self.cell
        colour = cell[placed]
        if not 0 <= colour < FACE_DOWN or not beside_own_colour(cell, placed):
            return []
        current = self.buildings[colour]
        bar = 2  # a line has three tiles or more
        if current is not None:
            bar = max(bar, *(len(line_through(cell, current, step, avoid=placed)) for step in (1, COLUMNS)))
        squares: set[int] = set()
        for step in (1, COLUMNS):
            line = line_through(cell, placed, step)
            if len(line) > bar:
                squares.update(line)
        if current is not None:
            squares.discard(current)
        return sorted(squares)

    def monument_options(self) -> list[tuple[tuple[Colour, Colour], int]]:
        """R21: (monument, top-left square) for each 2x2 of one face-up colour the action's tile completed."""
        placed = self.placed
        if placed is None or self.phase is PHASE_OVER:
            return []
        cell = self.cell
        colour = cell[placed]
        if not 0 <= colour < FACE_DOWN:
            return []
        corners = []  # this runs after every tile
        for t, (a, b, c) in BLOCKS_THROUGH[placed]:
            if cell[a] == colour and cell[b] == colour and cell[c] == colour:
                corners.append(t)
        if not corners:
            return []
        return [(p, t) for p in self.monuments_available if colour in p for t in corners]

    def wonder_options(self) -> list[int]:
        """R29: the centres of the pluses of five face-up tiles of one colour that the action's tile
        completed, in square order, while the wonder is not built (one wonder per game, R29a)."""
        placed = self.placed
        if placed is None or not self.settings.wonder or self.wonder is not None or self.phase is PHASE_OVER:
            return []
        cell = self.cell
        colour = cell[placed]
        if not 0 <= colour < FACE_DOWN or not beside_own_colour(cell, placed):
            return []
        return [
            centre
            for centre in sorted((placed, *NEIGHBOURS[placed]))
            if len(NEIGHBOURS[centre]) == 4 and all(cell[s] == colour for s in plus(centre))
        ]

    def wonder_point_due(self) -> bool:
        """R29: the active player's king stands in the wonder's kingdom (at the end of their turn)."""
        if self.wonder is None:
            return False
        king = self.leader_pos[self.active][BLACK]
        label = self.kingdoms.label
        return king is not None and label[king] == label[self.wonder]

    def treasure_groups(self) -> list[tuple[int, list[int]]]:
        """(trader's owner, treasure squares) for each kingdom that must give up treasures (R22), the
        kingdom holding the first treasure in square order first."""
        kingdoms = self.kingdoms
        if not kingdoms.rich:  # asked after every action: mostly no region holds two treasures
            return []
        label, counts = kingdoms.label, kingdoms.treasure_count
        groups: dict[int, tuple[int, list[int]]] | None = None
        seat = -1
        for leaders in self.leader_pos:
            seat += 1
            trader = leaders[GREEN]
            if trader is not None and counts[label[trader]] >= 2:
                region = label[trader]
                if groups is None:
                    groups = {}
                if region not in groups:
                    groups[region] = (seat, sorted(s for s in self.treasures if label[s] == region))
        if groups is None:
            return []
        if len(groups) < 2:
            return list(groups.values())
        return sorted(groups.values(), key=lambda group: group[1][0])

    def treasure_choice(self) -> tuple[int, list[int]]:
        """The seat that must choose a treasure now, and the squares it may choose from."""
        seat, squares = self.treasure_groups()[0]
        return seat, [s for s in squares if s in self.map.special] or squares

    # -------------------------------------------------------------------------------- equality

    def _key(self) -> tuple[object, ...]:
        """Everything a position holds (what ``dump`` writes), for equality."""
        conflict = self.conflict
        return (
            self.settings,
            self.seed,
            self.rng.state,
            tuple(self.cell),
            tuple(sorted(self.treasures)),
            self.unification,
            tuple(self.monuments),
            tuple(self.monuments_available),
            tuple(self.buildings),
            self.wonder,
            tuple(map(tuple, self.hands)),
            tuple(map(tuple, self.points)),
            tuple(self.treasures_held),
            tuple(self.catastrophes),
            tuple(self.bag),
            tuple(self.removed),
            (self.turn, self.start_player, self.active, self.actions_left, self.bag_short),
            self.phase,
            self.placed,
            None if conflict is None else tuple(conflict.__dict__.values()),
            self.end_reason,
        )

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, State):
            return NotImplemented
        return self._key() == other._key()

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        where = f"turn={self.turn} {self.phase.value} to_act={self.to_act}"
        return f"<Game {self.players}p seed={self.seed} {where}>"
