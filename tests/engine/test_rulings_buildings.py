"""R28 and R28a (shared/reference/rulings.md), the civilization buildings of the 2015 edition, a game option:
one test per sentence of the rulings and of the rule text ("CIVILIZATION BUILDINGS"), and its example 6.

Positions come from the position notation (tests/engine/positions.py): a building is the suffix ``^`` on a
face-up tile of its colour (``G^`` is the market hall on a market). Seat 0 is active unless a test says
otherwise.
"""

from __future__ import annotations

import pytest

from engine import Colour, IllegalActionError, NotationError, Phase, parse_square, public_view
from tests.engine.positions import legal, play, position, pts, tile_total, token

RED, BLUE, GREEN, BLACK = Colour
ON = {"buildings": True}


def kinds(events: list) -> list[str]:
    return [e.kind for e in events]


def squares(*names: str) -> list[int]:
    return [parse_square(n) for n in names]


# ---------------------------------------------------------------------------- R28: four buildings


def test_r28_four_buildings_one_per_colour_start_beside_the_board() -> None:
    g = position(at={}, hands=["", ""], **ON)
    assert g.buildings == [None, None, None, None]
    view = public_view(g)
    assert view.use_buildings and view.buildings == () and view.buildings_beside == tuple(Colour)
    assert [c.building_name for c in Colour] == ["library", "granary", "market hall", "palace"]
    with pytest.raises(NotationError, match="one building of each colour"):
        position(at={"f6": "G^", "h10": "G^"}, **ON)


def test_r28_without_the_option_there_are_no_buildings() -> None:
    g = position(at={"f6": "G", "g6": "G"}, hands=["G", ""])
    g.apply("tile green h6")
    assert g.phase is Phase.ACTION and g.actions_left == 1
    assert public_view(g).buildings_beside == ()
    with pytest.raises(NotationError, match="no buildings option"):
        position(at={"f6": "G^"})


# --------------------------------------------------- R28: a line of three lets the player put the building


def test_r28_a_horizontal_line_of_three_offers_the_building_on_any_of_its_tiles() -> None:
    g = position(at={"f6": "G", "g6": "G"}, hands=["G", ""], **ON)
    events = g.apply("tile green h6")
    assert kinds(events) == ["tile"]  # no kingdom, no point; the choice waits
    assert g.phase is Phase.BUILDING and g.to_act == 0
    assert legal(g) == ["building green f6", "building green g6", "building green h6", "decline"]
    events = g.apply("building green g6")
    assert [(e.kind, e.colour, e.squares) for e in events[:1]] == [("building", GREEN, (parse_square("g6"),))]
    assert token(g, "g6") == "G^" and g.buildings[GREEN] == parse_square("g6")
    assert g.piece_at("g6").building and g.phase is Phase.ACTION and g.actions_left == 1
    assert public_view(g).buildings == ((GREEN, parse_square("g6")),)
    assert public_view(g).square("g6").building


def test_r28_a_vertical_line_of_three_too() -> None:
    g = position(at={"f5": "K", "f6": "K"}, hands=["K", ""], **ON)
    g.apply("tile black f7")
    assert legal(g) == ["building black f5", "building black f6", "building black f7", "decline"]


def test_r28_two_in_a_line_or_a_bent_trio_offer_nothing() -> None:
    g = position(at={"f6": "G"}, hands=["GG", ""], **ON)
    g.apply("tile green g6")
    assert g.phase is Phase.ACTION
    g.apply("tile green g7")  # f6 g6 g7: three markets, but not in a straight line (example 6, C)
    assert g.phase is Phase.ACTION and g.active == 1


def test_r28_the_line_is_unbroken_face_up_tiles_of_one_colour() -> None:
    # a settlement in the line, and a face-down market (under a monument) at its end, both break it
    at = {"f6": "G", "g6": "K", "h6": "G", "j5": "g", "k5": "g", "j6": "g", "k6": "g", "l6": "G"}
    g = position(at=at, monuments=[("green-black", "j5")], hands=["GG", ""], **ON)
    g.apply("tile green i6")  # h6 i6 face up, j6 face down: two
    assert g.phase is Phase.ACTION
    g.apply("tile green m6")  # l6 m6: two
    assert g.phase is Phase.ACTION


def test_r28_a_farm_line_on_the_river() -> None:
    g = position(at={"a4": "B", "b4": "B"}, hands=["B", ""], **ON)
    g.apply("tile blue c4")
    assert legal(g) == ["building blue a4", "building blue b4", "building blue c4", "decline"]
    g.apply("building blue a4")
    assert token(g, "a4") == "B^"


# ------------------------------------------------------------- R28: or move it there from a shorter line


