"""The computer player in the bot (issue 12): computer seats added in the lobby, a game of one person and
three computer players to the end, the computer covering a seat whose deadline passed (R30, R31), a restart
in the middle of a computer's turn, and /te hint. The AI budget is tiny here (conftest's FAST_COMPUTER)."""

from __future__ import annotations

import logging

import pytest

from bot.computer import ComputerConfig
from bot.deadlines import AUTOPLAY, TURN
from bot.present import seat_notes
from engine import Action, WhoKind
from engine.rng import Rng
from i18n import words_for
from render import SeatMark, SeatNote
from storage import Player, Status
from tests.bot.conftest import Table, drive, open_table, pings

EN = words_for("en")

STARTED = "The game here has started: seats are fixed now."


async def lobby(env, *members: str):
    """A guild, a channel and members; the first opens a lobby there, the others join."""
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    people = [guild.add_member(env.create_user(name)) for name in members]
    result = await people[0].slash(channel, "te new")
    assert result.ephemeral, result.response.content
    for p in people[1:]:
        assert "seated" in (await p.slash(channel, "te join")).response.content
    return guild, channel, people


async def add(member, channel, level: str | None = None) -> str:
    options = {} if level is None else {"level": level}
    result = await member.slash(channel, "te seat addbot", **options)
    assert result.ephemeral
    return result.response.content


async def test_the_creator_adds_and_removes_computer_players_in_the_lobby(simcord_env):
    _, channel, (alice, bob) = await lobby(simcord_env, "alice", "bob")
    assert await add(alice, channel, "hard") == "Bot (hard) is seated."
    line = channel.last_message.content  # the lobby's one message, edited
    assert line.startswith("**Tigris & Euphrates** lobby") and line.endswith(
        "*Latest: alice added Bot (hard).*"
    )
    assert "Seated (3/4)" in line and "Bot (hard)" in line and "<@None>" not in line
    assert await add(alice, channel) == "Bot (normal) is seated."  # normal unless chosen
    choices = await alice.autocomplete(channel, "te seat removebot", "bot", "")
    assert [c["value"] for c in choices] == ["Bot (hard)", "Bot (normal)"]

    result = await alice.slash(channel, "te seat removebot", bot="bot (HARD)")
    assert result.ephemeral and result.response.content == "Removed Bot (hard)."
    assert channel.last_message.content.endswith("*Latest: alice removed Bot (hard).*")
    store = simcord_env.bot.store
    record = await store.game_in_channel(channel.id)
    assert [(s.user_id, s.level) for s in record.seats] == [
        (alice.id, None),
        (bob.id, None),
        (None, "normal"),
    ]

    # two of a level have distinct names
    assert await add(alice, channel, "normal") == "Bot 2 (normal) is seated."
    record = await store.game_in_channel(channel.id)
    assert await simcord_env.bot.rooms.directory.names_for(record) == [
        "alice",
        "bob",
        "Bot (normal)",
        "Bot 2 (normal)",
    ]


async def test_addbot_and_removebot_refusals_are_one_private_sentence_and_change_nothing(simcord_env):
    guild, channel, (alice, bob) = await lobby(simcord_env, "alice", "bob")
    store = simcord_env.bot.store
    before = await store.game_in_channel(channel.id)
    seen = len(channel.history())
    assert await add(bob, channel, "easy") == (
        f"Only <@{alice.id}>, who opened this lobby, can add a computer player."
    )
    result = await alice.slash(channel, "te seat removebot", bot="Bot (easy)")
    assert result.ephemeral
    assert result.response.content == 'There is no computer player called "Bot (easy)" in this lobby.'
    assert (await store.game_in_channel(channel.id)).seats == before.seats
    assert len(channel.history()) == seen

    assert await add(alice, channel, "easy") == "Bot (easy) is seated."
    result = await bob.slash(channel, "te seat removebot", bot="Bot (easy)")
    assert (
        result.response.content == f"Only <@{alice.id}>, who opened this lobby, can remove a computer player."
    )
    assert await add(alice, channel, "easy") == "Bot 2 (easy) is seated."
    full = await store.game_in_channel(channel.id)
    assert await add(alice, channel, "hard") == "This lobby is full (4 players)."
    assert (await store.game_in_channel(channel.id)).seats == full.seats

    assert "started" in (await alice.slash(channel, "te start")).response.content
    seen = len(channel.history())
    assert await add(alice, channel, "hard") == STARTED
    result = await alice.slash(channel, "te seat removebot", bot="Bot (easy)")
    assert result.response.content == STARTED
    assert len((await store.game_in_channel(channel.id)).seats) == 4

    outside = guild.create_text_channel("elsewhere")
    assert await add(alice, outside, "hard") == "There is no game in this channel: open one with /te new."
    # nothing public was said by any refusal (the computer seats' moves aside)
    assert all("addbot" not in m.content for m in channel.history()[seen:])


