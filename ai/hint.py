"""``/te hint``: a move for a seat (normal's look-ahead, with hard's weights), with one short line of why.

The reason is read from what the move does in a determinised game (its events) and from the seat's
leaders' kingdoms before and after, so it only ever speaks of things the seat can see. It is given as codes
with parameters (``Because``, ``engine.reasons``) that the bot words in the reader's language
(``i18n.hints``); ``str()`` and ``Hint.text`` are the English of ``python -m ai`` and logs.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from ai.determinise import World
from ai.evaluate import Board, best_weights
from ai.levels import Normal
from engine import (
    COLOURS,
    NEIGHBOURS,
    Action,
    Code,
    Colour,
    Event,
    Kind,
    Phase,
    PlayerView,
    Reason,
    square_name,
)


class Because(Code):
    """Every reason a hint gives for a move, with its English."""

    # what a turn action does
    SCORES = "scores", "+{n} {colour.word}"
    TREASURES = "treasures", "+{n} treasure{n:plural}"
    REVOLT = "revolt", "a revolt for the {colour.leader_name}'s place"
    WAR = "war", "a war between the {colour.leader_name}s"
    RIVAL_STRANDED = "rival-stranded", "a rival {colour.leader_name} loses its temple"
    MONUMENT = "monument", "a monument"
    KINGDOM_GROWS = "kingdom-grows", "your {colour.leader_name}'s kingdom grows"
    JOINS_KINGDOM = (
        "joins-kingdom",
        "your {colour.leader_name} joins a kingdom of {tiles} tile{tiles:plural}, "
        "with {temples} temple{temples:plural} beside it",
    )
    FOUNDS_KINGDOM = (
        "founds-kingdom",
        "your {colour.leader_name} founds a kingdom of {tiles} tile{tiles:plural}, "
        "with {temples} temple{temples:plural} beside it",
    )
    BETTER_MIX = "better-mix", "a better mix of tiles for your leaders"
    NOTHING_BETTER = "nothing-better", "nothing else improves your position this turn"
    STRONGEST = "strongest", "it strengthens your position most"
    # why a decision
    NONE_TO_ADD = "none-to-add", "you hold no {colour.tile_name}s to add"
    ONLY_CHOICE = "only-choice", "it is the only choice"
    KEEP_AHEAD = "keep-ahead", "{mine} against {theirs} already; keep your tiles"
    KEEP_BEHIND = "keep-behind", "{mine} against {theirs}, and adding tiles is not worth it; keep them"
    BEATS = "beats", "your {total} beats their {theirs} so far"
    HOLDS = "holds", "your {total} holds against their {theirs} (a tie goes to the defender)"
    AGAINST = "against", "your {total} against their {theirs}"
    WAR_FIRST = (
        "war-first",
        "fight over the {colour.leader_name}s first: it leaves you best placed for the rest",
    )
    MONUMENT_POINTS = "monument-points", "points every turn for your leaders of its colours in that kingdom"
    DECLINE = "decline", "no monument here helps you more than the tiles do"
    TREASURE = "treasure", "each treasure is one wild point; this one leaves the kingdom best placed"
    BEST = "best", "it comes out best for you"


@dataclass(frozen=True)
class Why:
    """Why a move: its reasons (joined with "and"), and the turn's planned second action if any."""

    reasons: tuple[Reason, ...]
    then: Action | None = None

    def __str__(self) -> str:
        text = _join([str(reason) for reason in self.reasons])
        if self.then is not None:
            follow = label(self.then)
            text += f"; then {follow[:1].lower()}{follow[1:]}"
        return text + "."


@dataclass(frozen=True)
class Hint:
    action: Action
    why: Why

    @property
    def text(self) -> str:
        """The English line: "Temple on E5: +1 red and your priest's kingdom grows." """
        return f"{label(self.action)}: {self.why}"


def hint(view: PlayerView, legal: Sequence[Action], seed: int = 0) -> Hint:
    """The normal level's look-ahead, with hard's weights (``best_weights``), for the seat whose view this
    is, and why. (At two seats, with the weights fitted to how games end, normal's play beat normal's own
    71 games of 100.)"""
    rng = random.Random(seed)
    adviser = Normal(weights=best_weights(view.players))
    if view.phase is Phase.ACTION:
        plan = adviser.plan(view, legal, rng)
        action = plan.actions[0]
        return Hint(action, turn_reason(plan.before, action, view.seat, plan.actions[1:]))
    action = adviser.choose(view, legal, rng)
    return Hint(action, decision_reason(view, legal, action))


def label(action: Action) -> str:
    """The move as a player says it: "Temple on E5", "Priest to F6", "Swap 3 tiles"."""
    kind = action.kind
    where = "" if action.square is None else square_name(action.square).upper()
    if kind == Kind.TILE and action.colour is not None:
        return f"{action.colour.tile_name.capitalize()} on {where}"
    if kind == Kind.LEADER and action.colour is not None:
        return f"{action.colour.leader_name.capitalize()} to {where}"
    if kind == Kind.WITHDRAW and action.colour is not None:
        return f"Withdraw your {action.colour.leader_name}"
    if kind == Kind.CATASTROPHE:
        return f"Catastrophe on {where}"
    if kind == Kind.SWAP and action.tiles is not None:
        n = sum(action.tiles)
        return f"Swap {n} tile{'s' if n != 1 else ''}"
    if kind == Kind.MONUMENT and action.pair is not None:
        return f"Monument {action.pair[0].word}-{action.pair[1].word} on {where}"
    if kind == Kind.TREASURE:
        return f"Treasure on {where}"
    return action.text[:1].upper() + action.text[1:]


