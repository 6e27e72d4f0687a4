"""A whole game as an animated picture: the public board after each turn (or each action) with that
step's changes highlighted under a caption, then the final standings.

Built by replaying the game with the engine from its settings, seed and actions. Until the game is
over, every frame comes from the public view and the public events only (R25): hands, draws and, without
open scoring, points never appear. The final frame shows the scores, which are public by then.
"""

from __future__ import annotations

import io
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Literal

from PIL import GifImagePlugin, Image, ImageChops, ImageDraw

from engine import Action, Colour, Event, Game, Phase, PublicView, Settings, public_view, replay, square_name
from i18n import Words
from render import board, cards, labels, style
from render.events import changed_squares, removed_squares
from render.seats import SeatNotes

Step = Literal["turn", "action"]

FRAME_MS = 1200  # an ordinary turn
CONFLICT_MS = 3000  # a turn with a revolt or a war, to follow what was lost
START_MS = 2000
FINAL_MS = 10000  # the final standings

CAPTION_H = 124  # the band above the board: a heading and up to two lines of what happened
HEADING_SIZE = 30
LINE_SIZE = board.TEXT + 1
PROGRESS_H = 6

_CONFLICT_RESULTS = frozenset({"revolt-won", "war-won"})
# The turn actions a caption tells as its player's own doing ("Bob moved the blue leader from J11 to F2")
_OWN_MOVES = frozenset({"tile", "leader", "move", "withdraw", "catastrophe", "swap", "pass"})


@dataclass(frozen=True)
class Animation:
    """An animated picture: the encoded bytes, their format, and each frame's duration in milliseconds."""

    data: bytes
    format: Literal["webp", "gif"]
    durations: tuple[int, ...]

    @property
    def frames(self) -> int:
        return len(self.durations)

    @property
    def filename(self) -> str:
        return f"replay.{self.format}"


# ------------------------------------------------------------------------------------- captions


def _sq(square: int) -> str:
    return square_name(square).upper()


def _conflict_result(
    event: Event, commits: list[int], active: int, names: Sequence[str], words: Words
) -> str:
    """A revolt or war result from the active player's side:
    "war of kings won against Bob, 2 vs 1 committed, +3 black"."""
    assert event.seat is not None and event.other is not None and event.colour is not None
    kind = "revolt" if event.kind == "revolt-won" else "war"
    conflict = labels.said(words, labels.CONFLICT_DONE, (kind, event.colour))
    scored = Colour.RED if event.kind == "revolt-won" else event.colour  # R14: a revolt scores red
    gain = labels.said(words, labels.GAIN, scored, n=event.count)
    committed = ""
    if len(commits) == 2:
        committed = words.gettext(
            ", {attacker} vs {defender} committed", attacker=commits[0], defender=commits[1]
        )
    winner, loser = names[event.seat], names[event.other]
    if event.seat == active:
        return words.gettext(
            "{conflict} won against {name}{committed}, {gain}",
            conflict=conflict,
            name=loser,
            committed=committed,
            gain=gain,
        )
    if event.other == active:
        return words.gettext(
            "{conflict} lost to {name}{committed}, {name} {gain}",
            conflict=conflict,
            name=winner,
            committed=committed,
            gain=gain,
        )
    return words.gettext(
        "{winner} wins a {conflict} against {loser}{committed}, {gain}",
        winner=winner,
        conflict=conflict,
        loser=loser,
        committed=committed,
        gain=gain,
    )


def describe_events(
    actions: Sequence[Sequence[Event]], active: int, names: Sequence[str], open_scoring: bool, words: Words
) -> str:
    """What the public saw happen in a few actions (the events of each), as one line of short phrases in
    words, headed by the player's name when they start with the player's own move: "Alice placed a red
    tile on E5 · placed the black leader on F6 · war of kings won against Bob, 2 vs 1 committed, +3
    black". Private
    events (points scored, without open scoring) are left out; commitments are public (R25)."""
    commits: list[int] = []
    said: list[str] = []
    named = False  # the line starts with the active player's name when it starts with their own move
    for events in actions:
        phrases: list[str] = []
        for e in events:
            if e.private and not open_scoring:
                continue
            phrase = _phrase(e, commits, active, names, words)
            if phrase:
                if not said and not phrases:
                    named = e.kind in _OWN_MOVES and e.seat in (None, active)
                phrases.append(phrase)
        if phrases:
            said.append(", ".join(phrases))
    line = " · ".join(said)
    if named:
        return words.gettext("{name} {what_they_did}", name=names[active], what_they_did=line)
    return line or words.gettext("no move")


