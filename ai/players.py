"""The levels by name, and the one call the rest of the project needs."""

from __future__ import annotations

import random
from collections.abc import Sequence

from ai.hard import Hard
from ai.levels import Easy, Normal, Player, RandomPlayer
from engine import Action, PlayerView

LEVELS = ("random", "easy", "normal", "hard")


def make_player(level: str, simulations: int | None = None, seconds: float | None = None) -> Player:
    """A computer player of that level; ``simulations``/``seconds`` set the hard level's budget."""
    if level == "random":
        return RandomPlayer()
    if level == "easy":
        return Easy()
    if level == "normal":
        return Normal()
    if level == "hard":
        return Hard(simulations=simulations, seconds=seconds)
    raise ValueError(f"{level!r} is not a level: use {', '.join(LEVELS)}")


def choose(level: str, view: PlayerView, legal: Sequence[Action], rng: random.Random) -> Action:
    """The move of a computer player of ``level`` for the seat whose view this is."""
    return make_player(level).choose(view, legal, rng)