def _kingdom_sizes(world: World, seat: int) -> dict[int, int]:
    """The size of the kingdom of each of the seat's leaders on the board, by colour."""
    board = Board(world.snap)
    sizes = {}
    for colour, square in enumerate(world.snap.leaders[seat]):
        if square >= 0:
            sizes[colour] = len(board.regions[board.label[square]])
    return sizes


def _leader_part(world: World, seat: int, colour: Colour, square: int) -> Reason:
    board = Board(world.snap)
    region = board.label[square]
    tiles = sum(board.counts[region]) if region >= 0 else 0
    others = len(board.leaders_in[region]) - 1 if region >= 0 else 0
    temples = sum(1 for n in NEIGHBOURS[square] if world.snap.cells[n] == 0)
    code = Because.JOINS_KINGDOM if others else Because.FOUNDS_KINGDOM
    return Reason(code, colour=colour, tiles=tiles, temples=temples)


def _join(parts: list[str]) -> str:
    if len(parts) <= 1:
        return "".join(parts)
    return ", ".join(parts[:-1]) + " and " + parts[-1]


def turn_reason(before: World, action: Action, seat: int, then: Sequence[Action] = ()) -> Why:
    world = before.copy()
    events = world.game.apply(action)
    world.snap.update(events)
    parts = _event_parts(events, seat)
    grown = _kingdom_sizes(world, seat)
    was = _kingdom_sizes(before, seat)
    if action.kind in (Kind.TILE, Kind.CATASTROPHE):
        first = [] if action.colour is None else [int(action.colour)]
        for colour in dict.fromkeys([*first, 3, 0, 1, 2]):  # the tile's own leader, then the king (R10)
            size = grown.get(colour, 0)
            if colour in was and size > was[colour]:
                parts.append(Reason(Because.KINGDOM_GROWS, colour=COLOURS[colour]))
                break
    if action.kind == Kind.LEADER and action.colour is not None and action.square is not None:
        parts.append(_leader_part(world, seat, action.colour, action.square))
    if action.kind == Kind.SWAP:
        parts.append(Reason(Because.BETTER_MIX))
    if action.kind == Kind.PASS:
        parts.append(Reason(Because.NOTHING_BETTER))
    if not parts:
        parts.append(Reason(Because.STRONGEST))
    return Why(tuple(parts), then[0] if then else None)


def _event_parts(events: Sequence[Event], seat: int) -> list[Reason]:
    gained = [0, 0, 0, 0]
    treasures = 0
    parts: list[Reason] = []
    for e in events:
        # end-of-turn monument points come whatever the move, so they are no reason for it
        if e.seat == seat and e.kind in ("point", "war-won") and e.colour is not None:
            gained[e.colour] += e.count
        elif e.seat == seat and e.kind == "revolt-won":
            gained[0] += e.count
        elif e.seat == seat and e.kind == "treasure":
            treasures += 1
        elif e.kind == "revolt" and e.colour is not None:
            parts.append(Reason(Because.REVOLT, colour=e.colour))
        elif e.kind == "war" and e.colour is not None:
            parts.append(Reason(Because.WAR, colour=e.colour))
        elif e.kind == "stranded" and e.seat != seat and e.colour is not None:
            parts.append(Reason(Because.RIVAL_STRANDED, colour=e.colour))
        elif e.kind == "monument":
            parts.append(Reason(Because.MONUMENT))
    scored = [Reason(Because.SCORES, n=n, colour=COLOURS[c]) for c, n in enumerate(gained) if n]
    if treasures:
        scored.append(Reason(Because.TREASURES, n=treasures))
    return scored + parts


def decision_reason(view: PlayerView, legal: Sequence[Action], action: Action) -> Why:
    return Why((_decision_reason(view, legal, action),))


def _decision_reason(view: PlayerView, legal: Sequence[Action], action: Action) -> Reason:
    conflict = view.conflict
    if len(legal) == 1:
        if action.kind == Kind.COMMIT and conflict is not None:
            return Reason(Because.NONE_TO_ADD, colour=conflict.tile_colour)
        return Reason(Because.ONLY_CHOICE)
    if action.kind == Kind.COMMIT and conflict is not None and action.number is not None:
        attacking = view.seat == conflict.attacker
        mine = conflict.attacker_strength if attacking else conflict.defender_strength
        theirs = conflict.defender_strength if attacking else conflict.attacker_strength
        if not attacking and conflict.attacker_commit is not None:
            theirs += conflict.attacker_commit
        total = mine + action.number
        ahead = mine > theirs or (mine == theirs and not attacking)  # ties go to the defender (R13, R18)
        if action.number == 0:
            return Reason(Because.KEEP_AHEAD if ahead else Because.KEEP_BEHIND, mine=mine, theirs=theirs)
        if total > theirs:
            return Reason(Because.BEATS, total=total, theirs=theirs)
        if total == theirs and not attacking:
            return Reason(Because.HOLDS, total=total, theirs=theirs)
        return Reason(Because.AGAINST, total=total, theirs=theirs)
    if action.kind == Kind.WAR and action.colour is not None:
        return Reason(Because.WAR_FIRST, colour=action.colour)
    if action.kind == Kind.MONUMENT:
        return Reason(Because.MONUMENT_POINTS)
    if action.kind == Kind.DECLINE:
        return Reason(Because.DECLINE)
    if action.kind == Kind.TREASURE and action.square is not None:
        return Reason(Because.TREASURE)
    return Reason(Because.BEST)
