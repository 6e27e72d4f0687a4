"""R32 Undo: ``take_back`` allows and refuses exactly what the ruling says, and the game it returns is
the game as if the action had never been made (R3: the same seed gives the same future draws).

Positions are reached by replaying action lists from seeds: a random legal playout (choices sorted by their
text, so the list does not depend on the engine's own order) is searched for the first step that shows the
case, and the test then works on the seed and the actions up to that step.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import COLOURS, Action, Game, Phase, Settings, TakeBack, UndoRefused, replay, take_back
from engine.rng import Rng
from engine.undo import ANOTHER_PLAYER_CHOSE, GAME_OVER, NOTHING_TO_TAKE_BACK, WAITING_FOR_ANOTHER
from tests.engine.positions import builder_minded

TILE_DRAWN = "You cannot take that back: a tile was drawn since."
TURN_ENDED = "You cannot take that back: your turn has ended."
CONFLICT = "You cannot take that back: a conflict was started."
COMMITTED = "You cannot take that back: tiles committed to a conflict are final."
TREASURE = "You cannot take that back: a treasure was taken."
MONUMENT = "You cannot take that back: the monument choice has been made."
BUILDING = "You cannot take that back: the building choice has been made."
WONDER = "You cannot take that back: the wonder choice has been made."
OPTIONS = {"buildings": True, "wonder": True}
REFUSALS = {
    NOTHING_TO_TAKE_BACK,
    GAME_OVER,
    ANOTHER_PLAYER_CHOSE,
    WAITING_FOR_ANOTHER,
    TILE_DRAWN,
    TURN_ENDED,
    CONFLICT,
    COMMITTED,
    TREASURE,
    MONUMENT,
    BUILDING,
    WONDER,
}


@dataclass(frozen=True)
class Step:
    """One choice of a playout: the game before and after it, who made it, what the engine reported, and which
    seats had already chosen earlier in the same turn."""

    settings: Settings
    seed: int
    actions: tuple[str, ...]  # up to and including this choice
    before: Game
    actor: int
    after: Game
    kinds: frozenset[str]
    chose_earlier_this_turn: frozenset[int]

    @property
    def opens_turn(self) -> bool:
        return self.before.phase is Phase.ACTION and self.before.actions_left == 2

    @property
    def closes_turn(self) -> bool:
        return self.before.phase is Phase.ACTION and self.before.actions_left == 1


def playout(
    seed: int, prefer: tuple[str, ...], players: int = 3, minded: bool = False, **options: bool
) -> Iterator[Step]:
    """A random game: ``prefer``'s kinds two times in three, or with ``minded`` the builder-minded choices
    that make lines, squares and pluses (for the 2015 ``options``)."""
    game = Game.new(players, seed, **options)
    chooser = Rng(seed * 7 + 1)
    actions: list[str] = []
    chose: set[int] = set()
    while not game.is_over and len(actions) < 400:
        legal = sorted(game.legal_actions(), key=lambda a: a.text)
        liked = [a for a in legal if a.kind in prefer]
        calm = [a for a in legal if a.kind != "catastrophe"] or legal
        pool = liked if liked and chooser.below(3) else calm
        action = builder_minded(game, chooser) if minded else pool[chooser.below(len(pool))]
        actor, turn, before = game.to_act, game.turn, game.copy()
        assert actor is not None
        kinds = frozenset(e.kind for e in game.apply(action))
        actions.append(action.text)
        yield Step(game.settings, seed, tuple(actions), before, actor, game.copy(), kinds, frozenset(chose))
        if game.turn != turn:
            chose.clear()
        else:
            chose.add(actor)


def reach(
    wanted: Callable[[Step], bool], prefer: tuple[str, ...] = (), first_seed: int = 0, **options: bool
) -> Step:
    for seed in range(first_seed, 40):
        for step in playout(seed, prefer, **options):
            if wanted(step):
                return step
    raise AssertionError("no seed reaches the wanted position")


def undo(step: Step, seat: int | None = None) -> TakeBack:
    return take_back(step.settings, step.seed, list(step.actions), seat)


def refused(step: Step, seat: int | None = None) -> str:
    with pytest.raises(UndoRefused) as caught:
        undo(step, seat)
    return str(caught.value)


def assert_never_made(step: Step, result: TakeBack) -> None:
    """The returned game is the replay of the seed and the other actions, and the action can be made again."""
    remaining = list(step.actions[:-1])
    assert result.game == replay(step.settings, step.seed, remaining)
    assert result.game == step.before
    assert result.action == Action.parse(step.actions[-1]).text
    assert result.seat == step.actor
    assert result.game.is_legal(result.action)
    redone = result.game.copy()
    redone.apply(result.action)
    assert redone == step.after, "making it again gives the same game (no draw was spent)"


# ------------------------------------------------------------------------------------- positions


@cache
def first_tile() -> Step:
    return reach(lambda s: s.opens_turn and "tile" in s.kinds and s.after.phase is Phase.ACTION, ("tile",))


@cache
def monument_offered_on_second_action() -> Step:
    return reach(lambda s: s.closes_turn and s.after.phase is Phase.MONUMENT, ("tile",))


@cache
def monument_offered_on_first_action() -> Step:
    return reach(lambda s: s.opens_turn and s.after.phase is Phase.MONUMENT, ("tile",))


def answered_monument(kind: str) -> Step:
    return reach(
        lambda s: s.before.phase is Phase.MONUMENT and kind in s.kinds and s.after.to_act == s.actor,
        ("tile", kind),
    )


@cache
def revolt_resolved() -> Step:
    """The defender's commitment ended a revolt the active player started with their first action."""
    return reach(
        lambda s: (
            s.before.phase is Phase.REVOLT_DEFENDER
            and s.after.phase is Phase.ACTION
            and s.after.actions_left == 1
        ),
        ("leader",),
    )


