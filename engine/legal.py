"""What the player to act may do now, in a fixed order, and why anything else is refused.

The turn actions are copied from the action lists that ``engine.kingdoms`` keeps up to date with its byte
masks (free land and river, leader spots, catastrophe spots), so listing them costs little more than the list
itself; only squares beside two or more connected squares need a look at their kingdoms (R6, R7, R9).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from engine.actions import (
    BUILDING_ACTIONS,
    COLOURS,
    COMMIT_ACTIONS,
    DECLINE,
    PASS,
    POINT_ACTIONS,
    TREASURE_ACTIONS,
    WAR_ACTIONS,
    WITHDRAW_ACTIONS,
    WONDER_ACTIONS,
    Action,
    Kind,
    commit_action,
    monument_action,
    swap_action,
)
from engine.board import square_name
from engine.cells import BLUE, CATASTROPHE, EMPTY, FACE_DOWN, LEADER, WONDER
from engine.kingdoms import CATASTROPHES, LAND, RIVER, SUPPLY
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
)
from engine.reasons import Content, Reason, Refusal
from engine.state import State

TURN_KINDS: Final = frozenset({Kind.TILE, Kind.LEADER, Kind.WITHDRAW, Kind.CATASTROPHE, Kind.SWAP, Kind.PASS})
PHASE_KINDS: Final = {
    PHASE_REVOLT_ATTACKER: {Kind.COMMIT},
    PHASE_REVOLT_DEFENDER: {Kind.COMMIT},
    PHASE_WAR_ATTACKER: {Kind.COMMIT},
    PHASE_WAR_DEFENDER: {Kind.COMMIT},
    PHASE_WAR_CHOICE: {Kind.WAR},
    PHASE_BUILDING: {Kind.BUILDING, Kind.DECLINE},
    PHASE_MONUMENT: {Kind.MONUMENT, Kind.DECLINE},
    PHASE_WONDER: {Kind.WONDER, Kind.DECLINE},
    PHASE_TREASURE: {Kind.TREASURE},
    PHASE_WONDER_POINT: {Kind.POINT},
}

_SWAPS_BY_HAND: Final[dict[tuple[int, ...], tuple[Action, ...]]] = {}
# the colours as plain ints, for indexing only: CPython specialises indexing a list with an int, not with an
# IntEnum member (turn_actions runs before every turn action)
_COLOUR_INDEXES: Final = tuple(int(colour) for colour in COLOURS)


def legal_actions(state: State) -> list[Action]:
    """Every legal choice of the player to act, in a fixed order (empty once the game is over)."""
    phase = state.phase
    if phase is PHASE_ACTION:
        return turn_actions(state)
    if phase.is_commit:
        commits = legal_commits(state)
        if isinstance(commits, range):  # 0 to the tiles held: the first actions of the table
            return list(COMMIT_ACTIONS[: commits.stop])
        return [commit_action(n) for n in commits]
    if phase is PHASE_WAR_CHOICE:
        return [WAR_ACTIONS[c] for c in state.war_colours()]
    if phase is PHASE_BUILDING:
        assert state.placed is not None
        colour = state.cell[state.placed]
        return [BUILDING_ACTIONS[colour][s] for s in state.building_options()] + [DECLINE]
    if phase is PHASE_MONUMENT:
        return [monument_action(pair, sq) for pair, sq in state.monument_options()] + [DECLINE]
    if phase is PHASE_WONDER:
        return [WONDER_ACTIONS[s] for s in state.wonder_options()] + [DECLINE]
    if phase is PHASE_TREASURE:
        return [TREASURE_ACTIONS[s] for s in state.treasure_choice()[1]]
    if phase is PHASE_WONDER_POINT:
        return list(POINT_ACTIONS)
    return []


def turn_actions(state: State) -> list[Action]:
    """Tiles (by colour, then square order), leaders, withdrawals, catastrophes, swaps, pass."""
    seat = state.active
    kingdoms = state.kingdoms
    hand = state.hands[seat]
    out: list[Action] = []
    # R9: no tile where it would join three kingdoms
    # each group's holder of its lists, holding None where a change in a copy dropped them (action_lists)
    lists = kingdoms.actions
    land = lists[LAND][0] or kingdoms.action_lists(LAND)
    if hand[0]:
        out += land[0]
    if hand[1]:
        out += (lists[RIVER][0] or kingdoms.action_lists(RIVER))[0]
    if hand[2]:
        out += land[1]
    if hand[3]:
        out += land[2]
    # R6, R7: leaders go on empty land beside a face-up temple, joining at most one kingdom
    positions = state.leader_pos[seat]
    leader_lists = lists[SUPPLY][0] or kingdoms.action_lists(SUPPLY)
    withdrawals = []
    for colour in _COLOUR_INDEXES:
        here = positions[colour]
        if here is None:
            out += leader_lists[colour]
        else:
            out += kingdoms.leader_actions(colour, here)
            withdrawals.append(WITHDRAW_ACTIONS[colour])
    out += withdrawals
    if state.catastrophes[seat]:
        out += (lists[CATASTROPHES][0] or kingdoms.action_lists(CATASTROPHES))[0]
    out += swaps_of(hand)
    out.append(PASS)
    return out


def swaps_of(hand: list[int]) -> tuple[Action, ...]:
    """Every swap a hand allows, in a fixed order (R12); the same hand gives the same tuple."""
    key = tuple(hand)
    swaps = _SWAPS_BY_HAND.get(key)
    if swaps is None:
        swaps = _SWAPS_BY_HAND[key] = tuple(
            swap_action((r, b, g, k))
            for r in range(hand[0] + 1)
            for b in range(hand[1] + 1)
            for g in range(hand[2] + 1)
            for k in range(hand[3] + 1)
            if r + b + g + k
        )
    return swaps


def legal_commits(state: State) -> range | list[int]:
    conflict = state.conflict
    assert conflict is not None
    colour = conflict.tile_colour
    if state.phase.is_attacker:
        held = state.hands[conflict.attacker][colour]
        if not state.settings.english:
            return range(held + 1)
        attacker_strength, defender_strength = state.conflict_strengths()
        # R26: the attacker commits n > 0 only if the total then exceeds the defender's strength
        least = max(1, defender_strength - attacker_strength + 1)
        return [0, *range(least, held + 1)]
    held = state.hands[conflict.defender][colour]
    if not state.settings.english:
        return range(held + 1)
    attacker_strength, defender_strength = state.conflict_strengths()
    # R26: the defender commits m > 0 only to tie exactly
    attacker_total = attacker_strength + (conflict.attacker_commit or 0)
    needed = attacker_total - defender_strength
    return [0, needed] if 0 < needed <= held else [0]


# ------------------------------------------------------------------------------ why an action is illegal


def illegal_reason(state: State, action: Action) -> Reason | None:
    """None if the action is legal now, else why not: a code with parameters (``str()`` is English)."""
    phase = state.phase
    kind = action.kind
    if phase is PHASE_OVER:
        return Reason(Refusal.GAME_OVER)
    if phase is PHASE_ACTION:
        if kind not in TURN_KINDS:
            settings = state.settings
            return Reason(
                Refusal.TURN_ACTION_NOW_2015
                if settings.buildings or settings.wonder
                else Refusal.TURN_ACTION_NOW
            )
        return _turn_action_reason(state, action)
    expected = PHASE_KINDS[phase]
    if kind not in expected:
        return Reason(Refusal.WRONG_KIND, waiting=phase, kind=kind)
    if kind == Kind.COMMIT:
        assert action.number is not None and state.conflict is not None
        n = action.number
        if n in legal_commits(state):
            return None
        colour = state.conflict.tile_colour
        seat = state.to_act
        assert seat is not None
        held = state.hands[seat][colour]
        if n > held:
            return Reason(Refusal.HOLD_ONLY, held=held, colour=colour)
        return Reason(Refusal.ENGLISH_ATTACKER if phase.is_attacker else Refusal.ENGLISH_DEFENDER)
    if kind == Kind.WAR:
        assert action.colour is not None
        if action.colour in state.war_colours():
            return None
        return Reason(Refusal.NO_SUCH_WAR, colour=action.colour)
    if kind == Kind.MONUMENT:
        options = state.monument_options()
        assert action.pair is not None and action.square is not None
        if (action.pair, action.square) in options:
            return None
        if action.pair not in state.monuments_available:
            return Reason(Refusal.MONUMENT_TAKEN, monument=action.pair)
        return Reason(Refusal.MONUMENT_NO_SQUARE, square=_name(action.square), monument=action.pair)
    if kind == Kind.TREASURE:
        squares = state.treasure_choice()[1]
        if action.square in squares:
            return None
        return Reason(Refusal.TREASURE_SQUARES, squares=_names(squares))
    if kind == Kind.BUILDING:
        assert state.placed is not None and action.square is not None
        colour = COLOURS[state.cell[state.placed]]
        squares = state.building_options()
        if action.colour == colour and action.square in squares:
            return None
        if action.colour != colour:
            return Reason(Refusal.OTHER_BUILDING, colour=colour)
        return Reason(Refusal.BUILDING_SQUARES, colour=colour, squares=_names(squares))
    if kind == Kind.WONDER:
        centres = state.wonder_options()
        if action.square in centres:
            return None
        return Reason(Refusal.WONDER_SQUARES, squares=_names(centres))
    return None  # decline, point


def _turn_action_reason(state: State, action: Action) -> Reason | None:
    seat = state.active
    kind = action.kind
    kingdoms = state.kingdoms
    cell = kingdoms.cell
    if kind == Kind.TILE:
        colour, square = action.colour, action.square
        assert colour is not None and square is not None
        if not state.hands[seat][colour]:
            return Reason(Refusal.NO_TILE_IN_HAND, colour=colour)
        if (kingdoms.tile_river if colour == BLUE else kingdoms.tile_land)[square]:
            return None  # R9: the mask holds exactly the checks below
        name = _name(square)
        if cell[square] != EMPTY:
            return Reason(Refusal.NOT_EMPTY, square=name, content=content_of(state, square))
        if kingdoms.river[square] and colour != BLUE:
            return Reason(Refusal.RIVER_SQUARE, square=name)
        if not kingdoms.river[square] and colour == BLUE:
            return Reason(Refusal.NOT_RIVER, square=name)
        if kingdoms.kingdoms_beside[square] >= 3:
            return Reason(Refusal.THREE_KINGDOMS, square=name)
        return None
    if kind == Kind.LEADER:
        colour, square = action.colour, action.square
        assert colour is not None and square is not None
        here = state.leader_pos[seat][colour]
        if here != square and kingdoms.may_lead(square, -1 if here is None else here):
            return None  # R6, R7: only an empty land square beside a face-up temple may be so
        name = _name(square)
        if here == square:
            return Reason(Refusal.LEADER_ALREADY_THERE, colour=colour, square=name)
        if cell[square] != EMPTY:
            return Reason(Refusal.NOT_EMPTY, square=name, content=content_of(state, square))
        if kingdoms.river[square]:
            return Reason(Refusal.LEADER_ON_RIVER, square=name)
        if not kingdoms.temples_next[square]:
            return Reason(Refusal.NO_TEMPLE_BESIDE, square=name)
        if not kingdoms.may_lead(square, -1 if here is None else here):
            return Reason(Refusal.LEADER_UNITES, square=name)
        return None
    if kind == Kind.WITHDRAW:
        colour = action.colour
        assert colour is not None
        if state.leader_pos[seat][colour] is None:
            return Reason(Refusal.LEADER_NOT_ON_BOARD, colour=colour)
        return None
    if kind == Kind.CATASTROPHE:
        square = action.square
        assert square is not None
        if not state.catastrophes[seat]:
            return Reason(Refusal.NO_CATASTROPHES)
        if kingdoms.catastrophe_spots[square]:
            return None
        if square in state.treasures:
            return Reason(Refusal.TREASURE_SQUARE, square=_name(square))
        return Reason(Refusal.CATASTROPHE_BLOCKED, square=_name(square), content=content_of(state, square))
    if kind == Kind.SWAP:
        tiles = action.tiles
        assert tiles is not None
        hand = state.hands[seat]
        for colour in COLOURS:
            if tiles[colour] > hand[colour]:
                return Reason(Refusal.HOLD_ONLY, held=hand[colour], colour=colour)
        return None
    return None  # pass


def content_of(state: State, square: int) -> Content:
    """What stands on a square that is not empty, as a refusal names it."""
    v = state.cell[square]
    if v >= LEADER:
        seat, colour = divmod(v - LEADER, 4)
        return Content("leader", COLOURS[colour], seat)
    if v == CATASTROPHE:
        return Content("catastrophe")
    if v == WONDER:
        return Content("wonder")
    if v >= FACE_DOWN:
        return Content("monument")
    if state.buildings[v] == square:
        return Content("tile-under-building", COLOURS[v])
    return Content("tile", COLOURS[v])


def _name(square: int) -> str:
    """A square as players read it: E5."""
    return square_name(square).upper()


def _names(squares: Iterable[int]) -> tuple[str, ...]:
    return tuple(_name(square) for square in squares)
