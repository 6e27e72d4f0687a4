"""Rulings R6-R14 (shared/reference/rulings.md): leaders, tiles, points, catastrophes, swaps, revolts.

Every position is built from the position notation (tests/engine/positions.py). Squares are written like the
action notation (``e5``); seat 0 is active unless a test says otherwise.
"""

from __future__ import annotations

import pytest

from engine import Colour, IllegalActionError, Phase, parse_square
from tests.engine.positions import hand, legal, legal_of, play, position, pts, tile_total, token, tokens

COLOUR_WORDS = ("red", "blue", "green", "black")


# ---------------------------------------------------------------------------------------------- R6 leaders


def test_r6_leader_squares_are_empty_land_next_to_a_face_up_temple() -> None:
    g = position(at={"g5": "R"}, spares=0, hands=["RBGK", ""])
    squares = ["g4", "f5", "h5", "g6"]
    assert legal_of(g, "leader") == [f"leader {c} {s}" for c in COLOUR_WORDS for s in squares]
    with pytest.raises(IllegalActionError, match="not next to a face-up temple"):
        g.apply("leader red h6")  # diagonal does not count (R1)
    with pytest.raises(IllegalActionError, match="not empty"):
        g.apply("leader red g5")


def test_r6_leader_never_on_a_river_square() -> None:
    g = position(at={"d5": "R"}, spares=0)
    assert "leader black d4" not in legal(g)
    assert legal_of(g, "leader")[:3] == ["leader red c5", "leader red e5", "leader red d6"]
    with pytest.raises(IllegalActionError, match="river"):
        g.apply("leader black d4")


def test_r6_leader_may_not_unite_two_kingdoms() -> None:
    g = position(at={"e5": "0K", "f5": "R", "h5": "R", "i5": "1K"}, spares=0)
    # from the supply, g5 would join the two kingdoms (moving the king there is another matter: R7)
    assert [t for t in legal_of(g, "leader") if t.endswith(" g5")] == ["leader black g5"]
    with pytest.raises(IllegalActionError, match="unite two kingdoms"):
        g.apply("leader red g5")
    # next to only one of them it is fine
    g.apply("leader red h4")
    assert token(g, "h4") == "0R"


def test_r6_leader_placed_from_supply_then_moved_then_withdrawn() -> None:
    g = position(at={"f5": "R", "h5": "R"}, actions_left=2)
    events = g.apply("leader black e5")
    assert [e.kind for e in events] == ["leader"]
    assert token(g, "e5") == "0K" and g.leader_square(0, Colour.BLACK) == parse_square("e5")
    events = g.apply("leader black g5")  # moving is positioning too: the old square empties
    assert [e.kind for e in events][:1] == ["move"]
    assert token(g, "e5") == "." and token(g, "g5") == "0K"
    assert g.active == 1  # two actions used: the turn passed
    g2 = position(at={"f5": "R", "e5": "0K"})
    with pytest.raises(IllegalActionError, match="not on the board"):
        g2.apply("withdraw red")
    assert "withdraw black" in legal(g2) and "withdraw red" not in legal(g2)
    g2.apply("withdraw black")
    assert token(g2, "e5") == "."
    assert [c.word for c in g2.leaders_in_supply(0)] == ["red", "blue", "green", "black"]


def test_r6_only_ones_own_leaders() -> None:
    # seat 1's king stands on e5; seat 0 "moving the king" places seat 0's own king instead
    g = position(at={"f5": "R", "e5": "1K"})
    g.apply("leader black f6")
    assert token(g, "e5") == "1K" and token(g, "f6") == "0K"
    assert g.phase is Phase.REVOLT_ATTACKER  # same kingdom, two kings: a revolt (R13)


# ----------------------------------------------------------------------------------- R7 moving a leader


def test_r7_leader_that_was_the_only_link_may_not_relink_two_kingdoms() -> None:
    at = {"f4": "R", "f5": "R", "g5": "0K", "h5": "R", "h4": "R", "e5": "1G", "i5": "1B"}
    g = position(at=at, spares=0)
    # g4 touches f4 and h4: with the king lifted, the two halves are two kingdoms (FAQ: moving a leader)
    assert "leader black g4" not in legal(g)
    with pytest.raises(IllegalActionError, match="unite two kingdoms"):
        g.apply("leader black g4")
    with pytest.raises(IllegalActionError, match="already on"):
        g.apply("leader black g5")