def test_r28_the_building_moves_to_a_longer_line() -> None:
    at = {"f6": "G^", "g6": "G", "h6": "G", "f10": "G", "g10": "G", "h10": "G"}
    g = position(at=at, hands=["G", ""], **ON)
    g.apply("tile green i10")  # four against the building's three
    assert legal(g) == [f"building green {s}" for s in ("f10", "g10", "h10", "i10")] + ["decline"]
    events = g.apply("building green h10")
    assert [(e.kind, e.squares) for e in events[:1]] == [("building-moved", tuple(squares("f6", "h10")))]
    assert token(g, "f6") == "G" and token(g, "h10") == "G^"


def test_r28_not_to_a_line_as_long_as_its_own() -> None:
    at = {"f6": "G^", "g6": "G", "h6": "G", "f10": "G", "g10": "G"}
    g = position(at=at, hands=["G", ""], **ON)
    g.apply("tile green h10")  # three against three: no choice at all
    assert g.phase is Phase.ACTION and token(g, "f6") == "G^"


def test_r28_on_a_crossing_the_new_line_must_be_longer_than_each_of_its_lines() -> None:
    # the palace on k5: a horizontal line of three (j5 k5 l5) and a vertical one of four (k5 k6 k7 k8)
    crossing = {"j5": "K", "k5": "K^", "l5": "K", "k6": "K", "k7": "K", "k8": "K"}
    g = position(at={**crossing, "b11": "K", "c11": "K", "d11": "K"}, hands=["K", ""], **ON)
    g.apply("tile black e11")  # four: longer than three, not than four
    assert g.phase is Phase.ACTION and token(g, "k5") == "K^"
    g = position(at={**crossing, "b11": "K", "c11": "K", "d11": "K", "e11": "K"}, hands=["K", ""], **ON)
    g.apply("tile black f11")  # five
    assert g.phase is Phase.BUILDING
    assert legal(g)[:2] == ["building black b11", "building black c11"]


def test_r28_a_building_left_on_a_broken_line_moves_to_any_new_line() -> None:
    # a war took the rest of its line: it stands on no line, so any line of three is longer
    g = position(at={"f6": "G^", "f10": "G", "g10": "G"}, hands=["G", ""], **ON)
    g.apply("tile green h10")
    assert legal(g) == ["building green f10", "building green g10", "building green h10", "decline"]


# --------------------------------------------------- R28: a tile in the building's kingdom scores 2, not 1


def test_r28_the_leader_of_the_colour_scores_two_in_the_kingdom_of_its_building() -> None:
    g = position(at={"e5": "0G", "f5": "R", "e6": "G^"}, hands=["GG", ""], **ON)
    events = g.apply("tile green d6")
    assert pts(g, 0) == (0, 0, 2, 0)
    assert [(e.kind, e.count) for e in events] == [("tile", 0), ("point", 2)]


def test_r28_the_king_scores_two_failing_the_leader() -> None:
    g = position(at={"e5": "1K", "f5": "R", "e6": "G^"}, hands=["G", ""], **ON)
    g.apply("tile green d6")
    assert pts(g, 1) == (0, 0, 2, 0) and pts(g, 0) == (0, 0, 0, 0)


def test_r28_one_point_as_before_without_the_building_in_the_kingdom() -> None:
    # the market hall stands elsewhere; the library in the kingdom is not the market's building
    at = {"e5": "0G", "f5": "R^", "h10": "G^"}
    g = position(at=at, hands=["GG", ""], **ON)
    g.apply("tile green e6")
    assert pts(g, 0) == (0, 0, 1, 0)


def test_r28_a_tile_that_joins_the_building_to_the_kingdom_scores_two() -> None:
    # the market hall on g6 is in a region without a leader; the market on f6 joins it to the trader's kingdom
    g = position(at={"e5": "0G", "e4": "R", "g6": "G^"}, hands=["G", ""], **ON)
    g.apply("tile green e6")
    assert pts(g, 0) == (0, 0, 1, 0)
    g = position(at={"e5": "0G", "e4": "R", "e6": "G", "g6": "G^"}, hands=["G", ""], **ON)
    g.apply("tile green f6")
    assert pts(g, 0) == (0, 0, 2, 0)


def test_r28_conflict_and_monument_rewards_are_unaffected() -> None:
    # a revolt in a kingdom holding the library: the winner still scores one amulet
    at = {"f5": "R^", "f6": "1R", "g6": "R", "g7": "R"}
    g = position(at=at, hands=["RR", ""], **ON)
    play(g, "leader red h6", "commit 2", "commit 0")  # 3 against 2
    assert pts(g, 0) == (1, 0, 0, 0)
    # monument points at the end of the turn: one per monument, building or not
    at = {"f6": "r", "g6": "r", "f7": "r", "g7": "r", "e6": "R^", "e7": "0R"}
    g = position(at=at, monuments=[("red-blue", "f6")], hands=["", ""], actions_left=1, **ON)
    g.apply("pass")
    assert pts(g, 0) == (1, 0, 0, 0)


