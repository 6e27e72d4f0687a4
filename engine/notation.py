"""Positions as JSON text (docs/notation.md): everything a game is, so ``load(dump(g)) == g`` and play
continues identically from the loaded position.

The board is a grid of 11 rows of 16 tokens:
``.`` empty land, ``~`` empty river, ``X`` catastrophe, ``R B G K`` face-up temple, farm, market,
settlement, ``r b g k`` the same face down (under a monument), ``<seat><letter>`` a leader
(``0R`` seat 0's priest, ``2K`` seat 2's king). Suffix ``$`` marks a treasure, ``!`` the unification tile.
"""

from __future__ import annotations

import json
from typing import Any

from engine.actions import COLOURS, MONUMENTS, Colour, monument_name, parse_monument
from engine.board import COLUMNS, ROWS, parse_square, square_name
from engine.errors import NotationError
from engine.game import (
    CATASTROPHE,
    EMPTY,
    FACE_DOWN,
    HAND_SIZE,
    LEADER,
    TILE_COUNTS,
    Conflict,
    Game,
    Phase,
    Settings,
)
from engine.rng import Rng

FORMAT = "tigris-position/1"
LETTERS = "RBGK"


def _cell_token(game: Game, square: int) -> str:
    v = game.cell[square]
    if v == EMPTY:
        token = "~" if square in game.map.river else "."
    elif v == CATASTROPHE:
        token = "X"
    elif v >= LEADER:
        seat, colour = divmod(v - LEADER, 4)
        token = f"{seat}{LETTERS[colour]}"
    elif v >= FACE_DOWN:
        token = LETTERS[v - FACE_DOWN].lower()
    else:
        token = LETTERS[v]
    if square in game.treasures:
        token += "$"
    if square == game.unification:
        token += "!"
    return token


def grid_lines(game: Game) -> list[str]:
    """The board as 11 aligned rows of tokens."""
    return [
        " ".join(f"{_cell_token(game, r * COLUMNS + c):<3}" for c in range(COLUMNS)).rstrip()
        for r in range(ROWS)
    ]


def _colours(values: list[int]) -> dict[str, int]:
    return {c.word: values[c] for c in COLOURS}


def _hand_text(hand: list[int]) -> str:
    return "".join(LETTERS[c] * hand[c] for c in range(4))


def to_dict(game: Game) -> dict[str, Any]:
    s = game.settings
    conflict = game.conflict
    return {
        "format": FORMAT,
        "settings": {
            "players": s.players,
            "board": s.board,
            "english": s.english,
            "open_scoring": s.open_scoring,
        },
        "seed": game.seed,
        "rng": game.rng.state,
        "columns": "   ".join("abcdefghijklmnop"),
        "grid": grid_lines(game),
        "monuments": [{"pair": monument_name(p), "square": square_name(t)} for p, t in game.monuments],
        "monuments_available": [monument_name(p) for p in game.monuments_available],
        "players": [
            {
                "hand": _hand_text(game.hands[seat]),
                "points": _colours(game.points[seat]),
                "treasures": game.treasures_held[seat],
                "catastrophes": game.catastrophes[seat],
            }
            for seat in range(s.players)
        ],
        "bag": _colours(game.bag),
        "removed": _colours(game.removed),
        "turn": {
            "number": game.turn,
            "start_player": game.start_player,
            "active": game.active,
            "actions_left": game.actions_left,
            "bag_short": game.bag_short,
        },
        "pending": {
            "phase": game.phase.value,
            "placed": None if game.placed is None else square_name(game.placed),
            "conflict": None
            if conflict is None
            else {
                "kind": conflict.kind,
                "colour": conflict.colour.word,
                "attacker": conflict.attacker,
                "defender": conflict.defender,
                "attacker_commit": conflict.attacker_commit,
            },
        },
        "end": game.end_reason,
    }


def dump(game: Game) -> str:
    """The position as JSON text, one key per line and the grid one row per line."""
    lines = []
    for key, value in to_dict(game).items():
        if key == "grid":
            rows = ",\n".join(f"  {json.dumps(row)}" for row in value)
            text = f"[\n{rows}\n ]"
        elif key == "players":
            rows = ",\n".join(f"  {json.dumps(p)}" for p in value)
            text = f"[\n{rows}\n ]"
        else:
            text = json.dumps(value)
        lines.append(f" {json.dumps(key)}: {text}")
    return "{\n" + ",\n".join(lines) + "\n}\n"


