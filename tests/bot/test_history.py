"""Issue 13 through the bot: /te history replay, export, stats, leaderboard, games and mygames, on simcord
with a real SQLite file. Games are played to where each test needs them through the store (random legal
moves, each saved with the person who made it), in the simcord servers' channels, by their members."""

from __future__ import annotations

import asyncio
import io
import random
from dataclasses import dataclass
from statistics import mean

import discord
import pytest
from PIL import Image

import bot.history
from ai.analysis import Budget
from bot.history_texts import BOT_HAS_NO_STATS, LEADERBOARD_PAGES, analyse_in_play, no_started_game_here
from engine import Game, Outcome, UndoRefused, Who, dump, read_export, replay, take_back
from i18n import words_for
from render import SeatMark, SeatNote
from storage import GameRecord, Player, Status, Store
from tests.bot.test_queries import spy_on

T0 = 1_700_000_000
TIED_SEED = (
    277  # two players, random play from random.Random(277): a shared win (tests/storage/test_history.py)
)


@dataclass
class Played:
    record: GameRecord
    game: Game
    actions: list[str]  # the effective ones

    @property
    def id(self) -> int:
        return self.record.id

    @property
    def outcome(self) -> Outcome:
        outcome = self.game.outcome()
        assert outcome is not None
        return outcome


async def play_game(
    store: Store,
    guild_id: int,
    channel_id: int,
    seats: list[int | str],
    seed: int,
    *,
    actions: int | None = None,
    rng_seed: int | None = None,
    undo_at: int | None = None,
) -> Played:
    """A game of ``seats`` (user ids, or a computer level) started with ``seed`` and played with random
    legal moves, to its end or for ``actions`` actions; ``undo_at``: after that many actions, the next
    action R32 allows to take back is taken back (an undo row in the log)."""
    now = T0
    record = await store.create_game(guild_id, channel_id, next(s for s in seats if isinstance(s, int)), now)
    for seat in seats:
        if isinstance(seat, int):
            record = await store.add_seat(record.id, seat, now)
        else:
            record = await store.add_computer_seat(record.id, seat, now)
    game = Game.start(record.options.settings(len(seats)), seed)
    record = await store.start_game(record.id, seed, dump(game), now)
    chooser = random.Random(seed if rng_seed is None else rng_seed)
    version, played, undone = 0, 0, False
    effective: list[str] = []
    while not game.is_over and (actions is None or played < actions):
        seat = game.to_act
        assert seat is not None
        user = record.user_at(seat)
        actor = Who.person(user) if user is not None else Who.computer(record.seats[seat].level or "normal")
        action = chooser.choice(game.legal_actions())
        game.apply(action)
        now += 60
        version = (
            await store.append_action(record.id, version, seat, action.text, dump(game), now, actor=actor)
        ).version
        effective.append(action.text)
        played += 1
        if undo_at is not None and played >= undo_at and not undone and user is not None and not game.is_over:
            try:
                back = take_back(record.settings, seed, effective)  # type: ignore[arg-type]
            except UndoRefused:
                continue
            now += 60
            version = (
                await store.append_undo(record.id, version, seat, dump(back.game), now, actor=actor)
            ).version
            game, undone = back.game, True
            effective.pop()
    await store.mark_presented(record.id, version)
    return Played(await store.load_game(record.id), game, effective)


def frames_of(data: bytes) -> int:
    with Image.open(io.BytesIO(data)) as image:
        assert image.format in ("WEBP", "GIF") and image.is_animated
        return image.n_frames


def expected_frames(played: Played) -> int:
    """The start, one frame per turn (a turn under way included), the final standings once over."""
    record = played.record
    assert record.settings is not None and record.seed is not None
    game = replay(record.settings, record.seed, [])
    frames, open_turn = 1, False
    for action in played.actions:
        events = game.apply(action)
        open_turn = not any(e.kind in ("turn", "game-over") for e in events)
        frames += not open_turn
    return frames + open_turn + game.is_over


@pytest.fixture
def server(simcord_env):
    guild = simcord_env.create_guild("Friends")
    channel = guild.create_text_channel("games")
    members = [guild.add_member(simcord_env.create_user(name)) for name in ("alice", "bob", "carol")]
    return guild, channel, members


