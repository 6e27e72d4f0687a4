"""``/te hint``: the normal level's move for a seat, with one short line of why.

The reason is read from what the move does in a determinised game (its events) and from the seat's
leaders' kingdoms before and after, so it only ever speaks of things the seat can see.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from ai.determinise import World
from ai.evaluate import Board
from ai.levels import Normal, decision_values
from engine import COLOURS, NEIGHBOURS, Action, Colour, Event, Kind, Phase, PlayerView, square_name


@dataclass(frozen=True)
class Hint:
    action: Action
    text: str  # "Temple on E5: +1 red, and your priest's kingdom grows."


def hint(view: PlayerView, legal: Sequence[Action], seed: int = 0) -> Hint:
    """The normal level's choice for the seat whose view this is, and why, in one line."""
    rng = random.Random(seed)
    if view.phase is Phase.ACTION:
        plan = Normal().plan(view, legal, rng)
        action = plan.actions[0]
        return Hint(
            action, f"{label(action)}: {turn_reason(plan.before, action, view.seat, plan.actions[1:])}"
        )
    values = decision_values(view, legal, rng, Normal().decision_samples)
    best = max(range(len(legal)), key=lambda i: values[i])
    action = legal[best]
    return Hint(action, f"{label(action)}: {decision_reason(view, legal, action)}")


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


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _leader_part(world: World, seat: int, colour: Colour, square: int) -> str:
    board = Board(world.snap)
    region = board.label[square]
    tiles = sum(board.counts[region]) if region >= 0 else 0
    others = len(board.leaders_in[region]) - 1 if region >= 0 else 0
    temples = _plural(sum(1 for n in NEIGHBOURS[square] if world.snap.cells[n] == 0), "temple")
    name = colour.leader_name
    if others:
        return f"your {name} joins a kingdom of {_plural(tiles, 'tile')}, with {temples} beside it"
    return f"your {name} founds a kingdom of {_plural(tiles, 'tile')}, with {temples} beside it"


def _join(parts: list[str]) -> str:
    if len(parts) <= 1:
        return "".join(parts)
    return ", ".join(parts[:-1]) + " and " + parts[-1]


def turn_reason(before: World, action: Action, seat: int, then: Sequence[Action] = ()) -> str:
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
                parts.append(f"your {COLOURS[colour].leader_name}'s kingdom grows")
                break
    if action.kind == Kind.LEADER and action.colour is not None and action.square is not None:
        parts.append(_leader_part(world, seat, action.colour, action.square))
    if action.kind == Kind.SWAP:
        parts.append("a better mix of tiles for your leaders")
    if action.kind == Kind.PASS:
        parts.append("nothing else improves your position this turn")
    if not parts:
        parts.append("it strengthens your position most")
    text = _join(parts)
    if then:
        follow = label(then[0])
        text += f"; then {follow[:1].lower()}{follow[1:]}"
    return text + "."


def _event_parts(events: Sequence[Event], seat: int) -> list[str]:
    gained = [0, 0, 0, 0]
    treasures = 0
    parts: list[str] = []
    for e in events:
        # end-of-turn monument points come whatever the move, so they are no reason for it
        if e.seat == seat and e.kind in ("point", "war-won") and e.colour is not None:
            gained[e.colour] += e.count
        elif e.seat == seat and e.kind == "revolt-won":
            gained[0] += e.count
        elif e.seat == seat and e.kind == "treasure":
            treasures += 1
        elif e.kind == "revolt" and e.colour is not None:
            parts.append(f"a revolt for the {e.colour.leader_name}'s place")
        elif e.kind == "war" and e.colour is not None:
            parts.append(f"a war between the {e.colour.leader_name}s")
        elif e.kind == "stranded" and e.seat != seat and e.colour is not None:
            parts.append(f"a rival {e.colour.leader_name} loses its temple")
        elif e.kind == "monument":
            parts.append("a monument")
    scored = [f"+{n} {COLOURS[c].word}" for c, n in enumerate(gained) if n]
    if treasures:
        scored.append(f"+{treasures} treasure{'s' if treasures != 1 else ''}")
    return scored + parts


def decision_reason(view: PlayerView, legal: Sequence[Action], action: Action) -> str:
    conflict = view.conflict
    if len(legal) == 1:
        if action.kind == Kind.COMMIT and conflict is not None:
            return f"you hold no {conflict.tile_colour.tile_name}s to add."
        return "it is the only choice."
    if action.kind == Kind.COMMIT and conflict is not None and action.number is not None:
        attacking = view.seat == conflict.attacker
        mine = conflict.attacker_strength if attacking else conflict.defender_strength
        theirs = conflict.defender_strength if attacking else conflict.attacker_strength
        if not attacking and conflict.attacker_commit is not None:
            theirs += conflict.attacker_commit
        total = mine + action.number
        ahead = mine > theirs or (mine == theirs and not attacking)  # ties go to the defender (R13, R18)
        if action.number == 0:
            if ahead:
                return f"{mine} against {theirs} already; keep your tiles."
            return f"{mine} against {theirs}, and adding tiles is not worth it; keep them."
        if total > theirs:
            return f"your {total} beats their {theirs} so far."
        if total == theirs and not attacking:
            return f"your {total} holds against their {theirs} (a tie goes to the defender)."
        return f"your {total} against their {theirs}."
    if action.kind == Kind.WAR and action.colour is not None:
        return f"fight over the {action.colour.leader_name}s first: it leaves you best placed for the rest."
    if action.kind == Kind.MONUMENT:
        return "points every turn for your leaders of its colours in that kingdom."
    if action.kind == Kind.DECLINE:
        return "no monument here helps you more than the tiles do."
    if action.kind == Kind.TREASURE and action.square is not None:
        return "each treasure is one wild point; this one leaves the kingdom best placed."
    return "it comes out best for you."
