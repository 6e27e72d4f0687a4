"""The public position builders (``engine.position``, ``engine.position_from_view``), the read-back
helpers (``piece_at``, ``points_of``, ``score_of``, ``board_diagram``) and ``forced_action`` (R34)."""

from __future__ import annotations

from typing import Any

import pytest

from engine import (
    Colour,
    Game,
    NotationError,
    Phase,
    Piece,
    Points,
    board_diagram,
    dump,
    load,
    player_view,
    position,
    position_from_view,
)
from engine.actions import Action
from engine.cells import TILE_COUNTS
from engine.diagram import grid_lines
from engine.rng import Rng
from tests.engine.positions import hidden_parts, play_builder_minded, tiles_by_colour


def test_squares_on_the_map_read_back_as_typed_pieces() -> None:
    g = position(
        at={"e5": "0K", "f5": "R$", "f4": "R", "h5": "X", "g6": "k", "g7": "k", "h6": "k", "h7": "k"},
        monuments=[("blue-black", "g6")],
        players=3,
        hands=["RRB", "KK", ""],
        points=[(1, 0, 2, 0), {"black": 3}, None],
        treasures=[0, 2, 0],
    )
    assert g.piece_at("e5") == Piece("e5", "leader", Colour.BLACK, seat=0)
    assert g.piece_at("F5") == Piece("f5", "tile", Colour.RED, treasure=True)
    assert g.piece_at("g6") == Piece("g6", "tile", Colour.BLACK, face_down=True)
    assert g.piece_at("h5").kind == "catastrophe"
    assert g.piece_at("e1") == Piece("e1", "empty", river=True)
    assert g.points_of(0) == Points(1, 0, 2, 0) and g.points_of(0).green == 2
    assert g.points_of(1) == (0, 0, 0, 3)
    score = g.score_of(1)
    assert score.treasures == 2 and score.final == (1, 1, 0, 3) and score.lowest == 0
    assert g.hand(0) == (2, 1, 0, 0) and g.players == 3


def test_the_rest_of_the_tiles_are_in_the_bag() -> None:
    g = position(at={"e5": "0K", "f5": "R", "g5": "G"}, hands=["RRBK", "GG"], removed=(1, 0, 0, 2))
    assert tiles_by_colour(g) == list(TILE_COUNTS)
    assert g.bag == [57 - 1 - 2 - 1, 36 - 1, 30 - 1 - 2, 30 - 1 - 2]


def test_a_given_bag_puts_every_other_tile_among_the_removed() -> None:
    g = position(at={"f5": "R", "e5": "0K"}, hands=["RB", ""], bag=(1, 0, 2, 0))
    assert g.bag == [1, 0, 2, 0] and tiles_by_colour(g) == list(TILE_COUNTS)
    with pytest.raises(NotationError, match="bag cannot hold that many red"):
        position(at={"f5": "R"}, bag=(57, 0, 0, 0))


def test_a_diagram_reads_back_what_board_diagram_prints() -> None:
    game = Game.new(3, 77)
    chooser = Rng(77)
    for _ in range(60):
        legal = game.legal_actions()
        game.apply(legal[chooser.below(len(legal))])
    diagram = board_diagram(game)
    assert diagram.splitlines()[0].split() == list("abcdefghijklmnop")
    rebuilt = position(
        diagram,
        players=3,
        hands=["".join("RBGK"[c] * n for c, n in enumerate(game.hand(s))) for s in range(3)],
        catastrophes=game.catastrophes,
        monuments=[
            (f"{p[0].word}-{p[1].word}", f"{'abcdefghijklmnop'[t % 16]}{t // 16 + 1}")
            for p, t in game.monuments
        ],
        phase="action",
        active=game.active,
    )
    assert grid_lines(rebuilt) == grid_lines(game)
    assert position(grid_lines(game), players=3, phase="action").cell == game.cell  # rows as a list too


def test_a_diagram_with_a_wrong_shape_is_refused_in_one_sentence() -> None:
    with pytest.raises(NotationError, match="11 rows"):
        position(". " * 16)
    with pytest.raises(NotationError, match="16 squares"):
        position("\n".join([". " * 15] * 11))
    with pytest.raises(NotationError, match="not both"):
        position(["."] * 11, at={"e5": "R"})
    with pytest.raises(NotationError, match="seat 1 is missing"):
        position(at={"e5": "R"}, hands=["R"])


def test_a_built_position_round_trips() -> None:
    g = position(at={"e5": "0K", "f5": "R$"}, hands=["RRBGKK", "RB"], turn=7, active=1, actions_left=1)
    assert load(dump(g)) == g and dump(load(dump(g))) == dump(g)
    assert g.to_act == 1 and g.turn == 7


# ------------------------------------------------------------------------------------------- from a view


@pytest.mark.parametrize("options", [False, True])
def test_a_game_rebuilt_from_a_view_and_its_own_hidden_parts_plays_on_alike(options: bool) -> None:
    _, actions = play_builder_minded(3, 11, buildings=options, wonder=options)
    game = Game.new(3, 11, buildings=options, wonder=options)
    for number, action in enumerate(actions):
        if number % 5 == 0:
            seat = number % 3
            view = player_view(game, seat)
            rebuilt = position_from_view(view, **hidden_parts(game))
            assert player_view(rebuilt, seat) == view
            assert rebuilt.legal_actions() == game.legal_actions()
            assert hidden_parts(rebuilt) == hidden_parts(game)
            rebuilt.apply(action)
            game.apply(action)
            assert player_view(rebuilt, seat) == player_view(game, seat)  # the same draws too
        else:
            game.apply(action)


