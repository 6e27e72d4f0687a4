"""The one timer loop: deadlines, plays for away seats, reminders are rows in storage, never in-memory sleeps.

One task sleeps until the earliest row is due and fires every due row in a task of its own (RoboDanny's
reminders, made so that no timer can hold back another). The kinds are ``bot.deadlines``'s: a turn deadline
(R30), a decision's deadline and an away or computer seat's move (R31, R33) have the move chosen by
``bot.autoplay`` and played through the action path with the version they were set for (so exactly once); a
seat on vacation has its deadlines moved to the end of its absence instead. A reminder moves its one row to
the next time (or deletes it when the last call comes next) and then DMs the player the game waits on; the
last call deletes its row, then DMs: at most once, since a missed reminder is better than two (issue 17). The
end of an absence resumes a game paused because everyone was away. A restart loses nothing.

No hung handler holds another timer (issue 17). Firings take slots in two lanes: ``CONCURRENCY`` for the
timers due for the first time, ``RETRY_CONCURRENCY`` for the retries of failed ones, so a timer that keeps
failing or hanging never takes a slot from a due timer. A firing runs within its kind's time limit
(``TIME_LIMITS``, seconds: a few database calls and Discord requests; a move also has the computer think);
past it, the firing is abandoned: its handler is cancelled and not waited for, its slot is free at once.

A firing that raises or is abandoned is logged with its traceback (or where it hung) and reported to the
store (``Store.timer_failed``), which moves the row out of the way: tried again after 1 min, 5 min, 30 min,
then hourly, and set aside after its last try, when the game's channel gets one line; a failure after the
handler moved its row on (a reminder whose DM failed) is logged only. The loop itself survives anything: a
store call that fails makes it wait and read again (``STORE_RETRY_*``), and a timer whose failure could not
even be saved waits with the same backoff, so nothing is fired in a tight loop.

Several processes may share one database (PostgreSQL, issue 14): each due row is claimed for this process
(``Store.claim_due_timers``) before it fires, so exactly one process fires it; a process that dies
mid-timer leaves its claim to run out (``LEASE``) and another fires it then. A sharded process (discord.py's
AutoShardedClient) claims only the rows of games whose server is on its shards. The rows another process
saves (a move made in DMs, which Discord delivers to shard 0) wake the loop at once: PostgreSQL NOTIFYs every
process that LISTENs (``Store.listen_timers``, issue 21); the loop polls every ``LISTENING_POLL`` only in
case a notification was lost, and every ``SHARED_POLL`` while it cannot listen.
"""

from __future__ import annotations

import asyncio
import os
import re
import secrets
import socket
import traceback
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ClassVar

import discord

from bot import autoplay, logs, metrics, texts
from bot.autoplay import Why
from bot.computer import Computer
from bot.core import Clock, UserError, log, unix_time
from bot.deadlines import (
    AUTOPLAY,
    DEADLINE,
    LAST_CALL,
    REMINDER,
    RESUME,
    TURN,
    VACATION_OVER,
    WARNING,
    awaited_due,
    covered,
    next_cutoff,
    on_vacation,
)
from bot.language import game_words
from bot.play import ActionPath
from bot.present import Presenter
from bot.texts import Happening
from engine import public_view
from i18n import N_
from storage import (
    TIMER_MAX_ATTEMPTS,
    GameRecord,
    NewTimer,
    Shards,
    Status,
    Store,
    Timer,
    Transaction,
    timer_retry_delay,
)

# A library's source file (the standard library's asyncio, or an installed package): not where our code hung
_LIBRARY = re.compile(r"[/\\](asyncio|site-packages|dist-packages)[/\\]")

# What a move played for a seat says on the prompt it closes
PLAYED_NOTES = {
    Why.TURN_TIMED_OUT: N_("Time ran out: {choice}."),
    Why.DECISION_TIMED_OUT: N_("Time ran out: {choice}."),
    Why.AWAY: N_("Played for you while you are away: {choice}."),
    Why.VACATION: N_("Answered for you by the computer player while you are on vacation: {choice}."),
    Why.COMPUTER: N_("Played by the computer player: {choice}."),
}
# The channel's line when an announced absence ends ({change}: the pause or the resume it caused).
ABSENCE_OVER = N_("An announced absence is over. {change}")


