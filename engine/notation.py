"""Positions as JSON text (docs/notation.md): everything a game is, so ``load(dump(g)) == g`` and play
continues identically from the loaded position.

The board is a grid of 11 rows of 16 tokens (``engine.diagram``). Reading is strict: every field has the
type and range it must have, and the position as a whole must be one a game can reach
(``engine.coherence``); anything else is a ``NotationError`` naming what is wrong, whatever the text.
"""

from __future__ import annotations

import json
from typing import Any

from engine.actions import COLOUR_WORDS, COLOURS, MONUMENTS, Colour, monument_name, parse_monument
from engine.board import COLUMN_LETTERS, COLUMNS, MAPS, NEIGHBOURS, ROWS, parse_square, square_name
from engine.cells import CATASTROPHE, EMPTY, FACE_DOWN, HAND_SIZE, TILE_COUNTS, WONDER, leader_value
from engine.coherence import check_position
from engine.diagram import LETTERS, grid_lines
from engine.errors import NotationError
from engine.game import Game
from engine.model import Conflict, Phase, Settings
from engine.rng import Rng
from engine.state import plus

FORMAT = "tigris-position/1"


def _colours(values: list[int]) -> dict[str, int]:
    return dict(zip(COLOUR_WORDS, values, strict=True))  # Colour.word without the enum's property lookups


def _hand_text(hand: list[int]) -> str:
    return "".join(LETTERS[c] * hand[c] for c in range(4))


def settings_dict(s: Settings) -> dict[str, Any]:
    """The settings of a position. The 2015 edition's options are written only when chosen, so a position
    without them reads exactly as it did before they existed."""
    out: dict[str, Any] = {
        "players": s.players,
        "board": s.board,
        "english": s.english,
        "open_scoring": s.open_scoring,
    }
    if s.buildings:
        out["buildings"] = True
    if s.wonder:
        out["wonder"] = True
    if s.composed:
        out["composed"] = True
    return out


def conflict_dict(conflict: Conflict | None) -> dict[str, Any] | None:
    """A conflict as a position writes it (``pending.conflict``)."""
    if conflict is None:
        return None
    return {
        "kind": conflict.kind,
        "colour": conflict.colour.word,
        "attacker": conflict.attacker,
        "defender": conflict.defender,
        "attacker_commit": conflict.attacker_commit,
    }


def to_dict(game: Game) -> dict[str, Any]:
    conflict = game.conflict
    return {
        "format": FORMAT,
        "settings": settings_dict(game.settings),
        "seed": game.seed,
        "rng": game.rng.state,
        "columns": _COLUMNS,
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
            for seat in range(game.players)
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
            "conflict": conflict_dict(conflict),
        },
        "end": game.end_reason,
    }


_COLUMNS = "   ".join(COLUMN_LETTERS[:COLUMNS])


def dump(game: Game) -> str:
    """The position as JSON text, one key per line and the grid one row per line. Every saved move writes
    one: the keys (plain words) and the grid rows (tokens of letters, digits and ``~.^$!``, nothing JSON
    escapes) are quoted as they are, not each encoded on its own."""
    lines = []
    for key, value in to_dict(game).items():
        if key == "grid":
            text = '[\n  "' + '",\n  "'.join(value) + '"\n ]'
        elif key == "players":
            rows = ",\n".join(f"  {json.dumps(p)}" for p in value)
            text = f"[\n{rows}\n ]"
        else:
            text = json.dumps(value)
        lines.append(f' "{key}": {text}')
    return "{\n" + ",\n".join(lines) + "\n}\n"


def load(text: str) -> Game:
    """The game a position's text describes; ``NotationError`` (one sentence) for anything else."""
    if not isinstance(text, str):
        raise NotationError("a position is JSON text")
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise NotationError(f"the position is not valid JSON: {exc}") from None
    except RecursionError:
        raise NotationError("the position is not a position: its JSON is nested too deeply") from None
    except ValueError as exc:  # e.g. a number with more digits than Python converts
        raise NotationError(f"the position holds a value JSON cannot read: {exc}") from None
    return from_dict(data)


