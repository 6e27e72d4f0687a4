"""Information-set evaluation: how good each of a few choices is for one seat, judged from its view alone.

Every choice meets the same determinisations of what the seat cannot see (the other hands, the bag, the
hidden scores; R25), so differences between choices come from the choices and not from the luck of the
sample (common random numbers). In each determinisation a choice is applied, the decisions it causes are
answered quickly, the seat's turn is finished and the rivals play ``rival_turns`` turns with the greedy
reply policy, and the result is scored with normal's evaluation: roughly the seat's expected final score
margin over its rivals, in points of the weakest colour.

The post-game analysis judges moves with it; a search (the hard level) can use it to compare its plans.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from dataclasses import dataclass

from ai.determinise import World, sample_world
from ai.evaluate import DEFAULT, Weights, evaluate
from ai.hard import play_until
from ai.levels import alternatives, plan_turn
from ai.policy import settle
from engine import Action, IllegalActionError, NotationError, Phase, PlayerView


def rollout(
    world: World, choice: Action, seat: int, rival_turns: int, weights: Weights = DEFAULT
) -> float | None:
    """``choice`` played in ``world`` (which it changes), then the seat's turn finished and the rivals'
    replies, scored for ``seat``; None if this determinisation refuses the choice."""
    try:
        world.apply(choice)
    except IllegalActionError:  # only possible if a determinisation misses a rule
        return None
    settle(world)
    play_until(world, seat, rival_turns)
    return evaluate(world, seat, weights)


@dataclass(frozen=True)
class Judged:
    """The mean value of each choice over the determinisations that accepted it (None: none did)."""

    choices: tuple[Action, ...]
    values: tuple[float | None, ...]
    samples: int


class InformationSet:
    """The determinisations of one seat's view, drawn on demand from ``rng`` and kept for reuse."""

    def __init__(
        self, view: PlayerView, legal: Sequence[Action], rng: random.Random, weights: Weights = DEFAULT
    ) -> None:
        self.view = view
        self.legal = list(legal)
        self.rng = rng
        self.weights = weights  # of the rollouts' evaluation
        self._worlds: list[World] = []

    def world(self, i: int) -> World:
        """The ``i``th determinisation (never changed: copy it to play in it)."""
        while len(self._worlds) <= i:
            self._worlds.append(sample_world(self.view, self.legal, self.rng))
        return self._worlds[i]

    def turn_candidates(self, width: int, conflict_samples: int = 2) -> list[Action]:
        """Normal's best first actions (one per plan, best first), in the first determinisation."""
        world = self.world(0)
        others = alternatives(self.view, self.legal, self.rng, conflict_samples)
        plans = plan_turn(world, self.legal, self.view.seat, beam=width, others=others)
        out: list[Action] = []
        for plan in plans:
            if plan.actions[0] not in out:
                out.append(plan.actions[0])
            if len(out) == width:
                break
        return out

    def judge(
        self,
        choices: Sequence[Action],
        samples: int,
        rival_turns: int,
        deadline: float | None = None,
        least: int = 1,
    ) -> Judged:
        """Each choice's mean rollout value over ``samples`` determinisations (fewer once ``deadline``, a
        ``time.perf_counter()`` value, has passed, but never fewer than ``least``)."""
        totals = [0.0] * len(choices)
        counts = [0] * len(choices)
        done = 0
        while done < samples:
            if done >= least and deadline is not None and time.perf_counter() > deadline:
                break
            try:
                world = self.world(done)
            except NotationError:  # no coherent determinisation: judge on those made so far
                break
            for i, choice in enumerate(choices):
                value = rollout(world.copy(), choice, self.view.seat, rival_turns, self.weights)
                if value is not None:
                    totals[i] += value
                    counts[i] += 1
            done += 1
        values = tuple(t / c if c else None for t, c in zip(totals, counts, strict=True))
        return Judged(tuple(choices), values, done)


def candidates(infoset: InformationSet, played: Action | None, width: int) -> list[Action]:
    """The choices worth comparing: on a turn, normal's ``width`` best first actions; in a decision (a
    commitment, a war's order, a monument, a treasure), every legal choice; and ``played`` first."""
    if infoset.view.phase is Phase.ACTION:
        found = infoset.turn_candidates(width)
    else:
        found = list(infoset.legal)
    if played is None:
        return found
    return [played, *(a for a in found if a != played)]
