"""What a player may see (R25). Everything shown to people comes from these views, so hidden
information cannot leak by accident: the public view has no hand, no points (unless open scoring),
no bag count and no discards."""

from __future__ import annotations

from dataclasses import dataclass

from engine.actions import COLOURS, Colour
from engine.board import NEIGHBOURS, SQUARES, parse_square, square_name
from engine.cells import CATASTROPHE, EMPTY, FACE_DOWN, LEADER, WONDER
from engine.game import Game
from engine.model import Phase
from engine.scoring import Outcome
from engine.state import plus


@dataclass(frozen=True)
class SquareView:
    index: int
    name: str  # "e5"
    river: bool
    special: bool  # a special-border square (R22)
    tile: Colour | None  # a civilization tile of that colour, face up or down
    face_down: bool  # under a monument
    catastrophe: bool
    leader: tuple[int, Colour] | None  # (seat, colour)
    treasure: bool
    unification: bool
    building: bool = False  # the civilization building of the tile's colour stands on it (R28)
    wonder: bool = False  # one of the wonder's five squares (R29); ``tile`` is None there


@dataclass(frozen=True)
class SeatView:
    seat: int
    leaders_in_supply: tuple[Colour, ...]
    leaders_on_board: tuple[tuple[Colour, int], ...]  # (colour, square)
    catastrophes: int
    hand_size: int
    points: tuple[int, int, int, int] | None  # only with open scoring, or one's own, or at the end
    treasures: int | None


@dataclass(frozen=True)
class ConflictView:
    kind: str  # "revolt" | "war"
    colour: Colour  # the leaders' colour
    tile_colour: Colour  # the colour of the tiles that count (red for a revolt)
    attacker: int
    defender: int
    attacker_square: int
    defender_square: int
    attacker_strength: int  # on the board
    defender_strength: int
    attacker_commit: int | None  # public once made (R25)
    attacker_supporters: tuple[int, ...]  # squares (war: R17; revolt: adjacent temples)
    defender_supporters: tuple[int, ...]


@dataclass(frozen=True)
class PublicView:
    """The game as a spectator sees it."""

    players: int
    board: str
    english: bool
    open_scoring: bool
    squares: tuple[SquareView, ...]
    monuments: tuple[tuple[tuple[Colour, Colour], int], ...]  # (colours, top-left square)
    monuments_available: tuple[tuple[Colour, Colour], ...]
    use_buildings: bool  # the game is played with the civilization buildings (R28)
    use_wonder: bool  # ... with the wonder (R29)
    composed: bool  # a position set up by hand, not dealt (engine.model.Settings)
    buildings: tuple[tuple[Colour, int], ...]  # (colour, square) of each building on the board
    buildings_beside: tuple[Colour, ...]  # the buildings beside the board (empty without the option)
    wonder: int | None  # the centre of the wonder's plus once erected
    wonder_squares: tuple[int, ...]  # its five squares, in square order
    seats: tuple[SeatView, ...]
    turn: int
    active: int
    actions_left: int
    phase: Phase
    to_act: int | None
    conflict: ConflictView | None
    choices: tuple[str, ...]  # the legal choices of a pending decision; empty on a turn action (public)
    unification: int | None
    treasures_left: int
    outcome: Outcome | None
    end_reason: str | None

    def square(self, name: str) -> SquareView:
        return self.squares[parse_square(name)]


@dataclass(frozen=True)
class PlayerView(PublicView):
    """The public view plus one player's own screen."""

    seat: int = 0
    hand: tuple[int, int, int, int] = (0, 0, 0, 0)
    points: tuple[int, int, int, int] = (0, 0, 0, 0)
    treasures: int = 0


