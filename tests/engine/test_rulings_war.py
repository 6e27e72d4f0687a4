"""Rulings R15-R20 (shared/reference/rulings.md): wars and the order of steps inside an action.

The unification square is h5 in every layout: seat 0's side lies west of it (g5 and beyond), the other side
east (i5 and beyond), so the two kingdoms touch only through h5.
"""

from __future__ import annotations

import pytest

from engine import Game, IllegalActionError, Phase, parse_square
from engine.board import NEIGHBOURS
from engine.cells import CATASTROPHE
from engine.rng import Rng
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
    tokens,
)


def _sq(*names: str) -> tuple[int, ...]:
    return tuple(parse_square(n) for n in names)


# ------------------------------------------------------------------------------------------- R15 union


def test_r15_union_without_same_colour_leaders_lifts_the_unification_tile_at_once() -> None:
    at = {"e5": "0K", "f5": "R", "g5": "K", "i5": "K", "j5": "R", "k5": "1R"}
    g = position(at=at, hands=["KK", ""], actions_left=2)
    events = g.apply("tile black h5")
    assert [e.kind for e in events] == ["tile", "unification", "unification-lifted"]
    assert g.phase is Phase.ACTION and g.actions_left == 1 and g.unification is None
    assert token(g, "h5") == "K" and pts(g, 0) == (0, 0, 0, 0)


def test_r15_a_war_in_each_colour_with_two_leaders() -> None:
    at = {
        "e5": "0K",
        "f4": "0G",
        "f5": "R",
        "g5": "K",
        "i5": "K",
        "j5": "R",
        "k5": "1K",
        "j4": "1G",
        "j6": "1B",
    }
    g = position(at=at, hands=["K", ""], actions_left=2)
    events = g.apply("tile black h5")
    assert [e.kind for e in events] == ["tile", "unification"]
    assert g.phase is Phase.WAR_CHOICE and g.to_act == 0
    assert token(g, "h5") == "K!" and g.unification == parse_square("h5")
    assert legal(g) == ["war green", "war black"]  # no blue war: only seat 1 has a farmer
    with pytest.raises(IllegalActionError, match="no blue war"):
        g.apply("war blue")
    assert pts(g, 0) == (0, 0, 0, 0)  # the uniting tile scores nothing (R10)


# ----------------------------------------------------------------------------- R17 sides and supporters


def _green_war(hands: list[str]):
    # seat 0: trader f4 on temple f5, markets g5 g6 (2 supporters); seat 1: trader j4 on temple j5, markets
    # i5 k5 k6 (3 supporters; k6 is not next to the trader but is connected). The market on h5 unites them.
    at = {
        "f5": "R", "f4": "0G", "g5": "G", "g6": "G",
        "j5": "R", "j4": "1G", "i5": "G", "k5": "G", "k6": "G",
    }  # fmt: skip
    return position(at=at, hands=hands, actions_left=2)


def test_r17_supporters_exclude_the_unification_square() -> None:
    g = _green_war(["GGGGRK", "GRRBBK"])
    g.apply("tile green h5")  # a market: it would be a supporter of both sides if it counted
    assert g.phase is Phase.WAR_ATTACKER and g.to_act == 0
    assert g.conflict is not None and (g.conflict.attacker, g.conflict.defender) == (0, 1)
    assert g.conflict.colour.word == "green"
    assert g.conflict_strengths() == (2, 3)
    assert g.war_supporters(parse_square("f4")) == list(_sq("g5", "g6"))
    assert g.war_supporters(parse_square("j4")) == sorted(_sq("i5", "k5", "k6"))
    assert legal(g) == ["commit 0", "commit 1", "commit 2", "commit 3"]