def test_a_view_rebuilt_with_other_hidden_parts_keeps_what_the_seat_sees() -> None:
    game = position(
        at={"e5": "0K", "f5": "R", "a1": "R$"},
        hands=["RRBGKK", "BBBGGG"],
        points=[(1, 2, 0, 0), (5, 0, 0, 0)],
    )
    view = player_view(game, 0)
    parts = hidden_parts(game) | {
        "hands": ["RRBGKK", "RRRRRR"],
        "points": [[1, 2, 0, 0], [0, 0, 9, 0]],
        "rng": 5,
    }
    parts["bag"] = [game.bag[0] - 6, game.bag[1] + 3, game.bag[2] + 3, game.bag[3]]  # BBBGGG back, six R out
    rebuilt = position_from_view(view, **parts)
    assert player_view(rebuilt, 0) == view
    assert rebuilt.hand(1) == (6, 0, 0, 0) and rebuilt.points_of(1).green == 9 and rebuilt.rng.state == 5


@pytest.mark.parametrize(
    ("change", "refusal"),
    [
        ({"hands": ["RRBGKB", "BBBGGG"]}, "seat 0's own hand is in sight"),
        ({"hands": ["RRBGKK", "BBBGG"]}, "seat 1 holds 6 tiles, not 5"),
        ({"points": [[1, 2, 0, 1], [5, 0, 0, 0]]}, "seat 0's points are in sight"),
        ({"treasures": [1, 0]}, "seat 0's treasures are in sight"),
        ({"bag": [0, 0, 0, 0]}, "do not add up"),  # 153 tiles (R2): the missing ones are nowhere
    ],
)
def test_an_assignment_that_contradicts_the_view_is_refused(change: dict[str, Any], refusal: str) -> None:
    game = position(
        at={"e5": "0K", "f5": "R", "a1": "R$"}, hands=["RRBGKK", "BBBGGG"], points=[(1, 2, 0, 0), None]
    )
    with pytest.raises(NotationError, match=refusal):
        position_from_view(player_view(game, 0), **(hidden_parts(game) | change))


# ------------------------------------------------------------------------------------------- R34 forced


def test_r34_forced_action_is_the_single_legal_choice() -> None:
    # seat 1's priest on g5 beside temples f5 and g6; seat 0 revolts with no temple in hand
    g = position(at={"f5": "R", "g6": "R", "e6": "R", "g5": "1R"}, hands=["BGK", "RRB"])
    assert g.forced_action() is None  # a turn with tiles in hand offers more than one action
    g.apply("leader red e5")
    assert g.phase is Phase.REVOLT_ATTACKER
    assert g.legal_actions() == [Action.parse("commit 0")]
    assert g.forced_action() == Action.parse("commit 0")
    g.apply(g.forced_action())
    assert g.phase is Phase.REVOLT_DEFENDER and g.forced_action() is None  # the defender holds 2 temples
    assert len(g.legal_actions()) == 3


def test_r34_a_turn_with_nothing_but_pass_forces_it() -> None:
    # seat 0: no tile in hand, no catastrophe left, every leader in supply and no temple to stand beside
    g = position(at={"e5": "K"}, hands=["", "RB"], catastrophes=[0, 2])
    assert g.legal_actions() == [Action.parse("pass")] and g.forced_action() == Action.parse("pass")
    g = position(at={"e5": "K"}, hands=["R", "RB"], catastrophes=[0, 2])
    assert g.forced_action() is None


def test_r34_no_forced_action_once_the_game_is_over_or_with_a_choice_of_wars() -> None:
    from tests.engine.positions import three_wars

    g = three_wars()
    assert g.phase is Phase.WAR_CHOICE and len(g.legal_actions()) == 3 and g.forced_action() is None
    over = position(at={"e5": "0K", "f5": "R"}, phase="over", end="bag")
    assert over.forced_action() is None and over.legal_actions() == []


def test_the_2015_options_in_a_diagram_read_back_by_square() -> None:
    diagram = """
         a   b   c   d   e   f   g   h   i   j   k   l   m   n   o   p
      1  .   .   .   .   ~   ~   ~   ~   ~   .   .   .   ~   .   .   .
      2  .   .   .   .   ~   .   .   .   .   .   .   .   ~   .   .   .
      3  .   .   .   ~   ~   .   .   .   .   .   .   .   ~   ~   .   .
      4  ~   ~   ~   ~   .   .   W   .   .   .   .   .   .   ~   ~   ~
      5  .   .   .   .   .   W   W$  W   .   .   .   .   .   .   ~   ~
      6  .   .   .   .   0K  R   W   .   .   .   .   .   .   .   ~   .
      7  ~   ~   ~   ~   .   .   .   .   .   .   .   .   ~   ~   ~   .
      8  .   .   .   ~   ~   ~   ~   .   .   .   .   .   ~   .   .   .
      9  .   .   .   .   .   .   ~   ~   ~   ~   ~   ~   ~   .   .   .
     10  .   .   .   .   .   G   G^  G   .   .   .   .   .   .   .   .
     11  .   .   .   .   .   .   .   .   .   .   .   .   .   .   .   .
    """
    g = position(diagram, buildings=True, wonder=True, removed={"red": 5}, hands=["", ""])
    assert g.piece_at("g5") == Piece("g5", "wonder", treasure=True)
    assert g.piece_at("g10") == Piece("g10", "tile", Colour.GREEN, building=True)
    assert g.wonder == 4 * 16 + 6 and g.buildings[Colour.GREEN] == 9 * 16 + 6
    assert grid_lines(g) == grid_lines(
        position(board_diagram(g), buildings=True, wonder=True, removed={"red": 5})
    )
    assert load(dump(g)) == g
    with pytest.raises(NotationError, match="no wonder option"):
        position(diagram, buildings=True)
