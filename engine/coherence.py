"""Is a position one that a game can reach? ``check_position`` raises ``NotationError`` naming the first
thing that is not (docs/notation.md); the loader and the builder call it on every position they make.

It checks what the rules keep true at every step: the pieces add up (153 tiles, two catastrophes a seat, the
map's treasures, six tiles a hand), the board obeys R8, R13/R15, R21-R22 and R28-R29 where the game is at
rest, and the pending decision matches the board (who attacks whom, which wars, which building, monument or
wonder, which treasures, the wonder's point).
"""

from __future__ import annotations

from engine.actions import COLOURS, MONUMENTS, monument_name
from engine.board import square_name
from engine.cells import (
    CATASTROPHE,
    CATASTROPHES_PER_PLAYER,
    FACE_DOWN,
    HAND_SIZE,
    RED,
    TILE_COUNTS,
    WONDER,
)
from engine.errors import NotationError
from engine.kingdoms import COLOUR_BITS, seats_with_leader
from engine.model import Phase
from engine.state import TOP_LEFTS, State, block, plus

_WAR = frozenset({Phase.WAR_CHOICE, Phase.WAR_ATTACKER, Phase.WAR_DEFENDER})
_REVOLT = frozenset({Phase.REVOLT_ATTACKER, Phase.REVOLT_DEFENDER})
# the decisions that wait on the action's tile (R20): its wars, then its building, monument and wonder
_ON_THE_TILE = _WAR | {Phase.BUILDING, Phase.MONUMENT, Phase.WONDER}


def check_position(game: State) -> None:
    _check_supplies(game)
    _check_monuments(game)
    _check_buildings(game)
    _check_wonder(game)
    _check_leaders(game)
    _check_treasures(game)
    _check_pending(game)


def _check_supplies(game: State) -> None:
    for c in COLOURS:
        on_board = sum(1 for v in game.cell if v == c or v == c + FACE_DOWN)
        in_hands = sum(h[c] for h in game.hands)
        if on_board + in_hands + game.removed[c] > TILE_COUNTS[c]:
            raise NotationError(
                f"there are more {c.word} tiles on the board, in hands and removed than the {TILE_COUNTS[c]} "
                "of the game"
            )
        if on_board + in_hands + game.bag[c] + game.removed[c] != TILE_COUNTS[c]:
            raise NotationError(
                f"the {c.word} tiles on the board, in hands, in the bag and removed "
                f"do not add up to {TILE_COUNTS[c]}"
            )
    for seat in range(game.players):
        if sum(game.hands[seat]) > HAND_SIZE:
            raise NotationError(f"seat {seat} holds more than {HAND_SIZE} tiles")
        if game.catastrophes[seat] > CATASTROPHES_PER_PLAYER:
            raise NotationError(f"seat {seat} has more than {CATASTROPHES_PER_PLAYER} catastrophe tiles")
    # played catastrophes are not tied to seats (hand-written positions use them as dead squares), but there
    # are only two per player
    played = sum(1 for v in game.cell if v == CATASTROPHE)
    if played > CATASTROPHES_PER_PLAYER * game.players:
        raise NotationError(
            f"{played} catastrophes on the board are more than the {CATASTROPHES_PER_PLAYER * game.players} "
            f"of a {game.players}-player game"
        )


def _check_monuments(game: State) -> None:
    built = [pair for pair, _ in game.monuments]
    for pair in MONUMENTS:
        name = monument_name(pair)
        if built.count(pair) > 1:
            raise NotationError(f"the {name} monument is built twice")
        if pair in built and pair in game.monuments_available:
            raise NotationError(f"the {name} monument is both built and still available")
    if len(set(game.monuments_available)) != len(game.monuments_available):
        raise NotationError("a monument is listed twice as available")
    covered: set[int] = set()
    for pair, top_left in game.monuments:
        name = monument_name(pair)
        if top_left not in TOP_LEFTS:
            raise NotationError(
                f"the {name} monument on {square_name(top_left).upper()} would leave the board"
            )
        squares = block(top_left)
        values = {game.cell[s] for s in squares}
        if len(values) != 1 or not FACE_DOWN <= next(iter(values)) < CATASTROPHE:
            raise NotationError(f"the {name} needs four face-down tiles of one colour")
        if next(iter(values)) - FACE_DOWN not in pair:
            raise NotationError(f"the {name} stands on tiles of neither of its colours")
        if covered & set(squares):
            raise NotationError(f"the {name} overlaps another monument")
        covered.update(squares)
    for s, v in enumerate(game.cell):
        if FACE_DOWN <= v < CATASTROPHE and s not in covered:
            raise NotationError(f"{square_name(s).upper()} is face down but under no monument")


