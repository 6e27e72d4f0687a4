"""The board's pieces and their regions and kingdoms (R4), kept up to date piece by piece.

Every change of a square goes through ``Kingdoms.put``. A piece that connects joins the regions beside it
(merging the smaller ones into the largest); a piece lifted re-fills only its own region, which may split.
Each region keeps its size and its leaders as a bitmask (bit ``seat * 4 + colour``): a region with a leader
is a kingdom.

Each empty square keeps how many kingdoms are beside it. It changes only around a changed square, around the
squares a merge or a split relabels, and around a region that gains its first leader or loses its last, so
only those are counted again. From these counts and the face-up temples beside each square come byte masks
that legal moves read directly: where a tile may go (empty, and beside at most two kingdoms: R9), where a
leader from the supply may stand (empty land beside a face-up temple and at most one kingdom: R6), and where a
catastrophe may go (R11). Moving a leader lifts it first (R7); ``leader_mask`` works out what that changes
from its own region alone.

The 2015 edition's pieces fit in without a new structure: a wonder square is a cell value that connects like
a face-down tile (see ``engine.cells``); a civilization building sits on a face-up tile, so it changes no
region, only what a catastrophe may take (R28), which is why the building squares are kept here.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Iterable
from typing import Final

from engine.actions import CATASTROPHE_ACTIONS, COLOURS, LEADER_ACTIONS, TILE_ACTIONS, Action
from engine.board import COLUMNS, NEIGHBOURS, ROWS, SQUARES, BoardMap
from engine.cells import BLUE, CATASTROPHE, EMPTY, FACE_DOWN, LEADER, RED, WONDER

COLOUR_BITS: Final = tuple(0x1111 << c for c in range(4))  # the leader bits of one colour, every seat
# per cell value that connects, its bit in a region's leader mask (0 for a tile or the wonder)
LEADER_BIT: Final = tuple(1 << (v - LEADER) if v >= LEADER else 0 for v in range(LEADER + 16))
NO_REGION: Final = -1
# a square index past the board: labelled NO_REGION, so four neighbours can be read alike
OFF_BOARD: Final = SQUARES
# each square's neighbours, padded to four with OFF_BOARD
FOUR_NEIGHBOURS: Final = tuple((*n, *(OFF_BOARD,) * (4 - len(n))) for n in NEIGHBOURS)
# a region this size is flooded whole when a piece leaves it; a larger one in turns. Not Final, unlike the
# constants around it (which mypyc builds in: docs/design.md): a test lowers it to reach the floods in turns
SMALL_REGION = 24
_SQUARE_RANGE: Final = range(SQUARES)


def _ring(square: int) -> tuple[int, ...]:
    """The eight squares around ``square`` in circular order, starting north; -1 off the board. Each is
    orthogonally adjacent to the next, and the even places are the square's own neighbours."""
    row, col = divmod(square, COLUMNS)
    steps = ((-1, 0), (-1, 1), (0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1))
    return tuple(
        (row + dr) * COLUMNS + col + dc if 0 <= row + dr < ROWS and 0 <= col + dc < COLUMNS else -1
        for dr, dc in steps
    )


def _ring_joined(bits: int) -> bool:
    """For the squares around a square (bit i: ring place i is in the region), whether its neighbours in
    the region (even places) all lie in one run of ring squares in the region."""
    around = [bool(bits >> i & 1) for i in range(8)]
    if all(around):
        return True
    start = around.index(False)
    runs = 0  # runs of region squares around the square that hold one of its neighbours
    in_run = has_neighbour = False
    for k in range(1, 9):
        i = (start + k) % 8
        if around[i]:
            if not in_run:
                in_run, has_neighbour = True, False
            has_neighbour = has_neighbour or i % 2 == 0
        elif in_run:
            runs += has_neighbour
            in_run = False
    return runs <= 1