async def test_a_replay_is_worked_on_then_follows_as_an_animated_picture(simcord_env, server):
    guild, channel, (alice, bob, carol) = server
    store = simcord_env.bot.store
    played = await play_game(store, guild.id, channel.id, [alice.id, bob.id, carol.id], seed=4, actions=25)
    result = await bob.slash(channel, "te history replay")
    assert result.ephemeral and result.response.content == "Done: the replay is below."
    [picture] = result.followups
    assert picture.ephemeral
    assert "still in play" in picture.content and "game " + str(played.id) in picture.content
    [attachment] = picture.attachments
    assert attachment.filename.startswith(f"game-{played.id}-replay.")
    assert frames_of(await attachment.read()) == expected_frames(played)
    assert channel.history() == []  # nothing public


async def test_a_replay_asked_in_spanish_or_portuguese_is_drawn_in_that_language(
    simcord_env, server, locales
):
    """Read in a Spanish game: "/te historial repetición" answered "Lo siento, algo salió mal" to every
    reader but an English one (a catalogue's words could not be sent to the worker process drawing it)."""
    guild, channel, (alice, bob, carol) = server
    locales.people[bob.id], locales.people[carol.id] = "es-ES", "pt-BR"
    played = await play_game(
        simcord_env.bot.store, guild.id, channel.id, [alice.id, bob.id], seed=4, actions=9
    )
    for member, done in ((bob, "Hecho: la repetición está abajo."), (carol, "Pronto: o replay está abaixo.")):
        result = await member.slash(channel, "te history replay")
        assert result.ephemeral and result.response.content == done, result.response.content
        [picture] = result.followups
        [attachment] = picture.attachments
        assert frames_of(await attachment.read()) == expected_frames(played)


async def test_a_replay_names_the_seats_marks_them_and_titles_the_game(simcord_env, server, monkeypatch):
    guild, channel, (alice, bob, carol) = server
    dave = guild.add_member(simcord_env.create_user("dave"))
    store = simcord_env.bot.store
    played = await play_game(
        store, guild.id, channel.id, [alice.id, bob.id, "hard", dave.id], seed=3, actions=8
    )
    await store.resign_seat(played.id, bob.id, T0 + 1000)
    await store.replace_seat(played.id, 0, user_id=carol.id, by_user_id=alice.id, now=T0 + 1000)
    await store.set_away(played.id, 3, T0 + 1000)
    drawn: list[dict] = []
    real_run = simcord_env.bot.workers.run

    async def spy(function, *args, **kwargs):
        drawn.append(kwargs)
        return await real_run(function, *args, **kwargs)

    monkeypatch.setattr(simcord_env.bot.workers, "run", spy)
    result = await alice.slash(channel, "te history replay")
    assert result.followups[0].attachments
    [drawing] = drawn
    assert drawing["names"] == [
        "carol",
        "bob",
        "Bot (hard)",
        "dave",
    ]  # a resigned seat keeps its player's name
    assert drawing["title"] == f"Friends · #games · game {played.id}"
    assert drawing["notes"] == {
        0: SeatNote(SeatMark.REPLACED, "took over from alice"),
        1: SeatNote(SeatMark.RESIGNED),
        2: SeatNote(SeatMark.COMPUTER),
        3: SeatNote(SeatMark.AWAY),
    }


async def test_refusals_are_one_private_sentence(simcord_env, server):
    guild, channel, (alice, bob, _) = server
    store = simcord_env.bot.store
    result = await alice.slash(channel, "te history replay")
    assert result.ephemeral and result.response.content == no_started_game_here(words_for("en"))
    assert "`game:`" in result.response.content
    lobby = await store.create_game(guild.id, channel.id, alice.id, T0)
    for command in ("replay", "export"):
        result = await alice.slash(channel, f"te history {command}", game=lobby.id)
        assert result.ephemeral
        assert result.response.content == f"Game {lobby.id} never started, so there is nothing to {command}."
    other = simcord_env.create_guild("Elsewhere")
    far = other.create_text_channel("far")
    other.add_member(alice.user)
    theirs = await play_game(store, other.id, far.id, [alice.id, bob.id], seed=3, actions=4)
    for number in (theirs.id, 999, 0, -3):
        result = await alice.slash(channel, "te history replay", game=number)
        assert result.ephemeral and result.response.content.startswith(
            f"There is no game {number} on this server"
        )
        assert not result.followups
    result = await alice.slash(channel, "te history leaderboard", page=0)
    assert result.ephemeral and result.response.content == LEADERBOARD_PAGES
    robot = guild.add_member(simcord_env.create_user("robot", bot=True))
    result = await alice.slash(channel, "te history stats", user=robot)
    assert result.ephemeral and result.response.content == BOT_HAS_NO_STATS
    assert channel.history() == []


