"""Rulings R21-R27 (shared/reference/rulings.md): monuments, treasures, end of turn and game, scoring, views,
the English variant, the advanced board; and the defaults of pending decisions (end of rulings.md)."""

from __future__ import annotations

import dataclasses

import pytest

from engine import (
    Colour,
    Game,
    IllegalActionError,
    Phase,
    parse_square,
    player_view,
    public_view,
    square_name,
)
from engine.scoring import allocate_treasures, final_standings
from tests.engine.positions import (
    hand,
    legal,
    play,
    position,
    pts,
    three_wars,
    tile_total,
    tiles_by_colour,
    token,
)

RED, BLUE, GREEN, BLACK = Colour


# ------------------------------------------------------------------------------------------ R21 monument

# a red 2x2 with its top-left on f5 waits for its fourth temple on g6; seat 0's king on e5 makes it a kingdom
SQUARE = {"e5": "0K", "f5": "R", "g5": "R", "f6": "R"}


def test_r21_completed_square_offers_each_available_monument_of_that_colour_or_decline() -> None:
    g = position(at=SQUARE, hands=["RR", ""], actions_left=2)
    g.apply("tile red g6")
    assert pts(g, 0) == (1, 0, 0, 0)  # R20 (1): the tile's point comes first
    assert g.phase is Phase.MONUMENT and g.to_act == 0
    assert legal(g) == ["monument red-blue f5", "monument red-green f5", "monument red-black f5", "decline"]
    with pytest.raises(IllegalActionError, match=r"not available|no square"):
        g.apply("monument blue-green f5")
    with pytest.raises(IllegalActionError, match="no square"):
        g.apply("monument red-blue f6")


def test_r21_only_monuments_still_available() -> None:
    g = position(at=SQUARE, hands=["RR", ""], monuments_available=["red-green", "blue-black"], actions_left=2)
    g.apply("tile red g6")
    assert legal(g) == ["monument red-green f5", "decline"]
    with pytest.raises(IllegalActionError, match="not available"):
        g.apply("monument red-blue f5")


def test_r21_no_monument_with_that_colour_left_means_no_choice() -> None:
    g = position(
        at=SQUARE, hands=["RR", ""], monuments_available=["blue-green", "blue-black"], actions_left=2
    )
    g.apply("tile red g6")
    assert g.phase is Phase.ACTION and g.actions_left == 1
    assert [token(g, s) for s in ("f5", "g5", "f6", "g6")] == ["R", "R", "R", "R"]


def test_r21_a_tile_completing_two_squares_lets_the_player_choose_one() -> None:
    at = {**SQUARE, "h5": "R", "h6": "R"}
    g = position(at=at, hands=["R", ""], actions_left=1)
    g.apply("tile red g6")
    pairs = ("red-blue", "red-green", "red-black")
    assert legal(g) == [f"monument {p} {s}" for p in pairs for s in ("f5", "g5")] + ["decline"]
    g.apply("monument red-green g5")
    assert [token(g, s) for s in ("f5", "g5", "h5", "f6", "g6", "h6")] == ["R", "r", "r", "R", "r", "r"]
    assert g.monuments == [((RED, GREEN), parse_square("g5"))]
    assert [f"{a.word}-{b.word}" for a, b in g.monuments_available] == [
        "red-blue", "red-black", "blue-green", "blue-black", "green-black",
    ]  # fmt: skip
    assert tile_total(g) == 153


def test_r21_build_flips_the_four_tiles_face_down() -> None:
    g = position(at=SQUARE, hands=["R", ""], actions_left=1)
    g.apply("tile red g6")
    events = g.apply("monument black-red f5")  # either order of the colours is read as red-black
    assert events[0].kind == "monument"
    assert [token(g, s) for s in ("f5", "g5", "f6", "g6")] == ["r", "r", "r", "r"]
    assert g.monuments == [((RED, BLACK), parse_square("f5"))]
    assert tiles_by_colour(g) == [57, 36, 30, 30]


