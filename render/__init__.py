"""Pictures of the game: the public board, a player's hand, the final scores (PNG bytes), and a whole
game as an animated picture.

Pure functions of the engine's views (Pillow only): the same input gives the same bytes, and nothing
hidden is drawn (R25). Every text is at least ~11 px tall when a phone shows the picture 400 px wide.
Rendering is blocking work: call these off the event loop (``asyncio.to_thread``).

    >>> from engine import Game, public_view
    >>> game = Game.new(players=3, seed=7)
    >>> events = game.apply(game.legal_actions()[0])
    >>> png = board_png(public_view(game), changed=changed_squares(events))

The bot's API:

``board_png(view, *, words, names=None, changed=(), removed=(), highlight=(), notes=None, title=None)``
``hand_png(view, *, words, names=None, notes=None, title=None) -> bytes``
``scores_png(view, *, words, names=None, notes=None, title=None) -> bytes`` (finished games; else ValueError)
``replay_animation(settings, seed, actions, *, words, names=None, notes=None, title=None, per="turn")``
``leaderboard_png(rows, names, *, words, title=None, notes=None) -> bytes`` (a server's ratings, best first)

- ``words``: the picture's language (``i18n.words_for(...)``): the game's for the board, the replay and
  the scores posted in its channel, the reader's for a hand or a picture sent in private. Every word
  drawn is in it; names, titles and notes are drawn as given.
- ``names``: one per seat, in seat order, drawn as written with the bundled DejaVu Sans (Latin, Greek,
  Cyrillic and more) and Droid Sans Fallback (Chinese, Japanese, Korean); a letter neither has (Devanagari,
  say) is drawn "?", an emoji is left out, and a name left with no letter becomes "Seat 1"... in the
  picture's language (its dynasty symbol beside it).
- ``title``: which game this is, e.g. ``"My Server · #games · game 12"``; a part separated by "·" with no
  letter the font draws is dropped.
- ``notes``: ``{seat: SeatNote(...)}`` marks seats in the player list (board), under the name (scores),
  or in the header (a hand, its own seat only)::

      {1: SeatNote(SeatMark.AWAY, "away until Fri"), 2: SeatNote(SeatMark.COMPUTER, "Bot (hard)"),
       3: SeatNote(SeatMark.RESIGNED), 0: SeatNote(SeatMark.REPLACED, "took over from Bob")}

  ``SeatNote(text="...")`` alone draws the words without an icon; a mark alone draws its word.
- ``replay_animation`` replays the game with the engine (``settings`` and ``seed`` as stored, ``actions``
  the effective actions in notation, undone ones left out) and returns ``Animation(data, format,
  durations)``: ``format`` is ``"webp"`` or ``"gif"`` (the smaller; ``filename`` gives ``replay.webp``
  or ``replay.gif``), one frame for the start, one per turn (``per="action"``: one per action), and,
  once the game is over, the final standings. Longer pauses on conflicts and the standings. Only public
  information is drawn until the game is over. Illegal actions raise the engine's errors. A 90-turn game
  takes a few seconds and stays far under Discord's 10 MiB (see ``benchmarks/bench_render.py``).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from engine import Phase, PlayerView, PublicView
from i18n import Words
from render import board, cards, style
from render.events import changed_squares, removed_squares
from render.leaderboard import LeaderboardEntry, render_leaderboard
from render.replay import Animation, replay_animation
from render.seats import SeatMark, SeatNote, SeatNotes


def board_png(
    view: PublicView,
    *,
    words: Words,
    names: Sequence[str] | None = None,
    changed: Iterable[int] = (),
    removed: Iterable[int] = (),
    highlight: Iterable[int] = (),
    notes: SeatNotes | None = None,
    title: str | None = None,
) -> bytes:
    """The public board with the strip of turn, decision and supplies.

    ``changed`` and ``removed`` mark the last action (see ``changed_squares``/``removed_squares``);
    ``highlight`` marks any other squares (for instance the legal squares for a tile); ``notes`` marks
    seats in the player list (away, computer, resigned...); ``title`` names the game above the strip.
    """
    image = board.render_board(
        view, style.seat_names(view.players, names, words), words, changed, removed, highlight, notes, title
    )
    return style.encode(image)


def hand_png(
    view: PlayerView,
    *,
    words: Words,
    names: Sequence[str] | None = None,
    notes: SeatNotes | None = None,
    title: str | None = None,
) -> bytes:
    """One player's private picture: their tiles, points per colour, treasures and supply, headed by
    ``title`` (which game this is) and the note on their own seat, if ``notes`` has one."""
    return style.encode(
        cards.render_hand(view, style.seat_names(view.players, names, words), words, notes, title)
    )


def scores_png(
    view: PublicView,
    *,
    words: Words,
    names: Sequence[str] | None = None,
    notes: SeatNotes | None = None,
    title: str | None = None,
) -> bytes:
    """The final scores: points per colour with treasures allocated, the weakest colour, the standings;
    a seat's note (for instance resigned: its score still counts) under its name."""
    if view.outcome is None or view.phase is not Phase.OVER:
        raise ValueError("the final scores exist only once the game is over")
    names_drawn = style.seat_names(view.players, names, words, width=None)  # fitted by the scores' column
    return style.encode(cards.render_scores(view, names_drawn, words, notes, title))


def leaderboard_png(
    rows: Sequence[LeaderboardEntry],
    names: Sequence[str],
    *,
    words: Words,
    title: str | None = None,
    notes: SeatNotes | None = None,
) -> bytes:
    """A server's leaderboard in the style of the final scores: ``rows`` best first (anything with ``rank``,
    ``rating``, ``games`` and ``wins``, such as ``storage.LeaderboardRow``; 1 to 25 of them), ``names`` one
    per row; ``notes`` by row index go under a name (the computer player's mark). ValueError otherwise."""
    return style.encode(render_leaderboard(rows, names, words, title, notes))


__all__ = [
    "Animation",
    "LeaderboardEntry",
    "SeatMark",
    "SeatNote",
    "SeatNotes",
    "board_png",
    "changed_squares",
    "hand_png",
    "leaderboard_png",
    "removed_squares",
    "replay_animation",
    "scores_png",
]
