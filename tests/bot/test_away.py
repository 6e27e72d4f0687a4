"""Games that survive weeks (issue 9): turn deadlines (R30), away seats and pauses (R31), through simcord
with the virtual clock and a real SQLite file. What is checked is what people see: channel lines, DMs, the
log's actors and the timer rows."""

from __future__ import annotations

from bot.deadlines import AUTOPLAY, DEADLINE, REMINDER, TURN, WARNING
from bot.texts import PAUSED_LINE, choice_label
from engine import Phase, WhoKind
from engine.rng import Rng
from i18n import words_for
from tests.bot.conftest import Table, channel_shown, dm_text, drive, open_table, reach, told_since
from tests.bot.test_prompts import prompt_of

EN = words_for("en")

HOUR = 3600


def dms(member) -> list:
    return member.user.dm_channel.history() if member.user.dm_channel else []


def since(messages: list, count: int) -> list:
    return messages[count:]


async def kinds(table: Table) -> list[str]:
    record = await table.record()
    return sorted(t.kind for t in await table.bot.store.timers(record.id))


async def test_a_timed_out_turn_is_played_and_told_in_one_line(simcord_env):
    table = await open_table(simcord_env, 3)
    first = await table.actor()
    record = await table.record()
    others = [p for p in table.players if p is not first]
    assert await kinds(table) == sorted([REMINDER, TURN, WARNING])
    board = table.channel.last_message
    assert "Turn deadline <t:" in board.content
    seen = len(table.channel.history())
    dm_seen = {p.id: len(dms(p)) for p in table.players}

    await simcord_env.advance_time(24 * HOUR + 1)  # a reminder
    assert [dm_text(m.content).split(":")[0] for m in since(dms(first), dm_seen[first.id])] == ["reminder"]
    await simcord_env.advance_time(20 * HOUR)  # 44 h: the last call, 4 hours before
    last = dm_text(dms(first)[-1].content)
    assert last.startswith("last call:") and "marked away" in last
    assert len(table.channel.history()) == seen  # nothing public before the deadline
    dm_seen = {p.id: len(dms(p)) for p in table.players}

    await simcord_env.advance_time(4 * HOUR)  # 48 h: the turn deadline
    record = await table.record()
    actions = await table.bot.store.actions(record.id)
    # R30: the computer player (the game's level, normal) plays the rest of the turn, both actions
    seat = record.seat_of(first.id)
    played = [(a.seat, a.who.kind, a.who.level) for a in actions]
    assert played == [(seat, WhoKind.COMPUTER, "normal")] * 2
    assert record.seat_record(actions[0].seat).away_since is not None
    [post] = since(table.channel.history(), seen)  # one post for the turn, edited by its second action
    name = first.user.name
    assert post.content.startswith(
        f"{name}'s time ran out; {name} is away and their turns will be played after 60 minutes until "
        "they come back.\n"
    )
    assert post.content.count("time ran out") == 1  # said once
    nxt = table.member(record.user_to_act)
    assert "Turn deadline" in post.content and [a.filename for a in post.attachments] == ["board.png"]
    assert f"<@{nxt.id}>" not in post.content  # told by their turn DM, not pinged twice
    new_dms = {p.id: since(dms(p), dm_seen[p.id]) for p in table.players}
    assert [dm_text(m.content).split(",")[0] for m in new_dms[first.id]] == ["your time ran out"]
    assert "/te seat back" in new_dms[first.id][0].content
    assert [dm_text(m.content).split(" (")[0] for m in new_dms[nxt.id]] == ["your turn"]
    third = next(p for p in others if p is not nxt)
    assert new_dms[third.id] == []


async def pass_turn(table: Table, member=None):
    member = member or await table.actor()
    result = await member.slash(table.channel, "te pass")
    assert result.response.content == "Done: Pass (`pass`).", result.response.content
    return member


async def time_out(env, table: Table):
    """The player to act lets their turn deadline pass; returns them."""
    member = await table.actor()
    record = await table.record()
    due = min(t.due_at for t in await table.bot.store.timers(record.id) if t.kind in (TURN, AUTOPLAY))
    await env.advance_time(due - table.bot.now() + 1)
    assert (await table.record()).version > record.version
    return member


