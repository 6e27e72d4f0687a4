"""Autocomplete's squares (bot/squares.py): each legal square labelled with what the engine does when it is
played on a copy, the squares next to the player's own kingdoms first. Positions are written by hand."""

from __future__ import annotations

from bot.squares import matching, square_choices
from engine import Phase, parse_square, position, square_name
from engine.board import NEIGHBOURS
from i18n import words_for

EN = words_for("en")

NAMES = ["alice", "bob"]


def labels(game, kind, colour=None, seat=0) -> dict[str, str]:
    return {c.name: c.label for c in square_choices(EN, game, seat, kind, NAMES, colour)}


def test_a_tile_that_scores_for_the_player_says_so():
    game = position(at={"e5": "0R", "e6": "R"}, hands=["RR", ""])
    found = labels(game, "tile", "red")
    assert found["d5"] == "D5 · +1 red point"
    assert found["a1"] == "A1 · no point"


def test_a_point_for_another_player_is_named_as_theirs():
    game = position(at={"e5": "1R", "e6": "R"}, hands=["R", ""])
    assert labels(game, "tile", "red")["d5"] == "D5 · +1 red point for bob"


def test_a_tile_between_two_kingdoms_with_leaders_of_one_colour_starts_a_war():
    game = position(at={"c5": "0R", "c6": "R", "e5": "1R", "e6": "R"}, hands=["K", ""])
    assert labels(game, "tile", "black")["d5"] == "D5 · starts a war (red)"
    after = game.copy()
    after.apply("tile black d5")
    assert after.phase is Phase.WAR_ATTACKER  # what the label said


def test_a_tile_between_two_kingdoms_without_a_war_joins_them():
    game = position(at={"c5": "0R", "c6": "R", "e5": "1K", "e6": "R"}, hands=["G", ""])
    assert labels(game, "tile", "green")["d5"] == "D5 · joins two kingdoms"


def test_a_leader_into_a_kingdom_with_a_rival_of_its_colour_is_a_revolt_with_both_strengths():
    game = position(at={"e5": "1R", "e6": "R", "e4": "R"}, hands=["", ""])
    found = labels(game, "leader", "red")
    assert found["f6"] == "F6 · revolt against bob's priest (1 v 2 temples)"
    assert found["f4"] == "F4 · revolt against bob's priest (1 v 2 temples)"
    assert labels(game, "leader", "blue")["f6"] == "F6 · beside 1 temple"


def test_a_leader_on_the_board_says_where_it_moves_from():
    game = position(at={"b2": "0G", "c2": "R", "k5": "R"}, hands=["", ""])
    assert labels(game, "leader", "green")["k6"] == "K6 · moves from B2, beside 1 temple"


def test_a_catastrophe_says_what_it_destroys_and_whose_leader_goes_home():
    game = position(at={"e5": "1R", "e6": "R"}, hands=["", ""])
    found = labels(game, "catastrophe")
    assert found["e6"] == "E6 · destroys a temple, sends bob's priest home"
    assert found["a1"] == "A1 · on an empty square"


def test_squares_next_to_the_players_own_kingdoms_come_first_then_board_order():
    game = position(at={"h6": "0R", "h7": "R", "c10": "1R", "c11": "R"}, hands=["R", ""])
    choices = square_choices(EN, game, 0, "tile", NAMES, "red")
    own = set(game.region_squares(parse_square("h6")))
    near = {n for s in own for n in NEIGHBOURS[s]} - own
    flags = [c.action.square in near for c in choices]
    assert flags == sorted(flags, reverse=True) and any(flags) and not all(flags)
    far = [c.name for c in choices if c.action.square not in near]
    quiet = [n for n in far if not choices[[c.name for c in choices].index(n)].eventful]
    columns = [(parse_square(n) % 16, parse_square(n) // 16) for n in quiet]
    assert columns == sorted(columns)  # the rest, column by column as players type


def test_typing_filters_squares_starting_with_it_first():
    game = position(at={"e5": "0R", "e6": "R"}, hands=["R", ""])
    choices = square_choices(EN, game, 0, "tile", NAMES, "red")
    order = [c.name for c in choices]
    starting = [n for n in order if n.startswith("e")]
    containing = [n for n in order if "5" in n and not n.startswith("5")]
    assert [c.name for c in matching(choices, " E")] == starting  # in relevance order, as typed
    assert [c.name for c in matching(choices, "5")] == containing  # no square starts with a digit
    assert matching(choices, "") == choices


def test_without_a_colour_each_square_comes_once_with_each_colours_effect():
    game = position(at={"e5": "0R", "e6": "R"}, hands=["RK", ""])
    found = labels(game, "tile")
    assert found["d5"] == "D5 · red: +1 red point; black: no point"  # no king there (R10)
    assert len(found) == len(set(found))


def test_only_the_players_own_view_matters_and_the_end_of_the_turn_is_not_told():
    """The second action ends the turn: its draws from the bag are not told (R25); the labels of a
    position do not depend on the other hand."""
    game = position(at={"e5": "0R", "e6": "R"}, hands=["R", "RRRRRR"], actions_left=1)
    other = position(at={"e5": "0R", "e6": "R"}, hands=["R", "KKKKKK"], actions_left=1)
    assert labels(game, "tile", "red") == labels(other, "tile", "red")
    assert labels(game, "tile", "red")["d5"] == "D5 · +1 red point"
    assert all(square_name(c.action.square) == c.name for c in square_choices(EN, game, 0, "tile", NAMES))
