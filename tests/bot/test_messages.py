"""Every message a player can receive, in one place (issue 10): a whole 3-player game through simcord with a
revolt, a war, a choice of wars, a monument, a treasure choice, an undo, a vacation, a time-out and an away
seat, closed DMs, every look command and a few refusals. Each message the bot sends or edits (channel, DMs,
private answers) is recorded; its lines, with names, numbers, squares, times and links replaced by
placeholders, are the templates. The test checks them for the mistakes issue 10 found, and prints the whole
collection with ``TE_PRINT_TEMPLATES=1`` (``pytest -s``) for a person to read.
"""

from __future__ import annotations

import os
import random
import re
from collections import defaultdict

import discord
import pytest

from bot.texts import choice_label
from engine import Phase
from i18n import words_for
from tests.bot.conftest import Table, drive, names_game

EN = words_for("en")

SEED = 34  # its random game has a revolt, a war, a choice of wars, a monument and a treasure choice
TIME_OUT_TURN = 7  # the player to act at this turn lets the deadline pass
VACATION_TURN = 3
CLOSED_DMS_TURN = 11
NAMES = ("alice", "bob", "carol")

PLURAL_SLIPS = re.compile(
    r"\b1 (catastrophes|treasures|tiles|points|actions|temples|farms|markets|settlements|hours|minutes"
    r"|posts)\b"
)
LOWER_SQUARE = re.compile(r"\b(?:on|to|from|at) [a-p](?:1[01]|[1-9])\b")


class Recorder:
    """Every text the bot sends or edits: channel posts, DMs, private answers."""

    def __init__(self) -> None:
        self.sent: list[tuple[str, str]] = []  # (where, content)

    def install(self, monkeypatch: pytest.MonkeyPatch) -> None:
        recorder = self
        send, edit, partial_edit = (
            discord.abc.Messageable.send,
            discord.Message.edit,
            discord.PartialMessage.edit,
        )
        respond = discord.InteractionResponse.send_message
        follow = discord.Webhook.send
        original_edit = discord.InteractionMessage.edit

        async def sent(self, content=None, **kwargs):
            where = "dm" if isinstance(self, discord.User | discord.Member | discord.DMChannel) else "channel"
            if content:
                recorder.sent.append((where, str(content)))
            return await send(self, content, **kwargs)

        async def edited(self, **kwargs):
            if kwargs.get("content"):
                where = "dm" if isinstance(self.channel, discord.DMChannel) else "channel"
                recorder.sent.append((f"{where} edit", kwargs["content"]))
            return await edit(self, **kwargs)

        async def partially_edited(self, **kwargs):
            if kwargs.get("content"):
                recorder.sent.append(("dm edit", kwargs["content"]))
            return await partial_edit(self, **kwargs)

        async def responded(self, content=None, **kwargs):
            if content:
                recorder.sent.append(("reply", str(content)))
            return await respond(self, content, **kwargs)

        async def followed(self, content=discord.utils.MISSING, **kwargs):
            if content:
                recorder.sent.append(("reply", str(content)))
            return await follow(self, content, **kwargs)

        async def reply_edited(self, **kwargs):
            if kwargs.get("content"):
                recorder.sent.append(("reply", kwargs["content"]))
            return await original_edit(self, **kwargs)

        monkeypatch.setattr(discord.abc.Messageable, "send", sent)
        monkeypatch.setattr(discord.Message, "edit", edited)
        monkeypatch.setattr(discord.PartialMessage, "edit", partially_edited)
        monkeypatch.setattr(discord.InteractionResponse, "send_message", responded)
        monkeypatch.setattr(discord.Webhook, "send", followed)
        monkeypatch.setattr(discord.InteractionMessage, "edit", reply_edited)


def template(line: str, names: dict[str, str]) -> str:
    line = re.sub(r"https://discord\.com/channels/[@\w/]+", "{link}", line)
    line = re.sub(r"<t:\d+:\w>", "<t:{time}>", line)
    line = re.sub(r"<@\d+>", "@{player}", line)
    line = re.sub(r"<#\d+>", "#{channel}", line)
    line = re.sub(r"Test Guild · #[\w-]+ · game \d+", "{game}", line)
    for name, placeholder in names.items():
        line = re.sub(rf"\b{name}\b", placeholder, line)
    line = re.sub(r"\b[A-P](?:1[01]|[1-9])\b", "{SQ}", line)
    line = re.sub(r"`([^`]*)`", lambda m: "`" + re.sub(r"\b[a-p](?:1[01]|[1-9])\b", "{sq}", m[1]) + "`", line)
    return re.sub(r"\d+", "{n}", line)


