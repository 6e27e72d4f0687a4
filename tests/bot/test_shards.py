"""Sharded bot processes over one PostgreSQL database (issue 14): a game on shard 1's server is played through
the shard-1 bot, a DM button of that game is answered through the shard-0 bot (Discord delivers DM
interactions to shard 0), whose cache does not hold the game's server, and each bot fires the timers of
its own shards' games only.

simcord hosts one bot per simulated Discord at a time (``Env`` is built around a single client, and
``Env.start`` refuses a second live environment on the event loop), so the two bots take turns on the same
simulated Discord through ``restart_bot``: the shard-1 bot, then the shard-0 bot, then a new shard-1 bot,
all over one database. With an AutoShardedClient of shard_count 2, simcord routes each event to its shard
((guild_id >> 22) % 2, DMs to shard 0) and drops those of shards the attached bot does not run.

The timer loop's look at a shared database every ``SHARED_POLL`` seconds (``LISTENING_POLL`` while it
LISTENs) is turned off here: simcord lets the wall clock move its virtual clock to a sleep it does not
recognise as a wait, and such an advance over a real PostgreSQL connection does not settle (the operations
time out). A bot reads the table when it starts, which is what the last step checks;
tests/bot/test_timer_processes.py runs the loop as it is.
"""

from __future__ import annotations

import discord
import pytest

from bot import create_bot
from bot.__main__ import read_config
from bot.timers import TimerLoop, served_shards
from engine import Phase, dump
from storage import Shards
from tests.bot.conftest import reach

HOUR = 3600


@pytest.fixture
async def shard_bot(postgres_url: str, game_seed: dict):
    """Builds a bot running shard ``n`` of 2 over one PostgreSQL database."""
    made = []

    def build(shard: int):
        bot = create_bot(postgres_url, seeds=lambda: game_seed["value"], shards=Shards(2, (shard,)))
        made.append(bot)
        return bot

    yield build
    for bot in made:
        await bot.workers.close()
        if bot._store is not None:
            await bot._store.close()


@pytest.fixture
def simcord_bot(shard_bot, game_seed: dict, monkeypatch):
    monkeypatch.setattr(TimerLoop, "SHARED_POLL", TimerLoop.IDLE_SLEEP)
    monkeypatch.setattr(TimerLoop, "LISTENING_POLL", TimerLoop.IDLE_SLEEP)
    game_seed["value"] = 1
    return shard_bot(1)


def prompt_of(member):
    message = member.user.dm_channel.last_message
    assert message.components, message.content
    return message


async def test_a_game_on_shard_1_answered_by_a_dm_button_through_shard_0(simcord_env, game_seed, shard_bot):
    guild = simcord_env.create_guild(shard_id=1)
    # the moves up to a revolt go through the shard-1 bot, in the server's channel
    revolt = lambda g: g.phase is Phase.REVOLT_ATTACKER  # noqa: E731
    table, game = await reach(simcord_env, game_seed, 2, revolt, guild=guild)
    shard_one = simcord_env.bot
    attacker = table.players[game.conflict.attacker]
    defender = table.players[game.conflict.defender]
    prompt = prompt_of(attacker)
    record = await table.record()
    channel_lines = len(table.channel.history())

    await simcord_env.restart_bot(shard_bot(0))
    shard_zero = simcord_env.bot
    assert shard_zero is not shard_one and shard_zero.get_guild(guild.id) is None  # not in its cache
    await attacker.user.click(prompt, label="Commit 0")  # a DM: Discord sends it to shard 0
    after = await shard_zero.store.load_game(record.id)
    assert after.version == record.version + 1 and after.game().phase is Phase.REVOLT_DEFENDER
    answered = next(m for m in attacker.user.dm_channel.history() if m.id == prompt.id)
    assert "You chose: Commit 0." in answered.content and not answered.components
    defender_prompt = prompt_of(defender)
    assert "you are the defender" in defender_prompt.content
    assert f"{guild.name} · #games · game {record.id}" in defender_prompt.content  # the server's own name
    assert len(table.channel.history()) > channel_lines  # the move is shown in the server's channel

    # the defender's deadline belongs to shard 1's game: the shard-0 bot never fires it ...
    await simcord_env.advance_time(12 * HOUR + 60)
    assert (await shard_zero.store.load_game(record.id)).version == after.version
    # ... a shard-1 bot does, as soon as it runs
    await simcord_env.restart_bot(shard_bot(1))
    await simcord_env.advance_time(30)
    final = await simcord_env.bot.store.load_game(record.id)
    assert final.version == after.version + 1
    assert (await simcord_env.bot.store.actions(record.id))[-1].action == "commit 0"
    edited = next(m for m in defender.user.dm_channel.history() if m.id == defender_prompt.id)
    assert "Time ran out: Commit 0." in edited.content


