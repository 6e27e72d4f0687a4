"""Work that takes seconds of CPU (a whole game's replay as an animated picture, a game record) runs in a
worker process, never on the event loop nor in one of its threads: pure Python holds the GIL, and a thread
would slow every other command for as long as it runs.

One worker process, started on first use with the ``spawn`` method (a fresh interpreter: forking a process
that runs threads, such as aiosqlite's, is unsafe). Jobs queue for it, so a burst of replays cannot eat the
machine. A worker that dies (out of memory, killed) fails its job with ``WorkerError``; the next job starts a
new one. The function and its arguments must be picklable: a module-level function and plain data.
"""

from __future__ import annotations

import asyncio
import multiprocessing
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from functools import partial
from typing import Any, TypeVar

from bot import metrics
from bot.core import log

T = TypeVar("T")


class WorkerError(RuntimeError):
    """The worker process died during a job."""


class Workers:
    def __init__(self, processes: int = 1, name: str = "pictures") -> None:
        self._processes = processes
        self.name = name  # the label of its queue in the metrics
        metrics.worker_jobs(name, 0)  # its series exists, at 0, before the first job
        self._pool: ProcessPoolExecutor | None = None
        self._closed = False

    def _executor(self) -> ProcessPoolExecutor:
        if self._closed:
            raise RuntimeError("the workers are closed")
        if self._pool is None:
            self._pool = ProcessPoolExecutor(self._processes, mp_context=multiprocessing.get_context("spawn"))
        return self._pool

    async def run(self, function: Callable[..., T], *args: Any, **kwargs: Any) -> T:
        """``function(*args, **kwargs)`` in the worker process; its exceptions are raised here."""
        pool = self._executor()
        loop = asyncio.get_running_loop()
        metrics.worker_jobs(self.name, +1)
        try:
            return await loop.run_in_executor(pool, partial(function, *args, **kwargs))
        except BrokenProcessPool as exc:
            log.error("the worker process died during %s", getattr(function, "__name__", function))
            if self._pool is pool:
                self._pool = None
                pool.shutdown(wait=False, cancel_futures=True)
            raise WorkerError("the worker process died") from exc
        finally:
            metrics.worker_jobs(self.name, -1)

    async def close(self) -> None:
        """Stop the worker process (a job under way is finished first, queued ones are dropped)."""
        self._closed = True
        pool, self._pool = self._pool, None
        if pool is not None:
            await asyncio.to_thread(pool.shutdown, wait=True, cancel_futures=True)
