"""The /te command tree's sync payload, checked against Discord's limits and against issue 5's command set,
with every localisation the bot sends (issue 19: de, fr, es-ES, es-419, pt-BR).

simcord does not check the payload against Discord's limits, and discord.py checks only some of them when a
command is defined; Discord rejects the whole sync otherwise (``CommandSyncFailure``). The payload is built
offline, exactly as ``tree.sync()`` sends it with the bot's translator (``translated_payload``).

Every limit check is a function over the payload; ``test_each_check_rejects_a_broken_payload`` feeds each
one a payload broken in its way, so a check that could never fail would fail that test.
"""

from __future__ import annotations

import asyncio
import copy
import re
from collections.abc import Callable, Iterator
from typing import Any

import discord
import pytest
from discord import app_commands

from bot.help_texts import TOPICS
from bot.surface import te_group
from bot.surface.history import history_group
from bot.surface.translator import LOCALES, translated_payload, tree_messages
from i18n import LANGUAGES
from i18n.extract import untranslated

# Discord's chat-input name regex is ^[-_'\p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]{1,32}$, in lower case; English
# names keep to its ASCII subset, localised ones may use their language's letters (ä, é, ç).
NAME = re.compile(r"^[-_a-z0-9]{1,32}$")
LOCALISED_NAME = re.compile(r"^[-_'\w]{1,32}$")
MAX_DESCRIPTION = 100
MAX_OPTIONS = 25
MAX_CHOICES = 25
MAX_CHOICE_NAME = 100
MAX_CHOICE_VALUE = 100  # string choice values
# Discord counts each field at its longest localisation; its limit is 8,000 characters per command
# (discord.md), once 4,000: the English payload alone keeps to 4,000 (test_total_size_under_4000).
TOTAL_CHARS = 8000

SUBCOMMAND, SUBCOMMAND_GROUP = 1, 2
STRING, INTEGER, BOOLEAN, NUMBER = 3, 4, 5, 10
AUTOCOMPLETE_TYPES = {STRING, INTEGER, NUMBER}

Payload = list[dict[str, Any]]


def _tree() -> app_commands.CommandTree[discord.Client]:
    client = discord.Client(intents=discord.Intents.default())
    tree = app_commands.CommandTree(client)
    tree.add_command(te_group)
    return tree


def build_payload() -> Payload:
    """The global commands tree.sync() would send, with the bot's group and translator as setup_hook has."""
    return asyncio.run(translated_payload(_tree()))  # type: ignore[return-value]


@pytest.fixture(scope="module")
def payload() -> Payload:
    return build_payload()


# ------------------------------------------------------------------------------------ walking


def commands_of(payload: Payload) -> Iterator[tuple[str, dict[str, Any]]]:
    """Every command, subcommand group and subcommand, with its path (``te tile``)."""

    def walk(node: dict[str, Any], path: str) -> Iterator[tuple[str, dict[str, Any]]]:
        yield path, node
        for option in node.get("options") or []:
            if option.get("type") in (SUBCOMMAND, SUBCOMMAND_GROUP):
                yield from walk(option, f"{path} {option['name']}")

    for top in payload:
        yield from walk(top, top["name"])


def parameters_of(command: dict[str, Any]) -> list[dict[str, Any]]:
    return [o for o in command.get("options") or [] if o.get("type") not in (SUBCOMMAND, SUBCOMMAND_GROUP)]


def options_of(payload: Payload) -> Iterator[tuple[str, dict[str, Any]]]:
    """Every value option (not subcommands), with its path (``te tile color``)."""
    for path, command in commands_of(payload):
        for option in parameters_of(command):
            yield f"{path} {option['name']}", option


def _localized(node: dict[str, Any], key: str) -> list[str]:
    return [v for v in (node.get(f"{key}_localizations") or {}).values() if v]


# ------------------------------------------------------------------------------------ checks
# Each returns the list of problems it finds (empty when the payload is within the limit).


