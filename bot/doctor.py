"""``python -m bot doctor``: check a set-up before going live, one line per check (issue 21).

Each check prints ✓ or ✗ and, for ✗, what to do; the exit status is 0 only when every check passes, and
nothing prints a traceback. The checks run in order, each whatever the others found (Discord's needs some
token; the invite URL the bot's id, from the token or Discord). ``CHECKS`` lists them: a later one (the
language catalogues) is one more function. Only Discord's check needs the network; offline it says so in
one line.
"""

from __future__ import annotations

import asyncio
import base64
import binascii
import os
import re
from collections.abc import Awaitable, Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

import aiohttp
import discord
from discord import app_commands

import ai
import engine
from bot import permissions
from bot.client import command_tree, command_words
from storage import SCHEMA_VERSION, StorageError, Store
from storage.postgres import is_postgres_url, redact

OK, FAILED = "✓", "✗"
# A bot token: the bot's id in base64, a timestamp, a signature, joined by dots.
TOKEN_SHAPE = re.compile(r"^([A-Za-z0-9_-]{16,})\.([A-Za-z0-9_-]{4,})\.([A-Za-z0-9_-]{20,})$")
DISCORD_TIMEOUT = 20  # seconds for Discord's answers
BUSY_WAIT_MS = 3000  # a running bot holds the database's write lock for milliseconds at a time


@dataclass(frozen=True)
class Finding:
    ok: bool
    text: str  # what was found; for a failure, also what to do

    def line(self) -> str:
        return f"{OK if self.ok else FAILED} {self.text}"


# Connects to Discord with a token and returns a logged-in client (HTTP only, no gateway).
Connect = Callable[[str], Awaitable[discord.Client]]


@dataclass
class Setup:
    """What the checks look at: the settings as the bot reads them, and how to reach Discord."""

    token: str
    database: str
    dev_guild_id: int | None
    connect: Connect
    application_id: int | None = None  # learnt from the token, then from Discord
    close_client: bool = True  # False when ``connect`` lends a client that runs on (tests: simcord's)


def bot_id_of(token: str) -> int | None:
    """The bot's id encoded in a well-formed token, else None."""
    shape = TOKEN_SHAPE.match(token)
    if shape is None:
        return None
    first = shape.group(1)
    try:
        decoded = base64.urlsafe_b64decode(first + "=" * (-len(first) % 4)).decode("ascii")
    except (binascii.Error, UnicodeDecodeError, ValueError):
        return None
    return int(decoded) if decoded.isdigit() else None


async def check_token(setup: Setup) -> Finding:
    token = setup.token
    if not token:
        return Finding(
            False, "token: DISCORD_TOKEN is not set: put DISCORD_TOKEN=<token> in .env (README.md)"
        )
    if token.lower().startswith("bot "):
        return Finding(False, "token: DISCORD_TOKEN starts with 'Bot ': keep only the token after it")
    if token[:1] in "'\"" or token[-1:] in "'\"":
        return Finding(False, "token: DISCORD_TOKEN is in quotes: remove them")
    bot_id = bot_id_of(token)
    if bot_id is None:
        hint = "that is an id, not a token" if token.isdigit() else "it should be three parts joined by dots"
        return Finding(
            False,
            f"token: DISCORD_TOKEN is not a bot token ({hint}): copy it again from the Developer Portal "
            "(Bot → Reset Token)",
        )
    setup.application_id = setup.application_id or bot_id
    return Finding(True, f"token: well formed (bot {bot_id})")


async def check_database(setup: Setup) -> Finding:
    kind = "PostgreSQL" if is_postgres_url(setup.database) else "SQLite"
    shown = f"{kind} {redact(setup.database)}"
    try:
        found = await Store.found_schema(setup.database)
        if found is not None and found < SCHEMA_VERSION:
            return Finding(
                False,
                f"database: {shown} is at schema {found}, this version needs {SCHEMA_VERSION}: the bot "
                "upgrades it when it starts (back it up first: python -m storage backup)",
            )
        async with Store.open(setup.database, busy_timeout_ms=BUSY_WAIT_MS) as store:
            await store.check_writable()
            version = await store.schema_version()
    except StorageError as exc:
        return Finding(False, f"database: {exc}")
    except Exception as exc:  # a driver's own error: still one line
        return Finding(False, f"database: {shown} cannot be used: {type(exc).__name__}: {exc}")
    if version != SCHEMA_VERSION:
        return Finding(
            False, f"database: {shown} is at schema {version}, this version needs {SCHEMA_VERSION}"
        )
    new = " (created now)" if found is None else ""
    return Finding(True, f"database: {shown} opens and takes writes, schema {version} (current){new}")


