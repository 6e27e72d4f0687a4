"""Build test positions from the project's position notation (engine/notation.py, docs/notation.md).

A position is written as a compact grid of 11 rows x 16 tokens (``.`` land, ``~`` river, ``X`` catastrophe,
``R B G K`` face-up temple/farm/market/settlement, ``r b g k`` face down, ``0R``..``3K`` leaders,
suffix ``$`` treasure and ``!`` unification tile) plus a few keyword fields. Two ways to give the grid:

- ``grid=[...11 rows...]`` written out in full, or
- ``at={"e5": "R", "f5": "0K"}``: tokens put on the empty map of the board (rivers already drawn).
  With ``at``, ``spares`` temples with treasures (default 3) are added in the top-left corner, far from
  every test, so that ending a turn does not end the game on "at most two treasures" (R23) by accident;
  ``start=True`` starts from the starting temples instead (``spares`` then defaults to 0).

Every field the loader needs is filled in; the bag is left out so the loader fills it with every tile
not on the board, in a hand or removed.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from typing import Any

from engine import Game, load, parse_square
from engine.board import COLUMNS, MAPS, ROWS
from engine.notation import grid_lines

COLOURS = ("red", "blue", "green", "black")
LETTER = {"red": "R", "blue": "B", "green": "G", "black": "K"}
SPARE_SQUARES = {"standard": ("a1", "c1", "a3", "c3"), "advanced": ("a1", "a5", "a10", "b1")}


def empty_rows(board: str = "standard", start: bool = False) -> list[list[str]]:
    """The board's rows as token lists: rivers and land, with the starting temples and treasures if asked."""
    m = MAPS[board]
    rows = []
    for r in range(ROWS):
        row = []
        for c in range(COLUMNS):
            s = r * COLUMNS + c
            if start and s in m.start_temples:
                row.append("R$")
            else:
                row.append("~" if s in m.river else ".")
        rows.append(row)
    return rows


