"""The rules of Tigris & Euphrates as a state machine (rulings R1-R27 of shared/reference/rulings.md).

A turn is not one call. Every choice, the active player's actions and the decisions inside an action
(revolt and war commitments, the order of wars, a monument, treasures), is one ``apply()``; ``phase``
and ``to_act`` always say what is awaited and from whom, and ``legal_actions()`` lists exactly the
legal choices of that player in a fixed order.

Board cells are small ints in one list, so copying and scanning stay cheap:
-1 empty, 0-3 face-up tile of that colour, 4-7 face-down tile (colour + 4), 8 catastrophe,
16 + seat * 4 + colour a leader.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from engine.actions import (
    CATASTROPHE_ACTIONS,
    COLOURS,
    DECLINE,
    LEADER_ACTIONS,
    MONUMENTS,
    PASS,
    TILE_ACTIONS,
    TREASURE_ACTIONS,
    WAR_ACTIONS,
    WITHDRAW_ACTIONS,
    Action,
    Colour,
    Kind,
    commit_action,
    monument_action,
    monument_name,
    swap_action,
)
from engine.board import MAPS, NEIGHBOURS, SQUARES, BoardMap, square_name
from engine.errors import IllegalActionError, NotationError
from engine.rng import Rng

EMPTY = -1
FACE_DOWN = 4
CATASTROPHE = 8
LEADER = 16
RED, BLUE, GREEN, BLACK = COLOURS

HAND_SIZE = 6
TILE_COUNTS = (57, 36, 30, 30)  # R: 153 civilization tiles
LEADERS_PER_PLAYER = 4
CATASTROPHES_PER_PLAYER = 2
_UNIFICATION_NONE = -1


class Phase(Enum):
    """What the game waits for."""

    ACTION = "action"  # the active player's next action
    REVOLT_ATTACKER = "revolt-attacker"
    REVOLT_DEFENDER = "revolt-defender"
    WAR_CHOICE = "war-choice"  # the active player picks the next war (R16)
    WAR_ATTACKER = "war-attacker"
    WAR_DEFENDER = "war-defender"
    MONUMENT = "monument"
    TREASURE = "treasure"
    OVER = "over"

    @property
    def is_commit(self) -> bool:
        return self in _COMMIT_PHASES


_COMMIT_PHASES = frozenset(
    {Phase.REVOLT_ATTACKER, Phase.REVOLT_DEFENDER, Phase.WAR_ATTACKER, Phase.WAR_DEFENDER}
)


@dataclass(frozen=True)
class Settings:
    players: int
    board: str = "standard"
    english: bool = False  # R26
    open_scoring: bool = False  # R25: points and treasures public

    def __post_init__(self) -> None:
        if not 2 <= self.players <= 4:
            raise NotationError("a game has 2, 3 or 4 players")
        if self.board not in MAPS:
            raise NotationError(f"{self.board!r} is not a board: use standard or advanced")


@dataclass
class Conflict:
    """A revolt or a war being resolved. Strengths come from the board, so only the choices are stored."""

    kind: str  # "revolt" | "war"
    colour: Colour  # the leaders' colour; a revolt is always fought with temples (R13)
    attacker: int
    defender: int
    attacker_commit: int | None = None

    @property
    def tile_colour(self) -> Colour:
        return RED if self.kind == "revolt" else self.colour


@dataclass(frozen=True)
class Event:
    """Something that happened, for narration and highlights.

    ``private`` events (points scored, tiles drawn) belong to ``seat`` alone unless scoring is open.
    """

    kind: str
    seat: int | None = None
    colour: Colour | None = None
    squares: tuple[int, ...] = ()
    count: int = 0
    other: int | None = None
    private: bool = False


class Game:
    """One game. Build it with ``Game.new`` or ``Game.load``; change it only with ``apply``."""

    # ----------------------------------------------------------------------------------- creation

    def __init__(self, settings: Settings, seed: int) -> None:
        self.settings = settings
        self.seed = seed
        self.map: BoardMap = MAPS[settings.board]
        self.rng = Rng(seed)
        n = settings.players
        self.cell: list[int] = [EMPTY] * SQUARES
        self.leader_pos: list[list[int | None]] = [[None] * 4 for _ in range(n)]
        self.treasures: set[int] = set()
        self.unification: int | None = None
        self.monuments: list[tuple[tuple[Colour, Colour], int]] = []
        self.monuments_available: list[tuple[Colour, Colour]] = list(MONUMENTS)
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
        self.phase = Phase.ACTION
        self.conflict: Conflict | None = None
        self.placed: int | None = None  # the tile of the current action, for the monument (R20)
        self.end_reason: str | None = None
        self._labels: tuple[list[int], list[int]] | None = None

    @classmethod
    def new(
        cls,
        players: int,
        seed: int,
        board: str = "standard",
        english: bool = False,
        open_scoring: bool = False,
    ) -> Game:
        """A new game (R2): temples with treasures on the map, six tiles each, a random start player."""
        game = cls(Settings(players, board, english, open_scoring), seed)
        for square in game.map.start_temples:
            game.cell[square] = RED
            game.treasures.add(square)
            game.bag[RED] -= 1
        for seat in range(players):
            game._draw(seat, HAND_SIZE)
        game.start_player = game.active = game.rng.below(players)
        return game

    def copy(self) -> Game:
        other = Game.__new__(Game)
        other.__dict__.update(self.__dict__)
        other.rng = Rng(self.rng.state)
        other.cell = self.cell[:]
        other.leader_pos = [p[:] for p in self.leader_pos]
        other.treasures = set(self.treasures)
        other.monuments = self.monuments[:]
        other.monuments_available = self.monuments_available[:]
        other.hands = [h[:] for h in self.hands]
        other.points = [p[:] for p in self.points]
        other.treasures_held = self.treasures_held[:]
        other.catastrophes = self.catastrophes[:]
        other.bag = self.bag[:]
        other.removed = self.removed[:]
        other.conflict = None if self.conflict is None else Conflict(**self.conflict.__dict__)
        other._labels = None
        return other

    # ------------------------------------------------------------------------------- who and what

    @property
    def players(self) -> int:
        return self.settings.players

    @property
    def is_over(self) -> bool:
        return self.phase is Phase.OVER

    @property
    def to_act(self) -> int | None:
        """The seat whose choice the game waits for; None once the game is over."""
        phase = self.phase
        if phase is Phase.OVER:
            return None
        if phase in (Phase.REVOLT_ATTACKER, Phase.WAR_ATTACKER):
            assert self.conflict is not None
            return self.conflict.attacker
        if phase in (Phase.REVOLT_DEFENDER, Phase.WAR_DEFENDER):
            assert self.conflict is not None
            return self.conflict.defender
        if phase is Phase.TREASURE:
            return self._treasure_choice()[0]
        return self.active

    def leader_square(self, seat: int, colour: Colour) -> int | None:
        return self.leader_pos[seat][colour]

    def leaders_in_supply(self, seat: int) -> list[Colour]:
        return [c for c in COLOURS if self.leader_pos[seat][c] is None]

    def hand(self, seat: int) -> tuple[int, int, int, int]:
        h = self.hands[seat]
        return (h[0], h[1], h[2], h[3])

    def bag_count(self) -> int:
        return sum(self.bag)

    # -------------------------------------------------------------------------------- connectivity

    def _component_labels(self, skip: int = -1) -> tuple[list[int], list[int]]:
        """Label every connected square (tiles of either face and leaders; R4) with its region number,
        and count the leaders per region (a region with leaders is a kingdom). ``skip`` treats one
        square as empty (R7)."""
        if skip < 0 and self._labels is not None:
            return self._labels
        cell = self.cell
        label = [-1] * SQUARES
        leaders: list[int] = []
        neighbours = NEIGHBOURS
        region = 0
        for start in range(SQUARES):
            v = cell[start]
            if v < 0 or v == CATASTROPHE or start == skip or label[start] >= 0:
                continue
            label[start] = region
            stack = [start]
            count = 1 if v >= LEADER else 0
            while stack:
                x = stack.pop()
                for y in neighbours[x]:
                    if label[y] < 0 and y != skip:
                        w = cell[y]
                        if w >= 0 and w != CATASTROPHE:
                            label[y] = region
                            stack.append(y)
                            if w >= LEADER:
                                count += 1
            leaders.append(count)
            region += 1
        if skip < 0:
            self._labels = (label, leaders)
        return label, leaders

    def _labels_without(self, square: int) -> tuple[list[int], list[int]]:
        """Labels as if the leader on ``square`` were lifted (R7). Only that leader's region can
        split, so only its squares are relabelled, each part under a new region number."""
        base, base_leaders = self._component_labels()
        region = base[square]
        label, leaders = base[:], base_leaders[:]
        label[square] = -1
        leaders[region] = 0
        neighbours = NEIGHBOURS
        cell = self.cell
        for start in neighbours[square]:
            if label[start] != region:
                continue  # another region, or already relabelled through another neighbour
            fresh = len(leaders)
            label[start] = fresh
            stack = [start]
            count = 1 if cell[start] >= LEADER else 0
            while stack:
                x = stack.pop()
                for y in neighbours[x]:
                    if label[y] == region:
                        label[y] = fresh
                        stack.append(y)
                        if cell[y] >= LEADER:
                            count += 1
            leaders.append(count)
        return label, leaders

    def _set(self, square: int, value: int) -> None:
        self.cell[square] = value
        self._labels = None

    def _adjacent_kingdoms(self, square: int, skip: int = -1) -> set[int]:
        label, leaders = self._component_labels() if skip < 0 else self._labels_without(skip)
        out = set()
        for n in NEIGHBOURS[square]:
            r = label[n]
            if r >= 0 and leaders[r]:
                out.add(r)
        return out

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

    def _leaders_in(self, squares: list[int]) -> list[tuple[int, Colour, int]]:
        """(seat, colour, square) of the leaders standing on the given squares."""
        cell = self.cell
        out = []
        for s in squares:
            v = cell[s]
            if v >= LEADER:
                seat, colour = divmod(v - LEADER, 4)
                out.append((seat, COLOURS[colour], s))
        return out

    def _next_to_temple(self, square: int) -> bool:
        cell = self.cell
        return any(cell[n] == RED for n in NEIGHBOURS[square])

    # ------------------------------------------------------------------------------- legal actions

    def legal_actions(self) -> list[Action]:
        """Every legal choice of the player to act, in a fixed order (empty once the game is over)."""
        phase = self.phase
        if phase is Phase.ACTION:
            return self._legal_turn_actions()
        if phase.is_commit:
            return [commit_action(n) for n in self._legal_commits()]
        if phase is Phase.WAR_CHOICE:
            return [WAR_ACTIONS[c] for c in self._war_colours()]
        if phase is Phase.MONUMENT:
            return [monument_action(pair, sq) for pair, sq in self._monument_options()] + [DECLINE]
        if phase is Phase.TREASURE:
            return [TREASURE_ACTIONS[s] for s in self._treasure_choice()[1]]
        return []

    def _legal_turn_actions(self) -> list[Action]:
        seat = self.active
        cell = self.cell
        hand = self.hands[seat]
        label, leaders = self._component_labels()
        # squares where a tile would touch three or more kingdoms (R9)
        touching: dict[int, set[int]] = {}
        for s in range(SQUARES):
            r = label[s]
            if r >= 0 and leaders[r]:
                for n in NEIGHBOURS[s]:
                    if cell[n] == EMPTY:
                        touching.setdefault(n, set()).add(r)
        crowded = {s for s, ks in touching.items() if len(ks) >= 3}
        out: list[Action] = []
        free_land = [s for s in self.map.land_squares if cell[s] == EMPTY and s not in crowded]
        free_river = [s for s in self.map.river_squares if cell[s] == EMPTY and s not in crowded]
        for colour in COLOURS:
            if hand[colour]:
                table = TILE_ACTIONS[colour]
                out.extend([table[s] for s in (free_river if colour == BLUE else free_land)])
        # leaders: empty land next to a face-up temple (R6), linking at most one kingdom (R6, R7)
        river = self.map.river
        candidates = sorted(
            {n for t in range(SQUARES) if cell[t] == RED for n in NEIGHBOURS[t] if cell[n] == EMPTY}
            - river
        )
        from_supply: list[int] | None = None
        for colour in COLOURS:
            here = self.leader_pos[seat][colour]
            table = LEADER_ACTIONS[colour]
            if here is None:
                if from_supply is None:
                    from_supply = [s for s in candidates if len(touching.get(s, ())) <= 1]
                out.extend(table[s] for s in from_supply)
                continue
            lab, lead = self._labels_without(here)
            for s in candidates:
                ks = {lab[n] for n in NEIGHBOURS[s] if lab[n] >= 0 and lead[lab[n]]}
                if len(ks) <= 1:
                    out.append(table[s])
        out.extend(WITHDRAW_ACTIONS[c] for c in COLOURS if self.leader_pos[seat][c] is not None)
        if self.catastrophes[seat]:
            treasures = self.treasures
            out.extend(
                CATASTROPHE_ACTIONS[s]
                for s in range(SQUARES)
                if cell[s] == EMPTY or (0 <= cell[s] < FACE_DOWN and s not in treasures)
            )
        out.extend(swap_action(t) for t in _sub_multisets(hand))
        out.append(PASS)
        return out

    def _legal_commits(self) -> range | list[int]:
        conflict = self.conflict
        assert conflict is not None
        colour = conflict.tile_colour
        attacker_strength, defender_strength = self.conflict_strengths()
        if self.phase in (Phase.REVOLT_ATTACKER, Phase.WAR_ATTACKER):
            held = self.hands[conflict.attacker][colour]
            if not self.settings.english:
                return range(held + 1)
            # R26: the attacker commits n > 0 only if the total then exceeds the defender's strength
            least = max(1, defender_strength - attacker_strength + 1)
            return [0, *range(least, held + 1)]
        held = self.hands[conflict.defender][colour]
        if not self.settings.english:
            return range(held + 1)
        # R26: the defender commits m > 0 only to tie exactly
        attacker_total = attacker_strength + (conflict.attacker_commit or 0)
        needed = attacker_total - defender_strength
        return [0, needed] if 0 < needed <= held else [0]

    def default_action(self) -> Action | None:
        """What a pending decision becomes when its deadline passes (end of rulings.md): commit 0,
        the next war in the order red, blue, green, black, decline the monument, the treasure first
        in square order. None on a turn action (it has no default) and once the game is over."""
        phase = self.phase
        if phase is Phase.ACTION or phase is Phase.OVER:
            return None
        # legal_actions() lists colours and squares in exactly the default order, and commit 0 first
        return DECLINE if phase is Phase.MONUMENT else self.legal_actions()[0]

    def is_legal(self, action: Action | str) -> bool:
        try:
            parsed = action if isinstance(action, Action) else Action.parse(action)
        except NotationError:
            return False
        return self._illegal_reason(parsed) is None

    # ------------------------------------------------------------------------ why an action is illegal

    def _illegal_reason(self, action: Action) -> str | None:
        """None if legal, else one sentence for the player."""
        phase = self.phase
        kind = action.kind
        if phase is Phase.OVER:
            return "the game is over"
        if phase is Phase.ACTION:
            if kind not in _TURN_KINDS:
                return "no conflict, monument or treasure is waiting for a choice now: it is a turn action"
            return self._turn_action_reason(action)
        expected = _PHASE_KINDS[phase]
        if kind not in expected:
            return f"the game waits for {_PHASE_WAITS[phase]}, not a {kind} action"
        if kind == Kind.COMMIT:
            assert action.number is not None and self.conflict is not None
            n = action.number
            if n in self._legal_commits():
                return None
            colour = self.conflict.tile_colour
            seat = self.to_act
            assert seat is not None
            held = self.hands[seat][colour]
            if n > held:
                return f"you hold only {held} {_plural(colour.tile_name, held)}"
            if phase in (Phase.REVOLT_ATTACKER, Phase.WAR_ATTACKER):
                return "in the English variant the attacker commits tiles only if that makes them stronger"
            return "in the English variant the defender commits tiles only to tie exactly"
        if kind == Kind.WAR:
            if action.colour in self._war_colours():
                return None
            return f"there is no {_colour_word(action.colour)} war to resolve"
        if kind == Kind.MONUMENT:
            options = self._monument_options()
            assert action.pair is not None and action.square is not None
            if (action.pair, action.square) in options:
                return None
            if action.pair not in self.monuments_available:
                return f"the {monument_name(action.pair)} monument is not available"
            return (
                f"no square of four matching tiles with its top-left corner on "
                f"{square_name(action.square).upper()} can take the {monument_name(action.pair)} monument"
            )
        if kind == Kind.TREASURE:
            squares = self._treasure_choice()[1]
            if action.square in squares:
                return None
            names = ", ".join(square_name(s).upper() for s in squares)
            return f"you may take the treasure on {names}"
        return None  # decline

    def _turn_action_reason(self, action: Action) -> str | None:
        seat = self.active
        kind = action.kind
        cell = self.cell
        if kind == Kind.TILE:
            colour, square = action.colour, action.square
            assert colour is not None and square is not None
            name = square_name(square).upper()
            if not self.hands[seat][colour]:
                return f"you have no {colour.tile_name}s ({colour.word}) in your hand"
            if cell[square] != EMPTY:
                return f"{name} is not empty: it holds {self._describe_cell(square)}"
            if square in self.map.river and colour != BLUE:
                return f"{name} is a river square: only farms (blue) go on rivers"
            if square not in self.map.river and colour == BLUE:
                return f"{name} is not a river square: farms (blue) go only on rivers"
            if len(self._adjacent_kingdoms(square)) >= 3:
                return f"a tile on {name} would unite three kingdoms: a tile may unite at most two"
            return None
        if kind == Kind.LEADER:
            colour, square = action.colour, action.square
            assert colour is not None and square is not None
            name = square_name(square).upper()
            here = self.leader_pos[seat][colour]
            if here == square:
                return f"your {colour.leader_name} is already on {name}"
            if cell[square] != EMPTY:
                return f"{name} is not empty: it holds {self._describe_cell(square)}"
            if square in self.map.river:
                return f"{name} is a river square: leaders stand only on land"
            if not self._next_to_temple(square):
                return f"{name} is not next to a face-up temple: a leader must stand beside one"
            if len(self._adjacent_kingdoms(square, skip=-1 if here is None else here)) >= 2:
                return f"a leader on {name} would unite two kingdoms: only tiles may unite kingdoms"
            return None
        if kind == Kind.WITHDRAW:
            colour = action.colour
            assert colour is not None
            if self.leader_pos[seat][colour] is None:
                return f"your {colour.leader_name} is not on the board"
            return None
        if kind == Kind.CATASTROPHE:
            square = action.square
            assert square is not None
            name = square_name(square).upper()
            if not self.catastrophes[seat]:
                return "you have no catastrophe tiles left"
            v = cell[square]
            if v == EMPTY or (0 <= v < FACE_DOWN and square not in self.treasures):
                return None
            if square in self.treasures:
                return f"{name} carries a treasure: a catastrophe cannot go there"
            return f"a catastrophe cannot go on {name}: it holds {self._describe_cell(square)}"
        if kind == Kind.SWAP:
            tiles = action.tiles
            assert tiles is not None
            hand = self.hands[seat]
            for colour in COLOURS:
                if tiles[colour] > hand[colour]:
                    return f"you hold only {hand[colour]} {_plural(colour.tile_name, hand[colour])}"
            return None
        return None  # pass

    def _describe_cell(self, square: int) -> str:
        v = self.cell[square]
        if v >= LEADER:
            seat, colour = divmod(v - LEADER, 4)
            return f"a leader ({LEADER_WORDS[colour]} of seat {seat})"
        if v == CATASTROPHE:
            return "a catastrophe"
        if v >= FACE_DOWN:
            return "a monument"
        return f"a {COLOURS[v].tile_name}"

    # ------------------------------------------------------------------------------------ applying

    def apply(self, action: Action | str, seat: int | None = None) -> list[Event]:
        """Apply one action of the player to act and return what happened.

        ``seat``, when given, must be the player to act. Raises IllegalActionError (nothing changes)
        or NotationError for text that is not an action.
        """
        parsed = action if isinstance(action, Action) else Action.parse(action)
        if seat is not None and seat != self.to_act and self.phase is not Phase.OVER:
            raise IllegalActionError(
                "it is not your turn" if self.phase is Phase.ACTION else "this choice is not yours to make",
                action=parsed.text,
            )
        reason = self._illegal_reason(parsed)
        if reason is not None:
            raise IllegalActionError(reason, action=parsed.text, position=self._position_for_log())
        events: list[Event] = []
        _DISPATCH[parsed.kind](self, parsed, events)
        return events

    def _position_for_log(self) -> str:
        from engine.notation import dump

        return dump(self)

    # -- turn actions

    def _do_tile(self, action: Action, events: list[Event]) -> None:
        seat, colour, square = self.active, action.colour, action.square
        assert colour is not None and square is not None
        kingdoms = self._adjacent_kingdoms(square)
        label = self._component_labels()[0]
        self.hands[seat][colour] -= 1
        self._set(square, colour)
        self.placed = square
        events.append(Event("tile", seat, colour, (square,)))
        if len(kingdoms) == 2:
            # R15: the unification tile goes on the tile; no point for it (R10)
            self.unification = square
            events.append(Event("unification", seat, colour, (square,)))
            self._continue_wars(events)
            return
        if len(kingdoms) == 1:
            region = next(iter(kingdoms))
            members = [s for s in range(SQUARES) if label[s] == region]
            self._score_tile(colour, members, events)
        self._after_conflicts(events)

    def _score_tile(self, colour: Colour, kingdom: list[int], events: list[Event]) -> None:
        """R10: the leader of the tile's colour scores, failing that the king, failing that nobody."""
        leaders = self._leaders_in(kingdom)
        scorer = next((s for s, c, _ in leaders if c == colour), None)
        if scorer is None:
            scorer = next((s for s, c, _ in leaders if c == BLACK), None)
        if scorer is not None:
            self.points[scorer][colour] += 1
            events.append(Event("point", scorer, colour, count=1, private=True))

    def _do_leader(self, action: Action, events: list[Event]) -> None:
        seat, colour, square = self.active, action.colour, action.square
        assert colour is not None and square is not None
        here = self.leader_pos[seat][colour]
        if here is not None:
            self._set(here, EMPTY)
            events.append(Event("move", seat, colour, (here, square)))
        else:
            events.append(Event("leader", seat, colour, (square,)))
        self._set(square, LEADER + seat * 4 + colour)
        self.leader_pos[seat][colour] = square
        # R13: a revolt if the kingdom now holds another leader of this colour
        rival = next(
            (s for s, c, _ in self._leaders_in(self.region_squares(square)) if c == colour and s != seat),
            None,
        )
        if rival is None:
            self._after_conflicts(events)
            return
        self.conflict = Conflict("revolt", colour, attacker=seat, defender=rival)
        self.phase = Phase.REVOLT_ATTACKER
        events.append(Event("revolt", seat, colour, (square,), other=rival))

    def _do_withdraw(self, action: Action, events: list[Event]) -> None:
        seat, colour = self.active, action.colour
        assert colour is not None
        square = self.leader_pos[seat][colour]
        assert square is not None
        self._return_leader(seat, colour)
        events.append(Event("withdraw", seat, colour, (square,)))
        self._after_conflicts(events)

    def _do_catastrophe(self, action: Action, events: list[Event]) -> None:
        seat, square = self.active, action.square
        assert square is not None
        v = self.cell[square]
        self.catastrophes[seat] -= 1
        if 0 <= v < FACE_DOWN:
            self.removed[v] += 1  # R11: the covered tile leaves the game
        self._set(square, CATASTROPHE)
        events.append(Event("catastrophe", seat, None if v < 0 else COLOURS[v], (square,)))
        self._strand_leaders(events)
        self._after_conflicts(events)

    def _do_swap(self, action: Action, events: list[Event]) -> None:
        seat, tiles = self.active, action.tiles
        assert tiles is not None
        hand = self.hands[seat]
        for colour in COLOURS:
            hand[colour] -= tiles[colour]
            self.removed[colour] += tiles[colour]
        n = sum(tiles)
        drawn = self._draw(seat, n)
        events.append(Event("swap", seat, count=n))
        if drawn < n:
            events.append(Event("bag-empty", seat, count=drawn))
        self._after_conflicts(events)

    def _do_pass(self, action: Action, events: list[Event]) -> None:
        events.append(Event("pass", self.active, count=self.actions_left))
        self.actions_left = 1
        self._end_action(events)

    # -- decisions

    def _do_commit(self, action: Action, events: list[Event]) -> None:
        conflict = self.conflict
        assert conflict is not None and action.number is not None
        n = action.number
        colour = conflict.tile_colour
        seat = self.to_act
        assert seat is not None
        self.hands[seat][colour] -= n
        self.removed[colour] += n  # committed tiles leave the game whoever wins (R14, R18)
        events.append(Event("commit", seat, colour, count=n))
        if self.phase in (Phase.REVOLT_ATTACKER, Phase.WAR_ATTACKER):
            conflict.attacker_commit = n
            self.phase = Phase.REVOLT_DEFENDER if conflict.kind == "revolt" else Phase.WAR_DEFENDER
            return
        attacker_board, defender_board = self.conflict_strengths()
        attacker_total = attacker_board + (conflict.attacker_commit or 0)
        defender_total = defender_board + n
        attacker_wins = attacker_total > defender_total  # ties go to the defender (R13, R18)
        winner, loser = conflict.attacker, conflict.defender
        if not attacker_wins:
            winner, loser = loser, winner
        if conflict.kind == "revolt":
            self._resolve_revolt(winner, loser, events)
        else:
            self._resolve_war(winner, loser, events)

    def _resolve_revolt(self, winner: int, loser: int, events: list[Event]) -> None:
        conflict = self.conflict
        assert conflict is not None
        square = self.leader_pos[loser][conflict.colour]
        assert square is not None
        self._return_leader(loser, conflict.colour)
        self.points[winner][RED] += 1  # R14
        events.append(Event("revolt-won", winner, conflict.colour, (square,), count=1, other=loser))
        self.conflict = None
        self._after_conflicts(events)

    def _resolve_war(self, winner: int, loser: int, events: list[Event]) -> None:
        conflict = self.conflict
        assert conflict is not None
        colour = conflict.colour
        loser_square = self.leader_pos[loser][colour]
        assert loser_square is not None
        supporters = self.war_supporters(loser_square)
        self._return_leader(loser, colour)
        removed = []
        for s in supporters:
            if colour == RED and (s in self.treasures or self._next_to_other_leader(s)):
                continue  # R18: such temples stay
            removed.append(s)
            self._set(s, EMPTY)
            self.removed[colour] += 1
        self.points[winner][colour] += 1 + len(removed)
        events.append(
            Event("war-won", winner, colour, (loser_square, *removed), count=1 + len(removed), other=loser)
        )
        self.conflict = None
        self._strand_leaders(events)
        self._continue_wars(events)

    def _next_to_other_leader(self, square: int) -> bool:
        cell = self.cell
        return any(cell[n] >= LEADER and (cell[n] - LEADER) % 4 != RED for n in NEIGHBOURS[square])

    def _do_war(self, action: Action, events: list[Event]) -> None:
        assert action.colour is not None
        self._start_war(action.colour, events)

    def _do_monument(self, action: Action, events: list[Event]) -> None:
        pair, top_left = action.pair, action.square
        assert pair is not None and top_left is not None
        squares = _block(top_left)
        for s in squares:
            self._set(s, self.cell[s] + FACE_DOWN)  # R21: a treasure stays on its tile
        self.monuments.append((pair, top_left))
        self.monuments_available.remove(pair)
        events.append(Event("monument", self.active, squares=squares, count=MONUMENTS.index(pair)))
        self.placed = None
        self._strand_leaders(events)
        self._collect_treasures(events)

    def _do_decline(self, action: Action, events: list[Event]) -> None:
        events.append(Event("decline", self.active))
        self.placed = None
        self._collect_treasures(events)

    def _do_treasure(self, action: Action, events: list[Event]) -> None:
        seat = self.to_act
        assert seat is not None and action.square is not None
        self._take_treasure(seat, action.square, events)
        self._collect_treasures(events)

    # ------------------------------------------------------------------------------ the pipeline

    def _after_conflicts(self, events: list[Event]) -> None:
        """R20 steps 3 and 4, then the end of the action."""
        if self._offer_monument():
            return
        self._collect_treasures(events)

    def _continue_wars(self, events: list[Event]) -> None:
        """R16, R19: fight the next war, ask for the order, or lift the unification tile."""
        colours = self._war_colours()
        if len(colours) > 1:
            self.phase = Phase.WAR_CHOICE
            return
        if colours:
            self._start_war(colours[0], events)
            return
        assert self.unification is not None
        events.append(Event("unification-lifted", squares=(self.unification,)))
        self.unification = None
        self._after_conflicts(events)

    def _war_colours(self) -> list[Colour]:
        """Colours with two leaders in the kingdom of the unification tile (R15, R19)."""
        if self.unification is None:
            return []
        seen = [0, 0, 0, 0]
        for _, colour, _ in self._leaders_in(self.region_squares(self.unification)):
            seen[colour] += 1
        return [c for c in COLOURS if seen[c] >= 2]

    def _start_war(self, colour: Colour, events: list[Event]) -> None:
        assert self.unification is not None
        owners = [s for s, c, _ in self._leaders_in(self.region_squares(self.unification)) if c == colour]
        # R17: the active player attacks if involved, else the first involved player clockwise after them
        n = self.players
        order = sorted(owners, key=lambda s: (s - self.active) % n)
        self.conflict = Conflict("war", colour, attacker=order[0], defender=order[1])
        self.phase = Phase.WAR_ATTACKER
        events.append(Event("war", order[0], colour, (self.unification,), other=order[1]))

    def war_supporters(self, leader_square: int) -> list[int]:
        """R17: face-up tiles of the war's colour on the leader's side of the unification tile."""
        assert self.conflict is not None and self.unification is not None
        colour = self.conflict.colour
        cell = self.cell
        return [s for s in self.region_squares(leader_square, avoid=self.unification) if cell[s] == colour]

    def conflict_strengths(self) -> tuple[int, int]:
        """Board strength of the attacker and the defender in the current conflict (R13, R17)."""
        conflict = self.conflict
        assert conflict is not None
        a = self.leader_pos[conflict.attacker][conflict.colour]
        d = self.leader_pos[conflict.defender][conflict.colour]
        assert a is not None and d is not None
        if conflict.kind == "revolt":
            cell = self.cell
            return (
                sum(1 for n in NEIGHBOURS[a] if cell[n] == RED),
                sum(1 for n in NEIGHBOURS[d] if cell[n] == RED),
            )
        return len(self.war_supporters(a)), len(self.war_supporters(d))

    def _monument_options(self) -> list[tuple[tuple[Colour, Colour], int]]:
        """R21: (monument, top-left square) for each 2x2 of one face-up colour the action's tile completed."""
        placed = self.placed
        if placed is None or self.phase is Phase.OVER:
            return []
        colour = self.cell[placed]
        if not 0 <= colour < FACE_DOWN:
            return []
        pairs = [p for p in self.monuments_available if colour in p]
        if not pairs:
            return []
        row, col = divmod(placed, 16)
        corners = []
        for dr in (-1, 0):
            for dc in (-1, 0):
                r, c = row + dr, col + dc
                if 0 <= r < 10 and 0 <= c < 15:
                    top_left = r * 16 + c
                    if all(self.cell[s] == colour for s in _block(top_left)):
                        corners.append(top_left)
        return [(p, t) for p in pairs for t in sorted(corners)]

    def _offer_monument(self) -> bool:
        if self._monument_options():
            self.phase = Phase.MONUMENT
            return True
        self.placed = None
        return False

    def _treasure_groups(self) -> list[tuple[int, list[int]]]:
        """(trader's owner, treasure squares) for each kingdom that must give up treasures (R22)."""
        label, leaders = self._component_labels()
        by_region: dict[int, list[int]] = {}
        for s in sorted(self.treasures):
            r = label[s]
            if r >= 0 and leaders[r]:
                by_region.setdefault(r, []).append(s)
        groups = []
        for region, squares in by_region.items():
            if len(squares) < 2:
                continue
            for seat in range(self.players):
                trader = self.leader_pos[seat][GREEN]
                if trader is not None and label[trader] == region:
                    groups.append((seat, squares))
                    break
        return groups

    def _treasure_choice(self) -> tuple[int, list[int]]:
        """The seat that must choose a treasure now, and the squares it may choose from."""
        seat, squares = self._treasure_groups()[0]
        return seat, [s for s in squares if s in self.map.special] or squares

    def _collect_treasures(self, events: list[Event]) -> None:
        """R22: take forced treasures; stop at the first real choice; else end the action."""
        while groups := self._treasure_groups():
            seat, squares = groups[0]
            candidates = [s for s in squares if s in self.map.special] or squares
            if len(candidates) > len(squares) - 1:
                self.phase = Phase.TREASURE  # the owner chooses among equals
                return
            for s in candidates:
                self._take_treasure(seat, s, events)
        self._end_action(events)

    def _take_treasure(self, seat: int, square: int, events: list[Event]) -> None:
        self.treasures.discard(square)
        self.treasures_held[seat] += 1
        events.append(Event("treasure", seat, squares=(square,)))

    def _end_action(self, events: list[Event]) -> None:
        self.phase = Phase.ACTION
        self.placed = None
        self.conflict = None
        self.actions_left -= 1
        if self.actions_left <= 0:
            self._end_turn(events)

    def _end_turn(self, events: list[Event]) -> None:
        """R23: monument points, refills, end of game."""
        seat = self.active
        if self.monuments:
            for colour in COLOURS:
                square = self.leader_pos[seat][colour]
                if square is None:
                    continue
                kingdom = set(self.region_squares(square))
                gained = sum(1 for pair, t in self.monuments if colour in pair and t in kingdom)
                if gained:
                    self.points[seat][colour] += gained
                    events.append(Event("monument-points", seat, colour, count=gained, private=True))
        n = self.players
        for i in range(n):
            other = (seat + i) % n
            need = HAND_SIZE - sum(self.hands[other])
            if need > 0:
                drawn = self._draw(other, need)
                if drawn < need:
                    events.append(Event("bag-empty", other, count=drawn))
        if len(self.treasures) <= 2 or self.bag_short:
            self.end_reason = "treasures" if len(self.treasures) <= 2 else "bag"
            self.phase = Phase.OVER
            events.append(Event("game-over"))
            return
        self.active = (seat + 1) % n
        self.actions_left = 2
        self.turn += 1
        events.append(Event("turn", self.active))

    # ----------------------------------------------------------------------------------- helpers

    def _draw(self, seat: int, n: int) -> int:
        """Draw up to n tiles from the bag (R3); note it when the bag runs short (R12, R23)."""
        bag = self.bag
        hand = self.hands[seat]
        drawn = 0
        for _ in range(n):
            total = bag[0] + bag[1] + bag[2] + bag[3]
            if total == 0:
                self.bag_short = True
                break
            r = self.rng.below(total)
            for colour in range(4):
                if r < bag[colour]:
                    bag[colour] -= 1
                    hand[colour] += 1
                    break
                r -= bag[colour]
            drawn += 1
        return drawn

    def _return_leader(self, seat: int, colour: Colour) -> None:
        square = self.leader_pos[seat][colour]
        assert square is not None
        self._set(square, EMPTY)
        self.leader_pos[seat][colour] = None

    def _strand_leaders(self, events: list[Event]) -> None:
        """R8: a leader with no face-up temple beside it goes back to its supply."""
        for seat in range(self.players):
            for colour in COLOURS:
                square = self.leader_pos[seat][colour]
                if square is not None and not self._next_to_temple(square):
                    self._return_leader(seat, colour)
                    events.append(Event("stranded", seat, colour, (square,)))

    # ----------------------------------------------------------------------------------- scoring

    def outcome(self) -> Outcome | None:
        """Final standings (R24) once the game is over, else None."""
        if self.phase is not Phase.OVER:
            return None
        from engine.scoring import final_standings

        assert self.end_reason is not None
        return Outcome(self.end_reason, tuple(final_standings(self.points, self.treasures_held)))

    # -------------------------------------------------------------------------------- equality

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Game):
            return NotImplemented
        from engine.notation import to_dict

        return to_dict(self) == to_dict(other)

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        where = f"turn={self.turn} {self.phase.value} to_act={self.to_act}"
        return f"<Game {self.players}p seed={self.seed} {where}>"


