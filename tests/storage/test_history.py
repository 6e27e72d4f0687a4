"""Results, ratings, stats and games lists (issue 13): saved when a game finishes, read by indexed queries."""

from __future__ import annotations

from statistics import mean

import pytest

from engine import Game, Outcome, Settings, UndoRefused, Who, dump, read_export, take_back, write_export
from storage import FinishedGame, GameStatusError, Options, Player, SeatResult, Status, Store
from storage.rating import INITIAL, Ladder

from .conftest import GUILD, T0, Play, Started, StartGame, play_first

OTHER_GUILD = GUILD + 1
TIED_SEED = 277  # two players, random play from random.Random(277): both end on (6, x, x, x), a shared win


async def finish(store: Store, started: Started, play: Play, *, rng_seed: int = 1) -> Outcome:
    await play(started, 10_000, rng_seed=rng_seed)
    record = await store.load_game(started.id)
    assert record.status is Status.FINISHED
    outcome = started.game.outcome()
    assert outcome is not None
    return outcome


def place_of(outcome: Outcome, seat: int) -> tuple[int, int]:
    standing = next(s for s in outcome.standings if s.seat == seat)
    return standing.place, standing.score


async def test_a_finished_game_saves_its_results_in_the_finishing_transaction(
    store: Store, start_game: StartGame, play: Play
) -> None:
    started = await start_game(users=(11, 12, 13), seed=5)
    assert await store.game_results(started.id) == []
    outcome = await finish(store, started, play)
    results = await store.game_results(started.id)
    assert [(r.seat, r.place, r.score, r.final, r.treasures) for r in results] == [
        (s.seat, s.place, s.score, s.final, s.treasures) for s in outcome.standings
    ]
    users = {0: 11, 1: 12, 2: 13}
    for r in results:
        assert r.owner == r.player == Player.person(users[r.seat])
        assert (r.resigned_by, r.replaced) == (None, False)
        assert r.rating_change is not None
    assert abs(sum(r.rating_change or 0 for r in results)) < 1e-9  # first games: equal K, zero-sum
    record = await store.load_game(started.id)
    assert record.ended_at is not None and record.waiting_since is None


async def test_a_shared_win_counts_as_a_win_for_both(store: Store, start_game: StartGame, play: Play) -> None:
    started = await start_game(users=(11, 12), seed=TIED_SEED)
    outcome = await finish(store, started, play, rng_seed=TIED_SEED)
    assert [s.place for s in outcome.standings] == [1, 1]
    results = await store.game_results(started.id)
    assert all(r.won for r in results) and [r.rating_change for r in results] == [0.0, 0.0]
    for user in (11, 12):
        stats = await store.player_stats(GUILD, Player.person(user))
        assert (stats.games, stats.wins, stats.average_place) == (1, 1, 1.0)
        assert stats.rating == INITIAL and stats.rank == 1
    # issue 18: a tie shares its rank on the leaderboard too
    assert [row.rank for row in await store.leaderboard(GUILD)] == [1, 1]


async def _server_history(store: Store, start_game: StartGame, play: Play) -> dict[str, tuple[int, Outcome]]:
    """Finished games on GUILD with user 11 in each, plus an abandoned one and one on another server."""
    games: dict[str, tuple[int, Outcome]] = {}
    # 11, 12, 13: 13 resigns after 20 actions; the computer player finishes the seat
    resigned = await start_game(users=(11, 12, 13), seed=5)
    await play(resigned, 20)
    await store.resign_seat(resigned.id, 13, T0 + 100)
    games["resigned"] = (resigned.id, await finish(store, resigned, play, rng_seed=2))
    # a shared win of 11 and 12
    tied = await start_game(users=(11, 12), seed=TIED_SEED)
    games["tied"] = (tied.id, await finish(store, tied, play, rng_seed=TIED_SEED))
    # 11 against the computer player at hard, seated in the lobby
    lobby = await store.create_game(GUILD, 777, 11, T0)
    await store.add_seat(lobby.id, 11, T0)
    lobby = await store.add_computer_seat(lobby.id, "hard", T0)
    computer_game = Game.new(2, 8)
    await store.start_game(lobby.id, 8, dump(computer_game), T0)
    games["computer"] = (lobby.id, await finish(store, Started(lobby, computer_game), play))
    # 14 is replaced by 15 half way
    replaced = await start_game(users=(11, 14), seed=9)
    await play(replaced, 30)
    await store.replace_seat(replaced.id, 1, user_id=15, by_user_id=11, now=T0 + 200)
    games["replaced"] = (replaced.id, await finish(store, replaced, play, rng_seed=3))
    # excluded: an abandoned game in play, and a game on another server
    abandoned = await start_game(users=(11, 12, 16), seed=10)
    await play(abandoned, 40)
    await store.abandon_game(abandoned.id, T0 + 300)
    elsewhere = await start_game(users=(11, 12), seed=11, guild=OTHER_GUILD)
    games["elsewhere"] = (elsewhere.id, await finish(store, elsewhere, play))
    return games