def test_r21_declined_square_never_gets_a_monument_later() -> None:
    g = position(at=SQUARE, hands=["RRR", ""], actions_left=2)
    g.apply("tile red g6")
    g.apply("decline")
    assert g.phase is Phase.ACTION and g.actions_left == 1
    assert [token(g, s) for s in ("f5", "g5", "f6", "g6")] == ["R", "R", "R", "R"]
    g.apply("tile red h8")  # elsewhere: no offer for the old square
    assert g.phase is Phase.ACTION and g.active == 1
    # a later tile that completes a new square (f6 g6 f7 g7) offers that square only, not f5
    g2 = position(at={**SQUARE, "g6": "R", "f7": "R"}, hands=["R", ""], actions_left=1)
    g2.apply("tile red g7")
    assert legal(g2) == ["monument red-blue f6", "monument red-green f6", "monument red-black f6", "decline"]


def test_r21_monument_after_a_war_if_the_square_still_stands() -> None:
    # the black 2x2 h4 i4 h5 i5 lies on seat 1's side of h5: if seat 1 loses the black war it is gone
    at = {"e5": "0K", "f5": "R", "g5": "K", "i5": "K", "h4": "K", "i4": "K", "j5": "R", "j4": "1K"}
    g = position(at=at, hands=["KKKK", "K"], actions_left=2)
    g.apply("tile black h5")
    assert g.conflict_strengths() == (1, 3)
    play(g, "commit 3", "commit 0")  # 4 against 3
    assert [token(g, s) for s in ("h4", "i4", "i5", "j4")] == [".", ".", ".", "."]
    assert pts(g, 0) == (0, 0, 0, 4)
    assert g.phase is Phase.ACTION and g.actions_left == 1  # no monument offered

    g = position(at=at, hands=["KKKK", "K"], actions_left=2)
    play(g, "tile black h5", "commit 0", "commit 0")  # seat 1 wins: the square stands
    assert token(g, "e5") == "." and token(g, "g5") == "."
    assert g.phase is Phase.MONUMENT and g.to_act == 0
    assert legal(g)[-2:] == ["monument green-black h4", "decline"]


def test_r21_face_down_tiles_connect_but_count_for_nothing_else() -> None:
    # a red monument f5 g5 f6 g6 (face down) with seat 0's king on e5 next to a face-up temple e4
    at = {"f5": "r", "g5": "r", "f6": "r", "g6": "r", "e4": "R", "e5": "0K"}
    g = position(at=at, monuments=[("red-blue", "f5")], hands=["KB", ""], actions_left=2)
    # not a temple for leaders: h5 touches only the face-down g5
    with pytest.raises(IllegalActionError, match="not next to a face-up temple"):
        g.apply("leader red h5")
    assert "leader red h5" not in legal(g)
    # but it connects: a settlement on h5 joins the king's kingdom and scores
    g.apply("tile black h5")
    assert pts(g, 0) == (0, 0, 0, 1)


def test_r21_face_down_temples_do_not_count_in_a_revolt() -> None:
    at = {"f5": "r", "g5": "r", "f6": "r", "g6": "r", "e5": "R", "e6": "1R", "h5": "R", "h4": "R"}
    g = position(at=at, monuments=[("red-blue", "f5")], hands=["", ""])
    g.apply("leader red h6")  # touches g6 (face down) and h5: 1; defender e6 touches e5 and f6 (down): 1
    assert g.conflict_strengths() == (1, 1)


def test_r21_face_down_tiles_are_not_supporters_in_a_war() -> None:
    at = {
        "e5": "0K", "f5": "R", "g5": "K", "f6": "k", "g6": "k", "f7": "k", "g7": "k",
        "i5": "K", "j5": "R", "k5": "1K",
    }  # fmt: skip
    g = position(at=at, monuments=[("green-black", "f6")], hands=["K", ""])
    g.apply("tile black h5")
    assert g.conflict_strengths() == (1, 1)


