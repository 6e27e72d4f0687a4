"""``GET /metrics`` and ``GET /healthz`` on ``METRICS_HOST:METRICS_PORT`` (issue 21), served by aiohttp (which
discord.py runs on already) on the bot's own event loop: no thread, no second process.

``/metrics`` is Prometheus's text format (``bot.metrics``), the games in play read from the database as it is
asked. ``/healthz`` answers 200 with ``{"discord": "ready", "database": "ok", ...}`` when the bot is connected
and its database answers within ``DATABASE_WAIT`` seconds, else 503 with the same keys, so a container's
health check or a load balancer can tell a bot that is stuck from one that is merely quiet.
"""

from __future__ import annotations

import asyncio
import math
from collections.abc import Callable
from typing import Any

import discord
from aiohttp import web
from prometheus_client import CONTENT_TYPE_LATEST

from bot import metrics
from bot.core import log
from storage import Status, Store

DATABASE_WAIT = 5  # seconds: a database slower than this counts as not answering


class HealthServer:
    def __init__(self, client: discord.Client, store: Callable[[], Store], host: str, port: int) -> None:
        self._client = client
        self._store = store
        self._host = host
        self._port = port
        self._runner: web.AppRunner | None = None
        self.address: tuple[str, int] | None = None  # where it listens, once started (port 0: a free one)

    async def start(self) -> None:
        app = web.Application()
        app.router.add_get("/metrics", self._metrics)
        app.router.add_get("/healthz", self._healthz)
        runner = web.AppRunner(app, access_log=None)
        await runner.setup()
        site = web.TCPSite(runner, self._host, self._port)
        try:
            await site.start()
        except BaseException:
            await runner.cleanup()
            raise
        self._runner = runner
        host, port = runner.addresses[0][:2]
        self.address = (host, port)
        log.info("metrics and health on http://%s:%s/metrics and /healthz", host, port)

    async def stop(self) -> None:
        runner, self._runner = self._runner, None
        if runner is not None:
            await runner.cleanup()

    async def _metrics(self, request: web.Request) -> web.Response:
        try:
            async with asyncio.timeout(DATABASE_WAIT):
                metrics.games_in_play(len(await self._store().game_ids([Status.PLAYING])))
        except Exception:  # the gauge keeps its last value; /healthz tells the database's state
            log.warning("metrics: the games in play could not be counted", exc_info=True)
        return web.Response(body=metrics.exposition(), headers={"Content-Type": CONTENT_TYPE_LATEST})

    async def _healthz(self, request: web.Request) -> web.Response:
        client = self._client
        if client.is_closed():
            discord_state = "closed"
        elif client.is_ready():
            discord_state = "ready"
        else:
            discord_state = "connecting"
        try:
            async with asyncio.timeout(DATABASE_WAIT):
                await self._store().schema_version()
            database = "ok"
        except TimeoutError:
            database = "slow"
        except Exception as exc:
            database = f"error: {type(exc).__name__}"
        body: dict[str, Any] = {
            "discord": discord_state,
            "database": database,
            "version": metrics.version(),
            "latency_ms": round(client.latency * 1000) if math.isfinite(client.latency) else None,
            "guilds": len(client.guilds),
        }
        healthy = discord_state == "ready" and database == "ok"
        return web.json_response(body, status=200 if healthy else 503)