def test_r7_relinking_is_fine_when_one_half_has_no_leader() -> None:
    at = {"f4": "R", "f5": "R", "g5": "0K", "h5": "R", "h4": "R", "e5": "1G"}
    g = position(at=at, spares=0)
    assert "leader black g4" in legal(g)
    g.apply("leader black g4")
    assert token(g, "g4") == "0K" and token(g, "g5") == "."


def test_r7_lifting_first_lets_a_lone_leader_move_between_two_kingdoms() -> None:
    # the king is the only leader of its kingdom: once lifted, g5 touches one kingdom only
    g = position(at={"e5": "0K", "f5": "R", "h5": "R", "i5": "1G"}, spares=0)
    assert "leader black g5" in legal(g)
    assert "leader red g5" not in legal(g)  # a leader from the supply would unite the two
    g.apply("leader black g5")
    assert token(g, "g5") == "0K" and token(g, "e5") == "."


# ------------------------------------------------------------------------------------ R8 stranded leaders


def test_r8_catastrophe_on_the_last_temple_returns_leaders() -> None:
    g = position(at={"f5": "R", "e5": "0K", "f4": "1G", "g5": "R", "g4": "1R"}, hands=["", ""])
    events = g.apply("catastrophe f5")
    assert token(g, "f5") == "X"
    stranded = [(e.seat, e.colour.word, e.squares) for e in events if e.kind == "stranded"]
    assert stranded == [(0, "black", (parse_square("e5"),)), (1, "green", (parse_square("f4"),))]
    assert g.leader_square(0, Colour.BLACK) is None and g.leader_square(1, Colour.GREEN) is None
    assert token(g, "g4") == "1R"  # still next to g5
    assert g.removed == [1, 0, 0, 0] and tile_total(g) == 153


def test_r8_monument_flip_returns_leaders_without_another_temple() -> None:
    # a red 2x2 completed on g6: seat 1's trader on h5 touches only g5, seat 0's king on e5 also touches e6
    at = {"f5": "R", "g5": "R", "f6": "R", "h5": "1G", "e5": "0K", "e6": "R"}
    g = position(at=at, hands=["R", ""], actions_left=1)
    g.apply("tile red g6")
    assert pts(g, 0) == (1, 0, 0, 0)  # no priest: the king scores the temple (R10)
    assert g.phase is Phase.MONUMENT
    events = g.apply("monument red-black f5")
    assert [token(g, s) for s in ("f5", "g5", "f6", "g6")] == ["r", "r", "r", "r"]
    assert [(e.seat, e.colour.word) for e in events if e.kind == "stranded"] == [(1, "green")]
    assert token(g, "h5") == "." and token(g, "e5") == "0K"  # e6 is still a face-up temple
    assert pts(g, 0) == (1, 0, 0, 1)  # end of turn: the king with a monument with black (R23)


# --------------------------------------------------------------------------------------------- R9 tiles


def test_r9_farms_only_on_rivers_and_nothing_else_on_rivers() -> None:
    g = position(at={}, hands=["RBGK", ""])
    with pytest.raises(IllegalActionError, match="river square: only farms"):
        g.apply("tile red e1")
    with pytest.raises(IllegalActionError, match="river square: only farms"):
        g.apply("tile black e1")
    with pytest.raises(IllegalActionError, match="farms \\(blue\\) go only on rivers"):
        g.apply("tile blue g5")
    tiles = legal_of(g, "tile")
    river = [t for t in tiles if t.startswith("tile blue")]
    assert len(river) == 41 - 0  # every river square of the standard board (boards.md)
    assert "tile blue e1" in river and "tile blue g5" not in tiles
    g.apply("tile blue e1")
    assert token(g, "e1") == "B"


def test_r9_tile_only_on_an_empty_square_and_only_from_hand() -> None:
    g = position(at={"g5": "R", "h5": "0K", "e5": "X"}, hands=["R", ""])
    for square in ("g5", "h5", "e5", "a1"):
        with pytest.raises(IllegalActionError, match="not empty"):
            g.apply(f"tile red {square}")
    with pytest.raises(IllegalActionError, match="no markets"):
        g.apply("tile green g6")


