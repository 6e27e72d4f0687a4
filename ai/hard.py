"""The hard level: Monte Carlo search over determinisations that respects hidden information.

The seat knows its hand and the board; everything else (the other hands, the bag and its order, the
other seats' points) is sampled afresh for every simulation, consistently with its view (R25). The
search is flat at the root: normal's look-ahead proposes the most promising turn plans, and each
simulation plays one plan in one determinisation, then the rivals' turns until this seat's next turn
with a greedy reply policy (which sees that determinisation's hands as its own), and scores the result
with normal's evaluation. All surviving plans meet the same determinisations (common random numbers,
so differences come from the plans, not the luck of the draw), and successive halving spends the
budget on the plans still in contention.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass, field

from ai.determinise import World, sample_world
from ai.evaluate import evaluate
from ai.levels import Plan, alternatives, best_decision, fallback, plan_turn
from ai.policy import rank, reply_candidates, settle
from engine import Action, IllegalActionError, Phase, PlayerView


def greedy_turn_action(world: World, seat: int) -> Action:
    """The reply policy's turn action: the best of the narrow candidates, one ply."""
    legal = world.game.legal_actions()
    options = reply_candidates(world, legal, seat) or legal
    return rank(world, options, seat)[0].action


def play_until(world: World, seat: int, rival_turns: int) -> None:
    """Finish this seat's turn greedily, then let the rivals play ``rival_turns`` turns greedily."""
    game = world.game
    turns = 0
    while not world.snap.over and game.phase is Phase.ACTION:
        actor = game.to_act
        assert actor is not None
        if actor != seat:
            if turns >= rival_turns:
                return
            turns += 1
            start = game.turn
            while not world.snap.over and game.phase is Phase.ACTION and game.turn == start:
                world.apply(greedy_turn_action(world, actor))
                settle(world)
            continue
        world.apply(greedy_turn_action(world, seat))
        settle(world)


def simulate(world: World, plan: Sequence[Action], seat: int, rival_turns: int) -> float:
    """One plan in one determinisation, the rivals' replies, then the evaluation for ``seat``."""
    game = world.game
    for action in plan:
        if world.snap.over or game.phase is not Phase.ACTION or game.to_act != seat:
            break
        try:
            world.apply(action)
        except IllegalActionError:  # a war lost or a swap's draw made the intended action illegal
            break
        settle(world)
    play_until(world, seat, rival_turns)
    return evaluate(world, seat)


# Playouts per move by number of players: about the same time per move whatever the table size.
DEFAULT_SIMULATIONS = {2: 48, 3: 32, 4: 24}


@dataclass
class Hard:
    """``simulations`` (plan x determinisation playouts) is the budget, by default fewer with more
    players since each playout then simulates more rival turns; ``seconds``, if set, also stops the
    search early (the choice then depends on the machine's speed, so leave it unset where a fixed seed
    must give a fixed move)."""

    simulations: int | None = None
    seconds: float | None = None
    plans: int = 4
    rival_turns: int = 3
    decision_samples: int = 24
    conflict_samples: int = 5
    name: str = field(default="hard", init=False)

    def choose(self, view: PlayerView, legal: Sequence[Action], rng: random.Random) -> Action:
        if len(legal) == 1:
            return legal[0]
        if view.phase is not Phase.ACTION:
            return best_decision(view, legal, rng, self.decision_samples)
        plans = self.search(view, legal, rng)
        return plans[0].actions[0] if plans else fallback(view, legal)

    def candidates(self, view: PlayerView, legal: Sequence[Action], rng: random.Random) -> list[Plan]:
        """Normal's best plans, one per first action."""
        world = sample_world(view, legal, rng)
        others = alternatives(view, legal, rng, self.conflict_samples)
        plans = plan_turn(world, legal, view.seat, beam=self.plans + 2, others=others)
        seen: set[Action] = set()
        out = []
        for plan in plans:
            if plan.actions[0] not in seen:
                seen.add(plan.actions[0])
                out.append(plan)
            if len(out) == self.plans:
                break
        return out

    def search(self, view: PlayerView, legal: Sequence[Action], rng: random.Random) -> list[Plan]:
        """The candidate plans, best first after the simulations."""
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        plans = self.candidates(view, legal, rng)
        if len(plans) <= 1:
            return plans
        rival_turns = min(self.rival_turns, view.players - 1)
        budget = self.simulations or DEFAULT_SIMULATIONS[view.players]
        totals = [0.0] * len(plans)
        counts = [0] * len(plans)
        alive = list(range(len(plans)))
        rounds = max(1, math.ceil(math.log2(len(plans))))
        spent = 0
        for r in range(rounds):
            samples = max(1, (budget - spent) // (rounds - r) // len(alive))
            for _ in range(samples):
                if deadline is not None and time.perf_counter() > deadline:
                    break
                world = sample_world(view, legal, rng)
                for i in alive:
                    totals[i] += simulate(world.copy(), plans[i].actions, view.seat, rival_turns)
                    counts[i] += 1
                    spent += 1
            alive.sort(key=lambda i: -totals[i] / max(1, counts[i]))
            alive = alive[: max(1, (len(alive) + 1) // 2)]
        order = sorted(range(len(plans)), key=lambda i: (-counts[i], -totals[i] / max(1, counts[i])))
        return [plans[i] for i in order]
