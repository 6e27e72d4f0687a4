"""The one seam that chooses a move for a seat its owner is not playing (R30, R31, R33).

Every move the bot makes for a seat is chosen here: a timed-out turn, an expired decision, the turns and
decisions of an away seat, and every move of a seat the computer player holds (resigned or handed over).
What is chosen then goes through the one action path (``ActionPath.act``) with the ``Actor`` given here.

Today the rules' own answers are played: ``pass`` for a turn, the decision's default
(``Game.default_action``: commit 0, the wars in colour order, no building, monument or wonder, the first
treasure, the wonder's point in the colour with the fewest points) for a decision. The computer player
(package ``ai``, at the seat's level or the game's ``computer_level``) plugs in here: ``choose`` is a
coroutine so that it can think off the event loop (``asyncio.to_thread``).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from engine import Action, Game, Phase
from storage import Actor, GameRecord

PASS = Action.parse("pass")


class Why(Enum):
    """Why the bot plays for a seat (the computer player may choose differently for each)."""

    TURN_TIMED_OUT = "turn"  # R30: the turn deadline passed; the seat becomes away
    DECISION_TIMED_OUT = "decision"  # a decision's deadline passed (conflict_hours)
    AWAY = "away"  # R31: the seat is away and its grace period (away_minutes) passed
    COMPUTER = "computer"  # the computer player holds the seat (R33: resigned or handed over)


@dataclass(frozen=True)
class Play:
    """A move chosen for a seat and who is recorded as making it."""

    action: Action
    actor: Actor


async def choose(record: GameRecord, game: Game, seat: int, why: Why) -> Play:
    """The move to play for ``seat``, which the game waits on. ``game`` is ``record``'s position."""
    if game.to_act != seat:
        raise ValueError(f"game {record.id} waits on seat {game.to_act}, not seat {seat}")
    holder = record.seat_record(seat)
    if holder is not None and holder.is_computer:
        actor = Actor.computer(holder.level or record.options.computer_level)
    else:
        actor = Actor.deadline()  # the rules' default, played because the owner did not answer in time
    default = game.default_action()
    return Play(PASS if default is None else default, actor)


def forced_action(game: Game) -> Action | None:
    """The only legal answer of a pending decision (R34), or None. A standing order answers decisions only:
    a turn whose one legal action is ``pass`` still waits for its player."""
    if game.phase in (Phase.ACTION, Phase.OVER):
        return None
    return game.forced_action()