def make_grid(
    at: Mapping[str, str] | None = None,
    board: str = "standard",
    start: bool = False,
    spares: int | None = None,
) -> list[str]:
    rows = empty_rows(board, start)
    if spares is None:
        spares = 0 if start else 3
    for name in SPARE_SQUARES[board][:spares]:
        s = parse_square(name)
        rows[s // COLUMNS][s % COLUMNS] = "R$"
    for name, token in (at or {}).items():
        s = parse_square(name)
        rows[s // COLUMNS][s % COLUMNS] = token
    return [" ".join(f"{t:<3}" for t in row).rstrip() for row in rows]


def _points(value: Any) -> dict[str, int]:
    if value is None:
        return dict.fromkeys(COLOURS, 0)
    if isinstance(value, Mapping):
        return {c: int(value.get(c, 0)) for c in COLOURS}
    return {c: int(v) for c, v in zip(COLOURS, value, strict=True)}


def position_dict(
    grid: list[str] | None = None,
    *,
    at: Mapping[str, str] | None = None,
    board: str = "standard",
    start: bool = False,
    spares: int | None = None,
    players: int = 2,
    hands: Iterable[str] | None = None,
    points: Iterable[Any] | None = None,
    treasures: Iterable[int] | None = None,
    catastrophes: Iterable[int] | None = None,
    active: int = 0,
    actions_left: int = 2,
    turn: int = 1,
    bag_short: bool = False,
    phase: str = "action",
    placed: str | None = None,
    conflict: Mapping[str, Any] | None = None,
    english: bool = False,
    open_scoring: bool = False,
    removed: Any = None,
    bag: Any = None,
    monuments: Iterable[tuple[str, str]] = (),
    monuments_available: Iterable[str] | None = None,
    seed: int = 0,
) -> dict[str, Any]:
    if grid is None:
        grid = make_grid(at, board, start, spares)
    elif at:
        raise ValueError("give either grid or at, not both")
    hands = list(hands) if hands is not None else [""] * players
    points = list(points) if points is not None else [None] * players
    treasures = list(treasures) if treasures is not None else [0] * players
    catastrophes = list(catastrophes) if catastrophes is not None else [2] * players
    data: dict[str, Any] = {
        "format": "tigris-position/1",
        "settings": {"players": players, "board": board, "english": english, "open_scoring": open_scoring},
        "seed": seed,
        "rng": seed,
        "grid": list(grid),
        "monuments": [{"pair": pair, "square": square} for pair, square in monuments],
        "players": [
            {
                "hand": hands[i],
                "points": _points(points[i]),
                "treasures": treasures[i],
                "catastrophes": catastrophes[i],
            }
            for i in range(players)
        ],
        "removed": _points(removed),
        "turn": {
            "number": turn,
            "start_player": active,
            "active": active,
            "actions_left": actions_left,
            "bag_short": bag_short,
        },
        "pending": {"phase": phase, "placed": placed, "conflict": dict(conflict) if conflict else None},
        "end": None,
    }
    if monuments_available is not None:
        data["monuments_available"] = list(monuments_available)
    if bag is not None:
        data["bag"] = _points(bag)
    return data


def position(grid: list[str] | None = None, **fields: Any) -> Game:
    """``engine.load`` of a full JSON position built from a grid and a few fields (see position_dict).

    ``bag`` (counts red, blue, green, black) without ``removed`` puts every other tile among the removed ones,
    so a test can have a nearly empty bag while the 153 tiles still add up.
    """
    if fields.get("bag") is not None and fields.get("removed") is None:
        want = _points(fields["bag"])
        full = load(json.dumps(position_dict(grid, **{**fields, "bag": None})))
        fields["removed"] = {c: full.bag[i] - want[c] for i, c in enumerate(COLOURS)}
    return load(json.dumps(position_dict(grid, **fields)))


# ------------------------------------------------------------------------------------------- reading back


def three_wars() -> Game:
    """Seat 0 (king e5, trader f4, farmer f6 around temple f5) and seat 1 (king k5, trader j4, farmer j6
    around temple j5), two kingdoms joined by seat 0's settlement on h5: wars in blue, green and black."""
    at = {
        "e5": "0K", "f4": "0G", "f6": "0B", "f5": "R", "g5": "K",
        "i5": "K", "j5": "R", "k5": "1K", "j4": "1G", "j6": "1B",
    }  # fmt: skip
    game = position(at=at, hands=["K", ""])
    game.apply("tile black h5")
    return game


def token(game: Game, square: str) -> str:
    """The grid token on a square, e.g. ``"R$"``, ``"0K"``, ``"."``."""
    s = parse_square(square)
    return grid_lines(game)[s // COLUMNS].split()[s % COLUMNS]


def tokens(game: Game) -> dict[str, str]:
    """Every non-empty square and its token, squares named like ``e5``."""
    out = {}
    for r, line in enumerate(grid_lines(game)):
        for c, t in enumerate(line.split()):
            if t not in (".", "~"):
                out[f"{'abcdefghijklmnop'[c]}{r + 1}"] = t
    return out


def pts(game: Game, seat: int) -> tuple[int, int, int, int]:
    """A seat's points, red blue green black."""
    p = game.points[seat]
    return (p[0], p[1], p[2], p[3])


def hand(game: Game, seat: int) -> str:
    h = game.hand(seat)
    return "".join(letter * n for letter, n in zip("RBGK", h, strict=True))


def tile_total(game: Game) -> int:
    """Board (either face) + hands + bag + removed: always 153 (R2, R14, R18)."""
    on_board = sum(1 for v in game.cell if 0 <= v < 8)
    return on_board + sum(sum(h) for h in game.hands) + sum(game.bag) + sum(game.removed)


def tiles_by_colour(game: Game) -> list[int]:
    out = [0, 0, 0, 0]
    for v in game.cell:
        if 0 <= v < 8:
            out[v % 4] += 1
    for h in game.hands:
        for c in range(4):
            out[c] += h[c]
    for c in range(4):
        out[c] += game.bag[c] + game.removed[c]
    return out


def legal(game: Game) -> list[str]:
    return [a.text for a in game.legal_actions()]


def legal_of(game: Game, kind: str) -> list[str]:
    """The legal actions of one kind, e.g. ``legal_of(g, "leader")``."""
    return [t for t in legal(game) if t.split()[0] == kind]


def play(game: Game, *actions: str) -> list[Any]:
    """Apply actions in order; return all events."""
    events: list[Any] = []
    for a in actions:
        events.extend(game.apply(a))
    return events
