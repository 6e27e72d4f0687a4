"""A finished game's post-game analysis, kept once computed (migration 0013, /te history analyse)."""

from __future__ import annotations

import pytest

from storage import GameNotFound, Store

from .conftest import T0, StartGame

ANALYSIS = {
    "seats": [{"seat": 0, "name": "ünï ✓", "moves": 3, "average_loss": 0.5, "costliest": []}],
    "turning_points": [],
    "seconds": 1.5,
}


async def test_an_analysis_is_kept_for_its_version_and_replaced_by_a_newer_one(
    store: Store, start_game: StartGame
) -> None:
    started = await start_game()
    other = await start_game(seed=8)
    assert await store.analysis(started.id, 4) is None
    await store.save_analysis(started.id, 4, ANALYSIS, T0)
    assert await store.analysis(started.id, 4) == ANALYSIS
    assert await store.analysis(started.id, 5) is None  # made for another version of the game
    assert await store.analysis(other.id, 4) is None
    newer = {**ANALYSIS, "seconds": 2.0}
    await store.save_analysis(started.id, 5, newer, T0 + 1)
    assert await store.analysis(started.id, 5) == newer and await store.analysis(started.id, 4) is None


async def test_an_analysis_needs_its_game(store: Store) -> None:
    with pytest.raises(GameNotFound):
        await store.save_analysis(999, 0, ANALYSIS, T0)
