"""A second reading of R28 and R29 (shared/reference/rulings.md) against the 2015 edition's text: how the
civilization buildings and the wonder meet the rest of the rules (R8, R10, R18, R20-R23, R27) and the
position notation. Each test builds its position from the notation and checks the engine's answer; the rule
text quoted is from rules-2015-edition.txt ("CIVILIZATION BUILDINGS", "WONDER VARIANT").

Seat 0 is active unless a test says otherwise.
"""

from __future__ import annotations

from engine import Colour, Game, Phase, dump, load, parse_square, square_name
from tests.engine.positions import hand, legal, play, position, pts, tile_total, token

RED, BLUE, GREEN, BLACK = Colour
BUILDINGS = {"buildings": True}
WONDER = {"wonder": True}
BOTH = {"buildings": True, "wonder": True}
PLUS = ("g5", "f6", "g6", "h6", "g7")  # centred on g6
BUILT = dict.fromkeys(PLUS, "W")


def names(squares: tuple[int, ...]) -> list[str]:
    return [square_name(s) for s in squares]


def round_trips(game: Game) -> None:
    """dump/load give the same position, which prints the same and offers the same choices."""
    text = dump(game)
    loaded = load(text)
    assert loaded == game and dump(loaded) == text
    assert legal(loaded) == legal(game)


# ------------------------------------------------------------------ R28 with R10 and R20: which points double


def test_r28_r20_the_tile_completing_the_line_scores_before_its_building_comes() -> None:
    # "Victory points are gained immediately when a tile is placed"; "Players must resolve conflicts before
    # building placement": the tile that brings the building into its kingdom scored 1; the next one scores 2
    g = position(at={"e5": "0G", "f5": "R", "e6": "G", "f6": "G"}, hands=["GG", ""], **BUILDINGS)
    events = g.apply("tile green g6")
    assert [(e.kind, e.count) for e in events] == [("tile", 0), ("point", 1)]
    assert g.phase is Phase.BUILDING
    g.apply("building green e6")
    events = g.apply("tile green h6")
    assert [(e.kind, e.count) for e in events] == [("tile", 0), ("point", 2)]
    assert pts(g, 0) == (0, 0, 3, 0)


def test_r28_r10_a_tile_uniting_two_kingdoms_scores_nothing_even_beside_its_building() -> None:
    # seat 0's trader (e5) and seat 1's king (k5): no war; the market hall in seat 0's kingdom
    at = {"e5": "0G", "e6": "R", "f5": "G^", "g5": "G", "j5": "R", "k5": "1K"}
    g = position(at={**at, "i5": "G"}, hands=["G", ""], **BUILDINGS)
    events = g.apply("tile green h5")
    assert "point" not in [e.kind for e in events] and "war" not in [e.kind for e in events]
    assert pts(g, 0) == pts(g, 1) == (0, 0, 0, 0)
    # f5 g5 h5 i5 is a line of four through the market hall's own line of two: it may move along it
    assert g.phase is Phase.BUILDING


def test_r28_only_the_tile_reward_of_its_colour_doubles_not_other_colours() -> None:
    # the library is in the kingdom: a market placed there scores 1 as before
    g = position(at={"e5": "0G", "f5": "R^", "f6": "R", "f7": "R"}, hands=["G", ""], **BUILDINGS)
    g.apply("tile green e6")
    assert pts(g, 0) == (0, 0, 1, 0)


# ------------------------------------------------------------------------ R28 with R18: a red war and R8


RED_WAR = {"e5": "0R", "e4": "R", "f5": "R", "g5": "R", "i5": "R^", "j5": "R", "k5": "1R", "k4": "R"}


def test_r28_r18_a_library_on_the_losers_temple_stays_scores_nothing_and_keeps_its_leaders() -> None:
    # seat 0's priest e5 (temples e4 f5 g5) and seat 1's priest k5 (temples k4 j5 and i5 under the library);
    # seat 1's king on i6 beside i5 only: the library's temple stays, so the king is not stranded (R8)
    at = {**RED_WAR, "i6": "1K"}
    g = position(at=at, hands=["RRRRR", ""], **BUILDINGS)
    g.apply("tile red h5")
    assert g.conflict_strengths() == (3, 3)  # i5 counts for seat 1 ("counts in conflicts")
    events = play(g, "commit 4", "commit 0")
    won = next(e for e in events if e.kind == "war-won")
    assert names(won.squares) == ["k5", "k4", "j5"]  # the priest and the two temples removed; i5 stays
    assert pts(g, 0) == (3, 0, 0, 0)  # 1 for the leader + 2 tiles actually removed
    assert token(g, "i5") == "R^" and token(g, "i6") == "1K"
    assert "stranded" not in [e.kind for e in events]
    assert tile_total(g) == 153


