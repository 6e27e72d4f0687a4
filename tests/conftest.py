"""Fixtures shared by the packages' tests: a real PostgreSQL server, started once per test session."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.pgserver import NoServerError, PostgresServer


@pytest.fixture(scope="session")
def postgres_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[PostgresServer]:
    """The server; a machine without one fails the test with the reason in one line, never skips it."""
    try:
        server = PostgresServer(tmp_path_factory.mktemp("postgres"))
        server.start()
    except NoServerError as exc:
        pytest.fail(f"PostgreSQL server unavailable: {exc}", pytrace=False)
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture
async def postgres_url(postgres_server: PostgresServer) -> str:
    """A ``postgresql://`` URL of an empty schema of this test's own."""
    return await postgres_server.new_schema()
