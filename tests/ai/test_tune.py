"""Fitting the evaluation's weights (``python -m ai tune``): the features are the evaluation itself, taken
apart; the fit keeps every weight at zero or above; a game's positions carry its real final margin."""

from __future__ import annotations

import json
import random

import pytest

from ai.arena import Setup, main, play_game
from ai.determinise import World
from ai.evaluate import DEFAULT, TUNED, Weights, evaluate, seat_values
from ai.snapshot import Snapshot
from ai.tune import FITTED, Position, as_vector, features, game_positions, nonnegative_least_squares
from tests.ai.helpers import eventful_game


@pytest.mark.parametrize("weights", [DEFAULT, TUNED], ids=["default", "tuned"])
def test_the_features_weighted_give_back_the_evaluation(weights: Weights):
    checked = 0
    for players in (2, 3, 4):
        for game in eventful_game(players, 40 + players)[20::25]:
            world = World(game.copy(), Snapshot.from_game(game))
            values = seat_values(world, weights)
            for seat, row in enumerate(features(world, weights.softness)):
                rebuilt = sum(f * w for f, w in zip(row, as_vector(weights), strict=True))
                assert rebuilt == pytest.approx(values[seat], abs=1e-9)
                checked += 1
    assert checked > 20


def test_every_fitted_name_is_a_weight_of_the_evaluation():
    assert set(FITTED) <= set(Weights.__dataclass_fields__)
    assert "softness" not in FITTED


def test_the_fit_finds_weights_that_explain_the_margins():
    rng = random.Random(3)
    truth = [1.0, 0.5, 0.0, 2.0]
    rows = [[rng.uniform(-3, 3) for _ in truth] for _ in range(400)]
    margins = [sum(a * b for a, b in zip(r, truth, strict=True)) + rng.gauss(0, 0.1) for r in rows]
    found = nonnegative_least_squares(rows, margins)
    assert found == pytest.approx(truth, abs=0.02)


def test_a_weight_the_margins_would_want_negative_stays_at_zero():
    rng = random.Random(4)
    rows = [[rng.uniform(-3, 3), rng.uniform(-3, 3)] for _ in range(300)]
    margins = [r[0] - 0.8 * r[1] for r in rows]  # unconstrained, the second weight is -0.8
    found = nonnegative_least_squares(rows, margins)
    assert found[1] == 0.0
    assert found[0] == pytest.approx(1.0, abs=0.05)


def test_a_feature_that_never_varies_keeps_no_weight():
    rows = [[x, 0.0] for x in (1.0, 2.0, -1.0, 3.0)]
    assert nonnegative_least_squares(rows, [2.0, 4.0, -2.0, 6.0]) == pytest.approx([2.0, 0.0])


def test_a_games_positions_are_each_turns_start_labelled_with_the_final_margin():
    positions = game_positions(seed=11, number=0, softness=4.0)
    assert len(positions) > 40  # about one per turn
    assert {p.seat for p in positions} == {0, 1}
    # the same game through the arena (normal's choices are seeded alike): its final scores, treasures
    # allocated (R24)
    final = play_game(Setup(("normal", "normal"), seed=11, number=0))["final"]
    for p in positions:
        assert p.margin == min(final[p.seat]) - min(final[1 - p.seat])
    assert all(len(p.features) == len(FITTED) + 1 == len(p.default_features) for p in positions)
    assert len({p.features for p in positions}) > len(positions) // 2  # the board moves on


def test_at_two_seats_the_evaluation_is_the_movers_features_minus_its_rivals_weighted():
    """So fitting the margin on a position's feature difference fits the evaluation the search uses."""
    for game in eventful_game(2, 7)[10::30]:
        world = World(game.copy(), Snapshot.from_game(game))
        for weights in (DEFAULT, TUNED):
            rows = features(world, weights.softness)
            for seat in (0, 1):
                difference = [a - b for a, b in zip(rows[seat], rows[1 - seat], strict=True)]
                fitted = sum(f * w for f, w in zip(difference, as_vector(weights), strict=True))
                if not world.snap.over:
                    assert evaluate(world, seat, weights) == pytest.approx(fitted, abs=1e-9)


def synthetic_positions(truth: list[float], noise: float):
    """Stand-ins for ``game_positions``: margins that the features explain with ``truth``."""

    def read(seed: int, number: int, softness: float) -> list[Position]:
        rng = random.Random(seed)
        out = []
        for _ in range(50):
            row = tuple(rng.uniform(-2, 2) for _ in truth)
            margin = round(sum(a * b for a, b in zip(row, truth, strict=True)) + rng.gauss(0, noise))
            out.append(Position(number, 0, row, tuple(rng.uniform(-2, 2) for _ in truth), margin))
        return out

    return read


def test_tune_prints_the_weights_and_how_they_compare_with_default(capsys, monkeypatch):
    truth = [2.0, *([0.0] * len(FITTED))]
    truth[1 + FITTED.index("support")] = 6.0
    truth[1 + FITTED.index("catastrophe")] = 3.0
    monkeypatch.setattr("ai.tune.game_positions", synthetic_positions(truth, noise=0.3))
    assert main(["tune", "--games", "8", "--seed", "5"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["games"] == 8 and result["positions"] == 400
    weights = result["weights"]
    assert weights["softness"] == 4.0
    assert weights["support"] == pytest.approx(3.0, abs=0.1)  # scaled so that points weigh 1
    assert weights["catastrophe"] == pytest.approx(1.5, abs=0.1)
    assert weights["leader"] == pytest.approx(0.0, abs=0.1)
    assert result["held_out_error"] < result["default_held_out_error"]  # games 3 and 7 held out


def test_tune_says_so_when_the_games_cannot_be_fitted(capsys, monkeypatch):
    monkeypatch.setattr("ai.tune.game_positions", synthetic_positions([0.0] * (len(FITTED) + 1), noise=0.0))
    assert main(["tune", "--games", "4"]) == 2
    assert "cannot fit: the points themselves got no weight" in capsys.readouterr().err


def test_tune_refuses_too_few_games(capsys):
    assert main(["tune", "--games", "1"]) == 2
    assert "--games must be at least 2" in capsys.readouterr().err


@pytest.mark.parametrize("softness", ["0", "-1", "nan", "inf"])
def test_tune_refuses_a_softness_it_cannot_fit_before_playing_any_game(capsys, monkeypatch, softness):
    def no_game(seed: int, number: int, softness: float) -> list[Position]:
        raise AssertionError("a game was played")

    monkeypatch.setattr("ai.tune.game_positions", no_game)
    assert main(["tune", "--games", "4", "--softness", softness]) == 2
    assert "--softness must be a number more than 0" in capsys.readouterr().err
