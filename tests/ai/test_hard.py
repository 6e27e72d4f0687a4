"""The hard level's search: plans raced over shared determinisations, its budget and its CPU-time cap."""

from __future__ import annotations

import itertools
import random

import pytest

import ai.evaluate
import ai.hard
from ai.determinise import sample_world
from ai.hard import MIN_SAMPLES, Hard, play_until, race
from engine import Phase, player_view
from tests.ai.helpers import eventful_game, positions_by_phase, weights_used


@pytest.fixture(scope="module")
def positions():
    return positions_by_phase()


def test_a_plan_clearly_worse_than_the_leader_leaves_the_race():
    leader = [5.0, 5.2, 4.8, 5.1, 4.9]
    worse = [s - 1.0 + 0.05 * k for k, s in enumerate(leader)]
    assert race([0, 1], [leader, worse]) == [0]


def test_a_plan_with_the_same_outcomes_as_the_leader_is_not_worth_more_thought():
    leader = [5.0, 2.0, 7.5, 4.0, 6.0]
    assert race([0, 1], [leader, list(leader)]) == [0]


def test_a_plan_close_to_the_leader_in_noisy_determinisations_stays_in_the_race():
    # the values swing by points from one determinisation to the next and the paired differences too
    leader = [5.0, 3.0, 7.0, 4.0, 6.5]
    rival = [4.0, 4.5, 5.5, 5.0, 5.0]
    assert race([0, 1], [leader, rival]) == [0, 1]


def test_no_plan_leaves_the_race_before_every_plan_met_a_few_determinisations():
    short = MIN_SAMPLES - 1
    assert race([0, 1], [[9.0] * short, [0.0] * short]) == [0, 1]


def count_simulations(monkeypatch):
    calls = [0]
    simulate = ai.hard.simulate

    def counted(*args, **kwargs):
        calls[0] += 1
        return simulate(*args, **kwargs)

    monkeypatch.setattr(ai.hard, "simulate", counted)
    return calls


@pytest.mark.interpreted_only
@pytest.mark.parametrize("phase", [Phase.ACTION, Phase.REVOLT_ATTACKER, Phase.WAR_CHOICE])
def test_the_search_spends_at_most_its_budget(phase, positions, monkeypatch):
    calls = count_simulations(monkeypatch)
    spent = 0
    for game in positions[phase]:
        seat = game.to_act
        legal = game.legal_actions()
        calls[0] = 0
        action = Hard(simulations=30).choose(player_view(game, seat), legal, random.Random(5))
        assert action in legal
        assert calls[0] <= 30
        spent += calls[0]
    assert spent > 0  # the spy saw the search (compiled callers would not call it)


@pytest.mark.interpreted_only
def test_the_time_cap_counts_the_cpu_time_of_the_search(positions, monkeypatch):
    game = positions[Phase.ACTION][1]
    seat = game.to_act
    view, legal = player_view(game, seat), game.legal_actions()
    calls = count_simulations(monkeypatch)
    Hard(simulations=200).choose(view, legal, random.Random(2))
    uncapped = calls[0]
    # a CPU clock that runs a second per reading: the cap of 2.5 s is past after two determinisations
    # (a search reading the wall clock instead would not stop)
    ticks = itertools.count()
    monkeypatch.setattr(ai.hard.time, "process_time", lambda: float(next(ticks)))
    calls[0] = 0
    action = Hard(simulations=200, seconds=2.5).choose(view, legal, random.Random(2))
    assert action in legal
    assert 0 < calls[0] < uncapped


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_playout_stops_after_the_rival_turns_asked_or_at_the_seats_own_next_turn(players):
    # early positions, so that no playout ends the game before its stop
    games = [g for g in eventful_game(players, 70 + players)[12:40:3] if g.phase is Phase.ACTION][:3]
    assert len(games) == 3
    for game in games:
        seat = game.to_act
        assert seat is not None
        view, legal = player_view(game, seat), game.legal_actions()
        for rival_turns in range(players + 1):
            world = sample_world(view, legal, random.Random(rival_turns))
            play_until(world, seat, rival_turns)
            assert not world.snap.over and world.game.phase is Phase.ACTION
            assert world.game.to_act == (seat + 1 + min(rival_turns, players - 1)) % players


@pytest.mark.interpreted_only
def test_every_value_in_the_search_comes_from_the_weights_for_its_number_of_seats(positions, monkeypatch):
    """The plans proposed, the decisions weighed, the greedy replies in the playouts and the playouts'
    scores: all with ``best_weights`` (the fitted ``TUNED`` at two seats, ``DEFAULT`` at three and four)."""
    used = weights_used(monkeypatch)
    seats = set()
    for games in positions.values():
        for game in games:
            if len(game.legal_actions()) == 1:
                continue  # nothing is weighed
            seat = game.to_act
            assert seat is not None
            used.clear()
            Hard(simulations=12).choose(player_view(game, seat), game.legal_actions(), random.Random(5))
            assert all(w is ai.evaluate.best_weights(game.players) for w in used), game.players
            if used:
                seats.add(game.players)
    assert {2, 3, 4} <= seats
    assert ai.evaluate.best_weights(2) is ai.evaluate.TUNED
    assert ai.evaluate.best_weights(3) is ai.evaluate.best_weights(4) is ai.evaluate.DEFAULT
