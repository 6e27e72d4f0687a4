"""The one action path: a slash command, a button click, an expired deadline and every move the bot plays for
a seat end in ``ActionPath.act``; an undo (R32) takes the same path in ``ActionPath.take_back``.

Every action goes: load the saved game, apply it in memory with the engine (which checks it), save it with
who made it (``Who``), the new position and the game's new timers (``bot.deadlines.plan``) in one
transaction, then settle what follows from it (a pause when every person is away, a resume when one comes
back, a standing order answering a forced choice, R34), hand it all to presentation (channel board, DMs) as
one story and mark that version shown. Nothing is saved unless the engine accepted the action, so a failure
before the save leaves the saved game as it was.

A version saved but never shown (the process died between the save and the presentation, or the
presentation failed) is shown once, later: at start-up (``present_missed``) and whenever the game is next
touched by a command, a click or a timer (``catch_up``). The log rebuilds what the players missed: the game
as they last saw it and the events of every action since, shown as one board.
"""

from __future__ import annotations

import asyncio
import dataclasses
from collections.abc import Callable, Sequence
from datetime import datetime, timedelta

from bot import logs, metrics
from bot.autoplay import forced_action
from bot.core import Clock, Refused, UserError, log, unix_time
from bot.custom_ids import PromptChoice
from bot.deadlines import DEADLINE, RESUME, clock_of, plan
from bot.present import Presenter, play_and_tell
from bot.texts import CLOSED_NOTE, CameBack, ClosingNote, Happening, Paused, Story, TimedOut, TookBack
from engine import (
    UNDO,
    Action,
    EngineError,
    Event,
    Game,
    Kind,
    LoggedAction,
    UndoRefused,
    Who,
    WhoKind,
    dump,
    public_view,
    replay,
    take_back,
)
from i18n import N_
from storage import (
    Appended,
    Areas,
    GameNotFound,
    GamePausedError,
    GameRecord,
    NewTimer,
    NotSeatOwnerError,
    Shards,
    StaleVersionError,
    Status,
    Store,
    TakeBackError,
    Timer,
    WrongSeatError,
)

# Discord stamps a command with its own clock, which may differ from ours by a fraction of a second; nobody
# sees a move's result and sends the same command again within this window.
DOUBLE_SUBMIT_WINDOW = timedelta(seconds=2)

# What a prompt asks for; the turn actions (tile, leader, ...) are played with slash commands in the channel.
# (building, wonder and point: the 2015 edition's options, R28, R29)
DECISION_KINDS = frozenset(
    {Kind.COMMIT, Kind.WAR, Kind.MONUMENT, Kind.DECLINE, Kind.TREASURE}
    | {Kind.BUILDING, Kind.WONDER, Kind.POINT}
)

# Discord lets a text option hold 6,000 characters of any script; the longest move in notation has 40
# characters of plain ASCII, so anything else is refused before the engine reads it.
MAX_ACTION_TEXT = 100
UNREADABLE = N_("That is not a move I can read: use plain letters and digits, like e5 or commit 2.")
NOT_A_PROMPT = N_(
    "This button is not a choice I offered; use the buttons of your latest prompt or /te choose."
)
NO_GAME = N_("There is no game in this channel: open one with /te new.")
NOT_STARTED = N_("The game here has not started yet: the creator starts it with /te start.")
NOT_PLAYING = N_("You are not playing in this game.")
NO_LONGER_YOURS = N_("This seat is no longer yours.")
RACE = N_("Someone else acted at the same moment; look at the board and try again.")
PLAYED_FOR_YOU = N_("You cannot take that back: the bot played it for you (R31).")
NOT_THEIRS = N_("You cannot take that back: the seat's previous player made it.")
PAUSED = N_("The game is paused because every player is away; it goes on when someone comes back.")
NOT_IN_PLAY = N_("This game is not in play any more.")
# What a decision prompt says once closed ({choice}: the label of the answer, as the prompt offered it)
YOU_CHOSE = N_("You chose: {choice}.")
TAKEN_BACK = N_("Taken back.")
STANDING_ORDER = N_("Answered by your standing order.")
# A standing order (R34) answers at most this many forced choices in a row (there are never more than a few).
MAX_STANDING_ORDERS = 8


