"""Which timer rows a game needs while it waits on a seat (R30, R31, decisions): pure functions, no Discord.

After every save the action path replaces all of a game's timers with ``plan(...)`` for the new position, in
the same transaction. The kinds (each fired by the one timer loop, ``bot/timers.py``):

- ``turn`` (R30): the active player's turn deadline. It covers both actions and the active player's own
  decisions; while the game waits on another player inside the turn (a defender, another player's treasure)
  it does not run: the rows of that wait carry the time left (``turn_left``) and the row is made again,
  with that time, when the game comes back to the active player. When it fires, the seat's turn is played
  (``autoplay``) and the seat becomes away. With the time used up, the rest of the turn is played at once.
- ``deadline``: a decision's deadline (``conflict_hours``); when it fires, the decision is played.
- ``autoplay`` (R31): the move of an away seat, covered, after ``away_minutes``, or of a computer seat
  after a short pause (``ComputerConfig.pause``). Being a row, a computer's turn resumes after a restart.
- ``reminder`` (every ``reminder_hours``) and ``warning`` (one last call before the deadline): DMs to a
  present person the game waits on; never to an away or computer seat.
- ``resume``: the end of the earliest announced absence of a game paused because everyone is away.

A seat on vacation (an announced absence without cover) has its turn clock stopped (R31a): a turn deadline
that would fall in the absence (or a turn that starts in it) is planned at the absence's end plus a full
``turn_hours``; no reminder or last call is planned before that end, and one reminder at it tells the seat
that the game waits for it (``VACATION_OVER`` in its payload). Its decisions keep their normal deadline, when
the computer player answers them (R35). Coming back early, the turn clock has at most a full turn left; a
decision keeps its deadline through any change of seats (``decided``), and its reminders and last call are
timed from it as if the seat had never been away from then on.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from engine import Game, Phase
from storage import GameRecord, NewTimer, Seat, Timer, TimerKind

TURN = "turn"
DEADLINE = TimerKind.DEADLINE.value
AUTOPLAY = "autoplay"
REMINDER = TimerKind.REMINDER.value
WARNING = "warning"
RESUME = "resume"
VACATION_OVER = "vacation_over"  # in a reminder's payload: the one DM at the end of a vacation (R31a)

# What a move waits for, in the order a row that counts for the player to act is shown
PLAYING_KINDS = (AUTOPLAY, DEADLINE, TURN)

LAST_CALL = 4 * 3600  # the last warning comes this long before a deadline ...
LAST_CALL_SHARE = 4  # ... or a quarter of a shorter deadline before it


@dataclass(frozen=True)
class TurnClock:
    """The time left on a turn deadline: the turn, its active seat, and seconds left."""

    turn: int
    seat: int
    left: int


def clock_of(timers: Iterable[Timer], now: int) -> TurnClock | None:
    """The turn clock the game's current timer rows hold: a running ``turn`` row, or the time carried by the
    rows of a wait for another player; None without a turn deadline. A row held by a pause counts the time
    left when the pause began."""
    rows = list(timers)
    for t in rows:
        if t.kind == TURN and t.seat is not None and "turn" in t.payload:
            since = now if t.held_since is None else t.held_since
            return TurnClock(int(t.payload["turn"]), t.seat, max(0, t.due_at - since))
    for t in rows:
        if "turn_left" in t.payload:
            return TurnClock(int(t.payload["turn"]), int(t.payload["active"]), int(t.payload["turn_left"]))
    return None


def last_call(due: int, length: int) -> int:
    """When the last warning before a deadline at ``due`` of ``length`` seconds goes out."""
    return due - min(LAST_CALL, length // LAST_CALL_SHARE)


def on_vacation(holder: Seat | None, now: int) -> bool:
    """An announced absence without cover (R31): the seat's turn clock stops until its end (R31a)."""
    return (
        holder is not None and holder.away_at(now) and not holder.away_cover and holder.away_until is not None
    )


def covered(holder: Seat | None, now: int) -> bool:
    """The bot plays this seat's moves: the computer player holds it, or it is away and covered (R31)."""
    return holder is None or holder.is_computer or (holder.away_at(now) and holder.away_cover)


