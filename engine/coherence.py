"""Is a position one that a game can reach? ``check_position`` raises ``NotationError`` naming the first
thing that is not (docs/notation.md); the loader and the builder call it on every position they make, and
the property tests (tests/engine/test_properties.py) on every position of random games, so what ``load``
refuses and what games keep true are one list: ``INVARIANTS``.

It checks what the rules keep true at every step: the pieces add up (153 tiles, two catastrophes a player,
the map's treasures on their starting squares, six tiles a hand), the board obeys R8, R13/R15, R21-R22 and
R28-R29 where the game is at rest, the turn is where R23 leaves it, and the pending decision matches the
board (who attacks whom, which wars, which building, monument or wonder, which treasures, the wonder's point).

A position set up by hand (``settings.composed``: the rule tests' positions, ``engine.position``) was not
dealt by R2, so what it says about the pieces off the board and where the treasures started is taken as
written: any number of treasures (up to the map's) on any temples, catastrophes as dead squares, any hands
and turn number, monuments left out of the game, a wonder without its five removed tiles.
"""

from __future__ import annotations

from collections.abc import Callable

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
    for check in INVARIANTS:
        check(game)


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


def _check_catastrophes(game: State) -> None:
    """R11: a catastrophe stays where it was played, so the board's and the supplies' make two per player.
    Played ones are not tied to seats; a composed position may use them as dead squares."""
    played = sum(1 for v in game.cell if v == CATASTROPHE)
    left = sum(game.catastrophes)
    most = CATASTROPHES_PER_PLAYER * game.players
    if played > most:
        raise NotationError(
            f"{played} catastrophes on the board are more than the {most} of a {game.players}-player game"
        )
    if played + left != most and not game.settings.composed:
        raise NotationError(
            f"{played} catastrophes on the board and {left} left to the players are not the {most} of a "
            f"{game.players}-player game (R11)"
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
    missing = [p for p in MONUMENTS if p not in built and p not in game.monuments_available]
    if missing and not game.settings.composed:  # R21: monuments are never removed
        raise NotationError(f"the {monument_name(missing[0])} monument is neither built nor available")
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
    if max(game.removed) < 5 and not game.settings.composed:
        raise NotationError("the wonder is built but no colour has the five tiles it took out of the game")
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
    """R2, R22: a treasure lies on its starting temple (flipped under a monument, or on the wonder, R29a)
    until it is taken; none is lost."""
    most = len(game.map.start_temples)
    held = sum(game.treasures_held)
    if len(game.treasures) + held > most:
        raise NotationError(
            f"{len(game.treasures)} treasures on the board and {held} taken are more than the {most} "
            f"of the {game.settings.board} board"
        )
    composed = game.settings.composed
    if len(game.treasures) + held < most and not composed:
        raise NotationError(
            f"{len(game.treasures)} treasures on the board and {held} taken are fewer than the {most} "
            f"of the {game.settings.board} board: a treasure leaves the board only when taken"
        )
    for s in sorted(game.treasures):
        if game.cell[s] not in (RED, RED + FACE_DOWN, WONDER):
            raise NotationError(f"the treasure on {square_name(s).upper()} lies on no temple")
        if s not in game.map.start_temples and not composed:
            raise NotationError(
                f"the treasure on {square_name(s).upper()} is not on a starting square of the "
                f"{game.settings.board} board: treasures never move"
            )
    if game.phase in (Phase.ACTION, Phase.OVER):
        for seat, squares in game.treasure_groups():
            raise NotationError(
                f"the kingdom with seat {seat}'s trader holds {len(squares)} untaken treasures and no "
                "treasure choice is pending (R22)"
            )


def _check_turn(game: State) -> None:
    """R23: turns pass in seat order; a turn begins, and the game ends, after the refills of the turn before,
    so every hand is full unless the bag ran short, and a turn begins only while more than two treasures
    remain and no one was short (or the game would have ended)."""
    if game.settings.composed:
        return
    if game.active != (game.start_player + game.turn - 1) % game.players:
        raise NotationError(
            f"seat {game.active} cannot be active in turn {game.turn} when seat {game.start_player} began"
        )
    over = game.phase is Phase.OVER
    if over and game.actions_left != 0:
        raise NotationError("a game ends after its last turn's actions: no action is left")
    if not over and (game.phase is not Phase.ACTION or game.actions_left != 2):
        return
    when = "at the end of the game" if over else "at the start of a turn"
    for seat in range(game.players):
        if sum(game.hands[seat]) != HAND_SIZE and not game.bag_short:
            raise NotationError(
                f"seat {seat} holds {sum(game.hands[seat])} tiles {when}, not {HAND_SIZE}, and the bag was "
                "not short (R23)"
            )
    treasures = len(game.treasures)
    if over and game.end_reason is not None:
        if (game.end_reason == "treasures") != (treasures <= 2):
            raise NotationError(
                f"the game ended for {game.end_reason} with {treasures} treasures on the board: "
                "it ends for treasures when two or fewer remain (R23)"
            )
        if game.end_reason == "bag" and not game.bag_short:
            raise NotationError("the game cannot have ended for the bag when no one was short of tiles")
    elif not over and (game.bag_short or treasures <= 2):
        why = "someone short of tiles" if game.bag_short else f"{treasures} treasures on the board"
        raise NotationError(f"a turn that begins with {why} comes after the game's end (R23)")


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


# what every position of a game keeps true, in the order of the first error named
INVARIANTS: tuple[Callable[[State], None], ...] = (
    _check_supplies,
    _check_catastrophes,
    _check_monuments,
    _check_buildings,
    _check_wonder,
    _check_leaders,
    _check_treasures,
    _check_pending,
    _check_turn,
)