def test_r18_tie_goes_to_the_defender_loser_loses_leader_and_supporters() -> None:
    g = _green_war(["GGGGRK", "GRRBBK"])
    g.apply("tile green h5")
    g.apply("commit 2")  # 2 + 2 = 4
    assert g.phase is Phase.WAR_DEFENDER and g.to_act == 1
    assert legal(g) == ["commit 0", "commit 1"]
    events = g.apply("commit 1")  # 3 + 1 = 4: a tie, the defender wins
    won = [e for e in events if e.kind == "war-won"]
    assert len(won) == 1 and won[0].seat == 1 and won[0].other == 0
    assert won[0].squares == _sq("f4", "g5", "g6") and won[0].count == 3
    assert pts(g, 1) == (0, 0, 3, 0) and pts(g, 0) == (0, 0, 0, 0)  # 1 for the leader + 2 tiles
    for s in ("f4", "g5", "g6"):
        assert token(g, s) == "."
    assert token(g, "h5") == "G" and g.unification is None  # R19: the tile stays, face up
    assert token(g, "f5") == "R"  # not a market: not a supporter
    assert g.removed == [0, 0, 5, 0]  # 3 committed + 2 supporters
    assert hand(g, 0) == "RGK" and hand(g, 1) == "RRBBK"
    assert g.phase is Phase.ACTION and g.to_act == 0 and g.actions_left == 1
    assert tile_total(g) == 153 and tiles_by_colour(g) == [57, 36, 30, 30]


def test_r18_attacker_wins_with_a_higher_total_and_scores_each_removed_tile() -> None:
    g = _green_war(["GGGGRK", "GRRBBK"])
    play(g, "tile green h5", "commit 3", "commit 1")  # 5 against 4
    assert pts(g, 0) == (0, 0, 4, 0) and pts(g, 1) == (0, 0, 0, 0)  # leader + i5 k5 k6
    assert {s: token(g, s) for s in ("j4", "i5", "k5", "k6", "j5", "g5", "g6", "f4")} == {
        "j4": ".", "i5": ".", "k5": ".", "k6": ".", "j5": "R", "g5": "G", "g6": "G", "f4": "0G",
    }  # fmt: skip
    assert g.removed == [0, 0, 7, 0] and tile_total(g) == 153


@pytest.mark.parametrize(
    ("players", "active", "west", "east", "attacker"),
    [
        (2, 1, 0, 1, 1),  # the active player is involved: they attack
        (2, 0, 0, 1, 0),
        (3, 2, 0, 1, 0),  # not involved: the first involved player after the active one, clockwise
        (3, 2, 1, 0, 0),
        (3, 0, 1, 2, 1),
        (4, 1, 0, 3, 3),
        (4, 2, 1, 3, 3),
        (4, 3, 2, 1, 1),
    ],
)
def test_r17_attacker_is_the_active_player_else_the_next_involved_clockwise(
    players: int, active: int, west: int, east: int, attacker: int
) -> None:
    at = {"e5": f"{west}R", "f5": "R", "g5": "K", "i5": "K", "j5": "R", "k5": f"{east}R"}
    hands = ["KRR"] * players
    g = position(at=at, players=players, hands=hands, active=active, actions_left=2)
    g.apply("tile black h5")
    defender = west if attacker == east else east
    assert g.phase is Phase.WAR_ATTACKER and g.to_act == attacker
    assert g.conflict is not None and (g.conflict.attacker, g.conflict.defender) == (attacker, defender)
    with pytest.raises(IllegalActionError, match="not yours"):
        g.apply("commit 0", seat=defender)
    g.apply("commit 0", seat=attacker)
    assert g.phase is Phase.WAR_DEFENDER and g.to_act == defender
    g.apply("commit 0", seat=defender)  # 1 against 1: the defender wins
    assert g.phase is Phase.ACTION and g.to_act == active and g.active == active
    assert pts(g, defender) == (2, 0, 0, 0)  # the priest and its one temple
    loser_temple = "f5" if attacker == west else "j5"
    assert token(g, loser_temple) == "."