async def check_fonts(setup: Setup) -> Finding:
    """The pictures' font: the one bundled in render/fonts/ (DejaVu Sans), drawn by Pillow's FreeType."""
    from PIL import ImageFont

    from render import style

    try:
        font = style.font(18)
        width = font.getlength("Tigris & Euphrates")
    except Exception as exc:
        return Finding(
            False,
            f"fonts: the pictures' font does not load ({exc}): reinstall the bot (render/fonts/) and Pillow",
        )
    if not isinstance(font, ImageFont.FreeTypeFont):
        return Finding(
            False,
            "fonts: this Pillow has no FreeType, so pictures would use a tiny bitmap font: reinstall Pillow "
            "from its wheels (pip install --force-reinstall pillow)",
        )
    return Finding(True, f"fonts: the pictures' font loads ({font.getname()[0]}, {width:.0f} px a title)")


async def check_languages(setup: Setup) -> Finding:
    """Every language's catalogue loads and translates every message the bot and the command tree use."""
    from i18n import LANGUAGES
    from i18n.extract import all_problems, untranslated, wanted_messages

    try:
        asked = await command_words(discord.Client(intents=discord.Intents.none()))
        problems = await asyncio.to_thread(all_problems)
        problems += [p for language in LANGUAGES for p in untranslated(language, asked)]
        count = len(await asyncio.to_thread(wanted_messages)) + len(asked)
    except Exception as exc:
        return Finding(False, f"languages: the catalogues do not load ({exc}): reinstall the bot")
    if problems:
        return Finding(
            False,
            f"languages: {len(problems)} messages missing or wrong (first: {problems[0]}): "
            "the catalogues do not match this version of the bot; reinstall it",
        )
    return Finding(True, f"languages: {', '.join(LANGUAGES)}: all {count} messages translated")


def _normal(payload: Mapping[str, Any]) -> dict[str, Any]:
    """A command or option as Discord keeps it, without ids and defaults, to compare ours with Discord's."""
    kept = ("name", "description", "type", "required", "autocomplete", "min_value", "max_value")
    out: dict[str, Any] = {k: payload[k] for k in kept if payload.get(k) not in (None, False)}
    out.setdefault("type", 1)
    if payload.get("choices"):
        out["choices"] = [(c["name"], c["value"]) for c in payload["choices"]]
    if payload.get("options"):
        out["options"] = [_normal(o) for o in payload["options"]]
    return out


def local_commands(tree: app_commands.CommandTree[Any]) -> list[dict[str, Any]]:
    return sorted((_normal(c.to_dict(tree)) for c in tree._get_all_commands()), key=lambda c: c["name"])


async def check_discord(setup: Setup) -> Finding:
    if not setup.token:
        return Finding(False, "Discord: not asked without a token (above)")
    client: discord.Client | None = None
    try:
        async with asyncio.timeout(DISCORD_TIMEOUT):
            client = await setup.connect(setup.token)
            application = await client.application_info()
            setup.application_id = application.id
            tree = command_tree(client)
            guild = discord.Object(setup.dev_guild_id) if setup.dev_guild_id else None
            remote = sorted(
                (_normal(c.to_dict()) for c in await tree.fetch_commands(guild=guild)),
                key=lambda c: c["name"],
            )
            local = local_commands(tree)
    except discord.LoginFailure:
        return Finding(False, "Discord: refuses the token: reset it (Bot → Reset Token) and update .env")
    except (OSError, aiohttp.ClientError, TimeoutError) as exc:
        reason = str(exc) or type(exc).__name__
        return Finding(
            False, f"Discord cannot be reached ({reason}): check the network, then run doctor again"
        )
    except discord.HTTPException as exc:
        return Finding(False, f"Discord: answered {exc.status} ({exc.text or exc}): try again later")
    finally:
        if client is not None and setup.close_client:
            await client.close()
    where = f"server {setup.dev_guild_id} (DEV_GUILD_ID)" if setup.dev_guild_id else "every server"
    if remote != local:
        return Finding(
            False,
            f"Discord: accepts the token ({application.name}), but the commands for {where} are not this "
            "version's: start the bot once, it syncs them (global commands can take up to an hour to show)",
        )
    return Finding(True, f"Discord: accepts the token ({application.name}); /te is synced for {where}")


