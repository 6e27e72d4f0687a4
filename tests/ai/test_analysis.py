"""`python -m ai analyse`: every move of a game record judged from what its seat could see then; and
`python -m ai arena --records`. Small budgets keep these fast; the full budget is timed by
benchmarks/bench_analysis.py."""

from __future__ import annotations

import dataclasses
import json
from functools import cache
from pathlib import Path

import pytest

from ai.analysis import Budget, analyse, judge_move, positions, report, text_report, turning_points
from ai.arena import Setup, main, play_game
from engine import (
    GameExport,
    LoggedAction,
    Phase,
    UndoRefused,
    player_view,
    read_export,
    take_back,
    write_export,
)
from tests.ai.test_hidden import hide_differently

SMALL = Budget(width=2, samples=2, least=2, rival_turns=0)


@cache
def random_against_normal() -> GameExport:
    """A 2-player game between the random and the normal level, recorded as the arena records it."""
    result = play_game(Setup(("random", "normal"), seed=31, number=0), records=True)
    return read_export(result["record"])


@cache
def analysed() -> dict:
    return analyse(random_against_normal(), seed=1, budget=SMALL)


def test_the_costliest_moves_are_real_rows_of_their_seat_with_a_better_move_and_a_loss():
    record = random_against_normal()
    rows = {row.seq: row for row in record.actions}
    turns = {seq: game.turn for seq, game, _ in positions(record)}
    result = analysed()
    assert [s["seat"] for s in result["seats"]] == [0, 1]
    assert [s["name"] for s in result["seats"]] == ["Bot (random)", "Bot (normal)"]
    for seat in result["seats"]:
        assert seat["moves"] > 20 and len(seat["costliest"]) == 3
        losses = [c["loss"] for c in seat["costliest"]]
        assert losses == sorted(losses, reverse=True) and losses[-1] > 0
        assert seat["average_loss"] <= losses[0]
        for move in seat["costliest"]:
            row = rows[move["seq"]]
            assert row.seat == seat["seat"] and row.action == move["played"] and row.effective
            assert move["turn"] == turns[move["seq"]]
            assert move["better"] and move["better"] != move["played"]


def test_a_random_player_loses_clearly_more_per_move_than_normal():
    random_seat, normal_seat = analysed()["seats"]
    assert random_seat["average_loss"] > 2 * normal_seat["average_loss"]


def test_turning_points_are_rows_of_the_game_in_order():
    record = random_against_normal()
    points = turning_points(record, count=4)
    assert 1 <= len(points) <= 4 and [p.seq for p in points] == sorted(p.seq for p in points)
    rows = {row.seq: row for row in record.actions}
    for point in points:
        assert rows[point.seq].action == point.played and rows[point.seq].seat == point.seat
        assert point.swing != 0 or point.leader_before != point.leader_after or point.what


def test_a_judgement_sees_only_the_seats_view():
    """Other hidden tiles (a rival's hand, the bag, the draw order, hidden points) under the same seed give
    the same judgement of the seat's move, turn actions and decisions alike."""
    record = random_against_normal()
    checked = set()
    for seq, game, action in positions(record):
        phase = game.phase
        if len(game.legal_actions()) < 2 or (phase in checked and seq % 7):
            continue
        seat = game.to_act
        other = hide_differently(game, seat)
        assert other != game and player_view(other, seat) == player_view(game, seat)
        first = judge_move(game, action, seq, seed=5, budget=SMALL)
        second = judge_move(other, action, seq, seed=5, budget=SMALL)
        assert first == second, (seq, phase)
        checked.add(phase)
        if len(checked) >= 2 and seq > 60:
            break
    assert Phase.ACTION in checked and len(checked) >= 2  # a decision too