def test_r9_tile_may_not_unite_three_kingdoms() -> None:
    at = {"f5": "R", "e5": "0K", "h5": "R", "i5": "1K", "g4": "R", "g3": "0R"}
    g = position(at=at, hands=["RBGK", "RBGK"], spares=0)
    assert not any(t.endswith(" g5") for t in legal_of(g, "tile") + legal_of(g, "leader"))
    assert "catastrophe g5" in legal(g)
    with pytest.raises(IllegalActionError, match="three kingdoms"):
        g.apply("tile black g5")
    assert "tile black f6" in legal(g) and "tile black g6" in legal(g)


def test_r9_tile_may_join_regions_to_a_kingdom_freely() -> None:
    # one kingdom (f5 + king e5) and three leaderless regions (g4, h5, g6): g5 joins all four groups
    at = {"f5": "R", "e5": "0K", "h5": "G", "g4": "K", "g6": "R"}
    g = position(at=at, hands=["G", ""], actions_left=1)
    assert "tile green g5" in legal(g)
    g.apply("tile green g5")
    assert pts(g, 0) == (0, 0, 1, 0)  # the king's owner scores the market (R10)
    assert g.unification is None


# ----------------------------------------------------------------------------------------- R10 points


def test_r10_leader_of_the_tiles_colour_scores_else_the_king() -> None:
    g = position(at={"f5": "R", "e5": "0K", "f4": "1G"}, hands=["RGKK", "R"], actions_left=2)
    g.apply("tile green g5")  # seat 1's trader is in the kingdom: seat 1 scores a market
    assert pts(g, 1) == (0, 0, 1, 0) and pts(g, 0) == (0, 0, 0, 0)
    g.apply("tile red g6")  # no priest: the king's owner scores the temple
    assert pts(g, 0) == (1, 0, 0, 0) and pts(g, 1) == (0, 0, 1, 0)


def test_r10_own_leader_of_the_colour_beats_someone_elses_king() -> None:
    g = position(at={"f5": "R", "e5": "1K", "f4": "0R"}, hands=["K", "R"], active=1, actions_left=1)
    g.apply("tile red f6")
    assert pts(g, 0) == (1, 0, 0, 0) and pts(g, 1) == (0, 0, 0, 0)


def test_r10_no_leader_of_the_colour_and_no_king_scores_nobody() -> None:
    g = position(at={"f5": "R", "f4": "1G"}, hands=["KR", ""], actions_left=2)
    g.apply("tile black g5")
    g.apply("tile red f6")
    assert pts(g, 0) == (0, 0, 0, 0) and pts(g, 1) == (0, 0, 0, 0)


def test_r10_a_tile_in_no_kingdom_scores_nothing() -> None:
    g = position(at={"f5": "R", "e5": "0K"}, hands=["KK", ""], actions_left=2)
    g.apply("tile black j8")  # far from everything
    g.apply("tile black j7")  # next to a region without a leader
    assert pts(g, 0) == (0, 0, 0, 0)
    assert token(g, "j8") == "K" and token(g, "j7") == "K"


def test_r10_a_uniting_tile_scores_nothing_even_without_war() -> None:
    g = position(at={"f5": "R", "e5": "0K", "h5": "R", "i5": "1G"}, hands=["K", ""], actions_left=1)
    events = g.apply("tile black g5")
    kinds = [e.kind for e in events]
    assert kinds[:3] == ["tile", "unification", "unification-lifted"]
    assert "point" not in kinds
    assert pts(g, 0) == (0, 0, 0, 0) and pts(g, 1) == (0, 0, 0, 0)
    assert token(g, "g5") == "K" and g.unification is None


# ------------------------------------------------------------------------------------ R11 catastrophes


def test_r11_catastrophe_on_empty_land_river_or_a_plain_tile() -> None:
    g = position(at={"g5": "K"}, hands=["", ""], catastrophes=[2, 2])
    g.apply("catastrophe e1")  # a river square (FAQ: yes)
    g.apply("catastrophe g5")  # a face-up settlement without treasure: it leaves the game
    assert token(g, "e1") == "X" and token(g, "g5") == "X"
    assert g.catastrophes == [0, 2]
    assert g.removed == [0, 0, 0, 1] and tile_total(g) == 153


