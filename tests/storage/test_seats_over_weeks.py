"""Issues 9 and 12: game options, computer seats, away seats (R31), replacing and resigning (R33)."""

from __future__ import annotations

import pytest

from engine import Game, Who, dump
from storage import (
    MAX_AWAY_HOURS,
    AbsenceLengthError,
    AlreadySeatedError,
    ComputerLevel,
    ComputerSeatError,
    DynastyTakenError,
    GameRecord,
    GameStatusError,
    LobbyFullError,
    NoHumanSeatError,
    NoSuchSeatError,
    NotAwayError,
    NotComputerSeatError,
    NotSeatedError,
    NotSeatOwnerError,
    Options,
    SeatOwner,
    SeatReason,
    SeatUnchangedError,
    Status,
    Store,
    WrongPlayerCountError,
)

from .conftest import GUILD, T0, Started, StartGame, play_first, user_at

HOUR = 3600


async def _start(store: Store, record: GameRecord, seed: int = 5) -> Started:
    game = Game.start(record.options.settings(len(record.seats)), seed)
    return Started(await store.start_game(record.id, seed, dump(game), T0 + 10), game)


# ------------------------------------------------------------------------------------- options


async def test_new_options_have_their_defaults_and_round_trip(store: Store) -> None:
    default = await store.create_game(GUILD, 70, 11, T0)
    assert default.options == Options()
    o = default.options
    assert (o.turn_hours, o.away_minutes, o.hints, o.computer_level) == (48.0, 60.0, False, "normal")
    assert (o.buildings, o.wonder) == (False, False)
    assert default.paused_at is None and not default.paused

    chosen = Options(
        board="advanced",
        turn_hours=0,
        away_minutes=15,
        hints=True,
        computer_level="hard",
        buildings=True,
        wonder=True,
    )
    record = await store.create_game(GUILD, 71, 11, T0, chosen)
    assert record.options == chosen
    assert record.options.computer_level is ComputerLevel.HARD
    assert (await store.load_game(record.id)).options == chosen


async def test_new_options_are_checked() -> None:
    with pytest.raises(ValueError, match="turn_hours"):
        Options(turn_hours=-1)
    with pytest.raises(ValueError, match="turn_hours"):
        Options(turn_hours=float("inf"))
    with pytest.raises(ValueError, match="away_minutes"):
        Options(away_minutes=-5)
    with pytest.raises(ValueError, match="not a computer level: use easy, normal, hard"):
        Options(computer_level="godlike")
    assert Options(turn_hours=0, away_minutes=0).turn_hours == 0  # no deadline; an away seat plays at once


async def test_the_2015_options_reach_the_engine_settings(store: Store) -> None:
    record = await store.create_game(GUILD, 72, 11, T0, Options(buildings=True, wonder=True))
    await store.add_seat(record.id, 11, T0)
    await store.add_seat(record.id, 12, T0)
    started = await _start(store, await store.load_game(record.id))
    settings = started.record.settings
    assert settings is not None and settings.buildings and settings.wonder  # R28, R29
    assert started.game.settings == settings
    assert started.record.options.buildings and started.record.options.wonder


# -------------------------------------------------------------------------------- computer seats


async def test_computer_seats_fill_a_lobby_and_a_person_with_bots_may_start(store: Store) -> None:
    record = await store.create_game(GUILD, 73, 11, T0, Options(computer_level="easy"))
    record = await store.add_seat(record.id, 11, T0, dynasty="archer")
    record = await store.add_computer_seat(record.id, "hard", T0 + 1, dynasty="bull")
    record = await store.add_computer_seat(record.id, ComputerLevel.NORMAL, T0 + 2)
    record = await store.add_computer_seat(record.id, "easy", T0 + 3)
    assert [(s.seat, s.user_id, s.level, s.is_computer) for s in record.seats] == [
        (0, 11, None, False),
        (1, None, "hard", True),
        (2, None, "normal", True),
        (3, None, "easy", True),
    ]
    assert record.human_seats == record.seats[:1]
    with pytest.raises(LobbyFullError, match="already has 4 players"):
        await store.add_computer_seat(record.id, "hard", T0)
    with pytest.raises(LobbyFullError):
        await store.add_seat(record.id, 12, T0)

    started = await _start(store, record)
    assert started.record.status is Status.PLAYING and started.record.players == 4
    assert started.record.user_at(1) is None and started.record.seat_of(11) == 0
    assert await store.verify_replay(started.id) == 0
    history = await store.seat_history(started.id)
    assert [(h.seat, h.user_id, h.level, h.reason, h.since, h.until) for h in history] == [
        (0, 11, None, SeatReason.JOINED, T0, None),
        (1, None, "hard", SeatReason.JOINED, T0 + 1, None),
        (2, None, "normal", SeatReason.JOINED, T0 + 2, None),
        (3, None, "easy", SeatReason.JOINED, T0 + 3, None),
    ]


