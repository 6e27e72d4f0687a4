"""The worked examples of the 2015 rules (shared/rules/rules-2015-edition.txt), played on the engine.

The rule book's pictures are not reproduced square for square; each layout below has exactly the counts and
relations the text describes.
"""

from __future__ import annotations

from engine import Phase, parse_square
from tests.engine.positions import hand, legal, play, position, pts, tile_total, tiles_by_colour, token


def test_first_round_example_andrew_barbara_david_karen() -> None:
    # seats: Andrew 0 (starts), Barbara 1, David 2, Karen 3; the standard board as set up (R2)
    g = position(
        start=True,
        players=4,
        hands=["RRBBGK", "RBBGGK", "RRBGKK", "RRRRBG"],
        active=0,
        seed=2015,
    )
    # Andrew positions his king and his priest: two kingdoms
    play(g, "leader black j1", "leader red e10")
    assert g.active == 1 and hand(g, 0) == "RRBBGK"
    # Barbara: her farmer extends Andrew's king's kingdom, a farm on the river next to it scores her a crop
    g.apply("leader blue l1")
    g.apply("tile blue m1")
    assert pts(g, 1) == (0, 1, 0, 0) and pts(g, 0) == (0, 0, 0, 0)
    assert sum(g.hand(1)) == 6 and g.active == 2  # she drew one tile
    # David: his king makes a new kingdom; a temple next to it scores him an amulet (no priest there)
    g.apply("leader black h7")
    g.apply("tile red h6")
    assert pts(g, 2) == (1, 0, 0, 0)
    assert [token(g, n) for n in ("h6", "i7")] == ["R", "R$"]  # the king now touches two temples
    assert sum(g.hand(2)) == 6 and g.active == 3
    # Karen: her priest joins Andrew's priest's kingdom: a revolt, one temple each on the board
    g.apply("leader red g10")
    assert g.phase is Phase.REVOLT_ATTACKER and g.to_act == 3
    assert g.conflict is not None and (g.conflict.attacker, g.conflict.defender) == (3, 0)
    assert g.conflict_strengths() == (1, 1)
    g.apply("commit 3")
    assert g.to_act == 0 and legal(g) == ["commit 0", "commit 1", "commit 2"]  # at most two extra temples
    g.apply("commit 0")  # four to one: Karen wins
    assert token(g, "e10") == "." and token(g, "g10") == "3R"
    assert pts(g, 3) == (1, 0, 0, 0)
    assert g.removed == [3, 0, 0, 0]
    # her fourth temple scores another amulet
    g.apply("tile red h10")
    assert pts(g, 3) == (2, 0, 0, 0)
    assert sum(g.hand(3)) == 6  # she drew four tiles
    assert g.active == 0 and g.turn == 5 and g.phase is Phase.ACTION
    assert [pts(g, s) for s in range(4)] == [(0, 0, 0, 0), (0, 1, 0, 0), (1, 0, 0, 0), (2, 0, 0, 0)]
    assert tile_total(g) == 153 and tiles_by_colour(g) == [57, 36, 30, 30]


def test_example_1_revolt_tie_goes_to_the_defender() -> None:
    # Bull (seat 1) defends with a priest on g5 next to two temples; Pot (seat 0) attacks from g6 with three
    at = {"f5": "R", "g4": "R", "g5": "1R", "f6": "R", "h6": "R", "g7": "R"}
    g = position(at=at, hands=["RRBBGK", "RRRKKK"])
    g.apply("leader red g6")
    assert g.conflict_strengths() == (3, 2)
    g.apply("commit 2")
    g.apply("commit 3")  # five against five
    assert token(g, "g6") == "." and token(g, "g5") == "1R"  # the loser's leader returns to him
    assert pts(g, 1) == (1, 0, 0, 0) and pts(g, 0) == (0, 0, 0, 0)  # the victor gains one amulet
    assert g.removed == [5, 0, 0, 0]  # the five committed temples leave the game
    assert [token(g, s) for s in ("f5", "g4", "f6", "h6", "g7")] == ["R"] * 5
    assert tile_total(g) == 153