def parse_action(text: str) -> Action:
    """A player's text as an action, or a UserError with one sentence."""
    if len(text) > MAX_ACTION_TEXT or not text.isascii():
        raise UserError(UNREADABLE)
    try:
        return Action.parse(text)
    except EngineError as exc:
        raise Refused(exc) from None


def decision_of(choice: str) -> Action:
    """The decision a prompt button offers, or a UserError: a button never plays a turn action."""
    try:
        action = parse_action(choice)
    except UserError:
        raise UserError(NOT_A_PROMPT) from None
    if action.kind not in DECISION_KINDS:
        raise UserError(NOT_A_PROMPT)
    return action


# At start-up, games saved but not shown are read this many at a time.
PRESENT_BATCH = 100


def effective_at(history: Sequence[LoggedAction], version: int) -> list[str]:
    """The actions the engine replays for the game at ``version`` (after the log's first ``version`` rows):
    no undo rows, and no action taken back by then (one taken back later still counted at ``version``)."""
    return [
        row.action
        for row in history[:version]
        if not row.is_undo and (row.taken_back_by is None or row.taken_back_by > version)
    ]


def missed_since(
    record: GameRecord, history: Sequence[LoggedAction]
) -> tuple[Game | None, Game, list[Story]]:
    """What the players were last shown of a game and what happened since, rebuilt from its log: the game at
    ``record.presented_version`` (None when not even its start was shown), the game now, and the story of
    every row in between, in order: an action's events, or what an undo took back (R32). Raises if the log
    does not replay to the saved position."""
    settings = record.settings
    if settings is None or record.seed is None:
        raise ValueError(f"game {record.id} has not started, so it has nothing to show")
    if len(history) != record.version:
        raise RuntimeError(f"game {record.id} is at version {record.version} but its log has {len(history)}")
    shown = max(record.presented_version, 0)
    game = replay(settings, record.seed, effective_at(history, shown))
    before = game.copy() if record.presented_version >= 0 else None
    story: list[Story] = []
    for row in history[shown:]:
        if row.is_undo and row.undoes is not None:
            game = replay(settings, record.seed, effective_at(history, row.seq))
            story.append([TookBack(row.seat, history[row.undoes - 1].action)])
        else:
            story.append(play_and_tell(game, row.action))
    if dump(game) != record.position:
        raise RuntimeError(
            f"game {record.id}: its log does not replay to its saved position (python -m storage check)"
        )
    return before, game, story


async def seat_of_player(store: Store, record: GameRecord, user_id: int) -> int:
    """The seat the user holds in the game, or a refusal: one they lost (R33) says so."""
    seat = record.seat_of(user_id)
    if seat is not None:
        return seat
    if record.status is not Status.LOBBY and await store.former_seat_of(record.id, user_id) is not None:
        raise UserError(NO_LONGER_YOURS)
    raise UserError(NOT_PLAYING)


def seats_after(record: GameRecord, seat: int, actor: Who, seat_away: bool, now: int) -> GameRecord:
    """``record`` with ``seat``'s away state as saving ``actor``'s action leaves it: a person's own move
    ends their absence; a move played for a present person's seat with ``seat_away`` starts one (R30, R31)."""
    holder = record.seat_record(seat)
    if holder is None or holder.is_computer:
        return record
    if actor.is_person:
        changed = dataclasses.replace(holder, away_since=None, away_until=None, away_cover=False)
    elif seat_away and not holder.away_at(now):
        changed = dataclasses.replace(holder, away_since=now, away_until=None, away_cover=True)
    else:
        return record
    seats = tuple(changed if s.seat == seat else s for s in record.seats)
    return dataclasses.replace(record, seats=seats)