async def check_invite(setup: Setup) -> Finding:
    if setup.application_id is None:
        return Finding(False, "invite URL: needs the bot's id, from a well-formed token (above)")
    value = permissions.invite_permissions().value
    url = permissions.invite_url(setup.application_id)
    return Finding(True, f"invite URL (permissions {value}): {url}")


async def check_engine(setup: Setup) -> Finding:
    """Whether the rules and the computer players' search run compiled with mypyc (``TIGRIS_COMPILE=1`` at
    install) or as pure Python: the same rules either way; compiled, a hard move takes about half the time."""
    packages = {"engine": engine, "ai": ai}
    listed = [f"{name}.{module}" for name, package in packages.items() for module in package.COMPILED_MODULES]
    compiled = [
        f"{name}.{module}" for name, package in packages.items() for module in package.compiled_modules()
    ]
    if not compiled:
        return Finding(
            True,
            "engine: pure Python (TIGRIS_COMPILE=1 pip install . compiles it, and a hard move then takes "
            "about half the time: docs/deploy.md)",
        )
    left = [name for name in listed if name not in compiled]
    if not left:
        return Finding(
            True, f"engine: compiled with mypyc ({len(compiled)} modules of the rules and the search)"
        )
    return Finding(
        False,
        f"engine: only partly compiled ({', '.join(left)} not): compiled files left beside the sources? "
        "Delete engine/*.so and ai/*.so, or reinstall with TIGRIS_COMPILE=1 pip install .",
    )


CHECKS: tuple[Callable[[Setup], Awaitable[Finding]], ...] = (
    check_token,
    check_database,
    check_fonts,
    check_languages,
    check_discord,
    check_invite,
    check_engine,
)


async def login(token: str) -> discord.Client:
    """A client logged in over HTTP only: no gateway connection, no intents."""
    client = discord.Client(intents=discord.Intents.none())
    try:
        await client.login(token)
    except BaseException:
        await client.close()
        raise
    return client


async def run(setup: Setup, checks: Iterable[Callable[[Setup], Awaitable[Finding]]] = CHECKS) -> bool:
    """Print one line per check; True when all passed. A check that raises still prints one line."""
    passed = True
    for check in checks:
        name = check.__name__.removeprefix("check_")
        try:
            finding = await check(setup)
        except Exception as exc:
            finding = Finding(False, f"{name}: the check itself failed: {type(exc).__name__}: {exc}")
        print(finding.line(), flush=True)
        passed = passed and finding.ok
    return passed


def setup_from(environ: Mapping[str, str], connect: Connect = login) -> Setup:
    """The settings as ``python -m bot`` reads them, without refusing a missing token (doctor reports it)."""
    guild = environ.get("DEV_GUILD_ID", "").strip()
    return Setup(
        token=environ.get("DISCORD_TOKEN", "").strip(),
        database=(
            environ.get("DATABASE_URL", "").strip() or environ.get("DATABASE_PATH", "").strip() or "tigris.db"
        ),
        dev_guild_id=int(guild) if guild.isdigit() else None,
        connect=connect,
    )


def main(environ: Mapping[str, str] = os.environ) -> int:
    """``python -m bot doctor``: the exit status."""
    try:
        passed = asyncio.run(run(setup_from(environ)))
    except KeyboardInterrupt:
        return 130
    return 0 if passed else 1
