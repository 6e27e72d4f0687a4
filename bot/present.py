"""Presentation: what players see of a game, in the channel and in their DMs.

After an action is saved, ``Presenter.present`` posts one message for it in the channel, sends the DMs it
calls for, and records the version shown. The game is already saved by then: a failure here is logged and
the rest still runs. Each step (the post, each DM, each hand edit) is recorded as it completes, so a version
shown again after a crash does only the steps not done (``bot.steps``). Prompt buttons are plain buttons with
a ``custom_ids`` id; the Discord surface handles their clicks.

Notifications with intent (issue 10):

- The channel gets one message per action, with the board picture only when the action ends a turn, starts
  or ends a conflict, or ends the game (and at the start); other actions get lines of text. Each post is
  remembered (``Store.add_post``): the turn DM's catch-up and ``/te log`` link to it.
- A mention only for a person whose input is now awaited, who did not just act, who is not told by DM
  right now anyway (a turn DM, a prompt), and at most once per person per turn. The end of the game
  mentions every player once.
- DMs (``Prompts``, through ``DirectMessages``): the turn DM (with what happened since the player's last
  turn), decision prompts, the end of the game; with ``dm: all`` also a line when another player's move hits
  the player's pieces; ``dm: none`` leaves prompts only. Every DM names its game and, while it is in play,
  carries the player's current hand: the hand of the DM before is cut to one line pointing to the newest.
- A DM that fails because the player's DMs are closed is said once in the channel, mentioning them, until a
  DM to them works again.
"""

from __future__ import annotations

import asyncio
import contextlib
import io
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass, field, replace
from enum import StrEnum
from functools import partial
from typing import Any

import discord

import render
from bot import metrics, permissions, texts
from bot.core import Clock, log, unix_time
from bot.custom_ids import choice_id
from bot.deadlines import DEADLINE, TURN, Due, awaited_due, covered, on_vacation
from bot.language import game_words, people_words
from bot.steps import SHOWING, Showing
from engine import (
    COLOURS,
    Action,
    Colour,
    Event,
    Game,
    Kind,
    Phase,
    PlayerView,
    PublicView,
    dump,
    load,
    player_view,
    public_view,
)
from i18n import N_, Words
from render import SeatMark, SeatNote
from storage import (
    DirectMessage,
    DmMode,
    GameRecord,
    MessageKind,
    PlayerSettings,
    Post,
    PresentationStep,
    Status,
    Store,
)

_BUTTON_STYLES = {
    Kind.COMMIT: discord.ButtonStyle.primary,
    Kind.POINT: discord.ButtonStyle.primary,
    Kind.DECLINE: discord.ButtonStyle.secondary,
}
# Event kinds after which the channel post carries the board picture: a turn ended, a conflict started or
# ended (the end of the game is told with the final board anyway).
_BOARD_EVENTS = frozenset({"turn", "revolt", "war", "revolt-won", "war-won"})
# Event kinds that hit another player's pieces, told to them with ``dm: all``.
_HITS = frozenset({"revolt", "war", "revolt-won", "war-won", "stranded"})
MAX_BUTTONS = 25  # Discord's limit on a message: five rows of five
# The step of showing a version (bot.steps) that is its post; a DM is dm:<user>, a hand edit hand:<user>.
POST_STEP = "post"
# How many of a game's newest posts are read to find the rows of the turn's post (a turn has two actions,
# each conflict of it a few decisions, some announcements).
TURN_POST_ROWS = 12
# Room kept for the hand section below a DM's own text (``texts.hand_text`` is about 200 characters).
_HAND_ROOM = 320
BUILT_IN_SETTINGS = PlayerSettings(DmMode.TURN, False)
MEMBER_NAME_AGE = 3600  # seconds a nickname asked of Discord is used before asking again
# Names when Discord will not say: a game's channel that is gone, a seat whose person it cannot name.
DELETED_CHANNEL = N_("a deleted channel")
A_PLAYER = N_("player {number}")
A_COMPUTER = N_("Bot ({level})")
COMPUTER_HOLDER = N_("the computer player")  # who plays a seat handed to the computer player (R33)


@dataclass(frozen=True)
class SeatNames:
    """A game's seats as Discord names them (None where it will not) and its computer seats' levels: the
    names, worded for a reader only when one is known (an engine refusal names a seat for whoever asked)."""

    known: tuple[str | None, ...]
    levels: tuple[str | None, ...]  # a computer player's level, None for a person's seat

    def worded(self, words: Words) -> list[str]:
        """One name per seat; "player 2" or "Bot (hard)" in ``words`` where no name is known."""
        names = []
        for seat, (name, level) in enumerate(zip(self.known, self.levels, strict=True)):
            if name is None and level is None:
                name = words.gettext(A_PLAYER, number=seat + 1)
            elif name is None:
                name = words.gettext(A_COMPUTER, level=level)
            names.append(name)
        return names


class Directory:
    """Finds the Discord side of a game: its players' display names, its channel, a user to write to, and
    the game's name as DMs and pictures give it."""

    def __init__(self, client: discord.Client) -> None:
        self._client = client
        self._names: dict[int, str] = {}
        # servers this process has no cache of (another shard's, issue 14: a DM about their game), asked once
        self._guild_names: dict[int, str] = {}
        # (server, user) -> (the member's server nickname or None, when asked): names on another shard's
        # servers (issue 21), asked again after MEMBER_NAME_AGE seconds
        self._member_names: dict[tuple[int, int], tuple[str | None, float]] = {}

    def remember(self, user: discord.abc.User) -> None:
        """Keep the name a user has on a server (a DM's user carries only their global name)."""
        if isinstance(user, discord.Member):
            self._names[user.id] = user.display_name

    @property
    def bot_user_id(self) -> int | None:
        """The bot's own user (None before it logged in)."""
        return self._client.user.id if self._client.user is not None else None

    async def seat_names(self, record: GameRecord) -> SeatNames:
        """What Discord calls each seat's person (asked once), to be worded for any reader."""
        people = players_of(record)
        bots = texts.computer_names(record.seats)
        names: list[str | None] = []
        levels: list[str | None] = []
        for seat in record.seats:
            person = people.get(seat.seat)
            if person is None:  # a computer player's seat (storage migration 0005)
                names.append(bots.get(seat.seat))
                levels.append(seat.level)
            else:
                names.append(await self.known_in(record.guild_id, person))
                levels.append(None)
        return SeatNames(tuple(names), tuple(levels))

    async def names_for(self, record: GameRecord, words: Words | None = None) -> list[str]:
        """One name per seat: its person's, a resigned seat's former player's (their score still counts,
        R33), or the computer player's. A seat Discord will not name is "player 2" in ``words``: the
        reader's (a DM, a reply), the game's by default (its channel and pictures)."""
        return (await self.seat_names(record)).worded(words or game_words(record))

    async def name_of(self, record: GameRecord, user_id: int, fallback: str) -> str:
        return await self.name_in(record.guild_id, user_id, fallback)

    async def name_in(self, guild_id: int, user_id: int, fallback: str) -> str:
        """A user's display name on a server (asking Discord if no cache knows it), else ``fallback``."""
        name = await self.known_in(guild_id, user_id)
        return fallback if name is None else name

    async def known_in(self, guild_id: int, user_id: int) -> str | None:
        """A user's display name on a server (asking Discord if no cache knows it), None if none is known."""
        if guild_id and self._client.get_guild(guild_id) is None:  # another shard's server
            nickname = await self._member_name(guild_id, user_id)
            if nickname is not None:
                return nickname
        name = self.known_name(guild_id, user_id)
        if name is None:
            with contextlib.suppress(discord.HTTPException):
                name = self._names[user_id] = (await self._client.fetch_user(user_id)).display_name
        return name

    async def _member_name(self, guild_id: int, user_id: int) -> str | None:
        """A member's display name on a server this process has no cache of (a DM of another shard's game,
        which Discord sends to shard 0), asked once per ``MEMBER_NAME_AGE``; None if Discord will not say."""
        now = asyncio.get_running_loop().time()
        known = self._member_names.get((guild_id, user_id))
        if known is not None and now - known[1] < MEMBER_NAME_AGE:
            return known[0]
        name = None
        with contextlib.suppress(discord.HTTPException):
            data = await self._client.http.get_member(guild_id, user_id)
            user = data.get("user") or {}
            name = data.get("nick") or user.get("global_name") or user.get("username")
        self._member_names[(guild_id, user_id)] = (name, now)
        return name

    def known_name(self, guild_id: int, user_id: int) -> str | None:
        """A user's display name from the caches only (for autocomplete, which cannot wait), or None."""
        name = self._names.get(user_id)
        if name is None:
            guild = self._client.get_guild(guild_id)
            member = guild.get_member(user_id) if guild else None
            user: discord.abc.User | None = member or self._client.get_user(user_id)
            if user is None:
                return None
            name = self._names[user_id] = user.display_name
        return name

    def guild_name(self, guild_id: int) -> str:
        guild = self._client.get_guild(guild_id)
        return guild.name if guild is not None else self._guild_names.get(guild_id, "Discord")

    def known_channel_name(self, channel_id: int) -> str | None:
        """A channel's or thread's name from the cache only, or None."""
        return getattr(self._client.get_channel(channel_id), "name", None)

    async def game_name(self, record: GameRecord, words: Words | None = None) -> str:
        """'Friends · #games · game 12': the server, the channel or thread, the game's number (``words``: the
        reader's, for a deleted channel; the game's by default)."""
        channel = self._client.get_channel(record.channel_id)
        if channel is None:
            with contextlib.suppress(discord.HTTPException):
                channel = await self._client.fetch_channel(record.channel_id)
        words = words or game_words(record)
        place = getattr(channel, "name", None) or words.gettext(DELETED_CHANNEL)
        guild_id = record.guild_id
        if guild_id and self._client.get_guild(guild_id) is None and guild_id not in self._guild_names:
            with contextlib.suppress(discord.HTTPException):  # on another shard: not in this process's cache
                self._guild_names[guild_id] = (await self._client.fetch_guild(guild_id)).name
        return texts.game_name(words, self.guild_name(record.guild_id), place, record.id)

    async def channel_of(self, record: GameRecord) -> discord.abc.Messageable | None:
        channel = self._client.get_channel(record.channel_id)
        if channel is None:
            try:
                channel = await self._client.fetch_channel(record.channel_id)
            except discord.HTTPException:
                log.warning("game %s: channel %s is gone", record.id, record.channel_id)
                return None
        return channel if isinstance(channel, discord.abc.Messageable) else None

    async def messageable(self, channel_id: int) -> discord.abc.Messageable | None:
        channel = self._client.get_channel(channel_id) or await self._client.fetch_channel(channel_id)
        return channel if isinstance(channel, discord.abc.Messageable) else None

    async def user(self, user_id: int) -> discord.User:
        user = self._client.get_user(user_id)
        return user if isinstance(user, discord.User) else await self._client.fetch_user(user_id)


