"""python -m engine: new, legal, play, show, selfplay."""

from __future__ import annotations

import json
import subprocess
import sys

from engine import dump, load
from engine.cli import main
from tests.engine.positions import position


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_new_prints_a_loadable_position(capsys):
    code, out, _ = run(capsys, "new", "--players", "3", "--seed", "11", "--board", "advanced", "--english")
    assert code == 0
    game = load(out)
    assert game.players == 3 and game.seed == 11
    assert game.settings.board == "advanced" and game.settings.english
    assert len(game.treasures) == 14


def test_legal_lists_actions_of_the_player_to_act(tmp_path, capsys):
    path = tmp_path / "p.json"
    run(capsys, "new", "--players", "2", "--seed", "5")
    main(["new", "--players", "2", "--seed", "5"])
    path.write_text(capsys.readouterr().out)
    code, out, _ = run(capsys, "legal", str(path))
    lines = out.splitlines()
    assert code == 0
    assert lines == [a.text for a in load(path.read_text()).legal_actions()]
    assert lines[-1] == "pass"
    assert "tile blue e1" in lines and "tile red e1" not in lines  # E1 is a river


def test_play_applies_actions_and_refuses_illegal_ones(tmp_path, capsys):
    main(["new", "--players", "2", "--seed", "5"])
    path = tmp_path / "p.json"
    path.write_text(capsys.readouterr().out)
    hand = load(path.read_text()).hands[load(path.read_text()).active]
    code, out, err = run(capsys, "play", str(path), "pass")
    assert code == 0 and err == ""
    after = load(out)
    assert after.turn == 2
    code, out, err = run(capsys, "play", str(path), "tile red e1")
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and "tile red e1" in err
    if hand[0]:
        assert "river" in err
    code, out, err = run(capsys, "play", str(path), "dance")
    assert code == 2 and "'dance'" in err


def test_show_prints_the_board_and_who_acts(tmp_path, capsys):
    main(["new", "--players", "4", "--seed", "9"])
    path = tmp_path / "p.json"
    path.write_text(capsys.readouterr().out)
    code, out, _ = run(capsys, "show", str(path))
    assert code == 0
    assert "a   b   c" in out and " 11  " in out
    assert "R$" in out
    assert "to act, 2 actions left" in out


def test_selfplay_is_reproducible_and_reports_speed(capsys):
    code, out, _ = run(capsys, "selfplay", "--players", "3", "--games", "2", "--seed", "4")
    assert code == 0
    lines = [json.loads(line) for line in out.splitlines()]
    assert len(lines) == 3
    for game in lines[:2]:
        assert set(game) == {"seed", "players", "actions", "end", "standings"}
        assert game["players"] == 3 and game["end"] in ("treasures", "bag")
        assert game["standings"][0]["place"] == 1
    assert lines[2]["games"] == 2 and lines[2]["games_per_second"] > 0
    _, again, _ = run(capsys, "selfplay", "--players", "3", "--games", "2", "--seed", "4")
    assert again.splitlines()[:2] == out.splitlines()[:2]


def test_module_entry_point():
    result = subprocess.run(
        [sys.executable, "-m", "engine", "new", "--players", "2", "--seed", "1"],
        capture_output=True,
        text=True,
        check=True,
    )
    assert load(result.stdout).seed == 1


def test_new_and_selfplay_with_the_2015_options(tmp_path, capsys):
    code, out, _ = run(capsys, "new", "--players", "2", "--seed", "3", "--buildings", "--wonder")
    assert code == 0
    game = load(out)
    assert game.settings.buildings and game.settings.wonder
    assert '"buildings": true' in out and '"wonder": true' in out
    path = tmp_path / "p.json"
    path.write_text(out)
    code, shown, _ = run(capsys, "show", str(path))
    assert "^ the civilization building" in shown
    assert "Buildings: none on the board; beside the board: library, granary, market hall, palace" in shown
    assert "Wonder: not built" in shown
    code, out, _ = run(
        capsys, "selfplay", "--players", "4", "--games", "2", "--seed", "4", "--buildings", "--wonder"
    )
    assert code == 0 and len(out.splitlines()) == 3
    _, plain, _ = run(capsys, "selfplay", "--players", "4", "--games", "2", "--seed", "4")
    assert plain.splitlines()[:2] != out.splitlines()[:2]  # the options change the games


def test_show_describes_the_new_decisions(tmp_path, capsys):
    game = position(at={"f6": "G", "g6": "G"}, hands=["G", ""], buildings=True)
    game.apply("tile green h6")
    path = tmp_path / "p.json"
    path.write_text(dump(game))
    _, shown, _ = run(capsys, "show", str(path))
    assert "seat 0 must place a civilization building or decline" in shown
    assert "Choices: building green f6, building green g6, building green h6, decline" in shown