async def test_an_away_seat_is_played_after_the_grace_period_until_its_owner_plays(simcord_env):
    table = await open_table(simcord_env, 2, away_minutes=30)
    bob = await time_out(simcord_env, table)  # the one who went quiet
    alice = await table.actor()
    assert alice is not bob
    told = len(dms(bob))
    await pass_turn(table, alice)
    board = table.channel.last_message
    assert f"{bob.user.name} is away: played for them <t:" in board.content
    assert f"<@{bob.id}>" not in board.content  # an away player is not pinged
    assert since(dms(bob), told) == []  # nor told by DM
    version = (await table.record()).version
    await simcord_env.advance_time(29 * 60)
    assert (await table.record()).version == version
    seen = len(table.channel.history())
    await simcord_env.advance_time(60 + 1)  # the grace period once, then the whole turn (R31)
    record = await table.record()
    assert record.version == version + 2 and record.user_to_act == alice.id
    played = (await table.bot.store.actions(record.id))[-2:]
    assert [a.who.kind for a in played] == [WhoKind.COMPUTER] * 2
    [post] = since(table.channel.history(), seen)  # his turn's post, edited by its second action
    told = post.content.split("\n")
    assert len(told) == 3 and all(line.startswith(f"{bob.user.name} ") for line in told[:2])

    await pass_turn(table, alice)
    seen = len(table.channel.history())
    await pass_turn(table, bob)  # his own move ends the absence, said once in the channel
    [board] = since(table.channel.history(), seen)
    assert board.content.startswith(f"{bob.user.name} is back.\n{bob.user.name} ended their turn.")
    record = await table.record()
    assert record.seat_record(record.seat_of(bob.id)).away_since is None
    await pass_turn(table, alice)
    assert await kinds(table) == sorted([REMINDER, TURN, WARNING])  # his usual deadline again
    assert "is back" not in table.channel.last_message.content


async def test_seat_back_ends_an_absence_and_refusals_change_nothing(simcord_env):
    table = await open_table(simcord_env, 2)
    first = await table.actor()
    other = next(p for p in table.players if p is not first)
    result = await other.slash(table.channel, "te seat back")
    assert result.ephemeral and result.response.content == "You are not away in this game."
    for hours in (0, 10_000, -3):
        result = await other.slash(table.channel, "te seat away", hours=hours)
        assert result.ephemeral and result.response.content == "An absence lasts 1 to 336 hours (14 days)."
    outsider = table.guild.add_member(simcord_env.create_user("erin"))
    result = await outsider.slash(table.channel, "te seat away", hours=5)
    assert result.response.content == "You are not playing in this game."
    record = await table.record()
    assert all(s.away_since is None for s in record.seats)

    await time_out(simcord_env, table)
    seen = len(table.channel.history())
    result = await first.slash(table.channel, "te seat back")
    assert result.ephemeral and result.response.content.startswith("Welcome back")
    [line] = since(table.channel.history(), seen)
    assert line.content == f"{first.user.name} is back."
    record = await table.record()
    assert record.seat_record(record.seat_of(first.id)).away_since is None


async def test_an_announced_absence_with_cover_is_played_after_the_grace_period(simcord_env):
    table = await open_table(simcord_env, 2)
    first = await table.actor()
    result = await first.slash(table.channel, "te seat away", hours=10, cover=True)
    assert result.ephemeral and result.response.content.startswith("You are away until <t:")
    line = table.channel.last_message.content
    assert line.startswith(f"{first.user.name} is away until <t:") and "after 60 minutes" in line
    assert await kinds(table) == sorted([AUTOPLAY, TURN])  # no reminders, no last call
    await simcord_env.advance_time(HOUR + 1)
    record = await table.record()
    assert record.version == 2 and record.user_to_act != first.id  # the turn's two actions
    actions = await table.bot.store.actions(record.id)
    assert [a.who.kind for a in actions] == [WhoKind.COMPUTER] * 2
    assert "time ran out" not in table.channel.last_message.content  # announced, not timed out