def test_r21_treasure_stays_on_a_flipped_temple() -> None:
    at = {"e5": "0G", "f5": "R$", "g5": "R", "f6": "R", "j5": "R$"}
    g = position(at=at, hands=["RR", ""], actions_left=2)
    g.apply("tile red g6")
    g.apply("monument red-blue f5")
    assert token(g, "f5") == "r$"
    with pytest.raises(IllegalActionError):
        g.apply("catastrophe f5")
    # seat 0's trader stays next to... nothing face up: stranded (R8), the treasure stays
    assert g.leader_square(0, GREEN) is None
    assert parse_square("f5") in g.treasures


def test_r21_treasure_on_a_face_down_temple_is_collected_like_any_other() -> None:
    at = {"f5": "r$", "g5": "r", "f6": "r", "g6": "r", "h5": "R", "i5": "R$"}
    g = position(at=at, monuments=[("red-blue", "f5")], hands=["", ""], actions_left=2)
    g.apply("leader green h4")  # touches h5; the kingdom holds f5 (face down) and i5
    assert g.phase is Phase.TREASURE and legal(g) == ["treasure f5", "treasure i5"]


# ------------------------------------------------------------------------------------------ R22 treasures


def test_r22_special_border_treasure_is_taken_first_automatically() -> None:
    g = position(at={"b8": "R$", "c9": "R$"}, hands=["", ""], actions_left=2)
    events = g.apply("leader green b9")  # joins b8 (special border) and c9
    assert [(e.kind, e.seat, e.squares) for e in events if e.kind == "treasure"] == [
        ("treasure", 0, (parse_square("b8"),))
    ]
    assert g.phase is Phase.ACTION and g.treasures_held == [1, 0]
    assert token(g, "b8") == "R" and token(g, "c9") == "R$"


def test_r22_special_first_then_a_choice_among_equals() -> None:
    g = position(at={"b8": "R$", "c9": "R$", "a9": "R$"}, hands=["", ""], actions_left=2)
    g.apply("leader green b9")
    assert g.treasures_held == [1, 0] and token(g, "b8") == "R"
    assert g.phase is Phase.TREASURE and g.to_act == 0
    assert legal(g) == ["treasure a9", "treasure c9"]
    with pytest.raises(IllegalActionError, match="A9, C9"):
        g.apply("treasure b8")
    g.apply("treasure c9")
    assert g.treasures_held == [2, 0] and token(g, "a9") == "R$"
    assert g.phase is Phase.ACTION and g.actions_left == 1


def test_r22_choice_among_special_treasures_only() -> None:
    # b2 and b8 (both special) in one kingdom through farms on the rivers b4 and b7
    chain = {"b2": "R$", "b3": "K", "b4": "B", "b5": "K", "b6": "K", "b7": "B", "b8": "R$"}
    g = position(at=chain, spares=0, hands=["", ""], actions_left=2)
    g.apply("leader green c2")
    assert g.phase is Phase.TREASURE and legal(g) == ["treasure b2", "treasure b8"]
    g.apply("treasure b8")
    assert g.treasures_held == [1, 0] and g.phase is Phase.ACTION
    # with a third, ordinary treasure the two special ones are both forced
    g = position(at={**chain, "c8": "R$"}, spares=0, hands=["", ""], actions_left=2)
    g.apply("leader green c2")
    assert g.phase is Phase.ACTION and g.treasures_held == [2, 0] and token(g, "c8") == "R$"


def test_r22_two_of_three_ordinary_treasures_chosen_one_by_one() -> None:
    g = position(at={"b8": "R$", "a9": "R$", "c9": "R$", "b10": "R$"}, hands=["", ""], actions_left=2)
    g.apply("leader green b9")
    assert g.treasures_held == [1, 0]
    assert legal(g) == ["treasure a9", "treasure c9", "treasure b10"]
    g.apply("treasure b10")
    assert legal(g) == ["treasure a9", "treasure c9"]
    g.apply("treasure a9")
    assert g.treasures_held == [3, 0] and token(g, "c9") == "R$" and g.phase is Phase.ACTION


