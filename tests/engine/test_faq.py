"""Every answer of shared/rules/faq-confirmed-by-designer.txt (confirmed by Reiner Knizia), on the engine.

The FAQ's layout pictures are lost in the text; the "four groups" layout below follows its words: an empty
square (g5) with one group on each side.
"""

from __future__ import annotations

import dataclasses

import pytest

from engine import IllegalActionError, Phase, public_view
from tests.engine.positions import hand, legal, legal_of, play, position, pts, tile_total, token

# Four separate groups around g5: a kingdom (temple g4 with seat 0's king g3) and three regions without
# leaders: temple f5, market h5, settlement g6.
FOUR_GROUPS = {"g4": "R", "g3": "0K", "f5": "R", "h5": "G", "g6": "K"}


# ------------------------------------------------------------------------------------ Kingdoms / actions


def test_faq_the_same_action_twice_after_a_failed_revolt() -> None:
    at = {"f5": "R", "g5": "1R", "g6": "R"}
    g = position(at=at, hands=["RRBBGK", "RRRR"], actions_left=2)
    play(g, "leader red e5", "commit 0", "commit 0")  # 1 against 2: the attacker loses
    assert token(g, "e5") == "." and g.actions_left == 1 and g.active == 0
    assert "leader red e5" in legal(g)
    g.apply("leader red e5")  # the same leader on the same square again
    assert g.phase is Phase.REVOLT_ATTACKER and g.to_act == 0


def test_faq_discarded_tiles_never_return_and_cannot_be_inspected() -> None:
    g = position(at={}, hands=["RRRRRR", ""], bag=[3, 0, 0, 0], actions_left=2)
    before = g.removed[:]
    g.apply("swap red red red red")
    assert g.removed[0] == before[0] + 4 and g.bag == [
        0,
        0,
        0,
        0,
    ]  # the discards did not go back into the bag
    assert hand(g, 0) == "RRRRR"  # 2 kept + the 3 the bag held
    assert tile_total(g) == 153
    names = {f.name for f in dataclasses.fields(public_view(g))}
    assert "removed" not in names and "discards" not in names


# ------------------------------------------------------------------------------ Leader and tile placements


def test_faq_example_1_a_leader_may_link_regions_to_one_kingdom() -> None:
    g = position(at=FOUR_GROUPS, hands=["KK", ""], actions_left=2)
    assert "leader red g5" in legal(g)
    g.apply("leader red g5")
    assert g.phase is Phase.ACTION and token(g, "g5") == "0R"
    g.apply("tile black i5")  # next to the market h5: now part of the single kingdom, the king scores
    assert pts(g, 0) == (0, 0, 0, 1)


def test_faq_example_2_a_tile_linking_regions_to_one_kingdom_scores() -> None:
    g = position(at=FOUR_GROUPS, hands=["G", ""], actions_left=1)
    events = g.apply("tile green g5")
    assert "unification" not in [e.kind for e in events]
    assert pts(g, 0) == (0, 0, 1, 0)  # the king's owner picks up a green point


def test_faq_example_3_two_kingdoms_no_leader_link_and_a_tile_link_scores_nothing() -> None:
    # now a priest (seat 1) stands by the temple f5 with a market f6: two kingdoms among the four groups
    g = position(at={**FOUR_GROUPS, "e5": "1R", "f6": "G"}, hands=["GRBK", "RRRR"], actions_left=1)
    for colour in ("red", "blue", "green"):  # (the king may move there: lifted first, R7)
        assert f"leader {colour} g5" not in legal(g)
    with pytest.raises(IllegalActionError, match="unite two kingdoms"):
        g.apply("leader red g5")
    events = g.apply("tile green g5")  # allowed, no conflict, but the point is not distributed
    assert [e.kind for e in events][:3] == ["tile", "unification", "unification-lifted"]
    assert pts(g, 0) == (0, 0, 0, 0) and pts(g, 1) == (0, 0, 0, 0)