async def test_a_vacation_stops_the_turn_clock(simcord_env):
    """R31a: a turn deadline falling in the absence moves to its end plus a full turn; no reminder or last
    call during it; one DM when it ends; the turn is timed out only a full turn after it."""
    table = await open_table(simcord_env, 2, turn_hours=24)
    first = await table.actor()
    result = await first.slash(table.channel, "te seat away", hours=72)
    assert result.response.content.startswith("You are on vacation until <t:")
    until = table.bot.now() + 72 * HOUR
    due = until + 24 * HOUR
    assert table.channel.last_message.content.startswith(
        f"{first.user.name} is on vacation until <t:{until}:f>"
    )
    status = await table.players[1].slash(table.channel, "te status")
    assert f"Turn deadline <t:{due}:R>" in status.response.content
    assert "on vacation until" in status.response.content
    # the turn DM tells the moved deadline too
    assert f"deadline <t:{due}:R>" in dms(first)[-1].content
    dm_seen = len(dms(first))
    await simcord_env.advance_time(72 * HOUR - 10)  # the whole absence: not a word, nothing played
    assert (await table.record()).version == 0
    assert since(dms(first), dm_seen) == []
    await simcord_env.advance_time(20)  # its end: one DM, the turn waits
    [back] = since(dms(first), dm_seen)
    text = dm_text(back.content)
    assert text.startswith("welcome back from your vacation: it is your turn") and f"<t:{due}:R>" in text
    await simcord_env.advance_time(20 * HOUR)  # 4 hours before the moved deadline: the last call
    assert dm_text(dms(first)[-1].content).startswith("last call:")
    assert (await table.record()).version == 0
    seen = len(table.channel.history())
    await simcord_env.advance_time(4 * HOUR)
    record = await table.record()
    assert record.version == 2  # a full turn after the absence, the computer player plays the turn (R30)
    assert table.channel.history()[seen].content.startswith(f"{first.user.name}'s time ran out")


async def test_a_turn_that_starts_in_a_vacation_waits_for_its_end_and_a_full_turn(simcord_env):
    table = await open_table(simcord_env, 2, turn_hours=10)
    first = await table.actor()
    second = next(p for p in table.players if p is not first)
    await second.slash(table.channel, "te seat away", hours=30)
    until = table.bot.now() + 30 * HOUR
    await pass_turn(table)
    record = await table.record()
    assert record.user_to_act == second.id
    [turn] = [t for t in await table.bot.store.timers(record.id) if t.kind == TURN]
    assert turn.due_at == until + 10 * HOUR
    assert await kinds(table) == sorted([REMINDER, TURN, WARNING])
    [reminder] = [t for t in await table.bot.store.timers(record.id) if t.kind == REMINDER]
    assert reminder.due_at == until  # the one DM at its end; the last call comes after it
    # coming back early: the usual clock again, a full turn at most
    await simcord_env.advance_time(2 * HOUR)
    result = await second.slash(table.channel, "te seat back")
    assert result.response.content.startswith("Welcome back")
    [turn] = [t for t in await table.bot.store.timers(record.id) if t.kind == TURN]
    assert turn.due_at == table.bot.now() + 10 * HOUR


async def test_a_decision_never_waits_for_a_vacation(simcord_env, game_seed):
    """R35: a decision asked of a seat on vacation is answered at its normal deadline by the computer
    player at the game's level, said in one public line."""
    table, game = await reach(simcord_env, game_seed, 2, lambda g: g.phase is Phase.REVOLT_ATTACKER)
    defender = table.players[game.conflict.defender]
    result = await defender.slash(table.channel, "te seat away", hours=100)
    assert result.response.content.startswith("You are on vacation until <t:")
    await drive(table, "commit 0")
    record = await table.record()
    assert (await table.game()).phase is Phase.REVOLT_DEFENDER
    [deadline] = [t for t in await table.bot.store.timers(record.id) if t.kind == DEADLINE]
    assert deadline.due_at == table.bot.now() + round(record.options.conflict_hours * HOUR)
    assert REMINDER not in await kinds(table) and WARNING not in await kinds(table)  # none on vacation
    asked = dm_text(prompt_of(defender).content)
    assert "you are on vacation, so then the normal computer player answers for you." in asked
    shown = channel_shown(table)
    await simcord_env.advance_time(deadline.due_at - table.bot.now() + 1)
    assert (await table.game()).phase is not Phase.REVOLT_DEFENDER
    actions = await table.bot.store.actions(record.id)
    assert (actions[-1].who.kind, actions[-1].who.level) == (WhoKind.COMPUTER, "normal")
    name = defender.user.name
    lines = [line for line in told_since(table, shown) if name in line]
    said = f"{name} is on vacation, so the normal computer player answered for them: they commit "
    assert lines[0].startswith(said)
    assert not any(line.startswith(f"{name} committed") for line in lines)  # one line, not two


