"""Seats over weeks: announced absences and comebacks (R31), seats handed over and resignations (R33).

Each change is made under the game's lock, like an action, and saved in ONE transaction: the store changes
the seat, the game's timers follow the new seats (``ActionPath.retime_in``: who is played for, reminded and
warned), the game pauses when every person is away and goes on when one is back
(``ActionPath.reconcile_in``). Then the channel gets one line and the DMs change: a replaced or resigned
player's hand panel says the seat is no longer theirs (their old buttons and commands are refused by the
action path), the new holder gets a welcome and the seat's screen, and a prompt or turn DM if the game waits
on the seat.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence
from typing import Any

from bot import texts
from bot.core import Clock, UserError, unix_time
from bot.language import game_words
from bot.play import NO_LONGER_YOURS, NOT_IN_PLAY, ActionPath, seat_of_player
from bot.present import About, DmKind, Presenter, due_of, players_of
from bot.texts import ClosingNote
from engine import Phase
from i18n import N_, Words
from storage import (
    MAX_AWAY_HOURS,
    AbsenceLengthError,
    AlreadySeatedError,
    Areas,
    GameRecord,
    NotAwayError,
    NotSeatedError,
    SeatUnchangedError,
    Status,
    Store,
    Transaction,
)

ABSENCE_LENGTH = N_("An absence lasts 1 to {hours} hours (14 days).")


class SeatDesk:
    """The seat commands' work: ``/te seat away``, ``back``, ``replace`` and ``resign``."""

    def __init__(self, store: Store, presenter: Presenter, actions: ActionPath, clock: Clock) -> None:
        self._store = store
        self._presenter = presenter
        self._actions = actions
        self._clock = clock

    def _now(self) -> int:
        return unix_time(self._clock)

    async def _playing(self, game_id: int) -> GameRecord:
        record = await self._store.load_game(game_id)
        if record.status is not Status.PLAYING:
            raise UserError(NOT_IN_PLAY)
        return record

    async def _own_seat(self, game_id: int, user_id: int) -> tuple[GameRecord, int]:
        """The game in play and the seat the user holds in it (under the game's lock)."""
        record = await self._playing(game_id)
        return record, await seat_of_player(self._store, record, user_id)

    async def _change(
        self, change: Callable[[Areas], Awaitable[GameRecord]]
    ) -> tuple[GameRecord, texts.Happening | None]:
        """A seat's ``change``, then the game's timers following the seats and its pause or resume (R31), in
        ONE transaction: saved whole or not at all."""

        async def work(tx: Transaction) -> tuple[GameRecord, texts.Happening | None]:
            record = await change(tx)
            await self._actions.retime_in(tx, record)
            return await self._actions.reconcile_in(tx, record)

        result = await self._store.transaction(work)
        self._actions.timers_saved()
        return result

    async def away(self, game_id: int, user_id: int, hours: int, cover: bool, words: Words) -> str:
        """An announced absence of ``hours`` (R31): covered by the bot, or a vacation that stops the turn
        clock (R31a). Answers in ``words``, the asker's."""
        if not 1 <= hours <= MAX_AWAY_HOURS:
            raise UserError(ABSENCE_LENGTH, hours=MAX_AWAY_HOURS)
        async with self._actions.lock_for(game_id):
            record, seat = await self._own_seat(game_id, user_id)
            now = self._now()
            until = now + hours * 3600
            try:
                record, change = await self._change(
                    lambda tx: tx.set_away(game_id, seat, now, until=until, cover=cover, user_id=user_id)
                )
            except AbsenceLengthError:
                raise UserError(ABSENCE_LENGTH, hours=MAX_AWAY_HOURS) from None
            names = await self._presenter.directory.names_for(record)
            line = texts.away_line(game_words(record), names[seat], until, cover, record.options.away_minutes)
            await self._tell(record, seat, line, change)
        if cover:
            return words.gettext(
                "You are away until <t:{until}:f>: your turns and decisions will be played for you {after}. "
                "Play a move or use `/te seat back` to come back sooner.",
                until=until,
                after=texts.minutes_words(words, record.options.away_minutes),
            )
        return texts.vacation_answer(words, until)

    async def back(self, game_id: int, user_id: int, words: Words) -> str:
        """The end of an absence (R31), announced or after a time-out."""
        async with self._actions.lock_for(game_id):
            record, seat = await self._own_seat(game_id, user_id)
            now = self._now()
            try:
                record, change = await self._change(
                    lambda tx: tx.set_back(game_id, seat, now, user_id=user_id)
                )
            except NotAwayError:
                raise UserError("You are not away in this game.") from None
            names = await self._presenter.directory.names_for(record)
            await self._tell(record, seat, texts.CameBack(seat).line(game_words(record), names), change)
            game = record.game()
            # their turn waits on them: its deadline, as usual again; a decision keeps its deadline and its
            # prompt (edited above: no computer answers for them now, R35)
            if record.seat_to_act == seat and game.phase is Phase.ACTION:
                due = await due_of(self._store, record, self._now())
                await self._presenter.prompts.tell_turn(record, game, names, due)
        return words.gettext("Welcome back: your deadlines are the usual ones again.")

    async def replace(
        self, game_id: int, by_user_id: int, old_user_id: int, new_user_id: int | None, words: Words
    ) -> str:
        """R33: hand the seat of ``old_user_id`` (or the seat they resigned) to ``new_user_id``, or to the
        computer player when None. Who may do it is the surface's to check. Answers in ``words``."""
        async with self._actions.lock_for(game_id):
            record = before_record = await self._playing(game_id)
            seat = await self._seat_to_hand_over(record, old_user_id)
            before = record.seat_record(seat)
            names = await self._presenter.directory.names_for(record)
            now = self._now()
            level = record.options.computer_level if new_user_id is None else None
            try:
                record, change = await self._change(
                    lambda tx: tx.replace_seat(
                        game_id, seat, user_id=new_user_id, level=level, by_user_id=by_user_id, now=now
                    )
                )
            except AlreadySeatedError:
                raise UserError("<@{user}> already has a seat in this game.", user=new_user_id) from None
            except SeatUnchangedError:
                raise UserError("The computer player already plays that seat.") from None
            new_names = await self._presenter.directory.names_for(record)
            channel = game_words(record)
            by = await self._presenter.directory.name_of(
                record, by_user_id, channel.gettext("A server manager")
            )
            if before is not None and before.user_id is not None:
                facts = {"holder": seat, "computer": new_user_id is None}
                await self._release(record, before.user_id, About(DmKind.NO_LONGER_YOURS, seat, facts))
            if new_user_id is not None:  # their welcome carries the seat's hand
                former: dict[str, Any] = {"former": names[seat]}
                if (person := players_of(before_record).get(seat)) is not None:
                    former["former_user"] = person  # named in the reader's words if Discord will not
                welcome = About(DmKind.TAKEN_OVER, seat, former)
                await self._presenter.prompts.send_to_seat(record, welcome, optional=False)
            handed = channel.gettext(
                "{by} handed {name}'s seat to {to}.",
                by=by,
                name=names[seat],
                to=new_holder(channel, new_names, seat, new_user_id),
            )
            await self._tell(record, seat, handed, change, hand=False)
            await self._show_seat(record, seat)
        return words.gettext(
            "{name}'s seat now belongs to {to}.",
            name=names[seat],
            to=new_holder(words, new_names, seat, new_user_id),
        )

    async def resign(self, game_id: int, user_id: int, words: Words) -> str:
        """R33: the player leaves; the computer player plays their seat, and their score still counts."""
        async with self._actions.lock_for(game_id):
            record, seat = await self._own_seat(game_id, user_id)
            now = self._now()
            try:
                record, change = await self._change(lambda tx: tx.resign_seat(game_id, user_id, now))
            except NotSeatedError:
                raise UserError(NO_LONGER_YOURS) from None
            names = await self._presenter.directory.names_for(record)
            await self._release(record, user_id, About(DmKind.RESIGNED, seat))
            line = game_words(record).gettext(
                "{name} resigned; the computer player plays their seat from now on, and their score still "
                "counts.",
                name=names[seat],
            )
            await self._tell(record, seat, line, change)
        return words.gettext(
            "You resigned; the computer player plays your seat, and your score still counts."
        )

    async def _seat_to_hand_over(self, record: GameRecord, old_user_id: int) -> int:
        """The seat ``old_user_id`` holds, or the one they resigned (now the computer player's)."""
        seat = record.seat_of(old_user_id)
        if seat is not None:
            return seat
        former = await self._store.former_seat_of(record.id, old_user_id)
        holder = None if former is None else record.seat_record(former.seat)
        if former is None or holder is None or not holder.is_computer:
            raise UserError("<@{user}> holds no seat in this game.", user=old_user_id)
        return former.seat

    async def _release(self, record: GameRecord, user_id: int, panel: About) -> None:
        """The old holder loses the seat's screen and its open prompt at once."""
        await self._presenter.prompts.close(record, ClosingNote(NO_LONGER_YOURS), user_id=user_id)
        await self._presenter.hands.release(record, user_id, panel)

    async def _tell(
        self, record: GameRecord, seat: int, line: str, change: texts.Happening | None, *, hand: bool = True
    ) -> None:
        """One channel line (with the pause or resume it caused); ``hand``: the hand in the seat's newest
        DM shows the seat's new mark."""
        names = await self._presenter.directory.names_for(record)
        if change is not None:
            line = f"{line} {change.line(game_words(record), names)}"
        await self._presenter.channel.announce(record, line)
        if hand and record.user_at(seat) is not None:
            due = await due_of(self._store, record, self._now())
            await self._presenter.hands.refresh(record, record.game(), seat, names, due)

    async def _show_seat(self, record: GameRecord, seat: int) -> None:
        """The new holder is prompted or told it is their turn, if the game waits on the seat."""
        if record.seat_to_act != seat or record.user_at(seat) is None:
            return
        names = await self._presenter.directory.names_for(record)
        due = await due_of(self._store, record, self._now())
        await self._presenter.prompts.tell_awaited(record, record.game(), names, due)


def new_holder(words: Words, names: Sequence[str], seat: int, user_id: int | None) -> str:
    """Who plays a seat handed over: its new player's name, or the computer player."""
    return names[seat] if user_id is not None else words.gettext("the computer player")