LAND_TABLES: Final = tuple(TILE_ACTIONS[c] for c in COLOURS if c != BLUE)  # the tile colours of land squares
RIVER_TABLES: Final = (TILE_ACTIONS[BLUE],)
CATASTROPHE_TABLES: Final = (CATASTROPHE_ACTIONS,)
# The action lists legal moves copy come in four groups, each a sorted list of squares and, per table, the
# table's actions for those squares: tiles on land (tile_land: red, green, black), tiles on the river
# (tile_river: blue), leaders from the supply (supply_spots: one list per colour), catastrophes.
LAND: Final = 0
RIVER: Final = 1
SUPPLY: Final = 2
CATASTROPHES: Final = 3
GROUP_TABLES: Final[tuple[tuple[tuple[Action, ...], ...], ...]] = (
    LAND_TABLES,
    RIVER_TABLES,
    LEADER_ACTIONS,
    CATASTROPHE_TABLES,
)
# per colour, the group and the list of its tile actions: red, blue, green, black
TILE_GROUPS: Final = ((LAND, 0), (RIVER, 0), (LAND, 1), (LAND, 2))
# a group's action lists, or None until rebuilt: one object shared by the copies that share the group
_Holder = list[list[list[Action]] | None]
# per square, (square, bit) for each of the eight around it that is on the board: bit i for ring place i
RING: Final = tuple(tuple((x, 1 << i) for i, x in enumerate(_ring(s)) if x >= 0) for s in range(SQUARES))
RING_JOINED: Final = tuple(_ring_joined(bits) for bits in range(256))


def seats_with_leader(mask: int, colour: int) -> list[int]:
    """The seats whose leader of ``colour`` is in a region with this leader mask, in seat order."""
    return list(_SEATS_BY_BITS[mask >> colour & 0x1111])


# the seats of the bits 0, 4, 8, 12 of a leader mask shifted to one colour: seats_with_leader runs after every
# tile and leader
_SEATS_BY_BITS: Final = tuple(
    tuple(seat for seat in range(4) if bits >> (seat * 4) & 1) for bits in range(0x1112)
)