async def test_one_person_and_three_computer_players_play_a_whole_game(simcord_env, game_seed):
    game_seed["value"] = 7
    guild, channel, (alice,) = await lobby(simcord_env, "alice")
    result = await alice.slash(channel, "te start")
    assert result.response.content == "A game needs 2 to 4 players; 1 seated."
    for level in ("easy", "normal", "hard"):
        await add(alice, channel, level)
    assert "started" in (await alice.slash(channel, "te start")).response.content
    table = Table(simcord_env, guild, channel, [alice])
    store = table.bot.store
    record = await table.record()
    assert [s.level for s in record.seats] == [None, "easy", "normal", "hard"]
    assert seat_notes(record, table.bot.now()) == {s: SeatNote(SeatMark.COMPUTER) for s in (1, 2, 3)}

    chooser = Rng(3)
    for _ in range(400):
        game = await table.game()
        if game.is_over:
            break
        # with no pause (tests), every computer move is made before the command that led to it returns
        assert (await table.record()).user_to_act == alice.id
        legal = game.legal_actions()
        quiet = [a for a in legal if a.kind not in ("catastrophe", "swap")] or legal
        await drive(table, quiet[chooser.below(len(quiet))].text)
        await simcord_env.advance_time(3)
    record = await table.record()
    assert record.status is Status.FINISHED
    assert await store.verify_replay(record.id) == record.version

    actions = await store.actions(record.id)
    for row in actions:
        seat = record.seats[row.seat]
        if seat.is_computer:
            assert (row.who.kind, row.who.level) == (WhoKind.COMPUTER, seat.level), row
        else:
            assert row.who.kind is WhoKind.PERSON
    assert {row.seat for row in actions} == {0, 1, 2, 3}  # every computer seat played

    history = channel.history()
    assert all(set(pings(table, m)) <= {alice.id} for m in history)  # nobody else is ever mentioned
    final = history[-1]
    assert "Final standings" in final.content
    for name in ("Bot (easy)", "Bot (normal)", "Bot (hard)"):
        assert name in final.content
    assert "<@None>" not in final.content
    # the only DMs are alice's: computer seats have nobody to write to
    assert alice.user.dm_channel is not None

    # rated as their levels in the server's standings
    results = await store.game_results(record.id)
    players = {r.seat: r.player for r in results}
    assert players == {
        0: Player.person(alice.id),
        1: Player.computer("easy"),
        2: Player.computer("normal"),
        3: Player.computer("hard"),
    }
    board = (await alice.slash(channel, "te history leaderboard")).response.content
    for name in ("Bot (easy)", "Bot (normal)", "Bot (hard)", "alice"):
        assert name in board, board


async def test_the_computer_takes_over_a_seat_whose_turn_deadline_passed(simcord_env):
    table = await open_table(simcord_env, 2, turn_hours=1, away_minutes=10)
    sleeper = await table.actor()
    record = await table.record()
    seat = record.seat_of(sleeper.id)
    seen = len(table.channel.history())
    await simcord_env.advance_time(3600 + 1)  # R30: the deadline passes
    record = await table.record()
    played = await table.bot.store.actions(record.id)
    assert [(a.seat, a.who.kind, a.who.level) for a in played] == [(seat, WhoKind.COMPUTER, "normal")] * 2
    assert all(a.action != "pass" for a in played)  # a real move, not the rules' default
    assert record.seat_record(seat).away_since is not None
    assert seat_notes(record, table.bot.now())[seat].mark is SeatMark.AWAY
    posts = table.channel.history()[seen:]
    assert posts[0].content.startswith(f"{sleeper.user.name}'s time ran out")
    assert all(sleeper.id not in pings(table, m) for m in posts)

    # their next turn: the other player passes, then the grace period, then the computer plays it all
    await drive(table, "pass")
    version = (await table.record()).version
    await simcord_env.advance_time(10 * 60 + 1)
    record = await table.record()
    assert record.version == version + 2 and record.seat_to_act != seat
    assert {a.who.kind for a in (await table.bot.store.actions(record.id))[version:]} == {WhoKind.COMPUTER}


async def test_the_game_chooses_the_level_that_plays_for_absent_players(simcord_env):
    # /te new computer_level: the computer player that covers a timed-out seat (R30, R31) plays at it
    table = await open_table(simcord_env, 2, turn_hours=1, computer_level="easy")
    lobby = next(m.content for m in table.channel.history() if "lobby" in m.content)
    assert "by the easy computer player" in lobby
    sleeper = await table.actor()
    seat = (await table.record()).seat_of(sleeper.id)
    await simcord_env.advance_time(3600 + 1)
    played = await table.bot.store.actions((await table.record()).id)
    assert [(a.seat, a.who.kind, a.who.level) for a in played] == [(seat, WhoKind.COMPUTER, "easy")] * 2