async def test_a_finished_game_replays_with_its_standings_and_exports_a_record_that_replays(
    simcord_env, server, monkeypatch
):
    guild, channel, (alice, bob, carol) = server
    store = simcord_env.bot.store
    played = await play_game(store, guild.id, channel.id, [alice.id, bob.id, carol.id], seed=6, undo_at=3)
    assert played.record.status is Status.FINISHED
    turns = played.game.turn

    # the replay, shared: the private reply says so, the picture is public
    result = await carol.slash(channel, "te history replay", game=played.id, share=True)
    assert result.ephemeral and result.response.content == "Posted in the channel."
    [picture] = result.followups
    assert not picture.ephemeral and "final standings" in picture.content
    assert frames_of(await picture.attachments[0].read()) == expected_frames(played) == turns + 2
    # asked again, the finished game's replay is sent at once, without drawing it again
    drawn = []
    real_run = simcord_env.bot.workers.run

    async def spy(function, *args, **kwargs):
        drawn.append(function.__name__)
        return await real_run(function, *args, **kwargs)

    monkeypatch.setattr(simcord_env.bot.workers, "run", spy)
    result = await alice.slash(channel, "te history replay")  # the channel's latest game
    assert frames_of(await result.followups[0].attachments[0].read()) == turns + 2
    assert drawn == []

    # the record: names, title, the undo marked; it replays to the stored position
    result = await bob.slash(channel, "te history export")
    assert result.ephemeral
    [attachment] = result.response.attachments
    assert attachment.filename == f"game-{played.id}.txt"
    text = (await attachment.read()).decode()
    assert drawn == ["write_export"]  # in the worker process
    assert f'title "Friends · #games · game {played.id}"' in text
    assert f'person {alice.id} "alice"' in text and f'person {carol.id} "carol"' in text
    assert "taken back by" in text and " undo " in text
    record = read_export(text)
    assert dump(record.final_game()) == (await store.load_game(played.id)).position
    assert record.effective_actions() == played.actions == await store.effective_actions(played.id)
    assert "python -m engine replay FILE" in result.response.content


async def test_an_exported_game_names_two_hard_computer_seats_apart(simcord_env, server):
    """Issue 18, item 5: "Bot (hard)" and "Bot 2 (hard)" stay themselves in the record, and in what reads
    it (the analysis's names, the replay's seats)."""
    guild, channel, (alice, _, _) = server
    store = simcord_env.bot.store
    played = await play_game(store, guild.id, channel.id, [alice.id, "hard", "hard"], seed=8)
    result = await alice.slash(channel, "te history export")
    text = (await result.response.attachments[0].read()).decode()
    assert " joined computer hard bot 1" in text and " joined computer hard bot 2" in text
    rows = [line for line in text.splitlines() if line[:1] in " 0123456789" and " by " in line]
    assert {line.split(" by ")[1] for line in rows if " seat 2 " in line} == {"computer hard bot 2"}
    assert {line.split(" by ")[1] for line in rows if " seat 1 " in line} == {"computer hard bot 1"}
    record = read_export(text)
    assert record.seat_labels() == ["alice", "Bot (hard)", "Bot 2 (hard)"]
    assert dump(record.final_game()) == (await store.load_game(played.id)).position
    standings = text.split("# The game is over")[1]
    assert "(Bot (hard))" in standings and "(Bot 2 (hard))" in standings


async def test_a_game_in_play_is_not_exported_and_an_abandoned_one_is(simcord_env, server):
    guild, channel, (alice, bob, _) = server
    store = simcord_env.bot.store
    playing = await play_game(store, guild.id, channel.id, [alice.id, bob.id], seed=2, actions=12)
    result = await alice.slash(channel, "te history export")  # even a player of it: the seed is the bag
    assert result.ephemeral and not result.response.attachments
    assert result.response.content.startswith(f"Game {playing.id} is still in play")
    await store.abandon_game(playing.id, T0 + 10_000)
    result = await bob.slash(channel, "te history export", game=playing.id)
    text = (await result.response.attachments[0].read()).decode()
    assert "(abandoned)" in result.response.content
    assert dump(read_export(text).final_game()) == dump(playing.game)


