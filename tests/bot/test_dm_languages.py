"""Issue 19: every DM in its reader's language while the game's channel speaks the game's, and nothing read
back from a message the bot sent (item 5): a DM edited later is made again from its rows, in its reader's
language of the moment.

simcord sends every interaction with the locale en-US: the ``locales`` fixture sends each person's and
each server's instead.
"""

from __future__ import annotations

import ast
import sqlite3
from pathlib import Path

import bot
from bot.present import About, DmKind, said_now, seat_now
from bot.texts import SeatNow
from engine import COLOURS, Phase
from i18n import words_for
from tests.bot.conftest import Table, a_revolt_the_turn_goes_on_after, drive, open_table, reach
from tests.bot.test_exactly_once import watch_steps
from tests.bot.test_permissions import deny_bot, restore_bot

EN, DE = words_for("en"), words_for("de")
TURN = About(DmKind.TURN, 0, {"turn": 4, "actions_left": 2, "deadline": 1000, "goes_on": False, "posts": []})


async def speaks(env, user_id: int, locale: str, locales) -> None:
    """From now on the person's Discord speaks ``locale``: their next interaction notes it, and a DM sent
    before that finds it already (as if they had acted since)."""
    locales.people[user_id] = locale
    await env.bot.store.set_person_language(user_id, 1, discord_locale=locale)


async def french_table(env, locales) -> Table:
    """A game of two opened in a French server: it posts in French."""
    guild = env.create_guild()
    locales.servers[guild.id] = "fr"
    table = await open_table(env, 2, guild=guild)
    assert (await table.record()).language == "fr"
    return table


async def play_a_tile(table: Table) -> None:
    """The player to act places a tile, whatever their language (``drive`` reads the English answer)."""
    actor = await table.actor()
    tile = next(a for a in (await table.game()).legal_actions() if a.kind == "tile")
    _, colour, square = tile.text.split()
    result = await actor.slash(table.channel, "te tile", color=colour, square=square)
    assert result.ephemeral and "`tile" in result.response.content, result.response.content
    await table.env.advance_time(3)


def dms(member) -> list:
    return member.user.dm_channel.history() if member.user.dm_channel else []


def discord_will_not_name(monkeypatch, unnamed: int) -> None:
    """From now on Discord gives no name for the user ``unnamed``: the bot falls back to "player 2"."""
    known_in = bot.present.Directory.known_in

    async def unknown_for_them(self, guild_id: int, user_id: int) -> str | None:
        return None if user_id == unnamed else await known_in(self, guild_id, user_id)

    monkeypatch.setattr(bot.present.Directory, "known_in", unknown_for_them)


def test_a_turn_dm_says_your_turn_only_while_it_lasts() -> None:
    def said(now: SeatNow | None, words=EN, about: About = TURN) -> str | None:
        return said_now(about, "G", words, now)

    assert said(None) == "**G** — your turn (turn 4, 2 actions; deadline <t:1000:R>)."
    playing = SeatNow(turn=4, active=True, awaited=True, actions_left=1, away=False)
    assert said(playing) == "**G** — your turn (turn 4, 1 action left; deadline <t:1000:R>)."
    later_deadline = SeatNow(turn=4, active=True, awaited=True, actions_left=2, away=False, deadline=2000)
    assert said(later_deadline) == "**G** — your turn (turn 4, 2 actions; deadline <t:2000:R>)."
    over = SeatNow(turn=5, active=False, awaited=False, actions_left=2, away=False)
    assert said(over) == "**G** — your turn (turn 4) is over."
    assert said(over, DE) == "**G** — dein Zug (Zug 4) ist vorbei."
    newer = SeatNow(turn=4, active=True, awaited=False, actions_left=1, away=False, moved=True)
    assert said(newer) == "**G** — your turn (turn 4; it goes on in a newer message)."
    goes_on = About(DmKind.TURN, 0, {**TURN.facts, "goes_on": True})
    assert said(newer, about=goes_on) == "**G** — your turn goes on (turn 4; it goes on in a newer message)."
    # the same seat's turn 8 does not make turn 4 current again
    later = SeatNow(turn=8, active=True, awaited=True, actions_left=2, away=False)
    assert said(later) == "**G** — your turn (turn 4) is over."


