"""Legal squares as autocomplete offers them: the most relevant first, each labelled with what it would do.

Pure functions over the engine, no Discord. Each legal action is played on a copy of the game and read back
from its events, so a label is exactly what the engine would do: "E5 · +1 red point", "F6 · starts a war
(red)", "H3 · revolt against bob's priest (2 v 3)", "K2 · joins two kingdoms". Only the action's own effects
are told, never what the end of the turn would bring (the draws from the bag are hidden, R25); a label
speaks of the caller's own points, and of nothing else hidden.

Relevance: squares next to the caller's own kingdoms (the regions holding their leaders) come first, and
within each group the squares where something happens; then board order, column by column, as players type.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from bot.texts import a_tile, colour_word, leader_word, points, the_building
from engine import COLOURS, Action, Colour, Event, Game, Kind, Phase, square_name
from engine.board import COLUMNS, NEIGHBOURS
from i18n import Words

SQUARE_KINDS = (Kind.TILE, Kind.LEADER, Kind.CATASTROPHE)
# Events that belong to the end of the turn, not to the action: where the told effects stop.
_END_OF_TURN = frozenset({"monument-points", "turn", "game-over"})
MAX_LABEL = 100  # characters of an autocomplete choice's name


@dataclass(frozen=True)
class SquareChoice:
    """One legal square for an action: its notation, its label, and whether it is next to the caller's own
    kingdoms."""

    action: Action
    label: str
    near: bool
    eventful: bool

    @property
    def name(self) -> str:
        assert self.action.square is not None
        return square_name(self.action.square)


def square_choices(
    words: Words, game: Game, seat: int, kind: str, names: Sequence[str], colour: str | None = None
) -> list[SquareChoice]:
    """The legal ``kind`` actions (tile, leader, catastrophe) of ``seat``, who is to act, of ``colour`` if
    given (its word), most relevant first, each labelled in the reader's ``words``. Without a colour, each
    square comes once, labelled with what each colour would do there."""
    by_square: dict[int, list[tuple[Action, list[str]]]] = {}
    for action in game.legal_actions():
        if action.kind != kind or action.square is None:
            continue
        if colour is not None and action.colour is not None and action.colour.word != colour:
            continue
        by_square.setdefault(action.square, []).append((action, effects(words, game, seat, action, names)))
    near_squares = _beside_own_kingdoms(game, seat)
    choices = []
    for square, found in by_square.items():
        if len(found) == 1:
            action, told_words = found[0]
            told = ", ".join(told_words) or quiet_words(words, action)
        else:  # no colour chosen yet
            told = "; ".join(
                f"{colour_word(words, a.colour) if a.colour is not None else a.text}: "
                f"{', '.join(w) or quiet_words(words, a)}"
                for a, w in found
            )
        label = f"{square_name(square).upper()} · {told}"[:MAX_LABEL]
        eventful = any(told_words for _, told_words in found)
        choices.append(SquareChoice(found[0][0], label, square in near_squares, eventful))
    choices.sort(key=_relevance)
    return choices


def matching(choices: Iterable[SquareChoice], typed: str) -> list[SquareChoice]:
    """What the user typed filters the choices: squares starting with it first, then those containing it,
    each in relevance order."""
    text = typed.strip().lower()
    listed = list(choices)
    if not text:
        return listed
    starting = [c for c in listed if c.name.startswith(text)]
    containing = [c for c in listed if text in c.name and not c.name.startswith(text)]
    return starting + containing


def effects(words: Words, game: Game, seat: int, action: Action, names: Sequence[str]) -> list[str]:
    """What ``action`` would do, in short words, from the engine's events on a copy of ``game``."""
    after = game.copy()
    events = []
    for event in after.apply(action):
        if event.kind in _END_OF_TURN:
            break
        events.append(event)
    war = after.phase in (Phase.WAR_ATTACKER, Phase.WAR_CHOICE)
    told: list[str] = []
    if action.kind == Kind.LEADER:
        told += _leader_words(words, game, after, seat, action, events, names)
    for e in events:
        if not (war and e.kind == "unification"):  # the war says it
            told += _event_words(words, e, seat, names)
    if war:
        colours = [colour_word(words, c) for c in after.war_colours()]
        if len(colours) == 1:
            told.append(words.gettext("starts a war ({colour})", colour=colours[0]))
        else:
            told.append(words.gettext("starts wars ({colours})", colours=", ".join(colours)))
    if after.phase is Phase.BUILDING:
        colour = next((a.colour for a in after.legal_actions() if a.colour is not None), None)
        if colour is not None:
            building = the_building(words, colour)
            if after.buildings[colour] is None:
                told.append(words.gettext("may place the {building}", building=building))
            else:
                told.append(words.gettext("may move the {building}", building=building))
    elif after.phase is Phase.MONUMENT:
        told.append(words.gettext("may build a monument"))
    elif after.phase is Phase.WONDER:
        told.append(words.gettext("may erect the wonder"))
    elif after.phase is Phase.TREASURE:
        told.append(words.gettext("a treasure to take"))
    return told


