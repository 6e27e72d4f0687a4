"""How much the bot says over one whole game: channel posts, pictures, mentions and DMs per player.

    .venv/bin/python benchmarks/bench_notifications.py [--seed N]

Plays a whole 3-player game through the real bot on simcord's simulated Discord: each turn action with the
slash command a player would use (``/te tile``, ``/te leader``, ...), each decision with ``/te choose``,
chosen at random among the legal ones (catastrophes rarely) by a seeded generator, so the same seed plays the
same game on any version of the bot. Then it counts what simcord's Discord received from the bot:

- ``channel_posts``: messages posted in the game's channel (edits not counted), and how many had a picture;
- ``images``: pictures in the channel and in DMs, their number and bytes;
- ``mentions``: per player, the mentions that notified them (Discord's pings, after ``allowed_mentions``), and
  how many of those went to the player who had just acted;
- ``dms``: per player, the DMs created (a DM edited later counts once), and the edits of DMs;
- ``pictures_drawn_and_uploaded``: every board, hand and scores picture drawn (each is uploaded, with a post,
  a DM or an edit of a DM), and their bytes.

Prints ONE JSON object. Not a test: issue 10 quotes the figures before and after.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import logging
import random
import sys
import tempfile
from collections import Counter
from pathlib import Path
from typing import Any

import simcord

import render
from bot.client import create_bot  # not `from bot`: see benchmarks/bench_bot.py
from engine import Action, Phase

PLAYERS = 3
SEED = 20261122
MAX_COMMANDS = 1500


async def send_action(member: simcord.MemberActor, channel: Any, action: Action) -> None:
    """Play ``action`` with the command a player would use; raises unless the bot answers "Done"."""
    words = action.text.split()
    kind = words[0]
    if kind in ("tile", "leader"):
        result = await member.slash(channel, f"te {kind}", color=words[1], square=words[2])
    elif kind == "withdraw":
        result = await member.slash(channel, "te withdraw", color=words[1])
    elif kind == "catastrophe":
        result = await member.slash(channel, "te catastrophe", square=words[1])
    elif kind == "swap":
        result = await member.slash(channel, "te swap", tiles=" ".join(words[1:]))
    elif kind == "pass":
        result = await member.slash(channel, "te pass")
    else:
        result = await member.slash(channel, "te choose", option=action.text)
    reply = result.response.content if result.response is not None else ""
    if not reply.startswith("Done"):
        raise RuntimeError(f"{action.text}: {reply}")


def _choose(rng: random.Random, legal: list[Action], phase: Phase) -> Action:
    if phase is Phase.ACTION:
        quiet = [a for a in legal if a.kind != "catastrophe"]
        if quiet and rng.random() > 0.02:
            legal = quiet
    return rng.choice(legal)


class Pictures:
    """Counts every picture the bot draws (each one is uploaded to Discord: a post, a DM, an edit)."""

    def __init__(self) -> None:
        self.count: Counter[str] = Counter()
        self.bytes: Counter[str] = Counter()

    def watch(self) -> None:
        for name in ("board_png", "hand_png", "scores_png"):
            drawn = getattr(render, name)

            def counted(*args: Any, _drawn: Any = drawn, _name: str = name, **kwargs: Any) -> bytes:
                png: bytes = _drawn(*args, **kwargs)
                self.count[_name] += 1
                self.bytes[_name] += len(png)
                return png

            setattr(render, name, counted)

    def figures(self) -> dict[str, object]:
        return {
            name.removesuffix("_png"): {"count": n, "megabytes": round(self.bytes[name] / 1e6, 2)}
            for name, n in sorted(self.count.items())
        }


async def _play(seed: int, database: Path, pictures: Pictures) -> dict[str, object]:
    pictures.watch()
    bot = create_bot(database_path=database, seeds=lambda: seed)
    rng = random.Random(seed)
    try:
        async with simcord.run(bot, settle_timeout=120) as env:
            edits = _count_edits(env)
            guild = env.create_guild(name="Friends")
            channel = guild.create_text_channel("games")
            names = ["alice", "bob", "carol"][:PLAYERS]
            members = [guild.add_member(env.create_user(name)) for name in names]
            await members[0].slash(channel, "te new")
            for m in members[1:]:
                await m.slash(channel, "te join")
            await members[0].slash(channel, "te start")
            by_id = {m.id: m for m in members}
            actions = turns = 0
            # who acted just before each channel post, to count mentions of the player who had just acted
            acted_before: dict[int, int] = {}
            for _ in range(MAX_COMMANDS):
                record = await bot.store.latest_game_in_channel(channel.id)
                assert record is not None
                game = record.game()
                if game.is_over:
                    break
                assert record.user_to_act is not None
                member = by_id[record.user_to_act]
                action = _choose(rng, game.legal_actions(), game.phase)
                seen = set(env.backend.messages.get(channel.id, {}))
                await send_action(member, channel, action)
                for message_id in set(env.backend.messages.get(channel.id, {})) - seen:
                    acted_before[message_id] = member.id
                after = (await bot.store.latest_game_in_channel(channel.id)).game()  # type: ignore[union-attr]
                actions += 1
                turns += after.turn != game.turn or (after.is_over and not game.is_over)
            else:
                raise RuntimeError(f"the game did not end in {MAX_COMMANDS} commands")
            return {
                **_count(env, channel, members, acted_before, actions, turns, edits),
                "pictures_drawn_and_uploaded": pictures.figures(),
            }
    finally:
        if bot._store is not None:
            await bot._store.close()
            bot._store = None


def _count(
    env: simcord.SimcordEnv,
    channel: Any,
    members: list[simcord.MemberActor],
    acted_before: dict[int, int],
    actions: int,
    turns: int,
    edits: Counter[int],
) -> dict[str, object]:
    bot_id = env.bot.user.id
    posts = [m for m in env.backend.messages.get(channel.id, {}).values() if m.author_id == bot_id]
    posts = [m for m in posts if not m.is_ephemeral]
    pings: Counter[str] = Counter()
    pings_after_own_action: Counter[str] = Counter()
    for m in posts:
        for user_id in m.ping_user_ids:
            name = next(p.user.name for p in members if p.id == user_id)
            pings[name] += 1
            if acted_before.get(m.id) == user_id:
                pings_after_own_action[name] += 1
    channel_images = [a for m in posts for a in m.attachments]
    dms: dict[str, int] = {}
    dm_edits: dict[str, int] = {}
    kinds: Counter[str] = Counter()
    for p in members:
        dm = p.user.dm_channel
        created = [] if dm is None else list(env.backend.messages.get(dm.id, {}).values())
        created = [m for m in created if m.author_id == bot_id]
        dms[p.user.name] = len(created)
        dm_edits[p.user.name] = 0 if dm is None else edits[dm.id]
        kinds.update(_kind(m.content) for m in created)
    return {
        "benchmark": "notifications over one whole 3-player game",
        "actions": actions,
        "turns": turns,
        "channel_posts": len(posts),
        "channel_posts_with_a_picture": sum(1 for m in posts if m.attachments),
        "channel_images": len(channel_images),
        "channel_image_megabytes": round(sum(a["size"] for a in channel_images) / 1e6, 2),
        "mentions_per_player": dict(sorted(pings.items())),
        "mentions_of_the_player_who_just_acted": sum(pings_after_own_action.values()),
        "dms_per_player": dms,
        "dm_edits_per_player": dm_edits,
        "channel_post_edits": edits[channel.id],
        "dms_by_kind": dict(kinds.most_common()),
    }


def _count_edits(env: simcord.SimcordEnv) -> Counter[int]:
    """Counts the bot's edits of messages, per channel (a DM channel is one player's)."""
    backend = env.backend
    edit = backend.edit_message
    edits: Counter[int] = Counter()

    def counted(channel_id: int, message_id: int, fields: Any) -> Any:
        out = edit(channel_id, message_id, fields)
        if not out.is_ephemeral:
            edits[channel_id] += 1
        return out

    backend.edit_message = counted
    return edits


def _kind(content: str) -> str:
    """A DM's kind, from its first words once the game's name (if it has one) is left out."""
    text = content.split(" — ", 1)[1] if content.startswith("**") and " — " in content else content
    words = text.replace("*", "").split()
    return " ".join(words[:3]).rstrip(":.,;(")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=SEED)
    args = parser.parse_args()
    logging.basicConfig(level=logging.ERROR)
    with tempfile.TemporaryDirectory() as tmp:
        result = asyncio.run(_play(args.seed, Path(tmp) / "games.db", Pictures()))
    json.dump({"seed": args.seed, **result}, sys.stdout)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