def _check_buildings(game: State) -> None:
    """R28: one building per colour, each on a face-up tile of its colour, only in a game with buildings."""
    for colour, square in zip(COLOURS, game.buildings, strict=True):
        if square is None:
            continue
        if not game.settings.buildings:
            raise NotationError(
                "a civilization building is on the board but the game has no buildings option"
            )
        if game.cell[square] != colour:
            raise NotationError(
                f"the {colour.building_name} on {square_name(square).upper()} is not on a face-up "
                f"{colour.tile_name}"
            )


def _check_wonder(game: State) -> None:
    """R29: at most one wonder, on the five squares of a plus of land (no map has a plus of river squares)."""
    squares = [s for s, v in enumerate(game.cell) if v == WONDER]
    centre = game.wonder
    if centre is None:
        if squares:
            raise NotationError(f"{square_name(squares[0]).upper()} holds the wonder but no wonder is built")
        return
    if not game.settings.wonder:
        raise NotationError("the wonder is on the board but the game has no wonder option")
    if squares != list(plus(centre)):
        raise NotationError(
            f"the wonder centred on {square_name(centre).upper()} covers five squares in a plus"
        )
    # five tiles of one colour: farms would need five river squares in a plus, which neither map has
    wet = [s for s in squares if s in game.map.river]
    if wet:
        raise NotationError(f"the wonder cannot cover the river square {square_name(wet[0]).upper()}")


def _check_leaders(game: State) -> None:
    temples_next = game.kingdoms.temples_next
    for seat in range(game.players):
        for c in COLOURS:
            square = game.leader_pos[seat][c]
            if square is not None and not temples_next[square]:
                raise NotationError(
                    f"seat {seat}'s {c.leader_name} on {square_name(square).upper()} has no face-up temple "
                    "beside it (R8)"
                )
    # R13, R15: two leaders of one colour share a kingdom only while their revolt or war is pending
    kingdoms = game.kingdoms
    conflict_region = -1
    if game.phase in _REVOLT and game.conflict is not None:
        square = game.leader_pos[game.conflict.attacker][game.conflict.colour]
        conflict_region = -1 if square is None else kingdoms.label[square]
    elif game.phase in _WAR and game.unification is not None:
        conflict_region = kingdoms.label[game.unification]
    seen: set[int] = set()
    for seat in range(game.players):
        for square in game.leader_pos[seat]:
            if square is None or kingdoms.label[square] in seen:
                continue
            region = kingdoms.label[square]
            seen.add(region)
            mask = kingdoms.leaders[region]
            for c in COLOURS:
                if (mask & COLOUR_BITS[c]).bit_count() < 2:
                    continue
                allowed = region == conflict_region and (
                    game.phase in _WAR or (game.conflict is not None and game.conflict.colour == c)
                )
                if not allowed or (mask & COLOUR_BITS[c]).bit_count() > 2:
                    raise NotationError(
                        f"two {c.leader_name}s share a kingdom at {square_name(square).upper()} with no "
                        "revolt or war pending between them"
                    )


def _check_treasures(game: State) -> None:
    most = len(game.map.start_temples)
    held = sum(game.treasures_held)
    if len(game.treasures) + held > most:
        raise NotationError(
            f"{len(game.treasures)} treasures on the board and {held} taken are more than the {most} "
            f"of the {game.settings.board} board"
        )
    for s in game.treasures:
        if game.cell[s] not in (RED, RED + FACE_DOWN, WONDER):
            raise NotationError(f"the treasure on {square_name(s).upper()} lies on no temple")
    if game.phase in (Phase.ACTION, Phase.OVER):
        for seat, squares in game.treasure_groups():
            raise NotationError(
                f"the kingdom with seat {seat}'s trader holds {len(squares)} untaken treasures and no "
                "treasure choice is pending (R22)"
            )


