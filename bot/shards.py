"""``SHARD_COUNT`` and ``SHARD_IDS``: one bot process per range of Discord shards (issue 14).

Discord requires sharding from 2,500 servers; each shard carries the events of the servers whose
``(guild_id >> 22) % SHARD_COUNT`` is its number, and every DM interaction arrives on shard 0. A process runs
the shards ``SHARD_IDS`` of ``SHARD_COUNT`` (discord.py's AutoShardedBot, ``bot.client.ShardedTigrisBot``) and
fires the timers of those shards' servers' games only (``bot.timers``); all processes share one PostgreSQL
database (``DATABASE_URL``). A DM answered on shard 0 for a game of another shard is played through the same
action path (the version check keeps two processes from both playing a version) and shown in the game's
channel through the API (``bot.present.Directory``), since shard 0's cache does not hold that server.
"""

from __future__ import annotations

import os

from storage import Shards

MAX_SHARDS = 4096  # far beyond any bot of this kind: a typo, not a plan


def parse_ids(text: str, count: int) -> tuple[int, ...]:
    """``"0,2"`` or ``"0-3"`` or ``"0-1,4"``: the shard numbers, each once, in order. ValueError with one
    sentence otherwise."""
    ids: list[int] = []
    for part in (p.strip() for p in text.split(",")):
        low, dash, high = part.partition("-")
        if not low.strip().isdigit() or (dash and not high.strip().isdigit()):
            raise ValueError(f"SHARD_IDS must be shard numbers like 0,1 or 0-3, not {text!r}.")
        first, last = int(low), int(high) if dash else int(low)
        if first > last:
            raise ValueError(f"SHARD_IDS has the range {part!r} backwards.")
        ids.extend(range(first, last + 1))
    if len(set(ids)) != len(ids):
        raise ValueError(f"SHARD_IDS names a shard twice: {text!r}.")
    if any(i >= count for i in ids):
        top = count - 1
        raise ValueError(f"SHARD_IDS must be numbers from 0 to {top} (SHARD_COUNT {count}), not {text!r}.")
    return tuple(sorted(ids))


def read_shards(environ: dict[str, str] | os._Environ[str]) -> Shards | None:
    """The shards this process runs, or None (not sharded: one process, every server). A bad setting raises
    SystemExit with one line."""
    count_text = environ.get("SHARD_COUNT", "").strip()
    ids_text = environ.get("SHARD_IDS", "").strip()
    if not count_text:
        if ids_text:
            raise SystemExit("SHARD_IDS needs SHARD_COUNT, the number of shards of every process together.")
        return None
    if not count_text.isdigit() or not 1 <= int(count_text) <= MAX_SHARDS:
        raise SystemExit(f"SHARD_COUNT must be a number from 1 to {MAX_SHARDS}, not {count_text!r}.")
    count = int(count_text)
    try:
        ids = parse_ids(ids_text, count) if ids_text else tuple(range(count))
    except ValueError as exc:
        raise SystemExit(str(exc)) from None
    return Shards(count, ids)