class _GameMessages:
    """What each kind of message needs: the Discord side of games, the store, the clock."""

    def __init__(self, directory: Directory, store: Store, clock: Clock) -> None:
        self._directory = directory
        self._store = store
        self._clock = clock

    def _now(self) -> int:
        return unix_time(self._clock)


def _mentions(user_ids: Sequence[int]) -> discord.AllowedMentions:
    """Only these users are notified by a post's mentions (the bot's default notifies nobody)."""
    return discord.AllowedMentions(users=[discord.Object(u) for u in user_ids] or False)


class ChannelPosts(_GameMessages):
    """The game's public messages: one post per turn (edited as its actions come), announcements, the end of
    the game."""

    def __init__(self, directory: Directory, store: Store, clock: Clock) -> None:
        super().__init__(directory, store, clock)
        # per game: the turn and the people mentioned during it (at most once per person per turn); a restart
        # forgets it, which can cost one more mention in that turn
        self._mentioned: dict[int, tuple[int, set[int]]] = {}
        # games whose channel the bot cannot post in (game id -> server id), and the games whose stored state
        # this process has read (a restart learns it from the store at the game's next post)
        self._blocked: dict[int, int] = {}
        self._checked: set[int] = set()

    async def _postable(self, record: GameRecord) -> discord.abc.Messageable | None:
        """The game's channel if the bot may post there now (bot.permissions). Else None, after telling
        the game's creator once; the first post once the permissions are back shows the board again."""
        channel = await self._directory.channel_of(record)
        if channel is None:
            return None
        guild = getattr(channel, "guild", None)
        lacking = permissions.missing_in(channel, guild.me if isinstance(guild, discord.Guild) else None)
        if lacking:
            await self._lost(record, channel, lacking)
            return None
        if lacking is not None and await self._was_blocked(record):
            await self._came_back(record, channel)
        return channel

    async def _was_blocked(self, record: GameRecord) -> bool:
        if record.id not in self._checked:
            self._checked.add(record.id)
            if await self._store.message(record.id, MessageKind.NO_POSTING) is not None:
                self._blocked[record.id] = record.guild_id
        return record.id in self._blocked

    async def _lost(self, record: GameRecord, channel: object, lacking: Sequence[str]) -> None:
        """The bot cannot post in the game's channel: its creator gets one DM naming what is missing (the
        store remembers it was sent, across restarts); nothing is retried meanwhile."""
        log.warning("game %s: cannot post in channel %s (missing: %s)", record.id, record.channel_id, lacking)
        self._blocked[record.id] = record.guild_id
        self._checked.add(record.id)
        if await self._store.message(record.id, MessageKind.NO_POSTING) is not None:
            return
        place = getattr(channel, "name", None) or str(record.channel_id)
        words = (await people_words(self._store, [record.creator_id], record.language))[record.creator_id]
        name = await self._directory.game_name(record, words)
        text = permissions.lost_dm(name, place, lacking, words, thread=permissions.is_thread(channel))
        where = (0, 0)
        try:
            dm = await (await self._directory.user(record.creator_id)).send(text)
            where = (dm.channel.id, dm.id)
        except discord.HTTPException:
            log.warning("game %s: could not tell its creator that the bot cannot post", record.id)
        await self._store.remember_message(record.id, MessageKind.NO_POSTING, *where, self._now())

    async def _came_back(self, record: GameRecord, channel: discord.abc.Messageable) -> None:
        """The bot may post in the game's channel again: the game as it stands now, once."""
        if self._blocked.pop(record.id, None) is None:
            return  # another post got there first
        await self._store.forget_message(record.id, MessageKind.NO_POSTING)
        log.info("game %s: posting in channel %s again", record.id, record.channel_id)
        try:
            if record.status is not Status.PLAYING:
                words = game_words(record)
                back = words.gettext(permissions.BACK_LINE)
                await channel.send(f"{back} {texts.lobby_text(words, record)}")
                return
            game = record.game()
            view = public_view(game)
            names = await self._directory.names_for(record)
            due = await due_of(self._store, record, self._now())
            last = awaited_line(record, view, names, due, None)
            picture = await board_file(
                view, names, None, seat_notes(record, self._now()), words=game_words(record)
            )
            posts = await self._store.last_posts(record.id, 1)
            missed = record.version - posts[0].version if posts else record.version
            await channel.send(f"{permissions.back_board(missed, game_words(record))}\n{last}", file=picture)
        except discord.HTTPException:
            log.warning("game %s: the post after the permissions came back failed", record.id, exc_info=True)

    async def recheck(self, guild_id: int) -> None:
        """A server's channel, thread, role or the bot's member changed: post again in every game of it the
        bot could not post in, if it can now."""
        for game_id in [g for g, guild in self._blocked.items() if guild == guild_id]:
            try:
                await self._postable(await self._store.load_game(game_id))
            except Exception:
                log.exception("game %s: could not check whether the bot may post again", game_id)

    async def _send_line(
        self, record: GameRecord, channel: discord.abc.Messageable, text: str
    ) -> discord.Message | None:
        """Post ``text``; None if Discord refused it (a refused permission is remembered by ``_lost``)."""
        try:
            return await channel.send(text)
        except discord.Forbidden:
            await self._lost(record, channel, [])
        except discord.HTTPException:
            pass
        return None

    async def announce(self, record: GameRecord, text: str) -> str:
        """Post a line of text that notifies nobody, remembered for the catch-up while the game is in play;
        returns a note for the user if Discord refused the post."""
        channel = await self._postable(record)
        if channel is not None:
            message = await self._send_line(record, channel, text)
            if message is not None:
                if record.status is Status.PLAYING:
                    await self._remember(record, message, [text], None)
                return ""
        log.warning("game %s: cannot post in channel %s", record.id, record.channel_id)
        return texts.CANNOT_POST

    async def show_lobby(self, record: GameRecord, change: str) -> str:
        """The lobby's one message, edited as people join and leave (``change``: who did what); posted
        the first time, or again if it was deleted. Returns a note for the user if Discord refused it."""
        text = texts.lobby_post(game_words(record), record, change)
        ref = await self._store.message(record.id, MessageKind.LOBBY)
        if ref is not None:
            try:
                channel = await self._directory.messageable(ref.channel_id)
                if channel is not None:
                    lobby = await channel.fetch_message(ref.message_id)
                    await lobby.edit(content=text)
                    return ""
            except discord.HTTPException as exc:  # deleted: a new one is posted
                log.info("game %s: lobby message %s not edited: %s", record.id, ref.message_id, exc)
        channel = await self._postable(record)
        if channel is not None:
            posted = await self._send_line(record, channel, text)
            if posted is not None:
                await self._store.remember_message(
                    record.id, MessageKind.LOBBY, posted.channel.id, posted.id, self._now()
                )
                return ""
        log.warning("game %s: cannot post in channel %s", record.id, record.channel_id)
        return texts.CANNOT_POST

    def mention_once(self, record: GameRecord, turn: int, user_id: int) -> bool:
        """Whether ``user_id`` may be mentioned now: once per turn. Counts the mention."""
        known_turn, seen = self._mentioned.get(record.id, (turn, set()))
        if known_turn != turn:
            seen = set()
        if user_id in seen:
            return False
        self._mentioned[record.id] = (turn, seen | {user_id})
        return True

    async def post_action(
        self,
        record: GameRecord,
        before: Game | None,
        game: Game,
        names: list[str],
        story: texts.Story,
        due: Due | None,
        ping: int | None,
    ) -> Post | None:
        """The post of an action (or of several, shown together after they were missed), or the turn's post
        edited to add it (``_extend``): what happened, then what the game waits for, with the one mention
        (``ping``) if any; the board picture when it matters (``shows_board``). The end of the game: the final
        standings mentioning every player, with the final board and the scores. Returns the post as
        remembered, None if nothing was posted. Shown again after a crash (``SHOWING``), the post made before
        is returned, not made again."""
        showing = SHOWING.get()
        if showing is not None and (done := showing.done(POST_STEP)) is not None:
            return None if done.message_id is None else await self._store.post_of(record.id, done.message_id)
        channel = await self._postable(record)
        if channel is None:
            return None
        view = public_view(game)
        words = game_words(record)
        first = (view.active - view.turn + 1) % view.players  # the seat drawn to begin (R2)

        def told(reader: Words, named: list[str]) -> list[str]:
            start = [texts.start_line(reader, record, named, first)] if before is None else []
            return start + texts.describe_events(reader, story, named, open_scoring=view.open_scoring)

        lines = told(words, names)
        # The same lines in each other language its players read: their DMs quote the channel in theirs,
        # with the names Discord will not give in theirs too ("Spieler 2").
        readers = await people_words(self._store, players_of(record).values(), record.language)
        others = {r for r in readers.values() if r.language != words.language}
        translations: dict[str, list[str]] = {
            r.language: told(r, await self._directory.names_for(record, r)) for r in others
        }
        notes = seat_notes(record, self._now())
        if game.is_over:
            people = players_of(record)
            players = list(people.values())
            labels = [f"<@{people[s]}>" if s in people else name for s, name in enumerate(names)]
            resigned = [s.seat for s in record.seats if s.resigned]
            last = texts.standings_text(words, view, labels, resigned)
            files = [
                await board_file(view, names, shown_events(story), notes, words=game_words(record)),
                await scores_file(view, names, resigned, words=game_words(record)),
            ]
        else:
            if not lines and ping is None:
                return None  # nothing new to tell (a standing order that had nothing to answer)
            players = [ping] if ping is not None else []
            mention = f"<@{ping}>" if ping is not None else None
            last = awaited_line(record, view, names, due, mention)
            shown = shows_board(before, game, story)
            shown_files = [await board_file(view, names, shown_events(story), notes, words=words)]
            files = shown_files if shown else []
        content = texts.fit_message(words, lines, last)
        sending: dict[str, Any] = {"files": files, "allowed_mentions": _mentions(players)}
        try:
            # a mention notifies only in a new message
            extended = (
                None
                if ping is not None
                else await self._extend(record, channel, before, game, lines, last, files)
            )
            if extended is not None:
                message = extended
            elif showing is None:
                message = await channel.send(content, **sending)
            else:
                message = await showing.send(POST_STEP, channel, record.channel_id, content, **sending)
        except discord.Forbidden:  # lost since the cache said otherwise, or another shard's server
            await self._lost(record, channel, [])
            return None
        step = None if showing is None else POST_STEP
        ended = turn_ended(before, story)
        return await self._remember(
            record, message, lines, ended, step=step, board=bool(files), translations=translations
        )

    async def _extend(
        self,
        record: GameRecord,
        channel: discord.abc.Messageable,
        before: Game | None,
        game: Game,
        lines: list[str],
        last: str,
        files: list[discord.File],
    ) -> discord.Message | None:
        """The turn's post, edited to tell ``lines`` too (and carry the board, if this post has it): a turn
        reads as one post, and only its first action notifies. None when a new post is due: the first action
        of a turn, a post that notifies someone (the caller), the end of the game, a turn's post that already
        carries a board, ended a turn, was deleted or would not fit. Decided from the store's rows alone
        (never from the message's text), so a version shown again after a crash decides the same and makes
        the same edit again."""
        if before is None or game.is_over or (before.phase is Phase.ACTION and before.actions_left >= 2):
            return None
        rows = _same_message(await self._store.last_posts(record.id, TURN_POST_ROWS))
        if (
            not rows
            or len(rows) == TURN_POST_ROWS  # perhaps longer: its older lines would be lost
            or rows[-1].turn_of is not None
            or rows[-1].channel_id != record.channel_id
            or any(row.board for row in rows)
        ):
            return None
        told = [line for row in rows for line in row.lines] + lines
        content = "\n".join(part for part in [*told, last] if part)
        if len(content) > texts.MESSAGE_LIMIT:
            return None
        try:
            message = await channel.fetch_message(rows[-1].message_id)
            await message.edit(content=content, attachments=files)
        except discord.HTTPException:  # deleted, or not readable: a new post
            return None
        return message

    async def _remember(
        self,
        record: GameRecord,
        message: discord.Message,
        lines: list[str],
        turn_of: int | None,
        *,
        step: str | None = None,
        board: bool = False,
        translations: Mapping[str, list[str]] | None = None,
    ) -> Post:
        """Keep a post (``board``: it carries the board picture: a turn's post is then not extended;
        ``translations``: its lines in its players' other languages)."""
        at = (message.channel.id, message.id, self._now())
        return await self._store.add_post(
            record.id,
            record.version,
            *at,
            lines,
            turn_of=turn_of,
            step=step,
            board=board,
            translations=translations,
        )

    async def tell_dms_closed(self, record: GameRecord, user_id: int) -> None:
        """Once per game and player, until a DM to them works again: their DMs are closed, and how to
        play anyway. Mentions them."""
        if await self._store.message(record.id, MessageKind.DMS_CLOSED, user_id=user_id) is not None:
            return
        channel = await self._postable(record)
        if channel is None:
            return
        showing, step = SHOWING.get(), f"dms-closed:{user_id}"
        text, mention = texts.dms_closed_line(game_words(record), user_id), _mentions([user_id])
        try:
            if showing is None:
                message = await channel.send(text, allowed_mentions=mention)
            else:
                message = await showing.send(step, channel, record.channel_id, text, allowed_mentions=mention)
        except discord.HTTPException:
            log.warning("game %s: cannot tell the channel that user %s has closed DMs", record.id, user_id)
            return
        await self._store.remember_message(
            record.id,
            MessageKind.DMS_CLOSED,
            message.channel.id,
            message.id,
            self._now(),
            user_id=user_id,
            step=None if showing is None else showing.key(step),
        )


