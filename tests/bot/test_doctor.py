"""``python -m bot doctor`` (issue 21): one line per check; each check failing alone gives one ✗ line and
exit status 1; never a traceback. Discord is simcord's simulated one (the bot running in it lends its
logged-in client), or an address where nothing answers (offline)."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import discord
import pytest
from discord import app_commands
from PIL import ImageFont

from bot import doctor, permissions
from render import style

TOKEN = "MTIzNDU2Nzg5MDEyMzQ1Njc4.GaBcDe.abcdefghijklmnopqrstuvwxyz012345"  # the shape only: bot 1234...
ROOT = Path(__file__).resolve().parents[2]


def lent(env):
    """The simcord bot's own logged-in client, as doctor's way to reach Discord."""

    async def connect(token: str) -> discord.Client:
        return env.bot

    return connect


def setup(env, database, token: str = TOKEN, **changes) -> doctor.Setup:
    return doctor.Setup(
        token=token,
        database=str(database),
        dev_guild_id=None,
        connect=lent(env),
        close_client=False,
        **changes,
    )


async def lines_of(capsys, the_setup: doctor.Setup) -> tuple[bool, list[str]]:
    passed = await doctor.run(the_setup)
    return passed, capsys.readouterr().out.splitlines()


def failures(lines: list[str]) -> list[str]:
    return [line for line in lines if line.startswith("✗")]


async def test_everything_passes(simcord_env, tmp_path, capsys):
    passed, lines = await lines_of(capsys, setup(simcord_env, tmp_path / "fresh.db"))
    assert passed, lines
    assert len(lines) == len(doctor.CHECKS) and all(line.startswith("✓ ") for line in lines)
    assert "schema" in lines[1] and "SQLite" in lines[1]
    assert lines[3].startswith("✓ languages: en, de, fr, es, pt-BR: all")
    assert "/te is synced" in lines[4]
    assert f"permissions={permissions.invite_permissions().value}" in lines[5]
    assert f"client_id={simcord_env.bot.application_id}" in lines[5]
    assert lines[6].startswith("✓ engine: pure Python (TIGRIS_COMPILE=1")  # as the README's tests run it


async def test_postgresql_passes(simcord_env, postgres_url, capsys):
    passed, lines = await lines_of(capsys, setup(simcord_env, postgres_url))
    assert passed, lines
    assert lines[1].startswith("✓ database: PostgreSQL")


@pytest.mark.parametrize(
    ("token", "words"),
    [
        ("Bot " + TOKEN, "starts with 'Bot '"),
        (f'"{TOKEN}"', "in quotes"),
        ("123456789012345678", "that is an id"),
        ("abcdefghijklmnopqrstuvwxyz012345", "three parts"),
    ],
)
async def test_a_malformed_token_alone(simcord_env, tmp_path, capsys, token, words):
    passed, lines = await lines_of(capsys, setup(simcord_env, tmp_path / "t.db", token=token))
    assert not passed
    assert failures(lines) == [next(line for line in lines if line.startswith("✗ token"))]
    assert words in failures(lines)[0]


def schema_file(path: Path, version: int) -> Path:
    with sqlite3.connect(path) as conn:
        conn.execute("CREATE TABLE t (x)")
        conn.execute(f"PRAGMA user_version = {version}")
    return path


@pytest.mark.parametrize(
    ("version", "words"), [(99, "newer version"), (3, "is at schema 3, this version needs")]
)
async def test_a_database_at_another_schema_alone(simcord_env, tmp_path, capsys, version, words):
    path = schema_file(tmp_path / "other.db", version)
    before = path.read_bytes()
    passed, lines = await lines_of(capsys, setup(simcord_env, path))
    assert not passed
    assert len(failures(lines)) == 1 and failures(lines)[0].startswith("✗ database:"), lines
    assert words in failures(lines)[0]
    assert path.read_bytes() == before  # not upgraded, not touched


async def test_a_database_that_cannot_take_writes_alone(simcord_env, tmp_path, capsys):
    path = tmp_path / "busy.db"
    async with doctor.Store.open(path):
        pass
    # another program holds the write lock all along (root ignores file modes, so this is the refusal a
    # test can count on)
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("BEGIN IMMEDIATE")
    try:
        passed, lines = await lines_of(capsys, setup(simcord_env, path))
    finally:
        other.close()
    assert not passed
    assert [line[:11] for line in failures(lines)] == ["✗ database:"], lines


async def test_fonts_without_freetype_alone(simcord_env, tmp_path, capsys, monkeypatch):
    # what a Pillow built without FreeType gives: the old bitmap font, whatever the size asked
    monkeypatch.setattr(style, "font", lambda size: ImageFont.load_default_imagefont())
    passed, lines = await lines_of(capsys, setup(simcord_env, tmp_path / "t.db"))
    assert not passed
    assert len(failures(lines)) == 1 and "no FreeType" in failures(lines)[0]


async def test_an_engine_compiled_in_part_alone(simcord_env, tmp_path, capsys, monkeypatch):
    # compiled files of an older build left beside the sources, for two of the modules
    monkeypatch.setattr(doctor.engine, "compiled_modules", lambda: ["kingdoms", "game"])
    monkeypatch.setattr(doctor.ai, "compiled_modules", list)
    passed, lines = await lines_of(capsys, setup(simcord_env, tmp_path / "t.db"))
    assert not passed
    assert len(failures(lines)) == 1 and failures(lines)[0].startswith("✗ engine: only partly compiled")
    assert "engine.state" in failures(lines)[0] and "ai.hard" in failures(lines)[0]
    assert "engine.kingdoms" not in failures(lines)[0]


async def test_a_compiled_install_passes(simcord_env, tmp_path, capsys, monkeypatch):
    monkeypatch.setattr(doctor.engine, "compiled_modules", lambda: list(doctor.engine.COMPILED_MODULES))
    monkeypatch.setattr(doctor.ai, "compiled_modules", lambda: list(doctor.ai.COMPILED_MODULES))
    passed, lines = await lines_of(capsys, setup(simcord_env, tmp_path / "t.db"))
    assert passed, lines
    count = len(doctor.engine.COMPILED_MODULES) + len(doctor.ai.COMPILED_MODULES)
    assert lines[6] == f"✓ engine: compiled with mypyc ({count} modules of the rules and the search)"


async def test_a_catalogue_lacking_messages_alone(simcord_env, tmp_path, capsys, monkeypatch):
    # an install whose catalogues are older than its code (issue 19)
    import i18n.extract

    lacking = ["de: untranslated 'Your hand' (bot/texts.py:1)"]
    monkeypatch.setattr(i18n.extract, "all_problems", lambda: lacking)
    passed, lines = await lines_of(capsys, setup(simcord_env, tmp_path / "t.db"))
    assert not passed
    assert len(failures(lines)) == 1, lines
    assert failures(lines)[0].startswith("✗ languages: 1 messages missing")
    assert "Your hand" in failures(lines)[0]


async def test_commands_not_synced_alone(simcord_env, tmp_path, capsys):
    # a newer version's command, not synced yet
    @app_commands.command(name="later", description="Not synced yet")
    async def later(interaction: discord.Interaction) -> None:
        pass

    simcord_env.bot.tree.add_command(later)
    passed, lines = await lines_of(capsys, setup(simcord_env, tmp_path / "t.db"))
    assert not passed
    assert len(failures(lines)) == 1 and "start the bot once" in failures(lines)[0], lines


async def test_discord_unreachable_alone(tmp_path, capsys, monkeypatch):
    # nothing listens on port 9 here: as offline as a machine without network
    monkeypatch.setattr(discord.http.Route, "BASE", "http://127.0.0.1:9/api/v10")
    the_setup = doctor.Setup(TOKEN, str(tmp_path / "t.db"), None, doctor.login)
    passed, lines = await lines_of(capsys, the_setup)
    assert not passed
    assert failures(lines) == [next(line for line in lines if line.startswith("✗ Discord cannot be reached"))]
    invite = next(line for line in lines if line.startswith("✓ invite URL"))
    assert "client_id=123456789012345678" in invite  # from the token's id


def test_python_m_bot_doctor_never_shows_a_traceback(tmp_path):
    env = {**os.environ, "DISCORD_TOKEN": "", "DATABASE_PATH": str(schema_file(tmp_path / "x.db", 99))}
    env.pop("DATABASE_URL", None)
    done = subprocess.run(
        [sys.executable, "-m", "bot", "doctor"],
        cwd=tmp_path,  # no .env here
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 1
    assert "Traceback" not in done.stdout + done.stderr
    lines = done.stdout.splitlines()
    assert len(lines) == len(doctor.CHECKS), lines
    assert all(line[:2] in ("✓ ", "✗ ") for line in lines)
    assert lines[0].startswith("✗ token: DISCORD_TOKEN is not set")