def test_r22_the_trader_owner_chooses_even_when_not_active() -> None:
    at = {"f5": "R$", "f4": "1G", "h5": "R$"}
    g = position(at=at, hands=["K", ""], actions_left=2)
    g.apply("tile black g5")  # joins the region h5 to seat 1's kingdom
    assert g.phase is Phase.TREASURE and g.to_act == 1 and g.active == 0
    with pytest.raises(IllegalActionError, match="not yours"):
        g.apply("treasure f5", seat=0)
    g.apply("treasure h5", seat=1)
    assert g.treasures_held == [0, 1] and g.phase is Phase.ACTION and g.to_act == 0 and g.actions_left == 1


def test_r22_a_kingdom_without_a_trader_keeps_its_treasures() -> None:
    g = position(at={"f5": "R$", "h5": "R$"}, hands=["", ""], actions_left=2)
    g.apply("leader black g5")
    assert g.phase is Phase.ACTION and g.treasures_held == [0, 0]
    g.apply("leader green f4", seat=0)  # the trader arrives: now collection (second action)
    assert g.phase is Phase.TREASURE


def test_r22_forced_collection_even_when_it_ends_the_game() -> None:
    # three treasures on the board; taking one leaves two: the game ends at the end of the turn (R23)
    g = position(at={"f5": "R$", "h5": "R$", "b10": "R$"}, spares=0, hands=["", ""], actions_left=2)
    g.apply("leader green g5")
    assert g.phase is Phase.TREASURE
    g.apply("treasure f5")
    assert len(g.treasures) == 2 and g.phase is Phase.ACTION and not g.is_over  # never mid-turn
    g.apply("pass")
    assert g.is_over and g.end_reason == "treasures"


# ------------------------------------------------------------------------------------------ R23 end of turn


def test_r23_monument_points_only_for_the_active_player() -> None:
    at = {"f5": "r", "g5": "r", "f6": "r", "g6": "r", "e5": "R", "e4": "0R", "e6": "1B"}
    g = position(at=at, monuments=[("red-blue", "f5")], hands=["", ""])
    g.apply("pass")
    assert pts(g, 0) == (1, 0, 0, 0) and pts(g, 1) == (0, 0, 0, 0)
    g.apply("pass")
    assert pts(g, 0) == (1, 0, 0, 0) and pts(g, 1) == (0, 1, 0, 0)


# three monuments side by side: red-green on temples f5, red-black on settlements h5,
# green-black on markets j5;
# seat 0's king e5, priest f4 and trader g4 stand in their kingdom (next to the face-up temples e4 and h4)
THREE_MONUMENTS = {
    "f5": "r", "g5": "r", "f6": "r", "g6": "r",
    "h5": "k", "i5": "k", "h6": "k", "i6": "k",
    "j5": "g", "k5": "g", "j6": "g", "k6": "g",
    "e4": "R", "h4": "R", "e5": "0K", "f4": "0R", "g4": "0G",
}  # fmt: skip


def test_r23_king_scores_only_from_monuments_with_black_each_leader_per_monument_of_its_colour() -> None:
    mons = [("red-green", "f5"), ("red-black", "h5"), ("green-black", "j5")]
    g = position(at=THREE_MONUMENTS, monuments=mons, hands=["", ""])
    g.apply("pass")
    # king: red-black and green-black, not red-green; priest: red-green and red-black; trader: two
    assert pts(g, 0) == (2, 0, 2, 2)
    g.apply("pass")
    assert pts(g, 0) == (2, 0, 2, 2)  # not at the end of seat 1's turn


def test_r23_monument_points_need_a_leader_in_the_same_kingdom() -> None:
    mons = [("red-green", "f5"), ("red-black", "h5"), ("green-black", "j5")]
    base = {k: v for k, v in THREE_MONUMENTS.items() if k not in ("e5", "f4", "g4")}
    g = position(at={**base, "l4": "R", "l5": "0K"}, monuments=mons)  # l5 touches the markets on k5
    g.apply("pass")
    assert pts(g, 0) == (0, 0, 0, 2)
    g = position(at={**base, "m4": "R", "m5": "0K"}, monuments=mons)  # m5 is not linked to them
    g.apply("pass")
    assert pts(g, 0) == (0, 0, 0, 0)