def awaited_line(
    record: GameRecord, view: PublicView, names: list[str], due: Due | None, mention: str | None
) -> str:
    """The last line of a channel post: what the game waits for, from whom, until when."""
    who = names[view.to_act] if view.to_act is not None else ""
    computer = texts.computer_to_act(record)
    words = game_words(record)
    return texts.awaited(words, view, names, mention) + texts.deadline_words(
        words, view, due, who, paused=record.paused, computer=computer
    )


def players_of(record: GameRecord) -> dict[int, int]:
    """The person of each seat a person plays or played: its holder, or the player who resigned it (their
    score still counts, R33)."""
    people = {}
    for seat in record.seats:
        person = seat.user_id if seat.user_id is not None else seat.resigned_by
        if person is not None:
            people[seat.seat] = person
    return people


def shows_board(before: Game | None, game: Game, story: texts.Story) -> bool:
    """Whether the post of ``story`` carries the board picture: the start, the end of a turn, a conflict
    that starts or ends (a choice of wars included), the end of the game."""
    if before is None or game.is_over:
        return True
    if any(isinstance(e, Event) and e.kind in _BOARD_EVENTS for e in story):
        return True
    return game.phase is Phase.WAR_CHOICE and before.phase is not Phase.WAR_CHOICE


def _same_message(posts: Sequence[Post]) -> list[Post]:
    """The newest of ``posts`` (oldest first) that are the same message as the newest one."""
    rows: list[Post] = []
    for post in reversed(posts):
        if rows and post.message_id != rows[0].message_id:
            break
        rows.insert(0, post)
    return rows


