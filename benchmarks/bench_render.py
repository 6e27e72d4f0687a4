"""Render benchmark: prints one JSON object (not a timed test).

    .venv/bin/python benchmarks/bench_render.py

Figures: the size of the mid-game board PNG, the median time to render and encode it (the static parts
of the board are cached per map, so the first call is reported separately), the same for a hand and
the final scores, the size of a busy late-game board with every kind of highlight, and a late board of a
game with the 2015 options (buildings and the wonder: one more line in the strip). Targets: a mid-game
board <= 200 KB and <= 40 ms.

The replay (issue 13): a whole 3-player game of 92 turns as an animated picture, one frame per turn and
one per action; its size, format and the time to build it on one core (one run each: it takes seconds).
Targets for one frame per turn: <= 8 MiB (Discord takes 10 MiB) and <= 10 s.

Languages (issue 19): ``per_language`` gives, for each of the five languages, the board's, the hand's
and the scores' size and median time, drawn with names in four scripts (José, Zoë, Łukasz, Дмитрий); the
figures above are English with ASCII names, as before. Same targets for every language's board.
"""

from __future__ import annotations

import json
import random
import statistics
import time
from collections.abc import Callable

from engine import Event, Game, PlayerView, PublicView, Settings, player_view, public_view
from i18n import LANGUAGES, Words, words_for
from render import (
    SeatMark,
    SeatNote,
    board_png,
    changed_squares,
    hand_png,
    removed_squares,
    replay_animation,
    scores_png,
)

SEED, PLAYERS, MID_GAME_ACTIONS = 3, 4, 90
RUNS = 60
NAMES = ["Alice", "Bob", "Carol", "Dave"]
NAMES_IN_SCRIPTS = ["José", "Zoë", "Łukasz", "Дмитрий"]
ENGLISH = words_for("en")
LANGUAGE_RUNS = 30
REPLAY_SEED, REPLAY_PLAYERS = 6, 3  # a random 3-player game of 92 turns (215 actions)
MIB = 1024 * 1024


def _median_ms(fn: Callable[[], bytes], runs: int = RUNS) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return round(statistics.median(times) * 1000, 2)


def _replay_figures() -> dict[str, object]:
    game = Game.new(players=REPLAY_PLAYERS, seed=REPLAY_SEED)
    rng = random.Random(REPLAY_SEED)
    actions: list[str] = []
    while not game.is_over:
        action = rng.choice(game.legal_actions())
        game.apply(action)
        actions.append(action.text)
    settings = Settings(REPLAY_PLAYERS)
    notes = {2: SeatNote(SeatMark.COMPUTER, "Bot (hard)")}
    title = "My Server · #games · game 12"
    figures: dict[str, object] = {"replay_game": f"{len(actions)} actions, {game.turn} turns"}
    for per in ("turn", "action"):
        start = time.perf_counter()
        anim = replay_animation(
            settings,
            REPLAY_SEED,
            actions,
            words=ENGLISH,
            names=NAMES[:REPLAY_PLAYERS],
            notes=notes,
            title=title,
            per=per,
        )
        seconds = time.perf_counter() - start
        figures[f"replay_per_{per}"] = {
            "frames": anim.frames,
            "format": anim.format,
            "bytes": len(anim.data),
            "mib": round(len(anim.data) / MIB, 2),
            "seconds": round(seconds, 2),
            "playing_seconds": round(sum(anim.durations) / 1000),
        }
    return figures


def _language_figures(
    view: PublicView,
    changed: frozenset[int],
    removed: frozenset[int],
    legal: list[int],
    hand_view: PlayerView,
    final: PublicView,
) -> dict[str, dict[str, float]]:
    """Each language's board (the mid-game one, marked as above), hand and scores, with names in scripts."""
    figures: dict[str, dict[str, float]] = {}
    for language in LANGUAGES:
        words = words_for(language)

        def board(words: Words = words) -> bytes:
            return board_png(
                view, words=words, names=NAMES_IN_SCRIPTS, changed=changed, removed=removed, highlight=legal
            )

        def hand(words: Words = words) -> bytes:
            return hand_png(hand_view, words=words, names=NAMES_IN_SCRIPTS)

        def scores(words: Words = words) -> bytes:
            return scores_png(final, words=words, names=NAMES_IN_SCRIPTS)

        start = time.perf_counter()
        board_bytes = board()
        first_ms = round((time.perf_counter() - start) * 1000, 2)  # this language's static layers drawn
        figures[language] = {
            "board_png_bytes": len(board_bytes),
            "board_render_encode_ms_median": _median_ms(board, LANGUAGE_RUNS),
            "board_first_call_ms": first_ms,
            "hand_png_bytes": len(hand()),
            "hand_render_encode_ms_median": _median_ms(hand, LANGUAGE_RUNS),
            "scores_png_bytes": len(scores()),
            "scores_render_encode_ms_median": _median_ms(scores, LANGUAGE_RUNS),
        }
    return figures


def main() -> None:
    game = Game.new(players=PLAYERS, seed=SEED)
    rng = random.Random(SEED)
    events: list[Event] = []
    for _ in range(MID_GAME_ACTIONS):
        events = game.apply(rng.choice(game.legal_actions()))
    view = public_view(game)
    changed, removed = changed_squares(events), removed_squares(events)
    legal = sorted({a.square for a in game.legal_actions() if a.square is not None})

    def board() -> bytes:
        return board_png(view, words=ENGLISH, names=NAMES, changed=changed, removed=removed, highlight=legal)

    start = time.perf_counter()
    board_bytes = board()
    first_ms = round((time.perf_counter() - start) * 1000, 2)
    hand_view = player_view(game, game.active)

    def hand() -> bytes:
        return hand_png(hand_view, words=ENGLISH, names=NAMES)

    while not game.is_over:
        events = game.apply(rng.choice(game.legal_actions()))
    final = public_view(game)
    empty = [sq.index for sq in final.squares if sq.tile is None and sq.leader is None and not sq.catastrophe]
    busy = board_png(
        final,
        words=ENGLISH,
        names=["W" * 40] * PLAYERS,
        changed=set(empty[::5]),
        removed=set(empty[1::5]),
        highlight=empty[2::2],
    )

    def scores() -> bytes:
        return scores_png(final, words=ENGLISH, names=NAMES)

    options = Game.new(players=PLAYERS, seed=SEED, buildings=True, wonder=True)
    for _ in range(2 * MID_GAME_ACTIONS):
        if options.is_over:
            break
        options.apply(rng.choice(options.legal_actions()))
    options_view = public_view(options)

    def options_board() -> bytes:
        return board_png(options_view, words=ENGLISH, names=NAMES)

    print(
        json.dumps(
            {
                "position": f"seed {SEED}, {PLAYERS} players, after {MID_GAME_ACTIONS} random actions",
                "board_png_bytes": len(board_bytes),
                "board_render_encode_ms_median": _median_ms(board),
                "board_first_call_ms": first_ms,
                "busy_board_png_bytes": len(busy),
                "hand_png_bytes": len(hand()),
                "hand_render_encode_ms_median": _median_ms(hand),
                "scores_png_bytes": len(scores()),
                "scores_render_encode_ms_median": _median_ms(scores),
                "options_board_png_bytes": len(options_board()),
                "options_board_render_encode_ms_median": _median_ms(options_board),
                "options_board_buildings_on_board": len(options_view.buildings),
                "runs": RUNS,
                "per_language": _language_figures(view, changed, removed, legal, hand_view, final),
                "per_language_runs": LANGUAGE_RUNS,
                **_replay_figures(),
            }
        )
    )


if __name__ == "__main__":
    main()
