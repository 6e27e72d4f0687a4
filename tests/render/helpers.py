"""Positions and pixel probes for the render tests."""

from __future__ import annotations

import io
import random
from collections.abc import Mapping, Sequence
from typing import Any

from PIL import Image

from engine import Event, Game, parse_square
from engine.rng import Rng
from render import board, cards, glyphs, seats, sprites, style
from tests.engine import positions
from tests.engine.positions import builder_minded

RGB = tuple[int, int, int]

# a revolt of priests: seat 0's on c5 (temple c6) against seat 1's on e5 (temple f5), in one kingdom, with
# three spare treasures far away; the attacker has committed one temple
SPARES = {"a1": "R$", "c1": "R$", "a3": "R$"}
REVOLT_AT = {"c5": "0R", "c6": "R", "d6": "G", "e6": "K", "e5": "1R", "f5": "R"} | SPARES
REVOLT_CONFLICT = {"kind": "revolt", "colour": "red", "attacker": 0, "defender": 1, "attacker_commit": 1}
REVOLT_PENDING = {"phase": "revolt-defender", "conflict": REVOLT_CONFLICT}  # fields of position()
# the same priests at rest, in two kingdoms (two priests never share a kingdom at rest: R13)
CALM_AT = {k: v for k, v in REVOLT_AT.items() if k not in ("d6", "e6")}


def position(at: Mapping[str, str], **fields: Any) -> Game:
    """``tests.engine.positions.position`` on the squares ``at`` (spares included) with the render tests'
    habits: four seats holding full hands on turn 5, unless told otherwise."""
    fields = {"players": 4, "turn": 5, **fields}
    fields.setdefault("hands", ["RRBGKK"] * fields["players"])
    return positions.position(at=at, spares=0, **fields)


def decode(png: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(png))
    assert image.format == "PNG"
    return image.convert("RGB")


def pixel(image: Image.Image, square: str, dx: int, dy: int) -> RGB:
    """The colour at (dx, dy) inside a square's cell."""
    x, y = board.cell_origin(parse_square(square))
    r, g, b = image.getpixel((x + dx, y + dy))  # type: ignore[misc]
    return (r, g, b)


def near(a: Sequence[int], b: Sequence[int], tolerance: int = 10) -> bool:
    return max(abs(p - q) for p, q in zip(a, b, strict=True)) <= tolerance


def count_near(image: Image.Image, box: tuple[int, int, int, int], colour: RGB, tolerance: int = 10) -> int:
    """How many pixels of the box (x0, y0, x1, y1) are near the colour."""
    region = image.crop(box)
    return sum(n for n, c in region.getcolors(region.width * region.height) if near(c, colour, tolerance))


def cell_box(square: str, inset: int = 0) -> tuple[int, int, int, int]:
    x, y = board.cell_origin(parse_square(square))
    return (x + inset, y + inset, x + board.CELL - inset, y + board.CELL - inset)


def random_game(
    seed: int, players: int, board_name: str = "standard", open_scoring: bool = False, options: bool = False
) -> list[tuple[Game, list[Event]]]:
    """Every position of a random self-play game, with the events that led to it; with ``options`` the
    game has the civilization buildings and the wonder and is played to make lines and pluses."""
    game = Game.new(players, seed, board_name, open_scoring=open_scoring, buildings=options, wonder=options)
    rng = random.Random(seed)
    chooser = Rng(seed)
    out: list[tuple[Game, list[Event]]] = [(game.copy(), [])]
    while not game.is_over:
        action = builder_minded(game, chooser) if options else rng.choice(game.legal_actions())
        events = game.apply(action)
        out.append((game.copy(), events))
    return out


def play(seed: int, players: int, actions: int) -> tuple[Game, list[Event]]:
    """A seeded random game after some actions, and the last action's events."""
    game = Game.new(players=players, seed=seed)
    rng = random.Random(seed)
    events: list[Event] = []
    for _ in range(actions):
        if game.is_over:
            break
        events = game.apply(rng.choice(game.legal_actions()))
    return game, events


def clear_render_caches() -> None:
    """Forget every cached picture part, glyph and text mask, so the next picture is drawn from scratch."""
    for module in (board, cards, glyphs, seats, sprites, style):
        for value in vars(module).values():
            if hasattr(value, "cache_clear"):
                value.cache_clear()