async def test_a_replay_too_big_for_discord_falls_back_to_the_board_and_says_so(
    simcord_env, server, monkeypatch
):
    guild, channel, (alice, bob, _) = server
    store = simcord_env.bot.store
    await play_game(store, guild.id, channel.id, [alice.id, bob.id], seed=2, actions=12)
    monkeypatch.setattr(bot.history, "UPLOAD_LIMIT", 5_000)
    result = await alice.slash(channel, "te history replay")
    [answer] = result.followups
    assert (
        answer.content.startswith("The replay would be ")
        and "MiB, over the 0.0 MiB Discord accepts" in answer.content
    )
    assert answer.content.endswith("so here is the board as it stands instead.")
    assert [a.filename for a in answer.attachments] == [
        f"game-{(await store.latest_game_in_channel(channel.id)).id}-board.png"
    ]


@pytest.fixture
async def history(simcord_env, server):
    """Finished games on the server (a 3-player game, a shared win, a game against the computer player at
    hard), an abandoned game and a game on another server (neither counts), a game in play, a lobby."""
    guild, channel, (alice, bob, carol) = server
    store = simcord_env.bot.store
    other_channel = guild.create_text_channel("more")
    games = {
        "three": await play_game(store, guild.id, channel.id, [alice.id, bob.id, carol.id], seed=5),
        "tied": await play_game(store, guild.id, channel.id, [alice.id, bob.id], seed=TIED_SEED),
        "computer": await play_game(store, guild.id, channel.id, [alice.id, "hard"], seed=8),
    }
    assert [s.place for s in games["tied"].outcome.standings] == [1, 1]
    abandoned = await play_game(
        store, guild.id, channel.id, [alice.id, bob.id, carol.id], seed=10, actions=40
    )
    await store.abandon_game(abandoned.id, T0 + 99_000)
    elsewhere = simcord_env.create_guild("Elsewhere")
    far = elsewhere.create_text_channel("far")
    await play_game(store, elsewhere.id, far.id, [alice.id, bob.id], seed=11)
    games["playing"] = await play_game(
        store, guild.id, other_channel.id, [bob.id, carol.id], seed=12, actions=9
    )
    lobby_channel = guild.create_text_channel("lobby")
    games["lobby"] = Played(
        await store.create_game(guild.id, lobby_channel.id, carol.id, T0), Game.new(2, 1), []
    )
    await store.add_seat(games["lobby"].id, carol.id, T0)
    return games


def place_of(played: Played, seat: int) -> tuple[int, int]:
    standing = next(s for s in played.outcome.standings if s.seat == seat)
    return standing.place, standing.score


async def test_stats_count_finished_games_shared_wins_and_leave_out_abandoned_ones(
    simcord_env, server, history
):
    _, channel, (alice, bob, carol) = server
    mine = [place_of(history[name], 0) for name in ("three", "tied", "computer")]  # alice has seat 0
    result = await bob.slash(channel, "te history stats", user=alice)
    text = result.response.content
    assert result.ephemeral and text.startswith("**alice** on Friends: 3 finished games")
    wins = sum(place == 1 for place, _ in mine)
    assert wins >= 1 and f"Wins: **{wins}** (shared wins count)" in text
    assert f"average place {mean(p for p, _ in mine):.2f}" in text
    assert f"average score {mean(s for _, s in mine):.1f}" in text
    assert f"best score {max(s for _, s in mine)}" in text
    assert (
        "Most played against: bob (2 games" in text
        and "Bot (hard) (1 game" in text
        and "carol (1 game" in text
    )
    stats = await simcord_env.bot.store.player_stats(server[0].id, Player.person(alice.id))
    assert f"Rating: **{round(stats.rating or 0)}**, #{stats.rank} on this server" in text
    # carol: the 3-player game only (the abandoned one does not count)
    text = (await carol.slash(channel, "te history stats")).response.content
    assert text.startswith("**carol** on Friends: 1 finished game\n")
    newcomer = server[0].add_member(simcord_env.create_user("zoe"))
    text = (await newcomer.slash(channel, "te history stats")).response.content
    assert text == "**zoe** has no finished game on Friends yet (abandoned games do not count)."