def bad_names(payload: Payload) -> list[str]:
    found = []
    for path, node in [*commands_of(payload), *options_of(payload)]:
        name = node.get("name", "")
        if not isinstance(name, str) or not NAME.fullmatch(name):
            found.append(f"{path}: name {name!r}")
        for name in _localized(node, "name"):
            if not LOCALISED_NAME.fullmatch(name) or name != name.lower():
                found.append(f"{path}: localised name {name!r}")
    return found


def bad_descriptions(payload: Payload) -> list[str]:
    found = []
    for path, node in [*commands_of(payload), *options_of(payload)]:
        for text in [node.get("description", ""), *_localized(node, "description")]:
            if not isinstance(text, str) or not 1 <= len(text) <= MAX_DESCRIPTION:
                found.append(f"{path}: description of {len(text or '')} characters")
    return found


def too_many_options(payload: Payload) -> list[str]:
    """At most 25 options per command, which also bounds the subcommands of a group."""
    return [
        f"{path}: {len(node['options'])} options"
        for path, node in commands_of(payload)
        if len(node.get("options") or []) > MAX_OPTIONS
    ]


def bad_nesting(payload: Payload) -> list[str]:
    """Subcommands and values do not mix in one command; groups hold only subcommands; one group level."""
    found = []
    for path, node in commands_of(payload):
        kinds = {o.get("type") for o in node.get("options") or []}
        nested = kinds & {SUBCOMMAND, SUBCOMMAND_GROUP}
        if nested and kinds - nested:
            found.append(f"{path}: subcommands mixed with value options")
        if " " not in path:  # a top-level command: its type is the command type, 1 = CHAT_INPUT
            continue
        if node.get("type") == SUBCOMMAND and nested:
            found.append(f"{path}: a subcommand holds subcommands")
        if node.get("type") == SUBCOMMAND_GROUP and SUBCOMMAND_GROUP in kinds:
            found.append(f"{path}: a group nested in a group")
    return found


def duplicate_names(payload: Payload) -> list[str]:
    found = []
    seen_top: set[str] = set()
    for top in payload:
        if top["name"] in seen_top:
            found.append(f"top-level {top['name']} twice")
        seen_top.add(top["name"])
    for path, node in commands_of(payload):
        options = node.get("options") or []
        names = [o["name"] for o in options]
        found += [f"{path}: option {n} twice" for n in sorted(set(names)) if names.count(n) > 1]
        for locale in LOCALES:  # what a person of that locale sees must be unambiguous too
            shown = [
                (o.get("name_localizations") or {}).get(locale.value, o["name"])
                for o in node.get("options") or []
            ]
            found += [
                f"{path}: {locale.value} option {n} twice" for n in sorted(set(shown)) if shown.count(n) > 1
            ]
    return found


def bad_choices(payload: Payload) -> list[str]:
    found = []
    for path, option in options_of(payload):
        choices = option.get("choices") or []
        if len(choices) > MAX_CHOICES:
            found.append(f"{path}: {len(choices)} choices")
        if choices and option.get("type") not in (STRING, INTEGER, NUMBER):
            found.append(f"{path}: choices on an option of type {option.get('type')}")
        for choice in choices:
            for name in [choice.get("name", ""), *_localized(choice, "name")]:
                if not isinstance(name, str) or not 1 <= len(name) <= MAX_CHOICE_NAME:
                    found.append(f"{path}: choice name {name!r}")
            value = choice.get("value")
            if option.get("type") == STRING:
                if not isinstance(value, str) or not 1 <= len(value) <= MAX_CHOICE_VALUE:
                    found.append(f"{path}: string choice value {value!r}")
            elif option.get("type") in (INTEGER, NUMBER) and not isinstance(value, (int, float)):
                found.append(f"{path}: numeric choice value {value!r}")
        values = [c.get("value") for c in choices]
        if len(set(map(repr, values))) != len(values):
            found.append(f"{path}: repeated choice values")
    return found