def load(text: str) -> Game:
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise NotationError(f"the position is not valid JSON: {exc}") from None
    if not isinstance(data, dict):
        raise NotationError("the position must be a JSON object")
    return from_dict(data)


def _colour_counts(data: dict[str, Any], what: str) -> list[int]:
    try:
        values = [int(data[c.word]) for c in COLOURS]
    except (KeyError, TypeError, ValueError):
        raise NotationError(f"{what} needs a count for red, blue, green and black") from None
    if min(values) < 0:
        raise NotationError(f"{what} cannot hold negative counts")
    return values


def from_dict(data: dict[str, Any]) -> Game:
    """Build a game from its position; checks that the position is coherent (tile counts included)."""
    try:
        return _from_dict(data)
    except NotationError:
        raise
    except (KeyError, TypeError, ValueError, AttributeError, IndexError) as exc:
        raise NotationError(
            f"the position is incomplete or malformed ({type(exc).__name__}: {exc})"
        ) from None


def _from_dict(data: dict[str, Any]) -> Game:
    if data.get("format", FORMAT) != FORMAT:
        raise NotationError(f"unknown position format {data.get('format')!r}")
    st = data["settings"]
    settings = Settings(
        int(st["players"]), st.get("board", "standard"), bool(st.get("english")), bool(st.get("open_scoring"))
    )
    game = Game(settings, int(data.get("seed", 0)))
    game.rng = Rng(int(data.get("rng", game.seed)))
    _read_grid(game, data["grid"])

    game.monuments = []
    for m in data.get("monuments", []):
        pair, top_left = parse_monument(m["pair"]), parse_square(m["square"])
        game.monuments.append((pair, top_left))
    if "monuments_available" in data:
        game.monuments_available = [parse_monument(t) for t in data["monuments_available"]]
    else:
        built = {p for p, _ in game.monuments}
        game.monuments_available = [p for p in MONUMENTS if p not in built]
    game.monuments_available.sort(key=MONUMENTS.index)

    players = data["players"]
    if len(players) != settings.players:
        raise NotationError(f"the settings say {settings.players} players but {len(players)} are listed")
    for seat, p in enumerate(players):
        hand = [0, 0, 0, 0]
        for letter in p.get("hand", ""):
            if letter.upper() not in LETTERS:
                raise NotationError(f"{letter!r} in a hand is not a tile: use R, B, G or K")
            hand[LETTERS.index(letter.upper())] += 1
        if sum(hand) > HAND_SIZE:
            raise NotationError(f"seat {seat} holds more than {HAND_SIZE} tiles")
        game.hands[seat] = hand
        game.points[seat] = _colour_counts(p.get("points", {c.word: 0 for c in COLOURS}), "points")
        game.treasures_held[seat] = int(p.get("treasures", 0))
        game.catastrophes[seat] = int(p.get("catastrophes", 2))

    game.removed = _colour_counts(data.get("removed", {c.word: 0 for c in COLOURS}), "removed")
    if "bag" in data:
        game.bag = _colour_counts(data["bag"], "the bag")
    else:  # a hand-written position: whatever is not elsewhere is in the bag
        game.bag = [TILE_COUNTS[c] - _tiles_outside_bag(game, c) for c in range(4)]
    for c in range(4):
        if game.bag[c] + _tiles_outside_bag(game, c) != TILE_COUNTS[c]:
            raise NotationError(
                f"the {COLOURS[c].word} tiles on the board, in hands, in the bag and removed "
                f"do not add up to {TILE_COUNTS[c]}"
            )

    turn = data.get("turn", {})
    game.turn = int(turn.get("number", 1))
    game.active = int(turn.get("active", 0))
    game.start_player = int(turn.get("start_player", game.active))
    game.actions_left = int(turn.get("actions_left", 2))
    game.bag_short = bool(turn.get("bag_short", False))
    if not 0 <= game.active < settings.players or not 0 <= game.actions_left <= 2:
        raise NotationError("the turn names a seat or an action count that does not exist")

    pending = data.get("pending") or {}
    try:
        game.phase = Phase(pending.get("phase", "action"))
    except ValueError:
        raise NotationError(f"unknown phase {pending.get('phase')!r}") from None
    placed = pending.get("placed")
    game.placed = None if placed is None else parse_square(placed)
    fight = pending.get("conflict")
    if fight is not None:
        commit = fight.get("attacker_commit")
        game.conflict = Conflict(
            fight["kind"],
            Colour.parse(fight["colour"]),
            int(fight["attacker"]),
            int(fight["defender"]),
            None if commit is None else int(commit),
        )
    game.end_reason = data.get("end")
    _check_pending(game)
    return game


