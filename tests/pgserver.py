"""A real PostgreSQL server for the tests, started from the binaries installed on the machine.

``initdb`` refuses to run as root, and CI runs as root: then the server runs as the unprivileged
``postgres`` system user (the Debian packages create it) through ``runuser``, in a folder it owns. It
listens on a Unix socket in that folder only (no TCP port to collide with another run). Each test gets a
schema of its own (``search_path`` in the URL), far cheaper than a database each.

Binaries: ``$PG_BIN`` if set, else the newest ``/usr/lib/postgresql/*/bin``, else ``initdb`` on ``PATH``.
"""

from __future__ import annotations

import os
import pwd
import shutil
import subprocess
import uuid
from pathlib import Path

SERVER_USER = "postgres"
PORT = 5432  # names the socket file only: the server listens on no TCP port


class NoServerError(RuntimeError):
    """The machine cannot run a PostgreSQL server; the message says why in one line."""


def find_binaries() -> Path:
    if os.environ.get("PG_BIN"):
        return Path(os.environ["PG_BIN"])
    found = sorted(
        Path("/usr/lib/postgresql").glob("*/bin/initdb"),
        key=lambda p: int(p.parts[-3]) if p.parts[-3].isdigit() else 0,
    )
    if found:
        return found[-1].parent
    initdb = shutil.which("initdb")
    if initdb:
        return Path(initdb).parent
    raise NoServerError(
        "no PostgreSQL server binaries (initdb, pg_ctl): install the Debian package postgresql "
        "(.ci/run does) or set PG_BIN"
    )


class PostgresServer:
    def __init__(self, base: Path) -> None:
        self.bin = find_binaries()
        self.base = base
        self.data = base / "data"
        self.socket = base / "sock"
        self._as_user: list[str] = []
        self._owner: tuple[int, int] | None = None
        if os.geteuid() == 0:
            try:
                entry = pwd.getpwnam(SERVER_USER)
            except KeyError:
                raise NoServerError(
                    f"running as root, and there is no {SERVER_USER!r} system user to run the PostgreSQL "
                    "server as (initdb refuses root)"
                ) from None
            self._owner = (entry.pw_uid, entry.pw_gid)
            self._as_user = ["runuser", "-u", SERVER_USER, "--"]

    def _run(self, *args: str) -> None:
        result = subprocess.run(
            [*self._as_user, *args], capture_output=True, text=True, timeout=120, check=False, cwd=self.base
        )
        if result.returncode != 0:
            detail = (result.stderr or result.stdout).strip().splitlines()
            raise NoServerError(f"{Path(args[0]).name} failed: {detail[-1] if detail else result.returncode}")

    def start(self, *, durable: bool = False) -> None:
        """Create and start the server; without ``durable`` (tests) commits are not flushed to disk, with
        it (benchmarks) PostgreSQL's defaults: fsync, full pages, synchronous commits."""
        self.socket.mkdir(parents=True)
        self._let_through()
        if self._owner is not None:
            for path in (self.base, self.socket):
                os.chown(path, *self._owner)
        self._run(
            str(self.bin / "initdb"), "-D", str(self.data), "-U", "postgres", "--auth=trust", "-E", "UTF8",
            "--no-sync", "--no-instructions",
        )  # fmt: skip
        options = f"-k {self.socket} -p {PORT} -c listen_addresses='' -c max_connections=200"
        if not durable:
            options += " -c fsync=off -c full_page_writes=off -c synchronous_commit=off"
        self._run(
            str(self.bin / "pg_ctl"), "-D", str(self.data), "-o", options,
            "-l", str(self.base / "server.log"), "-w", "-t", "60", "start",
        )  # fmt: skip

    def _let_through(self) -> None:
        """The server user must reach its folder: let it through the parents (search only, no listing).
        Again before stopping: pytest may have tightened its own folders meanwhile."""
        if self._owner is None:
            return
        for parent in self.base.parents:
            if parent in (Path("/tmp"), Path("/")):
                break
            parent.chmod(parent.stat().st_mode | 0o111)

    def stop(self) -> None:
        self._let_through()
        self._run(str(self.bin / "pg_ctl"), "-D", str(self.data), "-m", "fast", "-w", "stop")

    def url(self, database: str = "postgres", **settings: str) -> str:
        query = "&".join([f"host={self.socket}", f"port={PORT}", *(f"{k}={v}" for k, v in settings.items())])
        return f"postgresql://postgres@/{database}?{query}"

    async def new_schema(self) -> str:
        """A URL whose tables live in a new, empty schema of their own."""
        import asyncpg

        name = "t_" + uuid.uuid4().hex[:12]
        conn = await asyncpg.connect(self.url())
        try:
            await conn.execute(f"CREATE SCHEMA {name}")
        finally:
            await conn.close()
        return self.url(search_path=name)
