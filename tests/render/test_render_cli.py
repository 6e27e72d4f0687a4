"""python -m render FILE -o OUT.png [--player N] [--scores]"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from engine import dump, load, player_view, public_view
from i18n import words_for
from render import board_png, hand_png, scores_png
from tests.render.helpers import play, random_game

EN = words_for("en")

ROOT = Path(__file__).resolve().parents[2]


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run(
        [sys.executable, "-m", "render", *args], capture_output=True, text=True, env=env, cwd=ROOT, timeout=60
    )


def test_board_hand_and_scores_from_position_files(tmp_path: Path) -> None:
    game, _ = play(seed=4, players=3, actions=50)
    mid = tmp_path / "mid.json"
    mid.write_text(dump(game), encoding="utf-8")
    out = tmp_path / "board.png"
    assert _run(str(mid), "-o", str(out)).returncode == 0
    assert out.read_bytes() == board_png(public_view(load(mid.read_text())), words=EN)

    hand = tmp_path / "hand.png"
    title = "Server · #games · game 4"
    assert (
        _run(str(mid), "-o", str(hand), "--player", "1", "--names", "Ann,Ben,Cy", "--title", title).returncode
        == 0
    )
    assert hand.read_bytes() == hand_png(
        player_view(game, 1), names=["Ann", "Ben", "Cy"], title=title, words=EN
    )

    final_game = random_game(4, 2)[-1][0]
    final = tmp_path / "final.json"
    final.write_text(dump(final_game), encoding="utf-8")
    scores = tmp_path / "scores.png"
    assert _run(str(final), "-o", str(scores), "--scores").returncode == 0
    assert scores.read_bytes() == scores_png(public_view(final_game), words=EN)


def test_errors_are_reported(tmp_path: Path) -> None:
    game, _ = play(seed=4, players=3, actions=10)
    mid = tmp_path / "mid.json"
    mid.write_text(dump(game), encoding="utf-8")
    out = tmp_path / "x.png"
    result = _run(str(mid), "-o", str(out), "--scores")
    assert result.returncode != 0 and "finished game" in result.stderr
    result = _run(str(mid), "-o", str(out), "--player", "3")
    assert result.returncode != 0 and "seat" in result.stderr
    bad = tmp_path / "bad.json"
    bad.write_text("{not json", encoding="utf-8")
    result = _run(str(bad), "-o", str(out))
    assert result.returncode != 0 and "not a position" in result.stderr
    assert not out.exists()
