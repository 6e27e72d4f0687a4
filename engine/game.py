"""The rules of Tigris & Euphrates as a state machine (rulings R1-R29 of shared/reference/rulings.md).

A turn is not one call. Every choice, the active player's actions and the decisions inside an action
(revolt and war commitments, the order of wars, a building, a monument, the wonder, treasures) and the
wonder's point at the end of a turn, is one ``apply()``; ``phase``
and ``to_act`` always say what is awaited and from whom, and ``legal_actions()`` lists exactly the
legal choices of that player in a fixed order.

The fields and the questions a position answers are in ``engine.state``, the regions and kingdoms in
``engine.kingdoms``, what is legal in ``engine.legal``; this module changes the position.
"""

from __future__ import annotations

from typing import Final

from engine.actions import COLOURS, DECLINE, MONUMENTS, POINT_ACTIONS, Action, Colour, Kind
from engine.board import NEIGHBOURS, BoardMap
from engine.cells import BLACK, CATASTROPHE, EMPTY, FACE_DOWN, HAND_SIZE, LEADER, RED, WONDER, leader_value
from engine.errors import IllegalActionError, NotationError
from engine.kingdoms import Kingdoms, seats_with_leader
from engine.legal import illegal_reason, legal_actions
from engine.model import (
    PHASE_ACTION,
    PHASE_BUILDING,
    PHASE_MONUMENT,
    PHASE_OVER,
    PHASE_REVOLT_ATTACKER,
    PHASE_REVOLT_DEFENDER,
    PHASE_TREASURE,
    PHASE_WAR_ATTACKER,
    PHASE_WAR_CHOICE,
    PHASE_WAR_DEFENDER,
    PHASE_WONDER,
    PHASE_WONDER_POINT,
    Conflict,
    Event,
    Settings,
)
from engine.reasons import Reason, Refusal
from engine.scoring import Outcome, final_standings
from engine.state import State, block, plus