async def test_computer_seat_refusals(store: Store) -> None:
    record = await store.create_game(GUILD, 74, 11, T0)
    with pytest.raises(ValueError, match="not a computer level"):
        await store.add_computer_seat(record.id, "expert", T0)
    record = await store.add_computer_seat(record.id, "normal", T0, dynasty="pot")
    with pytest.raises(DynastyTakenError):
        await store.add_computer_seat(record.id, "hard", T0, dynasty="pot")
    record = await store.add_computer_seat(record.id, "hard", T0)
    # a game of computer players only does not start: nobody would be playing it
    with pytest.raises(NoHumanSeatError, match="no human player seated; a game needs at least one"):
        await _start(store, record)
    assert (await store.load_game(record.id)).status is Status.LOBBY

    record = await store.add_seat(record.id, 12, T0)
    with pytest.raises(NotComputerSeatError, match="held by a person"):
        await store.remove_computer_seat(record.id, 2, T0)
    with pytest.raises(NoSuchSeatError, match="has no seat 3"):
        await store.remove_computer_seat(record.id, 3, T0)
    record = await store.remove_computer_seat(record.id, 0, T0 + 5)  # the later seats move up
    assert [(s.seat, s.user_id, s.level) for s in record.seats] == [(0, None, "hard"), (1, 12, None)]
    record = await store.remove_computer_seat(record.id, 0, T0 + 6)
    with pytest.raises(WrongPlayerCountError):
        await store.start_game(record.id, 5, dump(Game.new(2, 5)), T0)

    record = await store.add_computer_seat(record.id, "easy", T0)
    started = await _start(store, record)
    with pytest.raises(GameStatusError, match="in play, so it cannot take new players"):
        await store.add_computer_seat(started.id, "easy", T0)
    with pytest.raises(GameStatusError, match="in play, so it cannot lose players"):
        await store.remove_computer_seat(started.id, 1, T0)


# ----------------------------------------------------------------------------------- away seats


async def test_a_timed_out_seat_is_away_until_its_owner_acts(store: Store, start_game: StartGame) -> None:
    started = await start_game(users=(11, 12, 13))
    game = started.game
    seat = game.to_act
    owner = user_at(started.record, seat)
    assert seat is not None

    # R30: the deadline's play for the seat marks it away, in the same transaction
    appended = await play_first(store, started, T0 + 100, actor=Who.deadline(), seat_away=True)
    assert appended.went_away and not appended.came_back
    marked = (await store.load_game(started.id)).seats[seat]
    assert (marked.away_since, marked.away_until, marked.away_cover) == (T0 + 100, None, True)
    assert marked.away_at(T0 + 10**6)
    if game.to_act == seat:  # its second action: marking it again keeps the first moment
        again = await play_first(store, started, T0 + 200, actor=Who.computer("normal"), seat_away=True)
        assert not again.went_away
        assert (await store.load_game(started.id)).seats[seat].away_since == T0 + 100

    # R31: the owner's own action ends it
    while game.to_act != seat:
        await play_first(store, started, T0 + 300, actor=Who.person(user_at(started.record, game.to_act)))
    back = await play_first(store, started, T0 + 400, actor=Who.person(owner))
    assert back.came_back and not back.went_away
    record = await store.load_game(started.id)
    assert record.seats[seat].away_since is None and not record.seats[seat].away_at(T0 + 400)
    assert await store.verify_replay(started.id) == record.version


