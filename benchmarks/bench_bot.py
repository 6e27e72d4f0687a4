"""Bot round trip: one ``/te tile`` through the real discord.py bot on simcord's simulated Discord.

    .venv/bin/python benchmarks/bench_bot.py

Opens a table of PLAYERS through ``/te new``, ``/te join`` and ``/te start`` (a SQLite file in a temporary
directory), then plays tile moves. Each measured move is ``await actor.slash(channel, "te tile", ...)``
timed with ``time.perf_counter`` (real time, not simcord's virtual clock): the interaction, the engine,
the transaction, the board PNG posted in the channel, the DMs (hand panels, prompts), until simcord has
settled the bot's work and the reply is there. After each move the reply, the channel's board.png and the
database version are checked (outside the timed part). Between measured moves, decisions are answered
with ``/te choose`` (the default choice) and turns without a legal tile are passed with ``/te pass``.

Prints ONE JSON object: median and 90th percentile in milliseconds, against the target (median <= 150 ms).
Not a test: the target is reported, not asserted.

``create_bot`` is imported from ``bot.app``: run as a script, ``benchmarks/`` (not the project root) is first
on ``sys.path``, and the venv's editable install, made before ``bot/__init__.py`` existed, maps ``bot`` to a
namespace package, so ``from bot import create_bot`` fails there until ``pip install -e .`` is run again.
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import platform
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

import simcord

from bot.app import create_bot  # not `from bot`: see the note above
from engine import Phase

PLAYERS = 3
SEED = 7  # the game's seed, and the choice among legal tile moves
WARMUP = 3  # first moves: caches (fonts, static board layers), not measured
MOVES = 50  # measured tile moves
TARGET_MEDIAN_MS = 150.0
MAX_STEPS = 2000  # safety: commands sent overall


def _reply(result: simcord.InteractionResult) -> str:
    """The ephemeral answer's text (after defer(), the first follow-up replaces "thinking")."""
    assert result.ephemeral and result.response is not None, result
    return result.response.content


def _percentile(values: list[float], q: float) -> float:
    """Nearest-rank percentile."""
    ordered = sorted(values)
    rank = max(1, -(-len(ordered) * q // 100))
    return ordered[int(rank) - 1]


async def _bench(database: Path) -> dict[str, object]:
    bot = create_bot(database_path=database, seeds=lambda: SEED)
    chooser = random.Random(SEED)
    times: list[float] = []
    counts = {"tile": 0, "choose": 0, "pass": 0, "conflicts_started": 0}
    try:
        async with simcord.run(bot, settle_timeout=60) as env:
            guild = env.create_guild()
            channel = guild.create_text_channel("games")
            names = ["alice", "bob", "carol", "dave"][:PLAYERS]
            members = [guild.add_member(env.create_user(name)) for name in names]
            by_id = {m.id: m for m in members}

            text = _reply(await members[0].slash(channel, "te new"))
            assert "Lobby opened" in text, text
            for m in members[1:]:
                text = _reply(await m.slash(channel, "te join"))
                assert "seated" in text, text
            text = _reply(await members[0].slash(channel, "te start"))
            assert "started" in text, text

            steps = 0
            while len(times) < MOVES:
                steps += 1
                if steps > MAX_STEPS:
                    raise RuntimeError(f"only {len(times)} tile moves in {MAX_STEPS} commands")
                record = await bot.store.game_in_channel(channel.id)
                assert record is not None
                game = record.game()
                if game.is_over:
                    raise RuntimeError(f"the game ended after {len(times)} measured tile moves")
                assert record.user_to_act is not None
                actor = by_id[record.user_to_act]
                if game.phase is not Phase.ACTION:
                    option = game.default_action()
                    assert option is not None
                    text = _reply(await actor.slash(channel, "te choose", option=option.text))
                    assert text.startswith("Done"), text
                    counts["choose"] += 1
                    continue
                tiles = [a for a in game.legal_actions() if a.kind == "tile"]
                if not tiles:
                    text = _reply(await actor.slash(channel, "te pass"))
                    assert text.startswith("Done"), text
                    counts["pass"] += 1
                    continue
                action = chooser.choice(tiles)
                assert action.colour is not None and action.square is not None
                color, square = action.text.split()[1:3]

                posted_before = len(channel.history())
                start = time.perf_counter()
                r = await actor.slash(channel, "te tile", color=color, square=square)
                elapsed = (time.perf_counter() - start) * 1000

                text = _reply(r)
                assert text.startswith("Done"), text
                after = await bot.store.game_in_channel(channel.id)
                assert after is not None, "the game is gone"
                assert after.version == record.version + 1, "the database was not written"
                posted = channel.history()[posted_before:]
                # the board is the channel's last message, unless this move ended the game: then the
                # final standings (scores.png) follow it
                board = posted[-2] if after.game().is_over and len(posted) >= 2 else channel.last_message
                assert board is not None and board.attachments, "no board posted"
                assert board.attachments[0].filename == "board.png", board.attachments[0].filename
                if after.game().phase is not Phase.ACTION:
                    counts["conflicts_started"] += 1
                counts["tile"] += 1
                if counts["tile"] > WARMUP:
                    times.append(elapsed)
    finally:
        if bot._store is not None:
            await bot._store.close()
            bot._store = None

    median = statistics.median(times)
    return {
        "benchmark": "/te tile round trip (slash command to reply; board PNG posted; database written)",
        "players": PLAYERS,
        "moves_measured": len(times),
        "warmup_moves": WARMUP,
        "median_ms": round(median, 1),
        "p90_ms": round(_percentile(times, 90), 1),
        "min_ms": round(min(times), 1),
        "max_ms": round(max(times), 1),
        "target_median_ms": TARGET_MEDIAN_MS,
        "meets_target": median <= TARGET_MEDIAN_MS,
        "tile_moves_starting_a_decision": counts["conflicts_started"],
        "other_commands": {"choose": counts["choose"], "pass": counts["pass"]},
        "python": platform.python_version(),
        "cpus": os.cpu_count(),
    }


def main() -> None:
    logging.basicConfig(level=logging.WARNING)
    with tempfile.TemporaryDirectory() as tmp:
        result = asyncio.run(_bench(Path(tmp) / "games.db"))
    json.dump(result, sys.stdout)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
