"""A server's leaderboard as a picture in the style of the final scores."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from PIL import Image

from i18n import N_, Words
from render import cards, labels, style
from render.seats import SeatNotes, note_sprite, valid_notes
from render.style import text

SMALL = cards.SCORES_TEXT
MOST_ROWS = 25  # a page of the leaderboard; more would not read on a phone
FOOTNOTE = N_(
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


def _name(given: str, rank: int, words: Words) -> str:
    """The name as written; one in a script the font lacks still shows its rank."""
    name = style.drawable(given)
    return name if style.readable(name) else words.gettext("Player #{rank}", rank=rank)


def render_leaderboard(
    rows: Sequence[LeaderboardEntry],
    names: Sequence[str],
    words: Words,
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
    drawn_notes = valid_notes(notes, len(rows), words)
    if len(rows) == 1:
        subtitle = words.gettext("Finished games only · rank {rank}", rank=rows[0].rank)
    else:
        subtitle = words.gettext(
            "Finished games only · ranks {first} to {last}", first=rows[0].rank, last=rows[-1].rank
        )
    sheet = cards.ranked_sheet(
        title,
        words.gettext("Leaderboard"),
        subtitle,
        words.gettext(FOOTNOTE),
        len(rows),
        84 if drawn_notes else 64,
    )
    image, draw, top = sheet.image, sheet.draw, sheet.top

    x_rank, x_name, x_rating, x_games, x_wins = cards.SHEET_MARGIN, 96, 524, 626, 728
    name_w = x_rating - x_name - 70
    head_y = top + 18
    text(draw, (x_rank, head_y), style.clip(words.gettext("Rank"), SMALL, x_name - x_rank - 4), SMALL,
         style.INK_SOFT)  # fmt: skip
    text(draw, (x_name, head_y), style.clip(words.gettext("Player"), SMALL, name_w), SMALL, style.INK_SOFT)
    column = (
        min(x_games - x_rating, 2 * (cards.SCORES_W - cards.SHEET_MARGIN - x_wins)) - 6
    )  # a heading's room
    for x, word in ((x_rating, N_("Rating")), (x_games, N_("Games")), (x_wins, N_("Wins"))):
        text(draw, (x, head_y), style.clip(words.gettext(word), SMALL, column), SMALL, style.INK_SOFT, "mm")

    for i, (entry, given) in enumerate(zip(rows, names, strict=True)):
        first = entry.rank == 1
        row_top, cy = sheet.band(i, first)
        text(draw, (x_rank, cy), labels.ordinal(words, entry.rank), 26, bold=first)
        note = drawn_notes.get(i)
        name = style.clip(_name(given, entry.rank, words), style.NAME_SIZE, name_w, bold=True)
        text(draw, (x_name, cy if note is None else row_top + 26), name, style.NAME_SIZE, bold=first)
        if note is not None:
            mark = note_sprite(note, SMALL, min(cards.SCORE_NOTE_WIDTH, name_w), words)
            mark.put(image, x_name, row_top + 44)
        text(draw, (x_rating, cy), str(round(entry.rating)), 32, anchor="mm", bold=True)
        text(draw, (x_games, cy), str(entry.games), 26, anchor="mm")
        text(draw, (x_wins, cy), str(entry.wins), 26, anchor="mm")
    return image