async def test_a_decision_that_times_out_is_one_public_line(simcord_env, game_seed):
    table, game = await reach(simcord_env, game_seed, 2, lambda g: g.phase is Phase.REVOLT_ATTACKER)
    attacker = table.players[game.to_act]
    record = await table.record()
    seen = len(table.channel.history())
    await simcord_env.advance_time(round(record.options.conflict_hours * HOUR) + 1)
    post = table.channel.history()[seen].content
    name = attacker.user.name
    assert f"Time ran out for {name}: they commit nothing (the default)." in post
    assert f"{name} committed" not in post


async def test_a_restart_in_the_middle_of_an_away_period(simcord_env, make_bot):
    table = await open_table(simcord_env, 2, away_minutes=90)
    bob = await time_out(simcord_env, table)
    await pass_turn(table)  # alice: bob's turn, played after 90 minutes
    await simcord_env.advance_time(45 * 60)
    await simcord_env.restart_bot(make_bot())
    version = (await table.record()).version
    await simcord_env.advance_time(44 * 60)
    assert (await table.record()).version == version
    await simcord_env.advance_time(2 * 60)
    record = await table.record()
    assert record.version == version + 2 and record.user_to_act != bob.id  # his turn's two actions
    await simcord_env.restart_bot(make_bot())
    await pass_turn(table)
    await simcord_env.advance_time(90 * 60 + 5)  # still away after two restarts
    assert (await table.record()).version == version + 5


async def test_every_player_away_pauses_the_game_until_one_comes_back(simcord_env):
    table = await open_table(simcord_env, 2, turn_hours=10, away_minutes=60)
    first = await time_out(simcord_env, table)
    second = await table.actor()
    assert second is not first
    seen = len(table.channel.history())
    await time_out(simcord_env, table)
    [board] = since(table.channel.history(), seen)
    assert board.content.count("time ran out") == 1
    assert "Every player is away, so the game is paused" in board.content
    record = await table.record()
    # paused after the first action played for second: the rest of their turn waits for the game to go on
    assert record.paused and record.user_to_act == second.id
    version = record.version
    await simcord_env.advance_time(30 * 24 * HOUR)  # a paused game's plays do not fire
    assert (await table.record()).version == version
    assert len(table.channel.history()) == seen + 1
    status = await second.slash(table.channel, "te status")
    assert "The game is paused" in status.response.content

    seen = len(table.channel.history())
    result = await second.slash(table.channel, "te seat back")
    assert result.response.content.startswith("Welcome back")
    # said in a post of its own, which the rest of that turn, played, is added to
    assert table.channel.history()[seen].content.startswith(
        f"{second.user.name} is back. The game goes on.\n"
    )
    record = await table.record()
    assert not record.paused
    assert record.version == version + 1  # R30: their time was up, so the rest of that turn was played
    await simcord_env.advance_time(60 * 60 + 5)  # first is still away: played after 60 minutes
    record = await table.record()
    assert record.version == version + 3 and record.user_to_act == second.id


