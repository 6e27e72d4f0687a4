"""The bot driven by scripts in processes of their own (issue 17; tests/bot/scripted_bot.py).

A reminder is sent at most once across processes on PostgreSQL: its row moves on before its DM, so a process
killed as the DM goes out leaves nothing for another process to send again (before, 12 of 3,315 reminders went
out twice). And ``TigrisBot.close()`` alone (``async with bot``) ends a scripted bot: its store, its worker
processes and its timer loop, so that the script's process exits.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from storage import Store

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = Path(__file__).with_name("scripted_bot.py")
EXIT_WAIT = 180  # seconds: far longer than the script takes on a loaded machine; a hang shows as a timeout


def run_script(*args: str) -> tuple[int, list[dict]]:
    """The script's exit status and printed lines; a process still running after ``EXIT_WAIT`` fails."""
    done = subprocess.run(
        [sys.executable, str(SCRIPT), *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={"PYTHONPATH": str(ROOT)},
        timeout=EXIT_WAIT,
        check=False,
    )
    assert done.returncode in (0, 3), done.stderr[-3000:]
    return done.returncode, [json.loads(line) for line in done.stdout.splitlines()]


@pytest.mark.parametrize("when", ["before", "after"])
async def test_a_reminder_killed_mid_send_on_postgresql_is_not_sent_twice(
    postgres_url: str, when: str
) -> None:
    status, lines = run_script(postgres_url, "remind", when)
    assert status == 3  # killed as the DM went out
    game_id = lines[0]["game"]
    sent_first = sum(line.get("sent") == "reminder" for line in lines)
    assert sent_first == (1 if when == "after" else 0)

    async with Store.open(postgres_url) as store:
        [row] = await store.timers(game_id)
    assert row.attempts == 0 and row.due_at >= 24 * 3600  # moved on to the next reminder before the DM

    status, lines = run_script(postgres_url, "watch")  # another process, long past the first one's lease
    assert status == 0
    assert lines == [{"reminders": 0}]  # at most once: never again (missed when the DM did not go out)


async def test_a_script_that_closes_the_bot_exits(tmp_path: Path) -> None:
    status, lines = run_script(str(tmp_path / "games.db"), "play")
    assert status == 0  # and it exited, within EXIT_WAIT
    # the computer player played (for alice at least, once her turn's hour ran out) in its worker process
    assert lines[0]["version"] >= 1 and lines[0]["computer_process"]
    assert lines[-1] == {"closed": True}  # the store and the worker process too
