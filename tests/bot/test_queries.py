"""Queries that scale (issue 8): what a command looks up is one indexed query, never a list of the server's
games. ``tests/storage/test_query_plans.py`` checks that each store query uses its index; these tests check
that the bot asks only those. The figures with 10,000 games are in ``benchmarks/bench_bot.py``."""

from __future__ import annotations

import inspect
import random

import pytest

from bot.texts import NO_GAME_HERE_NOW
from engine import Game, dump
from storage import GameRecord, Store

# What a command may ask the store for: each one indexed lookup (of a channel, a game, a user's seat).
ONE_LOOKUP = {
    "latest_game_in_channel",
    "game_in_channel",
    "load_game",
    "timers",
    "message",
    "messages",
    "player_settings",  # by (user, game): the primary key
    "set_player_settings",  # one row written by its primary key
    "has_been_seated",  # by user: the seats' user index
    *("person_language", "person_languages", "set_person_language"),  # the asker's language: by user id
}
ASKERS_LANGUAGE = {"person_language", "person_languages", "set_person_language"}  # once a minute per person


async def finished_game(
    store: Store, guild_id: int, channel_id: int, users: list[int], seed: int
) -> GameRecord:
    """A game played to its end through the store (random legal moves), its last version shown."""
    now = 1_700_000_000
    record = await store.create_game(guild_id, channel_id, users[0], now)
    for user in users:
        await store.add_seat(record.id, user, now)
    game = Game.new(len(users), seed)
    await store.start_game(record.id, seed, dump(game), now)
    chooser = random.Random(seed)
    version = 0
    while not game.is_over:
        legal = [a for a in game.legal_actions() if a.kind != "catastrophe"] or game.legal_actions()
        seat = game.to_act
        assert seat is not None
        action = chooser.choice(legal)
        game.apply(action)
        version = (await store.append_action(record.id, version, seat, action.text, dump(game), now)).version
    await store.mark_presented(record.id, version)
    return await store.load_game(record.id)


def spy_on(store: Store, monkeypatch) -> list[str]:
    """The names of the store's operations called from now on, in order."""
    calls: list[str] = []
    for name, method in inspect.getmembers(store, inspect.iscoroutinefunction):
        if name.startswith("_"):
            continue

        def spy(*args, _name=name, _method=method, **kwargs):
            calls.append(_name)
            return _method(*args, **kwargs)

        monkeypatch.setattr(store, name, spy)
    return calls


@pytest.fixture
async def finished_here(simcord_env):
    """A channel whose two games are over, and a newer finished game in another channel of the server."""
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("games")
    elsewhere = guild.create_text_channel("other")
    alice, bob, carol = (guild.add_member(simcord_env.create_user(n)) for n in ("alice", "bob", "carol"))
    store = simcord_env.bot.store
    await finished_game(store, guild.id, channel.id, [alice.id, bob.id], seed=1)
    newest = await finished_game(store, guild.id, channel.id, [alice.id, carol.id], seed=2)
    await finished_game(store, guild.id, elsewhere.id, [bob.id, carol.id], seed=3)
    return channel, alice, newest


async def test_status_and_board_without_a_game_in_play_are_one_lookup(
    simcord_env, finished_here, monkeypatch
):
    channel, alice, _ = finished_here
    calls = spy_on(simcord_env.bot.store, monkeypatch)
    result = await alice.slash(channel, "te status")
    text = result.response.content
    assert result.ephemeral and text.startswith("**Final standings**")
    assert "carol" in text and "bob" not in text  # the newest game of this channel, not another's
    assert [c for c in calls if c not in ASKERS_LANGUAGE] == ["latest_game_in_channel"]
    calls.clear()
    result = await alice.slash(channel, "te board")
    assert result.ephemeral and result.response.attachments[0].filename == "board.png"
    assert calls == ["latest_game_in_channel"]  # the asker's language is remembered for a minute


async def test_every_command_and_autocomplete_asks_only_indexed_lookups(
    simcord_env, finished_here, monkeypatch
):
    channel, alice, _ = finished_here
    calls = spy_on(simcord_env.bot.store, monkeypatch)
    for command, options in [
        ("te status", {}),
        ("te board", {}),
        ("te hand", {}),
        ("te pass", {}),
        ("te tile", {"color": "red", "square": "e5"}),
        ("te choose", {"option": "commit 1"}),
        ("te join", {}),
        ("te abandon", {}),
        ("te undo", {}),
        ("te seat away", {"hours": 5}),
        ("te seat back", {}),
        ("te seat resign", {}),
        ("te seat replace", {"seat_of": alice, "computer": True}),
        ("te settings", {}),
        ("te settings", {"dm": "none"}),
    ]:
        result = await alice.slash(channel, command, **options)
        assert result.ephemeral, command
    [why] = await alice.autocomplete(channel, "te tile", "square", "e", color="red")
    assert why["name"] == NO_GAME_HERE_NOW  # an empty list says why (issue 18)
    assert set(calls) <= ONE_LOOKUP, calls