def test_an_away_panel_and_a_reminder_change_once_they_are_not_true() -> None:
    panel = About(DmKind.TIMED_OUT, 0, {"away_minutes": 60})
    back = SeatNow(turn=5, active=False, awaited=False, actions_left=2, away=False)
    still = SeatNow(turn=5, active=False, awaited=False, actions_left=2, away=True)
    assert said_now(panel, "G", EN, None) is None and said_now(panel, "G", EN, still) is None
    assert said_now(panel, "G", DE, back) == (
        "**G** — Deine Zeit war abgelaufen, daher wurde dein Zug für dich gespielt. Du bist inzwischen "
        "zurück: Es gelten wieder deine üblichen Fristen."
    )
    reminder = About(DmKind.REMINDER, 0, {"position": "", "due": None})
    # settled, not "answered": the seat may have let the deadline pass and had the default played
    assert said_now(reminder, "G", EN, back) == "**G** — a reminder, settled since."
    waiting = SeatNow(turn=1, active=True, awaited=True, actions_left=2, away=False)
    assert said_now(reminder, "G", EN, waiting) is None  # still waiting: as it was sent
    last_call = About(DmKind.LAST_CALL, 0, {"due": [9, "turn"]})
    assert said_now(last_call, "G", DE, back) == "**G** — Ein letzter Aufruf, inzwischen erledigt."


def test_no_room_reads_the_text_of_a_message_it_sent() -> None:
    """What a message shows is in rows. The one reader of a sent message's text is ``bot/steps.py``, which
    looks for its own step's message, after a crash, by the hash of the text it sent."""
    root = Path(bot.__file__).parent
    readers = [
        f"{path.relative_to(root)}:{node.lineno}"
        for path in sorted(root.rglob("*.py"))
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.Attribute) and node.attr == "content" and isinstance(node.ctx, ast.Load)
    ]
    assert readers and all(r.startswith("steps.py:") for r in readers), readers


def test_a_last_call_for_a_decision_is_answered_once_its_seat_plays_its_turn_again() -> None:
    """The attacker of a revolt answers it and goes on with its turn: the last call about the revolt's
    deadline no longer says "your time runs out" then (it is the turn's deadline that counts)."""
    decision = About(DmKind.LAST_CALL, 0, {"due": [9, "deadline"]})
    playing_on = SeatNow(turn=5, active=True, awaited=True, actions_left=1, away=False)
    assert said_now(decision, "G", EN, playing_on) == "**G** — a last call, settled since."
    deciding = SeatNow(turn=5, active=True, awaited=True, actions_left=1, away=False, deciding=True)
    assert said_now(decision, "G", EN, deciding) is None  # still waiting: as it was sent
    turn = About(DmKind.LAST_CALL, 0, {"due": [9, "turn"]})
    assert said_now(turn, "G", EN, playing_on) is None
    reminder = About(DmKind.REMINDER, 0, {"position": "", "due": [9, "deadline"]})
    assert said_now(reminder, "G", DE, playing_on) == "**G** — Eine Erinnerung, inzwischen erledigt."


async def test_the_seat_now_of_a_revolts_attacker_is_deciding_then_playing(simcord_env, game_seed):
    table, game = await a_revolt_the_turn_goes_on_after(simcord_env, game_seed)
    attacker = game.conflict.attacker
    assert seat_now(await table.record(), game, attacker, 0).deciding
    await drive(table, next(a.text for a in (await table.game()).legal_actions() if a.kind == "commit"))
    await drive(table, next(a.text for a in (await table.game()).legal_actions() if a.kind == "commit"))
    game = await table.game()
    assert game.phase is Phase.ACTION and game.to_act == attacker
    assert not seat_now(await table.record(), game, attacker, 0).deciding


