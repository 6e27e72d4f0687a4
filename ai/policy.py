"""Shared pieces of every level: which turn actions are worth a look, quick answers to decisions inside a
simulated action, and ranking choices by applying them.

The generic path is "apply each legal choice to a determinised game and evaluate the result": it needs
no knowledge of what a choice means, so a decision kind the engine gains later (buildings, the wonder)
is handled the same way as the ones known today.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import partial

from ai.determinise import World
from ai.evaluate import Board, Weights, evaluate
from ai.snapshot import CATASTROPHE, EMPTY, LEADER, RED
from engine import NEIGHBOURS, Action, Colour, IllegalActionError, Kind, Phase

Evaluator = Callable[[World, int], float]


def evaluator(weights: Weights) -> Evaluator:
    """``evaluate`` with these weights."""
    return partial(evaluate, w=weights)


# Turn actions whose meaning the candidate filter understands; any other kind is always considered.
_FILTERED = frozenset({Kind.TILE, Kind.CATASTROPHE, Kind.SWAP})


def frontier(world: World) -> set[int]:
    """Empty squares beside a tile or a leader: the only places a tile changes anything soon."""
    cells = world.snap.cells
    out: set[int] = set()
    for s, v in enumerate(cells):
        if v != EMPTY and v != CATASTROPHE:
            out.update(n for n in NEIGHBOURS[s] if cells[n] == EMPTY)
    return out


def _blocking_squares(cells: Sequence[int], label: Sequence[int], seat: int) -> set[int]:
    """Empty squares between two kingdoms, one holding a leader of ``seat``: a catastrophe there
    prevents the war a tile there would start (R15)."""
    own = {label[sq] for sq, v in enumerate(cells) if v >= LEADER and (v - LEADER) // 4 == seat}
    kingdoms = {label[sq] for sq, v in enumerate(cells) if v >= LEADER}
    out = set()
    for sq, v in enumerate(cells):
        if v == EMPTY:
            near = {label[n] for n in NEIGHBOURS[sq] if label[n] in kingdoms}
            if len(near) >= 2 and near & own:
                out.add(sq)
    return out


def _useful_swaps(world: World, seat: int) -> set[tuple[int, int, int, int]]:
    """Swaps worth comparing: the whole hand, all but the temples, each colour held twice or more."""
    hand = world.game.hand(seat)
    wanted = {hand, (0, hand[1], hand[2], hand[3])}
    for c in range(4):
        if hand[c] >= 2:
            only = [0, 0, 0, 0]
            only[c] = hand[c]
            wanted.add((only[0], only[1], only[2], only[3]))
    wanted.discard((0, 0, 0, 0))
    return wanted


def region_labels(cells: Sequence[int]) -> list[int]:
    """A region number for every tile or leader square (R4), -1 elsewhere."""
    label = [-1] * len(cells)
    region = 0
    for start, v in enumerate(cells):
        if label[start] >= 0 or v in (EMPTY, CATASTROPHE):
            continue
        label[start] = region
        squares = [start]
        for s in squares:
            for n in NEIGHBOURS[s]:
                if label[n] < 0 and cells[n] != EMPTY and cells[n] != CATASTROPHE:
                    label[n] = region
                    squares.append(n)
        region += 1
    return label


def _leader_key(action: Action, cells: Sequence[int], label: Sequence[int]) -> tuple[object, ...]:
    """What the evaluation sees of a leader's new square: the regions it joins and the temples beside it.
    Squares alike in these are alike to the evaluation, so one of them stands for all."""
    assert action.square is not None
    near = NEIGHBOURS[action.square]
    regions = frozenset(label[n] for n in near if label[n] >= 0)
    temples = sum(1 for n in near if cells[n] == RED)
    return (action.colour, regions, temples)


def _tile_key(action: Action, cells: Sequence[int], label: Sequence[int]) -> tuple[object, ...]:
    """What the evaluation sees of a tile's square: the regions it joins, the regions one empty square
    away (new borders), the leaders beside it, and whether it completes a 2x2 of its colour (R21)."""
    square, colour = action.square, action.colour
    assert square is not None and colour is not None
    joins: set[int] = set()
    beyond: set[int] = set()
    leaders = []
    for n in NEIGHBOURS[square]:
        v = cells[n]
        if label[n] >= 0:
            joins.add(label[n])
            if v >= LEADER:
                leaders.append(v)
        elif v == EMPTY:
            beyond.update(label[m] for m in NEIGHBOURS[n] if label[m] >= 0)
    row, col = divmod(square, 16)
    square_done = False
    for top in (square - 17, square - 16, square - 1, square):
        r, c = divmod(top, 16)
        if top >= 0 and r in (row - 1, row) and c in (col - 1, col) and r < 10 and c < 15:
            block = (top, top + 1, top + 16, top + 17)
            if all(cells[b] == colour for b in block if b != square):
                square_done = True
    return (colour, frozenset(joins), frozenset(beyond - joins), tuple(sorted(leaders)), square_done)


def turn_candidates(world: World, legal: Sequence[Action], seat: int) -> list[Action]:
    """The legal turn actions worth evaluating: tiles beside a kingdom (and, beside other regions, one
    colour only, a temple if possible: the evaluation sees little difference there), catastrophes that
    strand a rival leader or stand between two kingdoms (one with a leader of this seat), a few swaps;
    of tiles and leaders, one square of each kind the evaluation tells apart; every withdrawal and
    pass; and every action of a kind not known here."""
    cells = world.snap.cells
    label = region_labels(cells)
    kingdoms = {label[s] for s, v in enumerate(cells) if v >= LEADER}
    near = frontier(world)
    by_kingdom = {s for s in near if any(label[n] in kingdoms for n in NEIGHBOURS[s] if label[n] >= 0)}
    hand = world.game.hand(seat)
    outside_colour = next((c for c in range(4) if hand[c]), 0)
    blocking = _blocking_squares(cells, label, seat)
    swaps = _useful_swaps(world, seat)
    seen: set[tuple[object, ...]] = set()
    out = []
    for a in legal:
        kind = a.kind
        if kind == Kind.LEADER:
            key = _leader_key(a, cells, label)
            if key not in seen:
                seen.add(key)
                out.append(a)
        elif kind not in _FILTERED:
            out.append(a)
        elif kind == Kind.TILE:
            if a.square in by_kingdom or (a.square in near and a.colour == outside_colour):
                key = _tile_key(a, cells, label)
                if key not in seen:
                    seen.add(key)
                    out.append(a)
        elif kind == Kind.CATASTROPHE:
            assert a.square is not None
            strands = cells[a.square] == RED and any(_strands(cells, n, seat) for n in NEIGHBOURS[a.square])
            if strands or a.square in blocking:
                out.append(a)
        elif a.tiles in swaps:
            out.append(a)
    return out


def _strands(cells: Sequence[int], square: int, seat: int) -> bool:
    """Whether ``square`` holds another seat's leader with a single temple beside it (R8)."""
    v = cells[square]
    if v < LEADER or (v - LEADER) // 4 == seat:
        return False
    return sum(1 for n in NEIGHBOURS[square] if cells[n] == RED) == 1