# ------------------------------------------------------------------ R28: the tile under it in conflicts


def test_r28_the_temple_under_a_building_counts_in_a_revolt() -> None:
    g = position(at={"f5": "R^", "f6": "1R", "g6": "R"}, hands=["", ""], **ON)
    g.apply("leader red h6")
    assert g.conflict_strengths() == (1, 2)


# two trader kingdoms joined by a market on h5: seat 0 (trader e5, temple f5, market g5) attacks seat 1
# (trader k5, temple j5, markets i5 and j6); the market hall stands on i5, on seat 1's side
WAR = {"e5": "0G", "f5": "R", "g5": "G", "i5": "G^", "j5": "R", "j6": "G", "k5": "1G"}


def test_r28_the_tile_under_a_building_counts_as_a_supporter_but_a_war_cannot_remove_it() -> None:
    g = position(at=WAR, hands=["GGG", ""], **ON)
    g.apply("tile green h5")
    assert g.conflict_strengths() == (1, 2)  # i5 counts for seat 1
    events = play(g, "commit 2", "commit 0")  # 3 against 2: seat 0 wins
    won = next(e for e in events if e.kind == "war-won")
    assert won.squares == tuple(squares("k5", "j6"))  # the trader and j6; i5 stays
    assert pts(g, 0) == (0, 0, 2, 0)  # the leader and the one tile actually removed
    assert token(g, "i5") == "G^" and token(g, "j6") == "." and token(g, "k5") == "."
    assert tile_total(g) == 153


def test_r28_the_tile_under_a_building_cannot_take_a_catastrophe() -> None:
    g = position(at={"f6": "G^", "g6": "G"}, hands=["", ""], **ON)
    assert "catastrophe f6" not in legal(g) and "catastrophe g6" in legal(g)
    with pytest.raises(IllegalActionError, match="under the market hall"):
        g.apply("catastrophe f6")
    g.apply("catastrophe g6")
    assert token(g, "g6") == "X" and token(g, "f6") == "G^"


# ------------------------------------------------ R28: flipping its tile for a monument returns the building


# a green 2x2 f6 g6 f7 g7 waits for g7, which also makes the line f7 g7 h7 i7
SQUARE_AND_LINE = {"e6": "0G", "e5": "R", "f6": "G", "g6": "G", "f7": "G", "h7": "G", "i7": "G"}


def test_r28_flipping_the_tile_under_a_building_for_a_monument_returns_it_beside_the_board() -> None:
    g = position(at=SQUARE_AND_LINE, hands=["G", ""], **ON)
    g.apply("tile green g7")
    assert g.phase is Phase.BUILDING  # R20: the building comes before the monument
    g.apply("building green f7")
    assert g.phase is Phase.MONUMENT and g.to_act == 0
    events = g.apply("monument green-black f6")
    assert [(e.kind, e.colour, e.squares) for e in events[:2]] == [
        ("monument", None, tuple(squares("f6", "g6", "f7", "g7"))),
        ("building-returned", GREEN, tuple(squares("f7"))),
    ]
    assert g.buildings[GREEN] is None and token(g, "f7") == "g"
    assert public_view(g).buildings_beside == tuple(Colour)


def test_r28_a_building_beside_the_monument_stays() -> None:
    g = position(at=SQUARE_AND_LINE, hands=["G", ""], **ON)
    play(g, "tile green g7", "building green i7", "monument green-black f6")
    assert token(g, "i7") == "G^"


# ------------------------------------------------------- R28: after conflicts and before monuments (R20)


def test_r28_the_building_is_offered_after_the_war_on_the_board_it_left() -> None:
    # h4 and h6 touch only h5: they are nobody's supporters; the war removes i5, breaking g5 h5 i5, but the
    # vertical line h4 h5 h6 stands
    at = {**WAR, "i5": "G", "h4": "G", "h6": "G"}
    g = position(at=at, hands=["GGG", ""], **ON)
    g.apply("tile green h5")
    assert g.phase is Phase.WAR_ATTACKER
    play(g, "commit 2", "commit 0")
    assert token(g, "i5") == "."
    assert g.phase is Phase.BUILDING and g.to_act == 0  # the placer decides, after the defender's choice
    assert legal(g) == ["building green h4", "building green h5", "building green h6", "decline"]


def test_r28_no_building_if_the_war_broke_the_line() -> None:
    g = position(at={**WAR, "i5": "G"}, hands=["GGG", ""], **ON)
    play(g, "tile green h5", "commit 2", "commit 0")
    assert g.phase is Phase.ACTION and token(g, "i5") == "."


