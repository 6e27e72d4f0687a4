"""A version shown again after a crash does only the steps not done (issue 17): the process is "killed" right
before or right after each step of showing a version is recorded (the channel post with its message id, each
DM, each prompt, each hand edit), a fresh bot starts over the same database, and what
Discord holds is exactly what a presentation that was never interrupted leaves: no step twice, none missing.

A kill cancels the task at that point (nothing after it runs: no handler catches a cancellation), then
``restart_bot`` starts a new bot. "Before the record" is the window between Discord accepting a message and
the store recording it: the restarted bot must find the message rather than send it again.
"""

from __future__ import annotations

import asyncio
import re
from collections.abc import Awaitable, Callable

from engine import Phase
from tests.bot.conftest import Table, drive, open_table, seed_where
from tests.bot.test_prompts import labels, prompt_of

SNOWFLAKE = re.compile(r"\d{15,}")
TIMESTAMP = re.compile(r"<t:\d+(:[a-zA-Z])?>")
GAME_NUMBER = re.compile(r"game \d+")
# A version shown again after a crash closes the prompt it answered with the general note: what was chosen
# is in the post above it anyway.
CHOSEN = re.compile(r"\*You chose: [^*\n]+\.\*")
RECORDING = ("add_post", "remember_message", "record_step")


def normal(text: str) -> str:
    """A message's text without what differs between two tables: ids, game numbers, times."""
    text = CHOSEN.sub("*This decision is closed.*", text)
    return TIMESTAMP.sub("<t:T>", GAME_NUMBER.sub("game N", SNOWFLAKE.sub("ID", text)))


def snapshot(table: Table) -> dict[str, list[tuple[str, int, bool]]]:
    """What the channel and every player's DMs show: each message's text, pictures and buttons."""

    def seen(messages) -> list[tuple[str, int, bool]]:
        return [(normal(m.content), len(m.attachments), bool(m.components)) for m in messages]

    shown = {"channel": seen(table.channel.history())}
    for seat, player in enumerate(table.players):
        dm = player.user.dm_channel
        shown[f"seat {seat}"] = seen(dm.history() if dm is not None else [])
    return shown


def step_of(table: Table, method: str, args: tuple, kwargs: dict) -> str | None:
    """The step of showing a version that a store call records, if it records one, with the player's name
    for their id (``dm:bob``): the same on every table."""
    if method == "record_step":
        step = args[2]
    else:
        step = kwargs.get("step")
        step = step[1] if isinstance(step, tuple) else step
    names = {str(p.id): p.user.name for p in table.players}
    return None if step is None else SNOWFLAKE.sub(lambda m: names.get(m.group(), m.group()), step)


def watch_steps(table: Table, kill: str | None = None, *, before: bool = False) -> list[str]:
    """The steps the bot records, in order; with ``kill``, the process dies right before (``before``) or
    right after that step is recorded."""
    recorded: list[str] = []
    store = table.bot.store
    for method in RECORDING:
        original = getattr(store, method)

        async def recording(*args, _method=method, _original=original, **kwargs):
            step = step_of(table, _method, args, kwargs)
            if step is not None and step == kill and before:
                raise asyncio.CancelledError
            result = await _original(*args, **kwargs)
            if step is not None:
                recorded.append(step)
                if step == kill:
                    raise asyncio.CancelledError
            return result

        setattr(store, method, recording)
    return recorded


Prepare = Callable[[], Awaitable[Table]]
Act = Callable[[Table], Awaitable[object]]


async def assert_every_kill_leaves_it_shown_once(env, make_bot, prepare: Prepare, act: Act) -> list[str]:
    """Show a version once without a kill, then again with a kill before and after each of its steps on a
    table of its own, each time restarting the bot: every table ends as the first. Returns the steps."""
    reference = await prepare()
    steps = watch_steps(reference)
    await act(reference)
    expected = snapshot(reference)
    assert steps and len(steps) == len(set(steps)), steps
    for step in steps:
        for before in (True, False):
            table = await prepare()
            watch_steps(table, step, before=before)
            await act(table)
            await env.restart_bot(make_bot())
            where = f"killed {'before' if before else 'after'} recording {step}"
            assert snapshot(table) == expected, where
            record = await table.record()
            assert record.presented_version == record.version, where
            assert await env.bot.store.presentation_steps(record.id, record.version) == {}, where
    return steps