def _check_pending(game: State) -> None:
    phase, conflict = game.phase, game.conflict
    name = phase.value
    if phase is Phase.OVER:
        if game.end_reason is None:
            raise NotationError("a finished game needs an end reason: treasures or bag")
    elif game.end_reason is not None:
        raise NotationError(f"the game has an end reason but its phase is {name}, not over")
    elif phase is Phase.WONDER_POINT:
        if game.actions_left != 0:
            raise NotationError("phase wonder-point comes at the end of a turn: no action is left")
        if not game.wonder_point_due():
            raise NotationError(
                "phase wonder-point needs the active player's king in the wonder's kingdom (R29)"
            )
    elif game.actions_left < 1:
        raise NotationError(f"phase {name} needs one or two actions left, not {game.actions_left}")
    if phase in _WAR:
        if game.unification is None:
            raise NotationError(f"phase {name} needs the unification tile on the board ('!')")
        if game.placed != game.unification:
            raise NotationError(f"phase {name}: the placed tile is the one under the unification tile")
    elif game.unification is not None:
        raise NotationError(
            f"the unification tile ('!') lies only while wars are pending, not in phase {name}"
        )
    if phase.is_commit:
        _check_conflict(game)
    elif conflict is not None:
        raise NotationError(f"phase {name} has no conflict in progress")
    if (game.placed is not None) != (phase in _ON_THE_TILE):
        raise NotationError(
            f"phase {name} {'keeps no' if game.placed is None else 'keeps a'} placed tile: only wars and a "
            "building, monument or wonder choice wait on the tile of the action"
        )
    if phase is Phase.WAR_CHOICE and len(game.war_colours()) < 2:
        raise NotationError("phase war-choice needs two or more wars pending in the united kingdom")
    if phase is Phase.BUILDING and not game.building_options():
        raise NotationError("phase building but the placed tile makes no line that can take its building")
    if phase is Phase.MONUMENT and not game.monument_options():
        raise NotationError("phase monument but the placed tile completes no square for a monument")
    if phase is Phase.WONDER and not game.wonder_options():
        raise NotationError("phase wonder but the placed tile completes no plus for the wonder")
    if phase is Phase.TREASURE:
        groups = game.treasure_groups()
        if not groups:
            raise NotationError("phase treasure but no kingdom must give up treasures")
        squares = groups[0][1]
        first = [s for s in squares if s in game.map.special] or squares
        if len(first) < len(squares):
            raise NotationError("phase treasure but the treasures to take leave no choice")


def _check_conflict(game: State) -> None:
    phase, conflict = game.phase, game.conflict
    name = phase.value
    if conflict is None:
        raise NotationError(f"phase {name} needs a conflict")
    want = "revolt" if phase in _REVOLT else "war"
    if conflict.kind != want:
        raise NotationError(f"phase {name} needs a {want}, not a {conflict.kind}")
    attacker, defender, colour = conflict.attacker, conflict.defender, conflict.colour
    if attacker == defender:
        raise NotationError("a conflict's attacker and defender are two different seats")
    if phase.is_attacker and conflict.attacker_commit is not None:
        raise NotationError(f"phase {name} waits for the attacker's commitment, but one is already recorded")
    if not phase.is_attacker and conflict.attacker_commit is None:
        raise NotationError(f"phase {name} needs the attacker's commitment (attacker_commit)")
    squares = []
    for seat in (attacker, defender):
        square = game.leader_pos[seat][colour]
        if square is None:
            raise NotationError(f"seat {seat} has no {colour.leader_name} on the board")
        squares.append(square)
    label = game.kingdoms.label
    if label[squares[0]] != label[squares[1]]:
        raise NotationError(f"the two {colour.leader_name}s in conflict are not in one kingdom")
    if want == "revolt":
        if attacker != game.active:
            raise NotationError("the attacker in a revolt is the active player, who placed the leader (R13)")
        return
    assert game.unification is not None
    if label[game.unification] != label[squares[0]] or colour not in game.war_colours():
        raise NotationError(f"no {colour.word} war is pending in the united kingdom")
    owners = seats_with_leader(game.kingdoms.leaders[label[game.unification]], colour)
    order = sorted(owners, key=lambda s: (s - game.active) % game.players)
    if [attacker, defender] != order:
        raise NotationError(
            f"the attacker in this war is seat {order[0]}: the active player if involved, else the first "
            "involved player after them (R17)"
        )