def _phrase(e: Event, commits: list[int], active: int, names: Sequence[str], words: Words) -> str:
    """One event in a few words; commitments are kept in ``commits`` for the conflict's result."""
    k, c = e.kind, e.colour
    by = e.seat is not None and e.seat != active  # another player's doing: their name comes first
    phrase = ""
    if k in ("revolt", "war"):
        commits.clear()
    elif k == "commit":
        commits.append(e.count)
    elif k in _CONFLICT_RESULTS:
        return _conflict_result(e, commits, active, names, words)
    elif c is not None and k == "tile":
        return labels.said(words, labels.PLACED_TILE, c, square=_sq(e.squares[0]))
    elif c is not None and k == "leader":
        return labels.said(words, labels.PLACED_LEADER, c, square=_sq(e.squares[0]))
    elif c is not None and k == "move":
        return labels.said(words, labels.MOVED_LEADER, c, start=_sq(e.squares[0]), end=_sq(e.squares[1]))
    elif c is not None and k == "withdraw":
        return labels.said(words, labels.WITHDREW_LEADER, c)
    elif k == "catastrophe":
        return words.gettext("played a catastrophe on {square}", square=_sq(e.squares[0]))
    elif k == "swap":
        return words.ngettext("swapped {n} tile", "swapped {n} tiles", e.count)
    elif k == "pass":
        return words.gettext("passed")
    elif k == "monument":
        phrase = words.gettext("monument on {square}", square=_sq(e.squares[0]))
    elif k == "wonder":
        phrase = words.gettext("wonder on {square}", square=_sq(e.squares[0]))
    elif c is not None and k == "building":
        phrase = labels.said(words, labels.BUILDING_ON, c, square=_sq(e.squares[0]))
    elif c is not None and k == "building-moved":
        phrase = labels.said(words, labels.BUILDING_MOVED, c, square=_sq(e.squares[1]))
    elif k == "treasure":
        phrase = words.gettext("treasure {square}", square=_sq(e.squares[0]))
    elif c is not None and k == "stranded" and e.seat is not None:
        return labels.said(words, labels.STRANDED, c, name=names[e.seat])
    elif c is not None and k in ("point", "monument-points", "wonder-point"):
        phrase = labels.said(words, labels.GAIN, c, n=e.count)
    elif k == "bag-empty":
        return words.gettext("the bag is empty")
    if phrase and by:
        assert e.seat is not None
        return words.gettext("{name} {what_they_did}", name=names[e.seat], what_they_did=phrase)
    return phrase


# --------------------------------------------------------------------------------------- frames


@dataclass
class _Frame:
    heading: str
    lines: list[str]
    image: Image.Image  # the board (or the standings) under the caption
    duration: int
    conflict: bool = False
    progress: float = 0.0


@dataclass
class _Step:
    """The actions of one frame and everything they did."""

    active: int
    turn: int
    actor: int | None
    actions: list[list[Event]] = field(default_factory=list)  # the events of each action

    @property
    def events(self) -> list[Event]:
        return [e for events in self.actions for e in events]


def _caption_band(frame: _Frame, width: int) -> Image.Image:
    band = Image.new("RGB", (width, CAPTION_H), style.CAPTION)
    draw = ImageDraw.Draw(band)
    m = board.MARGIN
    if frame.conflict:  # a red edge marks the turns with a conflict
        draw.rectangle((0, 0, 7, CAPTION_H - 1), fill=style.REMOVED)
    heading = style.clip(frame.heading, HEADING_SIZE, width - 2 * m - 8, bold=True)
    style.text(draw, (m + 8, 26), heading, HEADING_SIZE, style.WHITE, bold=True)
    for i, line in enumerate(frame.lines):
        style.text(draw, (m + 8, 64 + i * 32), line, LINE_SIZE, style.WHITE)
    done = round(width * frame.progress)
    if done:
        draw.rectangle((0, CAPTION_H - PROGRESS_H, done - 1, CAPTION_H - 1), fill=style.CHANGED)
    return band


