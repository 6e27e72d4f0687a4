"""GET /metrics and GET /healthz (issue 21), fetched over HTTP from a bot running in simcord after a few
moves: the metric names, one game in play, the actions counted; health 200 while the bot is connected and
its database answers, 503 with the same keys when the database does not."""

from __future__ import annotations

import json

import aiohttp
import pytest
from prometheus_client.parser import text_string_to_metric_families

from bot import create_bot, metrics
from tests.bot.conftest import FAST_COMPUTER, drive, open_table

NAMES = (
    "tigris_games_in_play",
    "tigris_actions",
    "tigris_command_seconds",
    "tigris_timer_lag_seconds",
    "tigris_errors",
    "tigris_worker_queue",
)


@pytest.fixture
async def simcord_bot(db_path, game_seed):
    game_seed["value"] = 1
    bot = create_bot(
        database_path=db_path,
        seeds=lambda: game_seed["value"],
        computer=FAST_COMPUTER,
        metrics_address=("127.0.0.1", 0),  # a free port
    )
    yield bot
    await bot.health.stop()  # simcord does not call bot.close()
    await bot.computer.close()
    if bot._store is not None:
        await bot._store.close()


async def fetch(bot, path: str) -> tuple[int, str, str]:
    host, port = bot.health.address
    async with aiohttp.ClientSession() as session, session.get(f"http://{host}:{port}{path}") as answer:
        return answer.status, answer.headers["Content-Type"], await answer.text()


def samples(text: str) -> dict[tuple[str, tuple[tuple[str, str], ...]], float]:
    found = {}
    for family in text_string_to_metric_families(text):
        for sample in family.samples:
            found[(sample.name, tuple(sorted(sample.labels.items())))] = sample.value
    return found


def value(found, name: str, **labels: str) -> float:
    return found.get((name, tuple(sorted(labels.items()))), 0.0)


async def test_metrics_after_a_few_moves(simcord_env):
    bot = simcord_env.bot
    before = samples((await fetch(bot, "/metrics"))[2])
    table = await open_table(simcord_env, 2)
    for _ in range(3):
        game = await table.game()
        await drive(table, next(a for a in game.legal_actions() if a.kind == "tile").text)
        await simcord_env.advance_time(3)

    status, kind, text = await fetch(bot, "/metrics")
    assert status == 200 and kind.startswith("text/plain; version=")
    families = {f.name for f in text_string_to_metric_families(text)}
    assert set(NAMES) <= families, families
    assert value(samples(text), "tigris_worker_queue", worker="computer") == 0  # idle, and listed
    found = samples(text)
    assert value(found, "tigris_games_in_play") == 1
    assert (
        value(found, "tigris_actions_total", by="person") - value(before, "tigris_actions_total", by="person")
        == 3
    )
    moves = value(found, "tigris_command_seconds_count", command="te tile")
    assert moves - value(before, "tigris_command_seconds_count", command="te tile") == 3
    assert value(found, "tigris_command_seconds_count", command="te new") >= 1
    assert value(found, "tigris_errors_total", kind="command") == value(
        before, "tigris_errors_total", kind="command"
    )


async def test_timer_lag_is_measured(simcord_env):
    table = await open_table(simcord_env, 2, turn_hours=1.0)
    fired = metrics.TIMER_LAG.collect()[0]
    count = next(s.value for s in fired.samples if s.name.endswith("_count"))
    await simcord_env.advance_time(3 * 3600)  # the turn's deadline passes: a timer fires
    fired = metrics.TIMER_LAG.collect()[0]
    assert next(s.value for s in fired.samples if s.name.endswith("_count")) > count
    assert (await table.record()).version > 0  # the deadline played the turn


async def test_healthz_ready_then_database_gone(simcord_env):
    bot = simcord_env.bot
    status, kind, text = await fetch(bot, "/healthz")
    assert status == 200 and kind.startswith("application/json")
    body = json.loads(text)
    assert body["discord"] == "ready" and body["database"] == "ok"
    assert body["version"] == metrics.version()

    await bot.store.close()  # the database stops answering
    status, _, text = await fetch(bot, "/healthz")
    body = json.loads(text)
    assert status == 503
    assert body["discord"] == "ready" and body["database"].startswith("error")


def test_metrics_settings():
    from bot.__main__ import read_config

    assert read_config({"DISCORD_TOKEN": "x"}).metrics is None  # off unless METRICS_PORT is set
    assert read_config({"DISCORD_TOKEN": "x", "METRICS_PORT": "9108"}).metrics == ("127.0.0.1", 9108)
    both = {"DISCORD_TOKEN": "x", "METRICS_PORT": "9108", "METRICS_HOST": "0.0.0.0"}
    assert read_config(both).metrics == ("0.0.0.0", 9108)
    for bad in ("http", "0", "70000"):
        with pytest.raises(SystemExit, match="METRICS_PORT must be a port number from 1 to 65535"):
            read_config({"DISCORD_TOKEN": "x", "METRICS_PORT": bad})