@dataclass(frozen=True)
class Standing:
    seat: int
    place: int  # 1 = winner; tied players share a place (R24)
    points: tuple[int, int, int, int]  # as scored, red blue green black
    treasures: int
    final: tuple[int, int, int, int]  # with treasures allocated
    weakest: Colour  # the colour that decides (first lowest)

    @property
    def score(self) -> int:
        return min(self.final)


@dataclass(frozen=True)
class Outcome:
    reason: str  # "treasures" | "bag"
    standings: tuple[Standing, ...]  # best first


LEADER_WORDS = ("priest", "farmer", "trader", "king")

_TURN_KINDS = frozenset({Kind.TILE, Kind.LEADER, Kind.WITHDRAW, Kind.CATASTROPHE, Kind.SWAP, Kind.PASS})
_PHASE_KINDS = {
    Phase.REVOLT_ATTACKER: {Kind.COMMIT},
    Phase.REVOLT_DEFENDER: {Kind.COMMIT},
    Phase.WAR_ATTACKER: {Kind.COMMIT},
    Phase.WAR_DEFENDER: {Kind.COMMIT},
    Phase.WAR_CHOICE: {Kind.WAR},
    Phase.MONUMENT: {Kind.MONUMENT, Kind.DECLINE},
    Phase.TREASURE: {Kind.TREASURE},
}
_PHASE_WAITS = {
    Phase.REVOLT_ATTACKER: "the attacker's commitment in a revolt ('commit <n>')",
    Phase.REVOLT_DEFENDER: "the defender's commitment in a revolt ('commit <n>')",
    Phase.WAR_ATTACKER: "the attacker's commitment in a war ('commit <n>')",
    Phase.WAR_DEFENDER: "the defender's commitment in a war ('commit <n>')",
    Phase.WAR_CHOICE: "the choice of the next war ('war <colour>')",
    Phase.MONUMENT: "a monument choice ('monument <colours> <square>' or 'decline')",
    Phase.TREASURE: "a treasure choice ('treasure <square>')",
}