async def test_seat_away_is_for_plays_made_for_the_seat(store: Store, start_game: StartGame) -> None:
    started = await start_game(users=(11, 12))
    owner = user_at(started.record, started.game.to_act)
    with pytest.raises(ValueError, match="seat_away"):
        await play_first(store, started, T0, actor=Who.person(owner), seat_away=True)
    with pytest.raises(ValueError, match="seat_away"):
        await play_first(store, started, T0, seat_away=True)
    assert (await store.load_game(started.id)).version == 0


async def test_announced_absences_and_coming_back(store: Store, start_game: StartGame) -> None:
    started = await start_game(users=(11, 12, 13))
    gid = started.id

    # a vacation: deadlines wait for its end; it is over once that end has passed
    record = await store.set_away(gid, 1, T0, until=T0 + 48 * HOUR, cover=False, user_id=12)
    vacation = record.seats[1]
    assert (vacation.away_since, vacation.away_until, vacation.away_cover) == (T0, T0 + 48 * HOUR, False)
    assert vacation.away_at(T0 + 48 * HOUR - 1) and not vacation.away_at(T0 + 48 * HOUR)
    assert not record.all_humans_away(T0)

    # covered by the computer player; announcing again keeps the moment the seat went away
    record = await store.set_away(gid, 1, T0 + HOUR, until=T0 + 5 * HOUR, cover=True)
    assert (record.seats[1].away_since, record.seats[1].away_until, record.seats[1].away_cover) == (
        T0,
        T0 + 5 * HOUR,
        True,
    )
    # after an absence has ended, a new one starts afresh
    record = await store.set_away(gid, 1, T0 + 6 * HOUR, until=T0 + 7 * HOUR, user_id=12)
    assert record.seats[1].away_since == T0 + 6 * HOUR

    record = await store.set_back(gid, 1, T0 + 6 * HOUR + 5, user_id=12)
    assert (record.seats[1].away_since, record.seats[1].away_until, record.seats[1].away_cover) == (
        None,
        None,
        False,
    )
    with pytest.raises(NotAwayError, match=r"Seat 1 of game \d+ is not away"):
        await store.set_back(gid, 1, T0 + 7 * HOUR)
    record = await store.set_away(gid, 2, T0, until=T0 + HOUR)
    with pytest.raises(NotAwayError):  # its absence ended on its own
        await store.set_back(gid, 2, T0 + HOUR)

    # every person away at once: R31's moment to pause (the bot decides)
    for seat in range(3):
        record = await store.set_away(gid, seat, T0 + 10, until=T0 + 20 * HOUR)
    assert record.all_humans_away(T0 + 11) and not record.all_humans_away(T0 + 20 * HOUR)


async def test_away_refusals_change_nothing(store: Store, start_game: StartGame) -> None:
    started = await start_game(users=(11, 12))
    gid = started.id
    before = await store.load_game(gid)
    for hours in (0, -1, MAX_AWAY_HOURS + 1, 10_000):
        with pytest.raises(AbsenceLengthError, match=f"at most {MAX_AWAY_HOURS} hours"):
            await store.set_away(gid, 0, T0, until=T0 + hours * HOUR, user_id=11)
    await store.set_away(gid, 0, T0, until=T0 + MAX_AWAY_HOURS * HOUR, user_id=11)  # 14 days is fine
    await store.set_back(gid, 0, T0 + 1)
    with pytest.raises(NotSeatOwnerError, match=r"Seat 0 of game \d+ is not held by user 12"):
        await store.set_away(gid, 0, T0, until=T0 + HOUR, user_id=12)
    with pytest.raises(NotSeatOwnerError):
        await store.set_back(gid, 1, T0, user_id=11)
    with pytest.raises(NoSuchSeatError, match="has no seat 2"):
        await store.set_away(gid, 2, T0)
    with pytest.raises(ValueError, match="without an end"):
        await store.set_away(gid, 0, T0, cover=False)
    assert await store.load_game(gid) == before

    await store.resign_seat(gid, 12, T0)
    with pytest.raises(ComputerSeatError, match="played by the computer player"):
        await store.set_away(gid, 1, T0)

    lobby = await store.create_game(GUILD, 88, 11, T0)
    await store.add_seat(lobby.id, 11, T0)
    with pytest.raises(GameStatusError, match="still in its lobby, so it cannot mark a seat away"):
        await store.set_away(lobby.id, 0, T0)
    with pytest.raises(GameStatusError):
        await store.set_back(lobby.id, 0, T0)