def test_r28a_a_building_whose_line_a_war_cut_moves_along_the_new_line_through_it() -> None:
    # same war: i5's line was i5 j5 (two, no line); after the war f5 g5 h5 i5 is a line of four through it
    g = position(at=RED_WAR, hands=["RRRRR", ""], **BUILDINGS)
    play(g, "tile red h5", "commit 4", "commit 0")
    assert g.phase is Phase.BUILDING
    assert legal(g) == ["building red f5", "building red g5", "building red h5", "decline"]
    round_trips(g)  # a building offer after a war: placed tile kept, no unification tile
    events = g.apply("building red f5")
    assert [(e.kind, names(e.squares)) for e in events[:1]] == [("building-moved", ["i5", "f5"])]
    round_trips(g)


# --------------------------------------------------------------------------- R28: what breaks a line


def test_r28_a_wonder_square_breaks_a_line() -> None:
    # "an uninterrupted ... line of three or more tiles of the same color": the wonder's east arm h6 is no
    # market, so i6 j6 k6 is a line of three, not four
    g = position(at={**BUILT, "i6": "G", "j6": "G"}, hands=["GG", ""], **BOTH)
    g.apply("tile green k6")
    assert legal(g) == ["building green i6", "building green j6", "building green k6", "decline"]
    g = position(at={**BUILT, "i6": "G"}, hands=["G", ""], **BOTH)
    g.apply("tile green j6")  # h6 (wonder) i6 j6: two markets only
    assert g.phase is Phase.ACTION


def test_r28_a_leader_breaks_a_line() -> None:
    at = {"e6": "G", "f6": "G", "g5": "R", "g6": "0K", "i6": "G"}
    g = position(at=at, hands=["G", ""], **BUILDINGS)
    g.apply("tile green h6")  # e6 f6 | king | h6 i6: two and two
    assert g.phase is Phase.ACTION


def test_r28_on_a_crossing_extending_its_shorter_line_is_not_enough() -> None:
    # the palace on k5: horizontal j5 k5 l5 (three), vertical k5 k6 k7 k8 (four); i5 makes the horizontal
    # line four, longer than three but not than four: "the new line must be longer than each"
    at = {"j5": "K", "k5": "K^", "l5": "K", "k6": "K", "k7": "K", "k8": "K"}
    g = position(at=at, hands=["KK", ""], **BUILDINGS)
    g.apply("tile black i5")
    assert g.phase is Phase.ACTION and token(g, "k5") == "K^"
    g.apply("tile black h5")  # five against four: now it may move along it
    assert legal(g) == [f"building black {s}" for s in ("h5", "i5", "j5", "l5")] + ["decline"]


def test_r28_a_catastrophe_beside_the_building_shortens_its_line() -> None:
    # a catastrophe may take the other tiles of its line (only the tile under it is protected)
    g = position(at={"f6": "G^", "g6": "G", "h6": "G", "f10": "G", "g10": "G"}, hands=["G", "G"], **BUILDINGS)
    assert "catastrophe g6" in legal(g) and "catastrophe f6" not in legal(g)
    g.apply("catastrophe g6")
    g.apply("tile green h10")  # f10 g10 h10: three, longer than f6 alone
    assert legal(g) == ["building green f10", "building green g10", "building green h10", "decline"]


# ----------------------------------------------------------------- R28 with R21: monument, treasure, building


def test_r28_r21_a_flipped_temple_keeps_its_treasure_and_loses_its_library() -> None:
    at = {"f6": "R$^", "g6": "R", "f7": "R", "e7": "0G"}
    g = position(at=at, hands=["R", ""], **BUILDINGS)
    g.apply("tile red g7")
    assert g.phase is Phase.MONUMENT  # no line of three: no building step
    events = g.apply("monument red-blue f6")
    assert ("building-returned", RED, ["f6"]) in [(e.kind, e.colour, names(e.squares)) for e in events]
    assert token(g, "f6") == "r$" and g.buildings[RED] is None
    round_trips(g)


# ----------------------------------------------- R29 with R15-R19 and R21: a plus completed by a uniting tile


# g6 completes the plus and unites seat 0's kingdom (e5 e6 f6) with seat 1's (i5 i6 h6)
PLUS_ARMS = {"g5": "G", "f6": "G", "h6": "G", "g7": "G", "e5": "R", "i5": "R"}