def test_shard_settings() -> None:
    base = {"DISCORD_TOKEN": "t"}
    assert read_config(base).shards is None  # one process, every server
    assert read_config({**base, "SHARD_COUNT": "4"}).shards == Shards(4, (0, 1, 2, 3))
    assert read_config({**base, "SHARD_COUNT": "4", "SHARD_IDS": "2-3"}).shards == Shards(4, (2, 3))
    assert read_config({**base, "SHARD_COUNT": "6", "SHARD_IDS": " 4, 0-1 "}).shards == Shards(6, (0, 1, 4))
    refused = {
        ("", "0"): "SHARD_IDS needs SHARD_COUNT",
        ("0", ""): "SHARD_COUNT must be a number from 1 to 4096, not '0'.",
        ("two", ""): "SHARD_COUNT must be a number from 1 to 4096, not 'two'.",
        ("2", "2"): "SHARD_IDS must be numbers from 0 to 1 (SHARD_COUNT 2), not '2'.",
        ("4", "1,1"): "SHARD_IDS names a shard twice: '1,1'.",
        ("4", "3-1"): "SHARD_IDS has the range '3-1' backwards.",
        ("4", "0;1"): "SHARD_IDS must be shard numbers like 0,1 or 0-3, not '0;1'.",
    }
    for (count, ids), message in refused.items():
        with pytest.raises(SystemExit) as stopped:
            read_config({**base, "SHARD_COUNT": count, "SHARD_IDS": ids})
        assert str(stopped.value).startswith(message), (count, ids, stopped.value)


def test_a_sharded_bot_runs_its_shards_and_an_unsharded_one_is_a_plain_bot(tmp_path) -> None:
    sharded = create_bot(tmp_path / "a.db", shards=Shards(4, (1, 3)))
    assert isinstance(sharded, discord.AutoShardedClient)
    assert (sharded.shard_count, sharded.shard_ids) == (4, [1, 3])
    assert served_shards(sharded) == Shards(4, (1, 3))
    plain = create_bot(tmp_path / "b.db")
    assert not isinstance(plain, discord.AutoShardedClient) and served_shards(plain) is None


async def test_a_move_saved_but_not_shown_is_shown_at_start_by_its_own_shard_only(
    simcord_env, game_seed, shard_bot
):
    guild = simcord_env.create_guild(shard_id=1)
    revolt = lambda g: g.phase is Phase.REVOLT_ATTACKER  # noqa: E731
    table, game = await reach(simcord_env, game_seed, 2, revolt, guild=guild)
    record = await table.record()
    # a process saved the attacker's answer and stopped before showing it
    game.apply("commit 0")
    store = simcord_env.bot.store
    seat = record.seat_to_act
    await store.append_action(record.id, record.version, seat, "commit 0", dump(game), record.updated_at)
    posts = len(table.channel.history())

    await simcord_env.restart_bot(shard_bot(0))  # another shard's process: not its game to show
    assert (await store.load_game(record.id)).presented_version == record.version
    assert len(table.channel.history()) == posts
    await simcord_env.restart_bot(shard_bot(1))
    assert (await store.load_game(record.id)).presented_version == record.version + 1
    assert len(table.channel.history()) > posts


async def test_dms_sent_by_shard_0_for_another_shards_game_use_server_nicknames(
    simcord_env, game_seed, shard_bot
):
    guild = simcord_env.create_guild(shard_id=1)
    revolt = lambda g: g.phase is Phase.REVOLT_ATTACKER  # noqa: E731
    table, game = await reach(simcord_env, game_seed, 2, revolt, guild=guild, nicks=True)
    attacker = table.players[game.conflict.attacker]
    defender = table.players[game.conflict.defender]
    prompt = prompt_of(attacker)

    await simcord_env.restart_bot(shard_bot(0))
    assert simcord_env.bot.get_guild(guild.id) is None  # shard 0 has no cache of the server
    await attacker.user.click(prompt, label="Commit 0")  # the DM reaches shard 0's process
    defender_prompt = prompt_of(defender)
    assert "you are the defender" in defender_prompt.content
    nickname = f"{attacker.name.title()} the Great"
    assert nickname in defender_prompt.content, defender_prompt.content