def test_faq_moving_the_sole_link_between_two_kingdoms_to_another_linking_square() -> None:
    at = {"f4": "R", "f5": "R", "g5": "0K", "h5": "R", "h4": "R", "e5": "1G", "i5": "1B"}
    g = position(at=at)
    with pytest.raises(IllegalActionError, match="unite two kingdoms"):
        g.apply("leader black g4")
    # "the difficulty only arises where each part would be a valid kingdom in its own right"
    g = position(at={**at, "i5": "."})
    g.apply("leader black g4")
    assert token(g, "g4") == "0K"


def test_faq_the_four_limits_of_leader_placement() -> None:
    g = position(at={"e5": "0K", "f5": "R", "h5": "R", "i5": "1G", "f6": "K"}, spares=0)
    with pytest.raises(IllegalActionError, match="not empty"):
        g.apply("leader red f6")  # 1. an empty space
    with pytest.raises(IllegalActionError, match="not next to a face-up temple"):
        g.apply("leader red f7")  # 2. adjacent to a temple
    with pytest.raises(IllegalActionError, match="unite two kingdoms"):
        g.apply("leader red g5")  # 4. may not join two kingdoms
    g2 = position(at={"d5": "R"}, spares=0)
    with pytest.raises(IllegalActionError, match="river"):
        g2.apply("leader red d4")  # 3. not a river space
    assert legal_of(g2, "leader")[:3] == ["leader red c5", "leader red e5", "leader red d6"]


def test_faq_a_tile_may_join_two_regions_and_two_kingdoms_but_not_three_kingdoms() -> None:
    # the screen's "2+ kingdoms" is a misprint: three kingdoms may never be joined
    at = {"f5": "R", "e5": "0K", "h5": "R", "i5": "1K", "g4": "R", "g3": "1G"}
    g = position(at=at, hands=["K", ""], spares=0)
    with pytest.raises(IllegalActionError, match="three kingdoms"):
        g.apply("tile black g5")
    g = position(at={"f5": "K", "h5": "K"}, hands=["K", ""], actions_left=1)
    g.apply("tile black g5")  # joins two regions
    assert g.unification is None and pts(g, 0) == (0, 0, 0, 0)


def test_faq_distribution_of_points_the_three_cases_of_no_point() -> None:
    # 1. not in (or adjacent to) a kingdom
    g = position(at={"f5": "R", "e5": "0K"}, hands=["K", ""], actions_left=1)
    g.apply("tile black k8")
    assert pts(g, 0) == (0, 0, 0, 0)
    # 2. no king and no leader of the colour
    g = position(at={"f5": "R", "e5": "0B"}, hands=["K", ""], actions_left=1)
    g.apply("tile black f6")
    assert pts(g, 0) == (0, 0, 0, 0)
    # 3. joins two kingdoms
    g = position(at={"f5": "R", "e5": "0K", "h5": "R", "i5": "1B"}, hands=["K", ""], actions_left=1)
    g.apply("tile black g5")
    assert pts(g, 0) == (0, 0, 0, 0) and pts(g, 1) == (0, 0, 0, 0)
    # and the ordinary case: adjacent to a kingdom with a king
    g = position(at={"f5": "R", "e5": "0K"}, hands=["K", ""], actions_left=1)
    g.apply("tile black f6")
    assert pts(g, 0) == (0, 0, 0, 1)


# ------------------------------------------------------------------------------------------ Catastrophes


def test_faq_a_catastrophe_may_go_on_a_river_square_or_an_empty_square() -> None:
    g = position(at={}, hands=["", ""])
    assert "catastrophe e1" in legal(g) and "catastrophe g5" in legal(g)
    play(g, "catastrophe e1", "catastrophe g5")
    assert token(g, "e1") == "X" and token(g, "g5") == "X"
    assert g.catastrophes == [0, 2] and tile_total(g) == 153


