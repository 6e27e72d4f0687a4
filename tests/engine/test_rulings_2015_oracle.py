"""R28 and R29 read a second time, as a plain oracle: random games with both 2015 options (played
builder-minded, so lines, squares and pluses come often) are checked at every step against a direct,
slow reading of the rulings, written without the engine's incremental structures:

- R28, R28a: the squares offered for the building (lines of three or more through the action's tile, longer
  than each line the building stands on without that tile; never its own square);
- R11, R28, R29: where a catastrophe may go (empty, or a face-up tile without treasure or building);
- R28, R10: a tile's point is 2 exactly when its region, once placed, holds the building of its colour;
- R28, R18: a war never removes the tile under a building; a building leaves the board only for a monument
  or the wonder;
- R29, R23: the game waits for the wonder's point exactly when the active player's king ends the turn in the
  wonder's region.
"""

from __future__ import annotations

import pytest

from engine import Action, Game, Phase
from engine.board import COLUMNS, NEIGHBOURS, ROWS, SQUARES
from engine.cells import BLACK, CATASTROPHE, EMPTY, FACE_DOWN
from engine.rng import Rng
from tests.engine.positions import builder_minded


def region(cell: list[int], square: int) -> set[int]:
    seen = {square}
    stack = [square]
    while stack:
        x = stack.pop()
        for y in NEIGHBOURS[x]:
            if y not in seen and cell[y] >= 0 and cell[y] != CATASTROPHE:
                seen.add(y)
                stack.append(y)
    return seen


def run(cell: list[int], square: int, dr: int, dc: int, colour: int, gap: int = -1) -> list[int]:
    """The squares of the unbroken run of ``colour`` through ``square`` along (dr, dc); ``gap`` is empty."""
    r, c = divmod(square, COLUMNS)
    out = [square]
    for sign in (-1, 1):
        rr, cc = r + sign * dr, c + sign * dc
        while (
            0 <= rr < ROWS
            and 0 <= cc < COLUMNS
            and rr * COLUMNS + cc != gap
            and cell[rr * COLUMNS + cc] == colour
        ):
            out.append(rr * COLUMNS + cc)
            rr, cc = rr + sign * dr, cc + sign * dc
    return out


def building_squares(game: Game) -> list[int]:
    placed = game.placed
    assert placed is not None
    cell = game.cell
    colour = cell[placed]
    current = game.buildings[colour]
    bar = 2
    if current is not None:
        bar = max(bar, *(len(run(cell, current, dr, dc, colour, gap=placed)) for dr, dc in ((0, 1), (1, 0))))
    out: set[int] = set()
    for dr, dc in ((0, 1), (1, 0)):
        line = run(cell, placed, dr, dc, colour)
        if len(line) > bar:
            out.update(line)
    out.discard(current)  # type: ignore[arg-type]
    return sorted(out)


def catastrophe_squares(game: Game) -> list[int]:
    cell = game.cell
    return [
        s
        for s in range(SQUARES)
        if cell[s] == EMPTY
        or (0 <= cell[s] < FACE_DOWN and s not in game.treasures and s not in game.buildings)
    ]


def check_step(before: Game, action: Action, after: Game, kinds: list[tuple[str, int]]) -> None:
    for colour in range(4):
        was = before.buildings[colour]
        if was is not None and after.buildings[colour] is None:
            assert action.kind in ("monument", "wonder"), "R28: only a flip or the wonder returns a building"
        if was is not None and any(kind == "war-won" for kind, _ in kinds):
            assert after.cell[was] == colour, "R28: a war never removes the tile under a building"
    for kind, count in kinds:
        if kind == "point":
            assert action.square is not None and action.colour is not None
            building = after.buildings[action.colour]
            doubled = building is not None and building in region(after.cell, action.square)
            assert count == (2 if doubled else 1), "R28: 2 in the kingdom of the tile's building, else 1"
    turn_ended = before.phase is not Phase.WONDER_POINT and any(k in ("turn", "game-over") for k, _ in kinds)
    if turn_ended or after.phase is Phase.WONDER_POINT:
        king = after.leader_pos[before.active][BLACK]
        due = after.wonder is not None and king is not None and after.wonder in region(after.cell, king)
        assert due == (after.phase is Phase.WONDER_POINT), "R29: the point waits exactly for a king by it"


@pytest.mark.parametrize("seed", range(24))
def test_r28_r29_random_games_agree_with_a_plain_reading_of_the_rulings(seed: int) -> None:
    game = Game.new(2 + seed % 3, seed, buildings=True, wonder=True)
    chooser = Rng(seed)
    seen: set[str] = set()
    for _ in range(3000):
        if game.is_over:
            break
        if game.phase is Phase.BUILDING:
            assert [a.square for a in game.legal_actions()[:-1]] == building_squares(game)
        if game.phase is Phase.ACTION and game.catastrophes[game.active]:
            offered = sorted(a.square for a in game.legal_actions() if a.kind == "catastrophe")
            assert offered == catastrophe_squares(game)
        action = builder_minded(game, chooser)
        before = game.copy()
        events = game.apply(action)
        kinds = [(e.kind, e.count) for e in events]
        seen.update(kind for kind, _ in kinds)
        check_step(before, action, game, kinds)
    assert {"building", "point"} <= seen  # the games reach what they check