def test_r23_refill_active_player_first_then_clockwise() -> None:
    g = position(
        at={}, players=3, hands=["RRRRRR", "RRRRR", "RRRRR"], active=2, bag=[0, 0, 1, 1], actions_left=1
    )
    g.apply("swap red")  # seat 2 swaps one of five: one tile left in the bag
    # end of turn: seat 2 draws the last tile first, seat 0 is full, seat 1 finds the bag empty
    assert sum(g.hand(2)) == 6 and sum(g.hand(0)) == 6 and sum(g.hand(1)) == 5
    assert g.is_over and g.end_reason == "bag"


def test_r23_refill_order_gives_the_last_tile_to_the_active_player() -> None:
    g = position(
        at={}, players=3, hands=["RRRRR", "RRRRR", "RRRRR"], active=1, bag=[0, 0, 0, 1], actions_left=1
    )
    g.apply("pass")
    assert hand(g, 1) == "RRRRRK" and hand(g, 2) == "RRRRR" and hand(g, 0) == "RRRRR"
    assert g.is_over and g.end_reason == "bag"


def test_r23_game_ends_on_two_treasures_at_the_end_of_a_turn() -> None:
    g = position(at={}, spares=2, hands=["", ""])
    assert not g.is_over
    events = g.apply("pass")
    assert g.is_over and g.end_reason == "treasures" and g.phase is Phase.OVER
    assert events[-1].kind == "game-over"
    assert g.to_act is None and legal(g) == []
    with pytest.raises(IllegalActionError, match="over"):
        g.apply("pass")


def test_r23_game_goes_on_with_three_treasures() -> None:
    g = position(at={}, spares=3, hands=["", ""])
    g.apply("pass")
    assert not g.is_over and g.active == 1 and g.turn == 2 and g.actions_left == 2


def test_r23_bag_emptied_exactly_does_not_end_the_game() -> None:
    g = position(at={}, hands=["RRRRR", "RRRRRR"], bag=[1, 0, 0, 0], actions_left=1)
    g.apply("pass")
    assert not g.is_over and g.bag_count() == 0 and sum(g.hand(0)) == 6
    g.apply("pass")  # nobody needs a tile: the game goes on with an empty bag
    assert not g.is_over and g.active == 0
    g.apply("tile red j8")
    g.apply("pass")  # seat 0 needs one tile and the bag is empty
    assert g.is_over and g.end_reason == "bag"


def test_r23_everyone_below_six_draws_up_including_those_who_committed() -> None:
    g = position(at={"f5": "R", "g5": "1R"}, hands=["RRRRRR", "RRRRRR"], actions_left=1, seed=3)
    play(g, "leader red f6", "commit 2", "commit 3")
    assert g.active == 1 and sum(g.hand(0)) == 6 and sum(g.hand(1)) == 6
    assert tile_total(g) == 153


# ------------------------------------------------------------------------------------------ R24 scoring


def test_r24_treasures_fill_the_weakest_colour() -> None:
    assert allocate_treasures([3, 1, 2, 5], 3) == (3, 3, 3, 5)
    assert allocate_treasures([0, 0, 0, 0], 5) == (2, 1, 1, 1)
    assert allocate_treasures([4, 4, 4, 4], 0) == (4, 4, 4, 4)


def test_r24_ranked_by_lowest_then_second_lowest_ties_share_a_place() -> None:
    points = [
        [5, 5, 5, 9],  # lowest 5, second 5
        [5, 6, 9, 9],  # lowest 5, second 6: beats seat 0
        [9, 4, 9, 9],  # lowest 4, but its 2 treasures make it 9 6 9 9: lowest 6, first place
        [5, 9, 5, 5],  # the same values as seat 0 in another order: shares its place
    ]
    standings = final_standings(points, [0, 0, 2, 0])
    assert [(s.seat, s.place, s.score) for s in standings] == [(2, 1, 6), (1, 2, 5), (0, 3, 5), (3, 3, 5)]
    assert standings[0].final == (9, 6, 9, 9) and standings[0].weakest is BLUE
    assert standings[0].points == (9, 4, 9, 9) and standings[0].treasures == 2