# ------------------------------------------------------------------------------------- allowed


@pytest.mark.parametrize("kind", ["tile", "leader", "catastrophe"])
def test_R32_the_player_to_act_takes_back_their_own_action(kind: str) -> None:
    step = reach(
        lambda s: (
            s.opens_turn
            and Action.parse(s.actions[-1]).kind == kind
            and s.after.to_act == s.actor
            and not s.kinds & {"revolt", "war", "unification", "treasure"}
            and s.after.phase is Phase.ACTION
        ),
        (kind,),
    )
    result = undo(step)
    assert_never_made(step, result)
    assert result.game.phase is Phase.ACTION and result.game.to_act == step.actor


def test_R32_the_same_seed_gives_the_same_future_draws() -> None:
    """After the take-back the game draws what the game without the action draws; and since the action drew
    nothing, swapping first and then playing the same tile ends the turn exactly as tile-then-swap does:
    taking back cannot re-roll the bag."""
    step = first_tile()
    result = undo(step)
    placed = Action.parse(result.action).colour
    assert placed is not None
    hand = step.before.hand(step.actor)
    discard = next((c for c in COLOURS if c != placed and hand[c]), placed)
    assert hand[discard] >= (2 if discard == placed else 1)
    swap = f"swap {discard.word}"

    without = result.game.copy()
    without.apply(swap)
    assert without == replay(step.settings, step.seed, [*step.actions[:-1], swap])

    without.apply(result.action)  # the same tile, now the turn's last action: the refill draws
    kept = step.after.copy()
    kept.apply(swap)  # the turn's last action: the same refill
    assert without.turn == kept.turn == step.before.turn + 1
    assert without == kept


def test_R32_newest_first_takes_back_both_actions_of_a_turn() -> None:
    """The second action waits for the monument choice, so the turn goes on: it is taken back first, then the
    first action; then the turn is whole again."""
    step = monument_offered_on_second_action()
    assert step.after.to_act == step.actor
    second = undo(step)
    assert_never_made(step, second)
    assert second.game.phase is Phase.ACTION and second.game.actions_left == 1

    remaining = list(step.actions[:-1])
    first = take_back(step.settings, step.seed, remaining)
    assert first.seat == step.actor
    assert first.game == replay(step.settings, step.seed, remaining[:-1])
    assert first.game.actions_left == 2 and first.game.to_act == step.actor


def test_R32_a_tile_is_taken_back_while_its_monument_is_offered() -> None:
    """The player to act is in a decision, not a turn action: nothing was chosen yet (R21), so the tile goes
    back and the offer with it."""
    step = monument_offered_on_first_action()
    result = undo(step)
    assert_never_made(step, result)
    assert result.game.phase is Phase.ACTION and result.game.actions_left == 2


def test_R32_a_tile_is_taken_back_while_its_treasure_choice_waits() -> None:
    step = reach(
        lambda s: (
            s.before.phase is Phase.ACTION
            and s.after.phase is Phase.TREASURE
            and s.after.to_act == s.actor
            and "treasure" not in s.kinds
        ),
        ("tile", "leader"),
    )
    result = undo(step)
    assert_never_made(step, result)
    assert result.game.phase is Phase.ACTION


