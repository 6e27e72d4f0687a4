"""A server's leaderboard as a picture in the style of the final scores."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from PIL import Image

from render import cards, style
from render.seats import SeatNotes, note_sprite, valid_notes
from render.style import text

SMALL = cards.SCORES_TEXT
MOST_ROWS = 25  # a page of the leaderboard; more would not read on a phone
FOOTNOTE = (
    "Rating: a multiplayer Elo. Everyone starts at 1500; each game counts every two players in it as one "
    "match, and beating stronger players gains more."
)


class LeaderboardEntry(Protocol):
    """One line of the leaderboard (``storage.LeaderboardRow`` is one)."""

    @property
    def rank(self) -> int: ...
    @property
    def rating(self) -> float: ...
    @property
    def games(self) -> int: ...
    @property
    def wins(self) -> int: ...


def _name(given: str, rank: int) -> str:
    name = style.plain(given)
    return name if any(ch.isalnum() for ch in name) else f"Player #{rank}"


def render_leaderboard(
    rows: Sequence[LeaderboardEntry],
    names: Sequence[str],
    title: str | None = None,
    notes: SeatNotes | None = None,
) -> Image.Image:
    """The rows best first, the first place highlighted as on the scores picture; ``notes`` (by row index)
    go under a name, for instance the computer player's mark."""
    if not rows:
        raise ValueError("a leaderboard needs at least one row")
    if len(rows) > MOST_ROWS:
        raise ValueError(f"a leaderboard picture shows at most {MOST_ROWS} rows, not {len(rows)}")
    if len(names) != len(rows):
        raise ValueError(f"{len(names)} names for {len(rows)} rows")
    drawn_notes = valid_notes(notes, len(rows))
    ranks = f"rank {rows[0].rank}" if len(rows) == 1 else f"ranks {rows[0].rank} to {rows[-1].rank}"
    sheet = cards.ranked_sheet(
        title, "Leaderboard", f"Finished games only · {ranks}", FOOTNOTE, len(rows), 84 if drawn_notes else 64
    )
    image, draw, top = sheet.image, sheet.draw, sheet.top

    x_rank, x_name, x_rating, x_games, x_wins = cards.SHEET_MARGIN, 96, 560, 660, 746
    name_w = x_rating - x_name - 70
    head_y = top + 18
    text(draw, (x_rank, head_y), "Rank", SMALL, style.INK_SOFT)
    text(draw, (x_name, head_y), "Player", SMALL, style.INK_SOFT)
    for x, word in ((x_rating, "Rating"), (x_games, "Games"), (x_wins, "Wins")):
        text(draw, (x, head_y), word, SMALL, style.INK_SOFT, "mm")

    for i, (entry, given) in enumerate(zip(rows, names, strict=True)):
        first = entry.rank == 1
        row_top, cy = sheet.band(i, first)
        text(draw, (x_rank, cy), cards.ordinal(entry.rank), 26, bold=first)
        note = drawn_notes.get(i)
        name = style.clip(_name(given, entry.rank), style.NAME_SIZE, name_w, bold=True)
        text(draw, (x_name, cy if note is None else row_top + 26), name, style.NAME_SIZE, bold=first)
        if note is not None:
            note_sprite(note, SMALL, min(cards.SCORE_NOTE_WIDTH, name_w)).put(image, x_name, row_top + 44)
        text(draw, (x_rating, cy), str(round(entry.rating)), 32, anchor="mm", bold=True)
        text(draw, (x_games, cy), str(entry.games), 26, anchor="mm")
        text(draw, (x_wins, cy), str(entry.wins), 26, anchor="mm")
    return image