def plan(
    record: GameRecord,
    game: Game,
    version: int,
    now: int,
    clock: TurnClock | None,
    pause: int = 0,
    decided: int | None = None,
) -> list[NewTimer]:
    """The rows for ``game`` at ``version``, which the game waits on from ``now``. ``record`` gives the
    options and the seats as they are after the save (who is away, who is the computer); ``clock`` is the
    turn clock before it (``clock_of`` the rows being replaced); ``pause`` the seconds a computer seat
    waits before each action (so the channel reads like a table); ``decided`` the deadline the decision
    asked at ``version`` already has (a change of seats neither stretches nor restarts it, R35), which the
    reminders and the last call are timed from."""
    seat = game.to_act
    if game.is_over or seat is None:
        return []
    holder = record.seat_record(seat)
    options = record.options
    payload: dict[str, int] = {"version": version, "turn": game.turn}
    turn_length = round(options.turn_hours * 3600)
    left: int | None = turn_length if turn_length > 0 else None
    running = clock is not None and (clock.turn, clock.seat) == (game.turn, game.active)
    if clock is not None and running and left is not None:
        left = min(clock.left, left)  # a vacation's longer clock ends with it (R31a)
    person = holder is not None and not holder.is_computer
    vacation_end = holder.away_until if holder is not None and on_vacation(holder, now) else None
    # R31a: the clock stops during a vacation; a deadline inside it moves to its end plus a full turn
    inside = vacation_end is not None and left is not None and (not running or now + left <= vacation_end)
    if seat == game.active and inside and vacation_end is not None:
        left = vacation_end + turn_length - now
    if seat != game.active and left is not None:  # a wait for another player: the turn clock stops
        payload = {**payload, "turn_left": left, "active": game.active}
    timers: list[NewTimer] = []
    deadlines: list[tuple[int, int]] = []  # (due, full length) of what the seat must answer
    if seat == game.active and left is not None and person:
        deadlines.append((now + left, turn_length))
        if left > 0:
            timers.append(NewTimer(TURN, now + left, seat, payload))
        else:  # the time is up: the rest of the turn is played after the computer's usual pause
            timers.append(NewTimer(TURN, now + pause, seat, {**payload, "rest": 1}))
    if game.phase is not Phase.ACTION:
        length = round(options.conflict_hours * 3600)
        due = now + length if decided is None else decided
        deadlines.append((due, length))
        timers.append(NewTimer(DEADLINE, due, seat, payload))
    if covered(holder, now):
        # R31's grace period comes once per turn or decision of an away person; the rest of a turn that
        # is under way (and a computer seat's every move) follows after the computer's short pause
        under_way = seat == game.active and (game.actions_left < 2 or game.phase is not Phase.ACTION)
        grace = round(options.away_minutes * 60) if person and not under_way else pause
        return [*timers, NewTimer(AUTOPLAY, now + grace, seat, payload)]
    # a person the game waits on: reminders until the last call, then the last call; none during a
    # vacation (R31a), whose end brings one reminder instead
    cutoff = None
    if deadlines:
        due, length = min(deadlines)
        cutoff = last_call(due, length)
        if cutoff > now:
            if vacation_end is None or cutoff > vacation_end:
                timers.append(NewTimer(WARNING, cutoff, seat, payload))
        else:
            cutoff = due
    remind = now + round(options.reminder_hours * 3600)
    if vacation_end is not None:
        remind, payload = vacation_end, {**payload, VACATION_OVER: 1}
    if cutoff is None or remind < cutoff:
        timers.append(NewTimer(REMINDER, remind, seat, payload))
    return timers


@dataclass(frozen=True)
class Due:
    """When the game stops waiting on the seat to act, and how: ``kind`` is ``turn`` (its turn deadline),
    ``deadline`` (a decision's) or ``autoplay`` (played for an away or computer seat)."""

    at: int
    kind: str


def awaited_due(record: GameRecord, timers: Iterable[Timer], now: int) -> Due | None:
    """The next moment the bot plays for the seat the game waits on (None without a deadline, or while the
    game is paused): the soonest of its rows (a vacation's are planned past its end, R31a)."""
    seat = record.seat_to_act
    if seat is None or record.paused:
        return None
    found: list[tuple[int, int, str]] = []
    for t in timers:
        if t.seat != seat or t.kind not in PLAYING_KINDS or t.set_aside:
            continue
        found.append((t.due_at, PLAYING_KINDS.index(t.kind), t.kind))
    if not found:
        return None
    at, _, kind = min(found)
    return Due(at, kind)


def next_cutoff(timers: Iterable[Timer], seat: int) -> int | None:
    """When reminders to ``seat`` stop: its last call, else its soonest deadline (None: no deadline)."""
    warnings = [t.due_at for t in timers if t.seat == seat and t.kind == WARNING]
    if warnings:
        return min(warnings)
    dues = [t.due_at for t in timers if t.seat == seat and t.kind in (TURN, DEADLINE)]
    return min(dues, default=None)