def test_R32_own_action_after_another_players_choice_but_not_before_it() -> None:
    """Another player chose during this turn's first action (a revolt or a war); the second action, still
    waiting for the active player's monument or treasure choice, can be taken back; the first cannot."""
    step = reach(
        lambda s: (
            s.closes_turn
            and s.after.to_act == s.actor
            and s.after.phase in (Phase.MONUMENT, Phase.TREASURE)
            and "treasure" not in s.kinds
            and bool(s.chose_earlier_this_turn - {s.actor})
        ),
        ("leader", "tile"),
        first_seed=9,  # the first seed that shows it; searching from 0 costs a second
    )
    assert_never_made(step, undo(step))
    with pytest.raises(UndoRefused, match=ANOTHER_PLAYER_CHOSE):
        take_back(step.settings, step.seed, list(step.actions[:-1]))


# ------------------------------------------------------------------------------------- refused


def test_R32_a_swap_is_never_taken_back() -> None:
    step = reach(lambda s: s.opens_turn and "swap" in s.kinds, ("swap",))
    assert refused(step) == TILE_DRAWN


def test_R32_the_turns_last_action_is_never_taken_back() -> None:
    """It ended the turn: the refills were drawn (R23) and the next player is to act."""
    step = reach(lambda s: s.closes_turn and "tile" in s.kinds and "turn" in s.kinds, ("tile",))
    assert refused(step, seat=step.actor) == TURN_ENDED
    assert refused(step) == NOTHING_TO_TAKE_BACK  # the next player has done nothing yet


def test_R32_a_pass_is_never_taken_back() -> None:
    step = reach(lambda s: s.opens_turn and "pass" in s.kinds, ("pass",))
    assert refused(step, seat=step.actor) == TURN_ENDED
    assert refused(step) == NOTHING_TO_TAKE_BACK


def test_R32_an_action_that_started_a_revolt_is_refused() -> None:
    step = reach(lambda s: "revolt" in s.kinds, ("leader",))
    assert step.after.to_act == step.actor  # the attacker commits first (R13)
    assert refused(step) == CONFLICT


def test_R32_an_action_that_started_a_war_is_refused() -> None:
    step = reach(lambda s: s.before.phase is Phase.ACTION and "war" in s.kinds, ("tile", "leader"))
    assert refused(step, seat=step.actor) == CONFLICT


def test_R32_a_unification_waiting_for_the_order_of_wars_is_refused() -> None:
    """The wars exist from the tile on (R15) even before the order is chosen (R16)."""
    step = reach(
        lambda s: s.before.phase is Phase.ACTION and s.after.phase is Phase.WAR_CHOICE, ("tile", "leader")
    )
    assert step.after.to_act == step.actor
    assert refused(step) == CONFLICT


def test_R32_a_commitment_is_refused() -> None:
    step = reach(lambda s: s.before.phase is Phase.REVOLT_ATTACKER, ("leader",))
    assert refused(step, seat=step.actor) == COMMITTED
    assert refused(step) == NOTHING_TO_TAKE_BACK  # the defender has made no choice yet


def test_R32_another_players_choice_since_is_refused() -> None:
    step = revolt_resolved()
    active = step.after.to_act
    assert active is not None and active != step.actor and active in step.chose_earlier_this_turn
    assert refused(step) == ANOTHER_PLAYER_CHOSE


def test_R32_an_action_in_which_a_treasure_was_taken_is_refused() -> None:
    step = reach(
        lambda s: s.opens_turn and "treasure" in s.kinds and s.after.to_act == s.actor, ("tile", "leader")
    )
    assert refused(step) == TREASURE


@pytest.mark.parametrize("kind", ["monument", "decline"])
def test_R32_a_monument_choice_is_refused(kind: str) -> None:
    """Declining is the monument choice as much as building (R21's other answer): both are final."""
    step = answered_monument(kind)
    assert refused(step) == MONUMENT


# ------------------------------------------------------------ the 2015 options: buildings and the wonder


def reach_with_options(wanted: Callable[[Step], bool]) -> Step:
    return reach(wanted, minded=True, **OPTIONS)


@pytest.mark.parametrize("phase", [Phase.BUILDING, Phase.WONDER])
def test_R32_a_tile_is_taken_back_while_its_building_or_wonder_is_offered(phase: Phase) -> None:
    """Nothing was chosen yet (R28, R29 are choices of the placer): the offer goes with the tile."""
    step = reach_with_options(lambda s: s.opens_turn and s.after.phase is phase and "tile" in s.kinds)
    result = undo(step)
    assert_never_made(step, result)
    assert result.game.phase is Phase.ACTION and result.game.actions_left == 2


