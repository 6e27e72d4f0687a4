"""Ratings: how strong each player of a server is, from the games finished there.

How it works (for players; ``/te help`` says the same):

Everyone starts at 1500. When a game ends, every two players in it count as one small match: the one who
placed better wins it, two who share a place draw it. Your rating then moves by what you scored in those
matches minus what the ratings expected you to score: beating stronger players gains more than beating
weaker ones, and losing to weaker players costs more. A game moves a rating by at most 32 points, shared
out over your opponents, so a 4-player game counts about as much as a 2-player one. Your first 10 games
count double, so a newcomer finds their level quickly. The computer player has one rating per level. A
resigned seat counts for the player who resigned it. Abandoned games do not count.

This is the Elo system over all pairs of players (a "multiplayer Elo"). It is deterministic: games are
rated in the order they ended, each from the ratings everyone had before it, so the order of the players
in a game changes nothing and players who tie are treated alike.
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

INITIAL = 1500.0
K = 32.0  # the largest move in one game
PROVISIONAL_GAMES = 10  # games that count double at first
SCALE = 400.0  # a rating 400 points higher expects to win 10 matches to 1
# Ratings and moves are kept to a millionth of a point: every copy of them (SQLite's JSON prints 15 digits)
# reads back exactly, so the ratings saved game by game and those recomputed from the results are equal.
DIGITS = 6

P = TypeVar("P", bound=Hashable)


@dataclass(frozen=True)
class Rating:
    value: float = INITIAL
    games: int = 0
    wins: int = 0  # first places, shared ones included

    @property
    def k(self) -> float:
        return 2 * K if self.games < PROVISIONAL_GAMES else K


def expected(rating: float, other: float) -> float:
    """The share of a match that ``rating`` expects to win against ``other`` (0.5 when equal)."""
    return 1.0 / (1.0 + math.pow(10.0, (other - rating) / SCALE))


def changes(places: Sequence[tuple[P, int]], ratings: Mapping[P, Rating]) -> dict[P, float]:
    """How one game moves each player's rating: ``places`` is (player, place) per seat (a player, such as a
    computer level, may hold several seats: its move is the average of theirs); ``ratings`` are the ratings
    before the game (missing: a first game)."""
    moves: dict[P, list[float]] = {}
    for player, place in places:
        rating = ratings.get(player, Rating())
        opponents = [(other, other_place) for other, other_place in places if other != player]
        if not opponents:
            moves.setdefault(player, []).append(0.0)
            continue
        total = 0.0
        for other, other_place in opponents:
            score = 1.0 if place < other_place else 0.5 if place == other_place else 0.0
            total += score - expected(rating.value, ratings.get(other, Rating()).value)
        moves.setdefault(player, []).append(rating.k * total / len(opponents))
    return {player: round(sum(seat_moves) / len(seat_moves), DIGITS) for player, seat_moves in moves.items()}


class Ladder(Generic[P]):
    """The ratings of a server's players, changed game by game."""

    def __init__(self, ratings: Mapping[P, Rating] | None = None) -> None:
        self.ratings: dict[P, Rating] = dict(ratings or {})

    def play(self, places: Sequence[tuple[P, int]]) -> dict[P, float]:
        """Rate one finished game (``changes``) and count it for each player; returns the moves."""
        moves = changes(places, self.ratings)
        for player, move in moves.items():
            old = self.ratings.get(player, Rating())
            won = any(p == player and place == 1 for p, place in places)
            self.ratings[player] = Rating(round(old.value + move, DIGITS), old.games + 1, old.wins + won)
        return moves