def turn_ended(before: Game | None, story: texts.Story) -> int | None:
    """The seat whose turn ``story`` ended (the last one, if several did), if any."""
    if before is None:
        return None
    active, ended = before.active, None
    for e in story:
        if isinstance(e, Event) and e.kind in ("turn", "game-over"):
            ended = active
            if e.seat is not None:
                active = e.seat
    return ended


class DmKind(StrEnum):
    """What a DM about a game says (``direct_messages.kind``, storage migration 0017). Its facts (a JSON
    object) are what its text is made of, so that an edit makes it again in its reader's language."""

    START = "start"  # first: the seat that plays first
    TURN = "turn"  # turn, actions_left, deadline, goes_on, posts (the catch-up's numbers), first_turn
    PROMPT = "prompt"  # position (the engine's text of the game asked about), deadline, vacation
    REMINDER = "reminder"  # position, due ([at, kind] or None)
    VACATION_OVER = "vacation-over"  # position, due: R31a's one DM at the end of a vacation
    LAST_CALL = "last-call"  # due
    TIMED_OUT = "timed-out"  # away_minutes: the away panel (R30)
    NEWS = "news"  # events (those that hit the reader's pieces, with dm: all), link
    END = "end"  # position (the final one), link
    TAKEN_OVER = "taken-over"  # former: the seat's name before (R33); former_user: its person, if one
    NO_LONGER_YOURS = "no-longer-yours"  # holder: the seat, which another plays now (R33)
    RESIGNED = "resigned"


@dataclass(frozen=True)
class About:
    """What a DM is about: its kind, its reader's seat and its facts (``DmKind``)."""

    kind: DmKind
    seat: int
    facts: Mapping[str, Any] = field(default_factory=dict)


# What a DM says once what it told is over, when it is made again at an edit (its reader's hand changed, or
# a newer DM carries it).
TURN_OVER = N_("**{game}** — your turn (turn {turn}) is over.")
TURN_MOVED = N_("**{game}** — your turn (turn {turn}; it goes on in a newer message).")
TURN_GOES_ON_MOVED = N_("**{game}** — your turn goes on (turn {turn}; it goes on in a newer message).")
CAME_BACK = N_(
    "**{game}** — your time ran out, so your turn was played for you. You came back since: your deadlines "
    "are the usual ones."
)
_ANSWERED = {
    DmKind.REMINDER: N_("**{game}** — a reminder, settled since."),
    DmKind.LAST_CALL: N_("**{game}** — a last call, settled since."),
    DmKind.VACATION_OVER: N_("**{game}** — welcome back from your vacation."),
}
SEE_THE_POST = N_("[See the post]({link}).")


def event_facts(event: Event) -> dict[str, Any]:
    """An event as a DM's facts keep it (JSON)."""
    colour = None if event.colour is None else int(event.colour)
    return {**asdict(event), "colour": colour, "squares": list(event.squares)}


def event_of(facts: Mapping[str, Any]) -> Event:
    colour = facts.get("colour")
    kept = {"colour": None if colour is None else Colour(colour), "squares": tuple(facts["squares"])}
    return Event(**{**facts, **kept})


def _due(pair: Sequence[Any] | None) -> Due | None:
    return None if pair is None else Due(pair[0], pair[1])


def said_now(about: About, game: str, words: Words, now: texts.SeatNow | None) -> str | None:
    """What a DM says of its seat now (``now``; None: as it was sent), where that changes what it says: a
    turn DM says "your turn" with its actions left only while that turn lasts, then that it goes on in a
    newer message or is over; a reminder or last call, once answered, says so; an away panel says when the
    seat came back. None for the rest of what a DM says, which stays as it was sent."""
    kind, facts = about.kind, about.facts
    if kind is DmKind.TURN:
        turn, goes_on = facts["turn"], facts["goes_on"]
        if now is None or (now.active and now.turn == turn and not now.moved):
            left = facts["actions_left"] if now is None else now.actions_left
            deadline = facts["deadline"] if now is None or now.deadline is None else now.deadline
            return texts.turn_dm(words, game, turn, left, deadline, goes_on=goes_on)
        if not now.active or now.turn != turn:
            return words.gettext(TURN_OVER, game=game, turn=turn)
        moved = TURN_GOES_ON_MOVED if goes_on else TURN_MOVED
        return words.gettext(moved, game=game, turn=turn)
    if now is None:
        return None
    answered = _ANSWERED.get(kind)
    if answered is not None and (not now.awaited or _decision_answered(about, now)):
        return words.gettext(answered, game=game)
    if kind is DmKind.TIMED_OUT and not now.away:
        return words.gettext(CAME_BACK, game=game)
    return None


def _decision_answered(about: About, now: texts.SeatNow) -> bool:
    """A reminder or last call about a decision's deadline is answered once the seat it waits on plays its
    turn again (the attacker of a revolt goes on with its turn, under its turn deadline)."""
    due = about.facts.get("due")
    about_a_decision = isinstance(due, list) and due[1] == DEADLINE
    return about.kind in (DmKind.REMINDER, DmKind.LAST_CALL) and about_a_decision and not now.deciding


def _compose(
    words: Words,
    head: str,
    note: str = "",
    hand: str | None = None,
    newer: tuple[int, int] | None = None,
) -> str:
    """A DM's text: its own (``head``), the note it was closed with, then its hand or the line pointing to
    the newer DM that carries it."""
    parts = [head, f"*{note}*" if note else ""]
    if newer is not None:
        parts.append(texts.older_hand(words, texts.dm_link(*newer)))
    elif hand:
        parts.append(hand)
    return "\n".join(part for part in parts if part)


def closing_note(row: DirectMessage) -> texts.ClosingNote | None:
    """The note a closed prompt's row keeps, with the answer that closed it as its position offered it."""
    if row.note is None:
        return None
    if row.note_choice is None or "position" not in row.facts:
        return texts.ClosingNote(row.note)
    offered = public_view(load(row.facts["position"]))
    return texts.ClosingNote(row.note, Action.parse(row.note_choice), offered)


def _about(row: DirectMessage) -> About | None:
    """What a kept DM is about; None for a kind this version does not know."""
    try:
        kind = DmKind(row.kind)
    except ValueError:
        return None
    return None if row.seat is None else About(kind, row.seat, row.facts)


