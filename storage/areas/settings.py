"""Players' settings (R34, issue 10): their own default and per game, each with where it came from; a
person's language (issue 19)."""

from __future__ import annotations

from collections.abc import Iterable
from enum import Enum
from typing import Final

from storage.areas.base import Area, check_int, fetch_all, fetch_one
from storage.areas.game_rows import game_row
from storage.records import DmMode, PersonLanguage, PlayerSettings, SettingSource
from storage.sql import Db


class _Unchanged(Enum):
    UNCHANGED = "unchanged"


UNCHANGED: Final = _Unchanged.UNCHANGED  # ``set_player_settings``: leave this setting as it is


_SQL_PLAYER_SETTINGS = (
    "SELECT game_id, dm, auto_forced FROM player_settings WHERE user_id = ? AND game_id IN (0, ?)"
)
_SQL_SEATED_PLAYER_SETTINGS = """
SELECT s.user_id, d.dm, d.auto_forced, o.dm, o.auto_forced
FROM seats AS s
LEFT JOIN player_settings AS d ON d.user_id = s.user_id AND d.game_id = 0
LEFT JOIN player_settings AS o ON o.user_id = s.user_id AND o.game_id = s.game_id
WHERE s.game_id = ? AND s.user_id IS NOT NULL
"""


def _effective(
    default: tuple[str | None, int | None] | None, game: tuple[str | None, int | None] | None
) -> PlayerSettings:
    """Each setting from the game's row, else the player's default row, else the built-in default."""
    built_in = PlayerSettings()
    dm, dm_from = built_in.dm, SettingSource.BUILT_IN
    auto, auto_from = built_in.auto_forced, SettingSource.BUILT_IN
    for values, source in ((default, SettingSource.PLAYER), (game, SettingSource.GAME)):
        if values is None:
            continue
        if values[0] is not None:
            dm, dm_from = DmMode(values[0]), source
        if values[1] is not None:
            auto, auto_from = bool(values[1]), source
    return PlayerSettings(dm, auto, dm_from, auto_from)


class SettingsArea(Area):
    """A player's settings, per game or as their default."""

    async def player_settings(self, user_id: int, game_id: int | None = None) -> PlayerSettings:
        """The player's effective settings in a game (or in general: ``game_id`` None): the game's own
        value, else the player's default, else the built-in one (``dm`` turn, ``auto_forced`` off), each
        with where it came from."""
        rows = await self._read(_SQL_PLAYER_SETTINGS, (check_int(user_id, "user_id"), game_id or 0))
        found = {r[0]: (r[1], r[2]) for r in rows}
        return _effective(found.get(0), found.get(game_id) if game_id else None)

    async def seated_player_settings(self, game_id: int) -> dict[int, PlayerSettings]:
        """``player_settings`` of every person seated in the game, by user id, in one query."""
        rows = await self._read(_SQL_SEATED_PLAYER_SETTINGS, (game_id,))
        return {r[0]: _effective((r[1], r[2]), (r[3], r[4])) for r in rows}

    async def set_player_settings(
        self,
        user_id: int,
        *,
        game_id: int | None = None,
        dm: DmMode | str | _Unchanged | None = UNCHANGED,
        auto_forced: bool | _Unchanged | None = UNCHANGED,
    ) -> PlayerSettings:
        """Set the player's settings for one game (``game_id``, which must exist: ``GameNotFound``) or as
        their default (None). A value left ``UNCHANGED`` stays as it is; None removes it at that level, so
        the next level decides. Returns the effective settings there (``player_settings``)."""
        check_int(user_id, "user_id")
        new_dm = dm if dm is UNCHANGED or dm is None else DmMode(dm)
        if not (auto_forced is UNCHANGED or auto_forced is None or isinstance(auto_forced, bool)):
            raise TypeError("auto_forced must be True, False or None")
        level = 0 if game_id is None else check_int(game_id, "game_id")

        def body(db: Db) -> PlayerSettings:
            if level:
                game_row(db, level)
            old = fetch_one(
                db,
                "SELECT dm, auto_forced FROM player_settings WHERE user_id = ? AND game_id = ?",
                (user_id, level),
            )
            old_dm, old_auto = old if old is not None else (None, None)
            values = (
                old_dm if new_dm is UNCHANGED else (None if new_dm is None else new_dm.value),
                old_auto if auto_forced is UNCHANGED else (None if auto_forced is None else int(auto_forced)),
            )
            if values == (None, None):
                db.execute("DELETE FROM player_settings WHERE user_id = ? AND game_id = ?", (user_id, level))
            else:
                db.execute(
                    """INSERT INTO player_settings (user_id, game_id, dm, auto_forced) VALUES (?, ?, ?, ?)
                       ON CONFLICT (user_id, game_id) DO UPDATE SET dm = excluded.dm,
                                                                    auto_forced = excluded.auto_forced""",
                    (user_id, level, *values),
                )
            rows = fetch_all(db, _SQL_PLAYER_SETTINGS, (user_id, level))
            found = {r[0]: (r[1], r[2]) for r in rows}
            return _effective(found.get(0), found.get(level) if level else None)

        return await self._run(body)

    # ------------------------------------------------------------------------ a person's language (issue 19)

    async def person_language(self, user_id: int) -> PersonLanguage:
        """A person's chosen language and the Discord locale of their latest interaction (issue 19); both
        None for someone the bot has not met."""
        return (await self.person_languages([user_id])).get(user_id, PersonLanguage())

    async def person_languages(self, user_ids: Iterable[int]) -> dict[int, PersonLanguage]:
        """``person_language`` of several people in one query, by user id (people never met are left out)."""
        wanted = sorted({check_int(user_id, "user_id") for user_id in user_ids})
        if not wanted:
            return {}
        marks = ", ".join("?" * len(wanted))
        rows = await self._read(
            f"SELECT user_id, chosen, discord_locale FROM person_languages WHERE user_id IN ({marks})",  # noqa: S608
            tuple(wanted),
        )
        return {r[0]: PersonLanguage(r[1], r[2]) for r in rows}

    async def set_person_language(
        self,
        user_id: int,
        now: int,
        *,
        chosen: str | _Unchanged | None = UNCHANGED,
        discord_locale: str | _Unchanged | None = UNCHANGED,
    ) -> PersonLanguage:
        """Set a person's chosen language (None: auto, follow Discord) and/or the Discord locale of their
        latest interaction; a value left ``UNCHANGED`` stays. Returns what is stored now."""
        check_int(user_id, "user_id")
        for name, value in (("chosen", chosen), ("discord_locale", discord_locale)):
            if not (value is UNCHANGED or value is None or (isinstance(value, str) and value)):
                raise ValueError(f"{name} must be a language or locale code or None, not {value!r}")

        def body(db: Db) -> PersonLanguage:
            row = fetch_one(
                db, "SELECT chosen, discord_locale FROM person_languages WHERE user_id = ?", (user_id,)
            )
            before = PersonLanguage(*row) if row is not None else PersonLanguage()
            after = PersonLanguage(
                before.chosen if isinstance(chosen, _Unchanged) else chosen,
                before.discord_locale if isinstance(discord_locale, _Unchanged) else discord_locale,
            )
            if after != before or row is None:
                db.execute(
                    """INSERT INTO person_languages (user_id, chosen, discord_locale, updated_at)
                       VALUES (?, ?, ?, ?)
                       ON CONFLICT (user_id) DO UPDATE SET chosen = excluded.chosen,
                           discord_locale = excluded.discord_locale, updated_at = excluded.updated_at""",
                    (user_id, after.chosen, after.discord_locale, check_int(now, "now")),
                )
            return after

        return await self._run(body)
