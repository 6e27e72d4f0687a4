"""Every bad input through the bot gets one private sentence and changes nothing (issue 8).

Property tests: arbitrary and near-miss text through every free-text slash-command option, and crafted
prompt-button ids, from the player the game waits on and from another player, with the game at a turn and
at a decision. Whatever is sent, the answer is private, one sentence, never the apology for an unexpected
error (simcord also fails a test whose bot logged one), and the game's version and position, the channel and
the DMs stay as they were. Inputs that would be a legal move are skipped: those are played, not refused.
"""

from __future__ import annotations

import re
import string

import discord
import pytest
from hypothesis import HealthCheck, assume, example, given, settings
from hypothesis import strategies as st

from bot.core import APOLOGY
from engine import Phase
from tests.bot.conftest import Table, open_table, reach

FUZZ = settings(
    max_examples=15,
    deadline=None,  # each example is a round trip through simcord
    suppress_health_check=[HealthCheck.function_scoped_fixture],  # one table serves every example
)
COLOURS = ("red", "blue", "green", "black")

# text a player might type by mistake, or anything at all
ANY_TEXT = st.text(max_size=30)
ODD_DIGITS = st.text(alphabet=st.characters(categories=["Nd", "No", "Nl"]), min_size=1, max_size=3)
SQUARES = st.one_of(
    ANY_TEXT,
    st.builds(
        lambda column, row: column + row,
        st.sampled_from(string.ascii_letters + "ñ "),
        st.one_of(st.integers(-3, 20).map(str), ODD_DIGITS, st.just("1" * 5000)),
    ),
    st.sampled_from(["a²", "e٥", "e 5", "5e", "e05", "e5 e6", "", "   ", "<@1>", "e5`", "e\n5", "Ｅ５"]),
)
SWAPS = st.one_of(
    ANY_TEXT,
    st.lists(st.sampled_from([*COLOURS, "rouge", "red-blue", "7", "RED", "²"]), max_size=9).map(" ".join),
)
DECISION_WORDS = ("commit", "war", "monument", "decline", "treasure")
CHOICES = st.one_of(
    ANY_TEXT,
    st.builds(
        lambda word, rest: f"{word} {rest}",
        st.sampled_from(DECISION_WORDS),
        st.one_of(ANY_TEXT, ODD_DIGITS, st.integers(-5, 10**30).map(str), st.sampled_from(["red-blue e5"])),
    ),
    st.sampled_from(["commit", "war", "treasure", "monument red-blue", "commit ²", "tile red e5", "swap"]),
)
# the part after te:<game>:<version>: of a custom_id that the button template accepts
BUTTON_CHOICES = st.one_of(
    st.from_regex(r"[a-z0-9_-]{1,40}", fullmatch=True),
    st.sampled_from(
        [
            "commit",
            "commit_0",
            "commit_99999999999999999999",
            "war",
            "war_red",
            "war_purple",
            "treasure",
            "treasure_b2",
            "monument_red-blue",
            "monument_red-red_e5",
            "monument_red-blue_e5",
            "decline",
            "decline_now",
            "pass",
            "swap_red",
            "withdraw_red",
            "tile_red_b1",
            "leader_red_b1",
            "catastrophe_b1",
        ]
    ),
)
IDS = st.integers(0, 10**25)  # a crafted id still fits in the 100 characters of a custom_id


def one_sentence(text: str, sent: str) -> bool:
    """One line, one sentence; what the player sent may be quoted in it (with its own full stops)."""
    for word in sorted(set(sent.lower().split()), key=len, reverse=True):
        text = text.replace(repr(word), "'…'")
    return "\n" not in text and text.endswith((".", "!", "?")) and not re.search(r"[.!?]\s", text[:-1])


def could_play(game, text: str) -> bool:
    try:
        return game.is_legal(text)
    except Exception:  # text the engine cannot read at all is not a move either
        return False


class Snapshot:
    """What must not change: the saved game, the channel and every player's DMs."""

    def __init__(self, table: Table) -> None:
        self.table = table

    async def take(self) -> tuple[object, ...]:
        record = await self.table.record()
        dms = tuple(len(p.user.dm_channel.history()) for p in self.table.players)
        return record.version, record.position, len(self.table.channel.history()), dms


async def assert_refused(table: Table, member, command: str, sent: str, **options) -> str:
    before = await Snapshot(table).take()
    result = await member.slash(table.channel, command, **options)
    assert result.ephemeral, (command, options, result)
    text = result.response.content
    assert text != APOLOGY and one_sentence(text, sent), (command, options, text)
    assert await Snapshot(table).take() == before, (command, options, text)
    return text


async def assert_click_refused(table: Table, member, custom_id: str) -> str:
    """A button with this id, sent to the member as if the bot had made it, is clicked."""
    user = await table.bot.fetch_user(member.id)
    view = discord.ui.View(timeout=None)
    view.add_item(discord.ui.Button(label="Choose", custom_id=custom_id))
    view.stop()  # components only, like a real prompt
    await user.send("A button with a crafted id.", view=view)
    message = member.user.dm_channel.last_message
    before = await Snapshot(table).take()
    result = await member.user.click(message, custom_id=custom_id)
    answers = result.followups
    assert len(answers) == 1 and answers[0].ephemeral, (custom_id, answers)
    text = answers[0].content
    assert text != APOLOGY and one_sentence(text, ""), (custom_id, text)
    assert await Snapshot(table).take() == before, (custom_id, text)
    return text


@pytest.fixture
async def turn_table(simcord_env) -> Table:
    return await open_table(simcord_env, 2)