def test_the_json_report_has_the_issues_shape(tmp_path: Path, capsys, monkeypatch):
    import ai.analysis

    monkeypatch.setitem(ai.analysis.BUDGETS, 2, Budget(width=1, samples=1, least=1, rival_turns=0))
    path = tmp_path / "game.txt"
    path.write_text(write_export(random_against_normal()))
    assert main(["analyse", str(path), "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert set(result) == {"seats", "turning_points", "seconds"} and result["seconds"] >= 0
    for seat in result["seats"]:
        assert set(seat) == {"seat", "name", "moves", "average_loss", "costliest"}
        for move in seat["costliest"]:
            assert set(move) == {"seq", "turn", "played", "better", "loss"}


def test_the_text_report_names_each_seat_and_its_costliest_moves():
    result = analysed()
    text = text_report(result)
    assert "Seat 0 (Bot (random))" in text and "Seat 1 (Bot (normal))" in text
    for seat in result["seats"]:
        for move in seat["costliest"]:
            line = f"#{move['seq']} (turn {move['turn']}): played {move['played']}; better {move['better']}"
            assert line in text
    assert "Turning points:" in text


def test_analyse_refuses_what_is_not_a_record(tmp_path: Path, capsys):
    path = tmp_path / "nonsense.txt"
    path.write_text("hello\n")
    assert main(["analyse", str(path)]) == 2
    assert "is not a game record" in capsys.readouterr().err
    assert main(["analyse", str(tmp_path / "missing.txt")]) == 2


def test_the_arena_writes_each_games_record(tmp_path: Path, capsys):
    folder = tmp_path / "records"
    argv = ["arena", "--players", "2", "--games", "2", "--seats", "random,easy", "--seed", "2"]
    assert main([*argv, "--records", str(folder), "--quiet"]) == 0
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert all("record" not in line for line in lines)
    for line in lines[:-1]:
        record = read_export((folder / f"game-{line['game']}.txt").read_text())
        game = record.final_game()
        outcome = game.outcome()
        assert outcome is not None and line["moves"] == len(record.actions)
        assert [s.place for s in sorted(outcome.standings, key=lambda s: s.seat)] == line["places"]
        assert [h.who.label for h in record.holders] == [f"Bot ({level})" for level in line["seats"]]
        assert record.seed == line["seed"]


def test_the_arena_names_two_seats_of_one_level_apart(tmp_path: Path, capsys):
    """Issue 18: two computer seats of one level are "Bot (random)" and "Bot 2 (random)" in the record,
    in every row of theirs, and in the analysis that reads it."""
    folder = tmp_path / "records"
    argv = ["arena", "--players", "3", "--games", "1", "--seats", "random,easy,random", "--seed", "4"]
    assert main([*argv, "--records", str(folder), "--quiet"]) == 0
    line = json.loads(capsys.readouterr().out.splitlines()[0])
    record = read_export((folder / f"game-{line['game']}.txt").read_text())
    names = {"random": ["Bot (random)", "Bot 2 (random)"], "easy": ["Bot (easy)"]}
    expected = [names[level].pop(0) for level in line["seats"]]
    assert record.seat_labels() == expected
    for row in record.actions:
        assert row.who.label == expected[row.seat]
    assert [s["name"] for s in report(record, [], [], 0.0)["seats"]] == expected


@pytest.mark.parametrize("seconds", ["0", "-1"])
def test_analyse_wants_a_positive_time(tmp_path: Path, capsys, seconds):
    path = tmp_path / "game.txt"
    path.write_text(write_export(random_against_normal()))
    assert main(["analyse", str(path), "--seconds", seconds]) == 2
    assert "--seconds" in capsys.readouterr().err


def test_past_its_deadline_a_move_is_judged_on_the_fewest_determinisations():
    record = random_against_normal()
    seq, game, action = next((s, g, a) for s, g, a in positions(record) if len(g.legal_actions()) > 1)
    budget = Budget(width=2, samples=4, least=1, rival_turns=0)
    hurried = judge_move(game, action, seq, budget=budget, deadline=0.0)
    calm = judge_move(game, action, seq, budget=budget)
    assert hurried is not None and calm is not None
    assert hurried.samples == 1 and calm.samples == 4


def with_an_undo(record: GameExport) -> tuple[GameExport, int]:
    """The record with its first action that R32 lets its player take back, taken back by an undo row and
    played again (the log then has two more rows); and the taken-back row's seq."""
    effective = record.effective_actions()
    for k, row in enumerate(record.actions):
        try:
            take_back(record.settings, record.seed, effective[: k + 1], row.seat)
        except UndoRefused:
            continue
        taken = dataclasses.replace(row, taken_back_by=row.seq + 1)
        undo = LoggedAction(row.seq + 1, row.at, row.seat, "undo", row.who, undoes=row.seq)
        later = [dataclasses.replace(r, seq=r.seq + 2) for r in record.actions[k:]]
        rows = (*record.actions[:k], taken, undo, *later)
        return dataclasses.replace(record, actions=rows), row.seq
    raise AssertionError("no action of the game could be taken back")


def test_an_action_taken_back_is_not_judged_and_the_game_as_played_is():
    record = random_against_normal()
    undone, seq = with_an_undo(record)
    read_export(write_export(undone))  # a record that replays
    played = [(s, g.copy(), a) for s, g, a in positions(record)]
    replayed = [(s, g.copy(), a) for s, g, a in positions(undone)]
    assert seq not in {s for s, _, _ in replayed} and seq + 1 not in {s for s, _, _ in replayed}
    assert [(g, a) for _, g, a in replayed] == [(g, a) for _, g, a in played]
    assert [s for s, _, _ in replayed] == [s if s < seq else s + 2 for s, _, _ in played]
