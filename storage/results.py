"""Results and ratings of finished games, written inside a transaction (a ``storage.sql.Db`` body):
by ``append_action`` when an action ends a game, and by migration 0008 for the games finished before it.
The stats queries read them (``storage.areas.history``).

Whom a seat's result counts for (``results.user_id`` / ``level``), for stats and ratings:

- the person holding the seat at the end, including someone it was handed to (R33; ``replaced`` marks it);
- a seat a person resigned (R33) counts for that person: their score still counts, marked ``resigned_by``,
  and resigning does not dodge a loss; unless they hold another seat of the same game at the end (a
  manager handed them one), which then counts instead, and the resigned seat counts for nobody;
- the computer player at its level otherwise (one identity per level on each server).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import groupby
from typing import Any

from engine import EngineError, Game, load
from storage.rating import Ladder, Rating
from storage.records import Player, player_or_none
from storage.sql import Db

_INSERT_RESULT = """
INSERT INTO results (game_id, seat, guild_id, ended_at, players, owner_user_id, owner_level, resigned_by,
                     replaced, user_id, level, place, score, red, blue, green, black, treasures)
VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"""
_RATING_OF_PERSON = "SELECT rating, games, wins FROM ratings WHERE guild_id = ? AND user_id = ?"
_RATING_OF_COMPUTER = "SELECT rating, games, wins FROM ratings WHERE guild_id = ? AND level = ?"
_SAVE_PERSON = """
INSERT INTO ratings (guild_id, user_id, rating, games, wins, last_game_at) VALUES (?, ?, ?, ?, ?, ?)
ON CONFLICT (guild_id, user_id) WHERE user_id IS NOT NULL
DO UPDATE SET rating = excluded.rating, games = excluded.games, wins = excluded.wins,
              last_game_at = excluded.last_game_at"""
_SAVE_COMPUTER = """
INSERT INTO ratings (guild_id, level, rating, games, wins, last_game_at) VALUES (?, ?, ?, ?, ?, ?)
ON CONFLICT (guild_id, level) WHERE level IS NOT NULL
DO UPDATE SET rating = excluded.rating, games = excluded.games, wins = excluded.wins,
              last_game_at = excluded.last_game_at"""


def record_results(db: Db, game_id: int, game: Game) -> None:
    """Save the results of the game that ``game`` (its final position) ended, and rate it on its server.
    The game's row must already be finished (``ended_at`` set)."""
    guild_id, ended_at = _insert_results(db, game_id, game)
    places = _places(db, game_id)
    if not places:
        return
    ladder = Ladder({player: _rating(db, guild_id, player) for player, _, _ in places})
    moves = ladder.play([(player, place) for player, place, _ in places])
    for player in moves:
        _save_rating(db, guild_id, player, ladder.ratings[player], ended_at)
    db.executemany(
        "UPDATE results SET rating_change = ? WHERE game_id = ? AND seat = ?",
        [(moves[player], game_id, seat) for player, _, seat in places],
    )


def _insert_results(db: Db, game_id: int, game: Game) -> tuple[int, int]:
    outcome = game.outcome()
    if outcome is None:
        raise ValueError(f"game {game_id} is not over, so it has no results")
    guild_id, ended_at, players = db.execute(
        "SELECT guild_id, ended_at, players FROM games WHERE id = ?", (game_id,)
    ).fetchone()
    seats = {
        seat: (user_id, level, resigned_by)
        for seat, user_id, level, resigned_by in db.execute(
            "SELECT seat, user_id, level, resigned_by FROM seats WHERE game_id = ?", (game_id,)
        )
    }
    replaced = {
        seat
        for (seat,) in db.execute(
            "SELECT seat FROM seat_owners WHERE game_id = ? AND reason = 'replaced'", (game_id,)
        )
    }
    people = {user_id for user_id, _, _ in seats.values() if user_id is not None}
    rows = []
    for s in outcome.standings:
        user_id, level, resigned_by = seats[s.seat]
        counts_for = _counts_for(user_id, level, resigned_by, people)
        rows.append(
            (
                game_id, s.seat, guild_id, ended_at, players, user_id, level, resigned_by,
                int(s.seat in replaced),
                counts_for.user_id if counts_for else None, counts_for.level if counts_for else None,
                s.place, s.score, *s.final, s.treasures,
            )
        )  # fmt: skip
    db.executemany(_INSERT_RESULT, rows)
    return guild_id, ended_at