class Kingdoms:
    """Cells, treasures, regions, and the per-square facts legal moves need."""

    __slots__ = (
        "actions",
        "buildings",
        "catastrophe_spots",
        "cell",
        "join_spots",
        "kingdoms_beside",
        "label",
        "leader_spots",
        "leaders",
        "masks",
        "rich",
        "river",
        "shared",
        "size",
        "spare",
        "squares",
        "supply_spots",
        "temples_next",
        "tile_land",
        "tile_river",
        "treasure_count",
        "treasures",
    )

    def __init__(self, board: BoardMap | None) -> None:
        """The kingdoms of an empty ``board``; with None, a shell for ``copy`` to fill in (a class compiled
        with mypyc cannot be made without its ``__init__``: docs/design.md)."""
        if board is None:
            return
        river = bytearray(SQUARES)
        for s in board.river:
            river[s] = 1
        self.river = bytes(river)  # shared between copies: the map never changes
        self.cell: list[int] = [EMPTY] * SQUARES
        self.treasures: set[int] = set()
        self.buildings: list[int | None] = [None] * 4  # per colour: the square of its building (R28)
        # region id of each connected square, and NO_REGION for OFF_BOARD
        self.label: list[int] = [NO_REGION] * (SQUARES + 1)
        self.leaders: list[int] = []  # per region id: bitmask of the leaders in it
        self.size: list[int] = []  # per region id: squares in it; 0 for an unused id
        self.treasure_count: list[int] = []  # per region id: treasures in it (R22)
        self.rich = 0  # regions with two treasures or more: only they may have to give one up (R22)
        self.spare: list[int] = []  # unused region ids
        self.temples_next = bytearray(SQUARES)  # face-up temples beside each square
        self.kingdoms_beside = bytearray(SQUARES)  # distinct kingdoms beside each empty square
        # empty land beside at most two kingdoms (R9), built by index: mypyc 2.4 fails on a comprehension
        # over a bytearray
        self.tile_land = bytearray(1 - river[s] for s in _SQUARE_RANGE)
        self.tile_river = bytearray(river)  # the same on the river
        self.leader_spots = bytearray(SQUARES)  # empty land beside a face-up temple (R6)
        self.supply_spots = bytearray(SQUARES)  # ... and beside at most one kingdom
        self.join_spots = bytearray(SQUARES)  # ... and beside two or more kingdoms (no leader may go)
        self.catastrophe_spots = bytearray(b"\x01" * SQUARES)  # R11
        # The same masks as sorted square lists and as lists of the actions they allow, in square order, kept
        # up to date square by square so that legal_actions() copies lists instead of scanning the board: per
        # group (LAND, RIVER, SUPPLY, CATASTROPHES), its squares, and a holder of its action lists (holding
        # None: to be rebuilt from the squares when next asked for, see action_lists).
        self.squares: list[list[int]] = [
            [s for s in range(SQUARES) if self.tile_land[s]],
            [s for s in range(SQUARES) if self.tile_river[s]],
            [],
            list(range(SQUARES)),
        ]
        self.actions: list[_Holder] = [[None] for _ in range(4)]
        for group in range(4):
            self.action_lists(group)
        # Copies share the squares and action lists of each group until one of them changes the group: a flag
        # set means that group's lists may be shared, so a change copies the squares and drops the actions
        # (the copies the computer players make mostly take an action or two and are never asked for their
        # moves). The copies sharing a group share its holder too, so lists rebuilt for one serve them all.
        self.shared = [0, 0, 0, 0]
        # per region id, per square of a leader in it, where lifting it changes leader_mask()
        # (leader_changes); kept across changes that do not reach that region (see put). The dicts are
        # replaced, never changed in place, so copies share them.
        self.masks: dict[int, dict[int, dict[int, bool]]] = {}

    def copy(self) -> Kingdoms:
        other = Kingdoms(None)
        other.river = self.river
        other.cell = self.cell.copy()
        other.treasures = self.treasures.copy()
        other.buildings = self.buildings.copy()
        other.label = self.label.copy()
        other.leaders = self.leaders.copy()
        other.size = self.size.copy()
        other.treasure_count = self.treasure_count.copy()
        other.rich = self.rich
        other.spare = self.spare.copy()
        other.temples_next = self.temples_next.copy()
        other.kingdoms_beside = self.kingdoms_beside.copy()
        other.tile_land = self.tile_land.copy()
        other.tile_river = self.tile_river.copy()
        other.leader_spots = self.leader_spots.copy()
        other.supply_spots = self.supply_spots.copy()
        other.join_spots = self.join_spots.copy()
        other.catastrophe_spots = self.catastrophe_spots.copy()
        other.squares = self.squares.copy()
        other.actions = self.actions.copy()
        self.shared = [1, 1, 1, 1]
        other.shared = [1, 1, 1, 1]
        other.masks = self.masks.copy()
        return other

    # ------------------------------------------------------------------------------------ changes

    def put(self, square: int, value: int) -> None:
        """Set what ``square`` holds and bring every derived fact up to date."""
        cell = self.cell
        old = cell[square]
        if old == value:
            return
        cell[square] = value
        masks = self.masks
        if masks:
            # the regions the change may reach: its own and its neighbours', before the change; those
            # beside the refreshed squares after it are added by _refresh (see leader_changes)
            label = self.label
            a, b, c, d = FOUR_NEIGHBOURS[square]  # OFF_BOARD reads NO_REGION, which no answer is kept under
            touched = {label[square], label[a], label[b], label[c], label[d]}
        else:
            touched = set()
        was = old >= 0 and old != CATASTROPHE
        now = value >= 0 and value != CATASTROPHE
        dirty: set[int] = set()  # empty squares whose kingdoms beside may have changed
        # whether the square is in a kingdom before or after the change: only then can the squares beside
        # it see another number of kingdoms through it (other regions that change are looked after by
        # _join and _lift)
        in_kingdom = False
        if was and now:  # a flip under a monument: same region, same leaders
            assert old < LEADER and value < LEADER, "a leader is never swapped in place"
        elif was:
            in_kingdom = self.leaders[self.label[square]] != 0
            self._lift(square, old, dirty)
        elif now:
            self._join(square, value, dirty)
            in_kingdom = self.leaders[self.label[square]] != 0
        temple = (old == RED) != (value == RED)
        if temple:
            step = 1 if value == RED else -1
            temples_next = self.temples_next
            for n in NEIGHBOURS[square]:
                temples_next[n] += step
        if temple or in_kingdom:
            for n in NEIGHBOURS[square]:
                if cell[n] == EMPTY:
                    dirty.add(n)
        dirty.add(square)
        self._refresh(dirty, touched)
        if masks:
            for region in masks.keys() & touched:
                del masks[region]

    def add_treasure(self, square: int) -> None:
        """A treasure on the tile on ``square`` (R2) or on the wonder (R29a); a treasure's tile never leaves
        the board (R11, R18)."""
        assert (0 <= self.cell[square] < CATASTROPHE or self.cell[square] == WONDER) and (
            square not in self.treasures
        )
        self.treasures.add(square)
        self._count_treasures(self.label[square], 1)
        self._set_catastrophe(square, False)

    def move_building(self, colour: int, square: int | None) -> None:
        """Put the building of ``colour`` on the face-up tile on ``square``, or beside the board (None). The
        tile under a building cannot take a catastrophe (R28)."""
        old = self.buildings[colour]
        assert square is None or self.cell[square] == colour
        self.buildings[colour] = square
        if old is not None:
            self._refresh((old,))
        if square is not None:
            self._set_catastrophe(square, False)

    def take_treasure(self, square: int) -> None:
        self.treasures.remove(square)
        self._count_treasures(self.label[square], -1)
        self._refresh((square,))

    def _refresh(self, squares: Iterable[int], touched: set[int] | None = None) -> None:
        """Recount the kingdoms beside each of ``squares`` and set their byte masks (and action lists);
        the kingdoms beside the empty ones go into ``touched``."""
        if touched is None:
            touched = set()
        cell, label, leaders, river, temples_next = (
            self.cell,
            self.label,
            self.leaders,
            self.river,
            self.temples_next,
        )
        beside, catastrophe_spots = self.kingdoms_beside, self.catastrophe_spots
        tile_land, tile_river = self.tile_land, self.tile_river
        leader_spots, supply_spots, join_spots = self.leader_spots, self.supply_spots, self.join_spots
        for s in squares:
            v = cell[s]
            if v != EMPTY:
                if tile_land[s] or tile_river[s]:
                    self._set_tile(s, False)
                if supply_spots[s]:
                    self._set_supply(s, False)
                beside[s] = leader_spots[s] = join_spots[s] = 0
                catastrophe = 0 <= v < FACE_DOWN and s not in self.treasures and s not in self.buildings
                if catastrophe_spots[s] != catastrophe:
                    self._set_catastrophe(s, catastrophe)
                continue
            # the distinct kingdoms among the four neighbours, spelt out: this runs for every square a change
            # reaches
            a, b, c, d = FOUR_NEIGHBOURS[s]
            a, b, c, d = label[a], label[b], label[c], label[d]
            count = 0
            if a >= 0 and leaders[a]:
                count = 1
                touched.add(a)
            if b >= 0 and b != a and leaders[b]:
                count += 1
                touched.add(b)
            if c >= 0 and c != a and c != b and leaders[c]:
                count += 1
                touched.add(c)
            if d >= 0 and d != a and d != b and d != c and leaders[d]:
                count += 1
                touched.add(d)
            beside[s] = count
            if not catastrophe_spots[s]:
                catastrophe_spots[s] = 1
                self._update(CATASTROPHES, s, 1)
            # flags as ints, not bools: CPython specialises comparing two ints (before a jump), not an int
            # with a bool, nor a comparison whose result is kept
            tile = 1 if count < 3 else 0
            if river[s]:
                if tile_river[s] != tile:
                    tile_river[s] = tile
                    self._update(RIVER, s, tile)
                continue
            if tile_land[s] != tile:
                tile_land[s] = tile
                self._update(LAND, s, tile)
            if temples_next[s]:  # a leader spot (R6)
                leader_spots[s] = 1
                supply = 1 if count <= 1 else 0
                if supply_spots[s] != supply:
                    supply_spots[s] = supply
                    self._update(SUPPLY, s, supply)
                join_spots[s] = 1 - supply
            else:
                if supply_spots[s]:
                    self._set_supply(s, False)
                leader_spots[s] = join_spots[s] = 0

    def _set_tile(self, square: int, on: bool) -> None:
        """Set ``tile_land`` (``tile_river`` on a river square) and the tile action lists at ``square``."""
        if self.river[square]:
            self.tile_river[square] = on
            self._update(RIVER, square, on)
        else:
            self.tile_land[square] = on
            self._update(LAND, square, on)

    def _set_supply(self, square: int, on: bool) -> None:
        self.supply_spots[square] = on
        self._update(SUPPLY, square, on)

    def _set_catastrophe(self, square: int, on: bool) -> None:
        if self.catastrophe_spots[square] != on:
            self.catastrophe_spots[square] = on
            self._update(CATASTROPHES, square, on)

    def _update(self, group: int, square: int, on: int) -> None:
        """Insert ``square`` into the sorted squares of ``group`` and each of its tables' action for it into
        the matching list at the same place, or remove them."""
        squares = self.squares[group]
        shared = self.shared
        if shared[group]:  # copy on write; the actions are rebuilt only if asked for
            shared[group] = 0
            squares = self.squares[group] = squares[:]
            self.actions[group] = [None]
            lists = None
        else:
            lists = self.actions[group][0]
        i = bisect_left(squares, square)
        if on:
            squares.insert(i, square)
            if lists is None:
                return
            if len(lists) == 1:  # the river's and the catastrophes' single list
                lists[0].insert(i, GROUP_TABLES[group][0][square])
                return
            for actions, table in zip(lists, GROUP_TABLES[group], strict=True):
                actions.insert(i, table[square])
        else:
            del squares[i]
            if lists is None:
                return
            for actions in lists:
                del actions[i]

    def action_lists(self, group: int) -> list[list[Action]]:
        """The action lists of ``group``, one per table, in square order (rebuilt from its squares if a
        change dropped them). Do not change them."""
        holder = self.actions[group]
        lists = holder[0]
        if lists is None:
            squares = self.squares[group]
            lists = holder[0] = [[table[s] for s in squares] for table in GROUP_TABLES[group]]
        return lists

    def _new_region(self, size: int, leaders: int, treasures: int) -> int:
        if self.spare:
            region = self.spare.pop()
            self.size[region] = size
            self.leaders[region] = leaders
            self.treasure_count[region] = treasures
        else:
            region = len(self.size)
            self.size.append(size)
            self.leaders.append(leaders)
            self.treasure_count.append(treasures)
        return region

    def _free_region(self, region: int) -> None:
        self.size[region] = 0
        self.leaders[region] = 0
        self._count_treasures(region, -self.treasure_count[region])
        self.spare.append(region)

    def _count_treasures(self, region: int, change: int) -> None:
        """Add ``change`` to the treasures of ``region``, keeping ``rich`` up to date."""
        counts = self.treasure_count
        before = counts[region]
        counts[region] = after = before + change
        self.rich += (after >= 2) - (before >= 2)

    def _join(self, square: int, value: int, dirty: set[int]) -> None:
        label, size, leaders = self.label, self.size, self.leaders
        target = NO_REGION
        others: list[int] = []
        for n in NEIGHBOURS[square]:
            region = label[n]
            if region < 0 or region == target or region in others:
                continue
            if target < 0:
                target = region
            elif size[region] > size[target]:
                others.append(target)
                target = region
            else:
                others.append(region)
        if target < 0:
            label[square] = self._new_region(1, LEADER_BIT[value], 0)
            return
        was_kingdom = leaders[target] != 0
        for region in others:  # relabel the smaller regions into the largest
            for start in NEIGHBOURS[square]:
                if label[start] == region:
                    self._relabel(start, region, target, dirty)
                    break
            size[target] += size[region]
            leaders[target] |= leaders[region]
            self._count_treasures(target, self.treasure_count[region])
            self._free_region(region)
        label[square] = target
        size[target] += 1
        leaders[target] |= LEADER_BIT[value]
        if not was_kingdom and leaders[target]:  # a new kingdom: every empty square beside it counts it
            self._empties_beside(square, dirty)

    def _relabel(self, start: int, old: int, new: int, dirty: set[int]) -> None:
        """Give the squares labelled ``old`` that connect to ``start`` the label ``new``; the empty squares
        beside them go into ``dirty``."""
        label, cell = self.label, self.cell
        label[start] = new
        stack = [start]
        while stack:
            for y in NEIGHBOURS[stack.pop()]:
                if label[y] == old:
                    label[y] = new
                    stack.append(y)
                elif cell[y] == EMPTY:
                    dirty.add(y)

    def _empties_beside(self, start: int, dirty: set[int]) -> None:
        """Put the empty squares beside the region of ``start`` into ``dirty``."""
        label, cell = self.label, self.cell
        region = label[start]
        seen = {start}
        stack = [start]
        while stack:
            for y in NEIGHBOURS[stack.pop()]:
                if label[y] == region:
                    if y not in seen:
                        seen.add(y)
                        stack.append(y)
                elif cell[y] == EMPTY:
                    dirty.add(y)

    def _lift(self, square: int, old: int, dirty: set[int]) -> None:
        """A connected piece leaves ``square``: its region loses it and may fall apart."""
        label, size, leaders = self.label, self.size, self.leaders
        region = label[square]
        label[square] = NO_REGION
        size[region] -= 1
        was_kingdom = leaders[region] != 0
        leaders[region] &= ~LEADER_BIT[old]
        beside = []
        for n in NEIGHBOURS[square]:
            if label[n] == region:
                beside.append(n)
        if not beside:
            self._free_region(region)
            return
        if len(beside) == 1 or self._joined_around(square, region):
            if was_kingdom and not leaders[region]:
                self._empties_beside(beside[0], dirty)
            return
        # the parts cut off are refilled under new ids; the rest keeps the old one
        cell, treasures = self.cell, self.treasures
        cut, rest = self._cut_off(square, region, beside)
        for squares in cut:
            part = self._new_region(len(squares), 0, 0)
            part_leaders = part_treasures = 0
            for x in squares:
                label[x] = part
                v = cell[x]
                if v >= LEADER:
                    part_leaders |= LEADER_BIT[v]
                elif x in treasures:
                    part_treasures += 1
                for y in NEIGHBOURS[x]:
                    if cell[y] == EMPTY:
                        dirty.add(y)
            leaders[part] = part_leaders
            self._count_treasures(part, part_treasures)
            size[region] -= len(squares)
            leaders[region] &= ~part_leaders
            self._count_treasures(region, -part_treasures)
        if was_kingdom and not leaders[region]:  # what keeps the old id is no kingdom any more
            self._empties_beside(rest, dirty)

    # ----------------------------------------------------------------------------------- queries

    def is_kingdom_at(self, square: int) -> bool:
        region = self.label[square]
        return region >= 0 and self.leaders[region] != 0

    def kingdoms_next_to(self, square: int) -> set[int]:
        """The kingdoms (region ids) beside ``square``."""
        label, leaders = self.label, self.leaders
        out = set()
        for n in NEIGHBOURS[square]:
            region = label[n]
            if region >= 0 and leaders[region]:
                out.add(region)
        return out

    def region_of(self, square: int) -> list[int]:
        """The squares of the region of a connected ``square``, in square order."""
        region = self.label[square]
        label = self.label
        return [s for s in range(SQUARES) if label[s] == region]

    def leader_mask(self, lifted: int = -1) -> bytearray | bytes:
        """A byte per square: 1 where a leader may stand (R6), for a leader from the supply (``lifted``
        -1) or for the leader standing on ``lifted``, which is lifted first (R7): its region loses it, may
        split, and may stop being a kingdom. Only squares beside that region can change."""
        if lifted < 0:
            return self.supply_spots
        changes = self.leader_changes(lifted)
        if not changes:
            return self.supply_spots
        mask = bytearray(self.supply_spots)
        for s, on in changes.items():
            mask[s] = on
        return mask

    def may_lead(self, square: int, lifted: int = -1) -> bool:
        """``leader_mask(lifted)[square]`` without building the mask."""
        if lifted >= 0:
            changes = self.leader_changes(lifted)
            if square in changes:
                return changes[square]
        return bool(self.supply_spots[square])

    def leader_actions(self, colour: int, lifted: int = -1) -> list[Action]:
        """The leader actions of ``colour`` that ``leader_mask(lifted)`` allows, in square order: the list
        kept for the supply, patched where lifting the leader on ``lifted`` changes it. Do not change it."""
        actions = (self.actions[SUPPLY][0] or self.action_lists(SUPPLY))[colour]
        if lifted < 0:
            return actions
        changes = self.leader_changes(lifted)
        if not changes:
            return actions
        actions = actions[:]
        squares, table = self.squares[SUPPLY], LEADER_ACTIONS[colour]
        # from the last square back, so that the places of the earlier ones in ``squares`` still hold
        for s in sorted(changes, reverse=True):
            i = bisect_left(squares, s)
            if changes[s]:
                actions.insert(i, table[s])
            else:
                del actions[i]
        return actions

    def leader_changes(self, lifted: int) -> dict[int, bool]:
        """The squares where a leader may stand differently from ``supply_spots`` once the leader on
        ``lifted`` is lifted (R7), and whether it may stand there.

        Kept under the id of the leader's region H until a change reaches H. The answer reads only which
        squares H holds, the leaders in H and the facts of the squares beside H (kingdoms beside, leader,
        supply and joining spots). H's squares change only by a piece put on H or beside it, so ``put``
        drops H's answers when the region ids of the changed square and its neighbours, before the change,
        include H's; and the facts of a square beside H change only when ``_refresh`` recounts it, which
        finds H beside it. H's id cannot pass to another region while H stands."""
        home = self.label[lifted]
        kept = self.masks.get(home)
        if kept is not None:
            changes = kept.get(lifted)
            if changes is not None:
                return changes
        changes = self._leader_changes(lifted)
        self.masks[home] = {**kept, lifted: changes} if kept else {lifted: changes}
        return changes

    def _leader_changes(self, lifted: int) -> dict[int, bool]:
        label, leaders, cell = self.label, self.leaders, self.cell
        kingdoms_beside = self.kingdoms_beside
        home = label[lifted]
        rest = leaders[home] & ~LEADER_BIT[cell[lifted]]
        changed: dict[int, int] = {}  # square -> kingdoms beside it once the leader is lifted
        if not rest:  # its region is no kingdom any more: a joining square beside it may be free
            changed = dict.fromkeys(self._pairs_beside(home), 1)
        else:
            inside = []
            for n in NEIGHBOURS[lifted]:
                if label[n] == home:
                    inside.append(n)
            cut: list[list[int]] = []
            if len(inside) > 1 and not self._joined_around(lifted, home):  # it may fall apart
                if not rest & (rest - 1):  # one leader stays: at most one part is a kingdom
                    return self._changes_keeping_one(lifted, rest)
                cut, _ = self._cut_off(lifted, home, inside)
            if cut:
                changed = self._counts_after_split(lifted, rest, cut)
            else:  # it holds together
                # only squares that touched the region through the lifted one lose it (the lifted square
                # is their one neighbour labelled home)
                join_spots = self.join_spots
                for s in NEIGHBOURS[lifted]:
                    if join_spots[s] and kingdoms_beside[s] == 2:
                        a, b, c, d = FOUR_NEIGHBOURS[s]  # the off-board pad reads NO_REGION
                        if (label[a], label[b], label[c], label[d]).count(home) == 1:
                            changed[s] = 1
        out: dict[int, bool] = {}
        supply_spots = self.supply_spots
        for s, count in changed.items():
            if (count <= 1) != supply_spots[s]:
                out[s] = count <= 1
        return out

    def _changes_keeping_one(self, lifted: int, rest: int) -> dict[int, bool]:
        """``_leader_changes`` when the leader on ``lifted`` leaves its region H, which may fall apart,
        with one other leader (``rest``, one bit) in it: only the part of H holding that leader stays a
        kingdom, so no square beside H counts more kingdoms, and only a joining spot beside two kingdoms,
        H one of them, may take a leader then: if the part with the leader is not beside it. That part is
        flooded only if there is such a spot (there are few joining spots)."""
        label, cell = self.label, self.cell
        home = label[lifted]
        spots = self._pairs_beside(home)
        if not spots:
            return {}
        start = cell.index(LEADER + rest.bit_length() - 1)
        part = {lifted, start}  # the lifted square only keeps the flood out
        stack = [start]
        while stack:
            for y in NEIGHBOURS[stack.pop()]:
                if y not in part and label[y] == home:
                    part.add(y)
                    stack.append(y)
        part.discard(lifted)
        changes: dict[int, bool] = {}
        for s in spots:
            if part.isdisjoint(NEIGHBOURS[s]):
                changes[s] = True
        return changes

    def _pairs_beside(self, region: int) -> list[int]:
        """The joining spots beside exactly two kingdoms, ``region`` one of them, in square order: the only
        squares where lifting a leader of ``region`` can let a leader stand (there are few joining spots)."""
        label, kingdoms_beside, join_spots = self.label, self.kingdoms_beside, self.join_spots
        spots = []
        s = join_spots.find(1)
        while s >= 0:
            a, b, c, d = FOUR_NEIGHBOURS[s]  # the off-board pad reads NO_REGION
            if kingdoms_beside[s] == 2 and region in (label[a], label[b], label[c], label[d]):
                spots.append(s)
            s = join_spots.find(1, s + 1)
        return spots

    def _joined_around(self, square: int, region: int) -> bool:
        """Whether the neighbours of ``square`` in ``region`` stay joined without it through the eight
        squares around it: enough to know the region does not split, without a flood."""
        label = self.label
        bits = 0
        for x, bit in RING[square]:
            if label[x] == region:
                bits |= bit
        return RING_JOINED[bits]

    def _cut_off(self, square: int, region: int, starts: list[int]) -> tuple[list[list[int]], int]:
        """Without ``square``, the parts of ``region`` that ``starts`` (its neighbours in the region) no
        longer reach, each as its squares, and a square of the rest. A start with no other neighbour in the
        region is a part of one square (the usual case); a small region is flooded from each other start; in
        a large one the floods go in turns of a few squares each (doubling), joined where they meet, until
        at most one is unfinished: each finished flood is a part, and the cost follows the smaller parts."""
        label = self.label
        cut: list[list[int]] = []
        further: list[int] = []  # the starts with another square of the region beside them
        for start in starts:
            for y in NEIGHBOURS[start]:
                if y != square and label[y] == region:
                    further.append(start)
                    break
            else:
                cut.append([start])  # a part of one square: the usual case
        if len(further) <= 1:
            return (cut, further[0]) if further else (cut[:-1], cut[-1][0])
        if self.size[region] <= SMALL_REGION:
            # flood from each start not reached yet but the last: a flood that reaches the last start is
            # the rest, every other one a part cut off
            last = further[-1]
            seen = {square}
            for start in further[:-1]:
                if start in seen:
                    continue
                seen.add(start)
                part = [start]
                for x in part:
                    for y in NEIGHBOURS[x]:
                        if y not in seen and label[y] == region:
                            seen.add(y)
                            part.append(y)
                if last not in part:
                    cut.append(part)
            return cut, last
        starts = further
        owner = {start: i for i, start in enumerate(starts)}  # square -> the flood that reached it
        joined = list(range(len(starts)))  # per flood, the flood it was joined into (itself if none)
        stacks = [[start] for start in starts]  # per flood, its squares still to look around
        members = [[start] for start in starts]  # per flood, its squares
        running = list(range(len(starts)))
        budget = 4
        while len(running) > 1:
            for i in running[:]:
                if joined[i] != i:
                    continue
                stack, mine = stacks[i], members[i]
                steps = budget
                while stack and steps:
                    steps -= 1
                    for y in NEIGHBOURS[stack.pop()]:
                        if label[y] != region or y == square:
                            continue
                        other = owner.get(y)
                        if other is None:
                            owner[y] = i
                            stack.append(y)
                            mine.append(y)
                            continue
                        while joined[other] != other:
                            other = joined[other]
                        if other != i:  # two floods meet: one part so far
                            joined[other] = i
                            stack += stacks[other]
                            mine += members[other]
                            running.remove(other)
                if len(running) == 1:  # every other flood joined this one
                    break
                if not stack:  # nothing left to reach: a part of its own
                    running.remove(i)
                    cut.append(mine)
                    if len(running) == 1:
                        break
            budget *= 2
        return cut, members[running[0]][0]

    def _counts_after_split(self, lifted: int, rest: int, cut: list[list[int]]) -> dict[int, int]:
        """Once the leader on ``lifted`` is lifted from its region H, which still holds the leaders ``rest``
        and falls into the parts ``cut`` and the rest of H, the kingdoms beside each leader spot whose count
        may decide differently. Only the parts with a leader are kingdoms: a spot beside p of them and beside
        k kingdoms now (H among them) has k - 1 + p. Spots beside neither a part cut off nor the lifted square
        see only the rest of H: their count changes only if the rest keeps no leader, and then decides
        differently only for a joining spot with k == 2."""
        label, cell, leader_spots = self.label, self.cell, self.leader_spots
        kingdoms_beside, join_spots = self.kingdoms_beside, self.join_spots
        home = label[lifted]
        part_of: dict[int, int] = {}  # square -> its part cut off
        kingdom = [False] * len(cut)
        for i, squares in enumerate(cut):
            bits = 0
            for x in squares:
                part_of[x] = i
                bits |= LEADER_BIT[cell[x]]
            kingdom[i] = bits != 0
            rest &= ~bits
        counts: dict[int, int] = {}
        if rest and not any(kingdom):
            # the parts cut off are no kingdoms and the rest still is: only a joining spot with k == 2 beside
            # a part cut off or the lifted square, and not beside the rest, loses a kingdom that matters
            # (there are few joining spots)
            s = join_spots.find(1)
            while s >= 0:
                if kingdoms_beside[s] == 2:
                    near = beside_rest = False
                    for y in NEIGHBOURS[s]:
                        if y == lifted or y in part_of:
                            near = True
                        elif label[y] == home:
                            beside_rest = True
                    if near and not beside_rest:
                        counts[s] = 1
                s = join_spots.find(1, s + 1)
            return counts
        candidates = {s for s in NEIGHBOURS[lifted] if leader_spots[s]}
        for x in part_of:
            candidates.update([y for y in NEIGHBOURS[x] if leader_spots[y]])
        for s in candidates:
            seen = set()
            for y in NEIGHBOURS[s]:
                if label[y] == home and y != lifted:
                    seen.add(part_of.get(y, -1))
            counts[s] = kingdoms_beside[s] - 1 + sum(1 for i in seen if (kingdom[i] if i >= 0 else rest))
        if not rest:  # the rest of H is no kingdom any more: the joining spots beside it only
            for s in self._pairs_beside(home):
                counts.setdefault(s, 1)
        return counts