async def play_everything(env, table: Table, recorder: Recorder) -> None:
    rng = random.Random(SEED)  # the same moves as the seed's game found offline (see SEED)
    clicks = random.Random(SEED + 1)  # buttons or /te choose: the same moves either way
    timed_out = vacation = undone = closed = looked = False
    for _ in range(1500):
        game = await table.game()
        if game.is_over:
            return
        actor = await table.actor()
        if game.phase is Phase.ACTION and game.turn == TIME_OUT_TURN and not timed_out:
            timed_out = True
            record = await table.record()
            due = min(t.due_at for t in await table.bot.store.timers(record.id) if t.kind == "turn")
            await env.advance_time(due - table.bot.now() + 1)  # a reminder, the last call, the time-out
            continue
        if game.turn == VACATION_TURN and not vacation:
            vacation = True
            other = next(p for p in table.players if p is not actor)
            await other.slash(table.channel, "te seat away", hours=5)
            await other.slash(table.channel, "te seat back")
            await other.slash(table.channel, "te seat back")  # refused: not away
        if game.turn == CLOSED_DMS_TURN and game.phase is Phase.ACTION and not closed:
            closed = True
            nxt = table.players[(game.active + 1) % 3]
            env.inject_error("POST", f"/channels/{nxt.user.dm_channel.id}/messages", status=403, code=50007)
        if game.turn == 5 and not looked:
            looked = True
            for command, options in (
                ("te hand", {}),
                ("te board", {}),
                ("te status", {}),
                ("te log", {"count": 3}),
                ("te help", {}),
                ("te rules", {"topic": "wars"}),
                ("te settings", {}),
                ("te undo", {}),  # refused: nothing of this turn yet
                ("te tile", {"color": "red", "square": "a4"}),  # refused: a river square
            ):
                await actor.slash(table.channel, command, **options)
        legal = game.legal_actions()
        quiet = [a for a in legal if a.kind != "catastrophe"]
        if game.phase is Phase.ACTION and quiet and rng.random() > 0.02:
            legal = quiet
        action = rng.choice(legal)
        if game.phase is not Phase.ACTION and clicks.random() < 0.5:
            prompt = actor.user.dm_channel.last_message
            if prompt is not None and prompt.components:
                await actor.user.click(prompt, label=choice_label(EN, action.text))
                await env.advance_time(3)
                continue
        if not undone and game.phase is Phase.ACTION and game.actions_left == 2 and action.kind == "tile":
            after = game.copy()
            after.apply(action)
            if after.phase is Phase.ACTION and after.turn == game.turn:
                undone = True
                await drive(table, action.text)
                await env.advance_time(3)
                await actor.slash(table.channel, "te undo")
                await env.advance_time(3)
        await drive(table, action.text)
        await env.advance_time(3)
    raise AssertionError("the game did not end")


@pytest.fixture
def recorder(monkeypatch) -> Recorder:
    recorded = Recorder()
    recorded.install(monkeypatch)
    return recorded


async def test_every_message_a_player_can_receive(simcord_env, game_seed, recorder):
    game_seed["value"] = SEED
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("games")
    alice, bob, carol = (guild.add_member(simcord_env.create_user(n)) for n in NAMES)
    await alice.slash(channel, "te new")
    await alice.slash(channel, "te status")
    await bob.slash(channel, "te join")
    await carol.slash(channel, "te join")
    await carol.slash(channel, "te leave")
    await carol.slash(channel, "te join")
    await carol.slash(channel, "te settings", dm="all")
    await bob.slash(channel, "te start")  # refused: only the creator starts
    await alice.slash(channel, "te start")
    table = Table(simcord_env, guild, channel, [alice, bob, carol])
    record = await table.record()
    table.players = [table.member(record.user_at(s)) for s in range(3)]
    await play_everything(simcord_env, table, recorder)
    for command in ("te status", "te board", "te hand", "te log"):
        await alice.slash(channel, command)

    names = {"alice": "{name}", "bob": "{name}", "carol": "{name}"}
    templates: dict[str, set[str]] = defaultdict(set)
    for where, content in recorder.sent:
        assert len(content) <= 2000, content
        assert not PLURAL_SLIPS.search(content), content
        outside_code = re.sub(r"`[^`]*`", "", content)
        assert not LOWER_SQUARE.search(outside_code), content
        assert "Prompt sent by DM" not in content and "The game is over." not in content
        assert not re.search(r"\S  |\s[.,;:]", content), content
        for mention in set(re.findall(r"<@\d+>", content)):
            assert content.count(mention) == 1, content  # one mention of a person per message at most
        if where.startswith("dm"):
            # every DM names its game (the welcome of /te new, before the game has a number, its server
            # and channel, then it is edited to name the game)
            assert names_game(content) or content.startswith("**Test Guild · #games** — welcome"), content
        for line in content.split("\n"):
            if not line.startswith("• "):  # a catch-up line repeats a channel post, templated there
                templates[where.removesuffix(" edit")].add(template(line, names))

    everything = "\n".join(line for lines in templates.values() for line in lines)
    for seen in (
        "**Revolt!**",
        "**War of the",
        "must choose which war is fought first",
        "monument on {SQ}",
        "took the treasure on {SQ}",
        "took back the",
        "is on vacation until",
        "'s time ran out",
        "reminder: it is your turn",
        "last call:",
        "I cannot send you direct messages",
        "**Final standings**",
        "the game is over: you",
        "your turn goes on",
        "**Since your last turn:**",
        "*Your hand is in [a newer message]({link}).*",
        "You chose:",
    ):
        assert seen in everything, seen
    if os.environ.get("TE_PRINT_TEMPLATES"):
        for where in sorted(templates):
            print(f"\n===== {where}: {len(templates[where])} templates")
            for line in sorted(templates[where]):
                print(line)


@pytest.mark.parametrize(
    "seconds, words",
    [
        (0, "less than a minute"),
        (59, "less than a minute"),
        (60, "1 minute"),
        (40 * 60, "40 minutes"),
        (3600, "1 hour"),
        (5 * 3600, "5 hours"),
        (51 * 3600, "2 days 3 hours"),
    ],
)
def test_a_wait_is_said_as_people_say_it(seconds, words):
    from bot.texts import waited_words

    assert waited_words(EN, seconds) == words
