"""LOG_FORMAT=json (issue 21): one JSON object per record, with the game, server and command where known and
the version; the token never appears, in the message or in a traceback."""

from __future__ import annotations

import io
import json
import logging

import pytest

from bot import logs, metrics
from bot.__main__ import read_config, setup_logging
from tests.bot.conftest import drive, open_table
from tests.bot.test_permissions import deny_bot

TOKEN = "MTIzNDU2Nzg5MDEyMzQ1Njc4.GaBcDe.abcdefghijklmnopqrstuvwxyz012345"


@pytest.fixture
def restore_logging():
    root = logging.getLogger()
    handlers, level = root.handlers[:], root.level
    yield
    root.handlers[:] = handlers
    root.setLevel(level)


def test_json_lines_without_the_token(capsys, restore_logging):
    config = read_config({"DISCORD_TOKEN": TOKEN, "LOG_FORMAT": "json"})
    setup_logging(config)
    log = logging.getLogger("bot")
    log.info("logged in with %s", TOKEN)
    try:
        raise RuntimeError(f"Discord said no to {TOKEN}")
    except RuntimeError:
        log.exception("game 12: posting version 3 failed")
    lines = capsys.readouterr().err.splitlines()
    assert len(lines) == 2
    records = [json.loads(line) for line in lines]
    assert TOKEN not in "".join(lines)
    first, second = records
    assert first["message"] == "logged in with [token]" and first["level"] == "INFO"
    assert first["version"] == metrics.version() and first["logger"] == "bot"
    assert second["game"] == 12 and second["level"] == "ERROR"
    assert "RuntimeError: Discord said no to [token]" in second["traceback"]


def test_text_stays_the_default(capsys, restore_logging):
    setup_logging(read_config({"DISCORD_TOKEN": TOKEN}))
    logging.getLogger("bot").warning("plain %s", TOKEN)
    line = capsys.readouterr().err.strip()
    assert line.endswith("WARNING bot: plain [token]") and not line.startswith("{")


def test_a_bad_log_format_is_one_line():
    with pytest.raises(SystemExit, match="LOG_FORMAT must be text or json, not 'xml'"):
        read_config({"DISCORD_TOKEN": TOKEN, "LOG_FORMAT": "xml"})


async def test_a_command_tags_its_records(simcord_env, restore_logging):
    table = await open_table(simcord_env, 2)
    stream = io.StringIO()
    handler = logging.StreamHandler(stream)
    handler.setFormatter(logs.JsonFormatter())
    logging.getLogger().addHandler(handler)
    deny_bot(simcord_env, table.channel, send_messages=True)
    await simcord_env.settle()
    game = await table.game()
    await drive(table, next(a for a in game.legal_actions() if a.kind == "tile").text)
    records = [json.loads(line) for line in stream.getvalue().splitlines()]
    lost = [r for r in records if "cannot post in channel" in r["message"]]
    assert lost, records
    record = await table.record()
    assert lost[0]["game"] == record.id
    assert lost[0]["server"] == table.guild.id
    assert lost[0]["command"] == "te tile"