def test_r24_players_equal_on_all_four_share_the_win() -> None:
    standings = final_standings([[3, 4, 5, 6], [6, 5, 4, 3]], [0, 0])
    assert [s.place for s in standings] == [1, 1]


def test_r24_outcome_of_a_finished_game() -> None:
    g = position(at={}, spares=2, hands=["", ""], points=[[3, 3, 3, 3], [1, 9, 9, 9]], treasures=[0, 2])
    assert g.outcome() is None
    g.apply("pass")
    outcome = g.outcome()
    assert outcome is not None and outcome.reason == "treasures"
    # equal lowest colours (3); the second lowest decides
    assert [(s.seat, s.place, s.final) for s in outcome.standings] == [
        (1, 1, (3, 9, 9, 9)),
        (0, 2, (3, 3, 3, 3)),
    ]


# ------------------------------------------------------------------------------------------ R25 views


def test_r25_public_view_hides_hands_points_bag_and_discards() -> None:
    g = position(at={"f5": "R", "e5": "0K"}, hands=["RRBGKK", "RRR"], points=[[1, 2, 3, 4], [0, 0, 0, 5]])
    v = public_view(g)
    names = {f.name for f in dataclasses.fields(v)}
    assert not names & {"hand", "hands", "points", "bag", "bag_count", "removed", "discards", "treasures"}
    assert [s.hand_size for s in v.seats] == [6, 3]
    assert [s.points for s in v.seats] == [None, None] and [s.treasures for s in v.seats] == [None, None]
    assert v.seats[0].leaders_on_board == ((BLACK, parse_square("e5")),)
    assert v.seats[0].leaders_in_supply == (RED, BLUE, GREEN) and v.seats[1].catastrophes == 2
    assert v.square("e5").leader == (0, BLACK) and v.square("f5").tile is RED


def test_r25_player_view_shows_only_ones_own_screen() -> None:
    g = position(at={}, hands=["RRBGKK", "RRR"], points=[[1, 2, 3, 4], [0, 0, 0, 5]], treasures=[1, 2])
    v = player_view(g, 1)
    assert v.seat == 1 and v.hand == (3, 0, 0, 0) and v.points == (0, 0, 0, 5) and v.treasures == 2
    assert v.seats[0].points is None and v.seats[0].treasures is None
    assert [s.hand_size for s in v.seats] == [6, 3]


def test_r25_open_scoring_and_the_end_make_points_public() -> None:
    g = position(
        at={}, hands=["", ""], points=[[1, 2, 3, 4], [0, 0, 0, 5]], treasures=[1, 0], open_scoring=True
    )
    assert [s.points for s in public_view(g).seats] == [(1, 2, 3, 4), (0, 0, 0, 5)]
    assert [s.treasures for s in public_view(g).seats] == [1, 0]
    g = position(at={}, spares=2, hands=["", ""], points=[[1, 2, 3, 4], [0, 0, 0, 5]])
    g.apply("pass")
    assert [s.points for s in public_view(g).seats] == [(1, 2, 3, 4), (0, 0, 0, 5)]
    assert public_view(g).outcome is not None


def test_r25_committed_tiles_are_public() -> None:
    at = {"f5": "R", "g6": "R", "e6": "R", "g5": "1R"}
    g = position(at=at, hands=["RRRBGK", "RRBBGK"])
    play(g, "leader red e5", "commit 2")
    c = public_view(g).conflict
    assert c is not None and c.attacker_commit == 2 and c.kind == "revolt"
    assert (c.attacker_strength, c.defender_strength) == (2, 2)