def test_r28_the_building_before_the_monument_declined_or_not() -> None:
    g = position(at=SQUARE_AND_LINE, hands=["G", ""], **ON)
    events = g.apply("tile green g7")
    assert g.phase is Phase.BUILDING
    events = g.apply("decline")
    assert kinds(events) == ["building-declined"] and events[0].colour is GREEN
    assert g.phase is Phase.MONUMENT
    g.apply("decline")
    assert g.phase is Phase.ACTION and g.buildings[GREEN] is None


# ------------------------------------------------------------------------------------------ R28a


def test_r28a_a_tile_completing_two_lines_offers_any_tile_of_either() -> None:
    g = position(at={"f6": "G", "g6": "G", "h7": "G", "h8": "G"}, hands=["G", ""], **ON)
    g.apply("tile green h6")
    options = ["f6", "g6", "h6", "h7", "h8"]
    assert legal(g) == [f"building green {s}" for s in options] + ["decline"]


def test_r28a_each_line_is_judged_on_its_own_against_the_buildings_lines() -> None:
    # the market hall stands on a line of three: the new horizontal four qualifies, the vertical three not
    at = {"f6": "G", "g6": "G", "h6": "G", "i7": "G", "i8": "G", "b10": "G^", "c10": "G", "d10": "G"}
    g = position(at=at, hands=["G", ""], **ON)
    g.apply("tile green i6")
    assert legal(g) == [f"building green {s}" for s in ("f6", "g6", "h6", "i6")] + ["decline"]


def test_r28a_extending_the_buildings_own_line_lets_it_move_along_it() -> None:
    g = position(at={"f6": "G^", "g6": "G", "h6": "G"}, hands=["G", ""], **ON)
    g.apply("tile green i6")
    # not to its own square: that would be no move
    assert legal(g) == ["building green g6", "building green h6", "building green i6", "decline"]
    g.apply("building green i6")
    assert token(g, "f6") == "G" and token(g, "i6") == "G^"


def test_r28a_at_most_one_building_of_the_tiles_colour() -> None:
    g = position(
        at={"f6": "G", "g6": "G", "h7": "G", "h8": "G", "f10": "R", "g10": "R"}, hands=["G", ""], **ON
    )
    g.apply("tile green h6")
    with pytest.raises(IllegalActionError, match="only the market hall"):
        g.apply("building red g10")
    with pytest.raises(IllegalActionError, match="may go on F6, G6, H6, H7, H8"):
        g.apply("building green f10")
    g.apply("building green h8")
    assert g.phase is Phase.ACTION  # one choice, then the action goes on
    assert not g.is_legal("building green f6")
    with pytest.raises(IllegalActionError, match="no conflict, building, monument, wonder or treasure"):
        g.apply("decline")


def test_r28a_the_choice_is_the_placers_with_decline_as_default() -> None:
    g = position(at={"f6": "G", "g6": "G"}, hands=["G", ""], **ON)
    g.apply("tile green h6")
    assert g.to_act == 0 and g.default_action() is not None and g.default_action().text == "decline"
    assert g.forced_action() is None
    assert public_view(g).choices[-1] == "decline"


# ------------------------------------------------------------------------------------ example 6


def test_example_6_granary_library_no_market_hall_and_a_palace_at_d() -> None:
    # A: farms on the river b4 c4 d4; B: temples f5 f6 f7; C: markets h5 i5 i6 (bent);
    # D: settlements k6 k7 wait for k8
    at = {
        "b4": "B", "c4": "B", "f5": "R", "f6": "R", "h5": "G", "i5": "G",
        "k6": "K", "k7": "K",
    }  # fmt: skip
    g = position(at=at, hands=["BRGK", ""], actions_left=2, **ON)
    g.apply("tile blue d4")  # A: a granary can be placed on the line of three farms
    assert legal(g) == ["building blue b4", "building blue c4", "building blue d4", "decline"]
    g.apply("building blue c4")
    g.apply("tile red f7")  # B: a library on the vertical line of three temples
    assert legal(g) == ["building red f5", "building red f6", "building red f7", "decline"]
    g.apply("building red f5")
    assert g.active == 1
    g = position(at={**at, "b4": "B", "c4": "B^", "d4": "B", "f7": "R", "f5": "R^"}, hands=["GK", ""], **ON)
    g.apply("tile green i6")  # C: three markets, not in a straight line
    assert g.phase is Phase.ACTION
    g.apply("tile black k8")  # D: a palace on the new vertical line of settlements
    assert legal(g) == ["building black k6", "building black k7", "building black k8", "decline"]
    g.apply("building black k8")
    assert [token(g, s) for s in ("c4", "f5", "k8")] == ["B^", "R^", "K^"]
    assert public_view(g).buildings_beside == (GREEN,)
