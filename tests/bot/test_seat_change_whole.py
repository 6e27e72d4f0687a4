"""A seat change is saved whole or not at all: the seat, the timers that follow it and the pause (one unit of
work, ``SeatDesk._change``). A failure injected after the seat and its timers were written leaves the game
exactly as it was."""

from __future__ import annotations

import pytest

from bot.play import ActionPath
from tests.bot.conftest import open_table


class Injected(Exception):
    pass


async def _state(table):
    record = await table.record()
    timers = sorted((t.kind, t.seat, t.due_at, t.held) for t in await table.bot.store.timers(record.id))
    return [(s.away_since, s.away_until, s.away_cover) for s in record.seats], record.paused, timers


async def test_a_failure_after_the_timers_leaves_the_seat_and_its_timers_as_they_were(
    simcord_env, monkeypatch: pytest.MonkeyPatch
):
    table = await open_table(simcord_env, 2, turn_hours=24)
    first = await table.actor()
    game_id = (await table.record()).id
    before = await _state(table)
    real = ActionPath.retime_in

    async def retime_then_fail(self, tx, record):
        await real(self, tx, record)  # the new timers are written, the old ones deleted...
        raise Injected("...and then something fails")

    monkeypatch.setattr(ActionPath, "retime_in", retime_then_fail)
    with pytest.raises(Injected):
        await table.bot.rooms.seats.away(game_id, first.id, 72, False)
    assert await _state(table) == before

    monkeypatch.setattr(ActionPath, "retime_in", real)
    await table.bot.rooms.seats.away(game_id, first.id, 72, False)
    seats, _, timers = await _state(table)
    assert seats != before[0] and timers != before[2]  # the same change, saved whole this time
