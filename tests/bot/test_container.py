"""The container files (issue 21): the Dockerfile runs ``python -m bot`` as a user of its own with SQLite on
a volume; compose.yaml's services and settings match .env.example and docs/deploy.md; the package ships
every migration a non-editable install (the image's) needs."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import yaml

from bot.__main__ import read_config

ROOT = Path(__file__).resolve().parents[2]
BOT_SERVICES = ("shard-0", "shard-1")


def compose() -> dict:
    return yaml.safe_load((ROOT / "compose.yaml").read_text())


def example_settings() -> set[str]:
    """Every setting .env.example names, set or commented out."""
    text = (ROOT / ".env.example").read_text()
    return set(re.findall(r"^#? ?([A-Z][A-Z0-9_]+)=", text, flags=re.MULTILINE))


def test_every_bot_setting_in_compose_is_one_of_env_example():
    services = compose()["services"]
    known = example_settings()
    for name in BOT_SERVICES:
        service = services[name]
        assert set(service["environment"]) <= known, (name, set(service["environment"]) - known)
        assert service["env_file"] == ".env"  # the token and the shared settings, as .env.example lists
        assert service["command"] == "python -m bot"
        config = read_config({"DISCORD_TOKEN": "x", **service["environment"]})  # the bot accepts them
        assert config.metrics is not None and config.metrics[0] == "0.0.0.0"
        port = config.metrics[1]
        assert f"127.0.0.1:{port}/healthz" in " ".join(service["healthcheck"]["test"])


def test_the_shards_cover_each_shard_once_on_one_database():
    services = compose()["services"]
    db = services["db"]["environment"]
    url = f"postgresql://{db['POSTGRES_USER']}:{db['POSTGRES_PASSWORD']}@db/{db['POSTGRES_DB']}"
    shards = []
    for name in BOT_SERVICES:
        config = read_config({"DISCORD_TOKEN": "x", **services[name]["environment"]})
        assert config.database_path == url
        assert config.shards is not None
        shards.append(config.shards)
    assert {s.count for s in shards} == {len(BOT_SERVICES)}
    assert sorted(i for s in shards for i in s.ids) == list(range(len(BOT_SERVICES)))
    published = [services[n]["ports"][0].rsplit(":", 2)[1] for n in BOT_SERVICES]
    assert len(set(published)) == len(published)  # each process's metrics on a port of its own


def test_docs_show_the_compose_file_as_it_is():
    docs = (ROOT / "docs" / "deploy.md").read_text()
    assert "```yaml\n" + (ROOT / "compose.yaml").read_text() + "```" in docs


def test_dockerfile():
    lines = [line.strip() for line in (ROOT / "Dockerfile").read_text().splitlines()]
    base = next(line for line in lines if line.startswith("FROM "))
    assert re.fullmatch(r"FROM python:3\.1[1-9]-slim", base), base
    user = [line for line in lines if line.startswith("USER ")]
    assert user and user[-1] != "USER root"  # the bot runs as its own user
    assert lines[-1] == 'CMD ["python", "-m", "bot"]'
    assert 'VOLUME ["/data"]' in lines
    assert "DATABASE_PATH=/data/tigris.db" in (ROOT / "Dockerfile").read_text()
    copied = {name for line in lines if line.startswith("COPY ") for name in line.split()[1:-1]}
    backend = tomllib.loads((ROOT / "pyproject.toml").read_text())["build-system"]["build-backend"]
    assert {"pyproject.toml", "setup.py", f"{backend}.py"} <= copied  # what `pip install .` builds with
    ignored = (ROOT / ".dockerignore").read_text().split()
    assert ".env" in ignored and "*.db" in ignored  # the token and the games stay out of the image


def test_the_package_ships_every_migration():
    globs = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["package-data"]
    shipped = {p for pattern in globs["storage"] for p in (ROOT / "storage").glob(pattern)}
    every = set((ROOT / "storage" / "migrations").rglob("*.sql"))
    assert every and every <= shipped, sorted(str(p) for p in every - shipped)
