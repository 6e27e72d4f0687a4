"""Properties of random legal games (hypothesis): every invariant holds after every choice."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import COLOURS, Action, Game, Phase, dump, load, replay
from engine.actions import (
    BUILDING_ACTIONS,
    CATASTROPHE_ACTIONS,
    COMMIT_ACTIONS,
    DECLINE,
    LEADER_ACTIONS,
    PASS,
    POINT_ACTIONS,
    TILE_ACTIONS,
    TREASURE_ACTIONS,
    WAR_ACTIONS,
    WITHDRAW_ACTIONS,
    WONDER_ACTIONS,
    swap_action,
)
from engine.coherence import check_position
from engine.rng import Rng
from tests.engine.positions import builder_minded

games = st.tuples(
    st.integers(min_value=2, max_value=4),
    st.integers(min_value=0, max_value=2**48),
    st.sampled_from(["standard", "advanced"]),
    st.booleans(),
)
FEW = settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def play_random(
    players: int, seed: int, board: str, english: bool, check=None, minded: bool = False, **options: bool
) -> tuple[Game, list[str]]:
    """A game of random legal choices (``minded``: builder-minded ones) with the 2015 ``options`` given."""
    game = Game.new(players, seed, board, english, **options)
    chooser = Rng(seed + 1)
    actions: list[str] = []
    while not game.is_over:
        legal = game.legal_actions()
        assert legal, "a game that is not over always offers a choice"
        action = builder_minded(game, chooser) if minded else legal[chooser.below(len(legal))]
        before = game.copy() if check else None
        game.apply(action)
        actions.append(action.text)
        if check:
            check(before, action, game)
        assert len(actions) < 3000, "a game must end"
    return game, actions


def check_step(before: Game, action: Action, after: Game) -> None:
    """What a position keeps true is ``load``'s list (engine.coherence.INVARIANTS: the pieces add up, R8,
    R11, R13/R15, R22, R23, R28, R29, the pending decision); here also what a step keeps true."""
    check_position(after)
    for seat in range(after.players):
        assert all(a >= b for a, b in zip(after.points[seat], before.points[seat], strict=True))
        assert after.treasures_held[seat] >= before.treasures_held[seat]
    if before.wonder is not None:
        assert after.wonder == before.wonder, "R29a: one wonder, never destroyed"
    for colour in COLOURS:
        if before.buildings[colour] is not None and after.buildings[colour] is None:
            # R28: a building leaves the board only when its tile is flipped or given to the wonder
            assert action.kind in ("monument", "wonder")
    if after.phase is Phase.WONDER_POINT:
        assert after.to_act == after.active


# each property holds without the 2015 options and with both (R28, R29), played builder-minded so that
# buildings, monuments and the wonder come often
OPTIONS = pytest.mark.parametrize("options", [False, True])


def play(params: tuple[int, int, str, bool], options: bool, check=None) -> tuple[Game, list[str]]:
    return play_random(*params, check=check, minded=options, buildings=options, wonder=options)


@OPTIONS
@FEW
@given(games)
def test_random_games_keep_every_invariant(options: bool, params):
    game, _ = play(params, options, check=check_step)
    assert game.outcome() is not None
    assert game.end_reason in ("treasures", "bag")
    assert len(game.treasures) <= 2 or game.bag_short


@OPTIONS
@FEW
@given(games)
def test_replay_from_seed_and_actions_is_identical(options: bool, params):
    seed = params[1]
    game, actions = play(params, options)
    again = replay(game.settings, seed, actions)
    assert again == game
    assert dump(again) == dump(game)


@OPTIONS
@FEW
@given(games, st.integers(min_value=0, max_value=10**6))
def test_positions_round_trip_and_play_on_identically(options: bool, params, cut):
    players, seed, board, english = params
    _, actions = play(params, options)
    k = cut % len(actions)
    settings_ = Game.new(players, seed, board, english, buildings=options, wonder=options).settings
    game = replay(settings_, seed, actions[:k])
    text = dump(game)
    loaded = load(text)
    assert loaded == game
    assert dump(loaded) == text
    copy = game.copy()
    for a in actions[k:]:
        game.apply(a)
        loaded.apply(a)
    assert dump(loaded) == dump(game)
    assert copy == load(text), "a copy stays as it was while its original played on"


def all_candidate_actions(game: Game) -> list[Action]:
    out: list[Action] = []
    for c in COLOURS:
        out += TILE_ACTIONS[c]
        out += LEADER_ACTIONS[c]
        out.append(WITHDRAW_ACTIONS[c])
        out.append(WAR_ACTIONS[c])
    out += CATASTROPHE_ACTIONS
    out += TREASURE_ACTIONS
    out += COMMIT_ACTIONS[:12]
    out += [PASS, DECLINE]
    out += [
        swap_action((r, b, g, k)) for r in range(3) for b in range(3) for g in range(2) for k in range(2)
    ][1:]
    out += [
        Action.parse(f"monument {m} {s}") for m in ("red-blue", "blue-green", "green-black") for s in ("e5",)
    ]
    for c in COLOURS:  # the 2015 options' (R28, R29): refused in games without them
        out += BUILDING_ACTIONS[c][::3]
        out.append(POINT_ACTIONS[c])
    out += WONDER_ACTIONS[::2]
    if game.phase in (Phase.BUILDING, Phase.MONUMENT, Phase.WONDER):
        out += game.legal_actions()
    return out


@pytest.mark.parametrize("options", [False, True])
@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games)
def test_legal_actions_agree_with_is_legal_and_apply(options: bool, params):
    """legal_actions() lists exactly the legal choices: every other candidate is refused, and a
    refused action changes nothing; the default is legal, the forced action the only legal one. With the
    2015 options the game is played builder-minded (lines, squares and pluses come often)."""
    players, seed, board, english = params
    game = Game.new(players, seed, board, english, buildings=options, wonder=options)
    chooser = Rng(seed + 7)
    step = 0
    while not game.is_over:
        legal = game.legal_actions()
        assert len(set(legal)) == len(legal), "no duplicates"
        if step % 25 == 0 or game.phase is not Phase.ACTION:
            legal_set = set(legal)
            for a in all_candidate_actions(game):
                assert game.is_legal(a) == (a in legal_set), (a.text, game.phase)
            snapshot = dump(game)
            for a in all_candidate_actions(game)[:: 97 if game.phase is Phase.ACTION else 7]:
                if a not in legal_set:
                    try:
                        game.apply(a)
                    except ValueError:
                        pass
                    else:
                        raise AssertionError(f"{a.text} was applied but is not legal")
                    assert dump(game) == snapshot
        default = game.default_action()
        assert (default is None) == (game.phase is Phase.ACTION)
        if default is not None:
            assert default in legal
        forced = game.forced_action()
        assert forced is None or legal == [forced]
        game.apply(builder_minded(game, chooser) if options else legal[chooser.below(len(legal))])
        step += 1


def test_actions_round_trip_through_notation():
    _, actions = play_random(4, 2024, "standard", False)
    for text in actions:
        assert Action.parse(text).text == text
        assert Action.parse(text.upper()).text == text


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32), moves=st.integers(0, 120), players=st.integers(2, 4))
def test_a_copy_never_changes_its_original(seed: int, moves: int, players: int) -> None:
    """Caches shared by ``copy()`` must not carry one board's facts to the other: play on a copy taken before
    the original computed anything, then the original still lists exactly what a fresh load of it lists."""
    game = Game.new(players, seed)
    chooser = Rng(seed)
    for _ in range(moves):
        if game.is_over:
            break
        legal = game.legal_actions()
        game.apply(legal[chooser.below(len(legal))])
    original = load(dump(game))  # nothing computed on it yet
    copy = original.copy()
    for _ in range(4):
        if copy.is_over:
            break
        legal = copy.legal_actions()
        leaders = [a for a in legal if a.kind == "leader"]
        copy.apply((leaders or legal)[chooser.below(len(leaders or legal))])
    assert [a.text for a in original.legal_actions()] == [a.text for a in load(dump(game)).legal_actions()]


def test_builder_minded_games_see_every_new_decision() -> None:
    """The properties above are not vacuous: such games build, move, return and decline buildings, erect
    and decline the wonder and score its point."""
    seen: set[str] = set()
    for seed in range(12):
        game = Game.new(2 + seed % 3, seed, buildings=True, wonder=True)
        chooser = Rng(seed)
        while not game.is_over:
            seen.update(e.kind for e in game.apply(builder_minded(game, chooser)))
    assert {
        "building",
        "building-moved",
        "building-returned",
        "building-declined",
        "wonder",
        "wonder-point",
    } <= seen
