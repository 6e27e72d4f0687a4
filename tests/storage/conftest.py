"""Fixtures for the storage tests: a real SQLite file in tmp_path, never a mock."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path

import pytest

from engine import Game, dump
from storage import GameRecord, NewTimer, Options, Store

GUILD = 1000
T0 = 1_700_000_000  # a fixed virtual "now"


@dataclass
class Started:
    record: GameRecord
    game: Game

    @property
    def id(self) -> int:
        return self.record.id


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "tigris.db"


@pytest.fixture
async def store(db_path: Path) -> AsyncIterator[Store]:
    async with Store.open(db_path) as opened:
        yield opened


StartGame = Callable[..., Awaitable[Started]]


@pytest.fixture
def start_game(store: Store) -> StartGame:
    """Make a lobby in a new channel, seat players, start it; returns the record and the engine game."""
    channels = iter(range(5000, 10_000))

    async def make(
        users: tuple[int, ...] = (11, 12, 13),
        seed: int = 7,
        *,
        channel: int | None = None,
        guild: int = GUILD,
        options: Options | None = None,
        timers: tuple[NewTimer, ...] = (),
        target: Store | None = None,
    ) -> Started:
        s = target or store
        record = await s.create_game(guild, channel or next(channels), users[0], T0, options)
        for user in users:
            record = await s.add_seat(record.id, user, T0)
        o = record.options
        game = Game.new(len(users), seed, o.board, o.english, o.open_scoring)
        record = await s.start_game(record.id, seed, dump(game), T0, timers=timers)
        return Started(record, game)

    return make


Play = Callable[..., Awaitable[int]]


@pytest.fixture
def play(store: Store) -> Play:
    """Apply ``n`` random legal actions through ``append_action``; returns the version reached."""

    async def run(started: Started, n: int, *, rng_seed: int = 1, target: Store | None = None) -> int:
        s = target or store
        rng = random.Random(rng_seed)
        game = started.game
        version = (await s.load_game(started.id)).version
        for i in range(n):
            if game.is_over:
                break
            seat = game.to_act
            assert seat is not None
            action = rng.choice(game.legal_actions())
            game.apply(action)
            appended = await s.append_action(started.id, version, seat, str(action), dump(game), T0 + i + 1)
            version = appended.version
        return version

    return run