async def test_the_leaderboard_in_words_and_as_a_picture(simcord_env, server, history, monkeypatch):
    guild, channel, (alice, bob, carol) = server
    store = simcord_env.bot.store
    rows = await store.leaderboard(guild.id, limit=10)
    names = {Player.person(alice.id): "alice", Player.person(bob.id): "bob", Player.person(carol.id): "carol",
             Player.computer("hard"): "Bot (hard)"}  # fmt: skip
    assert set(names) == {row.player for row in rows}
    result = await carol.slash(channel, "te history leaderboard")
    assert result.ephemeral
    text = result.response.content
    assert text.startswith("**Leaderboard of Friends**")
    for row in rows:
        games = "1 game" if row.games == 1 else f"{row.games} games"
        assert f"{row.rank}. {names[row.player]} — **{round(row.rating)}** · {games}" in text
    assert "multiplayer Elo" in text and "You are" not in text
    [picture] = result.response.attachments
    with Image.open(io.BytesIO(await picture.read())) as image:
        assert image.format == "PNG" and image.width == 800
    # two a page: the asker below when not on it, and the next page named
    monkeypatch.setattr(bot.history, "LEADERBOARD_PAGE", 2)
    last = next(row for row in reversed(rows) if row.player.user_id is not None)
    asker = next(m for m in (alice, bob, carol) if m.id == last.player.user_id)
    text = (await asker.slash(channel, "te history leaderboard")).response.content
    assert f"You are #{last.rank}: **{round(last.rating)}**" in text
    assert "`/te history leaderboard page: 2`" in text
    result = await asker.slash(channel, "te history leaderboard", page=3)
    assert (
        result.response.content.startswith("Nobody is ranked on page 3") and not result.response.attachments
    )
    empty = simcord_env.create_guild("Empty")
    room = empty.create_text_channel("room")
    zoe = empty.add_member(simcord_env.create_user("zoe"))
    result = await zoe.slash(room, "te history leaderboard")
    assert result.response.content.startswith("Nobody on Empty has finished a game yet")


async def test_the_servers_games_and_their_autocomplete(simcord_env, server, history):
    _, channel, (alice, bob, _) = server
    playing, lobby = history["playing"], history["lobby"]
    result = await alice.slash(channel, "te history games")
    text = result.response.content
    assert result.ephemeral and text.startswith("**Games on Friends**")
    waiting = f"{'bob' if playing.record.user_to_act == bob.id else 'carol'}"
    assert (
        f"• game {playing.id} · <#{playing.record.channel_id}> — turn {playing.game.turn}, {waiting}" in text
    )
    assert (
        f"(started <t:{playing.record.updated_at}:R>)" in text
        or f"asked <t:{playing.record.updated_at}:R>)" in text
    )
    assert "since <t:" not in text  # Discord writes "3 hours ago": never "since 3 hours ago"
    assert f"• game {lobby.id} · <#{lobby.record.channel_id}> — lobby, 1 player seated" in text
    assert "alice and bob shared the win with" in text or "bob and alice shared the win with" in text
    assert text.index("**In play**") < text.index("**Open lobbies:**") < text.index("**Recently finished:**")
    assert "Elsewhere" not in text and "abandoned" not in text

    choices = await alice.autocomplete(channel, "te history replay", "game", "")
    numbers = [c["value"] for c in choices]
    finished = [history[n].id for n in ("three", "tied", "computer")]
    assert numbers == sorted([playing.id, *finished], reverse=True)  # newest first; no lobby, no abandoned
    labels = {c["value"]: c["name"] for c in choices}
    assert labels[history["tied"].id].startswith(f"game {history['tied'].id} · #games · finished ")
    assert labels[history["tied"].id].endswith(" ago · alice, bob")
    assert labels[history["computer"].id].endswith(" · alice, Bot (hard)")
    assert labels[playing.id] == f"game {playing.id} · #more · in play · bob, carol"
    typed = str(history["three"].id)
    narrowed = await alice.autocomplete(channel, "te history export", "game", typed)
    assert narrowed[0]["value"] == int(typed)
    assert all(str(c["value"]).startswith(typed) for c in narrowed)