def quiet_words(words: Words, action: Action) -> str:
    """The label of an action that changes nothing beyond itself."""
    if action.kind == Kind.TILE:
        return words.gettext("no point")
    return words.gettext("on an empty square")  # a catastrophe; a leader is always told where it stands


def _event_words(words: Words, e: Event, seat: int, names: Sequence[str]) -> list[str]:
    k = e.kind
    other = names[e.seat or 0]
    if k == "point" and e.colour is not None:
        scored = points(words, e.colour, e.count)
        if e.seat == seat:
            return [words.gettext("+{points}", points=scored)]
        return [words.gettext("+{points} for {name}", points=scored, name=other)]
    if k == "unification":
        return [words.gettext("joins two kingdoms")]
    if k == "treasure":
        if e.seat == seat:
            return [words.gettext("takes a treasure")]
        return [words.gettext("gives {name} a treasure", name=other)]
    if k == "catastrophe" and e.colour is not None:
        return [words.gettext("destroys a {tile}", tile=a_tile(words, e.colour))]
    if k == "stranded" and e.colour is not None:
        leader = leader_word(words, e.colour)
        if e.seat == seat:
            return [words.gettext("sends your {leader} home", leader=leader)]
        return [words.gettext("sends {name}'s {leader} home", name=other, leader=leader)]
    return []


def _leader_words(
    words: Words,
    before: Game,
    after: Game,
    seat: int,
    action: Action,
    events: Sequence[Event],
    names: Sequence[str],
) -> list[str]:
    assert action.colour is not None and action.square is not None
    told = []
    here = before.leader_square(seat, action.colour)
    if here is not None:
        told.append(words.gettext("moves from {square}", square=square_name(here).upper()))
    revolt = next((e for e in events if e.kind == "revolt"), None)
    if revolt is not None and revolt.other is not None:
        mine, theirs = after.conflict_strengths()
        told.append(
            words.gettext(
                "revolt against {name}'s {leader} ({mine} v {theirs} temples)",
                name=names[revolt.other],
                leader=leader_word(words, action.colour),
                mine=mine,
                theirs=theirs,
            )
        )
    else:
        temples = sum(1 for n in NEIGHBOURS[action.square] if _face_up_temple(after, n))
        told.append(words.ngettext("beside {n} temple", "beside {n} temples", temples))
    return told


def _face_up_temple(game: Game, square: int) -> bool:
    piece = game.piece_at(square)
    return piece.kind == "tile" and piece.colour is Colour.RED and not piece.face_down


def _beside_own_kingdoms(game: Game, seat: int) -> set[int]:
    """The squares next to a region holding one of the seat's leaders."""
    own: set[int] = set()
    for colour in COLOURS:
        square = game.leader_square(seat, colour)
        if square is not None:
            own.update(game.region_squares(square))
    return {n for s in own for n in NEIGHBOURS[s]} - own


def _relevance(choice: SquareChoice) -> tuple[bool, bool, int, int]:
    square = choice.action.square or 0
    return (not choice.near, not choice.eventful, square % COLUMNS, square // COLUMNS)
