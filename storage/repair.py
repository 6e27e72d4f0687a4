"""Inconsistencies the program repairs itself (``python -m storage repair``), told apart from damage.

Damage needs a backup: a bad page or a truncated file (``storage.files``), or a part of a game's record (its
seats, log, results) whose game row is gone. An inconsistency here is a row that disagrees with the rest of
the database while the right state follows from the rest, so ``repair`` sets it right and no backup is
needed; ``check`` lists them and never advises a restore for them:

- bookkeeping rows (``BOOKKEEPING_TABLES``: timers, the messages the bot edits, the game's posts, its kept
  analysis, the recorded steps of showing a version) of a game that does not exist, e.g. one deleted by
  hand without SQLite's foreign keys: deleted;
- timers of a game that is over (finished or abandoned): deleted, as ending the game does;
- timers held by a pause their game no longer has, which would never fire: released, each later by the
  time it was held, as resuming the pause does;
- a game marked shown (``presented_version``) at a version it has not reached, or a lobby marked shown at
  all (its start would never be shown): marked shown at its version, a lobby at none (-1).

A game whose saved version is ahead of what was shown is no inconsistency: the bot shows it when it starts.
Every finder is a query both databases run; every fix names the rows it found and checks again, in the
same transaction, that they are still wrong.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from storage.areas.timers import release_held_timers
from storage.sql import Db

# Rows that only help the bot show, time or study a game: without their game they are useless, never a loss.
BOOKKEEPING_TABLES = (
    "timers", "messages", "game_posts", "game_analyses", "presentation_steps", "direct_messages",
)  # fmt: skip
_NOUNS = {
    "timers": "timer",
    "messages": "remembered message",
    "game_posts": "remembered post",
    "game_analyses": "kept analysis",
    "presentation_steps": "recorded presentation step",
    "direct_messages": "remembered DM",
}
_ENDED = "('finished', 'abandoned')"


@dataclass(frozen=True)
class Inconsistency:
    """One thing ``repair`` changes: ``problem`` and ``fix`` are the two halves of one sentence."""

    kind: str  # "orphaned timers" (or messages, game_posts), "timers of an ended game", ...
    game_id: int
    problem: str
    fix: str

    def __str__(self) -> str:
        return f"{self.problem}; repair {self.fix}"


def _count(number: int, noun: str) -> str:
    return f"{number} {noun}{'' if number == 1 else 's'}"


def _them(number: int) -> str:
    return "it" if number == 1 else "them"


def _orphans(db: Db) -> list[Inconsistency]:
    found = []
    for table in BOOKKEEPING_TABLES:
        rows = db.execute(
            f"""SELECT game_id, count(*) FROM {table} AS t
                WHERE NOT EXISTS (SELECT 1 FROM games AS g WHERE g.id = t.game_id)
                GROUP BY game_id ORDER BY game_id"""  # noqa: S608 - the table is one of ours
        ).fetchall()
        found += [
            Inconsistency(
                f"orphaned {table}",
                game_id,
                f"{_count(count, _NOUNS[table])} of game {game_id}, which does not exist",
                f"deletes {_them(count)}",
            )
            for game_id, count in rows
        ]
    return found


def _fix_orphans(db: Db, found: Inconsistency, now: int) -> None:
    table = found.kind.removeprefix("orphaned ")
    assert table in BOOKKEEPING_TABLES
    db.execute(
        f"DELETE FROM {table} WHERE game_id = ? AND NOT EXISTS (SELECT 1 FROM games WHERE id = ?)",  # noqa: S608 - the table is one of ours
        (found.game_id, found.game_id),
    )


def _timers_of_ended_games(db: Db) -> list[Inconsistency]:
    rows = db.execute(
        f"""SELECT t.game_id, g.status, count(*) FROM timers AS t JOIN games AS g ON g.id = t.game_id
            WHERE g.status IN {_ENDED} GROUP BY t.game_id, g.status ORDER BY t.game_id"""  # noqa: S608 - constant text
    ).fetchall()
    return [
        Inconsistency(
            "timers of an ended game",
            game_id,
            f"{_count(count, 'timer')} of game {game_id}, which is {status}",
            f"deletes {_them(count)}, as ending the game does",
        )
        for game_id, status, count in rows
    ]


def _fix_timers_of_ended_games(db: Db, found: Inconsistency, now: int) -> None:
    db.execute(
        f"""DELETE FROM timers WHERE game_id = ?
            AND EXISTS (SELECT 1 FROM games WHERE id = ? AND status IN {_ENDED})""",  # noqa: S608 - constant text
        (found.game_id, found.game_id),
    )


_NOT_PAUSED = "g.paused_at IS NULL AND g.status IN ('lobby', 'playing')"


def _timers_held_without_pause(db: Db) -> list[Inconsistency]:
    rows = db.execute(
        f"""SELECT t.game_id, count(*) FROM timers AS t JOIN games AS g ON g.id = t.game_id
            WHERE t.held_since IS NOT NULL AND {_NOT_PAUSED}
            GROUP BY t.game_id ORDER BY t.game_id"""  # noqa: S608 - constant text
    ).fetchall()
    return [
        Inconsistency(
            "timers held without a pause",
            game_id,
            f"{_count(count, 'timer')} of game {game_id} {'is' if count == 1 else 'are'} held by a pause the "
            "game does not have, so never due",
            f"releases {_them(count)}, each later by the time it was held, as resuming does",
        )
        for game_id, count in rows
    ]


def _fix_timers_held_without_pause(db: Db, found: Inconsistency, now: int) -> None:
    still = db.execute(
        f"SELECT 1 FROM games AS g WHERE g.id = ? AND {_NOT_PAUSED}",  # noqa: S608 - constant text
        (found.game_id,),
    ).fetchone()
    if still is not None:
        release_held_timers(db, found.game_id, now)


# What a game's presentation mark should be: -1 in a lobby (its start is still to be shown), else at most
# its version, and never below -1.
_RIGHT_MARK = """CASE WHEN status = 'lobby' OR presented_version < -1 THEN -1
                   WHEN presented_version > version THEN version ELSE presented_version END"""
_WRONG_MARK = (
    "(status = 'lobby' AND presented_version <> -1) OR presented_version > version OR presented_version < -1"
)


def _presentation_marks(db: Db) -> list[Inconsistency]:
    rows = db.execute(
        f"""SELECT id, status, version, presented_version, {_RIGHT_MARK} FROM games
            WHERE {_WRONG_MARK} ORDER BY id"""  # noqa: S608 - constant text
    ).fetchall()
    found = []
    for game_id, status, version, marked, right in rows:
        if status == "lobby":
            problem = f"game {game_id} is a lobby but is marked shown at version {marked}"
        elif marked > version:
            problem = f"game {game_id} is marked shown at version {marked} but is at version {version}"
        else:
            problem = f"game {game_id} is marked shown at version {marked}, which is no version"
        fix = "marks it not shown yet" if right == -1 else f"marks it shown at version {right}"
        found.append(Inconsistency("presentation mark", game_id, problem, fix))
    return found


def _fix_presentation_mark(db: Db, found: Inconsistency, now: int) -> None:
    db.execute(
        f"UPDATE games SET presented_version = {_RIGHT_MARK} WHERE id = ? AND ({_WRONG_MARK})",  # noqa: S608 - constant text
        (found.game_id,),
    )


_Finder = Callable[[Db], list[Inconsistency]]
_Fixer = Callable[[Db, Inconsistency, int], None]
_KINDS: tuple[tuple[_Finder, _Fixer], ...] = (
    (_orphans, _fix_orphans),
    (_timers_of_ended_games, _fix_timers_of_ended_games),
    (_timers_held_without_pause, _fix_timers_held_without_pause),
    (_presentation_marks, _fix_presentation_mark),
)


def find_inconsistencies(db: Db) -> list[Inconsistency]:
    """Every inconsistency ``repair`` fixes, kind by kind, in order of game."""
    return [found for finder, _ in _KINDS for found in finder(db)]


def repair_inconsistencies(db: Db, now: int) -> list[Inconsistency]:
    """Find and fix every inconsistency, in the caller's transaction; returns what was fixed."""
    fixed = []
    for finder, fixer in _KINDS:
        for found in finder(db):
            fixer(db, found, now)
            fixed.append(found)
    return fixed