class DirectMessages(_GameMessages):
    """Every DM about a game goes through here, in its reader's language (``words_of``). While the game is
    in play a DM carries the player's hand below its own text: the newest DM is the hand panel, edited when
    the hand changes, and the one before is cut to a line pointing to it. What each DM shows is kept in a
    row (``About``, ``Store.add_dm``): an edit makes the DM again from its row, never from its text. A DM
    refused because the player's DMs are closed is told in the channel (``ChannelPosts.tell_dms_closed``)."""

    def __init__(self, directory: Directory, store: Store, clock: Clock, channel: ChannelPosts) -> None:
        super().__init__(directory, store, clock)
        self._channel = channel

    async def words_of(self, record: GameRecord, user_id: int) -> Words:
        """The words of DMs to ``user_id``: theirs (``bot.language``)."""
        return (await people_words(self._store, [user_id], record.language))[user_id]

    async def send(
        self,
        record: GameRecord,
        user_id: int,
        about: About,
        *,
        hand: tuple[Game, int, list[str]] | None = None,
        view: discord.ui.View | None = None,
    ) -> discord.Message | discord.PartialMessage | None:
        """Send the DM ``about`` says (it names the game), kept as a row; with ``hand`` (the game, the seat,
        the names) the player's hand follows and this DM becomes the hand panel. None if it could not be
        sent. While a version is shown (``SHOWING``) this is its step ``dm:<user>`` (a person gets one DM per
        version), done once: shown again after a crash, the DM sent before is returned (None if it was
        refused)."""
        showing, step = SHOWING.get(), f"dm:{user_id}"
        user = await self._directory.user(user_id)
        if showing is not None and (done := showing.done(step)) is not None:
            return await self._sent_before(record, user, showing, done, hand)
        words = await self.words_of(record, user_id)
        extra: dict[str, Any] = {} if view is None else {"view": view}
        hand_words = None
        if hand is not None:
            game, seat, names = hand
            hand_words, extra["file"] = await self._hand(record, game, seat, names, words)
        content = _compose(words, await self._head(record, about, words), hand=hand_words)
        try:
            if showing is None:
                message = await user.send(content, **extra)
            else:
                dm = user.dm_channel or await user.create_dm()
                message = await showing.send(step, dm, dm.id, content, **extra)
        except discord.Forbidden:  # closed DMs; any other failure is the caller's (a timer tries again)
            log.info("game %s: DMs of user %s are closed", record.id, user_id)
            await self._channel.tell_dms_closed(record, user_id)
            if showing is not None:
                await showing.record(step)  # refused: not tried again
            return None
        if await self._store.message(record.id, MessageKind.DMS_CLOSED, user_id=user_id) is not None:
            await self._store.forget_message(record.id, MessageKind.DMS_CLOSED, user_id=user_id)
        kept = DirectMessage(
            message.id,
            record.id,
            user_id,
            about.seat,
            message.channel.id,
            record.version,
            about.kind,
            about.facts,
            self._now(),
            hand=hand is not None,
        )
        await self._store.add_dm(kept)
        if hand is None:
            if showing is not None:
                await showing.record(step, message)
            return message
        old = await self._store.remember_message(
            record.id,
            MessageKind.HAND,
            message.channel.id,
            message.id,
            self._now(),
            user_id=user_id,
            step=None if showing is None else showing.key(step),
        )
        if old is not None:
            await self._cut_hand(record, (old.channel_id, old.message_id), message, hand)
            if showing is not None:
                await showing.record(f"{step}:older")
        return message

    async def _sent_before(
        self,
        record: GameRecord,
        user: discord.User,
        showing: Showing,
        done: PresentationStep,
        hand: tuple[Game, int, list[str]] | None,
    ) -> discord.PartialMessage | None:
        """A DM step done before a crash: its message, once the hand panel it replaced is cut (if that
        step was not done yet)."""
        if done.message_id is None:
            return None
        dm = user.dm_channel or await user.create_dm()
        message = dm.get_partial_message(done.message_id)
        old_channel, old_message = done.replaced_channel_id, done.replaced_message_id
        older = f"{done.step}:older"
        if hand is None or old_channel is None or old_message is None or showing.done(older):
            return message
        await self._cut_hand(record, (old_channel, old_message), message, hand)
        await showing.record(older)
        return message

    async def _head(
        self, record: GameRecord, about: About, words: Words, now: texts.SeatNow | None = None
    ) -> str:
        """A DM's own text, made from what it is about; ``now``: what is true of its seat when it is edited
        (a turn over, a reminder answered, a seat back), None as it was sent."""
        game = await self._directory.game_name(record, words)
        kind, seat, facts = about.kind, about.seat, about.facts
        said = said_now(about, game, words, now)
        if kind is DmKind.TURN:
            return await self._with_catch_up(record, said or "", facts, words)
        if said is not None:
            return said
        if kind is DmKind.TIMED_OUT:
            return texts.timed_out_dm(words, game, facts["away_minutes"])
        if kind is DmKind.LAST_CALL:
            due = _due(facts["due"])
            return texts.last_call_dm(words, game, due) if due is not None else ""
        if kind is DmKind.RESIGNED:
            return texts.resigned_panel(words, game)
        if kind is DmKind.TAKEN_OVER:
            former = facts["former"]  # the computer player's name, or a person's as the channel said it
            if "former_user" in facts:  # a person: "player 2" in the reader's words if Discord will not say
                fallback = words.gettext(A_PLAYER, number=seat + 1)
                former = await self._directory.name_of(record, facts["former_user"], fallback)
            return texts.taken_over_welcome(words, game, former)
        names = await self._directory.names_for(record, words)
        if kind is DmKind.START:
            return texts.start_dm(words, game, names[facts["first"]])
        if kind is DmKind.NO_LONGER_YOURS:
            holder = words.gettext(COMPUTER_HOLDER) if facts.get("computer") else names[facts["holder"]]
            return texts.no_longer_yours(words, game, holder)
        if kind is DmKind.NEWS:
            hits = [texts.event_line(words, event_of(e), names, reader=seat) for e in facts["events"]]
            told = [*hits, words.gettext(SEE_THE_POST, link=facts["link"])]
            return texts.news_dm(words, game, told)
        position = load(facts["position"])
        if kind is DmKind.END:
            place = texts.place_words(words, public_view(position), seat)
            return texts.end_dm(words, game, place, facts["link"])
        if kind is DmKind.PROMPT:
            pv, default, wars = player_view(position, seat), position.default_action(), wars_offered(position)
            deadline, vacation = facts["deadline"], facts["vacation"]
            if now is not None:  # away or back since it was sent: who answers at the deadline now (R35)
                vacation = record.options.computer_level if now.vacation else None
            return texts.prompt_text(words, pv, names, game, deadline, default, wars, vacation)
        view = public_view(position)  # a reminder, or the end of a vacation
        deadline = texts.deadline_words(words, view, _due(facts["due"]), names[seat])
        if kind is DmKind.VACATION_OVER:
            return texts.vacation_over_dm(words, game, view, deadline)
        return texts.reminder_dm(words, game, view, deadline)

    async def _with_catch_up(
        self, record: GameRecord, head: str, facts: Mapping[str, Any], words: Words
    ) -> str:
        """The turn DM: its sentence, then what the channel was told since the player's last turn."""
        posts = await self._store.posts_numbered(record.id, facts["posts"])
        if posts and not facts["goes_on"]:
            heading = texts.SO_FAR if facts["first_turn"] else texts.SINCE_LAST_TURN
            head += "\n" + words.gettext(heading)
        lines = texts.catch_up(words, posts, record.guild_id)
        return texts.fit_message(words, lines, "", texts.MESSAGE_LIMIT - _HAND_ROOM, head=head)

    async def _made_again(
        self,
        record: GameRecord,
        row: DirectMessage,
        now: texts.SeatNow | None = None,
        hand: str | None = None,
    ) -> str | None:
        """A kept DM's text made again in its reader's words (``hand``: its new hand section, if it carries
        one); None for a DM kept by no row (sent before migration 0017) or of an unknown kind."""
        about = _about(row)
        if about is None:
            return None
        words = await self.words_of(record, row.user_id)
        head = await self._head(record, about, words, now)
        note = closing_note(row)
        said = "" if note is None else note.words(words)
        return _compose(words, head, said, hand if row.hand else None, row.newer)

    async def _cut_hand(
        self,
        record: GameRecord,
        old: tuple[int, int],
        newest: discord.Message | discord.PartialMessage,
        hand: tuple[Game, int, list[str]],
    ) -> None:
        """The hand of the player's DM before ``newest`` becomes a line pointing to it."""
        newer = (newest.channel.id, newest.id)
        await self._store.dm_moved(old[1], *newer)
        row = await self._store.dm(old[1])
        game, seat, _ = hand
        now = seat_now(record, game, seat, self._now(), moved=True)
        text = None if row is None else await self._made_again(record, row, now)
        user_id = record.user_at(seat)
        if text is None and user_id is not None:  # a DM kept by no row: only the pointer is sure to be true
            text = _compose(await self.words_of(record, user_id), "", newer=newer)
        await self._edit(record, *old, content=text, attachments=[])

    async def _hand(
        self, record: GameRecord, game: Game, seat: int, names: list[str], words: Words
    ) -> tuple[str, discord.File]:
        """The hand section of a DM and its picture (in its reader's language), which names the game;
        ``names`` as the game's channel has them, their fallbacks said again in the reader's words."""
        if words.language != game_words(record).language:
            names = await self._directory.names_for(record, words)
        pv = player_view(game, seat)
        title = await self._directory.game_name(record, words)
        notes = seat_notes(record, self._now())
        return texts.hand_text(words, pv), await hand_file(pv, names, notes, title, words=words)

    async def refresh(
        self, record: GameRecord, game: Game, seat: int, names: list[str], due: Due | None = None
    ) -> None:
        """Edit the hand in the player's newest DM about the game (no DM is sent for it), and make its own
        text true again (``due``: until when the game waits, if known); while a version is shown, its step
        ``hand:<user>``, done once."""
        user_id = record.user_at(seat)
        showing, step = SHOWING.get(), f"hand:{user_id}"
        if user_id is None or (showing is not None and showing.done(step) is not None):
            return
        ref = await self._store.message(record.id, MessageKind.HAND, user_id=user_id)
        if ref is not None:
            words = await self.words_of(record, user_id)
            hand, file = await self._hand(record, game, seat, names, words)
            row = await self._store.dm(ref.message_id)
            now = seat_now(record, game, seat, self._now(), due)
            text = None if row is None else await self._made_again(record, row, now, hand)
            await self._edit(record, ref.channel_id, ref.message_id, content=text or hand, attachments=[file])
            if showing is not None:
                await showing.record(step)

    async def release(self, record: GameRecord, user_id: int, about: About) -> None:
        """A player lost their seat (R33): their newest DM about the game says what ``about`` says, without
        the hand, and is no longer their panel."""
        ref = await self._store.message(record.id, MessageKind.HAND, user_id=user_id)
        if ref is None:
            return
        await self._store.dm_replaced(ref.message_id, about.kind, about.facts)
        text = await self._head(record, about, await self.words_of(record, user_id))
        await self._edit(record, ref.channel_id, ref.message_id, content=text, attachments=[])
        await self._store.forget_message(record.id, MessageKind.HAND, user_id=user_id)

    async def _edit(self, record: GameRecord, channel_id: int, message_id: int, **changes: Any) -> None:
        """Edit a DM as ``changes`` say (its text is never read: it is made from its row)."""
        try:
            channel = await self._directory.messageable(channel_id)
            if channel is not None:
                await (await channel.fetch_message(message_id)).edit(**changes)
        except discord.HTTPException as exc:  # deleted; a stale prompt button still answers that it is closed
            log.warning("game %s: DM %s not edited: %s", record.id, message_id, exc)

    async def close_prompts(
        self, record: GameRecord, note: texts.ClosingNote, *, user_id: int | None = None
    ) -> None:
        """Take the buttons off prompts whose decision is over (answered, expired or abandoned), or off the
        prompt of ``user_id`` alone (who lost their seat), adding ``note`` (kept as its catalogue message and
        the answer that closed it) to their text (their hand, if they carry it, stays below). Done again
        after a crash, it leaves alone the prompt that the version being shown sent before the crash
        (``SHOWING``); each prompt is forgotten once closed."""
        showing = SHOWING.get()
        game = record.game() if record.position is not None else None
        for ref in await self._store.messages(record.id, MessageKind.PROMPT):
            if ref.user_id is None or (user_id is not None and ref.user_id != user_id):
                continue
            if showing is not None and showing.sent(f"dm:{ref.user_id}", ref.message_id):
                continue
            changes: dict[str, Any] = {"view": None}
            row = await self._store.dm(ref.message_id)
            if row is not None:
                choice = None if note.action is None else note.action.text
                await self._store.dm_noted(row.message_id, note.message, choice)
                seat = row.seat if row.hand and game is not None else None
                words = await self.words_of(record, ref.user_id)
                pv = None if seat is None or game is None else player_view(game, seat)
                hand = None if pv is None else texts.hand_text(words, pv)
                noted = replace(row, note=note.message, note_choice=choice)
                text = await self._made_again(record, noted, None, hand)
                if text is not None:
                    changes["content"] = text
            await self._edit(record, ref.channel_id, ref.message_id, **changes)
            await self._store.forget_message(record.id, MessageKind.PROMPT, user_id=ref.user_id)


