"""The board as text: one token per square (docs/notation.md), the grid of a position, and a compact
diagram with column letters and row numbers that reads back as a grid.

Tokens: ``.`` empty land, ``~`` empty river, ``X`` catastrophe, ``R B G K`` face-up temple, farm, market,
settlement, ``r b g k`` the same face down (under a monument), ``W`` a square of the wonder (R29),
``<seat><letter>`` a leader (``0R`` seat 0's priest, ``2K`` seat 2's king). Suffix ``^`` marks the
civilization building of the tile's colour (R28), ``$`` a treasure, ``!`` the unification tile.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from functools import cache
from itertools import compress

from engine.board import COLUMN_LETTERS, COLUMNS, MAPS, ROWS, SQUARES, BoardMap, parse_square
from engine.cells import CATASTROPHE, EMPTY, FACE_DOWN, LEADER, WONDER
from engine.errors import NotationError
from engine.state import State

LETTERS = "RBGK"
HEADER = "     " + "   ".join(COLUMN_LETTERS[:COLUMNS])


def token_at(state: State, square: int | str) -> str:
    """The grid token of a square, e.g. ``"R$"``, ``"0K"``, ``"."``, ``"G^"``, ``"W"``."""
    s = parse_square(square) if isinstance(square, str) else square
    return square_token(
        s, state.cell[s], state.map.river, state.buildings, state.treasures, state.unification
    )


def square_token(
    s: int,
    v: int,
    river: Collection[int],
    buildings: Sequence[int | None],
    treasures: Collection[int],
    unification: int | None,
) -> str:
    """The token of square ``s`` holding ``v``; the state's parts are passed in, read once per grid
    (writing a position out, every saved move, reads all 176 squares)."""
    if v == EMPTY:
        token = "~" if s in river else "."
    elif v == CATASTROPHE:
        token = "X"
    elif v == WONDER:
        token = "W"
    elif v >= LEADER:
        seat, colour = divmod(v - LEADER, 4)
        token = f"{seat}{LETTERS[colour]}"
    elif v >= FACE_DOWN:
        token = LETTERS[v - FACE_DOWN].lower()
    else:
        token = LETTERS[v]
        if buildings[v] == s:
            token += "^"
    if s in treasures:
        token += "$"
    if s == unification:
        token += "!"
    return token


def join_row(tokens: Sequence[str]) -> str:
    """The tokens, each padded to 3 and one space apart (one ``format`` call: every saved move writes 11)."""
    return ("{:<3} " * len(tokens)).format(*tokens).rstrip()


# The token of each thing a square can hold, before the marks of a building, a treasure or the unification
_PLAIN_TOKENS = {
    v: square_token(-1, v, (), (None,) * len(LETTERS), (), None)
    for v in (*range(WONDER + 1), *range(LEADER, LEADER + len(LETTERS) * 4))
}


@cache
def _empty_tokens(board: BoardMap) -> tuple[str, ...]:
    return tuple("~" if s in board.river else "." for s in range(SQUARES))


def grid_lines(state: State) -> list[str]:
    """The board as 11 aligned rows of tokens (the ``grid`` of a position): ``square_token`` of every square,
    built faster (every saved move writes one): the empty board, each thing on it from a table, then the few
    marks. An empty square carries no building, treasure or unification tile."""
    cell = state.cell
    tokens = list(_empty_tokens(state.map))
    for s in compress(range(SQUARES), map(EMPTY.__ne__, cell)):  # the squares holding something, found in C
        tokens[s] = _PLAIN_TOKENS[cell[s]]
    for colour, building in enumerate(state.buildings):
        if building is not None and cell[building] == colour:  # on its face-up tile of that colour (R28)
            tokens[building] += "^"
    for s in state.treasures:
        if cell[s] != EMPTY:
            tokens[s] += "$"
    unification = state.unification
    if unification is not None and cell[unification] != EMPTY:
        tokens[unification] += "!"
    return [join_row(tokens[r * COLUMNS : (r + 1) * COLUMNS]) for r in range(ROWS)]


def board_diagram(state: State) -> str:
    """The grid with column letters above and row numbers in front; ``engine.position`` reads it back."""
    lines = [HEADER]
    for r, row in enumerate(grid_lines(state)):
        lines.append(f"{r + 1:>3}  {row}")
    return "\n".join(lines) + "\n"


def empty_rows(board: str = "standard", start: bool = False) -> list[list[str]]:
    """The map's rows as token lists: rivers and land, with the starting temples and treasures if asked."""
    m = MAPS[board]
    temples = m.start_temples if start else ()
    tokens = ["R$" if s in temples else "~" if s in m.river else "." for s in range(SQUARES)]
    return [tokens[r * COLUMNS : (r + 1) * COLUMNS] for r in range(ROWS)]


def diagram_rows(text: str) -> list[str]:
    """The 11 grid rows of a diagram: 11 lines of 16 tokens, each may start with its row number; a line of
    column letters and blank lines are skipped."""
    rows: list[str] = []
    for line in text.splitlines():
        tokens = line.split()
        if not tokens or tokens == list(COLUMN_LETTERS[: len(tokens)]):
            continue
        if len(tokens) == COLUMNS + 1 and tokens[0] == str(len(rows) + 1):
            tokens = tokens[1:]
        if len(tokens) != COLUMNS:
            row = len(rows) + 1
            raise NotationError(f"row {row} of the diagram needs {COLUMNS} squares, not {len(tokens)}")
        rows.append(join_row(tokens))
    if len(rows) != ROWS:
        raise NotationError(f"a diagram has {ROWS} rows, not {len(rows)}")
    return rows