def _compose(frame: _Frame, width: int, height: int) -> Image.Image:
    image = Image.new("RGB", (width, height), style.BACKGROUND)
    image.paste(_caption_band(frame, width), (0, 0))
    image.paste(frame.image, ((width - frame.image.width) // 2, CAPTION_H))
    return image


def _standings(
    final: PublicView,
    names: Sequence[str],
    notes: SeatNotes | None,
    title: str | None,
    height: int,
    words: Words,
) -> Image.Image:
    """The final scores above the final map, to fit under the caption."""
    scores = cards.render_scores(final, names, words, notes, title)
    wide = board.WIDTH - 2 * board.MARGIN  # as wide as the board, so its text reads as well on a phone
    scores = scores.resize((wide, round(scores.height * wide / scores.width)), Image.Resampling.LANCZOS)
    grid = board.render_board(final, names, words).crop(
        (0, 0, board.WIDTH, board.GY + board.GRID_H + board.EDGE)
    )
    room = height - CAPTION_H - scores.height - 24
    scale = min(1.0, room / grid.height, (board.WIDTH - 2 * board.MARGIN) / grid.width)
    size = (round(grid.width * scale), round(grid.height * scale))
    top = (room - size[1]) // 2  # the spare height, split above and below
    image = Image.new("RGB", (board.WIDTH, height - CAPTION_H), style.BACKGROUND)
    image.paste(scores, ((board.WIDTH - scores.width) // 2, top + 8))
    image.paste(
        grid.resize(size, Image.Resampling.LANCZOS), ((board.WIDTH - size[0]) // 2, top + scores.height + 16)
    )
    return image


def _steps(game: Game, actions: Sequence[str | Action], per: Step) -> list[tuple[_Step, PublicView]]:
    """Apply the actions, grouped into the frames' steps, with the public view after each step."""
    out: list[tuple[_Step, PublicView]] = []
    current: _Step | None = None
    for action in actions:
        if current is None:
            current = _Step(game.active, game.turn, game.to_act)
        events = game.apply(action)
        current.actions.append(events)
        if per == "action" or any(e.kind in ("turn", "game-over") for e in events):
            out.append((current, public_view(game)))
            current = None
    if current is not None:  # a turn still under way
        out.append((current, public_view(game)))
    return out


def _frames(
    settings: Settings,
    seed: int,
    actions: Sequence[str | Action],
    names: Sequence[str],
    notes: SeatNotes | None,
    title: str | None,
    per: Step,
    words: Words,
) -> Iterator[_Frame]:
    """The frames one by one (a long game's frames would not all fit in memory at once)."""
    game = replay(settings, seed, [])
    start = public_view(game)
    first = board.render_board(start, names, words, notes=notes, title=title)
    heading = words.gettext("Start · {name} begins", name=names[start.active])
    yield _Frame(heading, [style.joined(names, words)], first, START_MS)
    steps = _steps(game, actions, per)
    width = board.WIDTH - 2 * board.MARGIN - 8
    for n, (step, view) in enumerate(steps, 1):
        events = step.events
        said = describe_events(step.actions, step.active, names, settings.open_scoring, words)
        actor = step.actor if per == "action" and step.actor is not None else step.active
        image = board.render_board(
            view,
            names,
            words,
            changed_squares(events),
            removed_squares(events) - changed_squares(events),
            notes=notes,
            title=title,
        )
        conflict = any(e.kind in _CONFLICT_RESULTS for e in events)
        yield _Frame(
            words.gettext("Turn {turn} · {name}", turn=step.turn, name=names[actor]),
            style.wrap(said, LINE_SIZE, width, 2),
            image,
            CONFLICT_MS if conflict else FRAME_MS,
            conflict,
            n / len(steps),
        )
    final = public_view(game)
    if final.phase is Phase.OVER and final.outcome is not None:
        _, winners = board.describe(final, names, words)
        places = " · ".join(
            words.gettext(
                "{place} {name} {score}",
                place=labels.ordinal(words, s.place),
                name=names[s.seat],
                score=s.score,
            )
            for s in final.outcome.standings
        )
        standings = _standings(final, names, notes, title, CAPTION_H + first.height, words)
        lines = [style.clip(winners, LINE_SIZE, width), style.clip(places, LINE_SIZE, width)]
        yield _Frame(words.gettext("Final standings"), lines, standings, FINAL_MS, progress=1.0)


# ------------------------------------------------------------------------------------- encoding


class _GifWriter:
    """An animated GIF written frame by frame on the fixed palette, so that memory holds one frame, not
    the game. Each frame after the first stores only the rectangle that changed, its unchanged pixels
    transparent (they compress to almost nothing). Uses Pillow's GIF header and frame encoders."""

    def __init__(self, out: io.BytesIO, first: Image.Image) -> None:
        self.out = out
        header, _ = GifImagePlugin.getheader(first.copy(), info={"loop": 0, "duration": START_MS})
        out.write(b"".join(header))
        self.previous: Image.Image | None = None

    def add(self, frame: Image.Image, duration: int) -> None:
        params: dict[str, int] = {"duration": duration, "disposal": 1}  # 1: keep, draw the next over it
        offset = (0, 0)
        part = frame
        if self.previous is not None:
            delta = ImageChops.subtract_modulo(frame, self.previous)  # 0 where the palette index is the same
            box = delta.getbbox(alpha_only=False) or (0, 0, 1, 1)
            offset = (box[0], box[1])
            part = frame.crop(box)
            part.paste(style.UNUSED_INDEX, mask=delta.crop(box).point([255] + [0] * 255, "1"))
            params["transparency"] = style.UNUSED_INDEX
        for chunk in GifImagePlugin.getdata(part, offset, **params):
            self.out.write(chunk)
        self.previous = frame

    def close(self) -> None:
        self.out.write(b";")  # the trailer


def _webp_from_gif(gif: bytes, durations: list[int]) -> bytes:
    """The same frames as a lossless animated WebP, decoded from the GIF one at a time."""
    out = io.BytesIO()
    keyframes = len(durations) + 1  # one key frame: later frames store only what changed (far smaller)
    with Image.open(io.BytesIO(gif)) as frames:
        frames.save(
            out,
            format="WEBP",
            save_all=True,
            duration=durations,
            loop=0,
            lossless=True,
            quality=50,
            method=4,
            kmin=keyframes - 1,
            kmax=keyframes,
        )
    return out.getvalue()


def replay_animation(
    settings: Settings,
    seed: int,
    actions: Sequence[str | Action],
    *,
    words: Words,
    names: Sequence[str] | None = None,
    notes: SeatNotes | None = None,
    title: str | None = None,
    per: Step = "turn",
) -> Animation:
    """The game as an animated WebP or GIF, whichever is smaller. See ``render.replay_animation``."""
    seat_names = style.seat_names(settings.players, names, words)
    gif = io.BytesIO()
    writer: _GifWriter | None = None
    durations: list[int] = []
    height = 0
    for frame in _frames(settings, seed, actions, seat_names, notes, title, per, words):
        height = height or CAPTION_H + frame.image.height  # the start frame sets the size
        picture = style.to_palette(_compose(frame, board.WIDTH, height))
        if writer is None:
            writer = _GifWriter(gif, picture)
        writer.add(picture, frame.duration)
        durations.append(frame.duration)
    assert writer is not None
    writer.close()
    gif_bytes = gif.getvalue()
    webp_bytes = _webp_from_gif(gif_bytes, durations)
    if len(webp_bytes) < len(gif_bytes):
        return Animation(webp_bytes, "webp", tuple(durations))
    return Animation(gif_bytes, "gif", tuple(durations))
