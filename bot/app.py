"""The Discord bot: one path for every action (commands, buttons, expired deadlines), persistence
through storage, pictures through render, and timers as database rows.

Every action goes: load the saved game, apply it in memory with the engine (which checks it), save it
with the new position and timers in one transaction, then present it (channel board, DMs). Nothing is
saved unless the engine accepted the action, so a failure before the save leaves the saved game as it was.
"""

from __future__ import annotations

import asyncio
import contextlib
import io
import logging
import secrets
from collections.abc import Callable, Sequence
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

import render
from bot import narrate
from engine import Action, EngineError, Event, Game, Phase, PublicView, dump, player_view, public_view
from storage import (
    GameRecord,
    MessageKind,
    NewTimer,
    StaleVersionError,
    Status,
    Store,
    Timer,
    TimerKind,
)

log = logging.getLogger("bot")

Clock = Callable[[], datetime]


class UserError(Exception):
    """An expected refusal: its message is one sentence for the user who asked, shown privately."""


def engine_sentence(exc: EngineError) -> str:
    text = str(exc)
    text = text[0].upper() + text[1:] if text else "That is not possible now"
    return text if text.endswith((".", "!", "?")) else text + "."


# Discord stamps a command with its own clock, which may differ from ours by a fraction of a second; nobody
# sees a move's result and sends the same command again within this window.
DOUBLE_SUBMIT_WINDOW = timedelta(seconds=2)