async def test_a_restart_in_the_middle_of_a_computer_turn_resumes_it(simcord_env, make_bot, game_seed):
    # a long pause between a computer's actions, so that restarts fall between them (longer than simcord's
    # settling window, which may run virtual timers that fall due within it)
    pause = 600
    slow = ComputerConfig(pause=pause, simulations=4, seconds=None)
    game_seed["value"] = 3
    await simcord_env.restart_bot(make_bot(slow))
    guild, channel, (alice,) = await lobby(simcord_env, "alice")
    await add(alice, channel, "hard")
    await alice.slash(channel, "te start")
    table = Table(simcord_env, guild, channel, [alice])
    store = table.bot.store
    record = await table.record()
    if record.user_to_act == alice.id:  # let the computer's turn come
        await drive(table, "pass")
    record = await table.record()
    bot_seat = record.seat_to_act
    assert record.seat_record(bot_seat).is_computer
    [row] = [t for t in await store.timers(record.id) if t.seat == bot_seat]
    assert row.kind == AUTOPLAY and row.due_at == table.bot.now() + pause

    await simcord_env.advance_time(pause // 2)  # a restart before its first action ...
    await simcord_env.restart_bot(make_bot(slow))
    await simcord_env.advance_time(pause // 2 + 1)
    record = await table.record()
    version = record.version
    assert record.seat_to_act == bot_seat and record.game().actions_left == 1  # ... which came on time

    await simcord_env.restart_bot(make_bot(slow))  # a restart between its two actions
    await simcord_env.advance_time(pause - 2)
    assert (await table.record()).version == version
    await simcord_env.advance_time(2)
    record = await table.record()
    assert record.user_to_act == alice.id and record.version == version + 1
    last = (await store.actions(record.id))[-1]
    assert last.seat == bot_seat and (last.who.kind, last.who.level) == (WhoKind.COMPUTER, "hard")
    assert TURN in {t.kind for t in await store.timers(record.id) if t.seat == record.seat_to_act}


async def test_hints_only_when_the_game_allows_them(simcord_env):
    table = await open_table(simcord_env, 2)
    actor = await table.actor()
    result = await actor.slash(table.channel, "te hint")
    assert result.ephemeral and result.response.content == (
        "Hints are off in this game: they are allowed when a game is opened with `/te new hints: true`."
    )

    on = await open_table(simcord_env, 2, hints=True)  # in a server of its own
    actor = await on.actor()
    other = next(p for p in on.players if p is not actor)
    seen = len(on.channel.history())
    result = await actor.slash(on.channel, "te hint")
    text = result.response.content
    assert result.ephemeral and text.startswith("Hint: ") and "\n" not in text
    suggested = Action.parse(text.rsplit("(`", 1)[1].rstrip("`)"))
    assert (await on.game()).is_legal(suggested)
    result = await other.slash(on.channel, "te hint")
    assert result.response.content == (
        "Nothing waits for you now: ask for a hint on your turn or when a choice is yours."
    )
    assert len(on.channel.history()) == seen and (await on.record()).version == 0  # private, nothing played
    assert "`/te hint` allowed" in on.channel.history()[0].content  # the lobby said so


@pytest.mark.parametrize("pause, whole", [(0, 0), (2.5, 3), (3, 3)])
def test_the_pause_is_whole_seconds(pause, whole):
    from bot.computer import Computer
    from bot.workers import Workers

    assert Computer(Workers(), ComputerConfig(pause=pause)).pause == whole


async def test_a_computer_player_that_fails_does_not_stall_the_game(
    simcord_env, game_seed, monkeypatch, caplog
):
    game_seed["value"] = 3
    guild, channel, (alice,) = await lobby(simcord_env, "alice")
    await add(alice, channel, "normal")
    table = Table(simcord_env, guild, channel, [alice])

    async def broken(*args, **kwargs):
        raise RuntimeError("the worker process died")

    monkeypatch.setattr(table.bot.computer, "move", broken)
    await alice.slash(channel, "te start")
    if (await table.record()).user_to_act == alice.id:
        await drive(table, "pass")
    record = await table.record()
    assert record.user_to_act == alice.id  # the computer's turn was played all the same: the rules' default
    last = (await table.bot.store.actions(record.id))[-1]
    assert (last.action, last.who.kind) == ("pass", WhoKind.DEADLINE)
    logged = [r for r in caplog.records if r.name == "bot" and r.levelno == logging.ERROR]
    assert logged and "the computer player failed" in logged[0].getMessage()
    assert logged[0].exc_info[0] is RuntimeError


def test_computer_seats_are_named_by_level_and_a_resigned_seat_keeps_its_players_name():
    from bot.texts import computer_names
    from storage import Seat

    seats = [
        Seat(0, 11, None, 0),
        Seat(1, None, None, 0, level="hard"),
        Seat(2, None, None, 0, level="normal", resigned_by=12, resigned_at=5),  # R33: still "bob"
        Seat(3, None, None, 0, level="hard"),
    ]
    assert computer_names(seats) == {1: "Bot (hard)", 3: "Bot 2 (hard)"}


def test_a_computer_seat_and_its_dynasty_read_without_doubled_brackets():
    from bot.texts import with_dynasty

    assert with_dynasty(EN, "alice", 0) == "alice (archer)"
    assert with_dynasty(EN, "Bot (normal)", 3) == "Bot (normal), lion"