@pytest.mark.parametrize("english", [False, True])
@pytest.mark.parametrize("moves", [(), ("commit 1",)])
def test_r25_views_do_not_depend_on_hidden_hands_during_a_revolt(
    english: bool, moves: tuple[str, ...]
) -> None:
    # two positions that differ only in hidden information: hands (of equal sizes) and points
    at = {"f5": "R", "g6": "R", "e6": "R", "g5": "1R"}
    public, waiting = [], []
    deciding = 1 if moves else 0
    for decider_hand, points in (("RRRRRR", [3, 0, 0, 0]), ("RRKKKK", [0, 0, 1, 0])):
        hands = ["RRRBGK", "RRRBGK"]
        hands[deciding] = decider_hand
        pts_ = [None, None]
        pts_[deciding] = points
        g = position(at=at, hands=hands, english=english, points=pts_)
        play(g, "leader red e5", *moves)
        assert g.to_act == deciding
        public.append(public_view(g))
        waiting.append(player_view(g, 1 - deciding))  # the other player sees nothing of the decider's screen
    assert public[0] == public[1]
    assert waiting[0] == waiting[1]
    assert player_view(g, deciding).choices == tuple(legal(g))  # the decider sees their own choices


def test_r25_public_view_does_not_depend_on_hidden_hands_during_a_war() -> None:
    at = {"e5": "0K", "f5": "R", "g5": "K", "i5": "K", "j5": "R", "k5": "1K"}
    views = []
    for hands in (["KKKK", "KKK"], ["KRRR", "RRR"]):
        g = position(at=at, hands=hands)
        g.apply("tile black h5")
        views.append(public_view(g))
        g.apply("commit 0")
        views.append(public_view(g))
    assert views[0] == views[2] and views[1] == views[3]


# ---------------------------------------------------------------------------------------- R26 English


def _english_revolt(hands: list[str]) -> Game:
    # defender seat 1's priest on g5 touches f5, g6 and h5 (3); the attacker's e5 touches f5 (1)
    at = {"f5": "R", "g6": "R", "h5": "R", "g5": "1R"}
    g = position(at=at, hands=hands, english=True)
    g.apply("leader red e5")
    assert g.conflict_strengths() == (1, 3)
    return g


def test_r26_english_attacker_commits_only_to_exceed_the_defender() -> None:
    g = _english_revolt(["RRRRBG", "RRRR"])
    assert legal(g) == ["commit 0", "commit 3", "commit 4"]
    with pytest.raises(IllegalActionError, match="English variant"):
        g.apply("commit 2")
    g = _english_revolt(["RRBBBG", "RRRR"])
    assert legal(g) == ["commit 0"]  # no chance of winning: no tiles at all


def test_r26_english_defender_commits_only_to_tie_exactly() -> None:
    g = _english_revolt(["RRRRBG", "RRRR"])
    g.apply("commit 4")  # 5 against 3
    assert legal(g) == ["commit 0", "commit 2"]
    with pytest.raises(IllegalActionError, match="tie exactly"):
        g.apply("commit 3")
    g.apply("commit 2")  # 5 against 5: the tie goes to the defender
    assert token(g, "e5") == "." and pts(g, 1) == (1, 0, 0, 0)
    g = _english_revolt(["RRRRBG", "R"])
    g.apply("commit 4")
    assert legal(g) == ["commit 0"]  # cannot reach a tie


def test_r26_english_variant_in_a_war() -> None:
    at = {"e5": "0K", "f5": "R", "g5": "K", "g4": "K", "i5": "K", "j5": "R", "k5": "1K"}
    g = position(at=at, hands=["KKKK", "KKK"], english=True)
    g.apply("tile black h5")
    assert g.conflict_strengths() == (2, 1)
    assert legal(g) == ["commit 0", "commit 1", "commit 2", "commit 3"]  # already ahead: any n > 0 exceeds
    g.apply("commit 1")
    assert legal(g) == ["commit 0", "commit 2"]


def test_r26_without_the_variant_any_number_up_to_the_hand() -> None:
    at = {"f5": "R", "g6": "R", "h5": "R", "g5": "1R"}
    g = position(at=at, hands=["RRBBBG", "RRRR"])
    g.apply("leader red e5")
    assert legal(g) == ["commit 0", "commit 1", "commit 2"]
    g.apply("commit 2")
    assert legal(g) == ["commit 0", "commit 1", "commit 2", "commit 3", "commit 4"]