async def test_stats_after_several_finished_games(store: Store, start_game: StartGame, play: Play) -> None:
    games = await _server_history(store, start_game, play)
    counted = ("resigned", "tied", "computer", "replaced")
    seat_of_11 = {"resigned": 0, "tied": 0, "computer": 0, "replaced": 0}
    mine = [place_of(games[name][1], seat_of_11[name]) for name in counted]

    stats = await store.player_stats(GUILD, Player.person(11), opponents=10)
    assert stats.games == 4
    assert stats.wins == sum(place == 1 for place, _ in mine) >= 1  # the shared win counts
    assert stats.average_place == pytest.approx(mean(place for place, _ in mine))
    assert stats.average_score == pytest.approx(mean(score for _, score in mine))
    assert stats.best_score == max(score for _, score in mine)
    assert stats.resigned == 0
    met = {o.player: o.games for o in stats.opponents}
    assert met == {
        Player.person(12): 2,  # the resigned game and the tie; not the abandoned one, not the other server
        Player.person(13): 1,  # counted for the seat 13 resigned
        Player.computer("hard"): 1,
        Player.person(15): 1,  # who held the seat at the end
    }
    assert stats.opponents[0].player == Player.person(12)
    twelve = stats.opponents[0]
    ahead = sum(place_of(games[n][1], 0)[0] < place_of(games[n][1], 1)[0] for n in ("resigned", "tied"))
    assert (twelve.ahead, twelve.behind) == (ahead, 2 - ahead - 1)  # the tie is neither

    resigner = await store.player_stats(GUILD, Player.person(13))
    assert (resigner.games, resigner.resigned) == (1, 1)
    results = await store.game_results(games["resigned"][0])
    seat2 = next(r for r in results if r.seat == 2)
    assert seat2.owner == Player.computer("normal") and seat2.player == Player.person(13)
    assert seat2.resigned_by == 13 and seat2.replaced is False

    replaced = await store.game_results(games["replaced"][0])
    seat1 = next(r for r in replaced if r.seat == 1)
    assert seat1.owner == seat1.player == Player.person(15) and seat1.replaced
    assert (await store.player_stats(GUILD, Player.person(14))).games == 0

    computer = await store.player_stats(GUILD, Player.computer("hard"))
    assert computer.games == 1 and computer.rating is not None
    assert [o.player for o in computer.opponents] == [Player.person(11)]

    nobody = await store.player_stats(GUILD, Player.person(99))
    assert (nobody.games, nobody.wins, nobody.average_place, nobody.rating, nobody.rank) == (
        0,
        0,
        None,
        None,
        None,
    )
    assert nobody.opponents == ()

    sixteen = await store.player_stats(GUILD, Player.person(16))  # only in the abandoned game
    assert sixteen.games == 0
    elsewhere = await store.player_stats(OTHER_GUILD, Player.person(11))
    assert elsewhere.games == 1 and [o.player for o in elsewhere.opponents] == [Player.person(12)]


