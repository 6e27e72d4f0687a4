"""The bot runs against simcord's simulated Discord, with a real SQLite file in tmp_path."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import pytest

from bot import create_bot
from bot.computer import ComputerConfig

# Tests play the computer player with no pause between its actions and a tiny hard budget (speed is
# measured by benchmarks/, never in tests).
FAST_COMPUTER = ComputerConfig(pause=0, simulations=4, seconds=None)


def pytest_collection_modifyitems(items):
    """Rendering runs in threads; on a loaded 2-core machine settling can take longer than 5 s."""
    for item in items:
        if "tests/bot" in str(item.fspath) and item.get_closest_marker("simcord") is None:
            item.add_marker(pytest.mark.simcord(settle_timeout=60))


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "games.db"


SEED = {"value": 1}


@pytest.fixture
def game_seed() -> dict:
    """Set ``game_seed["value"]`` before /te start to choose the seed of the game the bot deals."""
    return SEED


@pytest.fixture
async def make_bot(db_path: Path, game_seed: dict):
    """Builds bots on one database (a restart builds a second one). simcord does not call
    ``bot.close()``, so each bot is closed here, after the environment (its store, worker processes and
    timer loop: ``TigrisBot.close``)."""
    made = []

    def build(computer: ComputerConfig = FAST_COMPUTER):
        bot = create_bot(database_path=db_path, seeds=lambda: game_seed["value"], computer=computer)
        made.append(bot)
        return bot

    yield build
    for bot in made:
        await bot.close()


@pytest.fixture
def simcord_bot(make_bot, game_seed: dict):
    game_seed["value"] = 1
    return make_bot()


@dataclass
class Table:
    env: object
    guild: object
    channel: object
    players: list  # MemberActor, in seat order once started

    @property
    def bot(self):
        return self.env.bot

    async def record(self):
        """The channel's newest game: in play, or (once over) the last one it had."""
        return await self.bot.store.latest_game_in_channel(self.channel.id)

    async def game(self):
        return (await self.record()).game()

    async def actor(self):
        """The member the game waits on."""
        record = await self.record()
        return next(p for p in self.players if p.id == record.user_to_act)

    def member(self, seat_user_id: int):
        return next(p for p in self.players if p.id == seat_user_id)


async def open_table(env, n: int, *, guild=None, nicks: bool = False, **options) -> Table:
    """A guild (a new one unless given), a channel, n members (with ``nicks``, each with a server nickname:
    "Alice the Great", ...); the first opens a lobby, the others join, the first starts."""
    guild = guild or env.create_guild()
    channel = guild.create_text_channel("games")
    names = ["alice", "bob", "carol", "dave"][:n]
    players = [
        guild.add_member(env.create_user(name), nick=f"{name.title()} the Great" if nicks else None)
        for name in names
    ]
    result = await players[0].slash(channel, "te new", **options)
    assert result.ephemeral, result.response
    for p in players[1:]:
        r = await p.slash(channel, "te join")
        assert "seated" in r.response.content, r.response.content
    r = await players[0].slash(channel, "te start")
    assert "started" in r.response.content, r.response.content
    table = Table(env, guild, channel, players)
    record = await table.record()
    table.players = [table.member(record.user_at(s)) for s in range(n)]
    return table


def seed_where(players: int, wanted, limit: int = 400, max_actions: int = 120):
    """The first seed (and its action prefix) whose random legal game reaches a position where
    ``wanted(game)`` holds; the prefix ends just before that state's decision."""
    from engine import Game
    from engine.rng import Rng

    for seed in range(limit):
        game = Game.new(players, seed)
        chooser = Rng(seed * 7 + 1)
        actions: list[str] = []
        while not game.is_over and len(actions) < max_actions:
            if wanted(game):
                return seed, actions
            legal = [a for a in game.legal_actions() if a.kind != "catastrophe"] or game.legal_actions()
            action = legal[chooser.below(len(legal))]
            game.apply(action)
            actions.append(action.text)
    raise AssertionError("no seed reaches the wanted position")


async def reach(simcord_env, game_seed, players, wanted, guild=None, nicks: bool = False):
    """A table whose game, dealt from the first seed that gets there, has reached ``wanted``."""
    seed, actions = seed_where(players, wanted)
    game_seed["value"] = seed
    table = await open_table(simcord_env, players, guild=guild, nicks=nicks)
    for text in actions:
        await drive(table, text)
    game = await table.game()
    assert wanted(game), game.phase
    return table, game


