"""``python -m bot`` (or the ``tigris-bot`` script): read .env, then run the bot; ``python -m bot doctor``
checks the set-up instead (``bot.doctor``)."""

from __future__ import annotations

import asyncio
import logging
import os
import sys
from dataclasses import dataclass

from dotenv import load_dotenv

from bot.logs import FORMATS, formatter
from bot.shards import read_shards
from storage import Shards, StorageError, Store
from storage.postgres import redact

NO_TOKEN = (
    "DISCORD_TOKEN is not set: create a bot at https://discord.com/developers/applications "
    "(New Application → Bot → Reset Token), then put DISCORD_TOKEN=<token> in .env (see README.md)."
)


@dataclass(frozen=True)
class Config:
    token: str
    database_path: str
    dev_guild_id: int | None
    log_level: str
    computer_pause: float = 3.0  # COMPUTER_PAUSE: seconds between a computer player's actions
    hard_seconds: float = 4.0  # HARD_SECONDS: the most CPU time a hard computer player thinks per move
    shards: Shards | None = None  # SHARD_COUNT, SHARD_IDS: None runs every server in this process
    metrics: tuple[str, int] | None = None  # METRICS_HOST, METRICS_PORT: None serves no /metrics, /healthz
    log_format: str = "text"  # LOG_FORMAT: text, or json (one object per line, bot.logs)


def _seconds(environ: dict[str, str] | os._Environ[str], name: str, default: float, low: float) -> float:
    text = environ.get(name, "").strip()
    if not text:
        return default
    try:
        value = float(text)
    except ValueError:
        value = float("nan")
    if not low <= value <= 3600:
        raise SystemExit(f"{name} must be a number of seconds from {low:g} to 3600, not {text!r}.")
    return value


def _metrics_address(environ: dict[str, str] | os._Environ[str]) -> tuple[str, int] | None:
    port = environ.get("METRICS_PORT", "").strip()
    if not port:
        return None
    if not port.isdigit() or not 1 <= int(port) <= 65535:
        raise SystemExit(f"METRICS_PORT must be a port number from 1 to 65535, not {port!r}.")
    return environ.get("METRICS_HOST", "").strip() or "127.0.0.1", int(port)


def read_config(environ: dict[str, str] | os._Environ[str] = os.environ) -> Config:
    """The bot's settings from the environment; a missing token raises SystemExit with one line."""
    token = environ.get("DISCORD_TOKEN", "").strip()
    if not token:
        raise SystemExit(NO_TOKEN)
    guild = environ.get("DEV_GUILD_ID", "").strip()
    if guild and not guild.isdigit():
        raise SystemExit(f"DEV_GUILD_ID must be a server id (digits), not {guild!r}.")
    level = environ.get("LOG_LEVEL", "INFO").strip().upper() or "INFO"
    if level not in ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL"):
        raise SystemExit(f"LOG_LEVEL must be DEBUG, INFO, WARNING or ERROR, not {level!r}.")
    log_format = environ.get("LOG_FORMAT", "").strip().lower() or "text"
    if log_format not in FORMATS:
        raise SystemExit(f"LOG_FORMAT must be text or json, not {log_format!r}.")
    # DATABASE_URL (postgresql://...) wins over DATABASE_PATH (a SQLite file, the default).
    database = (
        environ.get("DATABASE_URL", "").strip() or environ.get("DATABASE_PATH", "").strip() or "tigris.db"
    )
    return Config(
        token,
        database,
        int(guild) if guild else None,
        level,
        computer_pause=_seconds(environ, "COMPUTER_PAUSE", 3.0, 0.0),
        hard_seconds=_seconds(environ, "HARD_SECONDS", 4.0, 0.1),
        shards=read_shards(environ),
        metrics=_metrics_address(environ),
        log_format=log_format,
    )


class RedactToken(logging.Filter):
    """Keeps the token out of every log line, whatever logs it."""

    def __init__(self, token: str) -> None:
        super().__init__()
        self.token = token

    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        if self.token in message:
            record.msg = message.replace(self.token, "[token]")
            record.args = None
        if record.exc_info and record.exc_text is None and self.token:
            record.exc_text = (
                logging.Formatter().formatException(record.exc_info).replace(self.token, "[token]")
            )
        return True


def setup_logging(config: Config) -> None:
    handler = logging.StreamHandler()
    handler.setFormatter(formatter(config.log_format))
    handler.addFilter(RedactToken(config.token))
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(config.log_level)


def check_database(path: str) -> None:
    """Open (create, check, upgrade) the database once before connecting to Discord: a file that cannot be
    used stops the bot with its one-sentence reason (exit status 1), no traceback, nothing written to it."""

    async def open_and_close() -> None:
        async with Store.open(path):
            pass

    try:
        asyncio.run(open_and_close())
    except StorageError as exc:
        sys.exit(f"The bot cannot start: {exc}")


def main() -> None:
    load_dotenv()
    if sys.argv[1:] == ["doctor"]:
        from bot import doctor

        sys.exit(doctor.main())
    config = read_config()
    setup_logging(config)
    check_database(config.database_path)
    from bot.client import create_bot
    from bot.computer import ComputerConfig

    computer = ComputerConfig(pause=config.computer_pause, seconds=config.hard_seconds)
    bot = create_bot(
        config.database_path,
        dev_guild_id=config.dev_guild_id,
        computer=computer,
        shards=config.shards,
        metrics_address=config.metrics,
    )
    logging.getLogger("bot").info("starting; games are saved in %s", redact(config.database_path))
    if config.shards is not None:
        ids = ", ".join(map(str, config.shards.ids))
        logging.getLogger("bot").info("running shards %s of %s", ids, config.shards.count)
    try:
        bot.run(config.token, log_handler=None)
    except Exception as exc:  # LoginFailure and friends: one line, no traceback
        sys.exit(f"The bot stopped: {type(exc).__name__}: {exc}")


if __name__ == "__main__":
    main()
