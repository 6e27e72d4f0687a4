"""A player's settings (R34 auto_forced, issue 10 dm): per game, else the player's default, else built in."""

from __future__ import annotations

import pytest

from storage import UNCHANGED, DmMode, GameNotFound, PlayerSettings, SettingSource, Store

from .conftest import StartGame

BUILT_IN = SettingSource.BUILT_IN
PLAYER = SettingSource.PLAYER
GAME = SettingSource.GAME


async def test_nobody_set_anything(store: Store, start_game: StartGame) -> None:
    started = await start_game(users=(11, 12))
    expected = PlayerSettings(DmMode.TURN, False, BUILT_IN, BUILT_IN)
    assert await store.player_settings(11) == expected
    assert await store.player_settings(11, started.id) == expected
    assert await store.seated_player_settings(started.id) == {11: expected, 12: expected}


async def test_a_game_overrides_the_default_setting_by_setting(store: Store, start_game: StartGame) -> None:
    started = await start_game(users=(11, 12))
    other = await start_game(users=(11, 13))
    gid = started.id

    assert await store.set_player_settings(11, dm="none") == PlayerSettings(
        DmMode.NONE, False, PLAYER, BUILT_IN
    )
    assert await store.set_player_settings(11, game_id=gid, auto_forced=True) == PlayerSettings(
        DmMode.NONE, True, PLAYER, GAME
    )
    assert await store.player_settings(11, gid) == PlayerSettings(DmMode.NONE, True, PLAYER, GAME)
    assert await store.player_settings(11, other.id) == PlayerSettings(DmMode.NONE, False, PLAYER, BUILT_IN)
    assert await store.player_settings(11) == PlayerSettings(DmMode.NONE, False, PLAYER, BUILT_IN)

    # a game's value wins over the default; the other setting is left as it was (UNCHANGED)
    assert await store.set_player_settings(11, game_id=gid, dm="all") == PlayerSettings(
        DmMode.ALL, True, GAME, GAME
    )
    await store.set_player_settings(11, auto_forced=True, dm=UNCHANGED)
    assert await store.player_settings(11, other.id) == PlayerSettings(DmMode.NONE, True, PLAYER, PLAYER)

    # None removes a value at that level: the next level decides again
    assert await store.set_player_settings(11, game_id=gid, dm=None) == PlayerSettings(
        DmMode.NONE, True, PLAYER, GAME
    )
    assert await store.set_player_settings(11, game_id=gid, auto_forced=None) == PlayerSettings(
        DmMode.NONE, True, PLAYER, PLAYER
    )
    assert await store.set_player_settings(11, dm=None, auto_forced=None) == PlayerSettings()

    await store.set_player_settings(12, game_id=gid, dm=DmMode.ALL)
    await store.set_player_settings(13, dm="none")  # not seated in this game
    seated = await store.seated_player_settings(gid)
    assert seated == {11: PlayerSettings(), 12: PlayerSettings(DmMode.ALL, False, GAME, BUILT_IN)}


async def test_bad_settings_are_refused(store: Store) -> None:
    with pytest.raises(ValueError, match="'loud' is not a valid DmMode"):
        await store.set_player_settings(11, dm="loud")
    with pytest.raises(TypeError, match="auto_forced"):
        await store.set_player_settings(11, auto_forced="yes")  # type: ignore[arg-type]
    with pytest.raises(GameNotFound):
        await store.set_player_settings(11, game_id=404, dm="all")
    assert await store.player_settings(11) == PlayerSettings()