def reply_candidates(world: World, legal: Sequence[Action], seat: int) -> list[Action]:
    """A short list for simulating a rival's turn cheaply: one tile per colour and kingdom where it
    scores for the seat (R10) or unites kingdoms (R15), one leader square per colour and set of
    kingdoms it would join (a revolt among them), catastrophes beside other seats' leaders, withdrawals,
    pass, and any kind not known here. (What ``turn_candidates`` keeps, coarsened; read straight off the
    legal actions, as this runs for every rival action of every playout.)"""
    board = Board(world.snap)
    cells = world.snap.cells
    # the kingdoms beside each square, as a bit per kingdom, marked from the kingdoms' own squares
    beside = [0] * len(cells)
    for region, squares in enumerate(board.regions):
        bit = 1 << region
        for s in squares:
            for n in NEIGHBOURS[s]:
                beside[n] |= bit
    # per kingdom and colour, the seat a tile there scores for (R10: the leader of its colour, or the king)
    scorer = []
    for leaders in board.leaders_in:
        owners = {c: s for s, c, _ in leaders}
        scorer.append([owners.get(c, owners.get(3)) for c in range(4)])
    tile, leader, catastrophe, swap = Kind.TILE, Kind.LEADER, Kind.CATASTROPHE, Kind.SWAP
    seen: set[tuple[str, Colour, int]] = set()
    out = []
    for a in legal:
        kind = a.kind
        if kind == tile:
            assert a.square is not None and a.colour is not None
            kingdoms = beside[a.square]
            if not kingdoms:
                continue
            key = (kind, a.colour, kingdoms)
            if key in seen:
                continue
            if not kingdoms & (kingdoms - 1) and scorer[kingdoms.bit_length() - 1][a.colour] != seat:
                continue  # beside one kingdom, and scores nothing for this seat
            seen.add(key)
            out.append(a)
        elif kind == leader:
            assert a.square is not None and a.colour is not None
            key = (kind, a.colour, beside[a.square])
            if key not in seen:
                seen.add(key)
                out.append(a)
        elif kind == catastrophe:
            square = a.square
            assert square is not None
            if cells[square] == RED and any(_strands(cells, n, seat) for n in NEIGHBOURS[square]):
                out.append(a)
        elif kind != swap:
            out.append(a)
    return out


# ------------------------------------------------------------------------------- quick decisions