async def test_a_german_players_turn_dm_edited_after_a_restart_is_german(simcord_env, make_bot, locales):
    table = await french_table(simcord_env, locales)
    actor = await table.actor()
    turn_dm = dms(actor)[-1]  # sent in English (their Discord's), before they spoke German
    assert "— your turn (turn 1, 2 actions" in turn_dm.content
    await speaks(simcord_env, actor.id, "de", locales)
    await simcord_env.restart_bot(make_bot())  # nothing of the DM lives in memory: it is made from rows
    for _ in range(2):  # the actor's turn: its DM is edited as its hand changes, then as the turn ends
        await play_a_tile(table)
    assert (await table.actor()).id != actor.id
    [edited] = [m for m in dms(actor) if m.id == turn_dm.id]
    head = edited.content.split("\n")[0]
    assert head.endswith("— dein Zug (Zug 1) ist vorbei."), head
    assert "your turn" not in edited.content and "\n**Deine Hand**" in edited.content, edited.content
    assert edited.content.count("**Deine Hand**") == 1
    assert [a.filename for a in edited.attachments] == ["hand.png"]  # still its reader's panel
    assert "Deine Hand" not in table.channel.history()[-1].content  # the channel speaks French
    assert "tour" in table.channel.history()[-1].content


async def test_a_german_creator_is_told_in_german_and_the_french_channel_in_french(simcord_env, locales):
    table = await french_table(simcord_env, locales)
    env, channel = simcord_env, table.channel
    creator = table.member((await table.record()).creator_id)
    await speaks(env, creator.id, "de", locales)
    posts_before = len(channel.history())
    deny_bot(env, channel, send_messages=True)
    await env.settle()
    await play_a_tile(table)  # played; its post cannot be made
    told = [m.content for m in dms(creator) if "kann nicht mehr" in m.content]
    assert len(told) == 1, told
    lost = "Ich kann nicht mehr in #games posten, weil mir die Berechtigung „Nachrichten senden“ fehlt."
    assert lost in told[0]
    assert "Kanal bearbeiten → Berechtigungen" in told[0]
    restore_bot(env, channel)
    await env.settle()
    [back] = channel.history()[posts_before:]
    assert back.content.startswith(
        "Je peux de nouveau publier ici (1 action jouée entre-temps) ; le plateau tel qu'il est maintenant :"
    ), back.content


async def test_a_refusal_is_in_the_language_of_who_asked(simcord_env, locales):
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("games")
    alice = guild.add_member(simcord_env.create_user("alice"))
    locales.people[alice.id] = "de"
    deny_bot(simcord_env, channel, attach_files=True)
    await simcord_env.settle()
    text = (await alice.slash(channel, "te new")).response.content
    assert text.startswith(
        "Ich kann in diesem Kanal keine Partie leiten, weil ich die Berechtigung „Dateien anhängen“ nicht "
        "habe; ein Server-Admin kann sie meiner Rolle"
    ), text


async def test_a_dm_accepted_before_a_crash_is_found_though_its_reader_changed_language(
    simcord_env, make_bot
):
    """A DM that Discord accepted just before a crash is looked for by the hash of the text first sent, so
    a reader who chose another language meanwhile does not get it twice (``bot.steps``)."""
    table = await open_table(simcord_env, 2)
    await play_a_tile(table)
    actor = await table.actor()
    other = next(p for p in table.players if p.id != actor.id)
    watch_steps(table, f"dm:{other.user.name}", before=True)  # accepted by Discord, not recorded
    await actor.slash(table.channel, "te pass")
    sent = dms(other)
    assert "— your turn (turn 2, 2 actions" in sent[-1].content
    record = await table.record()
    steps = await simcord_env.bot.store.presentation_steps(record.id, record.version)
    assert not steps[f"dm:{other.id}"].done
    await simcord_env.bot.store.set_person_language(other.id, 2, chosen="de")
    await simcord_env.restart_bot(make_bot())
    assert [m.id for m in dms(other)] == [m.id for m in sent]  # found, not sent again
    record = await table.record()
    assert record.presented_version == record.version
    # what is edited from now on is in their new language
    assert "— Die Partie hat begonnen" in dms(other)[1].content