class Prompts(_GameMessages):
    """DMs to players: the turn DM with its catch-up, decision prompts with buttons, reminders and the last
    call, the end of the game, and (``dm: all``) what another player's move did to their pieces. ``dm:
    none`` leaves the prompts only (their buttons are how a decision is answered)."""

    def __init__(self, directory: Directory, store: Store, clock: Clock, dms: DirectMessages) -> None:
        super().__init__(directory, store, clock)
        self._dms = dms

    async def settings(self, record: GameRecord) -> dict[int, PlayerSettings]:
        return await self._store.seated_player_settings(record.id)

    async def wants(
        self, record: GameRecord, user_id: int, settings: dict[int, PlayerSettings] | None = None
    ) -> bool:
        """Whether the player takes DMs beyond prompts (``dm`` is not ``none``)."""
        found = (settings or await self.settings(record)).get(user_id, BUILT_IN_SETTINGS)
        return found.dm is not DmMode.NONE

    async def prompt(self, record: GameRecord, game: Game, names: list[str], due: Due | None) -> bool:
        """The decision prompt to the player the game waits on, with its buttons and their hand; True if
        it was sent. None to an away seat that the computer covers (R31): its decision is played for it,
        like its turns, and a prompt would only carry a deadline already passed or about to."""
        seat = game.to_act
        user_id = None if seat is None else record.user_at(seat)
        if seat is None or user_id is None or covered(record.seat_record(seat), self._now()):
            return False
        pv = player_view(game, seat)
        deadline = due.at if due is not None else None
        away = on_vacation(record.seat_record(seat), self._now())
        vacation = record.options.computer_level if away else None
        facts = {"position": dump(game), "deadline": deadline, "vacation": vacation}
        words = await self._dms.words_of(record, user_id)
        buttons = prompt_buttons(words, record.id, record.version, pv.choices, pv)
        about = About(DmKind.PROMPT, seat, facts)
        message = await self._dms.send(record, user_id, about, hand=(game, seat, names), view=buttons)
        if message is None:
            return False
        await self._store.remember_message(
            record.id, MessageKind.PROMPT, message.channel.id, message.id, self._now(), user_id=user_id
        )
        return True

    async def tell_turn(
        self,
        record: GameRecord,
        game: Game,
        names: list[str],
        due: Due | None,
        *,
        goes_on: Post | None = None,
    ) -> bool:
        """The turn DM, with the turn deadline (R30) and what the channel was told since the player's last
        turn; ``goes_on``: the turn comes back to its player after another player's decision, told with the
        post of that decision. None to an away seat, while paused or with ``dm: none``. True if sent."""
        seat = game.to_act
        user_id = None if seat is None else record.user_at(seat)
        if seat is None or user_id is None or record.paused or covered(record.seat_record(seat), self._now()):
            return False
        if not await self.wants(record, user_id):
            return False
        posts = [goes_on] if goes_on is not None else await self._store.posts_since_turn(record.id, seat)
        facts = {
            "turn": game.turn,
            "actions_left": game.actions_left,
            "deadline": due.at if due is not None else None,
            "goes_on": goes_on is not None,
            "posts": [p.seq for p in posts],
            "first_turn": game.turn <= game.players,  # no turn of theirs has ended yet
        }
        about = About(DmKind.TURN, seat, facts)
        return await self._dms.send(record, user_id, about, hand=(game, seat, names)) is not None

    async def tell_awaited(self, record: GameRecord, game: Game, names: list[str], due: Due | None) -> None:
        """The prompt or the turn DM to the seat the game waits on (a seat that just changed hands)."""
        if game.phase is Phase.ACTION:
            await self.tell_turn(record, game, names, due)
        else:
            await self.prompt(record, game, names, due)

    async def send_to_seat(
        self, record: GameRecord, about: About, *, optional: bool = True, game: Game | None = None
    ) -> bool:
        """A DM to the person holding ``seat``, with their hand while the game is in play (none to the
        computer player); ``optional`` ones are not sent with ``dm: none``. True if sent."""
        seat = about.seat
        user_id = record.user_at(seat)
        if user_id is None or (optional and not await self.wants(record, user_id)):
            return False
        hand = None
        if record.status is Status.PLAYING or game is not None:
            names = await self._directory.names_for(record)
            hand = (game or record.game(), seat, names)
        return await self._dms.send(record, user_id, about, hand=hand) is not None

    async def reminder(self, record: GameRecord, seat: int, *, vacation_over: bool = False) -> About:
        """A reminder that the game waits for the seat (``vacation_over``: the one DM at the end of its
        vacation, R31a), made before it is sent (``send_to_seat``): the timer loop moves the reminder's row
        on between the two, so that little but the send itself comes after that move."""
        position = dump(record.game())  # read before the row moves on: an unreadable game is retried
        due = await due_of(self._store, record, self._now())
        facts = {"position": position, "due": None if due is None else [due.at, due.kind]}
        return About(DmKind.VACATION_OVER if vacation_over else DmKind.REMINDER, seat, facts)

    def last_call(self, seat: int, due: Due) -> About:
        """The one warning a few hours before the deadline (what happens when it passes)."""
        return About(DmKind.LAST_CALL, seat, {"due": [due.at, due.kind]})

    async def tell_timed_out(self, record: GameRecord, seat: int, game: Game) -> bool:
        about = About(DmKind.TIMED_OUT, seat, {"away_minutes": record.options.away_minutes})
        return await self.send_to_seat(record, about, game=game)

    async def tell_end(self, record: GameRecord, game: Game, seat: int, link: str) -> bool:
        """The end of the game: the player's place, with their final screen."""
        about = About(DmKind.END, seat, {"position": dump(game), "link": link})
        return await self.send_to_seat(record, about, game=game)

    async def close(self, record: GameRecord, note: texts.ClosingNote, *, user_id: int | None = None) -> None:
        await self._dms.close_prompts(record, note, user_id=user_id)


