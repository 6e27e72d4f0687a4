"""Looking after the database (``python -m storage``, ``python -m bot doctor``): inconsistencies and their
repair, the integrity check, the schema version, a backup, whether it can be written."""

from __future__ import annotations

import os
from abc import abstractmethod
from functools import partial

from storage.areas.base import Area, check_int
from storage.backends import Backend
from storage.repair import Inconsistency, find_inconsistencies, repair_inconsistencies


class Maintenance(Area):
    """A store's checks and care; what differs between the databases is their backend's."""

    @abstractmethod
    def _live(self) -> Backend:
        """The open backend (the store's)."""

    async def inconsistencies(self) -> list[Inconsistency]:
        """What ``repair`` would change (``storage.repair``): rows that disagree with the rest of the
        database and that the program sets right itself. Never damage: those need no backup."""
        return await self._run(find_inconsistencies, write=False)

    async def repair(self, now: int) -> list[Inconsistency]:
        """Set every inconsistency right, in one transaction; returns what was changed."""
        return await self._run(partial(repair_inconsistencies, now=check_int(now, "now")))

    async def integrity_problems(self) -> list[str]:
        """``PRAGMA integrity_check`` and ``foreign_key_check`` findings, one line each; empty when the file
        is sound (and for PostgreSQL, which checks its pages and keys itself). Damage that stops the check
        is a finding too, not an exception."""
        return await self._live().integrity_problems()

    async def schema_version(self) -> int:
        return await self._live().schema_version()

    async def check_writable(self) -> None:
        """Take the database's write lock in a transaction that changes nothing (``python -m bot doctor``):
        raises as a move's save would on a read-only file, a locked one or a PostgreSQL standby."""
        await self._run(lambda db: db.execute("UPDATE games SET id = id WHERE id < 0"))

    async def backup(self, dest: str | os.PathLike[str]) -> None:
        """A consistent copy of the database in a new file (``VACUUM INTO``), while others keep writing."""
        await self._live().backup(os.fspath(dest))