class Game(State):
    """One game. Build it with ``Game.new`` or ``engine.load``; change it only with ``apply``."""

    @classmethod
    def new(
        cls,
        players: int,
        seed: int,
        board: str = "standard",
        english: bool = False,
        open_scoring: bool = False,
        buildings: bool = False,
        wonder: bool = False,
    ) -> Game:
        """A new game (R2): temples with treasures on the map, six tiles each, a random start player;
        ``buildings`` and ``wonder`` are the 2015 edition's options (R28, R29)."""
        return cls.start(Settings(players, board, english, open_scoring, buildings, wonder), seed)

    @classmethod
    def start(cls, settings: Settings, seed: int) -> Game:
        """A new game of these settings (``Game.new`` spelled with a ``Settings``)."""
        game = cls(settings, seed)
        game.kingdoms = _opening(game.map)
        game.bag[RED] -= len(game.map.start_temples)
        for seat in range(settings.players):
            game._draw(seat, HAND_SIZE)
        game.start_player = game.active = game.rng.below(settings.players)
        return game

    # ------------------------------------------------------------------------------- choices

    def legal_actions(self) -> list[Action]:
        """Every legal choice of the player to act, in a fixed order (empty once the game is over)."""
        return legal_actions(self)

    def is_legal(self, action: Action | str) -> bool:
        try:
            parsed = action if isinstance(action, Action) else Action.parse(action)
        except NotationError:
            return False
        return illegal_reason(self, parsed) is None

    def default_action(self) -> Action | None:
        """What a pending decision becomes when its deadline passes (rulings.md): commit 0, the next war
        in the order red, blue, green, black, decline the building, the monument or the wonder, the
        treasure first in square order, the wonder's point in the colour with the fewest points (ties in
        the order red, blue, green, black). None on a turn action (it has no default) and once the game is
        over."""
        phase = self.phase
        if phase is PHASE_ACTION or phase is PHASE_OVER:
            return None
        if phase is PHASE_BUILDING or phase is PHASE_MONUMENT or phase is PHASE_WONDER:
            return DECLINE
        if phase is PHASE_WONDER_POINT:
            points = self.points[self.active]
            return POINT_ACTIONS[min(COLOURS, key=lambda c: (points[c], c))]
        # legal_actions() lists colours and squares in exactly the default order, and commit 0 first
        return self.legal_actions()[0]

    def forced_action(self) -> Action | None:
        """The only legal choice when there is exactly one (R34), else None: typically a decision's single
        answer (``commit 0`` with no tile of the colour), or ``pass`` for a player left with nothing else."""
        if self.phase is PHASE_OVER:
            return None
        legal = self.legal_actions()
        return legal[0] if len(legal) == 1 else None

    def outcome(self) -> Outcome | None:
        """Final standings (R24) once the game is over, else None."""
        if self.phase is not PHASE_OVER:
            return None
        assert self.end_reason is not None
        return Outcome(self.end_reason, tuple(final_standings(self.points, self.treasures_held)))

    # ------------------------------------------------------------------------------------ applying

    def apply(self, action: Action | str, seat: int | None = None) -> list[Event]:
        """Apply one action of the player to act and return what happened.

        ``seat``, when given, must be the player to act. Raises IllegalActionError (nothing changes)
        or NotationError for text that is not an action.
        """
        parsed = action if isinstance(action, Action) else Action.parse(action)
        if seat is not None and seat != self.to_act and self.phase is not PHASE_OVER:
            raise IllegalActionError(
                Reason(Refusal.NOT_YOUR_TURN if self.phase is PHASE_ACTION else Refusal.NOT_YOUR_CHOICE),
                action=parsed.text,
                situation=self._situation(),
            )
        reason = illegal_reason(self, parsed)
        if reason is not None:
            raise IllegalActionError(reason, action=parsed.text, situation=self._situation())
        events: list[Event] = []
        _DISPATCH[parsed.kind](self, parsed, events)
        return events

    def _situation(self) -> str:
        """Where the game stands, for the log of a refused action."""
        return f"turn {self.turn}, phase {self.phase.value}, seat {self.to_act} to act, seed {self.seed}"

    # -- turn actions

    def _do_tile(self, action: Action, events: list[Event]) -> None:
        seat, colour, square = self.active, action.colour, action.square
        assert colour is not None and square is not None
        joined = self.kingdoms.kingdoms_beside[square]  # the kingdoms the tile joins (R9: two at most)
        self.hands[seat][colour] -= 1
        # the board holds plain ints (as a loaded position does): the rules compare and index with its
        # values all game long, and CPython specialises that for ints, not for IntEnum members
        self.kingdoms.put(square, int(colour))
        self.placed = square
        events.append(Event("tile", seat, colour, (square,)))
        if joined == 2:
            # R15: the unification tile goes on the tile; no point for it (R10)
            self.unification = square
            events.append(Event("unification", seat, colour, (square,)))
            self._continue_wars(events)
            return
        if joined == 1:
            self._score_tile(colour, square, events)
        self._after_conflicts(events)

    def _score_tile(self, colour: Colour, square: int, events: list[Event]) -> None:
        """R10: the leader of the tile's colour scores, failing that the king, failing that nobody; 2 points
        instead of 1 if the kingdom holds the building of the tile's colour (R28). At the end of an action a
        kingdom holds at most one leader of a colour (R13, R15)."""
        kingdoms = self.kingdoms
        leaders = kingdoms.leaders[kingdoms.label[square]]
        scorers = seats_with_leader(leaders, colour) or seats_with_leader(leaders, BLACK)
        if scorers:
            building = self.kingdoms.buildings[colour]
            label = self.kingdoms.label
            gained = 2 if building is not None and label[building] == label[square] else 1
            self.points[scorers[0]][colour] += gained
            events.append(_shared_event("point", scorers[0], colour, count=gained, private=True))

    def _do_leader(self, action: Action, events: list[Event]) -> None:
        seat, colour, square = self.active, action.colour, action.square
        assert colour is not None and square is not None
        here = self.leader_pos[seat][colour]
        if here is not None:
            self.kingdoms.put(here, EMPTY)
            events.append(Event("move", seat, colour, (here, square)))
        else:
            events.append(Event("leader", seat, colour, (square,)))
        self.kingdoms.put(square, leader_value(seat, colour))
        self.leader_pos[seat][colour] = square
        # R13: a revolt if the kingdom now holds another leader of this colour
        rivals = self.leaders_of_colour_with(square, colour)  # in seat order, the placed one among them
        rival = None if len(rivals) < 2 else rivals[rivals[0] == seat]  # the first other seat
        if rival is None:
            self._after_conflicts(events)
            return
        self.conflict = Conflict("revolt", colour, attacker=seat, defender=rival)
        self.phase = PHASE_REVOLT_ATTACKER
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
        self.kingdoms.put(square, CATASTROPHE)
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
        events.append(_shared_event("commit", seat, colour, count=n))
        if self.phase.is_attacker:
            conflict.attacker_commit = n
            self.phase = PHASE_REVOLT_DEFENDER if conflict.kind == "revolt" else PHASE_WAR_DEFENDER
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
        building = self.kingdoms.buildings[colour]
        for s in supporters:
            if s == building:
                continue  # R28: the tile under a building counts but cannot be removed
            if colour == RED and (s in self.treasures or self._next_to_other_leader(s)):
                continue  # R18: such temples stay
            removed.append(s)
            self.kingdoms.put(s, EMPTY)
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

    def _do_building(self, action: Action, events: list[Event]) -> None:
        colour, square = action.colour, action.square
        assert colour is not None and square is not None
        old = self.kingdoms.buildings[colour]
        self.kingdoms.move_building(colour, square)  # R28: from beside the board, or from a shorter line
        if old is None:
            events.append(Event("building", self.active, colour, (square,)))
        else:
            events.append(Event("building-moved", self.active, colour, (old, square)))
        self._after_building(events)

    def _do_monument(self, action: Action, events: list[Event]) -> None:
        pair, top_left = action.pair, action.square
        assert pair is not None and top_left is not None
        squares = block(top_left)
        colour = COLOURS[self.cell[top_left]]
        for s in squares:
            self.kingdoms.put(s, self.cell[s] + FACE_DOWN)  # R21: a treasure stays on its tile
        self.monuments.append((pair, top_left))
        self.monuments_available.remove(pair)
        events.append(Event("monument", self.active, squares=squares, count=MONUMENTS.index(pair)))
        self._return_building(colour, squares, events)
        self._strand_leaders(events)
        self._after_monument(events)

    def _do_wonder(self, action: Action, events: list[Event]) -> None:
        centre = action.square
        assert centre is not None
        squares = plus(centre)
        colour = COLOURS[self.cell[centre]]
        for s in squares:
            self.kingdoms.put(s, WONDER)  # R29a: a treasure on a temple of the plus stays, on the wonder
        self.removed[colour] += len(squares)  # R29: the five tiles leave the game
        self.wonder = centre
        events.append(Event("wonder", self.active, colour, (centre, *(s for s in squares if s != centre))))
        self._return_building(colour, squares, events)
        self.placed = None
        self._strand_leaders(events)  # R29a, R8: the temples of the plus are gone
        self._collect_treasures(events)

    def _return_building(self, colour: Colour, squares: tuple[int, ...], events: list[Event]) -> None:
        """R28: a building on a tile flipped for a monument or given up for the wonder goes beside the
        board."""
        building = self.kingdoms.buildings[colour]
        if building is not None and building in squares:
            self.kingdoms.move_building(colour, None)
            events.append(Event("building-returned", self.active, colour, (building,)))

    def _do_decline(self, action: Action, events: list[Event]) -> None:
        phase = self.phase
        if phase is PHASE_BUILDING:
            assert self.placed is not None
            events.append(Event("building-declined", self.active, COLOURS[self.cell[self.placed]]))
            self._after_building(events)
        elif phase is PHASE_MONUMENT:
            events.append(Event("decline", self.active))
            self._after_monument(events)
        else:
            events.append(Event("wonder-declined", self.active))
            self.placed = None
            self._collect_treasures(events)

    def _do_point(self, action: Action, events: list[Event]) -> None:
        colour = action.colour
        assert colour is not None
        seat = self.active
        self.points[seat][colour] += 1  # R29
        events.append(Event("wonder-point", seat, colour, count=1, private=True))
        self._finish_turn(events)

    def _do_treasure(self, action: Action, events: list[Event]) -> None:
        seat = self.to_act
        assert seat is not None and action.square is not None
        self._take_treasure(seat, action.square, events)
        self._collect_treasures(events)

    # ------------------------------------------------------------------------------ the pipeline

    def _after_conflicts(self, events: list[Event]) -> None:
        """R20 after the conflicts: the building (R28), the monument (R21), the wonder (R29, R29a), each
        offered only if the action's tile allows it now; then the treasures and the end of the action."""
        if self.placed is None:  # no tile this action: nothing to build
            self._collect_treasures(events)
            return
        if self.settings.buildings and self.building_options():
            self.phase = PHASE_BUILDING
            return
        self._after_building(events)

    def _after_building(self, events: list[Event]) -> None:
        if self.placed is not None and self.monument_options():
            self.phase = PHASE_MONUMENT
            return
        self._after_monument(events)

    def _after_monument(self, events: list[Event]) -> None:
        if self.placed is not None and self.settings.wonder and self.wonder_options():
            self.phase = PHASE_WONDER
            return
        self.placed = None
        self._collect_treasures(events)

    def _continue_wars(self, events: list[Event]) -> None:
        """R16, R19: fight the next war, ask for the order, or lift the unification tile."""
        colours = self.war_colours()
        if len(colours) > 1:
            self.phase = PHASE_WAR_CHOICE
            return
        if colours:
            self._start_war(colours[0], events)
            return
        assert self.unification is not None
        events.append(Event("unification-lifted", squares=(self.unification,)))
        self.unification = None
        self._after_conflicts(events)

    def _start_war(self, colour: Colour, events: list[Event]) -> None:
        assert self.unification is not None
        owners = self.leaders_of_colour_with(self.unification, colour)
        # R17: the active player attacks if involved, else the first involved player clockwise after them
        n = self.players
        order = sorted(owners, key=lambda s: (s - self.active) % n)
        self.conflict = Conflict("war", colour, attacker=order[0], defender=order[1])
        self.phase = PHASE_WAR_ATTACKER
        events.append(Event("war", order[0], colour, (self.unification,), other=order[1]))

    def _collect_treasures(self, events: list[Event]) -> None:
        """R22: take forced treasures; stop at the first real choice; else end the action."""
        while groups := self.treasure_groups():
            seat, squares = groups[0]
            candidates = [s for s in squares if s in self.map.special] or squares
            if len(candidates) > len(squares) - 1:
                self.phase = PHASE_TREASURE  # the owner chooses among equals
                return
            for s in candidates:
                self._take_treasure(seat, s, events)
        self._end_action(events)

    def _take_treasure(self, seat: int, square: int, events: list[Event]) -> None:
        self.kingdoms.take_treasure(square)
        self.treasures_held[seat] += 1
        events.append(Event("treasure", seat, squares=(square,)))

    def _end_action(self, events: list[Event]) -> None:
        self.phase = PHASE_ACTION
        self.placed = None
        self.conflict = None
        self.actions_left -= 1
        if self.actions_left <= 0:
            self._end_turn(events)

    def _end_turn(self, events: list[Event]) -> None:
        """R23: monument points, the wonder's point (R29: a decision), refills, end of game."""
        seat = self.active
        if self.monuments:
            label = self.kingdoms.label
            for colour in COLOURS:
                square = self.leader_pos[seat][colour]
                if square is None:
                    continue
                region = label[square]
                gained = sum(1 for pair, t in self.monuments if colour in pair and label[t] == region)
                if gained:
                    self.points[seat][colour] += gained
                    events.append(Event("monument-points", seat, colour, count=gained, private=True))
        if self.wonder is not None and self.wonder_point_due():
            self.phase = PHASE_WONDER_POINT
            return
        self._finish_turn(events)

    def _finish_turn(self, events: list[Event]) -> None:
        """R23 steps 2 and 3: refills, then the end of the game or the next player's turn."""
        seat = self.active
        self.phase = PHASE_ACTION
        n = self.settings.players
        hands = self.hands
        for i in range(n):
            other = (seat + i) % n
            need = HAND_SIZE - sum(hands[other])
            if need > 0:
                drawn = self._draw(other, need)
                if drawn < need:
                    events.append(Event("bag-empty", other, count=drawn))
        left = len(self.kingdoms.treasures)
        if left <= 2 or self.bag_short:
            self.end_reason = "treasures" if left <= 2 else "bag"
            self.phase = PHASE_OVER
            events.append(Event("game-over"))
            return
        self.active = (seat + 1) % n
        self.actions_left = 2
        self.turn += 1
        events.append(_shared_event("turn", self.active))

    # ----------------------------------------------------------------------------------- helpers

    def _draw(self, seat: int, n: int) -> int:
        """Draw up to n tiles from the bag (R3); note it when the bag runs short (R12, R23)."""
        bag = self.bag
        hand = self.hands[seat]
        below = self.rng.below
        total = bag[0] + bag[1] + bag[2] + bag[3]
        drawn = min(n, total)
        if drawn < n:
            self.bag_short = True
        for _ in range(drawn):
            r = below(total)
            colour = 0
            while r >= bag[colour]:
                r -= bag[colour]
                colour += 1
            bag[colour] -= 1
            hand[colour] += 1
            total -= 1
        return drawn

    def _return_leader(self, seat: int, colour: Colour) -> None:
        square = self.leader_pos[seat][colour]
        assert square is not None
        self.kingdoms.put(square, EMPTY)
        self.leader_pos[seat][colour] = None

    def _strand_leaders(self, events: list[Event]) -> None:
        """R8: a leader with no face-up temple beside it goes back to its supply."""
        temples_next = self.kingdoms.temples_next
        for seat in range(self.players):
            for colour in COLOURS:
                square = self.leader_pos[seat][colour]
                if square is not None and not temples_next[square]:
                    self._return_leader(seat, colour)
                    events.append(Event("stranded", seat, colour, (square,)))