def test_example_2_two_wars_trader_war_first_then_the_kings_are_no_longer_in_conflict() -> None:
    # Lion (seat 0, active) west of h5: king e5 and trader f4 on temple f5, one market g5.
    # Pot (seat 1) east: markets i5 j5, temple k5 with trader k4 and king l5.
    at = {
        "e5": "0K", "f4": "0G", "f5": "R", "g5": "G",
        "i5": "G", "j5": "G", "k5": "R", "k4": "1G", "l5": "1K",
    }  # fmt: skip
    g = position(at=at, hands=["GGGGGK", "GRRBBK"], actions_left=2)
    g.apply("tile green h5")  # unites the kingdoms: two wars, traders and kings
    assert g.phase is Phase.WAR_CHOICE and legal(g) == ["war green", "war black"]
    g.apply("war green")  # the player who united the kingdoms resolves the trader war first
    assert g.to_act == 0 and g.conflict_strengths() == (1, 2)
    g.apply("commit 4")  # Lion: 1 + 4
    g.apply("commit 1")  # Pot: 2 + 1, though it cannot change the outcome
    # Pot removes his trader and both supporters; Lion gains three goods; five committed tiles are removed
    assert [token(g, s) for s in ("k4", "i5", "j5")] == [".", ".", "."]
    assert pts(g, 0) == (0, 0, 3, 0) and pts(g, 1) == (0, 0, 0, 0)
    assert g.removed == [0, 0, 7, 0]  # 5 committed + 2 supporters
    # the kingdom is divided: the kings are no longer in conflict, the second war does not happen
    assert g.phase is Phase.ACTION and g.conflict is None and g.actions_left == 1
    assert token(g, "e5") == "0K" and token(g, "l5") == "1K"
    assert g.unification is None and token(g, "h5") == "G"  # the tile under the unification tile remains
    assert tile_total(g) == 153


def test_example_3_monument_strands_a_trader_and_scores_at_each_end_of_turn() -> None:
    # Bull (seat 0) completes four temples; Lion's (seat 1) trader on h5 touches only g5 of them;
    # Bull's farmer e5 keeps temple e4, Lion's priest e6 keeps temple e7
    at = {"f5": "R", "g5": "R", "f6": "R", "h5": "1G", "e4": "R", "e5": "0B", "e7": "R", "e6": "1R"}
    g = position(at=at, hands=["R", ""], actions_left=1)
    g.apply("tile red g6")
    assert pts(g, 1) == (1, 0, 0, 0)  # the temple's point goes to the priest's owner (R10)
    events = g.apply("monument red-blue f5")  # a red and blue monument
    assert [(e.seat, e.colour.word) for e in events if e.kind == "stranded"] == [(1, "green")]
    assert token(g, "h5") == "."
    # end of Bull's turn: one crop for Bull's farmer
    assert pts(g, 0) == (0, 1, 0, 0) and g.active == 1
    g.apply("pass")
    # end of Lion's turn: one amulet for Lion's priest
    assert pts(g, 1) == (2, 0, 0, 0) and pts(g, 0) == (0, 1, 0, 0)


def test_example_4_point_first_then_the_special_border_treasure() -> None:
    # a region b2 (treasure, special border) + b3 north of the river b4;
    # south, a kingdom with a treasure on b5,
    # Bull's (seat 1) farmer a5 and Lion's (seat 0) trader c5
    at = {"b2": "R$", "b3": "K", "b5": "R$", "a5": "1B", "c5": "0G"}
    g = position(at=at, spares=1, hands=["B", ""], actions_left=1)
    events = g.apply("tile blue b4")
    kinds = [(e.kind, e.seat) for e in events]
    assert kinds.index(("point", 1)) < kinds.index(("treasure", 0))  # first the crop, then the treasure
    assert pts(g, 1) == (0, 1, 0, 0)
    assert [e.squares for e in events if e.kind == "treasure"] == [(parse_square("b2"),)]  # the upper one
    assert g.treasures_held == [1, 0] and token(g, "b5") == "R$"