class ActionPath:
    """Applies actions one at a time per game, saves them, has them presented and marks them shown."""

    def __init__(
        self,
        store: Store,
        presenter: Presenter,
        clock: Clock,
        seeds: Callable[[], int],
        on_timers_saved: Callable[[], None],
        computer_pause: int = 0,
    ) -> None:
        self._store = store
        self._pause = computer_pause  # seconds before each action of a computer seat (bot.deadlines.plan)
        self._presenter = presenter
        self._clock = clock
        self._seeds = seeds  # where new games get their seed (R3)
        self._on_timers_saved = on_timers_saved
        self._locks: dict[int, asyncio.Lock] = {}
        # per game: the seat, action (or UNDO) and time of the last command a player sent, to spot a
        # double submit
        self._last_sent: dict[int, tuple[int, Action | str, datetime]] = {}

    def lock_for(self, game_id: int) -> asyncio.Lock:
        return self._locks.setdefault(game_id, asyncio.Lock())

    def _now(self) -> int:
        return unix_time(self._clock)

    async def _load_playing(self, game_id: int) -> GameRecord:
        """The game, once what its players missed is shown; a refusal unless it is in play."""
        try:
            record = await self._store.load_game(game_id)
        except GameNotFound:
            raise UserError("That game does not exist.") from None
        if record.needs_presenting:  # what the players missed comes before anything new
            await self._catch_up_locked(record)
        if record.status is not Status.PLAYING:
            raise UserError(NOT_IN_PLAY)
        return record

    def _check_double_submit(
        self, game_id: int, seat: int, what: Action | str, sent_at: datetime | None
    ) -> None:
        last = self._last_sent.get(game_id)
        if (
            sent_at is None
            or last is None
            or last[:2] != (seat, what)
            or sent_at >= last[2] + DOUBLE_SUBMIT_WINDOW
        ):
            return
        if what == UNDO:
            raise UserError(
                "You sent /te undo twice at once, so one action was taken back; send it again if you meant "
                "to take back another."
            )
        raise UserError(
            "You sent `{action}` twice at once, so it was played once; send it again if you meant to play it "
            "twice.",
            action=what.text if isinstance(what, Action) else what,
        )

    async def act(
        self,
        game_id: int,
        action: Action | str,
        *,
        user_id: int | None = None,
        actor: Who | None = None,
        seat_away: bool = False,
        expected_version: int | None = None,
        sent_at: datetime | None = None,
        note: ClosingNote = CLOSED_NOTE,
        said: Happening | None = None,
    ) -> None:
        """Apply one action and present it: a person's (``user_id``: they must hold a seat, and act for it),
        or one played for the seat the game waits on (``actor``: a deadline's, by default, or the computer
        player's; ``seat_away`` marks a person's seat away, R30).

        ``expected_version``: the version the action was chosen for (a prompt button, a timer); a newer game
        refuses it. ``sent_at`` is when the player sent a slash command: the same command sent again before
        the first one was applied, or within ``DOUBLE_SUBMIT_WINDOW`` after it, is a double submit (slash
        commands carry no version, unlike buttons) and is refused. ``note`` is appended to the open decision
        prompt when this action closes it, in its reader's words; ``{choice}`` in it becomes the action's
        label as it was offered (``texts.choice_label``). ``said``: what the bot did, told before the action's
        events (a decision the bot answered when its time ran out)."""
        logs.tag(game=game_id)
        parsed = action if isinstance(action, Action) else parse_action(action)
        async with self.lock_for(game_id):
            record = await self._load_playing(game_id)
            if expected_version is not None and record.version != expected_version:
                raise UserError("This decision is already closed.")
            before = record.game()
            game = before.copy()
            if user_id is not None:
                seat = await seat_of_player(self._store, record, user_id)
                actor = Who.person(user_id)
            elif game.to_act is None:
                raise UserError(NOT_IN_PLAY)
            else:
                seat = game.to_act
                actor = actor or Who.deadline()
            self._check_double_submit(game_id, seat, parsed, sent_at)
            try:
                told = play_and_tell(game, parsed, seat)
            except EngineError as exc:
                names = await self._presenter.directory.seat_names(record)  # a leader in the way is named
                raise Refused(exc, names.worded) from None
            rows = await self._store.timers(game_id)  # the turn clock runs on (bot.deadlines)
            appended = await self._save(record, game, seat, parsed.text, actor, rows, seat_away=seat_away)
            if user_id is not None:
                self._last_sent[game_id] = (seat, parsed, self._clock())
            story: list[Story] = []
            if appended.went_away:
                story.append([TimedOut(seat, record.options.away_minutes)])
            if appended.came_back:
                story.append([CameBack(seat)])
            story.append([*([said] if said else []), *told])
            note = note.answered(parsed, public_view(before))
            await self._settle_and_present(game_id, before, game, story, appended.timers, note, user_id)

    async def take_back(self, game_id: int, user_id: int, *, sent_at: datetime | None = None) -> str:
        """Undo (R32): take back the user's newest action of the current turn, if R32 allows and a person made
        it (R31), and show the game as it was. Returns the action taken back; a refusal says why."""
        async with self.lock_for(game_id):
            record = await self._load_playing(game_id)
            seat = await seat_of_player(self._store, record, user_id)
            self._check_double_submit(game_id, seat, UNDO, sent_at)
            history = await self._store.actions(game_id)
            effective = [row for row in history if row.effective]
            newest = effective[-1] if effective else None
            played_for = newest is not None and newest.who.kind in (WhoKind.COMPUTER, WhoKind.DEADLINE)
            if played_for and newest is not None and newest.seat == seat:
                raise UserError(PLAYED_FOR_YOU)  # R31: nothing the bot played for a seat is undone
            settings, seed = record.settings, record.seed
            assert settings is not None and seed is not None
            try:
                back = await asyncio.to_thread(take_back, settings, seed, [r.action for r in effective], seat)
            except UndoRefused as exc:
                raise Refused(exc) from None
            recorded = newest is not None and newest.who.kind is not WhoKind.UNRECORDED
            if recorded and newest is not None and newest.who.user_id != user_id:
                raise UserError(NOT_THEIRS)
            rows = await self._store.timers(game_id)
            person = Who.person(user_id)
            appended = await self._save(record, back.game, seat, UNDO, person, rows)
            self._last_sent[game_id] = (seat, UNDO, self._clock())
            story: list[Story] = [[CameBack(seat)]] if appended.came_back else []
            story.append([TookBack(seat, back.action)])
            await self._settle_and_present(
                game_id, record.game(), back.game, story, appended.timers, ClosingNote(TAKEN_BACK), user_id
            )
            return back.action

    async def _save(
        self,
        record: GameRecord,
        game: Game,
        seat: int,
        text: str,
        actor: Who,
        rows: Sequence[Timer],
        *,
        seat_away: bool = False,
    ) -> Appended:
        """Save one applied action (``text`` UNDO: an undo, ``game`` the game without the action taken back)
        with the game's new timers (``rows``: the timers they replace)."""
        now = self._now()
        after = seats_after(record, seat, actor, seat_away, now)
        timers = plan(after, game, record.version + 1, now, clock_of(rows, now), self._pause)
        saved = (record.id, record.version, seat)
        try:
            if text == UNDO:
                appended = await self._store.append_undo(
                    *saved, game, now, actor=actor, timers_to_delete="all", timers_to_add=timers
                )
            else:
                appended = await self._store.append_action(
                    *saved,
                    text,
                    game,
                    now,
                    timers_to_delete="all",
                    timers_to_add=timers,
                    actor=actor,
                    seat_away=seat_away and not actor.is_person,
                )
        except (StaleVersionError, WrongSeatError):
            raise UserError(RACE) from None
        except NotSeatOwnerError:
            raise UserError(NO_LONGER_YOURS) from None
        except GamePausedError:
            raise UserError(PAUSED) from None
        except TakeBackError:
            raise UserError(PLAYED_FOR_YOU) from None
        self._on_timers_saved()
        if text != UNDO:
            metrics.action_saved(actor.kind.value)
        return appended

    async def _settle_and_present(
        self,
        game_id: int,
        before: Game,
        game: Game,
        story: list[Story],
        rows: Sequence[Timer],
        note: ClosingNote,
        acted_by: int | None = None,
    ) -> None:
        """After a save: settle what follows from it, then show it all as one story (``acted_by``: the
        person who acted, if one did). The action is saved by then: a failure here is logged, never reported
        as "nothing changed"."""
        try:
            record = await self._store.load_game(game_id)
            record, game, more = await self._settle(record, game, rows)
            everything = [*flatten(story), *flatten(more)]
            await self._presenter.present(record, before, game, everything, note, acted_by=acted_by)
        except Exception:
            log.exception("game %s: settling or presenting version after a save failed", game_id)
            metrics.error("presentation")

    async def _settle(
        self, record: GameRecord, game: Game, rows: Sequence[Timer]
    ) -> tuple[GameRecord, Game, list[Story]]:
        """What follows a save: a pause or a resume (R31), then the standing orders that answer forced
        choices at once (R34), each saved as an action of its own."""
        story: list[Story] = []
        record, change = await self.reconcile_pause(record)
        if change is not None:
            story.append([change])
        for _ in range(MAX_STANDING_ORDERS):
            if record.paused or record.status is not Status.PLAYING:
                break
            order = await self._standing_order(record, game)
            if order is None:
                break
            seat, action, actor = order
            after = game.copy()
            told = play_and_tell(after, action, seat)
            appended = await self._save(record, after, seat, action.text, actor, rows)
            rows, game = appended.timers, after
            story.append(told)
            record = await self._store.load_game(record.id)
        return record, game, story

    async def _standing_order(self, record: GameRecord, game: Game) -> tuple[int, Action, Who] | None:
        """R34: the forced choice the game waits on, if its player asked for such choices to be answered at
        once. A present player answers it themselves; for an away one it is played for them (R31)."""
        action = forced_action(game)
        seat = game.to_act
        holder = None if seat is None else record.seat_record(seat)
        if action is None or seat is None or holder is None or holder.user_id is None:
            return None
        settings = await self._store.player_settings(holder.user_id, record.id)
        if not settings.auto_forced:
            return None
        away = holder.away_at(self._now())
        return seat, action, Who.deadline() if away else Who.person(holder.user_id)

    async def apply_standing_order(self, game_id: int) -> None:
        """A standing order was just given: answer the forced choice waiting for it now, if there is one."""
        async with self.lock_for(game_id):
            record = await self._load_playing(game_id)
            game = record.game()
            if await self._standing_order(record, game) is None:
                return
            rows = await self._store.timers(game_id)
            await self._settle_and_present(game_id, game, game, [], rows, ClosingNote(STANDING_ORDER))

    async def reconcile_pause(self, record: GameRecord) -> tuple[GameRecord, Happening | None]:
        """``reconcile_in`` in a transaction of its own."""
        record, change = await self._store.transaction(lambda tx: self.reconcile_in(tx, record))
        if change is not None:
            self.timers_saved()
        return record, change

    async def reconcile_in(self, tx: Areas, record: GameRecord) -> tuple[GameRecord, Happening | None]:
        """R31: pause a game in play when every person's seat is away (or no person holds a seat any more),
        resume it when one is back; the happening to tell, if this changed it. A pause holds every timer but
        the one that ends it at the end of the earliest announced absence (``resume``). Part of the caller's
        unit of work ``tx``: the pause and its timer are saved together, with the change that caused them."""
        now = self._now()
        if record.status is not Status.PLAYING:
            return record, None
        nobody = not record.human_seats
        away = nobody or record.all_humans_away(now)
        if away == record.paused:
            return record, None
        if not await tx.set_paused(record.id, away, now, keep_kinds=(RESUME,)):
            return await tx.load_game(record.id), None
        ends = [s.away_until for s in record.human_seats if s.away_until is not None and s.away_until > now]
        if away and ends:
            await tx.add_timer(record.id, NewTimer(RESUME, min(ends)), now)
        return await tx.load_game(record.id), Paused(away, nobody)

    async def retime(self, record: GameRecord) -> None:
        """``retime_in`` in a transaction of its own."""
        await self._store.transaction(lambda tx: self.retime_in(tx, record))
        self.timers_saved()

    async def retime_in(self, tx: Areas, record: GameRecord) -> None:
        """Replace the game's timers after a seat changed (away, back, handed over, resigned), under the
        game's lock: the turn clock runs on; who is played for, warned and reminded follows the seats. Part
        of the caller's unit of work ``tx``: the new timers and the old ones' deletion are saved together."""
        if record.status is not Status.PLAYING:
            return
        now = self._now()
        rows = await tx.timers(record.id)
        game = record.game()
        # a decision keeps its deadline (R35: not stretched, nor restarted, by a change of seats), and its
        # reminders and last call follow it as if the seat had never been away from now on; a row a pause
        # holds keeps the time held so far (the new row is held from now, or released now, as the old)
        decided = next(
            (
                t.due_at + (0 if t.held_since is None else max(0, now - t.held_since))
                for t in rows
                if t.kind == DEADLINE and t.seat == game.to_act and t.payload.get("version") == record.version
            ),
            None,
        )
        clock = clock_of(rows, now)
        for timer in plan(record, game, record.version, now, clock, self._pause, decided):
            await tx.add_timer(record.id, timer, now)
        for row in rows:
            if row.kind != RESUME:
                await tx.delete_timer(row.id)

    def timers_saved(self) -> None:
        """Timers were saved (after a unit of work commits): the timer loop looks again."""
        self._on_timers_saved()

    async def catch_up(self, record: GameRecord) -> None:
        """Show the version of a game that was saved but never shown, once (a crash between the save and the
        presentation); nothing to do, and no query, when ``record`` says it was shown. Failures are logged."""
        if not record.needs_presenting:
            return
        async with self.lock_for(record.id):
            try:
                record = await self._store.load_game(record.id)  # it may have been shown while we waited
            except Exception:
                log.exception("game %s: could not load it to show what was missed", record.id)
                return
            if record.needs_presenting:
                await self._catch_up_locked(record)

    async def _catch_up_locked(self, record: GameRecord) -> None:
        try:
            actions = await self._store.actions(record.id)
            before, game, story = await asyncio.to_thread(missed_since, record, actions)
            log.info(
                "game %s: showing version %s (last shown: %s)",
                record.id,
                record.version,
                record.presented_version,
            )
            await self._presenter.present(record, before, game, flatten(story))
        except Exception:
            log.exception(
                "game %s: showing version %s, saved but not shown, failed", record.id, record.version
            )

    async def present_missed(self, shards: Shards | None = None) -> None:
        """At start-up: show every game saved but not shown, once each (a game whose showing fails is tried
        again at its next touch, not in a loop here); with ``shards``, only the games of those shards'
        servers (another process runs the others)."""
        tried: set[int] = set()
        while True:
            try:
                batch = await self._store.games_to_present(limit=len(tried) + PRESENT_BATCH)
            except Exception:
                log.exception("could not list the games saved but not shown")
                return
            fresh = [r for r in batch if r.id not in tried]
            if not fresh:
                return
            for record in fresh:
                tried.add(record.id)
                if shards is None or shards.serves(record.guild_id):
                    await self.catch_up(record)

    async def answer_prompt(self, prompt: PromptChoice, user_id: int) -> None:
        """A click on a prompt button, whatever its custom_id says: it plays only a decision, and only at the
        version the prompt was sent for (a turn action is played in the game's channel, never by a button)."""
        action = decision_of(prompt.choice)
        if prompt.game_id is None or prompt.version is None:
            raise UserError(NOT_A_PROMPT)
        await self.act(
            prompt.game_id,
            action,
            user_id=user_id,
            expected_version=prompt.version,
            note=ClosingNote(YOU_CHOSE),
        )

    async def start_game(self, record: GameRecord) -> GameRecord:
        o = record.options
        seed = self._seeds()
        game = Game.start(o.settings(len(record.seats)), seed)
        now = self._now()
        started = await self._store.start_game(
            record.id, seed, dump(game), now, timers=plan(record, game, 0, now, None, self._pause)
        )
        self._on_timers_saved()
        try:  # started and saved: a failure to show it is logged, and it is shown at the next touch
            await self._presenter.present(started, None, game, [])
        except Exception:
            log.exception("game %s: presenting its start failed after it was saved", record.id)
        return started


