"""What the bot sent about a game: remembered messages (the board, a player's hand), the channel's posts."""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from storage.areas.base import Area, check_int, fetch_one
from storage.areas.game_rows import game_row
from storage.areas.presentation import mark_step_done, step_name
from storage.records import DirectMessage, MessageRef, Post
from storage.sql import Db

_POST_COLUMNS = (
    "SELECT game_id, seq, version, turn_of, channel_id, message_id, posted_at, lines, board, translations "
    "FROM game_posts "
)
# The newest posts first (read back oldest first): all of them, or those after the post that ended a seat's
# last turn (all of them when none did yet).
_SQL_LAST_POSTS = _POST_COLUMNS + "WHERE game_id = ? ORDER BY seq DESC LIMIT ?"
_SQL_NEXT_POST = "SELECT coalesce(max(seq), 0) + 1 FROM game_posts WHERE game_id = ?"
# A turn's post is edited as its actions come, one row each: the newest row is the one its last edit made.
_SQL_POST_OF = _POST_COLUMNS + "WHERE game_id = ? AND message_id = ? ORDER BY seq DESC LIMIT 1"

_SQL_POSTS_SINCE_TURN = (
    _POST_COLUMNS  # noqa: S608 - constant text; the values are parameters
    + """WHERE game_id = ? AND seq > coalesce(
    (SELECT max(seq) FROM game_posts WHERE game_id = ? AND turn_of = ?), 0)
ORDER BY seq DESC LIMIT ?"""
)


def _post_from_row(row: Sequence[Any]) -> Post:
    game_id, seq, version, turn_of, channel_id, message_id, posted_at, lines, board, translations = row
    told = tuple(json.loads(lines))
    other = {code: tuple(said) for code, said in json.loads(translations or "{}").items()}
    return Post(game_id, seq, version, turn_of, channel_id, message_id, posted_at, told, bool(board), other)


_SQL_DM = """SELECT message_id, game_id, user_id, seat, channel_id, version, kind, facts, hand,
       newer_channel_id, newer_message_id, note, note_choice, sent_at
FROM direct_messages WHERE message_id = ?"""


