"""The grid of a position: ``grid_lines`` (built from a table of tokens for speed, every saved move writes
one) reads exactly as each square's own token (``square_token``, which ``token_at`` and the builders use),
marks included, on random games of both maps and the 2015 options."""

from __future__ import annotations

import random

from engine import Game
from engine.diagram import grid_lines, token_at


def test_grid_rows_are_the_tokens_of_their_squares() -> None:
    marks: set[str] = set()
    for seed in range(12):
        rng = random.Random(seed)
        board = ("standard", "advanced")[seed % 2]
        game = Game.new(2 + seed % 3, seed, board=board, buildings=seed % 3 == 0, wonder=seed % 4 < 2)
        while True:
            tokens = [token for row in grid_lines(game) for token in row.split()]
            assert tokens == [token_at(game, square) for square in range(len(game.cell))], seed
            marks.update(mark for token in tokens for mark in "^$!X" if mark in token)
            if game.is_over:
                break
            game.apply(str(rng.choice(game.legal_actions())))
    assert marks == set("^$!X")  # buildings (R28), treasures, the unification tile, catastrophes were seen