def test_r18_red_war_keeps_treasure_temples_and_temples_next_to_other_leaders() -> None:
    # seat 1's temples: j5 (treasure), j6 (next to seat 1's king on j7), k6 and l5 (only next to priests)
    at = {
        "e5": "0R", "f5": "R", "g5": "K",
        "i5": "K", "j5": "R$", "k5": "1R", "j6": "R", "j7": "1K", "k6": "R", "l5": "R",
    }  # fmt: skip
    g = position(at=at, hands=["KRRRRB", "RR"], actions_left=2)
    g.apply("tile black h5")
    assert g.conflict_strengths() == (1, 4)  # treasure temples still support
    play(g, "commit 4", "commit 0")  # 5 against 4
    assert token(g, "k5") == "."  # the priest goes back
    assert token(g, "j5") == "R$" and token(g, "j6") == "R"  # the exception: they stay
    assert token(g, "k6") == "." and token(g, "l5") == "."
    assert token(g, "j7") == "1K"  # still next to j6
    assert pts(g, 0) == (3, 0, 0, 0)  # leader + 2 temples actually removed
    assert g.removed == [6, 0, 0, 0] and tile_total(g) == 153


def test_r18_committed_tiles_of_both_sides_leave_the_game_even_the_winners() -> None:
    g = _green_war(["GGGGRK", "GRRBBK"])
    play(g, "tile green h5", "commit 3", "commit 0")
    assert hand(g, 0) == "RK" and g.removed[2] == 3 + 3


# --------------------------------------------------------------------------------- R16 / R19 more wars


def _two_wars_rewired():
    """Seat 0 (west): king e5 and trader f4 on temple f5, settlement g5, market f6.
    Seat 1 (east): temples h6 i6 j6 link h5 to the trader j7 and the king k6;
    settlements i5 (next to h5) and l6;
    market l5 reached only through l6, market i7 next to the trader."""
    at = {
        "e5": "0K", "f4": "0G", "f5": "R", "g5": "K", "f6": "G",
        "i5": "K", "h6": "R", "i6": "R", "j6": "R", "j7": "1G", "k6": "1K", "l6": "K", "l5": "G", "i7": "G",
    }  # fmt: skip
    return position(at=at, hands=["KKKGRB", "GKRB"], actions_left=2)


def test_r16_active_player_chooses_the_order_and_r19_later_wars_use_the_board_as_it_stands() -> None:
    g = _two_wars_rewired()
    g.apply("tile black h5")
    assert g.phase is Phase.WAR_CHOICE and legal(g) == ["war green", "war black"]
    g.apply("war black")
    assert g.phase is Phase.WAR_ATTACKER and g.conflict is not None and g.conflict.colour.word == "black"
    assert g.conflict_strengths() == (1, 2)  # g5 | i5 l6
    play(g, "commit 2", "commit 0")  # 3 against 2: seat 0 wins the black war
    assert pts(g, 0) == (0, 0, 0, 3)
    assert [token(g, s) for s in ("k6", "i5", "l6")] == [".", ".", "."]
    # one colour left: the green war starts by itself, with l5 now cut off from the trader
    assert g.phase is Phase.WAR_ATTACKER and g.conflict is not None and g.conflict.colour.word == "green"
    assert g.to_act == 0
    assert g.conflict_strengths() == (1, 1)  # f6 | i7 (l5 no longer counts)
    play(g, "commit 0", "commit 0")  # a tie: the defender, seat 1, wins
    assert pts(g, 1) == (0, 0, 2, 0)
    assert token(g, "f4") == "." and token(g, "f6") == "."
    assert token(g, "l5") == "G"  # never a supporter of this war: stays
    assert token(g, "h5") == "K" and g.unification is None
    assert g.phase is Phase.ACTION and g.actions_left == 1
    assert tile_total(g) == 153


def test_r16_choosing_the_other_order_gives_another_result() -> None:
    g = _two_wars_rewired()
    play(g, "tile black h5", "war green")
    assert g.conflict_strengths() == (1, 2)  # f6 | l5 i7: l5 still connected through l6 and the king
    play(g, "commit 1", "commit 0")  # 2 against 2: seat 1 defends
    assert token(g, "f4") == "." and token(g, "f6") == "."
    assert g.phase is Phase.WAR_ATTACKER and g.conflict is not None and g.conflict.colour.word == "black"


