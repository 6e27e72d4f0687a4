"""Issue 13: a game as an animated picture (one frame per turn, the standings at the end), deterministic,
and drawn from public information only until the game is over (R25)."""

from __future__ import annotations

import io
import random

import pytest
from PIL import Image

import render.replay
from engine import (
    Colour,
    Event,
    Game,
    IllegalActionError,
    Settings,
    parse_square,
    player_view,
    public_view,
    replay,
)
from i18n import words_for
from render import SeatMark, SeatNote, board, board_png, changed_squares, removed_squares, replay_animation
from render.replay import (
    CAPTION_H,
    CONFLICT_MS,
    FINAL_MS,
    FRAME_MS,
    START_MS,
    describe_events,
)
from tests.render.helpers import clear_render_caches, decode

EN = words_for("en")

NAMES = ["Alice", "Bob", "Carol"]


def _random_actions(seed: int, players: int, limit: int | None = None) -> list[str]:
    game = Game.new(players=players, seed=seed)
    rng = random.Random(seed)
    actions: list[str] = []
    while not game.is_over and (limit is None or len(actions) < limit):
        action = rng.choice(game.legal_actions())
        game.apply(action)
        actions.append(action.text)
    return actions


def _turns(settings: Settings, seed: int, actions: list[str]) -> list[tuple[int, list[Event]]]:
    """Each whole turn: how many actions were played at its end, and its events."""
    game = replay(settings, seed, [])
    turns: list[tuple[int, list[Event]]] = []
    current: list[Event] = []
    for n, action in enumerate(actions, 1):
        events = game.apply(action)
        current += events
        if any(e.kind in ("turn", "game-over") for e in events):
            turns.append((n, current))
            current = []
    return turns


def _frames(data: bytes) -> tuple[Image.Image, list[Image.Image], list[int]]:
    image = Image.open(io.BytesIO(data))
    frames, durations = [], []
    for i in range(getattr(image, "n_frames", 1)):
        image.seek(i)
        frames.append(image.convert("RGB"))
        durations.append(image.info["duration"])
    return image, frames, durations


@pytest.fixture(scope="module")
def whole_game() -> tuple[Settings, int, list[str]]:
    return Settings(2), 21, _random_actions(21, 2)


def test_a_whole_game_one_frame_per_turn_then_the_standings(
    whole_game: tuple[Settings, int, list[str]],
) -> None:
    settings, seed, actions = whole_game
    turns = _turns(settings, seed, actions)
    anim = replay_animation(settings, seed, actions, names=NAMES[:2], words=EN)
    image, frames, durations = _frames(anim.data)
    assert image.format == anim.format.upper() and anim.filename == f"replay.{anim.format}"
    assert image.is_animated  # type: ignore[attr-defined]
    assert len(frames) == anim.frames == 1 + len(turns) + 1  # the start, each turn, the standings
    assert len({f.size for f in frames}) == 1
    assert durations == list(anim.durations)
    expected = [START_MS]
    for _, events in turns:
        conflict = any(e.kind in ("revolt-won", "war-won") for e in events)
        expected.append(CONFLICT_MS if conflict else FRAME_MS)
    expected.append(FINAL_MS)
    assert durations == expected
    assert CONFLICT_MS in durations  # the game had a conflict, so the longer pause was checked


def test_each_turn_frame_is_the_public_board_with_the_turns_changes(
    whole_game: tuple[Settings, int, list[str]],
) -> None:
    settings, seed, actions = whole_game
    actions = actions[:41]
    anim = replay_animation(settings, seed, actions, names=NAMES[:2], words=EN)
    _, frames, _ = _frames(anim.data)
    turns = _turns(settings, seed, actions)
    unfinished = turns[-1][0] < len(actions)
    assert unfinished and len(frames) == 1 + len(turns) + 1  # the turn under way has a frame too
    for n, (played, events) in enumerate(turns, 1):
        expected = decode(
            board_png(
                public_view(replay(settings, seed, actions[:played])),
                names=NAMES[:2],
                changed=changed_squares(events),
                removed=removed_squares(events) - changed_squares(events),
                words=EN,
            )
        )
        shown = frames[n].crop((0, CAPTION_H, board.WIDTH, CAPTION_H + expected.height))
        assert shown.tobytes() == expected.tobytes(), f"turn frame {n}"


def test_one_frame_per_action_on_request() -> None:
    settings, seed = Settings(3), 4
    actions = _random_actions(seed, 3, limit=25)
    anim = replay_animation(settings, seed, actions, names=NAMES, per="action", words=EN)
    _, frames, durations = _frames(anim.data)
    assert len(frames) == 1 + len(actions)  # the game is not over: no standings
    assert FINAL_MS not in durations


def test_the_same_game_gives_the_same_bytes() -> None:
    settings, seed = Settings(3), 8
    actions = _random_actions(seed, 3, limit=60)
    notes = {1: SeatNote(SeatMark.COMPUTER, "Bot (hard)")}
    first = replay_animation(
        settings, seed, actions, names=NAMES, notes=notes, title="Server · #games · game 3", words=EN
    )
    clear_render_caches()
    again = replay_animation(
        settings, seed, actions, names=NAMES, notes=notes, title="Server · #games · game 3", words=EN
    )
    assert again == first