async def test_mygames_lists_a_players_games_on_every_server_awaited_first(simcord_env, server):
    guild, channel, (alice, bob, carol) = server
    store = simcord_env.bot.store
    other = simcord_env.create_guild("Elsewhere")
    far = other.create_text_channel("far")
    for member in (alice, bob):
        other.add_member(member.user)
    here = await play_game(store, guild.id, channel.id, [alice.id, bob.id], seed=2, actions=6)
    there = await play_game(store, other.id, far.id, [bob.id, alice.id], seed=2, actions=6)  # seat 0 to act
    awaited_game, other_game = (here, there) if here.record.user_to_act == alice.id else (there, here)
    assert awaited_game.record.user_to_act == alice.id and other_game.record.user_to_act == bob.id
    post = await store.add_post(
        awaited_game.id, awaited_game.record.version, awaited_game.record.channel_id, 4242, T0, ["x"]
    )
    lobby = await store.create_game(guild.id, guild.create_text_channel("next").id, carol.id, T0)
    await store.add_seat(lobby.id, alice.id, T0)
    await store.add_seat(lobby.id, carol.id, T0)

    result = await alice.slash(channel, "te history mygames")
    assert result.ephemeral
    text = result.response.content
    lines = text.splitlines()
    assert lines[0] == "**Your games** — 1 game awaits you:"
    assert lines[1].startswith("⏳ **") and f"game {awaited_game.id}**" in lines[1]
    assert f"/channels/{awaited_game.record.guild_id}/{post.channel_id}/4242)" in lines[1]
    assert lines[2] == "**Waiting on others:**"
    assert f"game {other_game.id}** — turn {other_game.game.turn}, bob" in lines[3]
    assert (
        f"https://discord.com/channels/{other_game.record.guild_id}/{other_game.record.channel_id})"
        in lines[3]
    )
    assert lines[4] == "**Lobbies:**" and f"game {lobby.id}** — lobby, 2 players seated" in lines[5]
    assert "Elsewhere · #far" in text and "Friends · #games" in text
    text = (await carol.slash(channel, "te history mygames")).response.content
    assert text.startswith("**Your games** — no game awaits you.")


async def test_history_commands_ask_only_indexed_lookups(simcord_env, server, history, monkeypatch):
    _, channel, (alice, _, _) = server
    calls = spy_on(simcord_env.bot.store, monkeypatch)
    for command, options in [
        ("te history replay", {"game": history["playing"].id}),
        ("te history export", {}),
        ("te history stats", {}),
        ("te history leaderboard", {}),
        ("te history games", {}),
        ("te history mygames", {}),
    ]:
        result = await alice.slash(channel, command, **options)
        assert result.ephemeral, command
    await alice.autocomplete(channel, "te history replay", "game", "1")
    indexed = {
        "latest_game_in_channel", "load_game", "effective_actions", "seat_history", "game_export",
        "player_stats", "leaderboard", "running_games", "finished_games", "games_of_guild", "user_games",
        "last_posts", "timers",
        "person_language", "person_languages", "set_person_language",  # the asker's language, by user id
    }  # fmt: skip
    assert calls and set(calls) <= indexed, set(calls) - indexed


# ------------------------------------------------------------------------------------- analysis (issue 22)


@pytest.fixture
def quick_analysis(simcord_env):
    """The analysis with the smallest budget: these tests check the command, not the judgement."""
    simcord_env.bot.rooms.history.analysis_budget = Budget(width=1, samples=1, least=1, rival_turns=0)


async def test_an_analysis_is_refused_while_the_game_is_in_play(simcord_env, server, quick_analysis):
    guild, channel, (alice, bob, _) = server
    store = simcord_env.bot.store
    playing = await play_game(store, guild.id, channel.id, [alice.id, bob.id], seed=2, actions=12)
    result = await alice.slash(channel, "te history analyse")
    assert result.ephemeral and result.response.content == analyse_in_play(playing.id, words_for("en"))
    assert not result.followups and channel.history() == []
    lobby = await store.create_game(guild.id, guild.create_text_channel("lobby").id, alice.id, T0)
    result = await alice.slash(channel, "te history analyse", game=lobby.id)
    assert result.response.content == f"Game {lobby.id} never started, so there is nothing to analyse."


