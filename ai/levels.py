"""The computer players below the search: random, easy and normal.

Every level answers ``choose(view, legal, rng)``: it sees one seat's view and nothing else, and all its
chance comes from ``rng``, so a level is deterministic for a given seed.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Protocol

from ai.determinise import World, sample_world
from ai.evaluate import DEFAULT, Weights, evaluate
from ai.policy import (
    NO_ALTERNATIVES,
    Alternatives,
    Evaluator,
    after_if_legal,
    evaluator,
    rank,
    turn_candidates,
)
from engine import NEIGHBOURS, Action, Phase, PlayerView


class Player(Protocol):
    name: str

    def choose(self, view: PlayerView, legal: Sequence[Action], rng: random.Random) -> Action:
        """One of ``legal``: the choice of the seat whose view this is."""
        ...


@dataclass(frozen=True)
class Plan:
    """A turn's actions as the planner sees them: the first is played now, the rest are intentions."""

    value: float
    actions: tuple[Action, ...]
    before: World
    after: World


class RandomPlayer:
    """Uniformly random legal choices: the floor every level must clear."""

    name = "random"

    def choose(self, view: PlayerView, legal: Sequence[Action], rng: random.Random) -> Action:
        return legal[rng.randrange(len(legal))]


def alternatives(view: PlayerView, legal: Sequence[Action], rng: random.Random, count: int) -> Alternatives:
    return Alternatives(lambda: [sample_world(view, legal, rng) for _ in range(count)])


def fallback(view: PlayerView, legal: Sequence[Action]) -> Action:
    """A safe choice if no determinisation could weigh the options: pass on a turn (listed last), the
    first choice of a decision (commit 0, the first war or treasure in the default order)."""
    return legal[-1] if view.phase is Phase.ACTION else legal[0]


def decision_values(
    view: PlayerView, legal: Sequence[Action], rng: random.Random, samples: int, value: Evaluator = evaluate
) -> list[float]:
    """A decision's choices averaged over determinisations (the other side's hand matters in a conflict)."""
    totals = [0.0] * len(legal)
    for _ in range(samples):
        world = sample_world(view, legal, rng)
        for i, action in enumerate(legal):
            nxt = after_if_legal(world, action)
            totals[i] += value(nxt, view.seat) if nxt is not None else -1000.0
    return [t / samples for t in totals]


def best_decision(
    view: PlayerView, legal: Sequence[Action], rng: random.Random, samples: int, value: Evaluator = evaluate
) -> Action:
    values = decision_values(view, legal, rng, samples, value)
    return legal[max(range(len(legal)), key=lambda i: values[i])]


@dataclass
class Easy:
    """One-ply greedy with noise: it plays the action that looks best right now, misjudging by ``noise``
    (in points of the weakest colour), and now and then (``slip``) something merely plausible."""

    noise: float = 0.7
    slip: float = 0.12
    name: str = field(default="easy", init=False)

    def choose(self, view: PlayerView, legal: Sequence[Action], rng: random.Random) -> Action:
        if len(legal) == 1:
            return legal[0]
        world = sample_world(view, legal, rng)
        options = turn_candidates(world, legal, view.seat) if view.phase is Phase.ACTION else list(legal)
        if rng.random() < self.slip:
            return options[rng.randrange(len(options))]
        scored = rank(world, options, view.seat)
        if not scored:
            return fallback(view, legal)
        return max(scored, key=lambda s: s.value + rng.gauss(0.0, self.noise)).action


def plan_turn(
    world: World,
    legal: Sequence[Action],
    seat: int,
    beam: int = 5,
    pool: int = 24,
    others: Alternatives = NO_ALTERNATIVES,
    value: Evaluator = evaluate,
) -> list[Plan]:
    """Normal's look-ahead over its own actions this turn: every candidate first action, then for the
    ``beam`` best of them every promising second action, each valued by ``value``. ``others`` are
    further determinisations for actions whose outcome hangs on a hidden hand. Plans best first."""
    firsts = rank(world, turn_candidates(world, legal, seat), seat, value, others)
    if not firsts:
        return []
    plans = [Plan(s.value, (s.action,), world, s.after) for s in firsts]
    if world.game.phase is not Phase.ACTION or world.snap.over:
        return plans
    promising = {s.action for s in firsts[:pool]}
    for i, first in enumerate(firsts[:beam]):
        nxt = first.after
        if not _my_turn(nxt, seat):
            continue  # the turn is over: the plan is the first action alone
        second = _second_actions(nxt, seat, first.action, promising)
        if not second:
            continue
        best = rank(nxt, second, seat, value, _advanced(others, first.action, seat))[0]
        plans[i] = Plan(best.value, (first.action, best.action), world, best.after)
    plans.sort(key=lambda p: -p.value)
    return plans


def _advanced(others: Alternatives, action: Action, seat: int) -> Alternatives:
    """The further determinisations after this seat's first action, where it is still this seat's turn."""

    def make() -> list[World]:
        nexts = (after_if_legal(o, action) for o in others.worlds())
        return [w for w in nexts if w is not None and _my_turn(w, seat)]

    return Alternatives(make)


def _my_turn(world: World, seat: int) -> bool:
    return not world.snap.over and world.game.phase is Phase.ACTION and world.game.to_act == seat


def _second_actions(world: World, seat: int, first: Action, promising: set[Action]) -> list[Action]:
    """Second actions worth a look: those that looked good as first actions, and whatever the first
    action made possible next to it (a leader beside the temple just placed, a tile beside a leader)."""
    legal = world.game.legal_actions()
    touched = set()
    if first.square is not None:
        touched.add(first.square)
        touched.update(_near(first.square))
    out = []
    for a in turn_candidates(world, legal, seat):
        if a in promising or a.square in touched or a.kind not in ("tile", "catastrophe", "swap", "leader"):
            out.append(a)
    return out


def _near(square: int) -> set[int]:
    ring = set(NEIGHBOURS[square])
    for n in list(ring):
        ring.update(NEIGHBOURS[n])
    return ring


@dataclass
class Normal:
    """The hand-written evaluation with a look-ahead over its own two actions; decisions are weighed over
    a few determinisations of the hidden hands. (The hints use it with hard's weights.)"""

    beam: int = 4
    pool: int = 16
    decision_samples: int = 6
    conflict_samples: int = 2  # further determinisations for actions that start a conflict
    weights: Weights = DEFAULT
    name: str = field(default="normal", init=False)

    def plan(self, view: PlayerView, legal: Sequence[Action], rng: random.Random) -> Plan:
        world = sample_world(view, legal, rng)
        others = alternatives(view, legal, rng, self.conflict_samples)
        plans = plan_turn(world, legal, view.seat, self.beam, self.pool, others, evaluator(self.weights))
        return plans[0] if plans else Plan(0.0, (fallback(view, legal),), world, world)

    def choose(self, view: PlayerView, legal: Sequence[Action], rng: random.Random) -> Action:
        if len(legal) == 1:
            return legal[0]
        if view.phase is Phase.ACTION:
            return self.plan(view, legal, rng).actions[0]
        return best_decision(view, legal, rng, self.decision_samples, evaluator(self.weights))