def _commit_choice(world: World, legal: Sequence[Action], margin: int) -> Action:
    """Attacker: enough to beat the defender's board strength with ``margin`` to spare, or nothing if
    even everything falls short. Defender: just enough to hold (a tie holds, R13/R18), or nothing."""
    game = world.game
    attacker, defender = game.conflict_strengths()
    numbers = sorted(a.number for a in legal if a.number is not None)
    most = numbers[-1]
    if game.phase in (Phase.REVOLT_ATTACKER, Phase.WAR_ATTACKER):
        if attacker + most <= defender:
            want = 0
        else:
            want = min(most, max(0, defender - attacker + 1 + margin))
    else:
        need = attacker + max(0, world.snap.attacker_commit) - defender
        want = need if 0 < need <= most else 0
    number = next((n for n in numbers if n >= want), numbers[0])
    return next(a for a in legal if a.number == number)


def quick_decision(world: World, legal: Sequence[Action], margin: int = 1) -> Action:
    """A cheap, sensible answer to a decision inside a simulated action (not a turn action)."""
    phase = world.game.phase
    if phase.is_commit:
        return _commit_choice(world, legal, margin)
    if phase is Phase.MONUMENT:
        return next((a for a in legal if a.kind == Kind.MONUMENT), legal[0])
    default = world.game.default_action()
    return default if default is not None and default in legal else legal[0]


def settle(world: World, decide: Callable[[World, list[Action]], Action] | None = None) -> set[int]:
    """Answer every pending decision (quickly, unless ``decide`` is given) until a turn action or the
    end; the seats that had to decide."""
    game = world.game
    deciders = set()
    while game.phase is not Phase.ACTION and game.phase is not Phase.OVER:
        legal = game.legal_actions()
        seat = game.to_act
        assert seat is not None
        deciders.add(seat)
        world.apply(decide(world, legal) if decide is not None else quick_decision(world, legal))
    return deciders


# -------------------------------------------------------------------------------------- ranking


@dataclass
class Scored:
    value: float
    action: Action
    after: World


def after(world: World, action: Action) -> tuple[World, bool]:
    """The world after one choice, with the decisions it causes answered quickly; and whether another
    seat had to decide (then the outcome hangs on that seat's hidden hand)."""
    nxt = world.copy()
    actor = world.game.to_act
    nxt.apply(action)
    return nxt, bool(settle(nxt) - {actor})


def after_if_legal(world: World, action: Action) -> World | None:
    """``after`` in another determinisation, where a war's outcome or a swap's draw may have made the
    action illegal (the engine checks legality as it applies, so checking first would pay twice)."""
    try:
        return after(world, action)[0]
    except IllegalActionError:
        return None


class Alternatives:
    """Further determinisations, made only once some action's outcome turns out to hang on a hidden
    hand (building one costs a whole position read)."""

    def __init__(self, make: Callable[[], list[World]]) -> None:
        self._make = make
        self._worlds: list[World] | None = None

    def worlds(self) -> list[World]:
        if self._worlds is None:
            self._worlds = self._make()
        return self._worlds


NO_ALTERNATIVES = Alternatives(list)


def best(
    world: World, actions: Iterable[Action], seat: int, value: Evaluator = evaluate
) -> tuple[Action, World]:
    """What ``rank(world, actions, seat, value)[0]`` holds (the first of the best-valued actions, and the
    world after it; no other determinisations), for less: no list and no sort, and every other world
    dropped as soon as it is valued."""
    top: tuple[float, Action, World] | None = None
    for action in actions:
        try:
            nxt = after(world, action)[0]
        except IllegalActionError:
            continue
        v = value(nxt, seat)
        if top is None or v > top[0]:
            top = (v, action, nxt)
    if top is None:
        raise IndexError("the determinised game refuses every action")
    return top[1], top[2]


def rank(
    world: World,
    actions: Iterable[Action],
    seat: int,
    value: Evaluator = evaluate,
    others: Alternatives = NO_ALTERNATIVES,
) -> list[Scored]:
    """Each action applied and evaluated for ``seat``, best first (ties keep the legal order). Where
    the outcome hangs on another seat's answer (a revolt, a war), the value is averaged over the
    ``others`` determinisations too, so one lucky guess at a hidden hand does not decide. An action the
    determinised game refuses is left out (only possible if a rule is missing from the determinisation)."""
    scored = []
    for action in actions:
        try:
            nxt, uncertain = after(world, action)
        except IllegalActionError:
            continue
        v = value(nxt, seat)
        if uncertain:
            values = [v]
            for other in others.worlds():
                if (elsewhere := after_if_legal(other, action)) is not None:
                    values.append(value(elsewhere, seat))
            v = sum(values) / len(values)
        scored.append(Scored(v, action, nxt))
    scored.sort(key=lambda s: -s.value)
    return scored