# a whole game's analysis takes seconds of CPU in the worker; a loaded machine can stretch that past a minute
@pytest.mark.simcord(settle_timeout=300)
async def test_an_analysis_shows_progress_then_each_seats_costliest_moves_with_pictures(
    simcord_env, server, quick_analysis, monkeypatch
):
    guild, channel, (alice, bob, _) = server
    store = simcord_env.bot.store
    played = await play_game(store, guild.id, channel.id, [alice.id, "normal"], seed=9)
    assert played.record.status is Status.FINISHED
    edits: list[str] = []
    real_edit = discord.Interaction.edit_original_response

    async def spy_edit(self, **kwargs):
        edits.append(kwargs.get("content"))
        return await real_edit(self, **kwargs)

    monkeypatch.setattr(discord.Interaction, "edit_original_response", spy_edit)
    worked: list[str] = []
    real_run = simcord_env.bot.workers.run

    async def spy_run(function, *args, **kwargs):
        worked.append(function.__name__)
        return await real_run(function, *args, **kwargs)

    monkeypatch.setattr(simcord_env.bot.workers, "run", spy_run)
    result = await bob.slash(channel, "te history analyse", game=played.id)
    progress = [e for e in edits if e and e.startswith(f"Analysing game {played.id}… ")]
    percents = [int(e.rsplit(" ", 1)[1].rstrip("%")) for e in progress]
    assert percents[0] == 0 and len(percents) >= 5 and percents == sorted(percents) and percents[-1] < 100
    assert result.ephemeral and result.response.content == "Done: the analysis is below."
    # the judging ran in the worker process, in steps, and so did the pictures
    assert worked.count("judge_rows") == len(percents) - 1 and "move_pictures" in worked
    summary, *seats = result.followups
    assert all(m.ephemeral for m in result.followups)
    assert "alice" in summary.content and "Bot (normal)" in summary.content
    assert "points lost per move" in summary.content and "Turning points" in summary.content
    assert len(seats) == 2
    analysis = await store.analysis(played.id, played.record.version)
    assert analysis is not None
    rows = {row.seq: row for row in (await store.game_export(played.id)).actions}
    for message, seat in zip(seats, analysis["seats"], strict=True):
        costliest = seat["costliest"]
        assert costliest and len(message.attachments) == len(costliest)
        for move, attachment in zip(costliest, message.attachments, strict=True):
            assert rows[move["seq"]].seat == seat["seat"] and move["loss"] > 0
            assert attachment.filename == f"game-{played.id}-move-{move['seq']}.png"
            with Image.open(io.BytesIO(await attachment.read())) as image:
                assert image.format == "PNG"
            assert f"(#{move['seq']})" in message.content
        assert message.content.count("\n") == len(costliest)  # a line of why per move

    # shared, and from the store this time: no judging again
    worked.clear()
    result = await alice.slash(channel, "te history analyse", game=played.id, share=True)
    assert result.ephemeral and result.response.content == "Posted in the channel."
    assert all(not m.ephemeral for m in result.followups) and len(result.followups) == 3
    assert worked == ["move_pictures"]


async def test_two_askers_at_once_share_one_analysis(simcord_env, server, quick_analysis, monkeypatch):
    guild, channel, (alice, bob, _) = server
    store = simcord_env.bot.store
    played = await play_game(store, guild.id, channel.id, [alice.id, bob.id], seed=9)
    worked: list[str] = []
    real_run = simcord_env.bot.workers.run

    async def spy_run(function, *args, **kwargs):
        worked.append(function.__name__)
        return await real_run(function, *args, **kwargs)

    monkeypatch.setattr(simcord_env.bot.workers, "run", spy_run)
    # simcord runs one interaction at a time, so the two askers meet in the history room itself
    history = simcord_env.bot.rooms.history
    record = await store.load_game(played.id)
    heard: list[list[int]] = [[], []]

    def listener(i: int):
        async def progress(percent: int) -> None:
            heard[i].append(percent)

        return progress

    first, second = await asyncio.gather(
        history.analyse(record, listener(0), words=words_for("en")),
        history.analyse(record, listener(1), words=words_for("en")),
    )
    assert worked.count("judged_rows") == 1 and worked.count("turning_points") == 1
    assert worked.count("move_pictures") == 2
    assert first == second and len(first) == 3
    assert len(heard[0]) >= 5 and heard[1] == []  # the first asker's progress line moves