def _counts_for(
    user_id: int | None, level: str | None, resigned_by: int | None, people: set[int]
) -> Player | None:
    """Whom a seat's result counts for (the module docstring): its person, else the person who resigned it
    (unless they hold another seat), else its computer level."""
    if user_id is not None:
        return Player.person(user_id)
    if resigned_by is not None:
        return None if resigned_by in people else Player.person(resigned_by)
    assert level is not None
    return Player.computer(level)


def _places(db: Db, game_id: int) -> list[tuple[Player, int, int]]:
    """(player, place, seat) of each seat of the game whose result counts for someone, by seat."""
    rows = db.execute(
        "SELECT user_id, level, place, seat FROM results WHERE game_id = ? ORDER BY seat", (game_id,)
    )
    return [(player, place, seat) for u, lv, place, seat in rows if (player := player_or_none(u, lv))]


def _rating(db: Db, guild_id: int, player: Player) -> Rating:
    if player.user_id is not None:
        row = db.execute(_RATING_OF_PERSON, (guild_id, player.user_id)).fetchone()
    else:
        row = db.execute(_RATING_OF_COMPUTER, (guild_id, player.level)).fetchone()
    return Rating() if row is None else Rating(*row)


def _save_rating(db: Db, guild_id: int, player: Player, rating: Rating, at: int) -> None:
    sql, who = (
        (_SAVE_PERSON, player.user_id) if player.user_id is not None else (_SAVE_COMPUTER, player.level)
    )
    db.execute(sql, (guild_id, who, rating.value, rating.games, rating.wins, at))


def recompute_ratings(db: Db, guild_id: int | None = None) -> int:
    """Rate every finished game again from its results, in the order they were saved (the order the games
    finished, as ``record_results`` rated them), on one server or on all (``guild_id`` None): the ratings
    and each result's ``rating_change`` are rewritten. For a migration or a fix of the rating rules.
    Returns the number of games rated."""
    where, params = ("WHERE guild_id = ?", (guild_id,)) if guild_id is not None else ("", ())
    db.execute(f"DELETE FROM ratings {where}", params)  # noqa: S608 - a constant clause
    rows = db.execute(
        f"""SELECT guild_id, ended_at, game_id, seat, user_id, level, place FROM results {where}
            ORDER BY guild_id, id""",  # noqa: S608 - a constant clause
        params,
    ).fetchall()
    rated = 0
    changes: list[tuple[float, int, int]] = []
    for guild, games in groupby(rows, key=lambda r: r[0]):
        ladder: Ladder[Player] = Ladder()
        last_game_at: dict[Player, int] = {}
        for (_, ended_at, game_id), seats in groupby(games, key=lambda r: r[:3]):
            places = [(p, place, seat) for *_, seat, u, lv, place in seats if (p := player_or_none(u, lv))]
            if not places:
                continue
            moves = ladder.play([(player, place) for player, place, _ in places])
            changes.extend((moves[player], game_id, seat) for player, _, seat in places)
            last_game_at.update((player, ended_at) for player in moves)
            rated += 1
        for player, rating in ladder.ratings.items():
            _save_rating(db, guild, player, rating, last_game_at[player])
    db.execute(f"UPDATE results SET rating_change = NULL {where}", params)  # noqa: S608 - a constant clause
    db.executemany("UPDATE results SET rating_change = ? WHERE game_id = ? AND seat = ?", changes)
    return rated


def backfill(db: Db) -> None:
    """Migration 0008: the results of the games finished before it, from their final positions, in the order
    they ended, then every server's ratings. A game whose stored position the engine refuses (``python -m
    storage check`` names it) is left without results rather than stopping the upgrade."""
    finished: Iterable[Sequence[Any]] = db.execute(  # read row by row: positions are a few kB each
        "SELECT id, position FROM games WHERE status = 'finished' ORDER BY ended_at, id"
    )
    for game_id, position in finished:
        try:
            game = load(position)
        except EngineError:
            continue
        if game.is_over:
            _insert_results(db, game_id, game)
    recompute_ratings(db)
