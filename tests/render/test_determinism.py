"""The same view gives the same bytes: across calls, after the caches are cleared, in a fresh process."""

from __future__ import annotations

import io
import os
import struct
import subprocess
import sys
from pathlib import Path

from engine import dump, player_view, public_view
from i18n import words_for
from render import board_png, changed_squares, hand_png, removed_squares
from tests.render.helpers import clear_render_caches, play

EN = words_for("en")

ROOT = Path(__file__).resolve().parents[2]


def _chunks(png: bytes) -> list[bytes]:
    stream = io.BytesIO(png)
    assert stream.read(8) == b"\x89PNG\r\n\x1a\n"
    kinds = []
    while True:
        head = stream.read(8)
        if not head:
            return kinds
        length, kind = struct.unpack(">I4s", head)
        stream.seek(length + 4, io.SEEK_CUR)
        kinds.append(kind)


def test_same_view_same_bytes() -> None:
    game, events = play(seed=11, players=4, actions=80)
    view = public_view(game)
    args = {
        "changed": changed_squares(events),
        "removed": removed_squares(events),
        "names": ["A", "B", "C", "D"],
    }
    first = board_png(view, **args, words=EN)
    assert board_png(view, **args, words=EN) == first
    hand = hand_png(player_view(game, 2), words=EN)
    clear_render_caches()
    assert board_png(public_view(game), **args, words=EN) == first
    assert hand_png(player_view(game, 2), words=EN) == hand


def test_no_metadata_in_the_png() -> None:
    game, _ = play(seed=11, players=4, actions=80)
    for png in (board_png(public_view(game), words=EN), hand_png(player_view(game, 0), words=EN)):
        assert set(_chunks(png)) <= {b"IHDR", b"PLTE", b"IDAT", b"IEND"}


def test_a_fresh_process_draws_the_same_bytes(tmp_path: Path) -> None:
    game, _ = play(seed=12, players=3, actions=70)
    position = tmp_path / "position.json"
    position.write_text(dump(game), encoding="utf-8")
    out = tmp_path / "board.png"
    env = {**os.environ, "PYTHONHASHSEED": "12345", "PYTHONPATH": str(ROOT)}
    subprocess.run(
        [sys.executable, "-m", "render", str(position), "-o", str(out)],
        check=True,
        env=env,
        cwd=ROOT,
        timeout=60,
    )
    assert out.read_bytes() == board_png(public_view(game), words=EN)
