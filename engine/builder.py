"""Write a position by hand: a board diagram (or a few squares on the empty map) plus the fields that
differ from a fresh turn, and get a ``Game``; what is left out is filled in coherently.

>>> from engine import position
>>> game = position(at={"e5": "0K", "f5": "R$", "f4": "R"}, hands=["RRB", "KK"], points=[(1, 0, 0, 0), None])
>>> game.piece_at("e5").kind, game.points_of(0).red
('leader', 1)

The tiles nobody placed, holds or removed are in the bag (153 in all, R2); with ``bag`` given and
``removed`` left out, every other tile is among the removed ones, so a nearly empty bag still adds up.
The result goes through ``engine.load``'s checks: an incoherent position raises ``NotationError``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from engine.actions import COLOURS
from engine.board import COLUMNS, parse_square
from engine.diagram import diagram_rows, empty_rows, join_row
from engine.errors import NotationError
from engine.game import Game
from engine.model import Phase
from engine.notation import FORMAT, from_dict

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
    composed: bool = True,
) -> Game:
    """A game in the position described (docs/notation.md, "Writing positions").

    ``diagram``: the board as text (11 rows of 16 tokens, row numbers and a line of column letters allowed,
    as ``engine.board_diagram`` prints it) or as a list of 11 row strings. ``at``: instead, tokens put on
    the empty map of ``board`` (``{"e5": "0K", "f5": "R$"}``), from the starting temples if ``start``.
    ``hands`` are letters per seat (``"RRBK"``); ``points`` per seat; ``conflict`` as in a position
    (``{"kind": "war", "colour": "black", "attacker": 0, "defender": 1}``). ``buildings`` and ``wonder``
    are the 2015 edition's options (R28, R29); a building is the suffix ``^`` on a tile (``"G^"``), the
    wonder ``W`` on each of its five squares.
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
        "rng": seed,
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
