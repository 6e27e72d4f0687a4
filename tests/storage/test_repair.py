"""``python -m storage repair`` (issue 17): every inconsistency the program sets right itself is listed by
``check`` as repairable, never as damage and never with a restore's advice; ``repair`` says what it changes,
changes it, and a second run finds nothing. Damage (a bad page, a game's log without its game) still
advises a backup, and ``repair`` leaves a damaged file alone.
"""

from __future__ import annotations

import asyncio
import hashlib
from pathlib import Path

import pytest

from storage import Inconsistency, NewTimer, Store
from storage.__main__ import main
from storage.postgres import is_postgres_url

from .conftest import T0, Play, StartGame, integrity_line, raw_execute

RECORD_TABLES = ("results", "actions", "seat_owners", "seats")


async def _by_hand(database: str, *statements: tuple[str, tuple[object, ...]]) -> None:
    """Statements as a manager's SQL shell runs them: SQLite's shell has no foreign keys unless asked;
    PostgreSQL's are switched off for the transaction (the tests' server runs as a superuser)."""
    if is_postgres_url(database):
        statements = (("SET LOCAL session_replication_role = replica", ()), *statements)
    await raw_execute(database, *statements)


async def _delete_game_by_hand(database: str, game_id: int) -> None:
    """A game deleted with its record (seats, log, results) but not its timers, messages and posts."""
    await _by_hand(
        database,
        *((f"DELETE FROM {table} WHERE game_id = ?", (game_id,)) for table in RECORD_TABLES),
        ("DELETE FROM games WHERE id = ?", (game_id,)),
    )


async def _cli(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, list[str]]:
    status = await asyncio.to_thread(main, list(args))
    captured = capsys.readouterr()
    assert captured.err == "", captured.err
    return status, captured.out.splitlines()


def _no_restore(lines: list[str]) -> None:
    for line in lines:
        assert "restore" not in line and "backup" not in line.replace("need no backup", "")
        assert "damaged" not in line


def _found(found: list[Inconsistency]) -> list[tuple[str, int]]:
    return [(i.kind, i.game_id) for i in found]


async def test_rows_of_a_game_deleted_by_hand_are_listed_then_deleted(
    store: Store, database: str, start_game: StartGame, capsys: pytest.CaptureFixture[str]
) -> None:
    deadline = NewTimer("deadline", T0 + 3600, 0, {})
    gone = await start_game(timers=(deadline, NewTimer("reminder", T0 + 60, 0, {})))
    kept = await start_game(timers=(deadline,))
    for started in (gone, kept):
        await store.remember_message(started.id, "board", 77, 1000 + started.id, T0)
        await store.add_post(started.id, 0, 77, 2000 + started.id, T0, ["the game starts"])
        await store.save_analysis(started.id, 0, {"seats": []}, T0)
        await store.begin_step(started.id, 1, "post", T0, channel_id=77, content_hash="ab")
    await _delete_game_by_hand(database, gone.id)

    found = await store.inconsistencies()
    assert _found(found) == [
        ("orphaned timers", gone.id),
        ("orphaned messages", gone.id),
        ("orphaned game_posts", gone.id),
        ("orphaned game_analyses", gone.id),
        ("orphaned presentation_steps", gone.id),
    ]
    assert str(found[0]) == f"2 timers of game {gone.id}, which does not exist; repair deletes them"
    status, lines = await _cli(capsys, "check", "--database", database)
    assert status == 1
    assert lines[0] == integrity_line(database)  # no damage: the game's record went with it
    assert [line for line in lines if line.startswith("repairable: ")] == [f"repairable: {i}" for i in found]
    assert lines[-2:] == [
        f"1 games checked, {len(found)} problems.",
        "python -m storage repair sets right the 5 marked repairable; they need no backup.",
    ]
    _no_restore(lines)

    status, lines = await _cli(capsys, "repair", "--database", database)
    assert status == 0
    assert lines == ["Repairing 5 problems:", *(f"  {i}" for i in found), "Repaired 5 problems."]
    _no_restore(lines)
    assert await store.inconsistencies() == []
    assert len(await store.timers(kept.id)) == 1 and len(await store.messages(kept.id)) == 1
    assert len(await store.last_posts(kept.id, 5)) == 1 and await store.analysis(kept.id, 0) is not None
    assert list(await store.presentation_steps(kept.id, 1)) == ["post"]
    checked = [integrity_line(database), f"game {kept.id}: ok (0 actions replayed)"]
    checked.append("1 games checked, 0 problems.")
    assert await _cli(capsys, "check", "--database", database) == (0, checked)
    assert await _cli(capsys, "repair", "--database", database) == (0, ["Nothing to repair."])


