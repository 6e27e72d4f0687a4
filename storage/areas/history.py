"""History and standings (issue 13): finished games, results, stats, ratings; post-game analyses."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from functools import partial
from typing import Any

from storage.areas.base import Area, check_int, per_dialect
from storage.areas.game_rows import game_from_row, game_row, games_where
from storage.records import (
    FinishedGame,
    GameRecord,
    LeaderboardRow,
    Opponent,
    Player,
    PlayerStats,
    SeatResult,
    Status,
    UserGame,
    player_or_none,
)
from storage.results import recompute_ratings
from storage.sql import Db, Dialect

# History and standings (issue 13). A server's games in play, the longest waiting first, and its finished
# games, the newest first: one range of games_guild_ended each (the finished ones read in order).
_SQL_RUNNING_GAMES = games_where(
    "WHERE g.guild_id = ? AND g.status = 'playing' ORDER BY g.updated_at, g.id LIMIT ?"
)
# The lobbies and games in play a person holds a seat in, on every server: those waiting on them first.
_SQL_USER_GAMES = games_where(
    """JOIN seats AS me ON me.game_id = g.id
WHERE me.user_id = ? AND g.status IN ('lobby', 'playing')
ORDER BY g.status = 'playing' AND g.seat_to_act = me.seat DESC, g.status = 'playing' DESC,
         g.updated_at, g.id"""
)


def _result_row(d: Dialect) -> str:
    return d.json_row(
        "r.seat", "r.place", "r.score", "r.red", "r.blue", "r.green", "r.black", "r.treasures",
        "r.owner_user_id", "r.owner_level", "r.user_id", "r.level", "r.resigned_by", "r.replaced",
        "r.rating_change",
    )  # fmt: skip


_SQL_GAME_RESULTS = per_dialect(
    lambda d: f"SELECT {_result_row(d)} FROM results AS r WHERE r.game_id = ? ORDER BY r.place, r.seat"  # noqa: S608
)
_SQL_FINISHED_GAMES = per_dialect(
    lambda d: (
        f"""
SELECT g.id, g.channel_id, g.players, g.started_at, g.ended_at,
       (SELECT {d.json_list("result", of_json=True)} FROM (
            SELECT {_result_row(d)} AS result FROM results AS r WHERE r.game_id = g.id
            ORDER BY r.place, r.seat
        ){d.derived("rr")})
FROM games AS g
WHERE g.guild_id = ? AND g.status = 'finished'
ORDER BY g.ended_at DESC, g.id DESC LIMIT ?"""  # noqa: S608 - constant text; the values are parameters
    )
)
# A rank is shared by the ratings that read the same (rounded, as shown): 1 + those shown higher
_SQL_LEADERBOARD = """
SELECT user_id, level, rating, games, wins,
       1 + (SELECT count(*) FROM ratings AS better
            WHERE better.guild_id = r.guild_id AND better.games >= ?
              AND round(better.rating) > round(r.rating))
FROM ratings AS r
WHERE guild_id = ? AND games >= ?
ORDER BY rating DESC, id LIMIT ? OFFSET ?"""


def _stats_sql(d: Dialect, who: str, resigned: str) -> str:
    """A player's stats on a server in one statement; ``who`` picks their rows (a person's or a level's),
    ``resigned`` counts the games they resigned."""
    totals = d.json_row(
        "count(DISTINCT game_id)", "count(DISTINCT CASE WHEN place = 1 THEN game_id END)", "avg(place)",
        "avg(score)", "max(score)", resigned,
    )  # fmt: skip
    rating = d.json_row(
        "r.rating",
        "(SELECT count(*) FROM ratings AS better"
        " WHERE better.guild_id = :guild AND round(better.rating) > round(r.rating))",
    )
    met = d.json_list(d.json_row("user_id", "level", "games", "ahead", "behind", "number"))
    return f"""