async def test_a_dm_from_before_its_rows_were_kept_keeps_only_what_is_sure(simcord_env, db_path):
    """A hand panel sent before migration 0017 has no row: its next edit shows the hand alone (its own
    text is not read back), then the pointer once a newer DM carries the hand."""
    table = await open_table(simcord_env, 2)
    actor = await table.actor()
    panel = dms(actor)[-1]
    with sqlite3.connect(db_path) as db:
        db.execute("DELETE FROM direct_messages")
    await play_a_tile(table)
    [edited] = [m for m in dms(actor) if m.id == panel.id]
    assert edited.content.startswith("**Your hand**: "), edited.content
    assert [a.filename for a in edited.attachments] == ["hand.png"]


async def test_a_german_players_catch_up_quotes_the_french_channel_in_german(simcord_env, locales):
    """The turn DM's "since your last turn" and /te log quote the channel's posts in their reader's language
    (each post is kept in every language its players read, migration 0018)."""
    table = await french_table(simcord_env, locales)
    first = await table.actor()
    other = next(p for p in table.players if p.id != first.id)
    await speaks(simcord_env, other.id, "de", locales)
    for _ in range(2):  # the first player's turn, told in the French channel
        await play_a_tile(table)
    assert (await table.actor()).id == other.id
    channel_says = "\n".join(m.content for m in table.channel.history())
    assert " a posé " in channel_says  # "Alice a posé un temple en …"
    turn_dm = dms(other)[-1].content
    assert "**Seit deinem letzten Zug:**" in turn_dm or "**Bisher:**" in turn_dm, turn_dm
    catch_up = [line for line in turn_dm.split("\n") if line.startswith("• ")]
    assert catch_up and all(" a posé " not in line for line in catch_up), catch_up
    assert any(" legt " in line for line in catch_up), catch_up
    log = (await other.slash(table.channel, "te log")).response.content
    assert " legt " in log and " a posé " not in log, log
    # the French player reads the same posts as the channel told them
    locales.people[first.id] = "fr"
    french_log = (await first.slash(table.channel, "te log")).response.content
    assert " a posé " in french_log, french_log


async def german_and_unnamed_in_french(env, locales, monkeypatch) -> tuple[Table, object, int]:
    """A French game of two: its first player reads German, its second is a person Discord will not name;
    played on until the unnamed seat's turn. The table, the German member and the unnamed user's id."""
    table = await french_table(env, locales)
    record = await table.record()
    german = table.member(record.user_at(0))
    unnamed = record.user_at(1)
    await speaks(env, german.id, "de", locales)
    discord_will_not_name(monkeypatch, unnamed)
    while (await table.record()).user_to_act != unnamed:
        await play_a_tile(table)
    return table, german, unnamed


async def test_a_seat_discord_will_not_name_is_named_in_the_readers_language(
    simcord_env, locales, monkeypatch
):
    """A person Discord will not name is "Joueur 2" in a French game's channel and "Spieler 2" in its German
    player's DMs and replies: the fallback name follows the reader, as the rest of the DM does."""
    table, german, unnamed = await german_and_unnamed_in_french(simcord_env, locales, monkeypatch)
    await play_a_tile(table)
    await play_a_tile(table)  # the unnamed seat's turn: the German player's turn DM quotes it
    channel = "\n".join(m.content for m in table.channel.history())
    said = "\n".join(m.content for m in dms(german))
    status = (await german.slash(table.channel, "te status")).response.content
    print(channel, said, status, sep="\n----\n")  # read in the test's output
    assert "Joueur 2 a posé" in channel and "À Joueur 2 de jouer" in channel
    assert "Spieler 2 legt" in said and "Joueur 2" not in said, said
    assert "Spieler 2 (" in status and "Joueur 2" not in status, status
    # a German who takes the unnamed seat over is welcomed to the seat of "Spieler 2"
    erika = table.guild.add_member(simcord_env.create_user("erika"))
    await speaks(simcord_env, erika.id, "de", locales)
    creator = table.member((await table.record()).creator_id)
    replaced = await creator.slash(table.channel, "te seat replace", seat_of=table.member(unnamed), by=erika)
    assert replaced.ephemeral, replaced.response.content
    welcome = erika.user.dm_channel.history()[0].content
    print(welcome)
    assert " — Willkommen bei Euphrat & Tigris! Du spielst jetzt den Platz von Spieler 2" in welcome, welcome