def test_r29_r21_a_war_that_removes_an_arm_leaves_no_wonder() -> None:
    # "If the square still exists after resolving the conflict": a market war; the loser's arm h6 goes
    g = position(at={**PLUS_ARMS, "e6": "0G", "i6": "1G"}, hands=["GG", ""], **WONDER)
    g.apply("tile green g6")
    assert g.phase is Phase.WAR_ATTACKER
    events = play(g, "commit 1", "commit 0")
    assert names(next(e for e in events if e.kind == "war-won").squares) == ["i6", "h6"]
    assert g.phase is Phase.ACTION and g.wonder is None


def test_r29_a_war_in_another_colour_leaves_the_plus_and_the_wonder_comes_after_it() -> None:
    g = position(at={**PLUS_ARMS, "e6": "0K", "i6": "1K"}, hands=["GK", ""], **WONDER)
    g.apply("tile green g6")
    assert g.phase is Phase.WAR_ATTACKER and g.conflict_strengths() == (0, 0)
    play(g, "commit 1", "commit 0")
    assert g.phase is Phase.WONDER and legal(g) == ["wonder g6", "decline"]
    round_trips(g)
    g.apply("wonder g6")
    assert [token(g, s) for s in PLUS] == ["W"] * 5 and pts(g, 0) == (0, 0, 0, 1)


def test_r29_r28_with_both_options_a_plus_offers_the_building_first() -> None:
    # the plus is two lines of three through g6: building, then wonder; the market hall goes back beside
    at = {s: "G" for s in PLUS if s != "g6"}
    g = position(at=at, hands=["G", ""], **BOTH)
    g.apply("tile green g6")
    assert g.phase is Phase.BUILDING
    assert legal(g) == [f"building green {s}" for s in ("g5", "f6", "g6", "h6", "g7")] + ["decline"]
    g.apply("building green h6")
    assert g.phase is Phase.WONDER
    round_trips(g)
    events = g.apply("wonder g6")
    assert ("building-returned", GREEN, ["h6"]) in [(e.kind, e.colour, names(e.squares)) for e in events]
    assert g.buildings[GREEN] is None and tile_total(g) == 153


# --------------------------------------------------------------- R29 with R23: the point at the end of a turn


KING_BY_THE_WONDER = {**BUILT, "e5": "R", "e6": "0K"}


def test_r29_r23_the_point_after_the_monument_points_and_before_the_refills() -> None:
    # a black monument beside the king: its point first (R23 step 1), then the wonder's, then the refill
    at = {**KING_BY_THE_WONDER, "c5": "k", "d5": "k", "c6": "k", "d6": "k"}
    g = position(at=at, monuments=[("green-black", "c5")], hands=["KK", ""], actions_left=1, **WONDER)
    events = g.apply("tile black e7")
    assert [(e.kind, e.count) for e in events] == [("tile", 0), ("point", 1), ("monument-points", 1)]
    assert g.phase is Phase.WONDER_POINT and hand(g, 0) == "K"  # not refilled yet
    round_trips(g)
    events = g.apply("point red")
    assert [e.kind for e in events] == ["wonder-point", "turn"]
    assert pts(g, 0) == (1, 0, 0, 2) and len(hand(g, 0)) == 6 and g.active == 1


def test_r29_the_wonder_is_no_monument_for_the_end_of_turn_monument_points() -> None:
    g = position(at=KING_BY_THE_WONDER, hands=["", ""], actions_left=1, **WONDER)
    events = g.apply("pass")
    assert "monument-points" not in [e.kind for e in events] and pts(g, 0) == (0, 0, 0, 0)


def test_r29_r23_on_the_last_turn_the_point_comes_then_the_game_ends() -> None:
    # two treasures left on the board: the game ends at the end of this turn, after the point
    at = {**KING_BY_THE_WONDER, "e5": "R$", "a1": "R$"}
    g = position(at=at, spares=0, hands=["", ""], actions_left=1, **WONDER)
    g.apply("pass")
    assert g.phase is Phase.WONDER_POINT
    events = g.apply("point blue")
    assert [e.kind for e in events] == ["wonder-point", "game-over"]
    assert g.is_over and g.end_reason == "treasures" and pts(g, 0) == (0, 1, 0, 0)


def test_r29_r23_a_treasure_on_the_wonder_is_still_on_the_board_for_the_end() -> None:
    at = {**BUILT, "g5": "W$", "a1": "R$", "c1": "R$"}
    g = position(at=at, spares=0, hands=["", ""], actions_left=1, **WONDER)
    g.apply("pass")
    assert not g.is_over and g.active == 1  # three treasures on the board