def autocomplete_conflicts(payload: Payload) -> list[str]:
    found = []
    for path, option in options_of(payload):
        if option.get("autocomplete"):
            if option.get("choices"):
                found.append(f"{path}: autocomplete and choices")
            if option.get("type") not in AUTOCOMPLETE_TYPES:
                found.append(f"{path}: autocomplete on type {option.get('type')}")
    return found


def optional_before_required(payload: Payload) -> list[str]:
    found = []
    for path, command in commands_of(payload):
        seen_optional = None
        for option in parameters_of(command):
            if option.get("required"):
                if seen_optional is not None:
                    found.append(f"{path}: required {option['name']} after optional {seen_optional}")
            else:
                seen_optional = option["name"]
    return found


def bad_ranges(payload: Payload) -> list[str]:
    found = []
    for path, option in options_of(payload):
        low, high = option.get("min_value"), option.get("max_value")
        if low is not None and high is not None and low > high:
            found.append(f"{path}: min_value {low} > max_value {high}")
        if (low is not None or high is not None) and option.get("type") not in (INTEGER, NUMBER):
            found.append(f"{path}: min/max on type {option.get('type')}")
    return found


def _longest(node: dict[str, Any], key: str, english: bool) -> int:
    return max(len(text) for text in [node.get(key, ""), *([] if english else _localized(node, key))])


def characters(node: dict[str, Any], english: bool = False) -> int:
    """What Discord counts toward a command's size: names, descriptions, choice names and values, over the
    command and everything in it, each field at its longest localisation (``english``: the defaults only)."""
    total = _longest(node, "name", english) + _longest(node, "description", english)
    for choice in node.get("choices") or []:
        total += _longest(choice, "name", english) + len(str(choice.get("value", "")))
    return total + sum(characters(option, english) for option in node.get("options") or [])


def too_long(payload: Payload) -> list[str]:
    return [
        f"{top['name']}: {characters(top)} characters" for top in payload if characters(top) > TOTAL_CHARS
    ]


CHECKS: dict[str, Callable[[Payload], list[str]]] = {
    "names": bad_names,
    "descriptions": bad_descriptions,
    "option_counts": too_many_options,
    "nesting": bad_nesting,
    "duplicates": duplicate_names,
    "choices": bad_choices,
    "autocomplete": autocomplete_conflicts,
    "required_order": optional_before_required,
    "ranges": bad_ranges,
    "total_size": too_long,
}


# ------------------------------------------------------------------------------------ limits


@pytest.mark.parametrize("check", list(CHECKS), ids=list(CHECKS))
def test_payload_within_discord_limits(payload, check):
    assert CHECKS[check](payload) == []


def test_group_has_at_most_25_subcommands(payload):
    """At most 25 subcommands and groups under /te together, each group at most 25 subcommands."""
    (te,) = [c for c in payload if c["name"] == "te"]
    entries = [o for o in te["options"] if o["type"] in (SUBCOMMAND, SUBCOMMAND_GROUP)]
    assert 0 < len(entries) <= 25
    assert len(entries) == len(te["options"])  # nothing else at the group level
    for group in (o for o in entries if o["type"] == SUBCOMMAND_GROUP):
        subcommands = group.get("options") or []
        assert 0 < len(subcommands) <= 25
        assert all(o["type"] == SUBCOMMAND for o in subcommands), group["name"]


def test_total_size_under_4000(payload):
    """In English alone, the stricter of the two figures Discord has documented (4000; discord.md: 8000)."""
    sizes = {top["name"]: characters(top, english=True) for top in payload}
    assert sizes and all(0 < size <= 4000 for size in sizes.values()), sizes


def test_every_language_names_and_describes_every_command(payload):
    """Each of de, fr, es-ES, es-419, pt-BR has its own name and description for every command, group and
    option (the same word where the language uses it: "status")."""
    missing = []
    for path, node in [*commands_of(payload), *options_of(payload)]:
        for locale in LOCALES:
            for key in ("name", "description"):
                if locale.value not in (node.get(f"{key}_localizations") or {}):
                    missing.append(f"{path}: {key} in {locale.value}")
    assert not missing, missing