async def test_a_whole_game_ends_though_one_player_never_answers_after_turn_5(simcord_env, game_seed):
    game_seed["value"] = 11
    table = await open_table(simcord_env, 3, turn_hours=24, conflict_hours=6, away_minutes=30)
    silent = table.players[1]
    store = table.bot.store
    chooser = Rng(9)
    quiet_since = None
    for _ in range(3000):
        game = await table.game()
        if game.is_over:
            break
        record = await table.record()
        if record.user_to_act == silent.id and game.turn > 5:
            quiet_since = quiet_since or record.version
            timers = await store.timers(record.id)
            due = min(t.due_at for t in timers if t.kind in (TURN, DEADLINE, AUTOPLAY))
            await simcord_env.advance_time(max(1, due - table.bot.now()) + 1)
            continue
        legal = game.legal_actions()
        if game.phase is not Phase.ACTION and chooser.below(2) == 0:
            member = table.players[game.to_act]
            prompt = member.user.dm_channel.last_message
            choice = legal[chooser.below(len(legal))]
            await member.user.click(prompt, label=choice_label(EN, choice.text))
        else:
            quiet = [a for a in legal if a.kind != "catastrophe"] or legal
            await drive(table, quiet[chooser.below(len(quiet))].text)
        await simcord_env.advance_time(3)  # people do not send two moves within two seconds
    record = await table.record()
    assert record.status == "finished", "the game must end"
    assert await store.verify_replay(record.id) == record.version
    seat = record.seat_of(silent.id)
    played_for = [a for a in await store.actions(record.id) if a.seat == seat and a.seq > quiet_since]
    assert played_for and all(a.who.kind is WhoKind.COMPUTER for a in played_for)
    history = table.channel.history()
    assert sum("time ran out" in m.content for m in history) == 1  # told once, then away
    final = history[-1]
    assert "Final standings" in final.content and f"<@{silent.id}>" in final.content
    assert {s.seat for s in record.game().outcome().standings} == {0, 1, 2}
    # never pinged once away, and no DM after the one that said so
    told = next(
        i
        for i, m in enumerate(silent.user.dm_channel.history())
        if dm_text(m.content).startswith("your time")
    )
    later = [dm_text(m.content) for m in silent.user.dm_channel.history()[told + 1 :]]
    prompts = ("**Revolt", "**War", "**Several", "**Monument", "**Treasure")
    assert all(m.startswith(prompts) for m in later[:-1]), later
    assert later[-1].startswith("the game is over: you"), later[-1]


def turn_goes_on_after_a_revolt(game) -> bool:
    """The active player attacks, and their turn goes on once both sides committed nothing."""
    if game.phase is not Phase.REVOLT_ATTACKER or game.to_act != game.active:
        return False
    after = game.copy()
    after.apply("commit 0")
    after.apply("commit 0")
    return after.to_act == game.active and after.turn == game.turn


async def test_waiting_for_another_players_decision_does_not_count_against_the_turn(simcord_env, game_seed):
    table, game = await reach(simcord_env, game_seed, 2, turn_goes_on_after_a_revolt)
    store = table.bot.store
    record = await table.record()
    [turn] = [t for t in await store.timers(record.id) if t.kind == TURN]
    left = turn.due_at - table.bot.now()
    attacker = table.players[game.active]
    defender = table.players[game.conflict.defender]
    await attacker.user.click(prompt_of(attacker), label="Commit 0")
    record = await table.record()
    rows = await store.timers(record.id)
    assert TURN not in [t.kind for t in rows]  # the turn clock stops while the defender decides
    assert {t.payload.get("turn_left") for t in rows} == {left}
    prompt = prompt_of(defender)
    await simcord_env.advance_time(10 * HOUR)  # (the defender gets the last call before their deadline)
    assert dm_text(defender.user.dm_channel.last_message.content).startswith("last call:")
    await defender.user.click(prompt, label="Commit 0")
    record = await table.record()
    assert record.user_to_act == attacker.id
    [turn] = [t for t in await store.timers(record.id) if t.kind == TURN]
    assert turn.due_at - table.bot.now() == left  # the same time left as before the wait
    status = await defender.slash(table.channel, "te status")
    assert f"Turn deadline <t:{turn.due_at}:R>" in status.response.content
    assert f"The game has waited for {attacker.user.name} for less than a minute" in status.response.content


