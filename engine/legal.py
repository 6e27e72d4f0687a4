"""What the player to act may do now, in a fixed order, and why anything else is refused.

The turn actions are copied from the action lists that ``engine.kingdoms`` keeps up to date with its byte
masks (free land and river, leader spots, catastrophe spots), so listing them costs little more than the list
itself; only squares beside two or more connected squares need a look at their kingdoms (R6, R7, R9).
"""

from __future__ import annotations

from engine.actions import (
    BUILDING_ACTIONS,
    COLOURS,
    DECLINE,
    PASS,
    POINT_ACTIONS,
    TREASURE_ACTIONS,
    WAR_ACTIONS,
    WITHDRAW_ACTIONS,
    WONDER_ACTIONS,
    Action,
    Colour,
    Kind,
    commit_action,
    monument_action,
    monument_name,
    swap_action,
)
from engine.board import square_name
from engine.cells import BLUE, CATASTROPHE, EMPTY, FACE_DOWN, LEADER, WONDER
from engine.model import Phase
from engine.state import State

LEADER_WORDS = ("priest", "farmer", "trader", "king")

TURN_KINDS = frozenset({Kind.TILE, Kind.LEADER, Kind.WITHDRAW, Kind.CATASTROPHE, Kind.SWAP, Kind.PASS})
PHASE_KINDS = {
    Phase.REVOLT_ATTACKER: {Kind.COMMIT},
    Phase.REVOLT_DEFENDER: {Kind.COMMIT},
    Phase.WAR_ATTACKER: {Kind.COMMIT},
    Phase.WAR_DEFENDER: {Kind.COMMIT},
    Phase.WAR_CHOICE: {Kind.WAR},
    Phase.BUILDING: {Kind.BUILDING, Kind.DECLINE},
    Phase.MONUMENT: {Kind.MONUMENT, Kind.DECLINE},
    Phase.WONDER: {Kind.WONDER, Kind.DECLINE},
    Phase.TREASURE: {Kind.TREASURE},
    Phase.WONDER_POINT: {Kind.POINT},
}
PHASE_WAITS = {
    Phase.REVOLT_ATTACKER: "the attacker's commitment in a revolt ('commit <n>')",
    Phase.REVOLT_DEFENDER: "the defender's commitment in a revolt ('commit <n>')",
    Phase.WAR_ATTACKER: "the attacker's commitment in a war ('commit <n>')",
    Phase.WAR_DEFENDER: "the defender's commitment in a war ('commit <n>')",
    Phase.WAR_CHOICE: "the choice of the next war ('war <colour>')",
    Phase.BUILDING: "a civilization building choice ('building <colour> <square>' or 'decline')",
    Phase.MONUMENT: "a monument choice ('monument <colours> <square>' or 'decline')",
    Phase.WONDER: "the wonder choice ('wonder <square>' or 'decline')",
    Phase.TREASURE: "a treasure choice ('treasure <square>')",
    Phase.WONDER_POINT: "the colour of the wonder's point ('point <colour>')",
}

_SWAPS_BY_HAND: dict[tuple[int, ...], tuple[Action, ...]] = {}


def legal_actions(state: State) -> list[Action]:
    """Every legal choice of the player to act, in a fixed order (empty once the game is over)."""
    phase = state.phase
    if phase is Phase.ACTION:
        return turn_actions(state)
    if phase.is_commit:
        return [commit_action(n) for n in legal_commits(state)]
    if phase is Phase.WAR_CHOICE:
        return [WAR_ACTIONS[c] for c in state.war_colours()]
    if phase is Phase.BUILDING:
        assert state.placed is not None
        colour = state.cell[state.placed]
        return [BUILDING_ACTIONS[colour][s] for s in state.building_options()] + [DECLINE]
    if phase is Phase.MONUMENT:
        return [monument_action(pair, sq) for pair, sq in state.monument_options()] + [DECLINE]
    if phase is Phase.WONDER:
        return [WONDER_ACTIONS[s] for s in state.wonder_options()] + [DECLINE]
    if phase is Phase.TREASURE:
        return [TREASURE_ACTIONS[s] for s in state.treasure_choice()[1]]
    if phase is Phase.WONDER_POINT:
        return list(POINT_ACTIONS)
    return []


def turn_actions(state: State) -> list[Action]:
    """Tiles (by colour, then square order), leaders, withdrawals, catastrophes, swaps, pass."""
    seat = state.active
    kingdoms = state.kingdoms
    hand = state.hands[seat]
    out: list[Action] = []
    # R9: no tile where it would join three kingdoms
    tile_lists = kingdoms.tile_lists
    for colour in COLOURS:
        if hand[colour]:
            out += tile_lists[colour]
    # R6, R7: leaders go on empty land beside a face-up temple, joining at most one kingdom
    positions = state.leader_pos[seat]
    leader_lists = kingdoms.leader_lists
    for colour in COLOURS:
        here = positions[colour]
        out += leader_lists[colour] if here is None else kingdoms.leader_actions(colour, here)
    out += [WITHDRAW_ACTIONS[c] for c in COLOURS if positions[c] is not None]
    if state.catastrophes[seat]:
        out += kingdoms.catastrophe_lists[0]
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