def test_faq_a_catastrophe_stays_for_the_rest_of_the_game_and_blocks_the_square() -> None:
    g = position(at={"f5": "R"}, hands=["RRBBGK", "RRBBGK"])
    play(g, "catastrophe e5", "pass")
    for _ in range(3):
        g.apply("pass")
    assert token(g, "e5") == "X" and g.turn == 5
    assert not [t for t in legal(g) if t.endswith(" e5")]
    with pytest.raises(IllegalActionError, match="not empty"):
        g.apply("tile red e5")
    with pytest.raises(IllegalActionError, match="not empty"):
        g.apply("leader red e5")
    g2 = position(at={"e1": "X"}, hands=["B", ""])
    with pytest.raises(IllegalActionError, match="not empty"):
        g2.apply("tile blue e1")


# ------------------------------------------------------------------------------------------------ Conflicts


def test_faq_leader_placement_causes_only_internal_conflicts_with_one_red_point() -> None:
    at = {"f5": "R", "g5": "1B", "g6": "R"}
    g = position(at=at, hands=["RRRRRR", "R"])
    play(g, "leader blue e5", "commit 6", "commit 0")  # a farmer revolt, won with many temples
    assert pts(g, 0) == (1, 0, 0, 0)  # one and only one red point, not blue


def test_faq_tile_placement_causes_only_external_conflicts_points_in_several_colours() -> None:
    # two wars from one tile: priests (f4 / j4) and kings (e5 / k5)
    at = {"e5": "0K", "f4": "0R", "f5": "R", "g5": "K", "i5": "K", "j5": "R", "k5": "1K", "j4": "1R"}
    g = position(at=at, hands=["KKR", ""], actions_left=1)
    g.apply("tile black h5")
    assert g.phase is Phase.WAR_CHOICE and legal(g) == ["war red", "war black"]
    g.apply("war red")
    play(g, "commit 1", "commit 0")  # 2 against 1
    assert token(g, "j4") == "." and token(g, "j5") == "R"  # j5 touches the king k5: it stays (R18)
    assert pts(g, 0) == (1, 0, 0, 0)
    assert g.conflict is not None and g.conflict.colour.word == "black"
    play(g, "commit 1", "commit 0")  # 2 against 1
    assert token(g, "k5") == "." and token(g, "i5") == "."
    assert pts(g, 0) == (1, 0, 0, 2)


# ------------------------------------------------------------------------------------------------ Monuments


def test_faq_the_last_tile_scores_and_the_monument_scores_again_at_the_end_of_the_turn() -> None:
    at = {"e5": "0R", "e4": "R", "f5": "R", "g5": "R", "f6": "R"}
    g = position(at=at, hands=["R", ""], actions_left=1)
    g.apply("tile red g6")
    assert pts(g, 0) == (1, 0, 0, 0)
    g.apply("monument red-green f5")
    assert pts(g, 0) == (2, 0, 0, 0)  # two red points in all


# ------------------------------------------------------------------------------------------------ Treasures


def test_faq_a_player_must_pick_up_treasure_and_it_may_end_the_game() -> None:
    g = position(at={"f5": "R$", "h5": "R$", "k8": "R$"}, spares=0, hands=["", ""], actions_left=1)
    g.apply("leader green g5")
    assert g.phase is Phase.TREASURE and "pass" not in legal(g)  # no way round it
    g.apply("treasure h5")
    assert g.is_over and g.end_reason == "treasures" and g.treasures_held == [1, 0]


# ------------------------------------------------------------------------------------------------ End of turn


