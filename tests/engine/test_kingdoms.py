"""The incremental regions and kingdoms (engine/kingdoms.py) always equal what a fresh count of the board
gives (R4), after every kind of change random games make: tiles, leaders placed, moved, withdrawn and
stranded, catastrophes, war removals, monuments."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import Game, dump, load
from engine import kingdoms as kingdoms_module
from engine.actions import CATASTROPHE_ACTIONS, COLOURS, LEADER_ACTIONS, TILE_ACTIONS, Action
from engine.board import NEIGHBOURS, SQUARES
from engine.cells import BLUE, CATASTROPHE, EMPTY, FACE_DOWN, LEADER, RED
from engine.kingdoms import Kingdoms
from engine.rng import Rng
from tests.engine.positions import builder_minded


def fresh_regions(cell: list[int]) -> dict[frozenset[int], int]:
    """Every region of the board, counted from scratch, with its leader bitmask."""
    seen: set[int] = set()
    out: dict[frozenset[int], int] = {}
    for start in range(SQUARES):
        if start in seen or cell[start] < 0 or cell[start] == CATASTROPHE:
            continue
        region = {start}
        stack = [start]
        while stack:
            x = stack.pop()
            for y in NEIGHBOURS[x]:
                if y not in region and cell[y] >= 0 and cell[y] != CATASTROPHE:
                    region.add(y)
                    stack.append(y)
        seen |= region
        out[frozenset(region)] = sum(1 << (cell[s] - LEADER) for s in region if cell[s] >= LEADER)
    return out


def assert_consistent(k: Kingdoms) -> None:
    cell = k.cell
    by_label: dict[int, set[int]] = {}
    for s in range(SQUARES):
        if k.label[s] >= 0:
            by_label.setdefault(k.label[s], set()).add(s)
    tracked = {frozenset(squares): k.leaders[region] for region, squares in by_label.items()}
    assert tracked == fresh_regions(cell)
    for region, squares in by_label.items():
        assert k.size[region] == len(squares)
        assert k.treasure_count[region] == len(squares & k.treasures)
    live = set(by_label)
    assert all(k.size[r] == k.treasure_count[r] == 0 for r in range(len(k.size)) if r not in live)
    assert sorted(k.spare) == sorted(r for r in range(len(k.size)) if r not in live)
    assert k.rich == sum(1 for r in live if k.treasure_count[r] >= 2)
    kingdom_of = {s: region for region, mask in fresh_regions(cell).items() if mask for s in region}
    for s in range(SQUARES):
        v = cell[s]
        empty = v == EMPTY
        river = bool(k.river[s])
        temples = sum(1 for n in NEIGHBOURS[s] if cell[n] == RED)
        beside = len({kingdom_of[n] for n in NEIGHBOURS[s] if n in kingdom_of}) if empty else 0
        spot = empty and not river and temples > 0
        assert k.temples_next[s] == temples, s
        assert k.kingdoms_beside[s] == beside, s
        assert k.tile_land[s] == (empty and not river and beside < 3), s
        assert k.tile_river[s] == (empty and river and beside < 3), s
        assert k.leader_spots[s] == spot, s
        assert k.supply_spots[s] == (spot and beside <= 1), s
        assert k.join_spots[s] == (spot and beside >= 2), s
        assert k.catastrophe_spots[s] == (
            empty or (0 <= v < FACE_DOWN and s not in k.treasures and s not in k.buildings)
        ), s
    # the action lists legal_actions() copies follow the masks exactly, in square order
    for colour in COLOURS:
        where = k.tile_river if colour == BLUE else k.tile_land
        group, index = kingdoms_module.TILE_GROUPS[colour]
        assert k.action_lists(group)[index] == [TILE_ACTIONS[colour][s] for s in range(SQUARES) if where[s]]
        assert k.action_lists(kingdoms_module.SUPPLY)[colour] == [
            LEADER_ACTIONS[colour][s] for s in range(SQUARES) if k.supply_spots[s]
        ]
    assert k.action_lists(kingdoms_module.CATASTROPHES)[0] == [
        CATASTROPHE_ACTIONS[s] for s in range(SQUARES) if k.catastrophe_spots[s]
    ]


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.integers(min_value=2, max_value=4),
    st.integers(min_value=0, max_value=2**48),
    st.sampled_from(["standard", "advanced"]),
    st.booleans(),
    st.sampled_from([kingdoms_module.SMALL_REGION, 0]),
)
def test_incremental_kingdoms_match_a_fresh_count_after_every_choice(
    players: int, seed: int, board: str, options: bool, small_region: int
) -> None:
    """With the 2015 options, games are played builder-minded (buildings, monuments, the wonder). With
    ``small_region`` 0, every region a piece leaves is split by the floods in turns (``_cut_off``), which
    otherwise only regions larger than ``SMALL_REGION`` meet."""
    game = Game.new(players, seed, board, buildings=options, wonder=options)
    chooser = Rng(seed + 3)
    step = 0
    left: tuple[Game, list[Action]] | None = None  # a copy played on, and its choices then
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(kingdoms_module, "SMALL_REGION", small_region)
        while not game.is_over:
            game.apply(builder_minded(game, chooser) if options else legal_random(game, chooser))
            assert_consistent(game.kingdoms)
            if step % 11 == 0:
                copy = game.copy()
                assert_consistent(copy.kingdoms)
                # a copy shares its action lists until it changes them (copy on write): play it on a
                # different way for a few choices; the original must not see any of it
                # and the original's next choice must not reach the copy
                legal = game.legal_actions()
                other = Rng(seed + step)
                for _ in range(3):
                    if copy.is_over:
                        break
                    copy.apply(legal_random(copy, other))
                    assert_consistent(copy.kingdoms)
                assert game.legal_actions() == legal
                assert_consistent(game.kingdoms)
                left = (copy, copy.legal_actions())
            elif left is not None:
                assert left[0].legal_actions() == left[1]
                assert_consistent(left[0].kingdoms)
                left = None
                loaded = load(dump(game))  # built square by square by the loader
                assert_consistent(loaded.kingdoms)
                assert loaded.legal_actions() == game.legal_actions()
                assert_lifting_counts(game.kingdoms)
            step += 1


def assert_lifting_counts(k: Kingdoms) -> None:
    """R7: where each leader on the board may move, lifted first, against a fresh count."""
    spots = [s for s in range(SQUARES) if k.leader_spots[s]]
    for lifted in (s for s in range(SQUARES) if k.cell[s] >= LEADER):
        cell = k.cell[:]
        cell[lifted] = EMPTY
        kingdom_of = {s: region for region, mask in fresh_regions(cell).items() if mask for s in region}
        want = [s for s in spots if len({kingdom_of[n] for n in NEIGHBOURS[s] if n in kingdom_of}) <= 1]
        mask = k.leader_mask(lifted)
        assert [s for s in range(SQUARES) if mask[s]] == want
        assert [s for s in range(SQUARES) if k.may_lead(s, lifted)] == want
        for colour in COLOURS:  # the patched lists legal_actions() copies
            assert k.leader_actions(colour, lifted) == [LEADER_ACTIONS[colour][s] for s in want]


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.integers(min_value=2, max_value=4),
    st.integers(min_value=0, max_value=2**48),
    st.sampled_from(["standard", "advanced"]),
    st.booleans(),
)
def test_leader_masks_kept_across_moves_match_a_fresh_count(
    players: int, seed: int, board: str, options: bool
) -> None:
    """R7: the lifting counts kept from earlier positions (leader_changes) equal the ones counted now, for
    every leader after every choice; every leader's count is asked each time, so each change of the board
    meets every kept count. With the 2015 options, games are played builder-minded (monuments, wonder)."""
    game = Game.new(players, seed, board, buildings=options, wonder=options)
    chooser = Rng(seed + 7)
    step = 0
    while not game.is_over:
        k = game.kingdoms
        for lifted in (s for s in range(SQUARES) if k.cell[s] >= LEADER):
            assert k.leader_changes(lifted) == k._leader_changes(lifted), (step, lifted)
        if step % 13 == 0:
            assert_lifting_counts(k)
            copy = game.copy()  # a copy keeps the counts: they must hold for it as it plays on apart
            copy.apply(builder_minded(copy, Rng(step)))
            assert_lifting_counts(copy.kingdoms)
        game.apply(builder_minded(game, chooser) if options else legal_random(game, chooser))
        step += 1


def legal_random(game: Game, chooser: Rng) -> Action:
    legal = game.legal_actions()
    return legal[chooser.below(len(legal))]


def test_copies_are_independent() -> None:
    game = Game.new(3, 99)
    copy = game.copy()
    chooser = Rng(5)
    for _ in range(40):
        legal = copy.legal_actions()
        copy.apply(legal[chooser.below(len(legal))])
    assert game == Game.new(3, 99)
    assert_consistent(game.kingdoms)
    assert_consistent(copy.kingdoms)