def test_r19_the_lifted_tile_is_an_ordinary_tile_afterwards() -> None:
    # a temple unites two kingdoms (no war): afterwards a leader may stand next to it and tiles score near it
    at = {"e5": "0K", "f5": "R", "g5": "K", "i5": "K", "j5": "R", "j4": "1G"}
    g = position(at=at, hands=["RK", "G"], actions_left=2)
    g.apply("tile red h5")
    assert token(g, "h5") == "R" and pts(g, 0) == (0, 0, 0, 0)
    g.apply("tile black h6")  # joins the united kingdom: no priest, seat 0's king scores
    assert pts(g, 0) == (0, 0, 0, 1)
    assert g.active == 1
    g.apply("leader red h4", seat=1)  # h4 touches h5 only: it is a face-up temple now
    assert token(g, "h4") == "1R" and g.phase is Phase.ACTION


# --------------------------------------------------------------------------------------- R20 order


def test_r20_war_then_monument_then_treasures() -> None:
    # east: settlements i5 h4 i4 with h5 complete a black 2x2 (top-left h4); both sides hold one treasure
    at = {
        "f5": "R$", "f4": "0G", "g5": "K",
        "i5": "K", "h4": "K", "i4": "K", "j5": "R$", "j4": "1G",
    }  # fmt: skip
    g = position(at=at, hands=["KGG", "R"], actions_left=1)
    g.apply("tile black h5")
    assert g.phase is Phase.WAR_ATTACKER and g.to_act == 0  # (2) conflicts first
    play(g, "commit 1", "commit 0")  # 1 against 0
    assert pts(g, 0) == (0, 0, 1, 0) and token(g, "j4") == "."
    assert g.phase is Phase.MONUMENT and g.to_act == 0  # (3) the square still stands
    assert legal(g) == [
        "monument red-black h4",
        "monument blue-black h4",
        "monument green-black h4",
        "decline",
    ]
    g.apply("monument green-black h4")
    assert [token(g, s) for s in ("h4", "i4", "h5", "i5")] == ["k", "k", "k", "k"]
    assert g.phase is Phase.TREASURE and g.to_act == 0  # (4) treasures: two of equal rank
    assert legal(g) == ["treasure f5", "treasure j5"]
    g.apply("treasure j5")
    assert g.treasures_held == [1, 0] and token(g, "f5") == "R$" and token(g, "j5") == "R"
    # end of turn: the trader is in the kingdom of the green-black monument (R23)
    assert pts(g, 0) == (0, 0, 2, 0) and g.active == 1


def test_r20_revolt_before_treasures_the_winner_collects() -> None:
    at = {"f5": "R$", "f4": "1G", "h5": "R$"}
    g = position(at=at, hands=["", ""], actions_left=2)
    g.apply("leader green g5")  # joins the kingdom (f5, trader f4) and the region h5
    assert g.phase is Phase.REVOLT_ATTACKER and g.conflict_strengths() == (2, 1)
    play(g, "commit 0", "commit 0")
    assert token(g, "f4") == "." and pts(g, 0) == (1, 0, 0, 0)
    assert g.phase is Phase.TREASURE and g.to_act == 0 and legal(g) == ["treasure f5", "treasure h5"]
    g.apply("treasure f5")
    assert g.treasures_held == [1, 0] and g.phase is Phase.ACTION and g.actions_left == 1


def test_r20_revolt_lost_no_treasure_for_anyone() -> None:
    at = {"f5": "R$", "f4": "1G", "h5": "R$"}
    g = position(at=at, hands=["", "RR"], actions_left=2)
    play(g, "leader green g5", "commit 0", "commit 1")  # 2 against 2
    assert token(g, "g5") == "." and token(g, "f4") == "1G"
    assert g.treasures_held == [0, 0] and g.phase is Phase.ACTION and g.actions_left == 1
    assert tokens(g)["f5"] == "R$" and tokens(g)["h5"] == "R$"