@pytest.mark.parametrize("kind", ["building", "building-moved", "building-declined"])
def test_R32_a_building_choice_is_refused(kind: str) -> None:
    """R32: "a monument or building was chosen"; declining is the building choice as much as placing it."""
    step = reach_with_options(
        lambda s: s.before.phase is Phase.BUILDING and kind in s.kinds and s.after.to_act == s.actor
    )
    assert refused(step) == BUILDING


@pytest.mark.parametrize("kind", ["wonder", "wonder-declined"])
def test_R32_a_wonder_choice_is_refused(kind: str) -> None:
    """The wonder is a monument of its own (R29): erected or declined, the choice is final."""
    step = reach_with_options(
        lambda s: s.before.phase is Phase.WONDER and kind in s.kinds and s.after.to_act == s.actor
    )
    assert refused(step) == WONDER


def test_R32_the_turns_last_action_while_the_wonders_point_is_offered_then_the_point_is_final() -> None:
    """The turn has not ended while the king's point waits (no refill drawn): the last action may go; the
    point ends the turn, so it is final."""
    final = {"revolt", "war", "unification", "treasure", "swap", "building", "monument", "decline"}
    step = reach_with_options(
        lambda s: (
            s.before.phase is Phase.ACTION and s.after.phase is Phase.WONDER_POINT and not s.kinds & final
        )
    )
    result = undo(step)
    assert_never_made(step, result)
    point = step.after.default_action()
    assert point is not None
    after = step.after.copy()
    assert "turn" in {e.kind for e in after.apply(point)} or after.is_over
    with pytest.raises(UndoRefused, match=f"{TURN_ENDED}|{GAME_OVER}"):
        take_back(step.settings, step.seed, [*step.actions, point.text], seat=step.actor)


def test_R32_only_the_player_to_act_takes_back() -> None:
    step = first_tile()
    for seat in range(step.settings.players):
        if seat != step.actor:
            assert refused(step, seat=seat) == NOTHING_TO_TAKE_BACK
    assert undo(step, seat=step.actor).seat == step.actor


def test_R32_while_another_player_must_choose_the_action_waits() -> None:
    """An action that leaves another player to choose a treasure (their trader's kingdom now holds two):
    only the player to act may take something back, and the actor is not."""
    step = reach(
        lambda s: (
            s.before.phase is Phase.ACTION
            and s.after.to_act != s.actor
            and not s.kinds & {"revolt", "war", "unification", "turn", "game-over", "swap", "treasure"}
        ),
        ("tile", "leader"),
    )
    assert step.after.phase is Phase.TREASURE
    assert refused(step, seat=step.actor) == WAITING_FOR_ANOTHER
    assert refused(step) == NOTHING_TO_TAKE_BACK


def test_R32_nothing_to_take_back_at_the_start() -> None:
    settings_ = Settings(3)
    with pytest.raises(UndoRefused, match=NOTHING_TO_TAKE_BACK):
        take_back(settings_, 5, [])


def test_R32_nothing_once_the_game_is_over() -> None:
    step = reach(lambda s: s.after.is_over)
    assert refused(step) == GAME_OVER
    assert refused(step, seat=step.actor) == GAME_OVER


# ------------------------------------------------------------------------------------- properties


FINAL_KINDS = {"swap", "bag-empty", "turn", "revolt", "war", "commit", "treasure", "monument", "decline"}
FINAL_WITH_OPTIONS = {"building", "building-moved", "building-declined", "wonder", "wonder-declined"}


@pytest.mark.parametrize("options", [False, True])
@settings(max_examples=20, deadline=None)
@given(st.integers(min_value=0, max_value=2**32), st.integers(min_value=1, max_value=250))
def test_R32_every_answer_is_a_refusal_or_the_game_without_the_action(
    options: bool, seed: int, length: int
) -> None:
    """With the 2015 options the games are played builder-minded, so buildings and the wonder come often."""
    played = playout(seed, (), minded=options, buildings=options, wonder=options)
    step = list(zip(range(length), played, strict=False))[-1][1]
    try:
        result = undo(step)
    except UndoRefused as exc:
        assert str(exc) in REFUSALS
        return
    assert_never_made(step, result)
    assert step.after.to_act == step.actor and step.after.turn == step.before.turn
    assert not step.kinds & (FINAL_KINDS | FINAL_WITH_OPTIONS)