def test_faq_end_of_turn_order_treasures_per_action_then_monuments_refill_end_check() -> None:
    # action 1 collects a treasure at once; action 2 builds a monument; then monument points, refill, end
    at = {
        "f5": "R$", "h5": "R$", "f4": "0G",  # the market on g5 will join h5 to the trader's kingdom
        "k5": "K", "l5": "K", "k6": "K", "l4": "R", "m4": "0K",  # l6 completes a black 2x2 by the king
    }  # fmt: skip
    g = position(at=at, spares=1, hands=["KKKKKG", ""], actions_left=2)
    g.apply("tile green g5")  # joins h5 to the trader's kingdom; the trader scores the market
    assert pts(g, 0) == (0, 0, 1, 0) and g.phase is Phase.TREASURE
    g.apply("treasure f5")
    assert g.treasures_held == [1, 0] and len(g.treasures) == 2  # at most two now: but never mid-turn
    assert g.phase is Phase.ACTION and g.actions_left == 1 and not g.is_over
    g.apply("tile black l6")
    assert pts(g, 0) == (0, 0, 1, 1)
    g.apply("monument red-black k5")
    # end of turn: the king scores the monument, the hand is refilled, then the game ends
    assert pts(g, 0) == (0, 0, 1, 2)
    assert sum(g.hand(0)) == 6 and sum(g.hand(1)) == 6
    assert g.is_over and g.end_reason == "treasures"


def test_faq_counting_the_bag_is_not_allowed() -> None:
    g = position(at={}, hands=["RRR", "RR"])
    v = public_view(g)
    assert not any("bag" in f.name for f in dataclasses.fields(v))


def test_faq_everyone_refreshes_starting_with_the_active_player() -> None:
    g = position(at={}, players=4, hands=["RRRRR"] * 4, active=2, bag=[0, 0, 2, 0], actions_left=1)
    g.apply("pass")
    assert [sum(g.hand(s)) for s in range(4)] == [5, 5, 6, 6]  # seat 2 then seat 3 get the last two
    assert g.is_over and g.end_reason == "bag"


def test_faq_the_game_does_not_end_because_the_bag_is_empty() -> None:
    g = position(at={}, hands=["RRRRR", "RRRRRR"], bag=[0, 0, 0, 1], actions_left=1)
    g.apply("pass")
    assert g.bag_count() == 0 and not g.is_over


def test_faq_the_game_does_not_end_in_the_middle_of_a_turn() -> None:
    g = position(at={"f5": "R", "e5": "0K"}, hands=["RRRRRR", "RRRRRR"], bag=[2, 0, 0, 0], actions_left=2)
    g.apply("swap red red red")  # the bag cannot supply three
    assert not g.is_over and g.phase is Phase.ACTION and g.actions_left == 1
    g.apply("tile red f6")
    assert pts(g, 0) == (1, 0, 0, 0)
    assert g.is_over and g.end_reason == "bag"


def test_faq_monument_in_the_turn_of_the_eighth_treasure_still_scores() -> None:
    # three treasures: the trader's arrival takes one (two remain, the game will end); then a monument
    at = {
        "f5": "R$",
        "h5": "R$",
        "k8": "R$",
        "e6": "0K",
        "e5": "R",
        "h4": "K",
        "i4": "K",
        "j4": "K",
        "j3": "K",
    }
    g = position(at=at, spares=0, hands=["K", ""], actions_left=2)
    g.apply("leader green g5")
    g.apply("treasure f5")
    assert not g.is_over and len(g.treasures) == 2
    g.apply("tile black i3")
    assert pts(g, 0) == (0, 0, 0, 1)
    g.apply("monument blue-black i3")
    assert g.is_over and g.end_reason == "treasures"
    assert pts(g, 0) == (0, 0, 0, 2)  # the monument scored at the end of the turn, then the game ended


# ------------------------------------------------------------------------------------ Mayfair edition


def test_faq_the_tributary_under_n5_is_not_a_river() -> None:
    g = position(start=True, hands=["RB", ""])
    assert token(g, "n6") == "."
    with pytest.raises(IllegalActionError, match="not a river"):
        g.apply("tile blue n6")
    assert "tile red n6" in legal_of(g, "tile")
    assert "leader red n6" in legal_of(g, "leader")  # next to the temple on n5