async def test_a_pause_ends_with_the_announced_absence_that_caused_it(simcord_env):
    table = await open_table(simcord_env, 2, turn_hours=10)
    await time_out(simcord_env, table)
    second = await table.actor()
    await simcord_env.advance_time(HOUR)
    result = await second.slash(table.channel, "te seat away", hours=24)  # a vacation: now nobody is here
    assert result.response.content.startswith("You are on vacation until")
    line = table.channel.last_message.content
    assert line.startswith(f"{second.user.name} is on vacation until") and line.endswith(PAUSED_LINE)
    record = await table.record()
    assert record.paused
    version, seen = record.version, len(table.channel.history())
    await simcord_env.advance_time(24 * HOUR - 10)
    assert (await table.record()).paused and len(table.channel.history()) == seen
    await simcord_env.advance_time(20)
    assert table.channel.last_message.content == "An announced absence is over. The game goes on."
    record = await table.record()
    assert not record.paused and record.version == version
    # R31a: the vacation stopped the turn clock; its end gives a full turn of 10 hours
    await simcord_env.advance_time(10 * HOUR - 20)
    assert (await table.record()).version == version
    await simcord_env.advance_time(30)
    board = table.channel.last_message.content
    assert f"{second.user.name}'s time ran out" in board and PAUSED_LINE in board
    assert (await table.record()).paused


async def test_an_away_seat_covered_by_the_computer_gets_no_prompt(simcord_env, game_seed):
    """R31: an away seat's decisions are played for it, like its turns: no DM prompt (whose deadline would
    already be the grace period's); the grace period still applies."""
    table, game = await reach(simcord_env, game_seed, 2, lambda g: g.phase is Phase.REVOLT_ATTACKER)
    defender = table.players[game.conflict.defender]
    result = await defender.slash(table.channel, "te seat away", hours=10, cover=True)
    assert result.response.content.startswith("You are away until <t:")
    told = len(dms(defender))
    await simcord_env.advance_time(3)
    await drive(table, "commit 0")
    assert (await table.game()).phase is Phase.REVOLT_DEFENDER
    assert since(dms(defender), told) == []
    await simcord_env.advance_time(HOUR + 1)  # the grace period: played for them
    assert (await table.game()).phase is not Phase.REVOLT_DEFENDER
    assert all(not m.components for m in since(dms(defender), told))


