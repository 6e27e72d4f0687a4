"""Autocomplete through Discord (simcord): the legal squares of the player to act, the most relevant first,
each labelled with what it would do; typing filters; nobody else gets any."""

from __future__ import annotations

from engine import COLOURS, Phase, parse_square, square_name
from engine.board import NEIGHBOURS
from i18n import words_for
from i18n.terms import tile_count
from tests.bot.conftest import open_table, reach


def own_leaders(game) -> list[int]:
    seat = game.to_act
    return [s for c in COLOURS if (s := game.leader_square(seat, c)) is not None]


def beside_own_kingdoms(game) -> set[int]:
    own = {s for leader in own_leaders(game) for s in game.region_squares(leader)}
    return {n for s in own for n in NEIGHBOURS[s]} - own


async def test_squares_next_to_your_kingdoms_come_first_each_labelled(simcord_env, game_seed):
    table, game = await reach(
        simcord_env,
        game_seed,
        3,
        lambda g: g.phase is Phase.ACTION and g.turn >= 6 and len(own_leaders(g)) >= 2,
    )
    actor = await table.actor()
    colour = next(c.word for c in COLOURS if game.hand(game.to_act)[c] and c.word != "blue")
    legal = {a.square for a in game.legal_actions() if a.kind == "tile" and a.colour.word == colour}
    choices = await actor.autocomplete(table.channel, "te tile", "square", "", color=colour)
    assert len(choices) == min(25, len(legal))
    near = beside_own_kingdoms(game)
    flags = [parse_square(c["value"]) in near for c in choices]
    assert flags[0] and flags == sorted(flags, reverse=True)  # the squares by your kingdoms first
    for choice in choices:
        square, _, said = choice["name"].partition(" · ")
        assert square == choice["value"].upper() and said and len(choice["name"]) <= 100
        assert parse_square(choice["value"]) in legal
        after = game.copy()
        points = list(after.points[game.to_act])
        after.apply(f"tile {colour} {choice['value']}")
        if said.startswith("+1 ") and " for " not in said:
            gained = [n - p for n, p in zip(after.points[game.to_act], points, strict=True)]
            assert sum(gained) == 1, (choice, gained)  # what the label said, the engine does

    typed = await actor.autocomplete(table.channel, "te tile", "square", "E", color=colour)
    in_column_e = {square_name(s) for s in legal if square_name(s).startswith("e")}
    assert {c["value"] for c in typed} == in_column_e  # typing filters
    flags = [parse_square(c["value"]) in near for c in typed]
    assert flags == sorted(flags, reverse=True)  # still the most relevant first
    others = [p for p in table.players if p is not actor]
    for other in others:  # only the player to act gets squares, and only their own: others learn why
        why = await other.autocomplete(table.channel, "te tile", "square", "", color=colour)
        assert [c["name"] for c in why] == [f"It is {actor.user.name}'s turn."]


async def test_an_empty_list_says_why_and_its_entry_is_refused_in_one_sentence(simcord_env, game_seed):
    table, game = await reach(
        simcord_env, game_seed, 2, lambda g: g.phase is Phase.ACTION and not all(g.hand(g.to_act))
    )
    actor = await table.actor()
    other = next(p for p in table.players if p is not actor)
    missing = next(c for c in COLOURS if not game.hand(game.to_act)[c])
    [why] = await actor.autocomplete(table.channel, "te tile", "square", "", color=missing.word)
    assert why["name"] == f"You hold no {missing.tile_name}s."
    version = (await table.record()).version
    result = await actor.slash(table.channel, "te tile", color=missing.word, square=why["value"])
    assert result.ephemeral and result.response.content == f"You hold no {missing.tile_name}s."
    [why] = await other.autocomplete(table.channel, "te choose", "option", "")
    assert why["name"] == f"It is {actor.user.name}'s turn."
    result = await other.slash(table.channel, "te choose", option=why["value"])
    assert result.response.content == f"It is {actor.user.name}'s turn."
    [why] = await actor.autocomplete(table.channel, "te choose", "option", "")
    assert why["name"] == "Nothing to choose now: it is your turn to play actions."
    assert (await table.record()).version == version  # nothing changed


async def test_a_revolt_and_a_war_are_named_in_the_list(simcord_env, game_seed):
    def revolt_possible(g) -> bool:
        if g.phase is not Phase.ACTION:
            return False
        for action in g.legal_actions():
            if action.kind == "leader":
                after = g.copy()
                after.apply(action)
                if after.phase is Phase.REVOLT_ATTACKER:
                    return True
        return False

    table, game = await reach(simcord_env, game_seed, 2, revolt_possible)
    actor = await table.actor()
    revolts = {}
    for colour in COLOURS:
        for choice in await actor.autocomplete(table.channel, "te leader", "square", "", color=colour.word):
            if "revolt against" in choice["name"]:
                revolts[(colour.word, choice["value"])] = choice["name"]
    assert revolts
    for (colour, square), label in revolts.items():
        after = game.copy()
        after.apply(f"leader {colour} {square}")
        rival = table.players[after.conflict.defender].user.name
        assert after.phase is Phase.REVOLT_ATTACKER and f"revolt against {rival}'s " in label


async def test_swaps_are_named_in_the_readers_words_with_the_notation_they_send(simcord_env, locales):
    """A swap's entry names the tiles as the reader says them (a Brazilian player read "red red blue"),
    its value stays the notation the command plays; typing filters by either."""
    table = await open_table(simcord_env, 2)
    actor = await table.actor()
    game = await table.game()
    hand = game.hand(game.to_act)
    locales.people[actor.id] = "pt-BR"
    choices = await actor.autocomplete(table.channel, "te swap", "tiles", "")
    swaps = {a.text.removeprefix("swap ") for a in game.legal_actions() if a.kind == "swap"}
    assert len(choices) == min(25, len(swaps)) and {c["value"] for c in choices} <= swaps
    one = next(c for c in COLOURS if hand[c])
    [single] = [c for c in choices if c["value"] == one.word]
    assert single["name"] == f"{tile_count(words_for('pt-BR'), one, 1)} ({one.word})"  # "1 templo (red)"
    two = [c for c in COLOURS if hand[c]][:2]
    if len(two) == 2:
        pair = " ".join(c.word for c in two)
        named = " e ".join(tile_count(words_for("pt-BR"), c, 1) for c in two)
        assert {"name": f"{named} ({pair})", "value": pair} in choices
    word = tile_count(words_for("pt-BR"), one, 1).split()[1]  # "templo"
    typed = await actor.autocomplete(table.channel, "te swap", "tiles", word)
    assert typed and all(one.word in c["value"] for c in typed)
    locales.people[actor.id] = "en-US"
    english = await actor.autocomplete(table.channel, "te swap", "tiles", one.word)
    assert english[0] == {"name": f"{tile_count(words_for('en'), one, 1)} ({one.word})", "value": one.word}