async def a_revolt_the_turn_goes_on_after(simcord_env, game_seed):
    """A two-player table at a revolt that its attacker, the active player, started with the turn's first
    action (the turn goes on after it), against the other player: the table and the position."""
    from engine import Phase

    return await reach(
        simcord_env,
        game_seed,
        2,
        lambda g: (
            g.phase is Phase.REVOLT_ATTACKER and g.actions_left == 2 and g.conflict.defender != g.active
        ),
    )


async def before_a_revolt(simcord_env, game_seed):
    """A two-player table one action before a revolt whose defender is not the active player: the
    table, that action, and the position after it (its ``conflict`` names the two sides)."""
    from engine import Phase

    seed, actions = seed_where(
        2, lambda g: g.phase is Phase.REVOLT_ATTACKER and g.conflict.defender != g.active
    )
    game_seed["value"] = seed
    table = await open_table(simcord_env, 2)
    for text in actions[:-1]:
        await drive(table, text)
    game = await table.game()
    game.apply(actions[-1])
    return table, actions[-1], game


async def drive(table: Table, text: str):
    """Send one action as the member the game waits on, through the command a player would use."""
    actor = await table.actor()
    words = text.split()
    kind = words[0]
    if kind in ("tile", "leader"):
        result = await actor.slash(table.channel, f"te {kind}", color=words[1], square=words[2])
    elif kind == "withdraw":
        result = await actor.slash(table.channel, "te withdraw", color=words[1])
    elif kind == "catastrophe":
        result = await actor.slash(table.channel, "te catastrophe", square=words[1])
    elif kind == "swap":
        result = await actor.slash(table.channel, "te swap", tiles=" ".join(words[1:]))
    elif kind == "pass":
        result = await actor.slash(table.channel, "te pass")
    else:
        result = await actor.slash(table.channel, "te choose", option=text)
    assert result.ephemeral and result.response.content.startswith("Done"), (text, result.response.content)
    return result


GAME_HEAD = re.compile(r"^\*\*[^*\n]+ · game \d+\*\* — ")


def dm_text(content: str) -> str:
    """A DM about a game without its heading (the game's name) and without the hand it carries below."""
    return GAME_HEAD.sub("", content).split("\n**Your hand**")[0]


def names_game(content: str) -> bool:
    return GAME_HEAD.match(content) is not None


def channel_shown(table: Table) -> dict[int, list[str]]:
    """What the game's channel shows now: each message's lines."""
    return {m.id: m.content.split("\n") for m in table.channel.history()}


def told_since(table: Table, shown: dict[int, list[str]]) -> list[str]:
    """The lines the channel told since ``shown`` (``channel_shown``): those of new posts, and those an edit
    added to a turn's post (issue 18: a turn is one post, edited as its actions come)."""
    return [
        line
        for message in table.channel.history()
        for line in message.content.split("\n")
        if line not in shown.get(message.id, [])
    ]


def pings(table: Table, message) -> list[int]:
    """The users a message really notified (its mentions that ``allowed_mentions`` let through)."""
    return list(table.env.backend.messages[message.channel.id][message.id].ping_user_ids)


async def play_on(table: Table, rng, stop=None, limit: int = 1500) -> None:
    """Play random legal moves through the commands players use (rarely a catastrophe) until the game is
    over or ``stop(game)`` holds."""
    for _ in range(limit):
        game = await table.game()
        if game.is_over or (stop is not None and stop(game)):
            return
        legal = game.legal_actions()
        quiet = [a for a in legal if a.kind != "catastrophe"]
        if game.phase.value == "action" and quiet and rng.random() > 0.02:
            legal = quiet
        await drive(table, rng.choice(legal).text)
        await table.env.advance_time(3)  # people do not send two moves within two seconds
    raise AssertionError(f"the game did not get there in {limit} moves")


@dataclass
class Locales:
    """The Discord locales simcord's interactions carry (it sends en-US for everyone): ``people`` by user id,
    ``servers`` by guild id; anyone not listed stays en-US."""

    people: dict[int, str]
    servers: dict[int, str]


@pytest.fixture
def locales(monkeypatch) -> Locales:
    """Give a person's interactions their client's locale and a server its preferred one (issue 19):
    ``locales.people[user.id] = "de"``, ``locales.servers[guild.id] = "fr"``."""
    import simcord.interactions

    chosen = Locales({}, {})
    original = simcord.interactions.base_payload

    def with_locales(*args, **kwargs):
        record, payload = original(*args, **kwargs)
        payload["locale"] = chosen.people.get(kwargs["user_id"], payload["locale"])
        if kwargs.get("guild_id") is not None and "guild_locale" in payload:
            payload["guild_locale"] = chosen.servers.get(kwargs["guild_id"], payload["guild_locale"])
        return record, payload

    monkeypatch.setattr(simcord.interactions, "base_payload", with_locales)
    return chosen