async def test_an_early_comeback_during_a_decision_gets_its_last_call(simcord_env, game_seed):
    """R31a, R35: back early (`/te seat back`) while a decision waits on the seat, its deadline stays where
    it was and its last call and reminders are timed from it as if the seat had never been away from then
    on; at the deadline the rules' default applies, no longer the computer player's answer."""
    table, game = await reach(simcord_env, game_seed, 2, lambda g: g.phase is Phase.REVOLT_ATTACKER)
    defender = table.players[game.conflict.defender]
    await defender.slash(table.channel, "te seat away", hours=100)
    await drive(table, "commit 0")
    record = await table.record()
    length = round(record.options.conflict_hours * HOUR)
    [deadline] = [t for t in await table.bot.store.timers(record.id) if t.kind == DEADLINE]
    assert WARNING not in await kinds(table)
    await simcord_env.advance_time(5 * HOUR)  # past the moment a last call would come if asked afresh now
    told = len(dms(defender))
    result = await defender.slash(table.channel, "te seat back")
    assert result.response.content.startswith("Welcome back")
    assert since(dms(defender), told) == []  # not told "your turn": it is the attacker's turn
    asked = dm_text(prompt_of(defender).content)  # the prompt, edited: no computer answers for them now
    assert "you are the defender" in asked and "vacation" not in asked
    timers = await table.bot.store.timers(record.id)
    [kept] = [t for t in timers if t.kind == DEADLINE]
    assert kept.due_at == deadline.due_at  # not restarted by the comeback
    [warning] = [t for t in timers if t.kind == WARNING]
    assert warning.due_at == deadline.due_at - min(4 * HOUR, length // 4)
    assert all(t.due_at < warning.due_at for t in timers if t.kind == REMINDER)
    told = len(dms(defender))
    await simcord_env.advance_time(warning.due_at - table.bot.now() + 1)
    [last] = since(dms(defender), told)
    assert dm_text(last.content).startswith("last call:")
    assert (await table.game()).phase is Phase.REVOLT_DEFENDER
    await simcord_env.advance_time(deadline.due_at - table.bot.now() + 1)
    assert (await table.game()).phase is not Phase.REVOLT_DEFENDER
    actions = await table.bot.store.actions(record.id)
    assert actions[-1].who.kind is WhoKind.DEADLINE  # R35 no longer applies: the seat is back
    name = defender.user.name
    assert any(f"Time ran out for {name}" in m.content for m in table.channel.history()[-2:])


async def test_a_vacation_announced_while_a_decision_waits_keeps_its_deadline_and_says_who_answers(
    simcord_env, game_seed
):
    """R35: going on vacation while asked a decision neither stretches nor restarts its deadline; the
    prompt, edited, now says the computer player answers then; no last call comes during the vacation."""
    table, game = await reach(simcord_env, game_seed, 2, lambda g: g.phase is Phase.REVOLT_ATTACKER)
    defender = table.players[game.conflict.defender]
    await drive(table, "commit 0")
    record = await table.record()
    [deadline] = [t for t in await table.bot.store.timers(record.id) if t.kind == DEADLINE]
    assert "vacation" not in dm_text(prompt_of(defender).content)
    await simcord_env.advance_time(2 * HOUR)
    await defender.slash(table.channel, "te seat away", hours=100)
    timers = await table.bot.store.timers(record.id)
    assert [t.due_at for t in timers if t.kind == DEADLINE] == [deadline.due_at]
    assert not [t for t in timers if t.kind in (WARNING, REMINDER)]  # none during the vacation (R31a)
    asked = dm_text(prompt_of(defender).content)
    assert asked.endswith("you are on vacation, so then the normal computer player answers for you."), asked


async def test_a_comeback_that_ends_a_pause_during_a_decision_keeps_the_time_the_pause_held(
    simcord_env, game_seed
):
    """A pause holds a decision's deadline (R31): coming back from a vacation that paused the game, the
    decision gets the time it had left when the pause began, and its last call is timed from that."""
    table, game = await reach(simcord_env, game_seed, 2, lambda g: g.phase is Phase.REVOLT_ATTACKER)
    attacker = table.players[game.conflict.attacker]
    defender = table.players[game.conflict.defender]
    await defender.slash(table.channel, "te seat away", hours=100)
    await drive(table, "commit 0")
    record = await table.record()
    [deadline] = [t for t in await table.bot.store.timers(record.id) if t.kind == DEADLINE]
    await simcord_env.advance_time(HOUR)
    await attacker.slash(table.channel, "te seat away", hours=100)
    assert (await table.record()).paused  # every person away
    await simcord_env.advance_time(5 * HOUR)
    result = await defender.slash(table.channel, "te seat back")
    assert result.response.content.startswith("Welcome back")
    assert not (await table.record()).paused
    timers = await table.bot.store.timers(record.id)
    [kept] = [t for t in timers if t.kind == DEADLINE]
    assert kept.due_at == deadline.due_at + 5 * HOUR and kept.held_since is None
    length = round(record.options.conflict_hours * HOUR)
    [warning] = [t for t in timers if t.kind == WARNING]
    assert warning.due_at == kept.due_at - min(4 * HOUR, length // 4)


def test_portuguese_says_who_plays_for_an_away_seat():
    """ "ana está ausente: jogam por ana em 60 minutos" left the reader to guess who "they" were: the
    computer player plays an away seat's moves (R31)."""
    pt = words_for("pt-BR")
    lines = [
        pt.gettext("{name} is away: played for them <t:{at}:R>.", name="ana", at=1),
        pt.gettext("You are away: played for you <t:{at}:R>.", at=1),
        pt.gettext("away: played for them {after}", after="x"),
        pt.gettext("away until <t:{until}:f>: played for them {after}", until=1, after="x"),
    ]
    assert all("o computador joga" in line for line in lines), lines