async def test_timers_of_an_ended_game_are_deleted(
    store: Store, database: str, start_game: StartGame
) -> None:
    started = await start_game()
    await store.abandon_game(started.id, T0)
    await _by_hand(
        database,
        (
            "INSERT INTO timers (game_id, kind, seat, due_at, payload, created_at) VALUES (?, ?, ?, ?, ?, ?)",
            (started.id, "deadline", 0, T0 + 60, "{}", T0),
        ),
    )
    found = await store.inconsistencies()
    assert _found(found) == [("timers of an ended game", started.id)]
    assert found[0].problem == f"1 timer of game {started.id}, which is abandoned"
    assert await store.repair(T0 + 10) == found
    assert await store.timers(started.id) == [] and await store.inconsistencies() == []


async def test_timers_held_by_a_pause_the_game_lacks_are_released_as_resuming_does(
    store: Store, database: str, start_game: StartGame
) -> None:
    held = await start_game(timers=(NewTimer("deadline", T0 + 3600, 0, {}),))
    paused = await start_game(timers=(NewTimer("deadline", T0 + 3600, 0, {}),))
    await store.set_paused(paused.id, True, T0 + 100)  # held by a pause it has: as it should be
    await _by_hand(database, ("UPDATE timers SET held_since = ? WHERE game_id = ?", (T0 + 100, held.id)))
    assert await store.next_due(5) == []  # never due: the game would wait for ever

    found = await store.inconsistencies()
    assert _found(found) == [("timers held without a pause", held.id)]
    assert await store.repair(T0 + 700) == found
    [timer] = await store.timers(held.id)
    assert timer.held_since is None and timer.due_at == T0 + 3600 + 600  # later by the 600 s it was held
    assert [t.game_id for t in await store.next_due(5)] == [held.id]
    [still] = await store.timers(paused.id)
    assert still.held_since == T0 + 100
    assert await store.inconsistencies() == []


async def test_a_presentation_mark_beyond_the_game_is_set_back(
    store: Store, database: str, start_game: StartGame, play: Play
) -> None:
    lobby = await store.create_game(1, 4321, 11, T0)
    ahead = await start_game()
    below = await start_game()
    unshown = await start_game()  # shown up to less than its version: the bot shows it at start, no problem
    version = await play(ahead, 3)
    await play(unshown, 2)
    await _by_hand(
        database,
        ("UPDATE games SET presented_version = 0 WHERE id = ?", (lobby.id,)),
        ("UPDATE games SET presented_version = ? WHERE id = ?", (version + 5, ahead.id)),
        ("UPDATE games SET presented_version = -7 WHERE id = ?", (below.id,)),
    )
    found = await store.inconsistencies()
    assert _found(found) == [("presentation mark", g) for g in sorted((lobby.id, ahead.id, below.id))]
    assert [str(i) for i in found if i.game_id == ahead.id] == [
        f"game {ahead.id} is marked shown at version {version + 5} but is at version {version}; repair marks "
        f"it shown at version {version}"
    ]
    await store.repair(T0)
    marks = {g: (await store.load_game(g)).presented_version for g in (lobby.id, ahead.id, below.id)}
    assert marks == {lobby.id: -1, ahead.id: version, below.id: -1}
    assert [g.id for g in await store.games_to_present()] == sorted((below.id, unshown.id))
    assert await store.inconsistencies() == []


def _digest(path: str) -> str:
    return hashlib.sha256(Path(path).read_bytes()).hexdigest()


@pytest.mark.sqlite_only
async def test_a_log_without_its_game_is_damage_that_repair_leaves_alone(
    store: Store, database: str, start_game: StartGame, play: Play, capsys: pytest.CaptureFixture[str]
) -> None:
    started = await start_game()
    await play(started, 4)
    await store.close()
    await raw_execute(database, ("DELETE FROM games WHERE id = ?", (started.id,)))  # no foreign keys
    before = _digest(database)

    status, lines = await _cli(capsys, "check", "--database", database)
    assert status == 1
    assert any("of actions points to a missing games row" in line for line in lines)
    assert lines[-1].startswith("The database is damaged (") and lines[-1].endswith("restore a backup.")
    status, lines = await _cli(capsys, "repair", "--database", database)
    assert status == 1 and lines[-1].startswith("The database is damaged (")
    assert "repair sets right the rows of a sound file, not a damaged one: restore a backup." in lines[-1]
    assert _digest(database) == before
