"""Every level answers every kind of choice legally, and plays whole games."""

from __future__ import annotations

import random

import pytest

from ai import LEVELS, choose, make_player
from ai.levels import Easy, Normal
from engine import Game, Phase, player_view
from tests.ai.helpers import positions_by_phase
from tests.engine.positions import position

ALL_PHASES = {p for p in Phase if p is not Phase.OVER}


@pytest.fixture(scope="module")
def positions():
    found = positions_by_phase()
    assert set(found) == ALL_PHASES  # turn actions, both commitments of both conflicts, war order, ...
    return found


@pytest.mark.parametrize("level", LEVELS)
def test_every_level_answers_every_kind_of_choice_legally(level, positions):
    player = make_player(level, simulations=6)
    for phase, games in positions.items():
        for game in games:
            seat = game.to_act
            legal = game.legal_actions()
            action = player.choose(player_view(game, seat), legal, random.Random(3))
            assert action in legal, (level, phase)
            game.copy().apply(action, seat)


def short_game(levels: list[str], seed: int, moves: int) -> Game:
    game = Game.new(len(levels), seed)
    players = [make_player(level, simulations=4) for level in levels]
    for n in range(moves):
        if game.is_over:
            break
        seat = game.to_act
        legal = game.legal_actions()
        action = players[seat].choose(player_view(game, seat), legal, random.Random(n))
        assert action in legal
        game.apply(action, seat)
    return game


def test_levels_play_legal_games_together():
    game = short_game(["random", "easy", "normal"], 5, 90)
    assert game.turn > 20
    game = short_game(["hard", "normal"], 6, 16)
    assert game.turn > 4


def test_a_level_is_deterministic_for_a_seed(positions):
    game = positions[Phase.ACTION][1]
    seat = game.to_act
    for level in LEVELS:
        player = make_player(level, simulations=6)
        picks = {
            player.choose(player_view(game, seat), game.legal_actions(), random.Random(8)) for _ in range(2)
        }
        assert len(picks) == 1, level


def test_normal_scores_a_free_point_in_its_weakest_colour():
    # seat 0's priest at e5 beside the temple f5; a temple on e6 scores red (R10), its weakest colour
    game = position(at={"e5": "0R", "f5": "R"}, hands=["RBBGGK", "RRRRRR"], points=[(0, 3, 3, 3), None])
    view = player_view(game, 0)
    plan = Normal().plan(view, game.legal_actions(), random.Random(1))
    first = plan.actions[0]
    assert first.kind == "tile" and first.colour == 0, plan.actions


def test_the_easy_level_makes_mistakes_the_normal_level_does_not():
    game = position(at={"e5": "0R", "f5": "R"}, hands=["RBBGGK", "RRRRRR"], points=[(0, 3, 3, 3), None])
    view = player_view(game, 0)
    easy_moves = {Easy().choose(view, game.legal_actions(), random.Random(s)) for s in range(12)}
    assert len(easy_moves) > 1


def test_an_attacker_with_overwhelming_temples_commits_and_a_hopeless_defender_keeps_tiles():
    # seat 0 moves its priest into seat 1's kingdom: a revolt (R13) with 5 temples in hand against none
    at = {"e5": "0R", "f5": "R", "j5": "R", "j6": "1R", "k5": "1K"}
    game = position(at=at, hands=["RRRRRK", "BBGGKK"])
    game.apply("leader red i5", 0)
    assert game.phase is Phase.REVOLT_ATTACKER
    action = choose("normal", player_view(game, 0), game.legal_actions(), random.Random(2))
    assert action.number is not None and action.number >= 1
    game.apply(action, 0)
    assert game.phase is Phase.REVOLT_DEFENDER
    reply = make_player("normal").choose(player_view(game, 1), game.legal_actions(), random.Random(2))
    assert reply.number == 0  # seat 1 holds no temple


def test_an_action_the_determinised_game_refuses_is_left_out_not_fatal():
    # a rule a determinisation might miss (a new edition option) shows up as a refused action
    from ai.determinise import sample_world
    from ai.policy import rank
    from engine import Action

    game = position(at={"e5": "0R", "f5": "R"}, hands=["RBBGGK", "RRRRRR"])
    world = sample_world(player_view(game, 0), game.legal_actions(), random.Random(0))
    scored = rank(world, [Action.parse("tile blue e6"), Action.parse("tile red e6")], 0)
    assert [s.action.text for s in scored] == ["tile red e6"]  # a farm off the river is refused


def test_the_hard_level_stops_at_its_time_limit_with_a_legal_move(positions):
    from ai.hard import Hard

    game = positions[Phase.ACTION][1]
    seat = game.to_act
    hard = Hard(simulations=10_000, seconds=0.0)  # the limit is checked between simulations
    action = hard.choose(player_view(game, seat), game.legal_actions(), random.Random(1))
    assert action in game.legal_actions()
