"""Crash test: workers writing actions are killed with SIGKILL at random moments, again and again.

After every kill the database must open, pass ``PRAGMA integrity_check``, hold no partial action (version
equals the log's length, the stored position is the replay of seed plus log, the seat to act agrees) and
hold exactly the timers of the last saved action.
"""

from __future__ import annotations

import asyncio
import itertools
import os
import random
import select
import signal
import subprocess
import sys
import time
from pathlib import Path

from storage import Status, Store

WORKER = Path(__file__).with_name("crash_worker.py")
ROOT = Path(__file__).resolve().parents[2]
ROUNDS = 30


def _spawn(db: Path, seed: int) -> subprocess.Popen[bytes]:
    path = os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))
    env = {**os.environ, "PYTHONPATH": path}
    return subprocess.Popen(
        [sys.executable, str(WORKER), str(db), str(seed)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=ROOT,
        env=env,
    )


def _wait_ready(proc: subprocess.Popen[bytes], timeout: float = 20.0) -> None:
    assert proc.stdout is not None
    ready, _, _ = select.select([proc.stdout], [], [], timeout)
    line = proc.stdout.readline() if ready else b""
    if line.strip() != b"ready":
        proc.kill()
        _, err = proc.communicate()
        raise AssertionError(f"the worker did not start: {err.decode(errors='replace')}")


def _kill(proc: subprocess.Popen[bytes]) -> None:
    if proc.poll() is not None:
        _, err = proc.communicate()
        raise AssertionError(f"the worker died before it was killed: {err.decode(errors='replace')}")
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    assert proc.returncode == -signal.SIGKILL
    if proc.stdout:
        proc.stdout.close()
    if proc.stderr:
        proc.stderr.close()


async def _check(db: Path) -> int:
    """Everything a kill must not break; returns the number of actions in the database."""
    async with Store.open(db) as store:
        assert await store.integrity_problems() == []
        total = 0
        for game_id in await store.game_ids():
            record = await store.load_game(game_id)
            assert await store.verify_replay(game_id) == record.version  # no partial action
            total += record.version
            timers = await store.timers(game_id)
            if record.status is Status.PLAYING:
                # the deadline of the last saved action, added in that action's transaction
                assert [(t.kind, t.seat, t.payload) for t in timers] == [
                    ("deadline", record.seat_to_act, {"version": record.version})
                ]
                board = await store.message(game_id, "board")
                assert board is None or board.message_id <= record.version
            else:
                assert timers == [], record
        return total


def test_sigkill_at_random_moments_never_leaves_a_partial_action(tmp_path: Path) -> None:
    db = tmp_path / "crash.db"
    rng = random.Random(2024)
    kills = 0
    totals = []
    for round_ in range(ROUNDS):
        workers = 2 if round_ % 3 == 2 else 1  # two processes racing on the same games
        procs = [_spawn(db, rng.randrange(10**6)) for _ in range(workers)]
        if round_ % 6 == 0:
            # kill early: while starting, opening or migrating the database, or just after
            time.sleep(rng.uniform(0.05, 0.6))
            for proc in procs:
                if proc.poll() is None:
                    proc.send_signal(signal.SIGKILL)
                proc.communicate()
        else:
            for proc in procs:
                _wait_ready(proc)
            time.sleep(rng.uniform(0.02, 0.3))
            for proc in procs:
                _kill(proc)
                kills += 1
                time.sleep(rng.uniform(0, 0.02))
        totals.append(asyncio.run(_check(db)))
    assert kills >= 25
    assert totals == sorted(totals)  # nothing saved was ever lost
    # the workers were writing when killed: most rounds added actions (no figure that a slow machine misses)
    assert sum(after > before for before, after in itertools.pairwise(totals)) >= ROUNDS // 2, totals