# ---------------------------------------------------------------------------------------- R27 boards


def _names(squares) -> list[str]:
    return sorted((square_name(s) for s in squares), key=parse_square)


def test_r27_advanced_board_has_fourteen_treasures_specials_and_its_rivers() -> None:
    g = Game.new(players=3, seed=11, board="advanced")
    assert _names(g.treasures) == [
        "e1", "j1", "o2", "b3", "g4", "l4", "d6", "p6", "a8", "h8", "m8", "e10", "j11", "o11",
    ]  # fmt: skip
    assert all(g.cell[s] == RED for s in g.treasures)
    assert _names(g.map.special) == ["b3", "p6", "a8", "e10", "j11", "o11"]
    river = (
        "C1 D1 P1 C2 D2 P2 C3 D3 P3 C4 M4 N4 O4 P4 C5 M5 C6 M6 C7 D7 M7 N7 D8 E8 F8 N8 F9 G9 H9 N9 G10 H10"
    )
    river += " I10 J10 K10 L10 M10 N10 G11"
    assert _names(g.map.river) == _names(parse_square(s) for s in river.split())
    assert len(g.map.river) == 39
    assert tiles_by_colour(g) == [57, 36, 30, 30] and g.bag_count() == 153 - 14 - 18
    assert sum(g.hand(0)) == 6 and g.settings.board == "advanced"


def test_r27_standard_board_for_comparison() -> None:
    g = Game.new(players=2, seed=1)
    assert _names(g.treasures) == ["k1", "b2", "p2", "f3", "n5", "i7", "b8", "o9", "f10", "k11"]
    assert _names(g.map.special) == ["b2", "p2", "b8", "o9"]
    assert len(g.map.river) == 41
    assert parse_square("n6") not in g.map.river  # the "tributary" under N5 is land (FAQ)


def test_r27_special_treasures_first_on_the_advanced_board() -> None:
    g = position(at={"j11": "R$", "k11": "R$"}, board="advanced", hands=["", ""], actions_left=2)
    g.apply("leader green l11")  # touches k11; j11 (special border) is next to k11
    assert g.treasures_held == [1, 0] and token(g, "j11") == "R" and token(g, "k11") == "R$"


def test_r27_advanced_board_rivers_in_play() -> None:
    g = position(at={}, board="advanced", hands=["RBB", ""])
    with pytest.raises(IllegalActionError, match="river"):
        g.apply("tile red c5")
    g.apply("tile blue c5")
    assert token(g, "c5") == "B"
    with pytest.raises(IllegalActionError, match="not a river"):
        g.apply("tile blue e1")


# ------------------------------------------------------------------------------------ decision defaults


def test_defaults_commit_zero_in_every_conflict() -> None:
    at = {"f5": "R", "g6": "R", "e6": "R", "g5": "1R"}
    g = position(at=at, hands=["RRRBGK", "RRBBGK"])
    assert g.default_action() is None  # a turn action has no default
    g.apply("leader red e5")
    assert str(g.default_action()) == "commit 0"
    g.apply(g.default_action())
    assert str(g.default_action()) == "commit 0"


def test_defaults_next_war_in_the_order_red_blue_green_black() -> None:
    g = three_wars()
    assert legal(g) == ["war blue", "war green", "war black"]
    assert str(g.default_action()) == "war blue"


def test_defaults_decline_the_monument() -> None:
    g = position(at=SQUARE, hands=["R", ""], actions_left=2)
    g.apply("tile red g6")
    assert str(g.default_action()) == "decline"


def test_defaults_treasures_in_square_order() -> None:
    g = position(at={"b8": "R$", "a9": "R$", "c9": "R$", "b10": "R$"}, hands=["", ""])
    g.apply("leader green b9")
    assert str(g.default_action()) == "treasure a9"
    g.apply(g.default_action())
    assert str(g.default_action()) == "treasure c9"


def test_defaults_none_once_the_game_is_over() -> None:
    g = position(at={}, spares=0, hands=["", ""])
    g.apply("pass")
    assert g.is_over and g.default_action() is None
