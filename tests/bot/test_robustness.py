"""Unexpected errors roll back and apologise; racing actions apply once; configuration and logs."""

from __future__ import annotations

import asyncio
import logging
import sqlite3

import pytest

from bot.__main__ import NO_TOKEN, RedactToken, read_config
from bot.core import STORAGE_FULL, UserError
from storage import DatabaseFullError
from tests.bot.conftest import open_table


async def test_an_unexpected_error_rolls_back_apologises_and_logs(simcord_env, monkeypatch, caplog):
    table = await open_table(simcord_env, 2)
    record = await table.record()
    actor = await table.actor()

    async def broken(*args, **kwargs):
        raise RuntimeError("disk on fire")

    monkeypatch.setattr(table.bot.store, "append_action", broken)
    result = await actor.slash(table.channel, "te pass")
    assert result.ephemeral
    assert result.response.content == "Sorry, something went wrong; the game is as it was before."
    logged = [r for r in caplog.records if r.name == "bot" and r.levelno == logging.ERROR]
    assert len(logged) == 1 and "unexpected error in /te pass" in logged[0].getMessage()
    assert logged[0].exc_info[0] is RuntimeError  # the traceback is in the log, not shown to the player
    monkeypatch.undo()
    after = await table.record()
    assert after.version == record.version and after.position == record.position
    assert "Done" in (await actor.slash(table.channel, "te pass")).response.content


async def test_two_racing_actions_apply_once(simcord_env):
    table = await open_table(simcord_env, 2)
    record = await table.record()
    results = await asyncio.gather(
        table.bot.act(record.id, "pass", user_id=record.user_to_act),
        table.bot.act(record.id, "pass", user_id=record.user_to_act),
        return_exceptions=True,
    )
    refused = [r for r in results if isinstance(r, UserError)]
    assert len(refused) == 1 and str(refused[0]) == "It is not your turn."
    assert (await table.record()).version == record.version + 1


async def test_a_slash_command_sent_twice_at_once_plays_once(simcord_env):
    # A swap is the one move the engine would accept twice in a row, so the bot must tell a double submit
    # from a second swap the player means.
    table = await open_table(simcord_env, 2)
    game = await table.game()
    hand = game.hand(game.to_act)
    colour = ["red", "blue", "green", "black"][max(range(4), key=lambda c: hand[c])]
    assert max(hand) >= 2  # six tiles in four colours: still one to swap after the first swap
    actor, version = await table.actor(), (await table.record()).version
    first = await actor.slash(table.channel, "te swap", tiles=colour)
    assert first.response.content == f"Done: Swap 1 tile (`swap {colour}`)."
    second = await actor.slash(table.channel, "te swap", tiles=colour)  # a double submit arrives
    assert second.ephemeral
    assert second.response.content == (
        f"You sent `swap {colour}` twice at once, so it was played once; "
        "send it again if you meant to play it twice."
    )
    assert (await table.record()).version == version + 1

    await simcord_env.advance_time(3)  # the player saw the result and swaps again on purpose
    again = await actor.slash(table.channel, "te swap", tiles=colour)
    assert again.response.content == f"Done: Swap 1 tile (`swap {colour}`)."
    record = await table.record()
    assert record.version == version + 2 and record.user_to_act != actor.id


def test_a_missing_token_explains_how_to_get_one():
    with pytest.raises(SystemExit) as exc:
        read_config({"DATABASE_PATH": "x.db"})
    assert exc.value.code == NO_TOKEN and "\n" not in NO_TOKEN
    assert "discord.com/developers/applications" in NO_TOKEN
    config = read_config({"DISCORD_TOKEN": " abc.def "})
    assert config.token == "abc.def" and config.database_path == "tigris.db" and config.dev_guild_id is None
    with pytest.raises(SystemExit, match="DEV_GUILD_ID"):
        read_config({"DISCORD_TOKEN": "t", "DEV_GUILD_ID": "my server"})


def test_the_computer_players_settings_come_from_the_environment():
    config = read_config({"DISCORD_TOKEN": "t"})
    assert (config.computer_pause, config.hard_seconds) == (3.0, 4.0)
    config = read_config({"DISCORD_TOKEN": "t", "COMPUTER_PAUSE": "0", "HARD_SECONDS": "1.5"})
    assert (config.computer_pause, config.hard_seconds) == (0.0, 1.5)
    for name, bad in (("COMPUTER_PAUSE", "-1"), ("COMPUTER_PAUSE", "soon"), ("HARD_SECONDS", "0")):
        with pytest.raises(SystemExit, match=name):
            read_config({"DISCORD_TOKEN": "t", name: bad})


def test_the_token_never_reaches_the_log(caplog):
    token = "MTIzNDU2Nzg5.secret.token"
    logger = logging.getLogger("bot.test")
    logger.addFilter(RedactToken(token))
    with caplog.at_level(logging.INFO, logger="bot.test"):
        logger.info("connecting with %s", token)
        try:
            raise ValueError(f"bad token {token}")
        except ValueError:
            logger.exception("login failed")
    text = caplog.text + "".join(r.exc_text or "" for r in caplog.records)
    assert token not in text and "[token]" in text


async def test_a_full_disk_on_a_save_gets_one_private_sentence_and_the_game_stays_as_saved(
    simcord_env, caplog
):
    table = await open_table(simcord_env, 2)
    store = table.bot.store
    conn = store._connection()
    # A full disk: SQLite may not grow the file past the pages it has now, and a table of filler takes up
    # the free pages inside it (test data only; it goes at the end).
    await conn.execute_fetchall("CREATE TABLE filler (junk BLOB)")
    pages = next(iter(await conn.execute_fetchall("PRAGMA page_count")))[0]
    await conn.execute_fetchall(f"PRAGMA max_page_count = {pages}")
    with pytest.raises(sqlite3.OperationalError, match="full"):
        for _ in range(10_000):
            await conn.execute_fetchall("INSERT INTO filler VALUES (randomblob(500))")
    for _ in range(300):  # the room left in the pages of the game's tables fills up; then a save is refused
        record = await table.record()
        actor = await table.actor()
        posted = len(table.channel.history())
        result = await actor.slash(table.channel, "te pass")
        if result.response.content != "Done: Pass (`pass`).":
            break
    assert result.ephemeral and result.response.content == STORAGE_FULL  # not damage: no backup
    after = await table.record()
    assert (after.version, after.position) == (record.version, record.position)  # as saved before
    assert len(table.channel.history()) == posted  # nothing shown of a move that was not saved
    logged = [r for r in caplog.records if r.name == "bot" and "database error in /te pass" in r.getMessage()]
    assert len(logged) == 1 and isinstance(logged[0].exc_info[1], DatabaseFullError)
    assert await store.verify_replay(after.id) == after.version

    await conn.execute_fetchall("DROP TABLE filler")  # space freed: the game goes on
    await conn.execute_fetchall("PRAGMA max_page_count = 1073741823")
    result = await actor.slash(table.channel, "te pass")
    assert result.response.content == "Done: Pass (`pass`)."
    assert (await table.record()).version == record.version + 1