# ------------------------------------------------------------------------------ replacing (R33)


async def test_a_seat_handed_to_another_member_keeps_its_game(store: Store, start_game: StartGame) -> None:
    started = await start_game(users=(11, 12, 13))
    gid = started.id
    await store.set_away(gid, 1, T0 + 5, until=T0 + 10 * HOUR, cover=True)
    position = (await store.load_game(gid)).position

    record = await store.replace_seat(gid, 1, user_id=21, by_user_id=11, now=T0 + 50)
    seat = record.seats[1]
    assert (seat.user_id, seat.level, seat.joined_at, seat.away_since) == (21, None, T0 + 50, None)
    assert record.seat_of(12) is None and record.seat_of(21) == 1
    assert record.position == position and record.version == 0  # the seat keeps its hand, points, leaders
    assert record.updated_at == started.record.updated_at  # seat changes do not reorder waiting games

    former = await store.former_seat_of(gid, 12)
    assert former == SeatOwner(gid, 1, 12, None, SeatReason.JOINED, None, T0, T0 + 50)
    assert await store.former_seat_of(gid, 21) is None  # holds it now
    assert await store.former_seat_of(gid, 99) is None  # never held one

    # the old owner's stale button: their action for the seat is refused
    while started.game.to_act != 1:
        await play_first(store, started, T0 + 60, actor=Who.person(user_at(record, started.game.to_act)))
    with pytest.raises(NotSeatOwnerError, match=r"Seat 1 of game \d+ is not held by user 12"):
        await play_first(store, started, T0 + 61, actor=Who.person(12))
    await play_first(store, started, T0 + 62, actor=Who.person(21))

    # to the computer player, and back to a person
    record = await store.replace_seat(gid, 1, level="hard", by_user_id=11, now=T0 + 70)
    assert (record.seats[1].user_id, record.seats[1].level, record.seats[1].is_computer) == (
        None,
        "hard",
        True,
    )
    record = await store.replace_seat(gid, 1, user_id=12, by_user_id=11, now=T0 + 80)  # the first owner again
    assert record.seat_of(12) == 1 and await store.former_seat_of(gid, 12) is None
    assert (await store.former_seat_of(gid, 21)) == SeatOwner(
        gid, 1, 21, None, SeatReason.REPLACED, 11, T0 + 50, T0 + 70
    )
    history = [
        (h.seat, h.user_id, h.level, h.reason, h.by_user_id, h.since, h.until)
        for h in await store.seat_history(gid)
    ]
    assert history == [
        (0, 11, None, SeatReason.JOINED, None, T0, None),
        (1, 12, None, SeatReason.JOINED, None, T0, T0 + 50),
        (1, 21, None, SeatReason.REPLACED, 11, T0 + 50, T0 + 70),
        (1, None, "hard", SeatReason.REPLACED, 11, T0 + 70, T0 + 80),
        (1, 12, None, SeatReason.REPLACED, 11, T0 + 80, None),
        (2, 13, None, SeatReason.JOINED, None, T0, None),
    ]
    assert await store.verify_replay(gid) == (await store.load_game(gid)).version


