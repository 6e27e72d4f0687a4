"""The one seam that chooses a move for a seat its owner is not playing (R30, R31, R33).

Every move the bot makes for a seat is chosen here: a timed-out turn, an expired decision, the turns and
decisions of an away seat, and every move of a seat the computer player holds (resigned or handed over).
What is chosen then goes through the one action path (``ActionPath.act``) with the ``Who`` given here.

The computer player (package ``ai``) plays a timed-out turn (R30), an away seat's turns and decisions
(R31), the decisions of a seat on vacation once their deadline passed (R35) and every move of a seat it
holds (R33): at a computer seat's own level, else at the game's ``computer_level`` (normal unless chosen
otherwise), seeing only that seat's view. It thinks in a worker process (``bot.computer``), so ``choose``
is a coroutine that never blocks the loop. A decision of a present seat whose own deadline
(``conflict_hours``) passed gets the rulings' default instead ("Decisions that wait for a player":
commit 0, the wars in colour order, no building, monument or wonder, the treasures in square order, the
wonder's point in the colour with the fewest points).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from bot.computer import Computer, move_seed
from bot.core import log
from engine import Action, Game, Phase, Who
from storage import GameRecord

PASS = Action.parse("pass")


class Why(Enum):
    """Why the bot plays for a seat (the computer player may choose differently for each)."""

    TURN_TIMED_OUT = "turn"  # R30: the turn deadline passed; the seat becomes away
    DECISION_TIMED_OUT = "decision"  # a decision's deadline passed (conflict_hours)
    AWAY = "away"  # R31: the seat is away and its grace period (away_minutes) passed
    VACATION = "vacation"  # R35: a decision of a seat on vacation reached its deadline
    COMPUTER = "computer"  # the computer player holds the seat (R33: resigned or handed over)


@dataclass(frozen=True)
class Play:
    """A move chosen for a seat and who is recorded as making it."""

    action: Action
    actor: Who


def level_for(record: GameRecord, seat: int) -> str:
    """The level the computer player plays ``seat`` at: a computer seat's own, else the game's."""
    holder = record.seat_record(seat)
    if holder is not None and holder.is_computer and holder.level is not None:
        return holder.level
    return record.options.computer_level


async def choose(computer: Computer, record: GameRecord, game: Game, seat: int, why: Why) -> Play:
    """The move to play for ``seat``, which the game waits on. ``game`` is ``record``'s position."""
    if game.to_act != seat:
        raise ValueError(f"game {record.id} waits on seat {game.to_act}, not seat {seat}")
    if record.seed is None:
        raise ValueError(f"game {record.id} has not started")
    default = game.default_action()
    if why is Why.DECISION_TIMED_OUT and default is not None:
        return Play(default, Who.deadline())
    level = level_for(record, seat)
    try:
        action = await computer.move(game, seat, level, move_seed(record.seed, record.version, seat))
    except Exception:
        # A game must not stall on a computer player's failure (a bug, a worker that died): the rules'
        # own answer is played instead, and the traceback logged.
        log.exception("game %s: the computer player failed for seat %s; playing the default", record.id, seat)
        return Play(PASS if default is None else default, Who.deadline())
    if not game.is_legal(action):  # never expected: the engine would refuse it on the action path anyway
        log.error("game %s: the computer player chose %r, which is not legal", record.id, action.text)
        return Play(PASS if default is None else default, Who.deadline())
    return Play(action, Who.computer(level))


def forced_action(game: Game) -> Action | None:
    """The only legal answer of a pending decision (R34), or None. A standing order answers decisions only:
    a turn whose one legal action is ``pass`` still waits for its player."""
    if game.phase in (Phase.ACTION, Phase.OVER):
        return None
    return game.forced_action()
