"""R29 and R29a (shared/reference/rulings.md), the wonder of the 2015 edition, a game option: one test per
sentence of the rulings and of the rule text ("WONDER VARIANT"), its example 7, the notation's ``point``
decision and its default, and how the wonder, the buildings and the monuments follow each other (R20).

Positions come from the position notation (tests/engine/positions.py): ``W`` on each of the wonder's five
squares. Seat 0 is active unless a test says otherwise.
"""

from __future__ import annotations

import pytest

from engine import Colour, IllegalActionError, NotationError, Phase, parse_square, public_view
from engine.board import MAPS, NEIGHBOURS
from tests.engine.positions import legal, play, position, pts, tile_total, tiles_by_colour, token

RED, BLUE, GREEN, BLACK = Colour
ON = {"wonder": True}
BOTH = {"wonder": True, "buildings": True}
PLUS = ("g5", "f6", "g6", "h6", "g7")  # centred on g6
# a wonder already erected on that plus
BUILT = dict.fromkeys(PLUS, "W")


def kinds(events: list) -> list[str]:
    return [e.kind for e in events]


def squares(*names: str) -> tuple[int, ...]:
    return tuple(parse_square(n) for n in names)


# ----------------------------- R29: a plus of five face-up tiles of one colour may be replaced by the wonder


def test_r29_the_fifth_tile_of_a_plus_offers_the_wonder_or_decline() -> None:
    at = {s: "G" for s in PLUS if s != "g6"}
    g = position(at=at, hands=["G", ""], **ON)
    g.apply("tile green g6")
    assert g.phase is Phase.WONDER and g.to_act == 0
    assert legal(g) == ["wonder g6", "decline"]
    assert g.default_action() is not None and g.default_action().text == "decline"
    with pytest.raises(IllegalActionError, match="centred on G6"):
        g.apply("wonder g5")


def test_r29_an_arm_completes_the_plus_too() -> None:
    at = {s: "K" for s in PLUS if s != "g7"}
    g = position(at=at, hands=["K", ""], **ON)
    g.apply("tile black g7")
    assert legal(g) == ["wonder g6", "decline"]


def test_r29_the_five_tiles_leave_the_game() -> None:
    at = {s: "G" for s in PLUS if s != "g6"}
    g = position(at=at, hands=["G", ""], **ON)
    g.apply("tile green g6")
    removed = g.removed[GREEN]
    events = g.apply("wonder g6")
    assert [(e.kind, e.colour, e.squares) for e in events[:1]] == [
        ("wonder", GREEN, squares("g6", "g5", "f6", "h6", "g7"))
    ]
    assert [token(g, s) for s in PLUS] == ["W"] * 5
    assert g.removed[GREEN] == removed + 5 and tile_total(g) == 153 and tiles_by_colour(g) == [57, 36, 30, 30]
    assert g.wonder == parse_square("g6") and g.piece_at("f6").kind == "wonder"
    view = public_view(g)
    assert view.wonder == parse_square("g6") and view.wonder_squares == squares(*PLUS)
    assert view.square("g5").wonder and view.square("g5").tile is None
    assert g.phase is Phase.ACTION and g.actions_left == 1


def test_r29_declined_the_plus_stays_and_is_never_offered_again() -> None:
    at = {s: "G" for s in PLUS if s != "g6"}
    g = position(at=at, hands=["GG", ""], **ON)
    g.apply("tile green g6")
    assert kinds(g.apply("decline")) == ["wonder-declined"]
    assert g.phase is Phase.ACTION and [token(g, s) for s in PLUS] == ["G"] * 5
    g.apply("tile green i6")  # extends the arm: no new plus
    assert g.phase is Phase.ACTION and g.active == 1


def test_r29_not_without_the_option_nor_from_mixed_colours() -> None:
    at = {s: "G" for s in PLUS if s != "g6"}
    g = position(at=at, hands=["G", ""])
    g.apply("tile green g6")
    assert g.phase is Phase.ACTION
    g = position(at={**at, "g7": "K"}, hands=["G", ""], **ON)
    g.apply("tile green g6")
    assert g.phase is Phase.ACTION
    with pytest.raises(NotationError, match="no wonder option"):
        position(at=BUILT)


def test_r29_farms_never_make_a_wonder_no_map_has_a_plus_of_river_squares() -> None:
    for board in MAPS.values():
        centres = [c for c in board.river if len(NEIGHBOURS[c]) == 4 and set(NEIGHBOURS[c]) <= board.river]
        assert centres == [], board.name
    with pytest.raises(NotationError, match="cannot cover the river square D4"):
        position(at=dict.fromkeys(("d4", "c5", "d5", "e5", "d6"), "W"), **ON)


# --------------------------------------------------------------------------- R29: it connects like a monument