async def test_the_leaderboard_and_recomputing_the_ratings(
    store: Store, start_game: StartGame, play: Play
) -> None:
    games = await _server_history(store, start_game, play)
    board = await store.leaderboard(GUILD, limit=20)
    players = {row.player for row in board}
    assert players == {Player.person(u) for u in (11, 12, 13, 15)} | {Player.computer("hard")}
    assert Player.person(16) not in players and Player.person(14) not in players  # abandoned / replaced
    # ratings that read the same share a rank (issue 18)
    assert [row.rank for row in board] == [
        1 + sum(round(other.rating) > round(row.rating) for other in board) for row in board
    ]
    assert [row.rating for row in board] == sorted((row.rating for row in board), reverse=True)
    eleven = next(row for row in board if row.player == Player.person(11))
    stats = await store.player_stats(GUILD, Player.person(11))
    assert (eleven.games, eleven.wins, eleven.rating, eleven.rank) == (
        4,
        stats.wins,
        stats.rating,
        stats.rank,
    )
    assert await store.leaderboard(GUILD, limit=2, offset=1) == board[1:3]
    assert [row.player for row in await store.leaderboard(GUILD, min_games=2)] == [
        row.player for row in board if row.games >= 2
    ]

    # The ratings are the replay of the results in the order the games finished.
    finished = await store.finished_games(GUILD, limit=50)
    ladder: Ladder[Player] = Ladder()
    order = [games[name][0] for name in ("resigned", "tied", "computer", "replaced")]
    for game in sorted(finished, key=lambda g: order.index(g.game_id)):
        moves = ladder.play([(r.player, r.place) for r in game.results if r.player is not None])
        for r in game.results:
            assert r.rating_change == (moves[r.player] if r.player else None)
    assert {row.player: row.rating for row in board} == {p: r.value for p, r in ladder.ratings.items()}
    assert await store.recompute_ratings(GUILD) == len(finished) == 4
    assert await store.leaderboard(GUILD, limit=20) == board
    assert (await store.leaderboard(OTHER_GUILD))[0].games == 1
    assert await store.recompute_ratings() == 5


async def test_the_games_of_a_server(store: Store, start_game: StartGame, play: Play) -> None:
    games = await _server_history(store, start_game, play)
    finished = await store.finished_games(GUILD)
    records = [await store.load_game(games[n][0]) for n in ("resigned", "tied", "computer", "replaced")]
    newest_first = sorted(records, key=lambda r: (r.ended_at or 0, r.id), reverse=True)
    assert [g.game_id for g in finished] == [r.id for r in newest_first]
    assert [g.ended_at for g in finished] == [r.ended_at for r in newest_first]
    tied = next(g for g in finished if g.game_id == games["tied"][0])
    assert isinstance(tied, FinishedGame) and len(tied.winners) == 2 and tied.players == 2
    assert all(isinstance(r, SeatResult) for r in tied.results)
    assert await store.finished_games(GUILD, limit=1) == finished[:1]

    first = await start_game(users=(21, 22), seed=1)
    second = await start_game(users=(23, 21), seed=2)
    await play(second, 1)  # acted later: waits less long
    await store.create_game(GUILD, 9999, 24, T0)  # a lobby is not running
    running = await store.running_games(GUILD)
    assert [g.id for g in running] == [first.id, second.id]
    assert running[0].waiting_since == T0 and running[0].user_to_act in (21, 22)
    assert running[1].waiting_since == T0 + 1
    assert await store.running_games(OTHER_GUILD) == []


async def test_a_players_games_across_servers(store: Store, start_game: StartGame, play: Play) -> None:
    here = await start_game(users=(31, 32), seed=1)
    there = await start_game(users=(31, 33), seed=2, guild=OTHER_GUILD)
    third = await start_game(users=(34, 31), seed=3)
    lobby = await store.create_game(GUILD, 8888, 35, T0)
    await store.add_seat(lobby.id, 31, T0)
    done = await start_game(users=(31, 36), seed=TIED_SEED)
    await finish(store, done, play, rng_seed=TIED_SEED)

    listed = await store.user_games(31)
    assert {g.game.id for g in listed} == {here.id, there.id, third.id, lobby.id}
    awaited = [g for g in listed if g.awaited]
    assert all(g.game.user_to_act == 31 and g.waiting_since is not None for g in awaited)
    assert listed[: len(awaited)] == awaited  # those waiting on them first, then the others
    assert listed[-1].game.id == lobby.id and listed[-1].waiting_since is None
    for g in listed:
        assert g.game.seat_of(31) == g.seat
    assert {g.game.guild_id for g in listed} == {GUILD, OTHER_GUILD}


