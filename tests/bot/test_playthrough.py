"""A month of one game as a group of friends would play it: three people and one computer seat, the 2015
options and hints, one person quiet for days (the deadline passes, the computer covers, they come back with a
move), one on vacation across a decision and a turn (R31a, R35), a misclick taken back, the look-up
commands, to the final standings.

Every DM the bot edits is checked against the game at the moment of the edit (issue 18): a turn DM says
"your turn" with its actions left only while that turn lasts, an away panel only while the seat is away, a
reminder only while the game waits for its reader.

Every message anyone receives is recorded (channel posts, DMs, ephemeral replies, edits) and checked for
what a player would notice: hidden information in the channel, computer seats never pinged, deadlines as
Discord timestamps, every turn announced to whoever must act. With PLAYTHROUGH_DIR set, the transcript
and a few board pictures are written there to be read.
"""

from __future__ import annotations

import json
import os
import re
import sqlite3
from contextlib import closing
from dataclasses import dataclass, field
from pathlib import Path

from bot.texts import choice_label
from engine import Phase, load, public_view
from engine.rng import Rng
from i18n import words_for
from tests.bot.conftest import Table, drive
from tests.bot.test_full_game import assert_public
from tests.bot.test_options_2015 import pick

EN = words_for("en")

HOUR = 3600
DAY = 24 * HOUR
COMPUTER = re.compile(r"Bot( \d)? \((easy|normal|hard)\)")


@dataclass
class Event:
    at: int
    kind: str  # create, edit, delete
    where: str  # channel, dm:<name>, eph:<name>
    message_id: int
    content: str
    files: list[str]
    pings: list[str]


@dataclass
class Recorder:
    env: object
    names: dict[int, str]
    channel_id: int
    database: Path | None = None  # read at each DM edit to check the DM against the game at that moment
    events: list[Event] = field(default_factory=list)
    pictures: dict[int, list[tuple[str, bytes]]] = field(default_factory=dict)
    untrue: list[str] = field(default_factory=list)  # DMs edited to say what was not true then
    edits_checked: int = 0

    def install(self) -> None:
        backend = self.env.backend
        commit, edit, delete = backend.commit_message, backend.edit_message, backend.delete_message

        def on_commit(message, **kw):
            out = commit(message, **kw)
            self._log("create", out)
            return out

        def on_edit(channel_id, message_id, fields):
            out = edit(channel_id, message_id, fields)
            self._log("edit", out)
            if self.database is not None and backend.get_channel(channel_id).recipient_ids:
                self._check_truth(out)
            return out

        def on_delete(channel_id, message_id):
            message = backend.get_message(channel_id, message_id)
            self._log("delete", message)
            return delete(channel_id, message_id)

        backend.commit_message, backend.edit_message, backend.delete_message = on_commit, on_edit, on_delete

    def _where(self, message) -> str:
        backend = self.env.backend
        channel = backend.get_channel(message.channel_id)
        if message.is_ephemeral:
            user = (message.interaction_metadata or {}).get("user") or {}
            return f"eph:{self.names.get(int(user.get('id', 0)), '?')}"
        if channel.recipient_ids:
            return "dm:" + ",".join(self.names.get(i, "?") for i in channel.recipient_ids)
        return "channel" if channel.id == self.channel_id else f"other:{channel.id}"

    def _log(self, kind: str, message) -> None:
        files = [a["filename"] for a in message.attachments]
        event = Event(
            int(self.env.bot.now()),
            kind,
            self._where(message),
            message.id,
            message.content,
            files,
            [self.names.get(i, str(i)) for i in message.ping_user_ids],
        )
        self.events.append(event)
        if files:
            cdn = self.env.backend.cdn
            shown = [(a["filename"], cdn.get(a["url"])) for a in message.attachments]
            self.pictures[len(self.events) - 1] = shown

    def _check_truth(self, message) -> None:
        """A DM just edited says only what is true of the game now (read from the database: the edit is
        made under the game's lock, after the save)."""
        [user_id] = self.env.backend.get_channel(message.channel_id).recipient_ids
        head = message.content.split("\n**Your hand**")[0]
        now = int(self.env.bot.now())
        with closing(sqlite3.connect(self.database)) as db:
            game_id, position = db.execute(
                "SELECT id, position FROM games WHERE channel_id = ? ORDER BY id DESC LIMIT 1",
                (self.channel_id,),
            ).fetchone()
            row = db.execute(
                "SELECT seat, away_since, away_until FROM seats WHERE game_id = ? AND user_id = ?",
                (game_id, user_id),
            ).fetchone()
        if row is None or position is None:
            return
        seat, away_since, away_until = row
        game = load(position)
        self.edits_checked += 1
        playing = not game.is_over and game.active == seat
        said = re.search(r"— your turn(?: goes on)? \(turn (\d+), (2 actions|1 action left)", head)
        if said is not None and not (
            playing
            and game.turn == int(said.group(1))
            and (said.group(2) == "2 actions") == (game.actions_left == 2)
        ):
            self.untrue.append(
                f"turn {game.turn}, seat {game.active} to play, {game.actions_left} left: {head}"
            )
        away = away_since is not None and (away_until is None or now < away_until)
        if "You are away:" in head and not away:
            self.untrue.append(f"not away: {head}")
        waiting = re.search(r"— (reminder|last call|welcome back from your vacation):", head)
        if waiting is not None and (game.is_over or game.to_act != seat):
            self.untrue.append(f"the game waits for seat {game.to_act}: {head}")

    def note(self, text: str) -> None:
        self.events.append(Event(int(self.env.bot.now()), "note", "-", 0, text, [], []))