def test_r29_the_wonder_connects_like_a_monument() -> None:
    # seat 0's king on e6 touches the wonder's west arm; a settlement beside the east arm joins his kingdom
    g = position(at={**BUILT, "e5": "R", "e6": "0K"}, hands=["K", ""], **ON)
    g.apply("tile black i6")
    assert pts(g, 0) == (0, 0, 0, 1)
    # i6 touches the wonder (seat 0's kingdom) and temple j6 (seat 1's): no leader may stand there (R6)
    g = position(at={**BUILT, "e5": "R", "e6": "0K", "j6": "R", "k6": "1K"}, hands=["", ""], **ON)
    assert "leader red i6" not in legal(g)
    with pytest.raises(IllegalActionError, match="unite two kingdoms"):
        g.apply("leader red i6")


def test_r29_a_tile_beside_it_can_unite_its_kingdom_with_another() -> None:
    g = position(at={**BUILT, "e5": "R", "e6": "0K", "j6": "R", "k6": "1K"}, hands=["K", ""], **ON)
    g.apply("tile black i6")  # between the wonder (seat 0's kingdom) and j6 (seat 1's): a war of kings
    assert g.phase is Phase.WAR_ATTACKER and g.unification == parse_square("i6")


# -------------------------------------------------------------------------- R29: it counts for nothing else


def test_r29_the_wonder_is_not_a_temple_for_leaders() -> None:
    g = position(at=BUILT, spares=0, hands=["", ""], **ON)  # no temple anywhere
    assert not [t for t in legal(g) if t.startswith("leader")]
    with pytest.raises(IllegalActionError, match="not next to a face-up temple"):
        g.apply("leader black i6")


def test_r29_the_wonder_is_not_a_supporter_and_cannot_be_destroyed() -> None:
    # seat 1's king on i6 (temple i5) touches the wonder's east arm, seat 0's on d6 (temple d5); a settlement
    # on e6 joins the two kingdoms: a war of kings in which the wonder's squares support nobody
    at = {**BUILT, "d5": "R", "d6": "0K", "i5": "R", "i6": "1K"}
    g = position(at=at, hands=["KK", ""], **ON)
    g.apply("tile black e6")
    assert g.phase is Phase.WAR_ATTACKER
    assert g.conflict_strengths() == (0, 0)
    play(g, "commit 1", "commit 0")
    assert token(g, "i6") == "." and pts(g, 0) == (0, 0, 0, 1)  # the king alone
    assert [token(g, s) for s in PLUS] == ["W"] * 5
    with pytest.raises(IllegalActionError, match="the wonder"):
        g.apply("catastrophe g6")
    assert not [t for t in legal(g) if t.startswith("catastrophe") and t.split()[1] in PLUS]


# ------------------------------------------------- R29: the active player's king by the wonder scores a point


KING_BY_THE_WONDER = {**BUILT, "e5": "R", "e6": "0K"}


def test_r29_at_the_end_of_the_turn_the_king_in_the_wonders_kingdom_scores_a_colour_of_choice() -> None:
    g = position(at=KING_BY_THE_WONDER, hands=["", ""], actions_left=1, **ON)
    events = g.apply("pass")
    assert "turn" not in kinds(events)
    assert g.phase is Phase.WONDER_POINT and g.to_act == 0 and g.actions_left == 0
    assert legal(g) == ["point red", "point blue", "point green", "point black"]
    assert g.forced_action() is None
    events = g.apply("point green")
    assert [(e.kind, e.seat, e.colour, e.count, e.private) for e in events[:1]] == [
        ("wonder-point", 0, GREEN, 1, True)
    ]
    assert pts(g, 0) == (0, 0, 1, 0)
    assert g.phase is Phase.ACTION and g.active == 1 and kinds(events)[-1] == "turn"


def test_r29_after_the_turns_second_action_on_the_board_as_it_is_then() -> None:
    g = position(at=KING_BY_THE_WONDER, hands=["KK", ""], actions_left=2, **ON)
    g.apply("tile black e7")  # the first action: no point yet
    assert g.phase is Phase.ACTION and pts(g, 0) == (0, 0, 0, 1)
    g.apply("tile black d6")
    assert g.phase is Phase.WONDER_POINT
    g = position(at=KING_BY_THE_WONDER, hands=["", ""], actions_left=1, **ON)
    g.apply("withdraw black")  # the king has left the wonder's kingdom: nothing
    assert g.phase is Phase.ACTION and g.active == 1


def test_r29_only_the_active_players_king_and_only_in_the_wonders_kingdom() -> None:
    g = position(at={**BUILT, "e5": "R", "e6": "1K"}, hands=["", ""], actions_left=1, **ON)
    g.apply("pass")
    assert g.phase is Phase.ACTION and g.active == 1  # seat 1's king, seat 0's turn
    g = position(at={**BUILT, "e5": "R", "d5": "0K"}, hands=["", ""], actions_left=1, **ON)
    g.apply("pass")  # d5 touches e5 only: another kingdom
    assert g.phase is Phase.ACTION and g.active == 1