class Presenter:
    """Shows a saved action: one post in the channel, and the DMs it calls for."""

    def __init__(self, directory: Directory, store: Store, clock: Clock) -> None:
        self.directory = directory
        self.channel = ChannelPosts(directory, store, clock)
        self.hands = DirectMessages(directory, store, clock, self.channel)
        self.prompts = Prompts(directory, store, clock, self.hands)
        self._store = store
        self._clock = clock

    async def present(
        self,
        record: GameRecord,
        before: Game | None,
        game: Game,
        story: texts.Story,
        note: texts.ClosingNote = texts.CLOSED_NOTE,
        *,
        acted_by: int | None = None,
    ) -> None:
        """Show what happened between ``before`` (what the players saw last; None for the start) and
        ``game``: ``story`` is the events of one action, or of several shown together, with what the bot did
        around them (a time-out, an undo, a pause); ``acted_by`` is the person who just acted, if one did.
        ``note`` is appended to the open decision prompt if this closed it.

        The game is already saved: a failure of one step here is logged and the rest still runs. Each step
        is recorded as it completes (``bot.steps``) and at the end the store records that the channel and DMs
        show this version (``mark_presented``); if anything stops the presentation before that, the version
        is shown again at the next touch or start-up, doing only the steps not recorded."""
        recorded = await self._store.presentation_steps(record.id, record.version)
        now = partial(unix_time, self._clock)
        showing = Showing(self._store, record.id, record.version, recorded, self.directory.bot_user_id, now)
        token = SHOWING.set(showing)
        try:
            await self._show(record, before, game, story, note, acted_by)
        finally:
            SHOWING.reset(token)
        await self._store.mark_presented(record.id, record.version)

    async def _show(
        self,
        record: GameRecord,
        before: Game | None,
        game: Game,
        story: texts.Story,
        note: texts.ClosingNote,
        acted_by: int | None,
    ) -> None:
        names = await self.directory.names_for(record)
        now = unix_time(self._clock)
        due = await due_of(self._store, record, now)
        settings = await self.prompts.settings(record)
        plan = await self._plan(record, before, game, settings, acted_by)
        ping = plan.ping
        if ping is not None and not self.channel.mention_once(record, game.turn, ping):
            ping = None
        post = None
        try:
            post = await self.channel.post_action(record, before, game, names, story, due, ping)
        except Exception:
            log.exception("game %s: posting version %s failed", record.id, record.version)
            metrics.error("presentation")
        told: set[int] = set()  # who got a DM now: it carries their hand already
        steps = [
            partial(self.prompts.close, record, note),
            partial(self._tell_awaited, record, game, names, due, plan, post, told),
            partial(self._tell_others, record, before, game, names, story, settings, acted_by, post, told),
        ]
        for step in steps:
            try:
                await step()
            except Exception:
                log.exception("game %s: presenting version %s failed", record.id, record.version)
                metrics.error("presentation")
        marked = [h.seat for h in story if isinstance(h, texts.TimedOut | texts.CameBack)]
        for seat in record.seats:
            if seat.user_id is None or seat.user_id in told:
                continue
            if (
                before is None
                or game.is_over
                or seat.seat in marked
                or _screen(before, seat.seat) != _screen(game, seat.seat)
            ):
                try:
                    await self.hands.refresh(record, game, seat.seat, names, due)
                except Exception:
                    log.exception("game %s: hand of user %s not refreshed", record.id, seat.user_id)

    async def _plan(
        self,
        record: GameRecord,
        before: Game | None,
        game: Game,
        settings: dict[int, PlayerSettings],
        acted_by: int | None,
    ) -> AwaitedPlan:
        """Who the game now waits on, whether a DM tells them, and so whether the channel mentions them."""
        user_id = None if record.paused else pinged(record, unix_time(self._clock))
        if game.is_over or user_id is None or game.to_act is None:
            return AwaitedPlan(None, None)
        if game.phase is not Phase.ACTION:
            dm = "prompt"
        elif before is None or before.turn != game.turn or before.active != game.active:
            dm = "turn"
        elif before.to_act != game.to_act:
            dm = "goes on"  # back to the active player after another player's decision
        else:
            dm = None
        wants = settings.get(user_id, BUILT_IN_SETTINGS).dm is not DmMode.NONE
        if dm in ("turn", "goes on") and not wants:
            dm = None
        closed = await self._store.message(record.id, MessageKind.DMS_CLOSED, user_id=user_id) is not None
        by_dm = dm is not None and not closed
        ping = None if user_id == acted_by or by_dm else user_id
        return AwaitedPlan(dm, ping)

    async def _tell_awaited(
        self,
        record: GameRecord,
        game: Game,
        names: list[str],
        due: Due | None,
        plan: AwaitedPlan,
        post: Post | None,
        told: set[int],
    ) -> None:
        """The DM to the player the game now waits on: a prompt, the turn DM, or the turn that goes on."""
        user_id = record.user_to_act
        if user_id is None or game.is_over:
            return
        sent = False
        if game.phase is not Phase.ACTION:
            sent = await self.prompts.prompt(record, game, names, due)
        elif plan.dm == "turn":
            sent = await self.prompts.tell_turn(record, game, names, due)
        elif plan.dm == "goes on" and post is not None:
            sent = await self.prompts.tell_turn(record, game, names, due, goes_on=post)
        if sent:
            told.add(user_id)

    async def _tell_others(
        self,
        record: GameRecord,
        before: Game | None,
        game: Game,
        names: list[str],
        story: texts.Story,
        settings: dict[int, PlayerSettings],
        acted_by: int | None,
        post: Post | None,
        told: set[int],
    ) -> None:
        """Every other DM an action calls for: the end of the game to each player, the start to those whose
        turn it is not, a time-out to its seat, and with ``dm: all`` the hits on a player's pieces."""
        link = _post_jump(record, post) if post is not None else f"<#{record.channel_id}>"
        timed_out = {h.seat for h in story if isinstance(h, texts.TimedOut)}
        for seat in record.seats:
            user_id = seat.user_id
            if user_id is None or user_id in told:
                continue
            sent = False
            if game.is_over:
                sent = await self.prompts.tell_end(record, game, seat.seat, link)
            elif before is None:
                about = About(DmKind.START, seat.seat, {"first": game.active})
                sent = await self.prompts.send_to_seat(record, about, game=game)
            elif seat.seat in timed_out:
                sent = await self.prompts.tell_timed_out(record, seat.seat, game)
            elif settings.get(user_id, BUILT_IN_SETTINGS).dm is DmMode.ALL and user_id != acted_by:
                hits = [
                    event_facts(e)
                    for e in story
                    if isinstance(e, Event) and e.kind in _HITS and seat.seat in (e.seat, e.other)
                ]
                if hits:
                    about = About(DmKind.NEWS, seat.seat, {"events": hits, "link": link})
                    sent = await self.prompts.send_to_seat(record, about, game=game)
            if sent:
                told.add(user_id)


@dataclass(frozen=True)
class AwaitedPlan:
    """How the player the game waits on is told: ``dm`` ("prompt", "turn", "goes on" or None) and the user
    the channel post mentions (``ping``), if any."""

    dm: str | None
    ping: int | None


async def due_of(store: Store, record: GameRecord, now: int) -> Due | None:
    """Until when the game waits on its seat to act (one query: the game's timers)."""
    if record.seat_to_act is None:
        return None
    return awaited_due(record, await store.timers(record.id), now)