def test_r16_the_active_player_chooses_again_while_more_than_one_war_is_left() -> None:
    g = three_wars()
    assert legal(g) == ["war blue", "war green", "war black"]
    play(g, "war green", "commit 0", "commit 0")  # 0 against 0: the defender (seat 1) wins
    assert token(g, "f4") == "." and pts(g, 1) == (0, 0, 1, 0)
    assert g.phase is Phase.WAR_CHOICE and g.to_act == 0 and legal(g) == ["war blue", "war black"]
    play(g, "war black", "commit 0", "commit 0")
    assert token(g, "e5") == "." and token(g, "g5") == "." and pts(g, 1) == (0, 0, 1, 2)
    # the black war removed g5: the farmers are no longer linked (f6 - f5 is cut off from h5)
    assert g.phase is Phase.ACTION and g.unification is None
    assert token(g, "f6") == "0B" and token(g, "j6") == "1B"


def test_r17_each_war_has_its_own_attacker() -> None:
    # three players, seat 0 active: a priest war between seats 1 and 2, a king war between seats 0 and 2
    at = {"f5": "R", "e5": "1R", "f4": "0K", "g5": "K", "i5": "K", "j5": "R", "k5": "2R", "j4": "2K"}
    g = position(at=at, players=3, hands=["K", "", ""], actions_left=1)
    g.apply("tile black h5")
    assert legal(g) == ["war red", "war black"]
    g.apply("war red")
    assert g.conflict is not None and (g.conflict.attacker, g.conflict.defender) == (1, 2) and g.to_act == 1
    play(g, "commit 0", "commit 0")  # seat 2 defends; f5 touches seat 0's king: it stays (R18)
    assert token(g, "e5") == "." and token(g, "f5") == "R" and pts(g, 2) == (1, 0, 0, 0)
    assert g.conflict is not None and (g.conflict.attacker, g.conflict.defender) == (0, 2) and g.to_act == 0
    play(g, "commit 0", "commit 0")
    assert token(g, "f4") == "." and token(g, "g5") == "." and pts(g, 2) == (1, 0, 0, 2)
    assert g.active == 1  # the turn ended


def test_r13_no_turn_action_while_a_conflict_waits() -> None:
    at = {"f5": "R", "g5": "1R"}
    g = position(at=at, hands=["RRRBGK", "RR"])
    g.apply("leader red f6")
    for action in ("pass", "tile red j8", "leader black e5", "withdraw red", "war red", "decline"):
        with pytest.raises(IllegalActionError, match="waits for the attacker's commitment"):
            g.apply(action)


def _fresh_supporters(g: Game, leader: int) -> list[int]:
    """R17 counted from scratch: the face-up tiles of the war's colour joined to ``leader`` without the
    unification tile."""
    assert g.conflict is not None
    seen, stack = {leader}, [leader]
    while stack:
        for y in NEIGHBOURS[stack.pop()]:
            v = g.cell[y]
            if y not in seen and y != g.unification and v >= 0 and v != CATASTROPHE:
                seen.add(y)
                stack.append(y)
    return sorted(s for s in seen if g.cell[s] == g.conflict.colour)


def test_r17_war_supporters_stay_right_through_each_commitment_and_in_copies() -> None:
    """The supporters of a war's leaders are counted once per war and kept while it waits for its
    commitments: at every commitment of random games, and in a copy, they equal a count from scratch."""
    checked = 0
    for seed in range(12):
        g = Game.new(4, 500 + seed)
        chooser = Rng(seed)
        while not g.is_over:
            if g.phase in (Phase.WAR_ATTACKER, Phase.WAR_DEFENDER):
                assert g.conflict is not None
                for game in (g, g.copy(), g):
                    for seat in (g.conflict.attacker, g.conflict.defender):
                        leader = g.leader_pos[seat][g.conflict.colour]
                        assert leader is not None
                        assert game.war_supporters(leader) == _fresh_supporters(g, leader)
                checked += 1
            choices = g.legal_actions()
            g.apply(choices[chooser.below(len(choices))])
    assert checked >= 20