def failure_text(error: BaseException) -> str:
    """What ``python -m storage check`` shows of a failed firing: the exception and where it was raised."""
    text = "".join(traceback.format_exception_only(error)).strip()
    frames = traceback.extract_tb(error.__traceback__)
    if frames:
        last = frames[-1]
        text += f" (at {Path(last.filename).name}:{last.lineno} in {last.name})"
    return text


def hung_at(task: asyncio.Task[Any]) -> str:
    """Where a task waits (what a hung firing was doing when it was abandoned): the innermost of its
    coroutines that is this program's, not a library's, as file, line and function."""
    where = "an unknown place"
    awaited: Any = task.get_coro()
    while awaited is not None and getattr(awaited, "cr_frame", None) is not None:
        frame = awaited.cr_frame
        code = frame.f_code
        if not _LIBRARY.search(code.co_filename):
            where = f"{Path(code.co_filename).name}:{frame.f_lineno} in {code.co_name}"
        awaited = awaited.cr_await
    return where


def _unwound(task: asyncio.Task[Any]) -> None:
    """An abandoned handler has ended: what it raised while unwinding was logged with its abandonment."""
    if not task.cancelled():
        task.exception()


@dataclass
class Lane:
    """Slots for firings: those of the timers due for the first time, or of the retries of failed ones."""

    size: int
    retries: bool  # the timers it fires: ``Store.claim_due_timers``'s ``retries``
    firing: dict[int, asyncio.Task[None]] = field(default_factory=dict)  # timer id -> its firing

    @property
    def free(self) -> int:
        return self.size - len(self.firing)


def served_shards(client: discord.Client) -> Shards | None:
    """The shards whose games' timers this process fires: a sharded client's, or None (every game)."""
    if isinstance(client, discord.AutoShardedClient) and client.shard_count:
        count = client.shard_count
        return Shards(count, tuple(client.shard_ids or range(count)))
    return None