def test_portuguese_commands_speak_to_the_player_in_the_imperative(payload):
    """In pt-BR a command's description tells the player what to do ("Abra uma sala", "Remova um jogador
    computador"), as its neighbours in Discord's list do, never an infinitive ("Adicionar ...")."""
    infinitives = [
        f"{path}: {described}"
        for path, node in commands_of(payload)
        if path != "te"
        and (described := (node.get("description_localizations") or {}).get("pt-BR"))
        and described.split()[0].lower().endswith(("ar", "er", "ir"))
    ]
    assert not infinitives, infinitives


def test_every_tree_message_is_in_every_catalogue():
    asked = asyncio.run(tree_messages(_tree()))
    assert len(asked) > 150
    problems = [problem for language in LANGUAGES for problem in untranslated(language, asked)]
    assert not problems, problems[:20]


def _break(payload: Payload, how: Callable[[dict[str, Any]], None]) -> Payload:
    broken = copy.deepcopy(payload)
    how(broken[0])
    return broken


def _sub(te: dict[str, Any], name: str) -> dict[str, Any]:
    return next(o for o in te["options"] if o["name"] == name)


def _opt(te: dict[str, Any], sub: str, name: str) -> dict[str, Any]:
    return next(o for o in _sub(te, sub)["options"] if o["name"] == name)


def _pad_to_over_4000(te: dict[str, Any]) -> None:
    """Every description at 100 characters and 20 more options on /te new: each piece within its own
    limit, the whole over 4000 characters."""
    for sub in te["options"]:
        sub["description"] = "d" * 100
        for option in sub["options"]:
            option["description"] = "d" * 100
    _sub(te, "new")["options"].extend(
        {"type": STRING, "name": f"pad{i}", "description": "p" * 100, "required": False} for i in range(20)
    )


def _required_after_optional(te: dict[str, Any]) -> None:
    options = _sub(te, "tile")["options"]
    options[1]["required"] = False
    options.reverse()


BREAKAGES: dict[str, list[Callable[[dict[str, Any]], None]]] = {
    "names": [
        lambda te: _sub(te, "tile").update(name="Tile"),
        lambda te: _opt(te, "tile", "square").update(name="a" * 33),
        lambda te: _opt(te, "new", "board").update(name="the board"),
        lambda te: te.update(name=""),
        lambda te: _sub(te, "tile").update(name_localizations={"de": "Plättchen"}),
        lambda te: _opt(te, "tile", "square").update(name_localizations={"fr": "la case"}),
    ],
    "descriptions": [
        lambda te: _sub(te, "pass").update(description=""),
        lambda te: _opt(te, "swap", "tiles").update(description="x" * 101),
        lambda te: te.update(description_localizations={"fr": "y" * 101}),
    ],
    "option_counts": [
        lambda te: _sub(te, "new")["options"].extend(
            {"type": BOOLEAN, "name": f"x{i}", "description": "x", "required": False} for i in range(21)
        ),
        lambda te: te["options"].extend(
            {"type": SUBCOMMAND, "name": f"s{i}", "description": "s", "options": []} for i in range(11)
        ),
    ],
    "nesting": [
        lambda te: te["options"].append({"type": STRING, "name": "x", "description": "x", "required": False}),
        lambda te: _sub(te, "pass")["options"].append(
            {"type": SUBCOMMAND, "name": "x", "description": "x", "options": []}
        ),
    ],
    "duplicates": [
        lambda te: te["options"].append(copy.deepcopy(_sub(te, "tile"))),
        lambda te: _sub(te, "tile")["options"].append(copy.deepcopy(_opt(te, "tile", "color"))),
        lambda te: _opt(te, "tile", "color").update(name_localizations={"de": "feld"}),
    ],
    "choices": [
        lambda te: _opt(te, "tile", "color")["choices"].extend(
            {"name": f"c{i}", "value": f"c{i}"} for i in range(22)
        ),
        lambda te: _opt(te, "tile", "color")["choices"][0].update(name="n" * 101),
        lambda te: _opt(te, "tile", "color")["choices"][0].update(name=""),
        lambda te: _opt(te, "tile", "color")["choices"][0].update(name_localizations={"fr": "n" * 101}),
        lambda te: _opt(te, "tile", "color")["choices"][0].update(value="v" * 101),
        lambda te: _opt(te, "tile", "color")["choices"][0].update(value="blue"),
        lambda te: _opt(te, "new", "english").update(choices=[{"name": "yes", "value": "yes"}]),
    ],
    "autocomplete": [
        lambda te: _opt(te, "tile", "color").update(autocomplete=True),
        lambda te: _opt(te, "new", "english").update(autocomplete=True),
    ],
    "required_order": [
        lambda te: _opt(te, "new", "reminder_hours").update(required=True),
        _required_after_optional,
    ],
    "ranges": [
        lambda te: _opt(te, "new", "conflict_hours").update(min_value=800.0),
        lambda te: _opt(te, "tile", "square").update(min_value=1),
    ],
    "total_size": [_pad_to_over_4000],
}