async def test_replacement_refusals_change_nothing(store: Store, start_game: StartGame) -> None:
    started = await start_game(users=(11, 12))
    gid = started.id
    before = await store.load_game(gid)
    with pytest.raises(AlreadySeatedError, match="User 12 already has a seat"):
        await store.replace_seat(gid, 0, user_id=12, by_user_id=11, now=T0)
    with pytest.raises(AlreadySeatedError):
        await store.replace_seat(gid, 0, user_id=11, by_user_id=11, now=T0)
    with pytest.raises(NoSuchSeatError, match="has no seat 2"):
        await store.replace_seat(gid, 2, user_id=30, by_user_id=11, now=T0)
    with pytest.raises(ValueError, match="not both"):
        await store.replace_seat(gid, 0, user_id=30, level="easy", by_user_id=11, now=T0)
    with pytest.raises(ValueError, match="not both"):
        await store.replace_seat(gid, 0, by_user_id=11, now=T0)
    with pytest.raises(ValueError, match="not a computer level"):
        await store.replace_seat(gid, 0, level="impossible", by_user_id=11, now=T0)
    assert await store.load_game(gid) == before and len(await store.seat_history(gid)) == 2

    await store.replace_seat(gid, 0, level="easy", by_user_id=11, now=T0)
    with pytest.raises(SeatUnchangedError, match=r"already played by the computer player \(easy\)"):
        await store.replace_seat(gid, 0, level="easy", by_user_id=11, now=T0)

    lobby = await store.create_game(GUILD, 89, 11, T0)
    await store.add_seat(lobby.id, 11, T0)
    with pytest.raises(GameStatusError, match="cannot hand a seat over"):
        await store.replace_seat(lobby.id, 0, user_id=30, by_user_id=11, now=T0)
    await store.abandon_game(gid, T0)
    with pytest.raises(GameStatusError, match="abandoned, so it cannot hand a seat over"):
        await store.replace_seat(gid, 1, user_id=30, by_user_id=11, now=T0)


async def test_resigning_leaves_the_seat_to_the_computer_player_marked(store: Store) -> None:
    record = await store.create_game(GUILD, 90, 11, T0, Options(computer_level="hard"))
    for user in (11, 12, 13):
        record = await store.add_seat(record.id, user, T0)
    started = await _start(store, record)
    gid = started.id
    await store.set_away(gid, 1, T0 + 20)

    record = await store.resign_seat(gid, 12, T0 + 30)
    seat = record.seats[1]
    assert (seat.user_id, seat.level, seat.resigned_by, seat.resigned_at, seat.resigned) == (
        None,
        "hard",
        12,
        T0 + 30,
        True,
    )
    assert seat.away_since is None and record.players == 3 and len(record.seats) == 3
    former = await store.former_seat_of(gid, 12)
    assert former is not None and (former.seat, former.until) == (1, T0 + 30)
    taken = [h for h in await store.seat_history(gid) if h.seat == 1][-1]
    assert (taken.user_id, taken.level, taken.reason, taken.by_user_id, taken.since) == (
        None,
        "hard",
        SeatReason.RESIGNED,
        12,
        T0 + 30,
    )

    # another computer level keeps the mark; a person taking the seat clears it
    record = await store.replace_seat(gid, 1, level="easy", by_user_id=11, now=T0 + 40)
    assert record.seats[1].resigned_by == 12
    record = await store.replace_seat(gid, 1, user_id=31, by_user_id=11, now=T0 + 50)
    assert (record.seats[1].resigned_by, record.seats[1].resigned_at) == (None, None)

    with pytest.raises(NotSeatedError, match="User 12 has no seat"):
        await store.resign_seat(gid, 12, T0 + 60)
    lobby = await store.create_game(GUILD, 91, 11, T0)
    await store.add_seat(lobby.id, 11, T0)
    with pytest.raises(GameStatusError, match="lobby, so it cannot lose a player"):
        await store.resign_seat(lobby.id, 11, T0)
    assert await store.seat_history(lobby.id) == []


async def test_a_computer_seat_is_never_away(store: Store) -> None:
    record = await store.create_game(GUILD, 92, 11, T0)
    record = await store.add_computer_seat(record.id, "normal", T0)
    record = await store.add_seat(record.id, 11, T0)
    started = await _start(store, record)
    while started.game.to_act != 0:
        await play_first(store, started, T0 + 1, actor=Who.person(11))
    appended = await play_first(store, started, T0 + 2, actor=Who.computer("normal"), seat_away=True)
    assert not appended.went_away
    assert (await store.load_game(started.id)).seats[0].away_since is None
    while started.game.to_act != 0:
        await play_first(store, started, T0 + 3, actor=Who.person(11))
    with pytest.raises(NotSeatOwnerError):  # nobody acts as a person for the computer player's seat
        await play_first(store, started, T0 + 4, actor=Who.person(11))