async def test_export_of_a_stored_game_replays_to_its_position(
    store: Store, start_game: StartGame, play: Play
) -> None:
    started = await start_game(users=(41, 42), seed=12)
    for step in range(6):  # a person's actions with undos where R32 allows them
        record = await store.load_game(started.id)
        owner = record.user_to_act
        assert owner is not None
        await play_first(store, started, T0 + 10 * step, actor=Who.person(owner))
        record = await store.load_game(started.id)
        assert record.settings is not None and record.seed is not None and record.seat_to_act is not None
        try:
            back = take_back(record.settings, record.seed, await store.effective_actions(started.id))
        except UndoRefused:  # R32 does not allow it: play on
            continue
        await store.append_undo(
            started.id, record.version, record.seat_to_act, dump(back.game), T0 + 10 * step + 5,
            actor=Who.person(owner),
        )  # fmt: skip
        started.game = back.game
    await play_first(store, started, T0 + 99, actor=Who.deadline())
    await store.resign_seat(started.id, 42, T0 + 120)
    await finish(store, started, play)

    export = await store.game_export(started.id)
    record = await store.load_game(started.id)
    assert export.final_game().is_over and dump(export.final_game()) == record.position
    log = await store.actions(started.id)
    assert [(r.seq, r.action, r.undoes, r.taken_back_by) for r in export.actions] == [
        (a.seq, a.action, a.undoes, a.taken_back_by) for a in log
    ]
    assert any(r.is_undo for r in export.actions)
    assert export.actions[0].who == Who.person(export.actions[0].who.user_id)
    assert any(r.who == Who.deadline() for r in export.actions)
    assert export.actions[-1].who == Who.unrecorded()  # saved without an actor
    assert [(h.seat, h.reason.value, h.who) for h in export.holders] == [
        (0, "joined", Who.person(41)),
        (1, "joined", Who.person(42)),
        (1, "resigned", Who.computer("normal")),
    ]
    named = export.named({41: "Ann", 42: "Ben"})
    text = write_export(named)
    assert '"Ann"' in text and read_export(text) == named
    assert dump(read_export(text).final_game()) == record.position

    lobby = await store.create_game(GUILD, 4321, 41, T0)
    with pytest.raises(GameStatusError):
        await store.game_export(lobby.id)


async def test_options_of_the_game_reach_the_export(store: Store, start_game: StartGame) -> None:
    started = await start_game(users=(51, 52), seed=3, options=Options(board="advanced", english=True))
    export = await store.game_export(started.id)
    assert export.settings == Settings(2, "advanced", english=True)
    assert export.actions == () and read_export(write_export(export)) == export


async def test_two_computer_seats_of_one_level_stay_two_opponents(
    store: Store, start_game: StartGame, play: Play
) -> None:
    """Issue 18: "Bot 2 (hard)" stays itself in stats, though both seats count for one rating (per level)."""
    lobby = await store.create_game(GUILD, 778, 11, T0)
    await store.add_seat(lobby.id, 11, T0)
    await store.add_computer_seat(lobby.id, "hard", T0)
    lobby = await store.add_computer_seat(lobby.id, "hard", T0)
    game = Game.new(3, 8)
    await store.start_game(lobby.id, 8, dump(game), T0)
    await finish(store, Started(lobby, game), play)
    stats = await store.player_stats(GUILD, Player.person(11), opponents=10)
    met = [(o.player, o.number, o.games) for o in stats.opponents]
    assert met == [(Player.computer("hard"), 1, 1), (Player.computer("hard"), 2, 1)]
    computer = await store.player_stats(GUILD, Player.computer("hard"))
    assert computer.games == 1  # one rating per level, as before