def test_r11_catastrophe_refused_on_treasure_monument_leader_catastrophe() -> None:
    at = {"f5": "R$", "e5": "0K", "h5": "X", "j5": "r", "k5": "r", "j6": "r", "k6": "r", "i5": "R", "i6": "R"}
    g = position(at=at, monuments=[("red-blue", "j5")], catastrophes=[1, 2])
    with pytest.raises(IllegalActionError, match="carries a treasure"):
        g.apply("catastrophe f5")
    with pytest.raises(IllegalActionError, match="a monument"):
        g.apply("catastrophe j5")
    with pytest.raises(IllegalActionError, match="a leader"):
        g.apply("catastrophe e5")
    with pytest.raises(IllegalActionError, match="a catastrophe"):
        g.apply("catastrophe h5")
    cats = legal_of(g, "catastrophe")
    for s in ("f5", "j5", "k6", "e5", "h5", "a1"):
        assert f"catastrophe {s}" not in cats
    assert "catastrophe i5" in cats and "catastrophe e1" in cats
    g.apply("catastrophe i5")
    with pytest.raises(IllegalActionError, match="no catastrophe tiles left"):
        g.apply("catastrophe i6")


def test_r11_dead_square_takes_nothing_afterwards() -> None:
    g = position(at={"f5": "R", "e6": "X", "d1": "X"}, hands=["RBGK", ""])
    assert not any(t.split()[-1] in ("e6", "d1") for t in legal(g))
    with pytest.raises(IllegalActionError, match="not empty"):
        g.apply("leader red e6")


def test_r11_catastrophe_splits_a_kingdom() -> None:
    # e5 king - f5 temple - g5 settlement - h5 temple - i5 trader: one kingdom
    at = {"e5": "0K", "f5": "R", "g5": "K", "h5": "R", "i5": "1G"}
    g = position(at=at, hands=["K", ""], actions_left=2)
    g.apply("catastrophe g5")
    g.apply("tile black h6")  # now in the trader's kingdom only: no king there, nobody scores
    assert pts(g, 0) == (0, 0, 0, 0)
    g2 = position(at=at, hands=["K", ""], actions_left=1)
    g2.apply("tile black h6")  # before the split the king scores it
    assert pts(g2, 0) == (0, 0, 0, 1)


# ------------------------------------------------------------------------------------------- R12 swap


def test_r12_swap_discards_out_of_the_game_and_draws_as_many() -> None:
    g = position(at={}, hands=["RRBGKK", "RRRRRR"], seed=5, actions_left=2)
    bag_before = g.bag_count()
    g.apply("swap red black black")
    assert sum(g.hand(0)) == 6
    assert g.removed == [1, 0, 0, 2]
    assert g.bag_count() == bag_before - 3
    assert tile_total(g) == 153
    with pytest.raises(IllegalActionError, match="hold only"):
        g.apply("swap green green")
    assert len(legal_of(g, "swap")) == _swaps(g.hand(0))


def _swaps(h: tuple[int, int, int, int]) -> int:
    n = 1
    for c in h:
        n *= c + 1
    return n - 1


def test_r12_swap_from_a_short_bag_ends_the_game_at_the_end_of_the_turn() -> None:
    g = position(at={"f5": "R", "e5": "0K"}, hands=["RRBGKK", "RRRRRR"], bag=[0, 1, 0, 0], actions_left=2)
    events = g.apply("swap red red black")
    assert [e.kind for e in events] == ["swap", "bag-empty"]
    assert hand(g, 0) == "BBGK" and g.bag_count() == 0  # B G K kept, one farm drawn
    assert g.phase is Phase.ACTION and g.actions_left == 1 and not g.is_over  # never mid-turn (R23)
    g.apply("tile black f6")  # the second action still happens and scores
    assert pts(g, 0) == (0, 0, 0, 1)
    assert g.is_over and g.end_reason == "bag"
    assert g.outcome() is not None


# ------------------------------------------------------------------------------------------ R13 revolt


def _revolt_position(**fields):
    # defender seat 1's priest on g5 touches f5 and g6; e5 touches f5 and e6: f5 counts for both
    at = {"f5": "R", "g6": "R", "e6": "R", "g5": "1R"}
    fields.setdefault("hands", ["RRRBGK", "RRBBGK"])
    return position(at=at, **fields)


def test_r13_revolt_counts_adjacent_temples_one_temple_for_both() -> None:
    g = _revolt_position()
    events = g.apply("leader red e5")
    assert [e.kind for e in events] == ["leader", "revolt"]
    assert g.phase is Phase.REVOLT_ATTACKER and g.to_act == 0
    assert g.conflict is not None and (g.conflict.attacker, g.conflict.defender) == (0, 1)
    assert g.conflict_strengths() == (2, 2)
    assert legal(g) == ["commit 0", "commit 1", "commit 2", "commit 3"]
    with pytest.raises(IllegalActionError, match="hold only 3 temples"):
        g.apply("commit 4")
    with pytest.raises(IllegalActionError, match="not yours"):
        g.apply("commit 0", seat=1)
    g.apply("commit 1")
    assert g.phase is Phase.REVOLT_DEFENDER and g.to_act == 1
    assert legal(g) == ["commit 0", "commit 1", "commit 2"]


