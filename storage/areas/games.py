"""Finding games: by id, channel, server, player, status."""

from __future__ import annotations

from collections.abc import Iterable

from storage.areas.base import ACTIVE, Area, per_dialect, statuses_json
from storage.areas.game_rows import SQL_GAME, game_from_row, games_where
from storage.errors import GameNotFound
from storage.records import GameRecord, Status

_SQL_GAME_IN_CHANNEL = games_where("WHERE g.channel_id = ? AND g.status IN ('lobby', 'playing')")
# The newest game of a channel among some statuses: per status, the largest id of one range of the
# games_channel index (channel_id, status, then the rowid), so the cost never grows with the games stored.
_SQL_LATEST_IN_CHANNEL = games_where(
    """WHERE g.id = (
    SELECT max((SELECT max(c.id) FROM games AS c WHERE c.channel_id = ? AND c.status = wanted.value))
    FROM {values})"""
)
# The condition must read exactly as the games_unpresented partial index's, for SQLite to use the index.

_SQL_GAMES_OF_USER = games_where(
    """JOIN seats AS me ON me.game_id = g.id
JOIN {values} ON wanted.value = g.status
WHERE me.user_id = ?
ORDER BY g.id"""
)
_SQL_GAMES_WAITING_ON = games_where(
    """JOIN seats AS me ON me.game_id = g.id AND me.seat = g.seat_to_act
WHERE me.user_id = ? AND g.status = 'playing'
ORDER BY g.updated_at, g.id"""
)
_SQL_GAMES_OF_GUILD = games_where(
    """JOIN {values} ON wanted.value = g.status
WHERE g.guild_id = ?
ORDER BY g.id"""
)
_SQL_GAME_IDS = per_dialect(
    lambda d: (
        "SELECT id FROM games WHERE status IN "  # noqa: S608 - constant text; the values are parameters
        f"(SELECT value FROM {d.json_values('?', 'w')}) ORDER BY id"
    )
)


class GamesArea(Area):
    """The queries that find games with their seats."""

    async def load_game(self, game_id: int) -> GameRecord:
        """The game with its seats; ``GameNotFound`` if there is none."""
        rows = await self._read(SQL_GAME, (game_id,))
        if not rows:
            raise GameNotFound(game_id)
        return game_from_row(rows[0])

    async def game_in_channel(self, channel_id: int) -> GameRecord | None:
        """The lobby or game in play of this channel or thread, if any."""
        rows = await self._read(_SQL_GAME_IN_CHANNEL, (channel_id,))
        return game_from_row(rows[0]) if rows else None

    async def latest_game_in_channel(
        self, channel_id: int, statuses: Iterable[Status | str] = tuple(Status)
    ) -> GameRecord | None:
        """The newest game of this channel or thread among these statuses (all by default), or None.

        One indexed lookup per status, whatever the number of games stored. The game in play, else the
        last one that finished: ``statuses=(Status.LOBBY, Status.PLAYING, Status.FINISHED)`` (a channel's
        lobby or game in play is always its newest game).
        """
        rows = await self._read(_SQL_LATEST_IN_CHANNEL, (channel_id, statuses_json(statuses)))
        return game_from_row(rows[0]) if rows else None

    async def games_of_user(
        self, user_id: int, statuses: Iterable[Status | str] = ACTIVE
    ) -> list[GameRecord]:
        """The games where the user has a seat (by default lobbies and games in play), oldest first."""
        rows = await self._read(_SQL_GAMES_OF_USER, (statuses_json(statuses), user_id))
        return [game_from_row(r) for r in rows]

    async def games_waiting_on(self, user_id: int) -> list[GameRecord]:
        """The games in play whose seat to act is the user's, the longest waiting first."""
        rows = await self._read(_SQL_GAMES_WAITING_ON, (user_id,))
        return [game_from_row(r) for r in rows]

    async def games_of_guild(
        self, guild_id: int, statuses: Iterable[Status | str] = ACTIVE
    ) -> list[GameRecord]:
        """The games of a server (by default lobbies and games in play), oldest first."""
        rows = await self._read(_SQL_GAMES_OF_GUILD, (statuses_json(statuses), guild_id))
        return [game_from_row(r) for r in rows]

    async def game_ids(self, statuses: Iterable[Status | str] = tuple(Status)) -> list[int]:
        """The ids of the games with these statuses (all by default), in order."""
        rows = await self._read(
            _SQL_GAME_IDS,
            (statuses_json(statuses),),
        )
        return [r[0] for r in rows]