def _squares(game: Game) -> tuple[SquareView, ...]:
    out = []
    river, special = game.map.river, game.map.special
    buildings = game.buildings
    for s in range(SQUARES):
        v = game.cell[s]
        tile = COLOURS[v % FACE_DOWN] if 0 <= v < CATASTROPHE else None
        leader = None
        if v >= LEADER:
            seat, colour = divmod(v - LEADER, 4)
            leader = (seat, COLOURS[colour])
        out.append(
            SquareView(
                s,
                square_name(s),
                s in river,
                s in special,
                tile,
                FACE_DOWN <= v < CATASTROPHE,
                v == CATASTROPHE,
                leader,
                s in game.treasures,
                s == game.unification,
                s in buildings,
                v == WONDER,
            )
        )
    assert all(v >= EMPTY for v in game.cell)
    return tuple(out)


def _conflict(game: Game) -> ConflictView | None:
    c = game.conflict
    if c is None:
        return None
    a = game.leader_pos[c.attacker][c.colour]
    d = game.leader_pos[c.defender][c.colour]
    assert a is not None and d is not None
    if c.kind == "war":
        a_sup, d_sup = tuple(game.war_supporters(a)), tuple(game.war_supporters(d))
    else:
        a_sup = tuple(sorted(n for n in NEIGHBOURS[a] if game.cell[n] == 0))
        d_sup = tuple(sorted(n for n in NEIGHBOURS[d] if game.cell[n] == 0))
    sa, sd = game.conflict_strengths()
    return ConflictView(
        c.kind, c.colour, c.tile_colour, c.attacker, c.defender, a, d, sa, sd, c.attacker_commit, a_sup, d_sup
    )


def _public_fields(game: Game, viewer: int | None) -> dict[str, object]:
    over = game.phase is Phase.OVER
    seats = []
    for seat in range(game.players):
        visible = over or game.settings.open_scoring or seat == viewer
        p = game.points[seat]
        seats.append(
            SeatView(
                seat,
                tuple(game.leaders_in_supply(seat)),
                tuple((c, sq) for c in COLOURS if (sq := game.leader_pos[seat][c]) is not None),
                game.catastrophes[seat],
                sum(game.hands[seat]),
                (p[0], p[1], p[2], p[3]) if visible else None,
                game.treasures_held[seat] if visible else None,
            )
        )
    choices = () if game.phase in (Phase.ACTION, Phase.OVER) else tuple(a.text for a in game.legal_actions())
    if game.phase.is_commit and viewer != game.to_act:
        choices = ()  # R25: the commit choices tell how many tiles of a colour the decider holds
    return {
        "players": game.players,
        "board": game.settings.board,
        "english": game.settings.english,
        "open_scoring": game.settings.open_scoring,
        "squares": _squares(game),
        "monuments": tuple(game.monuments),
        "monuments_available": tuple(game.monuments_available),
        "use_buildings": game.settings.buildings,
        "use_wonder": game.settings.wonder,
        "composed": game.settings.composed,
        "buildings": tuple(game.buildings_on_board()),
        "buildings_beside": tuple(
            c for c in COLOURS if game.settings.buildings and game.buildings[c] is None
        ),
        "wonder": game.wonder,
        "wonder_squares": () if game.wonder is None else plus(game.wonder),
        "seats": tuple(seats),
        "turn": game.turn,
        "active": game.active,
        "actions_left": game.actions_left,
        "phase": game.phase,
        "to_act": game.to_act,
        "conflict": _conflict(game),
        "choices": choices if game.phase is not Phase.ACTION else (),
        "unification": game.unification,
        "treasures_left": len(game.treasures),
        "outcome": game.outcome(),
        "end_reason": game.end_reason,
    }


def public_view(game: Game) -> PublicView:
    """What everyone may see (R25)."""
    return PublicView(**_public_fields(game, None))  # type: ignore[arg-type]


def player_view(game: Game, seat: int) -> PlayerView:
    """What one player sees: the public view plus their own hand, points and treasures."""
    p = game.points[seat]
    return PlayerView(
        **_public_fields(game, seat),  # type: ignore[arg-type]
        seat=seat,
        hand=game.hand(seat),
        points=(p[0], p[1], p[2], p[3]),
        treasures=game.treasures_held[seat],
    )