_SHARED_EVENTS: Final[dict[tuple[object, ...], Event]] = {}


def _shared_event(
    kind: str, seat: int, colour: Colour | None = None, count: int = 0, private: bool = False
) -> Event:
    """An event of a kind with few values (point, commit, turn: a seat, a colour, a number), made once and
    shared: events never change, and a game makes hundreds."""
    key = (kind, seat, colour, count, private)
    event = _SHARED_EVENTS.get(key)
    if event is None:
        event = _SHARED_EVENTS[key] = Event(kind, seat, colour, count=count, private=private)
    return event


_OPENINGS: Final[dict[str, Kingdoms]] = {}


def _opening(board: BoardMap) -> Kingdoms:
    """The board of a new game (R2): a temple with a treasure on each starting square of the map, built
    once per map and copied."""
    kingdoms = _OPENINGS.get(board.name)
    if kingdoms is None:
        kingdoms = Kingdoms(board)
        for square in board.start_temples:
            kingdoms.put(square, int(RED))  # a plain int, as in _do_tile
            kingdoms.add_treasure(square)
        _OPENINGS[board.name] = kingdoms
    return kingdoms.copy()


_DISPATCH: Final = {
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
    Kind.BUILDING: Game._do_building,
    Kind.WONDER: Game._do_wonder,
    Kind.POINT: Game._do_point,
}