def from_dict(data: Any) -> Game:
    """Build a game from its position (the JSON object); refuses anything a game cannot be."""
    if not isinstance(data, dict):
        raise NotationError("the position must be a JSON object")
    try:
        game = _read(data)
        check_position(game)
    except NotationError:
        raise
    except Exception as exc:  # a case the checks above missed must still be one readable sentence
        raise NotationError(f"the position is malformed ({type(exc).__name__}: {exc})") from None
    return game


# ------------------------------------------------------------------------------------- typed fields

_MISSING: Any = object()
LETTER_WORDS = tuple(c.word for c in COLOURS)
SEED_RANGE = (-(2**63), 2**64 - 1)  # seeds and generator states are 64-bit (R3)


def _get(obj: dict[str, Any], key: str, default: Any = _MISSING) -> Any:
    if key in obj:
        return obj[key]
    if default is _MISSING:
        raise NotationError(f"the position has no {key!r}")
    return default


def _object(value: Any, what: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise NotationError(f"{what} must be a JSON object")
    return value


def _list(value: Any, what: str) -> list[Any]:
    if not isinstance(value, list):
        raise NotationError(f"{what} must be a JSON list")
    return value


def _text(value: Any, what: str) -> str:
    if not isinstance(value, str):
        raise NotationError(f"{what} must be text")
    return value


def _flag(value: Any, what: str) -> bool:
    if not isinstance(value, bool):
        raise NotationError(f"{what} must be true or false")
    return value


def _int(value: Any, what: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise NotationError(f"{what} must be a whole number")
    if not low <= value <= high:
        raise NotationError(f"{what} must be between {low} and {high}")
    return value


def _colour_counts(value: Any, what: str, high: int) -> list[int]:
    counts = _object(value, what)
    if set(counts) - {c.word for c in COLOURS}:
        raise NotationError(f"{what} counts only red, blue, green and black")
    if len(counts) != 4:
        raise NotationError(f"{what} needs a count for red, blue, green and black")
    return [_int(counts[c.word], f"{what} ({c.word})", 0, high) for c in COLOURS]


def _square(value: Any, what: str) -> int:
    return parse_square(_text(value, what))


# ------------------------------------------------------------------------------------------ reading


def _read(data: dict[str, Any]) -> Game:
    if data.get("format", FORMAT) != FORMAT:
        raise NotationError(f"unknown position format {str(data.get('format'))[:40]!r}")
    st = _object(_get(data, "settings"), "settings")
    board = _text(st.get("board", "standard"), "the board")
    if board not in MAPS:
        raise NotationError(f"{board[:40]!r} is not a board: use standard or advanced")
    settings = Settings(
        _int(_get(st, "players"), "the number of players", 2, 4),
        board,
        _flag(st.get("english", False), "english"),
        _flag(st.get("open_scoring", False), "open_scoring"),
        _flag(st.get("buildings", False), "buildings"),
        _flag(st.get("wonder", False), "wonder"),
        _flag(st.get("composed", False), "composed"),
    )
    game = Game(settings, _int(data.get("seed", 0), "the seed", *SEED_RANGE))
    game.rng = Rng(_int(data.get("rng", game.seed), "the generator state (rng)", *SEED_RANGE))
    _read_grid(game, _list(_get(data, "grid"), "the grid"))
    _read_monuments(game, data)
    _read_players(game, _list(_get(data, "players"), "players"))
    _read_tiles(game, data)
    _read_turn(game, _object(data.get("turn", {}), "turn"))
    _read_pending(game, _object(data.get("pending") or {}, "pending"))
    end = data.get("end")
    if end is not None and end not in ("treasures", "bag"):
        raise NotationError("the end reason is treasures, bag or null")
    game.end_reason = end
    return game


def _read_grid(game: Game, grid: list[Any]) -> None:
    if len(grid) != ROWS:
        raise NotationError(f"the grid needs {ROWS} rows, not {len(grid)}")
    for r, line in enumerate(grid):
        tokens = _text(line, f"row {r + 1} of the grid").split()
        if len(tokens) != COLUMNS:
            raise NotationError(f"row {r + 1} of the grid needs {COLUMNS} squares, not {len(tokens)}")
        for c, token in enumerate(tokens):
            _read_token(game, r * COLUMNS + c, token)
    _read_wonder(game)


def _read_token(game: Game, square: int, token: str) -> None:
    name = square_name(square)
    base = token.rstrip("$!^")
    suffixes = token[len(base) :]
    if len(suffixes) != len(set(suffixes)):
        raise NotationError(f"{name}: {token[:12]!r} repeats a mark")
    river = square in game.map.river
    if "!" in suffixes:
        if game.unification is not None:
            raise NotationError("the grid marks two unification tiles ('!')")
        game.unification = square
    if base in (".", "~"):
        if (base == "~") != river:
            raise NotationError(f"{name} is {'a river' if river else 'a land'} square, not {base!r}")
        value = EMPTY
    elif base == "X":
        value = CATASTROPHE
    elif base == "W":
        if not game.settings.wonder:
            raise NotationError(f"{name}: the wonder ('W') is on the board but the game has no wonder option")
        value = WONDER
    elif len(base) == 1 and base.upper() in LETTERS:
        colour = LETTERS.index(base.upper())
        if (colour == 1) != river:
            raise NotationError(f"{name}: farms go on rivers and only farms do")
        value = colour if base.isupper() else colour + FACE_DOWN
    elif len(base) == 2 and base[0] in "0123" and base[1] in LETTERS:
        seat, colour = int(base[0]), LETTERS.index(base[1])
        if seat >= game.players or river:
            raise NotationError(f"{name}: {token!r} is not a leader of this game on land")
        if game.leader_pos[seat][colour] is not None:
            raise NotationError(f"seat {seat} has two {COLOURS[colour].leader_name}s on the board")
        game.leader_pos[seat][colour] = square
        value = leader_value(seat, colour)
    else:
        raise NotationError(f"{name}: {token[:12]!r} is not a square token")
    if "$" in suffixes and value not in (0, FACE_DOWN, WONDER):
        raise NotationError(f"{name}: a treasure lies only on a temple or on the wonder")
    if "!" in suffixes and not 0 <= value < FACE_DOWN:
        raise NotationError(f"{name}: the unification tile lies only on a face-up tile")
    if "^" in suffixes:
        if not game.settings.buildings:
            raise NotationError(
                f"{name}: a building ('^') is on the board but the game has no buildings option"
            )
        if not 0 <= value < FACE_DOWN:
            raise NotationError(
                f"{name}: a civilization building stands only on a face-up tile of its colour"
            )
        other = game.buildings[value]
        if other is not None:
            raise NotationError(
                f"the {COLOURS[value].building_name} stands on {square_name(other).upper()} and "
                f"{name.upper()}: there is one building of each colour"
            )
    game.kingdoms.put(square, value)
    if "$" in suffixes:
        game.kingdoms.add_treasure(square)
    if "^" in suffixes:
        game.kingdoms.move_building(value, square)


def _read_wonder(game: Game) -> None:
    """The wonder's squares ('W') must make one plus (R29); its centre is what the game keeps."""
    squares = [s for s, v in enumerate(game.cell) if v == WONDER]
    if not squares:
        return
    centres = [s for s in squares if len(NEIGHBOURS[s]) == 4 and list(plus(s)) == squares]
    if not centres:
        raise NotationError(
            f"the wonder ('W') covers five squares in a plus, not {len(squares)} squares from "
            f"{square_name(squares[0]).upper()}"
        )
    game.wonder = centres[0]


def _read_monuments(game: Game, data: dict[str, Any]) -> None:
    game.monuments = []
    for m in _list(data.get("monuments", []), "monuments"):
        m = _object(m, "a monument")
        pair = parse_monument(_text(_get(m, "pair"), "a monument's pair"))
        game.monuments.append((pair, _square(_get(m, "square"), "a monument's square")))
    if "monuments_available" in data:
        names = _list(data["monuments_available"], "monuments_available")
        game.monuments_available = [parse_monument(_text(t, "an available monument")) for t in names]
    else:
        built = {p for p, _ in game.monuments}
        game.monuments_available = [p for p in MONUMENTS if p not in built]
    game.monuments_available.sort(key=MONUMENTS.index)


def _read_players(game: Game, players: list[Any]) -> None:
    if len(players) != game.players:
        raise NotationError(f"the settings say {game.players} players but {len(players)} are listed")
    for seat, entry in enumerate(players):
        p = _object(entry, f"seat {seat}")
        hand = [0, 0, 0, 0]
        letters = _text(p.get("hand", ""), f"seat {seat}'s hand")
        if len(letters) > HAND_SIZE:
            raise NotationError(f"seat {seat} holds more than {HAND_SIZE} tiles")
        for letter in letters:
            if letter.upper() not in LETTERS:
                raise NotationError(f"{letter!r} in a hand is not a tile: use R, B, G or K")
            hand[LETTERS.index(letter.upper())] += 1
        game.hands[seat] = hand
        game.points[seat] = _colour_counts(p.get("points", dict.fromkeys(LETTER_WORDS, 0)), "points", 10**6)
        game.treasures_held[seat] = _int(p.get("treasures", 0), f"seat {seat}'s treasures", 0, 10**6)
        game.catastrophes[seat] = _int(p.get("catastrophes", 2), f"seat {seat}'s catastrophes", 0, 10**6)


def _read_tiles(game: Game, data: dict[str, Any]) -> None:
    most = max(TILE_COUNTS)
    game.removed = _colour_counts(data.get("removed", dict.fromkeys(LETTER_WORDS, 0)), "removed", most)
    if "bag" in data:
        game.bag = _colour_counts(data["bag"], "the bag", most)
    else:  # a hand-written position: whatever is not elsewhere is in the bag
        game.bag = [TILE_COUNTS[c] - tiles_outside_bag(game, c) for c in range(4)]


def tiles_outside_bag(game: Game, colour: int) -> int:
    """Tiles of a colour on the board (either face), in hands and removed."""
    on_board = sum(1 for v in game.cell if v == colour or v == colour + FACE_DOWN)
    return on_board + sum(h[colour] for h in game.hands) + game.removed[colour]


def _read_turn(game: Game, turn: dict[str, Any]) -> None:
    seats = game.players - 1
    game.turn = _int(turn.get("number", 1), "the turn number", 1, 10**6)
    game.active = _int(turn.get("active", 0), "the active seat", 0, seats)
    game.start_player = _int(turn.get("start_player", game.active), "the start player", 0, seats)
    game.actions_left = _int(turn.get("actions_left", 2), "the actions left", 0, 2)
    game.bag_short = _flag(turn.get("bag_short", False), "bag_short")


def _read_pending(game: Game, pending: dict[str, Any]) -> None:
    phase = _text(pending.get("phase", "action"), "the phase")
    try:
        game.phase = Phase(phase)
    except ValueError:
        raise NotationError(f"unknown phase {phase[:40]!r}") from None
    placed = pending.get("placed")
    game.placed = None if placed is None else _square(placed, "the placed square")
    fight = pending.get("conflict")
    if fight is None:
        return
    fight = _object(fight, "the conflict")
    kind = _get(fight, "kind")
    if kind not in ("revolt", "war"):
        raise NotationError("a conflict is a revolt or a war")
    seats = game.players - 1
    commit = fight.get("attacker_commit")
    game.conflict = Conflict(
        kind,
        Colour.parse(_text(_get(fight, "colour"), "the conflict's colour")),
        _int(_get(fight, "attacker"), "the attacker", 0, seats),
        _int(_get(fight, "defender"), "the defender", 0, seats),
        None if commit is None else _int(commit, "the attacker's commitment", 0, HAND_SIZE),
    )