@pytest.mark.parametrize(
    ("check", "index"),
    [(check, i) for check, breakages in BREAKAGES.items() for i in range(len(breakages))],
    ids=[f"{check}-{i}" for check, breakages in BREAKAGES.items() for i in range(len(breakages))],
)
def test_each_check_rejects_a_broken_payload(payload, check, index):
    """The checks can fail: each one flags the real payload broken in its way."""
    assert CHECKS[check](payload) == []
    broken = _break(payload, BREAKAGES[check][index])
    assert CHECKS[check](broken), f"{check} accepted a broken payload"


def test_every_check_has_a_breakage():
    assert set(BREAKAGES) == set(CHECKS)


# ----------------------------------------------------------------------------- issue 5's commands

COMMANDS = {
    "new": [
        "board",
        "english",
        "open_scoring",
        "conflict_hours",
        "reminder_hours",
        "turn_hours",
        "away_minutes",
        "buildings",  # issue 11: the 2015 edition's options (R28, R29)
        "wonder",
        "hints",
        "computer_level",
        "language",  # issue 19
    ],
    "join": [],
    "leave": [],
    "start": [],
    "tile": ["color", "square"],
    "leader": ["color", "square"],
    "withdraw": ["color"],
    "catastrophe": ["square"],
    "swap": ["tiles"],
    "pass": [],
    "choose": ["option"],
    "undo": [],
    "hint": [],
    "hand": [],
    "board": [],
    "status": [],
    "log": ["count"],
    "help": [],
    "rules": ["topic"],
    "abandon": [],
    "settings": ["language", "auto_forced", "dm", "scope"],  # issue 19: language
}
# Issue 9's group, and issue 12's addbot
GROUPS = {
    "seat": {
        "away": ["hours", "cover"],
        "back": [],
        "resign": [],
        "replace": ["seat_of", "by", "computer"],
        "addbot": ["level"],
        "removebot": ["bot"],
    },
    # issue 13
    "history": {
        "replay": ["game", "share"],
        "export": ["game"],
        "analyse": ["game", "share"],
        "stats": ["user"],
        "leaderboard": ["page"],
        "games": [],
        "mygames": [],
    },
}
# The command tree of docs/design.md: every name under /te comes from it (23 entries of the 25 Discord allows)
PLANNED = {
    *[
        "new",
        "join",
        "leave",
        "start",
        "abandon",
        "tile",
        "leader",
        "withdraw",
        "catastrophe",
        "swap",
        "pass",
        "choose",
        "undo",
    ],
    *["hand", "board", "status", "log", "help", "rules", "hint", "settings", "seat", "history"],
}
USER = 6
AUTOCOMPLETED = {
    ("tile", "square"),
    ("leader", "square"),
    ("catastrophe", "square"),
    ("swap", "tiles"),
    ("choose", "option"),
}
# each command names the piece the colour stands for: a tile's, or a leader's
COLOR_NAMES = {
    "tile": {"red": "red temple", "blue": "blue farm", "green": "green market", "black": "black settlement"},
    "leader": {"red": "red priest", "blue": "blue farmer", "green": "green trader", "black": "black king"},
}