class TigrisBot(commands.Bot):
    def __init__(
        self,
        database_path: str | Path,
        *,
        clock: Clock = discord.utils.utcnow,
        dev_guild_id: int | None = None,
        seeds: Callable[[], int] | None = None,
    ) -> None:
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=discord.Intents.default(),
            allowed_mentions=discord.AllowedMentions.none(),
            help_command=None,
        )
        self.database_path = str(database_path)
        self.clock = clock
        self.dev_guild_id = dev_guild_id
        # where new games get their seed (R3); tests pass a fixed one
        self.seeds = seeds or (lambda: secrets.randbits(48))
        self._store: Store | None = None
        self._locks: dict[int, asyncio.Lock] = {}
        self._names: dict[int, str] = {}
        # per game: the seat, action and time of the last action a player sent, to spot a double submit
        self._last_sent: dict[int, tuple[int, Action, datetime]] = {}
        self._timer_sleeping = False
        self._timers_changed = False
        self._timer_task: asyncio.Task[None] | None = None

    # ------------------------------------------------------------------------------------ lifecycle

    @property
    def store(self) -> Store:
        if self._store is None:
            raise RuntimeError("the store is opened in setup_hook")
        return self._store

    async def setup_hook(self) -> None:
        from bot.buttons import ChoiceButton
        from bot.commands import te_group

        self._store = await Store.open(self.database_path)
        self.tree.add_command(te_group)
        self.tree.error(self.on_app_command_error)
        self.add_dynamic_items(ChoiceButton)  # prompt buttons keep working after a restart
        if self.dev_guild_id:
            guild = discord.Object(id=self.dev_guild_id)
            self.tree.copy_global_to(guild=guild)
            await self.tree.sync(guild=guild)
        else:
            await self.tree.sync()
        self._timer_task = asyncio.create_task(self._timer_loop(), name="tigris-timers")

    async def close(self) -> None:
        if self._timer_task is not None:
            self._timer_task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._timer_task
        await super().close()
        if self._store is not None:
            await self._store.close()
            self._store = None

    def now(self) -> int:
        return int(self.clock().timestamp())

    def lock_for(self, game_id: int) -> asyncio.Lock:
        return self._locks.setdefault(game_id, asyncio.Lock())

    # --------------------------------------------------------------------------------- errors

    async def on_app_command_error(
        self, interaction: discord.Interaction, error: app_commands.AppCommandError
    ) -> None:
        original = getattr(error, "original", error)
        if isinstance(original, UserError):
            await reply_private(interaction, str(original))
            return
        if isinstance(error, app_commands.CheckFailure):
            await reply_private(interaction, "You cannot use this command here.")
            return
        command = interaction.command.qualified_name if interaction.command else "?"
        log.error(
            "unexpected error in /%s by user %s in channel %s",
            command,
            interaction.user.id,
            interaction.channel_id,
            exc_info=original,
        )
        await reply_private(interaction, "Sorry, something went wrong; the game is as it was before.")

    # ---------------------------------------------------------------------------------- games

    async def game_here(self, channel_id: int | None) -> GameRecord:
        record = await self.store.game_in_channel(channel_id or 0)
        if record is None:
            raise UserError("There is no game in this channel: open one with /te new.")
        return record

    async def latest_here(self, guild_id: int | None, channel_id: int | None) -> GameRecord:
        """The channel's game in play, else the last one it had (to look at a finished board)."""
        record = await self.store.game_in_channel(channel_id or 0)
        if record is None:
            ended = await self.store.games_of_guild(guild_id or 0, statuses=(Status.FINISHED,))
            ended = [r for r in ended if r.channel_id == channel_id]
            if not ended:
                raise UserError("There is no game in this channel: open one with /te new.")
            record = max(ended, key=lambda r: r.id)
        if record.status is Status.LOBBY:
            raise UserError("The game here has not started yet: the creator starts it with /te start.")
        return record

    async def playing_here(self, channel_id: int | None) -> GameRecord:
        record = await self.game_here(channel_id)
        if record.status is not Status.PLAYING:
            raise UserError("The game here has not started yet: the creator starts it with /te start.")
        return record

    async def act(
        self,
        game_id: int,
        action: str,
        *,
        user_id: int | None = None,
        expected_version: int | None = None,
        sent_at: datetime | None = None,
        note: str = "This decision is closed.",
    ) -> None:
        """Apply one action (a player's, or the default when ``user_id`` is None) and present it.

        ``sent_at`` is when the player sent a slash command: the same command sent again before the first one
        was applied, or within ``DOUBLE_SUBMIT_WINDOW`` after it, is a double submit (slash commands carry no
        version, unlike buttons) and is refused.
        ``note`` is appended to the open decision prompt when this action closes it."""
        async with self.lock_for(game_id):
            record = await self.store.load_game(game_id)
            if record.status is not Status.PLAYING:
                raise UserError("This game is not in play any more.")
            if expected_version is not None and record.version != expected_version:
                raise UserError("This decision is already closed.")
            before = record.game()
            game = before.copy()
            seat = game.to_act
            if user_id is not None:
                mine = record.seat_of(user_id)
                if mine is None:
                    raise UserError("You are not playing in this game.")
                seat = mine
            try:
                parsed = Action.parse(action)
                last = self._last_sent.get(game_id)
                if (
                    sent_at is not None
                    and last is not None
                    and last[:2] == (seat, parsed)
                    and sent_at < last[2] + DOUBLE_SUBMIT_WINDOW
                ):
                    raise UserError(
                        f"You sent `{parsed}` twice at once, so it was played once; send it again "
                        "if you meant to play it twice."
                    )
                events = game.apply(parsed, seat=seat)
            except EngineError as exc:
                raise UserError(engine_sentence(exc)) from None
            assert seat is not None
            try:
                await self.store.append_action(
                    game_id,
                    record.version,
                    seat,
                    parsed.text,
                    dump(game),
                    self.now(),
                    timers_to_delete="all",
                    timers_to_add=self._timers_for(record, game, record.version + 1),
                )
            except StaleVersionError:
                raise UserError(
                    "Someone else acted at the same moment; look at the board and try again."
                ) from None
            self._wake_timers()
            if user_id is not None:
                self._last_sent[game_id] = (seat, parsed, self.clock())
            try:  # saved: from here on a failure is logged, never reported as "nothing changed"
                record = await self.store.load_game(game_id)
                await self.present(record, before, game, events, note)
            except Exception:
                log.exception("game %s: presenting action %r failed after it was saved", game_id, action)

    def _timers_for(self, record: GameRecord, game: Game, version: int) -> list[NewTimer]:
        """A reminder for whoever the game waits on, and a deadline if that is a decision."""
        if game.is_over or game.to_act is None:
            return []
        now = self.now()
        options = record.options
        payload = {"version": version}
        timers = [
            NewTimer(TimerKind.REMINDER, now + round(options.reminder_hours * 3600), game.to_act, payload)
        ]
        if game.phase is not Phase.ACTION:
            due = now + round(options.conflict_hours * 3600)
            timers.append(NewTimer(TimerKind.DEADLINE, due, game.to_act, payload))
        return timers

    async def start_game(self, record: GameRecord) -> GameRecord:
        o = record.options
        seed = self.seeds()
        game = Game.new(len(record.seats), seed, o.board, o.english, o.open_scoring)
        started = await self.store.start_game(
            record.id, seed, dump(game), self.now(), timers=self._timers_for(record, game, 0)
        )
        self._wake_timers()
        await self.present(started, None, game, [])
        return started

    async def deadline_of(self, record: GameRecord) -> int | None:
        timers = await self.store.timers(record.id)
        return next((t.due_at for t in timers if t.kind == TimerKind.DEADLINE), None)

    # ----------------------------------------------------------------------------- presenting

    async def names_for(self, record: GameRecord) -> list[str]:
        names = []
        guild = self.get_guild(record.guild_id)
        for seat in record.seats:
            name = self._names.get(seat.user_id)
            if name is None:
                member = guild.get_member(seat.user_id) if guild else None
                user: discord.abc.User | None = member or self.get_user(seat.user_id)
                if user is None:
                    with contextlib.suppress(discord.HTTPException):
                        user = await self.fetch_user(seat.user_id)
                name = user.display_name if user else f"player {seat.seat + 1}"
                self._names[seat.user_id] = name
            names.append(name)
        return names

    def remember_name(self, user: discord.abc.User) -> None:
        self._names[user.id] = user.display_name

    async def channel_of(self, record: GameRecord) -> discord.abc.Messageable | None:
        channel = self.get_channel(record.channel_id)
        if channel is None:
            try:
                channel = await self.fetch_channel(record.channel_id)
            except discord.HTTPException:
                log.warning("game %s: channel %s is gone", record.id, record.channel_id)
                return None
        return channel if isinstance(channel, discord.abc.Messageable) else None

    async def present(
        self,
        record: GameRecord,
        before: Game | None,
        game: Game,
        events: list[Event],
        note: str = "This decision is closed.",
    ) -> None:
        """Show what happened: the board in the channel, hand panels and prompts in DMs.

        The game is already saved: a failure here is logged and the rest still runs."""
        names = await self.names_for(record)
        view = public_view(game)
        try:
            await self._post_board(record, view, names, events)
        except Exception:
            log.exception("game %s: posting the board of version %s failed", record.id, record.version)
        link = await self.game_link(record)  # to the board just posted, for every DM below
        for step in (
            self._update_hands(record, before, game, names, link),
            self._notify_next(record, before, game, names, note, link),
        ):
            try:
                await step
            except Exception:
                log.exception("game %s: presenting version %s failed", record.id, record.version)
        if game.is_over:
            try:
                await self._post_final(record, view, names)
            except Exception:
                log.exception("game %s: posting the final standings failed", record.id)

    async def _post_board(
        self, record: GameRecord, view: PublicView, names: list[str], events: Sequence[Event]
    ) -> None:
        channel = await self.channel_of(record)
        if channel is None:
            return
        lines = narrate.describe_events(events, names) if events else [self._start_line(record, names)]
        next_user = record.user_to_act
        mentioned = list(names)
        if next_user is not None and view.to_act is not None:
            mentioned[view.to_act] = f"<@{next_user}>"  # the one player pinged: the one to act
        waiting = narrate.awaited(view, mentioned)
        if next_user is not None and view.phase is not Phase.ACTION:
            deadline = await self.deadline_of(record)
            waiting += f" Prompt sent by DM; deadline <t:{deadline}:R>."
        content = "\n".join([*lines, waiting])[:2000]
        png = await asyncio.to_thread(
            render.board_png,
            view,
            names=names,
            changed=render.changed_squares(events),
            removed=render.removed_squares(events),
            highlight=conflict_squares(view),
        )
        mentions = discord.AllowedMentions(users=[discord.Object(next_user)] if next_user else False)
        message = await channel.send(
            content, file=discord.File(io.BytesIO(png), "board.png"), allowed_mentions=mentions
        )
        await self.store.remember_message(
            record.id, MessageKind.BOARD, message.channel.id, message.id, self.now()
        )

    def _start_line(self, record: GameRecord, names: list[str]) -> str:
        seats = ", ".join(f"{names[s.seat]} ({narrate.DYNASTIES[s.seat]})" for s in record.seats)
        o = record.options
        extras = [o.board + " board"]
        if o.english:
            extras.append("English variant")
        if o.open_scoring:
            extras.append("open scoring")
        return f"**The game begins** ({', '.join(extras)}). Players in order: {seats}."

    async def _update_hands(
        self, record: GameRecord, before: Game | None, game: Game, names: list[str], link: str
    ) -> None:
        for seat in record.seats:
            if (
                before is not None
                and not game.is_over
                and _screen(before, seat.seat) == _screen(game, seat.seat)
            ):
                continue
            try:
                await self.update_hand_panel(record, game, seat.seat, names, link)
            except discord.HTTPException as exc:
                log.warning("game %s: hand panel of user %s not updated: %s", record.id, seat.user_id, exc)

    async def update_hand_panel(
        self, record: GameRecord, game: Game, seat: int, names: list[str], link: str
    ) -> None:
        """Edit the player's hand panel DM (or send it the first time), so it is never stale."""
        user_id = record.user_at(seat)
        assert user_id is not None
        pv = player_view(game, seat)
        content = narrate.hand_text(pv, link)
        png = await asyncio.to_thread(render.hand_png, pv, names=names)
        file = discord.File(io.BytesIO(png), "hand.png")
        ref = await self.store.message(record.id, MessageKind.HAND, user_id=user_id)
        user = await self._user(user_id)
        dm = await user.create_dm()
        if ref is not None:
            try:
                await dm.get_partial_message(ref.message_id).edit(content=content, attachments=[file])
                return
            except discord.NotFound:
                pass
        message = await dm.send(content, file=file)
        await self.store.remember_message(
            record.id, MessageKind.HAND, dm.id, message.id, self.now(), user_id=user_id
        )

    async def game_link(self, record: GameRecord) -> str:
        """A link for DMs: to the game's latest board message, else to its channel."""
        board = await self.store.message(record.id, MessageKind.BOARD)
        return _jump(record, board.message_id) if board else f"<#{record.channel_id}>"

    async def _user(self, user_id: int) -> discord.User:
        user = self.get_user(user_id)
        return user if isinstance(user, discord.User) else await self.fetch_user(user_id)

    async def _notify_next(
        self, record: GameRecord, before: Game | None, game: Game, names: list[str], note: str, link: str
    ) -> None:
        await self.close_prompts(record, note)
        if game.is_over or game.to_act is None:
            return
        user_id = record.user_at(game.to_act)
        assert user_id is not None
        if game.phase is not Phase.ACTION:
            await self.send_prompt(record, game, names, link)
            return
        if before is None or before.to_act != game.to_act:  # the game has come (back) to this player
            user = await self._user(user_id)
            with contextlib.suppress(discord.Forbidden):
                left = "2 actions" if game.actions_left == 2 else "1 action"
                await user.send(f"It is your turn in {link} (turn {game.turn}, {left} left).")

    async def send_prompt(self, record: GameRecord, game: Game, names: list[str], link: str) -> None:
        from bot.buttons import prompt_view

        seat = game.to_act
        assert seat is not None
        user_id = record.user_at(seat)
        assert user_id is not None
        deadline = await self.deadline_of(record) or self.now()
        pv = player_view(game, seat)
        text = narrate.prompt_text(pv, names, link, deadline)
        user = await self._user(user_id)
        try:
            message = await user.send(text, view=prompt_view(record.id, record.version, pv.choices))
        except discord.Forbidden:
            log.warning("game %s: cannot DM the prompt to user %s", record.id, user_id)
            return
        await self.store.remember_message(
            record.id, MessageKind.PROMPT, message.channel.id, message.id, self.now(), user_id=user_id
        )

    async def close_prompts(self, record: GameRecord, note: str) -> None:
        """Take the buttons off prompts whose decision is over (answered, expired or abandoned)."""
        for ref in await self.store.messages(record.id, MessageKind.PROMPT):
            try:
                channel = self.get_channel(ref.channel_id) or await self.fetch_channel(ref.channel_id)
                if isinstance(channel, discord.abc.Messageable):
                    message = await channel.fetch_message(ref.message_id)
                    await message.edit(content=f"{message.content}\n*{note}*", view=None)
            except discord.HTTPException as exc:  # a stale button still answers that it is closed
                log.warning("game %s: prompt %s not closed: %s", record.id, ref.message_id, exc)
            await self.store.forget_message(record.id, MessageKind.PROMPT, user_id=ref.user_id)

    async def _post_final(self, record: GameRecord, view: PublicView, names: list[str]) -> None:
        channel = await self.channel_of(record)
        if channel is None:
            return
        png = await asyncio.to_thread(render.scores_png, view, names=names)
        await channel.send(
            narrate.standings_text(view, names), file=discord.File(io.BytesIO(png), "scores.png")
        )

    # ---------------------------------------------------------------------------------- timers

    IDLE_SLEEP = 86400  # with no timer at all, look again once a day

    async def _timer_loop(self) -> None:
        """One task sleeps until the earliest timer row is due, fires it, and goes on (RoboDanny's
        reminders). ``_wake_timers`` restarts it when a sooner timer may have been added."""
        await self.wait_until_ready()
        while not self.is_closed():
            try:
                self._timers_changed = False
                upcoming = await self.store.next_due(1)
                now = self.now()
                if upcoming and upcoming[0].due_at <= now:
                    for timer in await self.store.due_timers(now):
                        await self._fire(timer)
                    continue
                delay = upcoming[0].due_at - now if upcoming else self.IDLE_SLEEP
                if self._timers_changed:
                    continue  # a timer was saved while we were reading: read again
                self._timer_sleeping = True
                try:
                    await asyncio.sleep(delay)
                finally:
                    self._timer_sleeping = False
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("the timer loop failed; retrying in a minute")
                await asyncio.sleep(60)

    def _wake_timers(self) -> None:
        """New timers were saved: if the loop is asleep, restart it so it sleeps until the right time.
        A loop busy firing a timer is left alone; it reads the table again when done."""
        self._timers_changed = True
        task = self._timer_task
        if task is not None and self._timer_sleeping and not task.done():
            task.cancel()
            self._timer_task = asyncio.create_task(self._timer_loop(), name="tigris-timers")

    async def _fire(self, timer: Timer) -> None:
        version = int(timer.payload.get("version", -1))
        try:
            if timer.kind == TimerKind.DEADLINE:
                await self._expire(timer, version)
            elif timer.kind == TimerKind.REMINDER:
                await self._remind(timer, version)
            else:
                await self.store.delete_timer(timer.id)
        except UserError as exc:  # the decision was taken meanwhile
            log.info("timer %s of game %s: %s", timer.id, timer.game_id, exc)
            await self.store.delete_timer(timer.id)

    async def _expire(self, timer: Timer, version: int) -> None:
        record = await self.store.load_game(timer.game_id)
        game = record.game()
        default = game.default_action()
        if record.version != version or default is None:
            await self.store.delete_timer(timer.id)
            return
        log.info("game %s: deadline passed, applying %r", record.id, default.text)
        note = f"Time ran out: {narrate.choice_label(default.text)}."
        await self.act(record.id, default.text, expected_version=version, note=note)

    async def _remind(self, timer: Timer, version: int) -> None:
        record = await self.store.load_game(timer.game_id)
        if record.status is not Status.PLAYING or record.version != version or timer.seat is None:
            await self.store.delete_timer(timer.id)
            return
        user_id = record.user_at(timer.seat)
        link = await self.game_link(record)
        names = await self.names_for(record)
        text = narrate.awaited(public_view(record.game()), names)
        if user_id is not None:
            user = await self._user(user_id)
            with contextlib.suppress(discord.Forbidden):
                await user.send(f"Reminder: {link} is waiting for you. {text}")
        await self.store.reschedule_timer(timer.id, self.now() + round(record.options.reminder_hours * 3600))