def test_r29_the_default_point_is_the_colour_with_the_fewest_points_ties_red_blue_green_black() -> None:
    for points, default in (
        ((3, 1, 2, 4), "point blue"),
        ((2, 2, 1, 1), "point green"),
        ((0, 0, 0, 0), "point red"),
        ((5, 5, 5, 4), "point black"),
    ):
        g = position(at=KING_BY_THE_WONDER, hands=["", ""], points=[points, None], actions_left=1, **ON)
        g.apply("pass")
        action = g.default_action()
        assert action is not None and action.text == default


def test_example_7_the_king_linked_to_the_wonder_gains_one_point_of_his_choice() -> None:
    # the wonder (A) on the plus around g6; the king (B) on k6 beside temple k5, linked to it through the
    # markets i6 and j6
    at = {**BUILT, "i6": "G", "j6": "G", "k5": "R", "k6": "0K"}
    g = position(at=at, hands=["", ""], actions_left=1, points=[(2, 3, 1, 2), None], **ON)
    g.apply("pass")
    assert g.phase is Phase.WONDER_POINT
    g.apply("point green")
    assert pts(g, 0) == (2, 3, 2, 2)


# --------------------------------------------------------------------------------------------- R29a


# g6 completes the 2x2 f5 g5 f6 g6 and the plus around g6 (and two lines of three through g6)
SQUARE_AND_PLUS = {**{s: "K" for s in PLUS if s != "g6"}, "f5": "K"}


def test_r29a_the_monument_first_then_the_wonder_if_the_plus_still_stands() -> None:
    at = SQUARE_AND_PLUS
    g = position(at=at, hands=["K", ""], **ON)
    g.apply("tile black g6")
    assert g.phase is Phase.MONUMENT
    g.apply("decline")
    assert g.phase is Phase.WONDER and legal(g) == ["wonder g6", "decline"]
    g.apply("wonder g6")
    assert token(g, "f5") == "K" and token(g, "g6") == "W"
    g = position(at=at, hands=["K", ""], **ON)
    play(g, "tile black g6", "monument green-black f5")
    assert g.phase is Phase.ACTION  # the plus lost g5, f6, g6: no wonder


def test_r29a_building_then_monument_then_wonder() -> None:
    g = position(at=SQUARE_AND_PLUS, hands=["K", ""], **BOTH)
    g.apply("tile black g6")
    assert g.phase is Phase.BUILDING
    g.apply("building black g6")
    assert g.phase is Phase.MONUMENT
    g.apply("decline")
    assert g.phase is Phase.WONDER
    events = g.apply("wonder g6")
    assert ("building-returned", BLACK, squares("g6")) in [(e.kind, e.colour, e.squares) for e in events]
    assert g.buildings[BLACK] is None and tile_total(g) == 153


def test_r29a_a_treasure_on_a_temple_of_the_plus_moves_onto_the_wonder_and_stays_collectable() -> None:
    # seat 0's trader on e5 beside temple e6 (with a treasure), which touches the plus's west arm f6
    at = {"g5": "R$", "f6": "R", "h6": "R", "g7": "R", "e6": "R$", "e5": "0G"}
    g = position(at=at, hands=["R", ""], **ON)
    g.apply("tile red g6")
    assert g.phase is Phase.WONDER  # R20: the wonder before the treasures
    g.apply("wonder g6")
    assert token(g, "g5") == "W$" and parse_square("g5") in g.treasures
    assert g.piece_at("g5").treasure and public_view(g).square("g5").treasure
    # two treasures in the trader's kingdom: one must be taken (R22), the wonder's among them
    assert g.phase is Phase.TREASURE and legal(g) == ["treasure g5", "treasure e6"]
    g.apply("treasure g5")
    assert token(g, "g5") == "W" and g.treasures_held[0] == 1


def test_r29a_a_treasure_on_the_wonder_cannot_be_destroyed() -> None:
    g = position(at={**BUILT, "g5": "W$"}, hands=["", ""], **ON)
    assert not g.is_legal("catastrophe g5")


def test_r29a_leaders_left_without_a_face_up_temple_are_withdrawn() -> None:
    # seat 1's priest on i6 touches only the east arm h6
    at = {"g5": "R", "f6": "R", "h6": "R", "g7": "R", "i6": "1R"}
    g = position(at=at, hands=["R", ""], **ON)
    g.apply("tile red g6")
    events = g.apply("wonder g6")
    assert [(e.kind, e.seat, e.colour) for e in events if e.kind == "stranded"] == [("stranded", 1, RED)]
    assert token(g, "i6") == "." and g.leader_square(1, RED) is None


def test_r29a_one_wonder_per_game() -> None:
    at = {**BUILT, **dict.fromkeys(("k5", "j6", "l6", "k7"), "G")}
    g = position(at=at, hands=["G", ""], **ON)
    g.apply("tile green k6")
    assert g.phase is Phase.ACTION
    with pytest.raises(NotationError, match="five squares in a plus"):
        position(at={**BUILT, "k6": "W"}, **ON)