def _te(payload: Payload) -> dict[str, Any]:
    tops = [c for c in payload if c["name"] == "te"]
    assert len(tops) == 1, [c["name"] for c in payload]
    return tops[0]


def test_only_the_te_group_is_synced(payload):
    assert [(c["name"], c.get("type", 1)) for c in payload] == [("te", 1)]


def test_te_is_guild_only(payload):
    te = _te(payload)
    assert te.get("dm_permission") is False or te.get("contexts") == [0], te


def test_exact_subcommands(payload):
    te = _te(payload)
    assert sorted(o["name"] for o in te["options"]) == sorted([*COMMANDS, *GROUPS])
    kinds = {o["name"]: o["type"] for o in te["options"]}
    assert all(kinds[name] == SUBCOMMAND for name in COMMANDS)
    assert all(kinds[name] == SUBCOMMAND_GROUP for name in GROUPS)
    assert set(kinds) <= PLANNED, set(kinds) - PLANNED


@pytest.mark.parametrize("group", list(GROUPS))
def test_exact_group_subcommands_and_options(payload, group):
    node = _sub(_te(payload), group)
    assert {o["name"]: [p["name"] for p in o.get("options") or []] for o in node["options"]} == GROUPS[group]
    assert all(o["type"] == SUBCOMMAND for o in node["options"])


def test_seat_options_types(payload):
    seat = _sub(_te(payload), "seat")
    away = next(o for o in seat["options"] if o["name"] == "away")
    hours, cover = away["options"]
    # no min/max on purpose: 0 or 10,000 hours get the bot's own one-sentence answer
    assert hours["type"] == INTEGER and hours["required"] and "min_value" not in hours
    assert cover["type"] == BOOLEAN and not cover.get("required")
    replace = next(o for o in seat["options"] if o["name"] == "replace")
    seat_of, by, computer = replace["options"]
    assert seat_of["type"] == USER and seat_of["required"]
    assert by["type"] == USER and not by.get("required")
    assert computer["type"] == BOOLEAN and not computer.get("required")
    addbot = next(o for o in seat["options"] if o["name"] == "addbot")
    [level] = addbot["options"]
    assert level["type"] == STRING and not level.get("required")
    assert [c["value"] for c in level["choices"]] == ["easy", "normal", "hard"]


def test_history_options(payload):
    """Issue 13: a game by number, autocompleted (the server's games) but never required (default: this
    channel's game); no min_value on numbers, so 0 or -3 get the bot's own sentence."""
    history = _sub(_te(payload), "history")
    by_command = {c["name"]: {o["name"]: o for o in c.get("options") or []} for c in history["options"]}
    for command in ("replay", "export"):
        game = by_command[command]["game"]
        assert game["type"] == INTEGER and game.get("autocomplete") is True and not game.get("required")
        assert "min_value" not in game
    assert by_command["replay"]["share"]["type"] == BOOLEAN
    assert by_command["stats"]["user"]["type"] == USER and not by_command["stats"]["user"].get("required")
    page = by_command["leaderboard"]["page"]
    assert page["type"] == INTEGER and not page.get("required") and "min_value" not in page
    for command in ("replay", "export"):
        node = history_group.get_command(command)
        assert isinstance(node, app_commands.Command) and node._params["game"].autocomplete is not None


def test_log_help_and_rules_options(payload):
    te = _te(payload)
    log = _sub(te, "log")
    [count] = log["options"]
    assert count["type"] == INTEGER and not count.get("required") and "min_value" not in count  # own answer
    [topic] = _sub(te, "rules")["options"]
    assert [c["value"] for c in topic["choices"]] == list(TOPICS) and not topic.get("required")


def test_settings_options(payload):
    settings = _sub(_te(payload), "settings")
    by_name = {o["name"]: o for o in settings["options"]}
    assert [c["value"] for c in by_name["auto_forced"]["choices"]] == ["on", "off"]
    assert "reveals" in by_name["auto_forced"]["description"]  # R34: the player is told
    assert [c["value"] for c in by_name["dm"]["choices"]] == ["all", "turn", "none"]
    assert [c["value"] for c in by_name["scope"]["choices"]] == ["game", "default"]
    assert not any(o.get("required") for o in settings["options"])