def _shared_actions(seeds: tuple[int, int], players: int, count: int) -> list[str]:
    """Actions legal in two games of different seeds (so different hands and bags), chosen at random."""
    a, b = (Game.new(players=players, seed=s) for s in seeds)
    assert a.active == b.active, "pick seeds with the same start player"
    rng = random.Random(1)
    actions: list[str] = []
    for _ in range(count):
        common = sorted({x.text for x in a.legal_actions()} & {x.text for x in b.legal_actions()})
        action = rng.choice(common)
        a.apply(action)
        b.apply(action)
        actions.append(action)
    assert not a.is_over
    assert any(player_view(a, s).hand != player_view(b, s).hand for s in range(players))
    return actions


def test_hands_bags_and_points_never_change_the_replay_before_the_end() -> None:
    """R25: two games with the same moves but different hands, bags and (hidden) points give the same
    animation, byte for byte."""
    seeds = next((s, t) for s in range(2, 40) for t in range(s + 1, 40) if _same_start(s, t))
    actions = _shared_actions(seeds, 3, 45)
    a, b = (replay_animation(Settings(3), s, actions, names=NAMES, words=EN) for s in seeds)
    assert a.data == b.data


def _same_start(s: int, t: int) -> bool:
    return Game.new(players=3, seed=s).active == Game.new(players=3, seed=t).active


def test_a_start_only_replay_and_illegal_actions() -> None:
    anim = replay_animation(Settings(2), 3, [], names=NAMES[:2], words=EN)
    assert anim.durations == (START_MS,)
    assert Image.open(io.BytesIO(anim.data)).size[0] == board.WIDTH
    with pytest.raises(IllegalActionError):
        replay_animation(Settings(2), 3, ["commit 2"], words=EN)  # no conflict to commit to


def test_captions_say_what_the_public_saw() -> None:
    names = ("Alice", "Bob")
    tile = [Event("tile", 0, Colour.RED, (68,)), Event("point", 0, Colour.RED, count=1, private=True)]
    leader = [Event("leader", 0, Colour.BLACK, (69,))]
    war = [Event("war", 0, Colour.BLACK, (70,), other=1)]
    commits = [[Event("commit", 0, Colour.BLACK, count=2)], [Event("commit", 1, Colour.BLACK, count=1)]]
    won = [Event("war-won", 0, Colour.BLACK, (71, 72, 73), count=3, other=1), Event("turn", 1)]
    steps = [tile, leader + war, commits[0], commits[1] + won]
    assert describe_events(steps, 0, names, open_scoring=False, words=EN) == (
        "Alice placed a red tile on E5 · placed the black leader on F5 · war of kings won against Bob, "
        "2 vs 1 committed, +3 black"
    )
    assert (
        describe_events([tile], 0, names, open_scoring=True, words=EN)
        == "Alice placed a red tile on E5, +1 red"
    )
    move = [Event("move", 1, Colour.BLUE, (parse_square("j11"), parse_square("f2")))]
    assert describe_events([move], 1, names, False, EN) == "Bob moved the blue leader from J11 to F2"
    revolt = [
        Event("revolt", 0, Colour.BLUE, (5,), other=1),
        Event("revolt-won", 1, Colour.BLUE, (6,), count=1, other=0),
        Event("treasure", 1, squares=(7,)),
    ]
    assert describe_events([revolt], 0, names, open_scoring=False, words=EN) == (
        "revolt of farmers lost to Bob, Bob +1 red, Bob treasure H1"
    )
    assert describe_events(
        [[Event("swap", 0, count=3)], [Event("pass", 0, count=1)]], 0, names, False, EN
    ) == ("Alice swapped 3 tiles · passed")
    assert describe_events([], 0, names, open_scoring=False, words=EN) == "no move"


def test_the_gif_when_it_is_the_smaller(monkeypatch: pytest.MonkeyPatch) -> None:
    """The GIF, written frame by frame, holds the same frames and pauses as the WebP made from it."""
    settings, seed = Settings(2), 9
    actions = _random_actions(seed, 2, limit=30)
    webp = replay_animation(settings, seed, actions, names=NAMES[:2], words=EN)
    monkeypatch.setattr(render.replay, "_webp_from_gif", lambda gif, durations: gif + b"larger")
    gif = replay_animation(settings, seed, actions, names=NAMES[:2], words=EN)
    assert (webp.format, gif.format) == ("webp", "gif")
    _, webp_frames, webp_durations = _frames(webp.data)
    image, gif_frames, gif_durations = _frames(gif.data)
    assert image.format == "GIF" and image.info["loop"] == 0
    assert gif_durations == webp_durations == list(gif.durations)
    assert [f.tobytes() for f in gif_frames] == [f.tobytes() for f in webp_frames]