def pinged(record: GameRecord, now: int) -> int | None:
    """The person the game waits on, if they are to be told: not an away seat, a seat on vacation or the
    computer player."""
    seat = record.seat_to_act
    holder = None if seat is None else record.seat_record(seat)
    if holder is None or covered(holder, now) or on_vacation(holder, now):
        return None
    return holder.user_id


def wars_offered(game: Game) -> list[texts.WarSides]:
    """The wars a choice of wars offers (R19), each with its two sides as R17 sets them: the active player
    attacks if involved, else the first involved player after them; the board strength of each side is
    its tiles of the war's colour on its side of the unification tile."""
    unification = game.unification
    if game.phase is not Phase.WAR_CHOICE or unification is None:
        return []
    wars = []
    for colour in game.war_colours():
        owners = game.leaders_of_colour_with(unification, colour)
        attacker, defender = sorted(owners, key=lambda s: (s - game.active) % game.players)[:2]
        squares = [game.leader_pos[seat][colour] for seat in (attacker, defender)]
        strengths = [
            sum(1 for s in game.region_squares(square, avoid=unification) if game.cell[s] == colour)
            for square in squares
            if square is not None
        ]
        if len(strengths) != 2 or squares[0] is None or squares[1] is None:
            continue
        wars.append(
            texts.WarSides(colour, attacker, squares[0], strengths[0], defender, squares[1], strengths[1])
        )
    return wars


def play_and_tell(game: Game, action: Action | str, seat: int | None = None) -> list[Event | texts.Happening]:
    """Apply ``action`` to ``game`` (changed in place) and return what the table is told of it: its events,
    then the wars it called off (R19). Every path that tells an action (a move, a standing order, a
    presentation rebuilt from the log after a restart) tells it through here, so all tell the same."""
    before = game.copy() if game.unification is not None else None  # only wars pending can be called off
    events = game.apply(action, seat=seat)
    called_off = None if before is None else wars_called_off(before, game, events)
    return [*events, *([called_off] if called_off is not None else [])]


def wars_called_off(before: Game, after: Game, events: Sequence[Event]) -> texts.WarsCalledOff | None:
    """R19: the wars that were waiting their turn and will not be fought after ``events`` (a war that
    split the kingdom, so that their leaders are no longer in one), or None."""
    fought = next((e.colour for e in events if e.kind == "war-won" and e.colour is not None), None)
    if fought is None or before.unification is None:
        return None
    waiting = set(before.war_colours()) - {fought}
    started = {e.colour for e in events if e.kind == "war"}
    left = set(after.war_colours()) if after.unification == before.unification else set()
    gone = tuple(c for c in COLOURS if c in waiting - started - left)
    return texts.WarsCalledOff(gone, fought) if gone else None


def seat_now(
    record: GameRecord, game: Game, seat: int, now: int, due: Due | None = None, *, moved: bool = False
) -> texts.SeatNow:
    """What is true of ``seat`` now, for the DMs edited now (``due``: until when the game waits, if
    known; it is the seat's turn deadline while the seat plays its turn)."""
    holder = record.seat_record(seat)
    active = game.active == seat and not game.is_over
    awaited = game.to_act == seat and not game.is_over
    deadline = None
    if due is not None and awaited and active and game.phase is Phase.ACTION and due.kind == TURN:
        deadline = due.at
    away = holder is not None and holder.away_at(now)
    vacation = on_vacation(holder, now)
    deciding = awaited and game.phase is not Phase.ACTION
    return texts.SeatNow(
        game.turn, active, awaited, game.actions_left, away, deadline, moved, vacation, deciding
    )


def seat_notes(record: GameRecord, now: int) -> dict[int, SeatNote]:
    """The marks on the pictures' player lists: away, on vacation, resigned, the computer player."""
    notes = {}
    for seat in record.seats:
        if seat.resigned:
            notes[seat.seat] = SeatNote(SeatMark.RESIGNED)
        elif seat.is_computer:
            notes[seat.seat] = SeatNote(SeatMark.COMPUTER)
        elif on_vacation(seat, now):
            notes[seat.seat] = SeatNote(SeatMark.AWAY, "vacation")
        elif seat.away_at(now):
            notes[seat.seat] = SeatNote(SeatMark.AWAY)
    return notes


def shown_events(story: texts.Story) -> list[Event]:
    """The events whose squares the board marks: those after the last undo (a move taken back is not on
    the board any more)."""
    events: list[Event] = []
    for item in story:
        if isinstance(item, texts.TookBack):
            events = []
        elif isinstance(item, Event):
            events.append(item)
    return events


async def game_link(store: Store, record: GameRecord) -> str:
    """A link for DMs: to the game's latest post, else to its channel."""
    posts = await store.last_posts(record.id, 1)
    return _post_jump(record, posts[0]) if posts else f"<#{record.channel_id}>"


def _post_jump(record: GameRecord, post: Post) -> str:
    return texts.post_link(record.guild_id, post.channel_id, post.message_id)


async def board_file(
    view: PublicView,
    names: list[str],
    events: Sequence[Event] | None = None,
    notes: render.SeatNotes | None = None,
    title: str | None = None,
    *,
    words: Words,
) -> discord.File:
    """The board picture, drawn off the event loop; with an action's events, what they changed is marked,
    and so are the tiles that count in a conflict; ``notes`` mark seats (away, resigned, ...); ``words``:
    the picture's language (the game's, in its channel)."""
    if events is None:
        png = await asyncio.to_thread(
            render.board_png,
            view,
            words=words,
            names=names,
            notes=notes,
            title=title,
        )
    else:
        png = await asyncio.to_thread(
            render.board_png,
            view,
            words=words,
            names=names,
            changed=render.changed_squares(events),
            removed=render.removed_squares(events),
            highlight=conflict_squares(view),
            notes=notes,
            title=title,
        )
    return discord.File(io.BytesIO(png), "board.png")


async def hand_file(
    view: PlayerView,
    names: list[str],
    notes: render.SeatNotes | None = None,
    title: str | None = None,
    *,
    words: Words,
) -> discord.File:
    """The hand picture in ``words``, its reader's language."""
    png = await asyncio.to_thread(
        render.hand_png,
        view,
        words=words,
        names=names,
        notes=notes,
        title=title,
    )
    return discord.File(io.BytesIO(png), "hand.png")


async def scores_file(
    view: PublicView, names: list[str], resigned: Sequence[int] = (), *, words: Words
) -> discord.File:
    """The final scores in ``words`` (the game's language, in its channel)."""
    notes = {seat: SeatNote(SeatMark.RESIGNED) for seat in resigned}
    png = await asyncio.to_thread(
        render.scores_png,
        view,
        words=words,
        names=names,
        notes=notes,
    )
    return discord.File(io.BytesIO(png), "scores.png")


def prompt_buttons(
    words: Words, game_id: int, version: int, choices: Sequence[str], game_view: PublicView | None = None
) -> discord.ui.View:
    """A prompt's buttons, one per choice, labelled for the game they are offered in (``game_view``). The
    view only carries the components: clicks reach the surface's button handler through the custom_id,
    before and after a restart."""
    view = discord.ui.View(timeout=None)
    if len(choices) > MAX_BUTTONS:  # keep "decline" (listed last), the others stay open to /te choose
        choices = [*choices[: MAX_BUTTONS - 1], choices[-1]]
    for choice in choices:
        action = Action.parse(choice)  # the engine's own notation of a legal choice
        view.add_item(
            discord.ui.Button(
                label=texts.choice_label(words, action, game_view),
                style=_BUTTON_STYLES.get(action.kind, discord.ButtonStyle.success),
                custom_id=choice_id(game_id, version, action.text),
            )
        )
    view.stop()  # a stopped view is sent but not kept: discord.py would otherwise hold it in memory forever
    return view


def conflict_squares(view: PublicView) -> frozenset[int]:
    """During a revolt or war, the tiles that count for each side are marked on the board."""
    c = view.conflict
    return frozenset() if c is None else frozenset(c.attacker_supporters) | frozenset(c.defender_supporters)


def _screen(game: Game, seat: int) -> tuple[object, ...]:
    """What a player's hand shows; the hand in their newest DM is edited only when this changes."""
    return (
        tuple(game.hands[seat]),
        tuple(game.points[seat]),
        game.treasures_held[seat],
        game.catastrophes[seat],
        tuple(game.leaders_in_supply(seat)),
    )