SELECT
  (SELECT {totals} FROM results WHERE guild_id = :guild AND {who}),
  (SELECT {rating} FROM ratings AS r WHERE r.guild_id = :guild AND r.{who}),
  (SELECT {met} FROM (
     SELECT o.user_id, o.level, o.number, count(DISTINCT o.game_id) AS games,
            sum(CASE WHEN me.place < o.place THEN 1 ELSE 0 END) AS ahead,
            sum(CASE WHEN me.place > o.place THEN 1 ELSE 0 END) AS behind
     FROM results AS me JOIN (
        -- a computer seat's number among its game's seats of that level: "Bot 2 (hard)" stays itself
        SELECT r.*, CASE WHEN r.level IS NULL THEN 1 ELSE (
                   SELECT count(*) FROM results AS x
                   WHERE x.game_id = r.game_id AND x.level = r.level AND x.seat <= r.seat) END AS number
        FROM results AS r
     ) AS o ON o.game_id = me.game_id AND o.seat <> me.seat
     WHERE me.guild_id = :guild AND me.{who}
       AND (o.user_id IS NOT NULL OR o.level IS NOT NULL)
       AND (o.{who}) IS NOT TRUE
     GROUP BY o.user_id, o.level, o.number
     ORDER BY games DESC, o.user_id IS NULL, o.user_id, o.level, o.number
     LIMIT :opponents){d.derived("m")})"""  # noqa: S608 - ``who`` and ``resigned`` are the constants below


_SQL_STATS_OF_PERSON = per_dialect(
    lambda d: _stats_sql(d, "user_id = :who", "count(DISTINCT CASE WHEN resigned_by = :who THEN game_id END)")
)
_SQL_STATS_OF_COMPUTER = per_dialect(lambda d: _stats_sql(d, "level = :who", "0"))  # a level never resigns


def _result_from_row(game_id: int, row: Sequence[Any]) -> SeatResult:
    (seat, place, score, red, blue, green, black, treasures, owner_user_id, owner_level, user_id, level,
     resigned_by, replaced, rating_change) = row  # fmt: skip
    return SeatResult(
        game_id, seat, place, score, (red, blue, green, black), treasures, Player(owner_user_id, owner_level),
        player_or_none(user_id, level), resigned_by, bool(replaced), rating_change,
    )  # fmt: skip


class HistoryArea(Area):
    """A server's games over time and its players' records."""

    async def running_games(self, guild_id: int, limit: int = 25) -> list[GameRecord]:
        """The server's games in play, the longest waiting first: ``record.user_to_act`` (None for a
        computer seat) and ``record.waiting_since`` say whose turn it is and since when."""
        rows = await self._read(_SQL_RUNNING_GAMES, (guild_id, check_int(limit, "limit")))
        return [game_from_row(r) for r in rows]

    async def finished_games(self, guild_id: int, limit: int = 10) -> list[FinishedGame]:
        """The server's finished games, the newest first, each with its results (abandoned games are not
        finished)."""
        rows = await self._read(_SQL_FINISHED_GAMES, (guild_id, check_int(limit, "limit")))
        return [
            FinishedGame(
                game_id, channel_id, players, started_at, ended_at,
                tuple(_result_from_row(game_id, r) for r in json.loads(results)),
            )
            for game_id, channel_id, players, started_at, ended_at, results in rows
        ]  # fmt: skip

    async def user_games(self, user_id: int) -> list[UserGame]:
        """The lobbies and games in play where the person holds a seat, on every server: those that wait
        on them first (the longest waiting first), then their other games in play, then lobbies."""
        rows = await self._read(_SQL_USER_GAMES, (check_int(user_id, "user_id"),))
        found = []
        for row in rows:
            record = game_from_row(row)
            seat = record.seat_of(user_id)
            assert seat is not None
            awaited = record.status is Status.PLAYING and record.seat_to_act == seat
            found.append(UserGame(record, seat, awaited))
        return found

    async def game_results(self, game_id: int) -> list[SeatResult]:
        """A finished game's results, the best place first (then by seat); empty for any other game."""
        rows = await self._read(_SQL_GAME_RESULTS, (game_id,))
        return [_result_from_row(game_id, json.loads(r[0])) for r in rows]

    async def player_stats(self, guild_id: int, player: Player, *, opponents: int = 3) -> PlayerStats:
        """A player's record on the server, from its finished games (a person's, or a computer level's):
        games, wins (shared wins count), average place and final score, best score, games resigned, the
        rating and its rank, and the ``opponents`` most met (with how often the player placed ahead)."""
        if not isinstance(player, Player):
            raise TypeError(f"player must be a Player, not {type(player).__name__}")
        sql = _SQL_STATS_OF_COMPUTER if player.is_computer else _SQL_STATS_OF_PERSON
        params = {
            "guild": check_int(guild_id, "guild_id"),
            "who": player.level if player.is_computer else player.user_id,
            "opponents": check_int(opponents, "opponents"),
        }
        totals, rating, met = (await self._read(sql, params))[0]
        games, wins, average_place, average_score, best, resigned = json.loads(totals)
        rating_value, better = json.loads(rating) if rating is not None else (None, None)
        return PlayerStats(
            player, games, wins, average_place, average_score, best, resigned, rating_value,
            None if better is None else better + 1,
            tuple(
                Opponent(Player(u, lv), n, ahead, behind, number)
                for u, lv, n, ahead, behind, number in json.loads(met)
            ),
        )  # fmt: skip

    async def leaderboard(
        self, guild_id: int, *, limit: int = 10, offset: int = 0, min_games: int = 1
    ) -> list[LeaderboardRow]:
        """The server's ratings, the best first, from the ``offset + 1``-th; players with fewer than
        ``min_games`` finished games left out (their ranks then skip nobody). Ratings that read the same
        (rounded) share their rank."""
        least = check_int(min_games, "min_games")
        rows = await self._read(
            _SQL_LEADERBOARD, (least, guild_id, least, check_int(limit, "limit"), check_int(offset, "offset"))
        )
        return [
            LeaderboardRow(rank, Player(u, lv), rating, games, wins)
            for u, lv, rating, games, wins, rank in rows
        ]

    async def recompute_ratings(self, guild_id: int | None = None) -> int:
        """Rate every finished game of the server (or of all servers) again from the results, in the order
        they ended: after a change to ``storage.rating`` or a repair. Returns the number of games rated."""
        guild = None if guild_id is None else check_int(guild_id, "guild_id")
        return await self._run(partial(recompute_ratings, guild_id=guild))

    async def save_analysis(self, game_id: int, version: int, analysis: Mapping[str, Any], now: int) -> None:
        """Keep the post-game analysis of the game at ``version`` (replacing an older one)."""
        params = (
            game_id,
            check_int(version, "version"),
            check_int(now, "now"),
            json.dumps(analysis, ensure_ascii=False),
        )

        def body(db: Db) -> None:
            game_row(db, game_id)
            db.execute(
                """INSERT INTO game_analyses (game_id, version, made_at, analysis) VALUES (?, ?, ?, ?)
                   ON CONFLICT (game_id) DO UPDATE SET version = excluded.version, made_at = excluded.made_at,
                                                       analysis = excluded.analysis""",
                params,
            )

        await self._run(body)

    async def analysis(self, game_id: int, version: int) -> dict[str, Any] | None:
        """The analysis kept for the game at ``version``, if one was."""
        rows = await self._read(
            "SELECT analysis FROM game_analyses WHERE game_id = ? AND version = ?", (game_id, version)
        )
        return json.loads(rows[0][0]) if rows else None