def test_r29_r8_a_king_stranded_by_his_own_wonder_scores_no_point() -> None:
    # seat 0's king on i6 touches only the east arm h6, a temple: the wonder strands him
    at = {"g5": "R", "f6": "R", "h6": "R", "g7": "R", "i6": "0K"}
    g = position(at=at, hands=["R", ""], actions_left=1, **WONDER)
    g.apply("tile red g6")
    events = g.apply("wonder g6")
    kinds = [e.kind for e in events]
    assert "stranded" in kinds and "turn" in kinds and g.phase is Phase.ACTION and g.active == 1


# ------------------------------------------------------ R29a with R22 and R27: a special-border treasure


def test_r29a_r27_a_treasure_on_the_wonder_over_a_special_border_square_is_taken_first() -> None:
    # advanced board: e10 has the special border and its treasure; d10 completes the plus around it and
    # joins it to the kingdom of the trader on c10, beside temple c9 and its treasure
    at = {"e9": "R", "f10": "R", "e10": "R$", "e11": "R", "c9": "R$", "c10": "0G"}
    g = position(at=at, board="advanced", hands=["R", ""], **WONDER)
    g.apply("tile red d10")
    assert g.phase is Phase.WONDER
    events = g.apply("wonder e10")
    taken = [names(e.squares) for e in events if e.kind == "treasure"]
    assert taken == [["e10"]]  # forced: the special border first (R22), though it lies on the wonder
    assert token(g, "e10") == "W" and token(g, "c9") == "R$" and g.treasures_held[0] == 1


# ------------------------------------------------------------------------------ the notation round-trips


def test_positions_with_moved_buildings_buildings_beside_and_a_wonder_with_a_treasure_round_trip() -> None:
    at = {**BUILT, "g5": "W$", "f10": "G^", "g10": "G", "h10": "G", "b10": "R^", "b11": "R", "c10": "R"}
    g = position(at=at, hands=["G", ""], **BOTH)
    round_trips(g)
    g.apply("tile green i10")
    g.apply("building green i10")  # moved from f10
    assert token(g, "i10") == "G^" and token(g, "f10") == "G"
    round_trips(g)
    data = dump(g)
    assert '"buildings": true' in data and '"wonder": true' in data
    loaded = load(data)
    assert loaded.buildings[GREEN] == parse_square("i10") and loaded.buildings[BLUE] is None
    assert loaded.piece_at("g5").treasure and loaded.wonder == parse_square("g6")


# ------------------------------------------------------------ R28: a building returned is beside the board


def test_r28_a_building_returned_by_a_monument_is_offered_again_from_beside_the_board() -> None:
    # "remove the building and place it next to the board for future use"
    at = {"e6": "0G", "e5": "R", "f6": "G", "g6": "G", "f7": "G^", "h7": "G", "i7": "G"}
    g = position(at={**at, "f10": "G", "g10": "G"}, hands=["GG", ""], **BUILDINGS)
    g.apply("tile green g7")
    g.apply("decline")  # no move: the line f7 g7 h7 i7 is the market hall's own, which it may move along
    g.apply("monument green-black f6")
    assert g.buildings[GREEN] is None
    g.apply("tile green h10")  # a line of three, against no building on the board
    assert legal(g) == ["building green f10", "building green g10", "building green h10", "decline"]


def test_r29a_r8_r22_a_trader_stranded_by_the_wonder_takes_no_treasure() -> None:
    # g6 joins the plus (treasure on g5) to the kingdom of seat 0's trader on i6, beside the east arm h6
    # only, which already holds the treasure on i8: two treasures, but the wonder strands the trader first
    at = {"g5": "R$", "f6": "R", "h6": "R", "g7": "R", "i6": "0G", "i7": "G", "i8": "R$"}
    g = position(at=at, hands=["R", ""], **WONDER)
    g.apply("tile red g6")
    g.apply("decline")  # without the wonder, the trader must take one of the two
    assert g.phase is Phase.TREASURE and legal(g) == ["treasure g5", "treasure i8"]
    g = position(at=at, hands=["R", ""], **WONDER)
    g.apply("tile red g6")
    events = g.apply("wonder g6")
    assert [e.kind for e in events] == ["wonder", "stranded"]
    assert g.phase is Phase.ACTION and g.treasures_held[0] == 0 and token(g, "g5") == "W$"