def lobby(env) -> Prepare:
    async def prepare() -> Table:
        guild = env.create_guild()
        channel = guild.create_text_channel("games")
        players = [guild.add_member(env.create_user(name)) for name in ("alice", "bob", "carol")]
        await players[0].slash(channel, "te new")
        for player in players[1:]:
            await player.slash(channel, "te join")
        return Table(env, guild, channel, players)

    return prepare


async def test_the_start_is_shown_once_whenever_the_process_dies(simcord_env, make_bot):
    async def start(table: Table) -> None:
        await table.players[0].slash(table.channel, "te start")
        record = await table.record()
        table.players = [table.member(record.user_at(s)) for s in range(3)]

    steps = await assert_every_kill_leaves_it_shown_once(simcord_env, make_bot, lobby(simcord_env), start)
    assert steps[0] == "post" and {"dm:alice", "dm:bob", "dm:carol"} <= set(steps)


async def test_the_end_of_a_turn_is_shown_once_whenever_the_process_dies(simcord_env, make_bot):
    async def prepare() -> Table:
        table = await open_table(simcord_env, 2)
        tile = next(a for a in (await table.game()).legal_actions() if a.kind == "tile")
        await drive(table, tile.text)  # the first action: the hand has a tile less
        await simcord_env.advance_time(3)
        return table

    async def end_turn(table: Table) -> None:
        posts = len(table.channel.history())
        await (await table.actor()).slash(table.channel, "te pass")
        assert len(table.channel.history()) == posts  # the turn's post was edited

    steps = await assert_every_kill_leaves_it_shown_once(simcord_env, make_bot, prepare, end_turn)
    # the post (the turn's post edited with the line and the board: a kill leaves it edited once, not posted
    # again), the next player's turn DM, the hand it replaced cut to a pointer, the actor's hand edited
    assert steps[0] == "post" and {s.split(":")[0] for s in steps} == {"post", "dm", "hand"}
    assert any(s.endswith(":older") for s in steps)


async def test_a_decision_answered_is_shown_once_whenever_the_process_dies(simcord_env, make_bot, game_seed):
    # a revolt within a few actions: each kill plays them again on a table of its own
    seed, actions = seed_where(2, lambda g: g.phase is Phase.REVOLT_ATTACKER, max_actions=5)

    async def prepare() -> Table:
        game_seed["value"] = seed
        table = await open_table(simcord_env, 2)
        for text in actions:
            await drive(table, text)
        return table

    async def commit(table: Table) -> None:
        game = await table.game()
        attacker = table.players[game.conflict.attacker]
        prompt = prompt_of(attacker)
        await attacker.user.click(prompt, label=labels(prompt)[-1])

    steps = await assert_every_kill_leaves_it_shown_once(simcord_env, make_bot, prepare, commit)
    # the post, then the prompt answered closed (not a step: done again, it leaves the new prompt alone), the
    # defender's prompt
    assert steps[0] == "post" and any(s.startswith("dm:") for s in steps)


async def test_a_refused_dm_and_its_note_are_shown_once_whenever_the_process_dies(simcord_env, make_bot):
    async def prepare() -> Table:
        table = await open_table(simcord_env, 2)
        actor = await table.actor()
        other = next(p for p in table.players if p is not actor)
        dm = other.user.dm_channel.id
        simcord_env.inject_error("POST", f"/channels/{dm}/messages", status=403, code=50007, times=None)
        return table

    async def end_turn(table: Table) -> None:
        await (await table.actor()).slash(table.channel, "te pass")

    steps = await assert_every_kill_leaves_it_shown_once(simcord_env, make_bot, prepare, end_turn)
    assert any(s.startswith("dms-closed:") for s in steps)