class TimerLoop:
    IDLE_SLEEP = 86400  # with no timer at all, look again once a day (a saved timer wakes the loop)
    # Timers due for the first time fired at once; a free slot wakes the loop. Far more than ever hang at
    # once, and cheap: a firing mostly waits on the database or Discord.
    CONCURRENCY = 64
    RETRY_CONCURRENCY = 4  # retries of failed timers fired at once, in a lane of their own
    # Seconds a firing may run before it is abandoned, by kind: a reminder, a last call or the end of an
    # absence is a few database calls and Discord requests; a move played for a seat is more of them (the
    # channel's post, DMs), plus the computer player's thinking (its hard level's time cap is added)
    TIME_LIMITS: ClassVar[dict[str, float]] = {
        REMINDER: 20,
        WARNING: 20,
        RESUME: 20,
        TURN: 40,
        DEADLINE: 40,
        AUTOPLAY: 40,
    }
    OTHER_TIME_LIMIT = 20  # a kind this version does not know: deleted at once
    STORE_RETRY_FIRST = 5  # seconds after the store failed to list the timers; doubles each time ...
    STORE_RETRY_MAX = 300  # ... up to this
    # seconds a claimed timer is this process's alone, at least: longer than any firing's time limit (see
    # ``lease``), so that no other process fires it meanwhile; a process that dies mid-timer delays it by this
    LEASE = 120
    SHARED_POLL = 10  # seconds: with a database several processes share, look for their new rows this often
    LISTENING_POLL = 300  # ... unless their saves wake this loop (PostgreSQL LISTEN): then only in case
    STOP_WAIT = 5  # seconds ``stop`` waits for the firings it cancels

    def __init__(
        self,
        client: discord.Client,
        store: Store,
        actions: ActionPath,
        presenter: Presenter,
        clock: Clock,
        computer: Computer,
    ) -> None:
        self._client = client
        self._computer = computer
        self._store = store
        self._actions = actions
        self._presenter = presenter
        self._clock = clock
        self._task: asyncio.Task[None] | None = None
        # The loop sleeps in a task of its own (a plain asyncio.sleep, which simcord's virtual clock moves);
        # a wake cancels it. A wake while the loop is busy sets _changed, so it reads again before sleeping.
        self._sleeper: asyncio.Task[None] | None = None
        self._changed = False
        self._lanes = (Lane(self.CONCURRENCY, retries=False), Lane(self.RETRY_CONCURRENCY, retries=True))
        # every firing and its handler (an abandoned one until it has unwound): what ``stop`` cancels
        self._tasks: set[asyncio.Task[None]] = set()
        # timer id -> (unix time before which it is not fired, failures not saved): a timer whose failure the
        # store could not record backs off all the same (its claim is kept until then); dropped once a try is
        # saved or succeeds
        self._unsaved: dict[int, tuple[int, int]] = {}
        self._owner = f"{socket.gethostname()}:{os.getpid()}:{secrets.token_hex(3)}"  # this loop's claims
        self._shards: Shards | None = None
        # PostgreSQL: what stops listening for other processes' timers, whether it works, when last tried
        self._stop_listening: Callable[[], Awaitable[None]] | None = None
        self._listening = False
        self._listen_tried: float | None = None

    def start(self) -> None:
        self._task = asyncio.create_task(self._run(), name="tigris-timers")

    async def stop(self) -> None:
        """Cancel the loop, its firings and the handlers it abandoned, and wait for them to end (those that
        ignore being cancelled, up to ``STOP_WAIT`` seconds)."""
        tasks = {t for t in (self._task, self._sleeper, *self._tasks) if t is not None}
        for task in tasks:
            task.cancel()
        if tasks:
            _, running = await asyncio.wait(tasks, timeout=self.STOP_WAIT)
            for task in running:
                name, where = task.get_name(), hung_at(task)
                log.warning("the timer loop stopped; %s still runs though cancelled, at %s", name, where)
        if self._stop_listening is not None:
            await self._stop_listening()

    def time_limit(self, timer: Timer) -> float:
        """Seconds a firing of ``timer`` may run before it is abandoned."""
        limit = self.TIME_LIMITS.get(timer.kind, self.OTHER_TIME_LIMIT)
        if timer.kind in (TURN, DEADLINE, AUTOPLAY):
            limit += self._computer.config.seconds or 0
        return limit

    @property
    def lease(self) -> int:
        """Seconds this process's claims last: ``LEASE``, or twice the longest time limit if more (a
        firing's limit, then the time to record its failure)."""
        longest = max(self.TIME_LIMITS.values()) + (self._computer.config.seconds or 0)
        return max(self.LEASE, round(2 * longest))

    def _track(self, task: asyncio.Task[None]) -> asyncio.Task[None]:
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return task

    def wake(self) -> None:
        """New timers were saved, or a firing ended: the loop reads the table again (at once if asleep, else
        as soon as it is done)."""
        self._changed = True
        if self._sleeper is not None:
            self._sleeper.cancel()

    async def _run(self) -> None:
        await self._client.wait_until_ready()
        self._shards = served_shards(self._client)
        misses = 0
        while not self._client.is_closed():
            await self._keep_listening()
            self._changed = False
            try:
                delay = await self._fire_due()
                misses = 0
            except Exception:
                misses += 1
                delay = min(self.STORE_RETRY_MAX, self.STORE_RETRY_FIRST * 2 ** (misses - 1))
                log.exception("the timer loop could not read the timers; trying again in %s s", delay)
            if self._changed and not misses:
                continue  # woken while reading: read again
            self._sleeper = asyncio.create_task(asyncio.sleep(delay), name="tigris-timers-sleep")
            try:
                await asyncio.wait((self._sleeper,))  # ends when the sleep does or is cancelled by a wake
            finally:
                self._sleeper = None

    async def _fire_due(self) -> float:
        """Claim the due timers for each lane's free slots and start a firing for each; return the seconds
        until the loop has something to do again, always more than 0 (a firing that ends or is abandoned
        wakes it sooner)."""
        now = unix_time(self._clock)
        for lane in self._lanes:
            if lane.free <= 0:
                continue
            claimed = await self._store.claim_due_timers(
                now,
                self._owner,
                lease_seconds=self.lease,
                limit=lane.free,
                shards=self._shards,
                retries=lane.retries,
            )
            for timer in claimed:
                name = f"tigris-timer-{timer.id}"
                lane.firing[timer.id] = self._track(asyncio.create_task(self._fire(timer, lane), name=name))
        delay: float = self.IDLE_SLEEP
        if self._store.backend != "sqlite":
            delay = self.LISTENING_POLL if self._listening else self.SHARED_POLL
        # the timers a lane with a free slot could claim next (those of a full lane wait for a wake)
        open_lanes = [lane for lane in self._lanes if lane.free > 0]
        if open_lanes:
            retries = open_lanes[0].retries if len(open_lanes) == 1 else None
            upcoming = await self._store.next_claimable(now, shards=self._shards, retries=retries)
            if upcoming is not None:
                delay = min(delay, max(1, upcoming - now))
        return delay

    async def _keep_listening(self) -> None:
        """PostgreSQL: listen for the timers other processes save, and again (at most every
        ``SHARED_POLL``) after the listening connection was lost."""
        now = asyncio.get_running_loop().time()
        if self._listening or self._store.backend == "sqlite":
            return
        if self._listen_tried is not None and now - self._listen_tried < self.SHARED_POLL:
            return
        self._listen_tried = now
        try:
            self._stop_listening = await self._store.listen_timers(self.wake, self._lost_listening)
            self._listening = self._stop_listening is not None
        except Exception:
            log.warning("the timer loop cannot LISTEN; it polls every %s s", self.SHARED_POLL, exc_info=True)

    def _lost_listening(self) -> None:
        log.warning("the timer loop's LISTEN connection was lost; it polls every %s s", self.SHARED_POLL)
        self._listening = False
        self.wake()

    async def _fire(self, timer: Timer, lane: Lane) -> None:
        """Run the timer's handler within its time limit. Past it, the handler is abandoned: cancelled and
        left to unwind on its own, its slot free at once, its firing counted as failed."""
        metrics.timer_fired(self._clock().timestamp() - timer.due_at)
        logs.tag(game=timer.game_id)  # this firing's own task (and its handler's, which copies it)
        name = f"tigris-timer-{timer.id}-handler"
        handler = self._track(asyncio.create_task(self._handle(timer), name=name))
        try:
            try:
                done, _ = await asyncio.wait((handler,), timeout=self.time_limit(timer))
            except asyncio.CancelledError:
                handler.cancel()  # the loop stops
                raise
            if not done:
                where = hung_at(handler)
                handler.cancel()
                handler.add_done_callback(_unwound)
                self._free(lane, timer)
                limit = self.time_limit(timer)
                await self._failed(timer, TimeoutError(f"ran past its time limit of {limit:g} s at {where}"))
                return
            cancelled = RuntimeError("its handler was cancelled")
            error = cancelled if handler.cancelled() else handler.exception()
            if error is not None:
                await self._failed(timer, error)
                return
            self._unsaved.pop(timer.id, None)
            left = await self._release(timer)
            if left is not None and not left.held and left.due_at == timer.due_at:
                # a bug, recorded as a failure instead of firing the row again and again
                stuck = RuntimeError("its handler returned but left it due at the same time")
                await self._failed(timer, stuck, claimed=False)
        finally:
            self._free(lane, timer)

    def _free(self, lane: Lane, timer: Timer) -> None:
        """The timer's slot is free (once): the loop looks for due timers again."""
        if lane.firing.pop(timer.id, None) is not None:
            self.wake()

    async def _release(self, timer: Timer, until: int | None = None) -> Timer | None:
        """End this process's claim on a fired timer (or keep it until ``until``): the row if the handler
        left it as it was. A store that fails leaves the claim to run out."""
        try:
            return await self._store.release_timer(timer.id, self._owner, until=until)
        except Exception:
            log.exception("timer %s of game %s: its claim could not be ended", timer.id, timer.game_id)
            return None

    async def _handle(self, timer: Timer) -> None:
        record = await self._store.load_game(timer.game_id)
        if record.status is not Status.PLAYING:
            await self._store.delete_timer(timer.id)
            return
        await self._actions.catch_up(record)  # what the players missed, before anything new
        if timer.kind == RESUME:
            await self._resume(timer, record)
            return
        version = int(timer.payload.get("version", -1))
        if record.version != version or timer.seat is None:  # answered meanwhile
            await self._store.delete_timer(timer.id)
            return
        try:
            if timer.kind in (TURN, DEADLINE, AUTOPLAY):
                await self._play(timer, record, timer.seat)
            elif timer.kind == REMINDER:
                await self._remind(timer, record, timer.seat)
            elif timer.kind == WARNING:
                await self._warn(timer, record, timer.seat)
            else:
                log.warning(
                    "timer %s of game %s has an unknown kind %r; deleted", timer.id, record.id, timer.kind
                )
                await self._store.delete_timer(timer.id)
        except UserError as exc:  # the decision was taken meanwhile
            log.info("timer %s of game %s: %s", timer.id, timer.game_id, exc)
            await self._store.delete_timer(timer.id)

    async def _play(self, timer: Timer, record: GameRecord, seat: int) -> None:
        """A deadline passed, or an away or computer seat's grace period: the seat's move is played."""
        game = record.game()
        holder = record.seat_record(seat)
        now = unix_time(self._clock)
        if game.to_act != seat or holder is None:
            await self._store.delete_timer(timer.id)
            return
        if record.paused:  # fired as the game paused: its row is held until the game goes on
            return
        vacation = on_vacation(holder, now) and holder.away_until is not None
        if timer.kind == TURN and vacation and holder.away_until is not None:
            # R31a: a turn row planned before the absence was announced waits for its end and a full turn
            turn_length = round(record.options.turn_hours * 3600)
            await self._store.reschedule_timer(timer.id, holder.away_until + turn_length)
            return
        if holder.is_computer:
            why = Why.COMPUTER
        elif timer.kind == TURN:
            why = Why.TURN_TIMED_OUT
        elif timer.kind == DEADLINE:
            why = Why.VACATION if vacation else Why.DECISION_TIMED_OUT  # R35: decisions never wait
        elif covered(holder, now):
            why = Why.AWAY
        else:  # back since the row was made
            await self._store.delete_timer(timer.id)
            return
        play = await autoplay.choose(self._computer, record, game, seat, why)
        log.info("game %s: %s for seat %s, playing %r", record.id, why.value, seat, play.action.text)
        said = None
        if why in (Why.DECISION_TIMED_OUT, Why.VACATION):  # one public line says who answered, and what
            said = texts.DecisionTimedOut(seat, play.action, public_view(game), play.actor.level)
        await self._actions.act(
            record.id,
            play.action,
            actor=play.actor,
            # R30: the seat goes away when its time runs out, not again for the rest of that turn (its
            # owner may have come back meanwhile)
            seat_away=why is Why.TURN_TIMED_OUT and not timer.payload.get("rest"),
            expected_version=record.version,
            note=texts.ClosingNote(PLAYED_NOTES[why], play.action, public_view(game)),
            said=said,
        )

    async def _remind(self, timer: Timer, record: GameRecord, seat: int) -> None:
        holder = record.seat_record(seat)
        now = unix_time(self._clock)
        if covered(holder, now):
            await self._store.delete_timer(timer.id)
            return
        if on_vacation(holder, now):  # no reminders on vacation: the last call comes before its end
            await self._store.delete_timer(timer.id)
            return
        vacation_over = bool(timer.payload.get(VACATION_OVER))
        about = await self._presenter.prompts.reminder(record, seat, vacation_over=vacation_over)
        following = now + round(record.options.reminder_hours * 3600)
        cutoff = next_cutoff(await self._store.timers(record.id), seat)
        if cutoff is not None and following >= cutoff:  # the last call comes next
            moved = await self._store.delete_timer(timer.id, claimed_by=self._owner)
        else:
            moved = await self._store.reschedule_timer(timer.id, following, claimed_by=self._owner)
        if moved:  # at most once: a crash or hang from here on misses this reminder, never sends it twice
            await self._presenter.prompts.send_to_seat(record, about)

    async def _warn(self, timer: Timer, record: GameRecord, seat: int) -> None:
        """The last call before a deadline; on vacation, it waits for the last hours of the absence."""
        holder = record.seat_record(seat)
        now = unix_time(self._clock)
        due = awaited_due(record, await self._store.timers(record.id), now)
        if covered(holder, now) or due is None:
            await self._store.delete_timer(timer.id)
            return
        if on_vacation(holder, now) and due.at - LAST_CALL > now:
            await self._store.reschedule_timer(timer.id, due.at - LAST_CALL)
            return
        about = self._presenter.prompts.last_call(seat, due)
        if await self._store.delete_timer(timer.id, claimed_by=self._owner):  # at most once, as a reminder
            await self._presenter.prompts.send_to_seat(record, about)

    async def _resume(self, timer: Timer, record: GameRecord) -> None:
        """An announced absence ended: a game paused because everyone was away goes on (R31), or waits for
        the next absence to end."""

        async def work(tx: Transaction) -> tuple[GameRecord, Happening | None]:
            """The pause or resume, the timers that follow and this timer's end: saved together."""
            now = unix_time(self._clock)
            game, change = await self._actions.reconcile_in(tx, await tx.load_game(record.id))
            if change is not None and not game.paused:
                await self._actions.retime_in(tx, game)  # R31a: a vacation's end gives a full turn, not more
            if game.paused:
                ends = [s.away_until for s in game.human_seats if s.away_until and s.away_until > now]
                if ends:
                    await tx.add_timer(game.id, NewTimer(RESUME, min(ends)), now)
            await tx.delete_timer(timer.id)
            return game, change

        async with self._actions.lock_for(record.id):
            record, change = await self._store.transaction(work)
            self._actions.timers_saved()
        if change is not None:
            names = await self._presenter.directory.names_for(record)
            words = game_words(record)
            line = words.gettext(ABSENCE_OVER, change=change.line(words, names))
            await self._presenter.channel.announce(record, line)

    async def _failed(self, timer: Timer, error: BaseException, *, claimed: bool = True) -> None:
        """Log a failed firing with its context and have the store move the timer out of the way, if this
        process's claim still holds it (``claimed``: else whatever the row is now)."""
        what = f"timer {timer.id} ({timer.kind}, seat {timer.seat}) of game {timer.game_id}"
        metrics.error("timer")
        now = unix_time(self._clock)
        owner = self._owner if claimed else None
        try:
            retry = await self._store.timer_failed(timer.id, now, failure_text(error), claimed_by=owner)
        except Exception:
            misses = self._unsaved.get(timer.id, (0, 0))[1] + 1
            until = now + timer_retry_delay(misses)
            self._unsaved[timer.id] = (until, misses)
            log.error("%s failed", what, exc_info=error)
            log.exception("%s: its failure could not be saved; it waits until %s", what, until)
            await self._release(timer, until)
            return
        self._unsaved.pop(timer.id, None)
        if retry is None:
            log.error(
                "%s failed after it was answered, deleted or moved on: not tried again", what, exc_info=error
            )
        elif not retry.set_aside:
            log.error(
                "%s failed (try %s of %s); next try at %s",
                what,
                retry.attempts,
                TIMER_MAX_ATTEMPTS,
                retry.due_at,
                exc_info=error,
            )
        else:
            log.error(
                "%s failed %s times and is set aside: `python -m storage check` lists it, "
                "`python -m storage retry-timer %s` puts it back",
                what,
                retry.attempts,
                timer.id,
                exc_info=error,
            )
            await self._tell_channel(timer)

    async def _tell_channel(self, timer: Timer) -> None:
        """One public line in the game's channel when its first timer is set aside (not one per timer): the
        first by time set aside, then by id, so two timers set aside at once still post one line."""
        try:
            aside = [t for t in await self._store.timers(timer.game_id) if t.set_aside_at is not None]
            first = min(aside, key=lambda t: (t.set_aside_at or 0, t.id), default=None)
            if first is None or first.id != timer.id:
                return
            record = await self._store.load_game(timer.game_id)
            line = game_words(record).gettext(texts.INTERNAL_ERROR_LINE)
            await self._presenter.channel.announce(record, line)
        except Exception:
            log.exception(
                "game %s: could not tell its channel that timer %s was set aside", timer.game_id, timer.id
            )