@pytest.mark.parametrize("name", list(COMMANDS))
def test_exact_options(payload, name):
    sub = _sub(_te(payload), name)
    assert [o["name"] for o in sub.get("options") or []] == COMMANDS[name]


@pytest.mark.parametrize("name", ["tile", "leader", "withdraw"])
def test_color_has_the_four_colours(payload, name):
    color = _opt(_te(payload), name, "color")
    assert color["type"] == STRING and color.get("required") is True
    assert not color.get("autocomplete")
    names = COLOR_NAMES["tile" if name == "tile" else "leader"]
    assert {c["value"]: c["name"] for c in color.get("choices") or []} == names
    from engine.actions import Colour  # the values are the engine's colour words

    assert [c["value"] for c in color["choices"]] == [c.word for c in Colour]


@pytest.mark.parametrize("name", list(COMMANDS))
def test_autocomplete_exactly_where_required(payload, name):
    sub = _sub(_te(payload), name)
    for option in sub.get("options") or []:
        wanted = (name, option["name"]) in AUTOCOMPLETED
        assert bool(option.get("autocomplete")) is wanted, (name, option["name"])
        if wanted:
            assert option["type"] == STRING and option.get("required") is True, option


def test_new_options_types_and_defaults(payload):
    new = _sub(_te(payload), "new")
    by_name = {o["name"]: o for o in new["options"]}
    assert by_name["board"]["type"] == STRING
    assert sorted(c["value"] for c in by_name["board"]["choices"]) == ["advanced", "standard"]
    assert by_name["english"]["type"] == BOOLEAN
    assert by_name["open_scoring"]["type"] == BOOLEAN
    assert by_name["conflict_hours"]["type"] == NUMBER
    assert by_name["reminder_hours"]["type"] == NUMBER
    assert by_name["turn_hours"]["type"] == NUMBER and by_name["turn_hours"]["min_value"] == 0
    assert by_name["away_minutes"]["type"] == NUMBER and by_name["away_minutes"]["min_value"] == 0
    assert by_name["buildings"]["type"] == BOOLEAN and by_name["wonder"]["type"] == BOOLEAN
    assert not any(o.get("required") for o in new["options"])  # all optional: /te new alone works
    command = te_group.get_command("new")
    assert isinstance(command, app_commands.Command)
    defaults = {p.name: p.default for p in command.parameters}
    assert defaults == {
        "board": "standard",
        "english": False,
        "open_scoring": False,
        "conflict_hours": 12.0,
        "reminder_hours": 24.0,
        "turn_hours": 48.0,  # R30
        "away_minutes": 60.0,  # R31
        "buildings": False,  # R28, R29: off unless asked for
        "wonder": False,
        "hints": False,  # /te hint (issue 12)
        "computer_level": "normal",  # who plays for absent players (R31, R33)
        "language": None,  # issue 19: the server's preferred locale, when the bot speaks it
    }
    assert [c["value"] for c in by_name["language"]["choices"]] == ["auto", *LANGUAGES]


def test_every_autocomplete_option_has_a_callback():
    """``autocomplete: true`` is only sent when a callback exists; the callbacks answer the options."""
    for name, option in AUTOCOMPLETED:
        command = te_group.get_command(name)
        assert isinstance(command, app_commands.Command)
        assert command._params[option].autocomplete is not None, (name, option)


async def test_the_bot_syncs_this_payload(simcord_env):
    """setup_hook adds te_group to the bot's own tree: what it syncs is what was checked above."""
    tree = simcord_env.bot.tree
    translator = tree.translator
    assert translator is not None  # setup_hook set the catalogue translator before syncing
    synced = [await command.get_translated_payload(tree, translator) for command in tree.get_commands()]
    assert synced == await translated_payload(_tree())