async def _slash(table: Table, member, name: str, **options):
    result = await member.slash(table.channel, name, **options)
    assert result.ephemeral, (name, result.response.content if result.response else None)
    return result


async def test_a_month_among_friends(simcord_env, game_seed, db_path):
    env = simcord_env
    game_seed["value"] = int(os.environ.get("PLAYTHROUGH_SEED", "11"))
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    alice, bob, carol = (guild.add_member(env.create_user(n)) for n in ("alice", "bob", "carol"))
    people = {m.id: m for m in (alice, bob, carol)}
    rec = Recorder(env, {m.id: m.user.name for m in people.values()}, channel.id, db_path)
    rec.install()

    await _slash(Table(env, guild, channel, []), alice, "te new", buildings=True, wonder=True, hints=True)
    table = Table(env, guild, channel, [alice, bob, carol])
    for p in (bob, carol):
        await _slash(table, p, "te join")
    await _slash(table, alice, "te seat addbot")
    await _slash(table, bob, "te help")
    await _slash(table, carol, "te rules", topic="buildings")
    await _slash(table, alice, "te start")
    record = await table.record()
    table.players = [table.member(record.user_at(s)) if record.user_at(s) else None for s in range(4)]

    chooser = Rng(29)
    quiet_from: int | None = None  # carol's silence, in game time
    quiet_done = undone = hinted = False
    looked = 0
    vacation: tuple[int, int] | None = None  # alice's, from when to when (R31a, R35)
    for step in range(3000):
        game = await table.game()
        if game.is_over:
            break
        record = await table.record()
        actor = people.get(record.user_to_act)
        assert actor is not None, "the computer seat's moves are made at once in tests"
        now = table.bot.now()
        if actor is carol and quiet_from is None and game.turn > 16 and game.phase is Phase.ACTION:
            quiet_from = now
            rec.note("carol goes quiet")
        if actor is carol and quiet_from is not None and not quiet_done:
            if now - quiet_from < 3 * DAY:
                version = record.version
                rec.note("time passes for carol")
                await env.advance_time(HOUR)
                if (await table.record()).version == version:
                    timers = await table.bot.store.timers(record.id)
                    due = min(t.due_at for t in timers)
                    await env.advance_time(max(1, due - table.bot.now() + 1))
                continue
            quiet_done = True
            rec.note("carol comes back with a move")
        if actor is alice and vacation is None and quiet_done and game.phase is not Phase.ACTION:
            # asked for a decision, alice leaves for three days: the decision does not wait (R35), her
            # turns in the absence wait for its end and a full turn (R31a)
            await _slash(table, alice, "te seat away", hours=72)
            vacation = (now, now + 72 * HOUR)
            rec.note("alice leaves on vacation")
            continue
        if actor is alice and vacation is not None and now < vacation[1]:
            rec.note("time passes for alice on vacation")
            await env.advance_time(min(HOUR, vacation[1] - now))
            continue
        if actor is bob and not undone and game.phase is Phase.ACTION and game.actions_left == 2:
            tiles = [a for a in game.legal_actions() if a.kind == "tile" and not _busy(game, a)]
            if tiles:
                rec.note("bob misclicks")
                await drive(table, tiles[0].text)
                await env.advance_time(40)
                result = await _slash(table, bob, "te undo")
                rec.note(f"undo answered: {result.response.content}")
                undone = result.response.content.startswith("Taken back")
                await env.advance_time(20)
                continue
        if actor is alice and not hinted and game.phase is not Phase.ACTION:
            await _slash(table, alice, "te hint")
            hinted = True
        if step % 37 == 5 and looked < 6:
            who = [alice, bob, carol][looked % 3]
            await _slash(table, who, "te status")
            await _slash(table, who, "te log")
            if looked == 0:
                await _slash(table, who, "te hint")
            looked += 1
        choice = pick(game, chooser)
        # the newest DM with buttons (a news DM may come after it); an away seat gets none (R31) and
        # answers with /te choose
        prompts = [m for m in actor.user.dm_channel.history() if m.components]
        prompt = prompts[-1] if prompts and not _answered(prompts[-1].content) else None
        away = record.seat_record(record.seat_to_act).away_at(now)
        assert away or game.phase is Phase.ACTION or prompt is not None, "a decision nobody was asked"
        if game.phase is not Phase.ACTION and prompt is not None and chooser.below(2) == 0:
            await actor.user.click(prompt, label=choice_label(EN, choice.text, public_view(game)))
        else:
            await drive(table, choice.text)
        await env.advance_time(60 * (5 + chooser.below(240)))  # people answer within minutes or hours
    game = await table.game()
    assert game.is_over
    assert quiet_done and undone and hinted and vacation is not None
    await _slash(table, bob, "te status")
    await _slash(table, carol, "te log")

    out = os.environ.get("PLAYTHROUGH_DIR")
    if out:
        _write(Path(out), rec)
    _check(rec, table)
    _check_vacation(rec, vacation)