def illegal_reason(state: State, action: Action) -> str | None:
    """None if the action is legal now, else one sentence for the player."""
    phase = state.phase
    kind = action.kind
    if phase is Phase.OVER:
        return "the game is over"
    if phase is Phase.ACTION:
        if kind not in TURN_KINDS:
            settings = state.settings
            waits = "building, monument, wonder" if settings.buildings or settings.wonder else "monument"
            return f"no conflict, {waits} or treasure is waiting for a choice now: it is a turn action"
        return _turn_action_reason(state, action)
    expected = PHASE_KINDS[phase]
    if kind not in expected:
        return f"the game waits for {PHASE_WAITS[phase]}, not a {kind} action"
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
            return f"you hold only {held} {_plural(colour.tile_name, held)}"
        if phase.is_attacker:
            return "in the English variant the attacker commits tiles only if that makes them stronger"
        return "in the English variant the defender commits tiles only to tie exactly"
    if kind == Kind.WAR:
        if action.colour in state.war_colours():
            return None
        return f"there is no {_colour_word(action.colour)} war to resolve"
    if kind == Kind.MONUMENT:
        options = state.monument_options()
        assert action.pair is not None and action.square is not None
        if (action.pair, action.square) in options:
            return None
        if action.pair not in state.monuments_available:
            return f"the {monument_name(action.pair)} monument is not available"
        return (
            f"no square of four matching tiles with its top-left corner on "
            f"{square_name(action.square).upper()} can take the {monument_name(action.pair)} monument"
        )
    if kind == Kind.TREASURE:
        squares = state.treasure_choice()[1]
        if action.square in squares:
            return None
        names = ", ".join(square_name(s).upper() for s in squares)
        return f"you may take the treasure on {names}"
    if kind == Kind.BUILDING:
        assert state.placed is not None and action.square is not None
        colour = COLOURS[state.cell[state.placed]]
        squares = state.building_options()
        if action.colour == colour and action.square in squares:
            return None
        if action.colour != colour:
            return f"only the {colour.building_name} ({colour.word}) may be placed now"
        names = ", ".join(square_name(s).upper() for s in squares)
        return f"the {colour.building_name} may go on {names}"
    if kind == Kind.WONDER:
        centres = state.wonder_options()
        if action.square in centres:
            return None
        names = ", ".join(square_name(s).upper() for s in centres)
        return f"the wonder goes on a plus of five tiles centred on {names}"
    return None  # decline, point


def _turn_action_reason(state: State, action: Action) -> str | None:
    seat = state.active
    kind = action.kind
    kingdoms = state.kingdoms
    cell = kingdoms.cell
    if kind == Kind.TILE:
        colour, square = action.colour, action.square
        assert colour is not None and square is not None
        if not state.hands[seat][colour]:
            return f"you have no {colour.tile_name}s ({colour.word}) in your hand"
        if (kingdoms.tile_river if colour == BLUE else kingdoms.tile_land)[square]:
            return None  # R9: the mask holds exactly the checks below
        name = square_name(square).upper()
        if cell[square] != EMPTY:
            return f"{name} is not empty: it holds {describe_cell(state, square)}"
        if kingdoms.river[square] and colour != BLUE:
            return f"{name} is a river square: only farms (blue) go on rivers"
        if not kingdoms.river[square] and colour == BLUE:
            return f"{name} is not a river square: farms (blue) go only on rivers"
        if kingdoms.kingdoms_beside[square] >= 3:
            return f"a tile on {name} would unite three kingdoms: a tile may unite at most two"
        return None
    if kind == Kind.LEADER:
        colour, square = action.colour, action.square
        assert colour is not None and square is not None
        here = state.leader_pos[seat][colour]
        if here != square and kingdoms.may_lead(square, -1 if here is None else here):
            return None  # R6, R7: only an empty land square beside a face-up temple may be so
        name = square_name(square).upper()
        if here == square:
            return f"your {colour.leader_name} is already on {name}"
        if cell[square] != EMPTY:
            return f"{name} is not empty: it holds {describe_cell(state, square)}"
        if kingdoms.river[square]:
            return f"{name} is a river square: leaders stand only on land"
        if not kingdoms.temples_next[square]:
            return f"{name} is not next to a face-up temple: a leader must stand beside one"
        if not kingdoms.may_lead(square, -1 if here is None else here):
            return f"a leader on {name} would unite two kingdoms: only tiles may unite kingdoms"
        return None
    if kind == Kind.WITHDRAW:
        colour = action.colour
        assert colour is not None
        if state.leader_pos[seat][colour] is None:
            return f"your {colour.leader_name} is not on the board"
        return None
    if kind == Kind.CATASTROPHE:
        square = action.square
        assert square is not None
        if not state.catastrophes[seat]:
            return "you have no catastrophe tiles left"
        if kingdoms.catastrophe_spots[square]:
            return None
        name = square_name(square).upper()
        if square in state.treasures:
            return f"{name} carries a treasure: a catastrophe cannot go there"
        return f"a catastrophe cannot go on {name}: it holds {describe_cell(state, square)}"
    if kind == Kind.SWAP:
        tiles = action.tiles
        assert tiles is not None
        hand = state.hands[seat]
        for colour in COLOURS:
            if tiles[colour] > hand[colour]:
                return f"you hold only {hand[colour]} {_plural(colour.tile_name, hand[colour])}"
        return None
    return None  # pass


def describe_cell(state: State, square: int) -> str:
    v = state.cell[square]
    if v >= LEADER:
        seat, colour = divmod(v - LEADER, 4)
        return f"a leader ({LEADER_WORDS[colour]} of seat {seat})"
    if v == CATASTROPHE:
        return "a catastrophe"
    if v == WONDER:
        return "the wonder"
    if v >= FACE_DOWN:
        return "a monument"
    if state.buildings[v] == square:
        return f"a {COLOURS[v].tile_name} under the {COLOURS[v].building_name}"
    return f"a {COLOURS[v].tile_name}"


def _plural(word: str, n: int) -> str:
    return word if n == 1 else word + "s"


def _colour_word(colour: Colour | None) -> str:
    return "" if colour is None else colour.word