@pytest.fixture
async def decision_table(simcord_env, game_seed) -> Table:
    table, _ = await reach(simcord_env, game_seed, 2, lambda g: g.phase is Phase.REVOLT_ATTACKER)
    return table


async def sender(table: Table, actor: bool):
    waited_on = await table.actor()
    return waited_on if actor else next(p for p in table.players if p is not waited_on)


async def refused_unless_a_move(table: Table, actor: bool, command: str, sent: str, **options) -> None:
    """Send it as the player the game waits on (or another one), unless it is a legal move (it is played)."""
    assume(not could_play(await table.game(), sent))
    await assert_refused(table, await sender(table, actor), command, sent, **options)


# ------------------------------------------------------------------------------------- slash commands


@pytest.mark.parametrize("command", ["tile", "leader"])
@FUZZ
@given(colour=st.sampled_from(COLOURS), square=SQUARES, actor=st.booleans())
@example(colour="red", square="a²", actor=True)
@example(colour="red", square="a" + "1" * 5000, actor=True)
async def test_a_bad_square_for_a_tile_or_leader(turn_table, command, colour, square, actor):
    sent = f"{command} {colour} {square}"
    await refused_unless_a_move(turn_table, actor, f"te {command}", sent, color=colour, square=square)


@FUZZ
@given(square=SQUARES, actor=st.booleans())
@example(square="a²", actor=True)
async def test_a_bad_catastrophe_square(turn_table, square, actor):
    sent = f"catastrophe {square}"
    await refused_unless_a_move(turn_table, actor, "te catastrophe", sent, square=square)


@FUZZ
@given(tiles=SWAPS, actor=st.booleans())
@example(tiles="red red red red red red red", actor=True)
async def test_bad_tiles_to_swap(turn_table, tiles, actor):
    sent = f"swap {tiles}"
    await refused_unless_a_move(turn_table, actor, "te swap", sent, tiles=tiles)


@FUZZ
@given(option=CHOICES, actor=st.booleans())
@example(option="commit", actor=True)
@example(option="war", actor=True)
@example(option="treasure", actor=True)
@example(option="monument red-blue", actor=True)
@example(option="commit ²", actor=True)
async def test_a_bad_choice_at_a_turn(turn_table, option, actor):
    await refused_unless_a_move(turn_table, actor, "te choose", option, option=option)


@FUZZ
@given(option=CHOICES, actor=st.booleans())
@example(option="commit", actor=True)
@example(option="commit ²", actor=True)
@example(option="commit 99999999999999999999", actor=True)
@example(option="monument red-blue", actor=True)
@example(option="tile red e5", actor=True)
async def test_a_bad_choice_at_a_decision(decision_table, option, actor):
    await refused_unless_a_move(decision_table, actor, "te choose", option, option=option)


async def test_withdrawing_a_leader_that_is_not_on_the_board(turn_table):
    # the colour is a fixed choice in Discord, so the only bad input is a leader still in the supply, as all
    # are at the start
    member = await turn_table.actor()
    for colour in COLOURS:
        sent = f"withdraw {colour}"
        assert not could_play(await turn_table.game(), sent)
        await assert_refused(turn_table, member, "te withdraw", sent, color=colour)


# ------------------------------------------------------------------------------------ crafted buttons


async def crafted_id(table: Table, data) -> str:
    """te:<game>:<version>:<choice>, each part the real one or not; turn actions that are legal now too."""
    record = await table.record()
    legal = [a.text.replace(" ", "_") for a in record.game().legal_actions()]
    game = data.draw(st.one_of(st.just(record.id), IDS), label="game")
    version = data.draw(st.one_of(st.just(record.version), IDS), label="version")
    choice = data.draw(st.one_of(BUTTON_CHOICES, st.sampled_from(legal)), label="choice")
    return f"te:{game}:{version}:{choice}"


@FUZZ
@given(data=st.data(), actor=st.booleans())
async def test_a_crafted_button_at_a_turn_plays_nothing(turn_table, data, actor):
    # at a turn no decision is open, and a button never plays a turn action, not even a legal one
    custom_id = await crafted_id(turn_table, data)
    await assert_click_refused(turn_table, await sender(turn_table, actor), custom_id)


@FUZZ
@given(data=st.data(), actor=st.booleans())
async def test_a_crafted_button_at_a_decision_plays_only_that_decision(decision_table, data, actor):
    record = await decision_table.record()
    custom_id = await crafted_id(decision_table, data)
    _, game, version, choice = custom_id.split(":")
    is_the_prompt = (int(game), int(version)) == (record.id, record.version)
    assume(not (actor and is_the_prompt and could_play(record.game(), choice.replace("_", " "))))
    await assert_click_refused(decision_table, await sender(decision_table, actor), custom_id)


async def test_the_known_bad_buttons(turn_table):
    record = await turn_table.record()
    actor = await turn_table.actor()
    legal_tile = next(a for a in record.game().legal_actions() if a.kind == "tile")
    prefix = f"te:{record.id}:{record.version}"
    refusals = {
        f"{prefix}:commit": "This button is not a choice I offered",
        f"{prefix}:{legal_tile.text.replace(' ', '_')}": "This button is not a choice I offered",
        f"{prefix}:commit_0": "No conflict, monument or treasure is waiting",
        f"te:{record.id}:{record.version + 1}:commit_0": "This decision is already closed.",
        f"te:{record.id + 1}:0:commit_0": "That game does not exist.",
        f"te:{10**25}:0:commit_0": "This button is not a choice I offered",
    }
    for custom_id, start in refusals.items():
        text = await assert_click_refused(turn_table, actor, custom_id)
        assert text.startswith(start), (custom_id, text)