def _answered(content: str) -> bool:
    said = ("*You chose:", "*Time ran out", "*Played for you", "*Answered for you")
    return any(s in content for s in said)


def _check_vacation(rec: Recorder, vacation: tuple[int, int]) -> None:
    """R35: alice's pending decision was answered by the computer player at its normal deadline, in one
    public line; R31a: nothing of hers was timed out, reminded or warned during the absence; her turn in
    it waited for her, and its end brought one DM."""
    start, end = vacation
    during = [e for e in rec.events if start <= e.at < end and e.kind != "note"]
    channel = _told_in_channel(rec, start, end)
    answered = [
        line for line in channel if line.startswith("alice is on vacation, so the normal computer player")
    ]
    assert answered, channel  # at least the decision pending when she left
    assert not any(line.startswith("alice's time ran out") for line in channel)
    dms = [e for e in during if e.where == "dm:alice" and e.kind == "create"]
    assert not [e for e in dms if re.search(r"— (reminder|last call):", e.content)]
    # her turn came in the absence and waited for it, without a mention (the DM at its end tells her)
    assert any(line.startswith("alice to play") for line in channel), "alice's turn came during her vacation"
    assert not any("alice" in e.pings for e in during)
    back = [
        e
        for e in rec.events
        if e.where == "dm:alice" and e.kind == "create" and "welcome back from" in e.content
    ]
    assert len(back) == 1 and back[0].at == end


def _told_in_channel(rec: Recorder, start: int, end: int) -> list[str]:
    """The lines the channel told from ``start`` to ``end``: a new post's, and those an edit added to a
    turn's post (issue 18: a turn is one post, edited as its actions come)."""
    shown: dict[int, list[str]] = {}
    told = []
    for e in rec.events:
        if e.where != "channel" or e.kind not in ("create", "edit"):
            continue
        lines = e.content.split("\n")
        if start <= e.at < end:
            told += [line for line in lines if line not in shown.get(e.message_id, [])]
        shown[e.message_id] = lines
    return told


def _busy(game, action) -> bool:
    """Whether a move draws in a conflict, a monument or another decision (those cannot be taken back)."""
    after = game.copy()
    after.apply(action)
    return after.phase is not Phase.ACTION or after.to_act != game.to_act


def _check(rec: Recorder, table: Table) -> None:
    assert rec.edits_checked > 50 and rec.untrue == [], rec.untrue[:5]  # every edited DM tells the truth
    names = set(rec.names.values())
    finished_at = next(
        i for i, e in enumerate(rec.events) if "Final standings" in e.content and e.where == "channel"
    )
    for i, e in enumerate(rec.events):
        if e.kind == "note":
            continue
        assert "<@None>" not in e.content
        assert set(e.pings) <= names, e  # nobody but the people is ever pinged
        # one person pinged at a time, everyone only by the final standings
        assert i == finished_at or not (e.where == "channel" and e.kind == "create" and len(e.pings) > 1), e
        if e.where == "channel":
            assert_public(_Msg(e), finished=i >= finished_at)
        for deadline in re.findall(r"(?:deadline|until|by) ([^\n.;,]*)", e.content):
            assert not re.search(r"\d{1,2}:\d{2}", deadline) or "<t:" in deadline, e.content


@dataclass
class _Msg:
    e: Event

    @property
    def content(self) -> str:
        return self.e.content

    @property
    def attachments(self):
        return [type("A", (), {"filename": f})() for f in self.e.files]


def _write(out: Path, rec: Recorder) -> None:
    out.mkdir(parents=True, exist_ok=True)
    with (out / "transcript.txt").open("w") as f:
        for i, e in enumerate(rec.events):
            head = f"#{i} t+{e.at} {e.kind} {e.where}"
            if e.pings:
                head += f" PING {','.join(e.pings)}"
            if e.files:
                head += f" FILES {','.join(e.files)}"
            f.write(f"{head}\n{e.content}\n\n")
    (out / "events.json").write_text(json.dumps([e.__dict__ for e in rec.events]))
    pics = out / "pics"
    pics.mkdir(exist_ok=True)
    for i, files in rec.pictures.items():
        for name, data in files:
            if data:
                (pics / f"{i:05d}_{rec.events[i].where}_{name}").write_bytes(data)
