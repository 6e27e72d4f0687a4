"""Games rebuilt from their seed and action list (R3): ``replay``, and ``take_back`` for undo (R32).

Undo is computed, never stored: the game without its newest action is the replay of the seed and the other
actions, so it is exact, and its future draws are those of a game in which the action was never made.
Whether the action may be taken back is read from what the engine reported while replaying it (its
events) and from who was to act, never from the notation.

How R32 reads where it is silent (also in docs/notation.md, "Taking back an action"):

- Only the newest action can be taken back ("newest first"); the one before it becomes the newest once it
  is gone. So both actions of a turn can be taken back, the second first, as long as the turn goes on.
- The turn goes on only while the game waits for the same player: an action that ends the turn draws tiles
  for the refills (R23 step 2) and hands the game to the next player, so a turn's last action, and with it
  a ``pass``, can never be taken back ("of the current turn"; "a tile was drawn").
- A choice that waits for the acting player does not block: a tile that completed a 2x2 may be taken back
  while the monument is still being offered, and a tile that brought a choice of treasures may be taken
  back before any treasure is taken; the offer disappears with the tile (R20: nothing was built or taken).
- Declining a monument is the monument choice as much as building one (R21 makes ``decline`` its other
  answer), so it is final like a built monument: R32 lists "a monument was chosen", and "nothing else can
  be undone". The same goes for a civilization building (R28: "a building was chosen") and for the wonder,
  which the rules treat as a monument (R29), placed, moved or declined.
- The wonder's point at the end of a turn ends the turn, so it is final; while it is still offered, the
  turn's last action may be taken back like a tile whose monument is still offered.
- A choice of the order of wars, a commitment and any action that started a revolt or a war belong to a
  conflict and are final (R32: "a conflict was started"); a unification whose wars still wait for the
  order to be chosen (R16) has started them (R15: there is a war in each such colour).
- In a decision of another player (a defender, a trader's owner taking a treasure), that player is to act;
  their own newest action, if any, was a choice inside a conflict or an earlier turn, so in practice only
  the active player ever takes something back.
- A seat's actions played by a computer player or by a deadline are the bot's to protect (R31): the engine
  does not know who typed an action.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from engine.actions import Action
from engine.errors import UndoRefused
from engine.game import Game
from engine.model import Settings
from engine.reasons import Refusal

# The English of the refusals others compare with (tests); the bot words them with ``i18n.refusals``.
NOTHING_TO_TAKE_BACK = Refusal.NOTHING_TO_TAKE_BACK.english
GAME_OVER = Refusal.UNDO_GAME_OVER.english
ANOTHER_PLAYER_CHOSE = Refusal.UNDO_ANOTHER_CHOSE.english
WAITING_FOR_ANOTHER = Refusal.UNDO_WAITING.english

# R32's list, as the engine's events show it, in the order a refusal names them.
_FINAL_EVENTS: tuple[tuple[frozenset[str], Refusal], ...] = (
    (frozenset({"swap", "bag-empty"}), Refusal.UNDO_TILE_DRAWN),  # R12: a swap draws at once
    (frozenset({"turn", "game-over"}), Refusal.UNDO_TURN_ENDED),  # R23: the turn's refills were drawn
    (frozenset({"revolt", "war"}), Refusal.UNDO_CONFLICT),  # R13, R15-R16 (a war chosen next starts too)
    (frozenset({"commit"}), Refusal.UNDO_COMMITTED),
    (frozenset({"treasure"}), Refusal.UNDO_TREASURE),  # R22, taken by anyone, chosen or forced
    (frozenset({"building", "building-moved", "building-declined"}), Refusal.UNDO_BUILDING),  # R28, R32
    (frozenset({"monument", "decline"}), Refusal.UNDO_MONUMENT),  # R21
    (frozenset({"wonder", "wonder-declined"}), Refusal.UNDO_WONDER),  # R29: a monument of its own
)


@dataclass(frozen=True)
class TakeBack:
    """The newest action, taken back by ``seat``; ``game`` is the game as if it had never been made."""

    action: str  # canonical notation, e.g. "tile red e5"
    seat: int
    game: Game


def replay(settings: Settings, seed: int, actions: Iterable[str | Action]) -> Game:
    """The game that the seed and the action list make (R3)."""
    game = Game.start(settings, seed)
    for action in actions:
        game.apply(action)
    return game


def take_back(settings: Settings, seed: int, actions: Sequence[str], seat: int | None = None) -> TakeBack:
    """Take back the newest of ``actions`` (the game's effective actions, oldest first: those already taken
    back left out) for ``seat``, by default the player to act; R32 decides.

    Raises UndoRefused with one sentence for the player when R32 does not allow it, and NotationError or
    IllegalActionError if ``actions`` is not a game of these settings and seed.
    """
    if not actions:
        raise UndoRefused.because(Refusal.NOTHING_TO_TAKE_BACK)
    game = replay(settings, seed, ())
    acted_this_turn: set[int] = set()  # seats that made a choice in the turn being played
    for text in actions[:-1]:
        actor, turn = game.to_act, game.turn
        game.apply(text)
        if game.turn != turn:
            acted_this_turn.clear()
        elif actor is not None:
            acted_this_turn.add(actor)
    newest = Action.parse(actions[-1])
    actor, turn = game.to_act, game.turn
    after = game.copy()
    kinds = {event.kind for event in after.apply(newest)}
    if after.to_act is None:
        raise UndoRefused.because(Refusal.UNDO_GAME_OVER)
    caller = after.to_act if seat is None else seat
    if actor != caller:
        chose_before = after.turn == turn and caller in acted_this_turn
        refusal = Refusal.UNDO_ANOTHER_CHOSE if chose_before else Refusal.NOTHING_TO_TAKE_BACK
        raise UndoRefused.because(refusal)
    for final, reason in _FINAL_EVENTS:
        if kinds & final:
            raise UndoRefused.because(reason)
    if "unification" in kinds and "unification-lifted" not in kinds:
        raise UndoRefused.because(Refusal.UNDO_CONFLICT)  # wars wait for their order to be chosen (R15, R16)
    if after.to_act != caller:
        raise UndoRefused.because(Refusal.UNDO_WAITING)
    return TakeBack(newest.text, caller, game)