def test_r13_revolt_tie_goes_to_the_defender() -> None:
    g = _revolt_position()
    g.apply("leader red e5")
    g.apply("commit 1")
    events = g.apply("commit 1")  # 3 against 3
    won = [e for e in events if e.kind == "revolt-won"]
    assert len(won) == 1 and won[0].seat == 1 and won[0].other == 0
    assert token(g, "e5") == "." and token(g, "g5") == "1R"
    assert pts(g, 1) == (1, 0, 0, 0) and pts(g, 0) == (0, 0, 0, 0)
    assert g.phase is Phase.ACTION and g.to_act == 0 and g.actions_left == 1


def test_r13_higher_total_wins_for_the_attacker() -> None:
    g = _revolt_position()
    play(g, "leader red e5", "commit 2", "commit 1")  # 4 against 3
    assert token(g, "e5") == "0R" and token(g, "g5") == "."
    assert pts(g, 0) == (1, 0, 0, 0) and pts(g, 1) == (0, 0, 0, 0)


def test_r13_only_leader_positioning_causes_a_revolt_and_moving_counts() -> None:
    at = {"f5": "R", "g5": "1K", "j5": "R", "j4": "0K"}
    g = position(at=at, hands=["RRBGKK", "RRRBGK"])
    g.apply("leader black e5")  # moving seat 0's king from j4 into seat 1's king's kingdom
    assert token(g, "j4") == "." and g.phase is Phase.REVOLT_ATTACKER
    assert (
        g.conflict is not None and g.conflict.colour.word == "black" and g.conflict.tile_colour.word == "red"
    )
    # a revolt is fought with temples even between kings (R13)
    assert legal(g) == ["commit 0", "commit 1", "commit 2"]


# ------------------------------------------------------------------------------------- R14 revolt result


def test_r14_winner_scores_one_red_point_committed_temples_leave_the_game() -> None:
    g = _revolt_position()
    board_before = {k: v for k, v in tokens(g).items() if k != "e5"}
    play(g, "leader red e5", "commit 3", "commit 2")  # 5 against 4: attacker wins
    assert pts(g, 0) == (1, 0, 0, 0) and pts(g, 1) == (0, 0, 0, 0)
    assert g.removed == [5, 0, 0, 0]
    assert hand(g, 0) == "BGK" and hand(g, 1) == "BBGK"
    # nothing else leaves the board: only the loser's leader
    after = tokens(g)
    assert after.pop("e5") == "0R"
    board_before.pop("g5")
    assert after == board_before
    assert g.leaders_in_supply(1)[0].word == "red"
    assert tile_total(g) == 153


def test_r14_king_revolt_still_scores_red() -> None:
    g = position(at={"f5": "R", "g5": "1K"}, hands=["RR", "R"])
    play(g, "leader black e5", "commit 2", "commit 1")  # 1+2 against 1+1
    assert pts(g, 0) == (1, 0, 0, 0)
    assert token(g, "g5") == "." and token(g, "e5") == "0K"
    assert g.removed == [3, 0, 0, 0] and tile_total(g) == 153


def test_r8_war_removals_leave_other_leaders_their_temples() -> None:
    # R8 lists a war's removals, but only a red war removes temples, and R18 keeps every temple next to a
    # leader of another colour: the loser's own king on j7 keeps j6, nobody is stranded
    at = {
        "e5": "0R", "f5": "R", "g5": "K",
        "i5": "K", "j5": "R", "k5": "1R", "j6": "R", "j7": "1K",
    }  # fmt: skip
    g = position(at=at, hands=["KRR", ""], actions_left=2)
    g.apply("tile black h5")
    events = play(g, "commit 2", "commit 0")  # 3 against 2
    assert "stranded" not in [e.kind for e in events]
    assert [token(g, s) for s in ("k5", "j5", "j6", "j7")] == [".", ".", "R", "1K"]
    assert pts(g, 0) == (2, 0, 0, 0)
