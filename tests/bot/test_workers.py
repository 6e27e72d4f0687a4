"""The worker process that runs the long pictures (bot/workers.py): another process, not the event loop's;
its errors come back to the caller, and a worker that dies is replaced for the next job."""

from __future__ import annotations

import os

import pytest

from bot.workers import WorkerError, Workers


def _pid() -> int:
    return os.getpid()


def _refuse(text: str) -> None:
    raise ValueError(text)


def _die() -> None:
    os._exit(3)


async def test_jobs_run_in_another_process_and_their_errors_come_back() -> None:
    workers = Workers()
    try:
        first = await workers.run(_pid)
        assert first != os.getpid()
        assert await workers.run(_pid) == first  # one process, kept for the next job
        with pytest.raises(ValueError, match="no thanks"):
            await workers.run(_refuse, "no thanks")
        assert await workers.run(_pid) == first  # an error in a job does not cost the process
    finally:
        await workers.close()


async def test_a_dead_worker_fails_its_job_and_is_replaced() -> None:
    workers = Workers()
    try:
        before = await workers.run(_pid)
        with pytest.raises(WorkerError):
            await workers.run(_die)
        after = await workers.run(_pid)
        assert after not in (before, os.getpid())
    finally:
        await workers.close()
    with pytest.raises(RuntimeError, match="closed"):
        await workers.run(_pid)
