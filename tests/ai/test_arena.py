"""`python -m ai arena`: one JSON line per game, then a summary."""

from __future__ import annotations

import json

import pytest

from ai.arena import Setup, main, play_game, summarise


def test_a_tiny_arena_run_prints_games_and_a_summary(capsys):
    assert main(["arena", "--players", "2", "--games", "2", "--seats", "random,easy", "--seed", "4"]) == 0
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    games, summary = lines[:-1], lines[-1]
    assert len(games) == 2
    assert games[0]["seats"] == ["random", "easy"] and games[1]["seats"] == ["easy", "random"]  # alternated
    for game in games:
        assert sorted(game["places"]) in ([1, 2], [1, 1])
        assert game["end"] in ("treasures", "bag")
        assert len(game["move_seconds"]) == 2
    assert summary["games"] == 2
    levels = summary["levels"]
    assert set(levels) == {"random", "easy"}
    assert levels["easy"]["seats"] == 2 and levels["easy"]["moves"] > 0
    assert levels["easy"]["move_p95_s"] >= levels["easy"]["move_p50_s"] > 0
    assert sum(levels[lv]["wins"] + levels[lv]["shared_wins"] for lv in levels) >= 2


def test_a_run_is_reproducible_from_its_seed():
    setup = Setup(("random", "easy"), seed=12, number=0)
    first, second = play_game(setup), play_game(setup)
    assert first["places"] == second["places"] and first["final"] == second["final"]


def test_games_with_the_2015_options_play_to_the_end():
    # every level meets the building, wonder and wonder-point decisions there (R28, R29)
    setup = Setup(("normal", "easy", "random"), seed=5, number=0, buildings=True, wonder=True)
    record = play_game(setup)
    assert record["buildings"] and record["wonder"]
    assert sorted(record["places"])[0] == 1 and record["end"] in ("treasures", "bag")


def test_the_summary_counts_shared_wins_apart():
    records = [
        {"seats": ["easy", "normal"], "places": [1, 1], "move_seconds": [[0.1], [0.2]]},
        {"seats": ["normal", "easy"], "places": [1, 2], "move_seconds": [[0.2], [0.1]]},
    ]
    levels = summarise(records)["levels"]
    assert levels["normal"]["wins"] == 1 and levels["normal"]["shared_wins"] == 1
    assert levels["normal"]["win_rate"] == 0.75 and levels["easy"]["win_rate"] == 0.25


@pytest.mark.parametrize(
    "argv",
    [
        ["arena", "--players", "2", "--games", "1", "--seats", "easy,genius"],
        ["arena", "--players", "3", "--games", "1", "--seats", "easy,normal"],
        ["arena", "--players", "2", "--games", "0", "--seats", "easy,normal"],
    ],
)
def test_bad_arguments_get_one_clear_line(argv, capsys):
    with pytest.raises(SystemExit) as exit_info:
        main(argv)
    assert exit_info.value.code == 2
    assert "error:" in capsys.readouterr().err
