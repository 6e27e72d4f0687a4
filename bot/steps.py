"""Each step of showing a version done once (issue 17), whatever crashes in between.

A version is shown in steps: the channel post, each DM (a prompt is one), each hand edit.
``Presenter.present`` opens a ``Showing`` of the version with the steps recorded so far and makes it the
current one (``SHOWING``: per task, so the rooms that send DMs need no extra argument); each step is recorded
in the store as it completes, and a version shown again after a crash does only the steps not recorded.

A message is the one step that Discord and the store cannot record together: a crash after Discord accepted
it and before the store recorded it would send it again. So the step is begun first with a hash of its text;
shown again, it is looked for among the bot's own messages in that channel since it began, and sent only if
it is not there. It is sent with a nonce of the game, version and step, which Discord (``enforce_nonce``, set
by discord.py with every nonce) answers with the message already made if the same nonce came in the last few
minutes, so even a message the search cannot see (no history permission) is not made twice after a quick
restart. Neither depends on the words of the message made again: the search compares the hash recorded
when the step began, so a reader who chose another language between the crash and the repeat still has the
message found, not sent twice.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from contextvars import ContextVar
from datetime import UTC, datetime
from typing import Any

import discord

from bot.core import log
from storage import PresentationStep, Store

# How many messages of the channel since a step began are read to find it (the step's own comes within
# seconds), and how far our clock may be ahead of Discord's, in seconds.
FIND_LIMIT = 50
CLOCK_SLACK = 120


def content_hash(content: str) -> str:
    """What identifies a message's text (Discord drops the whitespace at its ends)."""
    return hashlib.sha256(content.strip().encode()).hexdigest()


def nonce_of(game_id: int, version: int, step: str) -> str:
    """The nonce of a step's message: the same for every try, 24 characters (Discord allows 25)."""
    return hashlib.blake2b(f"{game_id}:{version}:{step}".encode(), digest_size=12).hexdigest()


class Showing:
    """The steps of showing one version of a game: those recorded, and how to send, find and record one."""

    def __init__(
        self,
        store: Store,
        game_id: int,
        version: int,
        recorded: dict[str, PresentationStep],
        bot_user_id: int | None,
        now: Callable[[], int],
    ) -> None:
        self._store = store
        self.game_id = game_id
        self.version = version
        self._recorded = recorded
        self._bot_user_id = bot_user_id
        self._now = now

    def done(self, step: str) -> PresentationStep | None:
        """The step as recorded, if it was done."""
        found = self._recorded.get(step)
        return found if found is not None and found.done else None

    def sent(self, step: str, message_id: int) -> bool:
        """Whether ``step`` was done by sending that message."""
        done = self.done(step)
        return done is not None and done.message_id == message_id

    def key(self, step: str) -> tuple[int, str]:
        """What the store's ``step=`` arguments take: the version and the step."""
        return self.version, step

    async def record(self, step: str, message: discord.Message | None = None) -> None:
        """Record ``step`` as done, with the message it sent or edited, if any."""
        where = {} if message is None else {"channel_id": message.channel.id, "message_id": message.id}
        await self._store.record_step(self.game_id, self.version, step, self._now(), **where)

    async def send(
        self,
        step: str,
        channel: discord.abc.Messageable,
        channel_id: int,
        content: str,
        **kwargs: Any,
    ) -> discord.Message:
        """The step's message: found in the channel if it came through before a crash (by the hash of the
        text first sent, whatever ``content`` says now), else sent. The caller records the step once it has
        done what follows (raises as ``Messageable.send`` does)."""
        begun = self._recorded.get(step)
        if begun is not None and begun.content_hash is not None and begun.channel_id == channel_id:
            found = await self._find(channel, begun)
            if found is not None:
                log.info(
                    "game %s: version %s's %s was sent before, not again", self.game_id, self.version, step
                )
                return found
        await self._store.begin_step(
            self.game_id,
            self.version,
            step,
            self._now(),
            channel_id=channel_id,
            content_hash=content_hash(content),
        )
        return await channel.send(content, nonce=nonce_of(self.game_id, self.version, step), **kwargs)

    async def _find(
        self, channel: discord.abc.Messageable, begun: PresentationStep
    ) -> discord.Message | None:
        """The bot's message with the step's text sent since the step began, if any."""
        since = datetime.fromtimestamp(begun.started_at - CLOCK_SLACK, UTC)
        try:
            async for message in channel.history(limit=FIND_LIMIT, after=since, oldest_first=True):
                if (
                    message.author.id == self._bot_user_id
                    and content_hash(message.content) == begun.content_hash
                ):
                    return message
        except discord.HTTPException as exc:  # no history permission: the nonce is what is left
            log.warning("game %s: cannot look for %s in channel: %s", self.game_id, begun.step, exc)
        return None


SHOWING: ContextVar[Showing | None] = ContextVar("showing", default=None)
