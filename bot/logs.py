"""Logs for machines (issue 21): with ``LOG_FORMAT=json`` each record is one JSON object on one line, with the
game, server and command it is about where known, and the bot's version. Plain text stays the default.

What a record is about comes from ``tag``: a slash command tags its own task with the command and server
(``bot.client.TimedTree``), the action path and the timer loop tag the game; asyncio gives each task its own
copy of the tags, so two commands running at once never mix theirs. A message that starts with "game N"
names its game too. The token never appears: ``bot.__main__.RedactToken`` runs before any formatter.
"""

from __future__ import annotations

import json
import logging
import re
from contextvars import ContextVar
from datetime import UTC, datetime
from typing import Any

from bot import metrics

FORMATS = ("text", "json")
_TAGS: ContextVar[dict[str, Any] | None] = ContextVar("tigris_log_tags", default=None)
_GAME_IN_TEXT = re.compile(r"^game (\d+)\b")


def tag(**fields: Any) -> None:
    """What the logs of the current task (and of the tasks it starts) are about: ``game``, ``server``,
    ``command``. None values are left out."""
    current = dict(_TAGS.get() or {})
    current.update({k: v for k, v in fields.items() if v is not None})
    _TAGS.set(current)


def tags() -> dict[str, Any]:
    return dict(_TAGS.get() or {})


class JsonFormatter(logging.Formatter):
    """One JSON object per record: time, level, logger, message, the tags, the version, the traceback."""

    def __init__(self) -> None:
        super().__init__()
        self._version = metrics.version()

    def format(self, record: logging.LogRecord) -> str:
        message = record.getMessage()
        entry: dict[str, Any] = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname,
            "logger": record.name,
            "message": message,
            "version": self._version,
        }
        entry.update(tags())
        found = _GAME_IN_TEXT.match(message)
        if found and "game" not in entry:
            entry["game"] = int(found.group(1))
        if record.exc_info and not record.exc_text:
            record.exc_text = self.formatException(record.exc_info)
        if record.exc_text:
            entry["traceback"] = record.exc_text
        if record.stack_info:
            entry["stack"] = self.formatStack(record.stack_info)
        return json.dumps(entry, ensure_ascii=False, default=str)


def formatter(log_format: str) -> logging.Formatter:
    if log_format == "json":
        return JsonFormatter()
    return logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s")
