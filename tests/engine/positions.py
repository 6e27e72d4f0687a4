"""Test positions: a thin layer over the engine's public builder ``engine.position`` (docs/notation.md,
"Writing positions").

``position(at={"e5": "R", "f5": "0K"}, hands=[...], ...)`` puts tokens on the empty map of the board, or
``position(grid=[...11 rows...])`` gives the whole board. With ``at``, ``spares`` temples with treasures
(default 3) are added in the top-left corner, far from every test, so that ending a turn does not end the game
on "at most two treasures" (R23) by accident; ``start=True`` starts from the starting temples instead
(``spares`` then defaults to 0). Everything else, the bag included, is the engine builder's. The render
and computer-player tests build their positions with it too; ``hidden_parts`` gives a game's hidden parts
for ``engine.position_from_view`` (the same view, other hidden tiles).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import engine
from engine import Action, Game, Phase
from engine.board import NEIGHBOURS, SQUARES
from engine.diagram import token_at
from engine.rng import Rng

SPARE_SQUARES = {"standard": ("a1", "c1", "a3", "c3"), "advanced": ("a1", "a5", "a10", "b1")}


def position(
    grid: list[str] | None = None,
    *,
    at: Mapping[str, str] | None = None,
    spares: int | None = None,
    start: bool = False,
    board: str = "standard",
    **fields: Any,
) -> Game:
    """``engine.position`` with the test habits above."""
    if grid is not None:
        if at:
            raise ValueError("give either grid or at, not both")
        return engine.position(grid, board=board, **fields)
    if spares is None:
        spares = 0 if start else 3
    squares = dict.fromkeys(SPARE_SQUARES[board][:spares], "R$")
    squares.update(at or {})
    return engine.position(at=squares, start=start, board=board, **fields)


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
    return token_at(game, square)


def tokens(game: Game) -> dict[str, str]:
    """Every non-empty square and its token, squares named like ``e5``."""
    out = {}
    for s in range(SQUARES):
        t = token_at(game, s)
        if t not in (".", "~"):
            out[engine.square_name(s)] = t
    return out


def pts(game: Game, seat: int) -> tuple[int, int, int, int]:
    """A seat's points, red blue green black."""
    return game.points_of(seat)


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


def hidden_parts(game: Game) -> dict[str, Any]:
    """``engine.position_from_view``'s hidden parts as the game really has them (to change some)."""
    return {
        "hands": [hand(game, s) for s in range(game.players)],
        "bag": list(game.bag),
        "removed": list(game.removed),
        "points": [list(p) for p in game.points],
        "treasures": list(game.treasures_held),
        "rng": game.rng.state,
        "placed": None if game.placed is None else engine.square_name(game.placed),
    }


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


def builder_minded(game: Game, chooser: Rng) -> Action:
    """A random legal choice that, two times in three on a turn action, puts a tile beside one of its own
    colour, and never plays a catastrophe: lines, squares and pluses then come often, so random games with
    the 2015 options (R28, R29) see buildings, monuments and the wonder."""
    legal = game.legal_actions()
    if game.phase is not Phase.ACTION:
        return legal[chooser.below(len(legal))]
    if chooser.below(3):
        cell = game.cell
        beside = [
            a
            for a in legal
            if a.kind == "tile"
            and a.square is not None
            and any(cell[n] == a.colour for n in NEIGHBOURS[a.square])
        ]
        if beside:
            return beside[chooser.below(len(beside))]
    calm = [a for a in legal if a.kind != "catastrophe"]
    return calm[chooser.below(len(calm))]


def play_builder_minded(
    players: int, seed: int, board: str = "standard", steps: int = 10_000, **options: bool
) -> tuple[Game, list[str]]:
    """A game with the options given (``buildings=True, wonder=True``), played by ``builder_minded`` for at
    most ``steps`` choices, and its actions."""
    game = Game.new(players, seed, board, **options)
    chooser = Rng(seed)
    actions: list[str] = []
    while not game.is_over and len(actions) < steps:
        action = builder_minded(game, chooser)
        game.apply(action)
        actions.append(action.text)
    return game, actions