def flatten(parts: Sequence[Story]) -> list[Event | Happening]:
    """The parts of a story, in order, as one."""
    return [item for part in parts for item in part]


# What /te board and /te status look at: the channel's lobby or game in play, else its last finished game.
LOOKABLE = (Status.LOBBY, Status.PLAYING, Status.FINISHED)


class ChannelGames:
    """The game a command sent in a channel is about; each lookup is one indexed query, and a game found
    with a version saved but not shown is shown first (``ActionPath.catch_up``)."""

    def __init__(self, store: Store, actions: ActionPath) -> None:
        self._store = store
        self._actions = actions

    async def here(self, channel_id: int | None) -> GameRecord:
        """The channel's lobby or game in play."""
        record = await self._store.game_in_channel(channel_id or 0)
        if record is None:
            raise UserError(NO_GAME)
        await self._actions.catch_up(record)
        return record

    async def playing_here(self, channel_id: int | None) -> GameRecord:
        record = await self.here(channel_id)
        if record.status is not Status.PLAYING:
            raise UserError(NOT_STARTED)
        return record

    async def latest_here(self, channel_id: int | None, *, lobby: bool = False) -> GameRecord:
        """The channel's game in play, else the last one it finished (to look at its final board); its lobby
        only if ``lobby``, else a refusal. One indexed query, whatever the number of games stored."""
        record = await self._store.latest_game_in_channel(channel_id or 0, statuses=LOOKABLE)
        if record is None:
            raise UserError(NO_GAME)
        if record.status is Status.LOBBY and not lobby:
            raise UserError(NOT_STARTED)
        await self._actions.catch_up(record)
        return record