class MessagesArea(Area):
    """The bot's messages and posts about each game."""

    async def remember_message(
        self,
        game_id: int,
        kind: str,
        channel_id: int,
        message_id: int,
        now: int,
        *,
        user_id: int | None = None,
        step: tuple[int, str] | None = None,
    ) -> MessageRef | None:
        """Remember the message of this kind for the game (``user_id`` None) or for one player.

        Replaces the one remembered before and returns that one, if any (e.g. the previous board). With
        ``step`` (a version and a step of showing it), that step is recorded as done in the same transaction,
        with this message and the one it replaced.
        """
        if not kind:
            raise ValueError("a message needs a kind")
        owner = 0 if user_id is None else check_int(user_id, "user_id")
        params = (
            game_id,
            kind,
            owner,
            check_int(channel_id, "channel_id"),
            check_int(message_id, "message_id"),
            check_int(now, "now"),
        )

        def body(db: Db) -> MessageRef | None:
            game_row(db, game_id)
            old = fetch_one(
                db,
                "SELECT channel_id, message_id, updated_at FROM messages "
                "WHERE game_id = ? AND kind = ? AND user_id = ?",
                params[:3],
            )
            db.execute(
                """INSERT INTO messages (game_id, kind, user_id, channel_id, message_id, updated_at)
                   VALUES (?, ?, ?, ?, ?, ?)
                   ON CONFLICT (game_id, kind, user_id) DO UPDATE SET
                       channel_id = excluded.channel_id, message_id = excluded.message_id,
                       updated_at = excluded.updated_at""",
                params,
            )
            if step is not None:
                version, name = step
                replaced = None if old is None else (old[0], old[1])
                shown = check_int(version, "version"), step_name(name)
                mark_step_done(db, game_id, *shown, params[5], params[3:5], replaced)
            return None if old is None else MessageRef(game_id, kind, user_id, *old)

        return await self._run(body)

    async def message(self, game_id: int, kind: str, *, user_id: int | None = None) -> MessageRef | None:
        """The remembered message of this kind for the game (``user_id`` None) or for one player."""
        rows = await self._read(
            "SELECT channel_id, message_id, updated_at FROM messages "
            "WHERE game_id = ? AND kind = ? AND user_id = ?",
            (game_id, kind, 0 if user_id is None else user_id),
        )
        return MessageRef(game_id, kind, user_id, *rows[0]) if rows else None

    async def messages(self, game_id: int, kind: str | None = None) -> list[MessageRef]:
        """The game's remembered messages (of one kind, or all), by kind then user."""
        rows = await self._read(
            """SELECT kind, user_id, channel_id, message_id, updated_at FROM messages
               WHERE game_id = ? AND kind = coalesce(?, kind) ORDER BY kind, user_id""",
            (game_id, kind),
        )
        return [MessageRef(game_id, k, u or None, c, m, t) for k, u, c, m, t in rows]

    async def forget_message(self, game_id: int, kind: str, *, user_id: int | None = None) -> bool:
        """Forget a remembered message; False if there was none."""

        def body(db: Db) -> bool:
            cursor = db.execute(
                "DELETE FROM messages WHERE game_id = ? AND kind = ? AND user_id = ?",
                (game_id, kind, 0 if user_id is None else user_id),
            )
            return cursor.rowcount > 0

        return await self._run(body)

    async def add_post(
        self,
        game_id: int,
        version: int,
        channel_id: int,
        message_id: int,
        now: int,
        lines: Sequence[str],
        *,
        turn_of: int | None = None,
        step: str | None = None,
        board: bool = False,
        translations: Mapping[str, Sequence[str]] | None = None,
    ) -> Post:
        """Remember a channel post about the game: its public ``lines``, the ``version`` it showed, and
        ``turn_of``, the seat whose turn it ended (if one did). Numbered after the game's last post. With
        ``step``, that step of showing ``version`` is recorded as done with this post, in one transaction;
        ``board``: the post carries the board picture; ``translations``: its lines in the other languages its
        players read (language code → lines)."""
        texts = [str(line) for line in lines]
        other = {str(code): tuple(str(line) for line in said) for code, said in (translations or {}).items()}
        params = (
            check_int(version, "version"),
            None if turn_of is None else check_int(turn_of, "turn_of"),
            check_int(channel_id, "channel_id"),
            check_int(message_id, "message_id"),
            check_int(now, "now"),
            json.dumps(texts, ensure_ascii=False),
            int(bool(board)),
            json.dumps(other, ensure_ascii=False) if other else None,
        )

        def body(db: Db) -> Post:
            game_row(db, game_id)
            seq = fetch_one(db, _SQL_NEXT_POST, (game_id,))[0]
            db.execute(
                """INSERT INTO game_posts (game_id, seq, version, turn_of, channel_id, message_id, posted_at,
                   lines, board, translations) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)""",
                (game_id, seq, *params),
            )
            if step is not None:
                mark_step_done(db, game_id, params[0], step_name(step), params[4], params[2:4])
            return Post(game_id, seq, *params[:5], lines=tuple(texts), board=bool(board), translations=other)

        return await self._run(body)

    async def post_of(self, game_id: int, message_id: int) -> Post | None:
        """The newest remembered post of the game sent (or edited) as ``message_id``, or None."""
        rows = await self._read(_SQL_POST_OF, (game_id, check_int(message_id, "message_id")))
        return _post_from_row(rows[0]) if rows else None

    async def last_posts(self, game_id: int, count: int) -> list[Post]:
        """The game's ``count`` newest posts, oldest first."""
        rows = await self._read(_SQL_LAST_POSTS, (game_id, check_int(count, "count")))
        return [_post_from_row(r) for r in reversed(rows)]

    async def posts_since_turn(self, game_id: int, seat: int, limit: int = 50) -> list[Post]:
        """The posts since the one that ended ``seat``'s last turn (all of them before its first turn
        ended), oldest first; at most the ``limit`` newest."""
        params = (game_id, game_id, check_int(seat, "seat"), check_int(limit, "limit"))
        rows = await self._read(_SQL_POSTS_SINCE_TURN, params)
        return [_post_from_row(r) for r in reversed(rows)]

    async def posts_numbered(self, game_id: int, seqs: Iterable[int]) -> list[Post]:
        """The game's posts of these numbers (a turn DM's catch-up), oldest first."""
        wanted = sorted({check_int(seq, "seq") for seq in seqs})
        if not wanted:
            return []
        marks = ", ".join("?" * len(wanted))
        sql = _POST_COLUMNS + f"WHERE game_id = ? AND seq IN ({marks}) ORDER BY seq"
        return [_post_from_row(r) for r in await self._read(sql, (game_id, *wanted))]

    # What a DM shows (issue 19, item 5), kept so that it is never read back from its text.

    async def add_dm(self, dm: DirectMessage) -> None:
        """Keep a DM sent about a game; the same DM found again after a crash keeps its first row."""
        params = (
            check_int(dm.message_id, "message_id"),
            dm.game_id,
            check_int(dm.user_id, "user_id"),
            None if dm.seat is None else check_int(dm.seat, "seat"),
            check_int(dm.channel_id, "channel_id"),
            check_int(dm.version, "version"),
            step_name(dm.kind),
            json.dumps(dict(dm.facts), ensure_ascii=False, sort_keys=True),
            int(dm.hand),
            check_int(dm.sent_at, "sent_at"),
        )

        def body(db: Db) -> None:
            game_row(db, dm.game_id)
            db.execute(
                """INSERT INTO direct_messages (message_id, game_id, user_id, seat, channel_id, version, kind,
                       facts, hand, sent_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                   ON CONFLICT (message_id) DO NOTHING""",
                params,
            )

        await self._run(body)

    async def dm(self, message_id: int) -> DirectMessage | None:
        """A DM kept by ``add_dm``, as it stands now, or None."""
        rows = await self._read(_SQL_DM, (check_int(message_id, "message_id"),))
        if not rows:
            return None
        message, game, user, seat, channel, version, kind, facts, hand, *newer, note, choice, at = rows[0]
        moved = None if None in newer else (newer[0], newer[1])
        told = json.loads(facts)
        return DirectMessage(
            message, game, user, seat, channel, version, kind, told, at, bool(hand), moved, note, choice
        )

    async def dm_moved(self, message_id: int, channel_id: int, newer_message_id: int) -> None:
        """A newer DM carries the reader's hand from now on: this one points to it."""
        await self._update_dm(
            "hand = 0, newer_channel_id = ?, newer_message_id = ?",
            (check_int(channel_id, "channel_id"), check_int(newer_message_id, "newer_message_id")),
            message_id,
        )

    async def dm_noted(self, message_id: int, note: str, choice: str | None = None) -> None:
        """The DM (a prompt) is closed, with ``note`` (an English catalogue message) below its text;
        ``choice``: the answer that closed it, in the notation, for the note's ``{choice}``."""
        await self._update_dm("note = ?, note_choice = ?", (str(note), choice), message_id)

    async def dm_replaced(self, message_id: int, kind: str, facts: Mapping[str, Any]) -> None:
        """The DM says something else from now on (its reader lost the seat), and carries no hand."""
        told = json.dumps(dict(facts), ensure_ascii=False, sort_keys=True)
        changes = "kind = ?, facts = ?, hand = 0, note = NULL, note_choice = NULL"
        await self._update_dm(changes, (step_name(kind), told), message_id)

    async def _update_dm(self, assignments: str, params: Sequence[Any], message_id: int) -> None:
        sql = f"UPDATE direct_messages SET {assignments} WHERE message_id = ?"  # noqa: S608 - constant text

        def body(db: Db) -> None:
            db.execute(sql, (*params, check_int(message_id, "message_id")))

        await self._run(body)