def conflict_squares(view: PublicView) -> frozenset[int]:
    """During a revolt or war, the tiles that count for each side are marked on the board."""
    c = view.conflict
    return frozenset() if c is None else frozenset(c.attacker_supporters) | frozenset(c.defender_supporters)


def _screen(game: Game, seat: int) -> tuple[object, ...]:
    """What a player's hand panel shows; the panel is edited only when this changes."""
    return (
        tuple(game.hands[seat]),
        tuple(game.points[seat]),
        game.treasures_held[seat],
        game.catastrophes[seat],
        tuple(game.leaders_in_supply(seat)),
    )


def _jump(record: GameRecord, message_id: int) -> str:
    """A masked link to the game's latest board, for DMs."""
    return f"[this game](https://discord.com/channels/{record.guild_id}/{record.channel_id}/{message_id})"


async def reply_private(interaction: discord.Interaction, text: str, **kwargs: Any) -> None:
    """Answer only the user who asked, whether or not the interaction was answered already."""
    try:
        if interaction.response.is_done():
            await interaction.followup.send(text, ephemeral=True, **kwargs)
        else:
            await interaction.response.send_message(text, ephemeral=True, **kwargs)
    except discord.HTTPException:
        log.warning("could not answer interaction %s", interaction.id, exc_info=True)


def create_bot(
    database_path: str | Path = "tigris.db",
    *,
    clock: Clock = discord.utils.utcnow,
    dev_guild_id: int | None = None,
    seeds: Callable[[], int] | None = None,
) -> TigrisBot:
    """Build the bot; its setup_hook opens the database, syncs the commands, re-registers the prompt
    buttons and resumes the timers. ``clock`` and ``seeds`` are for tests."""
    return TigrisBot(database_path, clock=clock, dev_guild_id=dev_guild_id, seeds=seeds)