async def test_a_refusal_names_an_unnamed_seats_leader_in_the_readers_language(
    simcord_env, locales, monkeypatch
):
    """The engine's refusal "it holds player 2's king" is worded for whoever asked: a German player of a
    French game reads "der König von Spieler 2", not the channel's "joueur 2"."""
    table, german, unnamed = await german_and_unnamed_in_french(simcord_env, locales, monkeypatch)
    game = await table.game()
    king = next(a for a in game.legal_actions() if a.kind == "leader" and a.colour == COLOURS[3])
    square = king.text.split()[-1]
    placed = await table.member(unnamed).slash(table.channel, "te leader", color="black", square=square)
    assert placed.ephemeral and "`leader" in placed.response.content, placed.response.content
    await table.env.advance_time(3)
    while (await table.record()).user_to_act != german.id:
        await play_a_tile(table)
    version = (await table.record()).version
    refused = await german.slash(table.channel, "te leader", color="red", square=square)
    text = refused.response.content
    assert refused.ephemeral, text
    assert text == f"{square.upper()} ist nicht frei: Dort steht der König von Spieler 2.", text
    assert (await table.record()).version == version


async def test_a_welcome_dm_names_the_game_in_its_readers_language(simcord_env, locales):
    """The welcome DM of an English-speaking player of a French game says "game 1", as the rest of it is
    English, not the channel's "partie 1"; its creator's welcome too, which is edited to name the game."""
    table = await french_table(simcord_env, locales)
    number = (await table.record()).id
    for player in table.players:
        welcome = dms(player)[0].content
        assert "welcome to Tigris & Euphrates!" in welcome, welcome
        assert f"· game {number}**" in welcome and "partie" not in welcome, welcome


def _scores_for_the_other(game) -> list:
    """The tiles the player to act could place that score a point for the other player."""
    if game.phase is not Phase.ACTION or game.to_act is None:
        return []
    found = []
    for action in game.legal_actions():
        if action.kind == "tile":
            events = game.copy().apply(action)
            if any(e.kind == "point" and e.seat not in (None, game.to_act) for e in events):
                found.append(action)
    return found


async def test_autocomplete_names_a_seat_discord_will_not_name_in_its_readers_language(
    simcord_env, game_seed, locales, monkeypatch
):
    """The squares' labels ("+1 roter Punkt für Spieler 2") are the reader's: an English game's unnamed
    "Player 2" is "Spieler 2" to its German player, as in their DMs."""
    table, game = await reach(simcord_env, game_seed, 2, lambda g: bool(_scores_for_the_other(g)))
    record = await table.record()
    german = table.member(record.user_at(game.to_act))
    unnamed = record.user_at(1 - game.to_act)
    await speaks(simcord_env, german.id, "de", locales)
    discord_will_not_name(monkeypatch, unnamed)
    tile = _scores_for_the_other(game)[0]
    _, colour, square = tile.text.split()
    choices = await german.autocomplete(table.channel, "te tile", "square", square, color=colour)
    label = next(c["name"] for c in choices if c["value"] == square)
    seat = 2 - game.to_act  # the other seat's number as players count, from 1
    assert f" für Spieler {seat}" in label and "Player" not in label, label
