"""Write a position by hand: a board diagram (or a few squares on the empty map) plus the fields that
differ from a fresh turn, and get a ``Game``; what is left out is filled in coherently.

>>> from engine import position
>>> game = position(at={"e5": "0K", "f5": "R$", "f4": "R"}, hands=["RRB", "KK"], points=[(1, 0, 0, 0), None])
>>> game.piece_at("e5").kind, game.points_of(0).red
('leader', 1)

The tiles nobody placed, holds or removed are in the bag (153 in all, R2); with ``bag`` given and
``removed`` left out, every other tile is among the removed ones, so a nearly empty bag still adds up.
The result goes through ``engine.load``'s checks: an incoherent position raises ``NotationError``.

``position_from_view(view, hands=..., bag=..., ...)`` is the other way in: a game that agrees with all
that one seat sees (its ``PlayerView``), the hidden parts (other hands, bag, removed tiles, hidden points
and treasures, the draw generator) as given; a computer player samples them to look ahead (ai.determinise).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from engine.actions import COLOURS, monument_name
from engine.board import COLUMNS, ROWS, parse_square, square_name
from engine.cells import CATASTROPHE, EMPTY, FACE_DOWN, LEADER, WONDER
from engine.diagram import LETTERS, diagram_rows, empty_rows, join_row, square_token
from engine.errors import NotationError
from engine.game import Game
from engine.model import Conflict, Phase
from engine.notation import FORMAT, conflict_dict, from_dict
from engine.views import PlayerView, SquareView

# per colour: a mapping {"red": 1, ...} (missing colours 0), a sequence of four counts, or None for zeros
Counts = Mapping[str, int] | Sequence[int] | None


def position(
    diagram: str | Sequence[str] | None = None,
    *,
    at: Mapping[str, str] | None = None,
    start: bool = False,
    players: int = 2,
    board: str = "standard",
    english: bool = False,
    open_scoring: bool = False,
    buildings: bool = False,
    wonder: bool = False,
    hands: Sequence[str] | None = None,
    points: Sequence[Counts] | None = None,
    treasures: Sequence[int] | None = None,
    catastrophes: Sequence[int] | None = None,
    active: int = 0,
    start_player: int | None = None,
    actions_left: int = 2,
    turn: int = 1,
    bag_short: bool = False,
    phase: str | Phase = Phase.ACTION,
    placed: str | None = None,
    conflict: Mapping[str, Any] | None = None,
    monuments: Iterable[tuple[str, str]] = (),
    monuments_available: Iterable[str] | None = None,
    bag: Counts = None,
    removed: Counts = None,
    end: str | None = None,
    seed: int = 0,
    rng: int | None = None,
    composed: bool = True,
) -> Game:
    """A game in the position described (docs/notation.md, "Writing positions").

    ``diagram``: the board as text (11 rows of 16 tokens, row numbers and a line of column letters allowed,
    as ``engine.board_diagram`` prints it) or as a list of 11 row strings. ``at``: instead, tokens put on
    the empty map of ``board`` (``{"e5": "0K", "f5": "R$"}``), from the starting temples if ``start``.
    ``hands`` are letters per seat (``"RRBK"``); ``points`` per seat; ``conflict`` as in a position
    (``{"kind": "war", "colour": "black", "attacker": 0, "defender": 1}``). ``buildings`` and ``wonder``
    are the 2015 edition's options (R28, R29); a building is the suffix ``^`` on a tile (``"G^"``), the
    wonder ``W`` on each of its five squares. ``rng`` is the draw generator's state (``seed`` if left out).
    """
    grid = _grid(diagram, at, board, start)
    seats = range(players)
    data: dict[str, Any] = {
        "format": FORMAT,
        "settings": {
            "players": players,
            "board": board,
            "english": english,
            "open_scoring": open_scoring,
            "buildings": buildings,
            "wonder": wonder,
            "composed": composed,
        },
        "seed": seed,
        "rng": seed if rng is None else rng,
        "grid": grid,
        "monuments": [{"pair": pair, "square": square} for pair, square in monuments],
        "players": [
            {
                "hand": _per_seat(hands, seat, ""),
                "points": _counts(_per_seat(points, seat, None), "points"),
                "treasures": _per_seat(treasures, seat, 0),
                "catastrophes": _per_seat(catastrophes, seat, 2),
            }
            for seat in seats
        ],
        "removed": _counts(removed, "removed"),
        "turn": {
            "number": turn,
            "start_player": active if start_player is None else start_player,
            "active": active,
            "actions_left": actions_left,
            "bag_short": bag_short,
        },
        "pending": {
            "phase": phase.value if isinstance(phase, Phase) else phase,
            "placed": placed,
            "conflict": None if conflict is None else dict(conflict),
        },
        "end": end,
    }
    if monuments_available is not None:
        data["monuments_available"] = list(monuments_available)
    if bag is not None:
        want = _counts(bag, "the bag")
        if removed is None:  # every tile that is nowhere else was removed
            left = from_dict(data).bag  # without a bag, the loader puts every other tile in it
            short = [c.word for c in COLOURS if want[c.word] > left[c]]
            if short:
                raise NotationError(f"the bag cannot hold that many {short[0]} tiles: the others are in play")
            data["removed"] = {c.word: left[c] - want[c.word] for c in COLOURS}
        data["bag"] = want
    return from_dict(data)


def position_from_view(
    view: PlayerView,
    *,
    hands: Sequence[str],
    bag: Counts,
    removed: Counts,
    points: Sequence[Counts],
    treasures: Sequence[int],
    rng: int,
    placed: str | None = None,
) -> Game:
    """The game ``view``'s seat sees, with what it cannot see as given: ``hands`` (letters per seat, its own
    as it holds it), ``bag`` and ``removed`` (per colour), ``points`` and ``treasures`` per seat (those it
    sees as shown), ``rng`` the draw generator's state, ``placed`` the square of the tile the pending
    decision follows (a view does not tell it: building, monument and wonder steps need it). An assignment
    that contradicts the view, or a game that does not add up (153 tiles, R2), raises ``NotationError``.
    """
    for seat in view.seats:
        hand = _per_seat(hands, seat.seat, "")
        if len(hand) != seat.hand_size:
            raise NotationError(f"seat {seat.seat} holds {seat.hand_size} tiles, not {len(hand)}")
        given = tuple(_counts(_per_seat(points, seat.seat, None), "points").values())
        if seat.points is not None and given != seat.points:
            raise NotationError(f"seat {seat.seat}'s points are in sight: they cannot be resampled")
        if seat.treasures is not None and _per_seat(treasures, seat.seat, 0) != seat.treasures:
            raise NotationError(f"seat {seat.seat}'s treasures are in sight: they cannot be resampled")
    own = _per_seat(hands, view.seat, "")
    if tuple(own.count(letter) for letter in LETTERS) != view.hand:
        raise NotationError(f"seat {view.seat}'s own hand is in sight: it cannot be resampled")
    seen = view.conflict
    return position(
        _view_grid(view),
        players=view.players,
        board=view.board,
        english=view.english,
        open_scoring=view.open_scoring,
        buildings=view.use_buildings,
        wonder=view.use_wonder,
        composed=view.composed,
        hands=hands,
        points=points,
        treasures=treasures,
        catastrophes=[seat.catastrophes for seat in view.seats],
        active=view.active,
        start_player=(view.active - view.turn + 1) % view.players,  # turns pass in seat order (R23)
        actions_left=view.actions_left,
        turn=view.turn,
        phase=view.phase,
        placed=placed,
        conflict=None
        if seen is None
        else conflict_dict(
            Conflict(seen.kind, seen.colour, seen.attacker, seen.defender, seen.attacker_commit)
        ),
        monuments=[(monument_name(pair), square_name(top_left)) for pair, top_left in view.monuments],
        monuments_available=[monument_name(pair) for pair in view.monuments_available],
        bag=bag,
        removed=removed,
        rng=rng,
    )


def _cell(square: SquareView) -> int:
    """The cell value of a square as seen (engine.cells)."""
    if square.catastrophe:
        return CATASTROPHE
    if square.wonder:
        return WONDER
    if square.leader is not None:
        return LEADER + 4 * square.leader[0] + square.leader[1]
    if square.tile is None:
        return EMPTY
    return square.tile + FACE_DOWN if square.face_down else square.tile


def _view_grid(view: PlayerView) -> list[str]:
    """The grid rows of the board as seen (every square is public, R25)."""
    buildings: list[int | None] = [None] * len(COLOURS)
    for colour, square in view.buildings:
        buildings[colour] = square
    river = {sq.index for sq in view.squares if sq.river}
    treasures = {sq.index for sq in view.squares if sq.treasure}
    tokens = [
        square_token(sq.index, _cell(sq), river, buildings, treasures, view.unification)
        for sq in view.squares
    ]
    return [join_row(tokens[r * COLUMNS : (r + 1) * COLUMNS]) for r in range(ROWS)]


def _grid(
    diagram: str | Sequence[str] | None, at: Mapping[str, str] | None, board: str, start: bool
) -> list[str]:
    if diagram is not None:
        if at is not None or start:
            raise NotationError("give the board either as a diagram or as squares on the map, not both")
        return diagram_rows(diagram if isinstance(diagram, str) else "\n".join(diagram))
    rows = empty_rows(board, start)
    for name, token in (at or {}).items():
        s = parse_square(name)
        rows[s // COLUMNS][s % COLUMNS] = token
    return [join_row(row) for row in rows]


def _per_seat(values: Sequence[Any] | None, seat: int, default: Any) -> Any:
    if values is None:
        return default
    if len(values) <= seat:
        raise NotationError(f"give a value for every seat: seat {seat} is missing")
    value = values[seat]
    return default if value is None else value


def _counts(value: Counts, what: str) -> dict[str, int]:
    if value is None:
        return {c.word: 0 for c in COLOURS}
    if isinstance(value, Mapping):
        unknown = set(value) - {c.word for c in COLOURS}
        if unknown:
            raise NotationError(f"{what}: {sorted(unknown)[0]!r} is not a colour")
        return {c.word: value.get(c.word, 0) for c in COLOURS}
    if len(value) != 4:
        raise NotationError(f"{what} needs four counts: red, blue, green, black")
    return {c.word: value[c] for c in COLOURS}