_DISPATCH = {
    Kind.TILE: Game._do_tile,
    Kind.LEADER: Game._do_leader,
    Kind.WITHDRAW: Game._do_withdraw,
    Kind.CATASTROPHE: Game._do_catastrophe,
    Kind.SWAP: Game._do_swap,
    Kind.PASS: Game._do_pass,
    Kind.COMMIT: Game._do_commit,
    Kind.WAR: Game._do_war,
    Kind.MONUMENT: Game._do_monument,
    Kind.DECLINE: Game._do_decline,
    Kind.TREASURE: Game._do_treasure,
}


def _block(top_left: int) -> tuple[int, int, int, int]:
    return (top_left, top_left + 1, top_left + 16, top_left + 17)


def _plural(word: str, n: int) -> str:
    return word if n == 1 else word + "s"


def _colour_word(colour: Colour | None) -> str:
    return "" if colour is None else colour.word


def _sub_multisets(hand: list[int]) -> list[tuple[int, int, int, int]]:
    """Every non-empty selection of tiles from a hand, in a fixed order (R12)."""
    out = []
    for r in range(hand[0] + 1):
        for b in range(hand[1] + 1):
            for g in range(hand[2] + 1):
                for k in range(hand[3] + 1):
                    if r + b + g + k:
                        out.append((r, b, g, k))
    return out