def _tiles_outside_bag(game: Game, colour: int) -> int:
    on_board = sum(1 for v in game.cell if v in (colour, colour + FACE_DOWN))
    return on_board + sum(h[colour] for h in game.hands) + game.removed[colour]


def _read_grid(game: Game, grid: list[str]) -> None:
    if len(grid) != ROWS:
        raise NotationError(f"the grid needs {ROWS} rows, not {len(grid)}")
    for r, line in enumerate(grid):
        tokens = line.split()
        if len(tokens) != COLUMNS:
            raise NotationError(f"row {r + 1} of the grid needs {COLUMNS} squares, not {len(tokens)}")
        for c, token in enumerate(tokens):
            square = r * COLUMNS + c
            _read_token(game, square, token)


def _read_token(game: Game, square: int, token: str) -> None:
    name = square_name(square)
    base = token.rstrip("$!")
    suffixes = token[len(base) :]
    river = square in game.map.river
    if "$" in suffixes:
        game.treasures.add(square)
    if "!" in suffixes:
        game.unification = square
    if base in (".", "~"):
        if (base == "~") != river:
            raise NotationError(f"{name} is {'a river' if river else 'a land'} square, not {base!r}")
        value = EMPTY
    elif base == "X":
        value = CATASTROPHE
    elif len(base) == 1 and base.upper() in LETTERS:
        colour = LETTERS.index(base.upper())
        if (colour == 1) != river:
            raise NotationError(f"{name}: farms go on rivers and only farms do")
        value = colour if base.isupper() else colour + FACE_DOWN
    elif len(base) == 2 and base[0].isdigit() and base[1] in LETTERS:
        seat, colour = int(base[0]), LETTERS.index(base[1])
        if seat >= game.players or river:
            raise NotationError(f"{name}: {token!r} is not a leader of this game on land")
        if game.leader_pos[seat][colour] is not None:
            raise NotationError(f"seat {seat} has two {COLOURS[colour].leader_name}s on the board")
        game.leader_pos[seat][colour] = square
        value = LEADER + seat * 4 + colour
    else:
        raise NotationError(f"{name}: {token!r} is not a square token")
    if square in game.treasures and not 0 <= value < 8:
        raise NotationError(f"{name}: a treasure lies only on a temple")
    game.cell[square] = value


def _check_pending(game: Game) -> None:
    phase = game.phase
    conflict = game.conflict
    if phase.is_commit:
        if conflict is None:
            raise NotationError(f"phase {phase.value} needs a conflict")
        want = "revolt" if phase in (Phase.REVOLT_ATTACKER, Phase.REVOLT_DEFENDER) else "war"
        if conflict.kind != want:
            raise NotationError(f"phase {phase.value} needs a {want}, not a {conflict.kind}")
        for seat in (conflict.attacker, conflict.defender):
            if game.leader_pos[seat][conflict.colour] is None:
                raise NotationError(f"seat {seat} has no {conflict.colour.leader_name} on the board")
    if phase in (Phase.WAR_CHOICE, Phase.WAR_ATTACKER, Phase.WAR_DEFENDER) and game.unification is None:
        raise NotationError(f"phase {phase.value} needs the unification tile on the board ('!')")
    if phase is Phase.OVER and game.end_reason not in ("treasures", "bag"):
        raise NotationError("a finished game needs an end reason: treasures or bag")
    if phase is Phase.TREASURE and not game._treasure_groups():
        raise NotationError("phase treasure but no kingdom must give up treasures")
    if phase is Phase.MONUMENT and not game._monument_options():
        raise NotationError("phase monument but the placed tile completes no square for a monument")
