"""The hard level: Monte Carlo search over determinisations that respects hidden information.

The seat knows its hand and the board; everything else (the other hands, the bag and its order, the
other seats' points) is sampled afresh for every simulation, consistently with its view (R25). The
search is flat at the root: normal's look-ahead proposes the most promising turn plans, and each
simulation plays one plan in one determinisation, then the next seat's turn with a greedy reply policy
(which sees that determinisation's hands as its own), and scores the result. Every value in the search
(the plans proposed, the greedy replies, the scores) comes from the evaluation with the weights that play
best at that many seats (``ai.evaluate.best_weights``): at two seats, weights fitted to how games end
rather than normal's hand-set ones.
All plans still in the race meet the same determinisations (common random numbers, so differences come
from the plans, not the luck of the draw), and a plan leaves the race as soon as the paired differences
show it clearly worse than the leader, or too close to it to matter: the thought goes where the choice
is close and matters, and a clear move costs a fraction of the budget.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass, field

from ai.determinise import World, sample_world
from ai.evaluate import Weights, best_weights, evaluate
from ai.levels import Plan, alternatives, decision_values, fallback, plan_turn
from ai.policy import Evaluator, best, evaluator, reply_candidates, settle
from engine import Action, IllegalActionError, Phase, PlayerView


def greedy_turn(world: World, seat: int, value: Evaluator = evaluate) -> tuple[Action, World]:
    """The reply policy's turn action, the best of the narrow candidates one ply ahead, and the world
    after it (its decisions answered quickly)."""
    legal = world.game.legal_actions()
    options = reply_candidates(world, legal, seat) or legal
    return best(world, options, seat, value)


def play_until(world: World, seat: int, rival_turns: int, value: Evaluator = evaluate) -> None:
    """Finish this seat's turn greedily, then let the seats that follow play ``rival_turns`` turns
    greedily, and stop there, or at this seat's next turn if that comes first. (Playing that turn too,
    with the greedy policy, would judge the plan partly by a reply hard itself would not choose, and
    cost twice the time.) Each step takes over the world that choosing it built, rather than
    applying it again."""
    turns = 0
    while not world.snap.over and world.game.phase is Phase.ACTION:
        actor = world.game.to_act
        assert actor is not None
        if actor == seat:
            if turns:
                return
            world.become(greedy_turn(world, seat, value)[1])
            continue
        if turns >= rival_turns:
            return
        turns += 1
        start = world.game.turn
        while not world.snap.over and world.game.phase is Phase.ACTION and world.game.turn == start:
            world.become(greedy_turn(world, actor, value)[1])


def simulate(
    world: World, plan: Sequence[Action], seat: int, rival_turns: int, value: Evaluator = evaluate
) -> float:
    """One plan (a turn's actions, or a decision's answer) in one determinisation, the rest of the turn
    and the rivals' replies, then the evaluation for ``seat``."""
    game = world.game
    for n, action in enumerate(plan):
        if n and (world.snap.over or game.phase is not Phase.ACTION or game.to_act != seat):
            break
        try:
            world.apply(action)
        except IllegalActionError:  # a war lost or a swap's draw made the intended action illegal
            break
        settle(world)
    play_until(world, seat, rival_turns, value)
    return value(world, seat)


# The most playouts per move by number of players. A move whose choice is clear stops far sooner (see
# ``race``). Against normal (issue 22, seats alternated). Two seats, 128, with the fitted weights (TUNED): 169
# of 200 games (84.5%), p50 0.28 s and p95 0.97 s a move (CPU time, on a machine shared with other runs; 0.24
# s and 0.83 s alone); capped at 0.3 s a move, 159 of 200 (79.5%). With normal's weights they had been 213.5
# of 279 (76.5%), p95 0.80 s, and 155 of 200 (77.5%) capped. Three and four seats (normal's weights, see
# ``best_weights``), 80 and 90, with a playout that stops after the next seat's turn (``rival_turns``): one
# hard seat against normal ones came first in 42 of 80 three-seat games (chance: 26.7) and 29 of 80 four-seat
# ones (chance: 20), mean place 1.62 and 2.10, p95 0.84 s and 1.08 s a move. Playing every rival's turn
# greedily before judging (with 40 and 30 playouts) had come first in 10 of 31 and 7 of 29, no better than
# chance: each greedy turn adds noise that the few playouts could not see through. 128 playouts of one rival
# turn did no better than 80 or 90 (first in 18.5 and 14 of 40, on the same deals). With the 2015 options
# (buildings and the wonder, which the evaluation does not value) the edge holds at two seats (30 of 40) and
# is smaller at three (first in 34 of 82, chance 27.3; mean place 1.82).
DEFAULT_SIMULATIONS = {2: 128, 3: 80, 4: 90}

# Racing: a plan is dropped once it is, with this confidence (in standard errors of the paired
# differences), no better than the leader by more than ``INDIFFERENCE`` points of the weakest colour:
# either clearly worse, or so close that choosing between them is not worth more thought.
CONFIDENCE = 2.0
INDIFFERENCE = 0.15
MIN_SAMPLES = 5  # determinisations every plan meets before any is dropped


def race(alive: list[int], scores: Sequence[Sequence[float]]) -> list[int]:
    """The plans still in contention after the latest determinisation. All of ``alive`` met the same
    determinisations (common random numbers), so each is compared with the leader through the paired
    differences, whose spread is far smaller than that of the values themselves."""
    n = len(scores[alive[0]])
    if n < MIN_SAMPLES:
        return alive
    means = {i: math.fsum(scores[i]) / n for i in alive}
    leader = max(alive, key=lambda i: means[i])
    kept = [leader]
    for i in alive:
        if i == leader:
            continue
        gaps = [a - b for a, b in zip(scores[leader], scores[i], strict=True)]
        mean = math.fsum(gaps) / n
        spread = math.sqrt(math.fsum((g - mean) ** 2 for g in gaps) / (n - 1))
        if CONFIDENCE * spread / math.sqrt(n) - mean >= INDIFFERENCE:
            kept.append(i)
    return sorted(kept)


@dataclass
class Hard:
    """``simulations`` (plan x determinisation playouts) is the most a move may spend; plans are raced
    (``race``) so a clear choice costs a fraction of it. A playout judges the position after
    ``rival_turns`` turns of the seats that follow. ``seconds``, if set, also stops the search once this
    process has spent that much CPU time on the move (so a loaded machine does not shorten the thought;
    the choice still depends on the machine's speed, so leave it unset where a fixed seed must give a
    fixed move)."""

    simulations: int | None = None
    seconds: float | None = None
    plans: int = 6
    rival_turns: int = 1
    conflict_samples: int = 5
    decision_samples: int = 12
    decision_choices: int = 3
    weights: Weights | None = None  # None: best_weights for the number of seats
    name: str = field(default="hard", init=False)

    def value(self, view: PlayerView) -> Evaluator:
        return evaluator(self.weights or best_weights(view.players))

    def choose(self, view: PlayerView, legal: Sequence[Action], rng: random.Random) -> Action:
        if len(legal) == 1:
            return legal[0]
        deadline = None if self.seconds is None else time.process_time() + self.seconds
        if view.phase is not Phase.ACTION:
            return self.decide(view, legal, rng, deadline)
        plans = self.search(view, legal, rng, deadline)
        return plans[0].actions[0] if plans else fallback(view, legal)

    def decide(
        self, view: PlayerView, legal: Sequence[Action], rng: random.Random, deadline: float | None
    ) -> Action:
        """A commitment, a war's order, a treasure: the answers that look best one ply ahead over many
        determinisations are then played on, so that what the tiles kept or spent are worth in the
        turns that follow counts, not only the conflict's outcome."""
        values = decision_values(view, legal, rng, self.decision_samples, self.value(view))
        shortlist = sorted(range(len(legal)), key=lambda i: -values[i])[: self.decision_choices]
        lines = [(legal[i],) for i in shortlist]
        budget = self.budget(view) // 2  # one action to weigh, not a turn's plans
        return lines[self.race_lines(view, legal, lines, rng, budget, deadline)[0]][0]

    def budget(self, view: PlayerView) -> int:
        return self.simulations or DEFAULT_SIMULATIONS[view.players]

    def candidates(self, view: PlayerView, legal: Sequence[Action], rng: random.Random) -> list[Plan]:
        """Normal's best plans, one per first action."""
        world = sample_world(view, legal, rng)
        others = alternatives(view, legal, rng, self.conflict_samples)
        plans = plan_turn(world, legal, view.seat, beam=self.plans + 2, others=others, value=self.value(view))
        seen: set[Action] = set()
        out = []
        for plan in plans:
            if plan.actions[0] not in seen:
                seen.add(plan.actions[0])
                out.append(plan)
            if len(out) == self.plans:
                break
        return out

    def search(
        self, view: PlayerView, legal: Sequence[Action], rng: random.Random, deadline: float | None = None
    ) -> list[Plan]:
        """The candidate plans, best first after the simulations."""
        plans = self.candidates(view, legal, rng)
        if len(plans) <= 1:
            return plans
        order = self.race_lines(view, legal, [p.actions for p in plans], rng, self.budget(view), deadline)
        return [plans[i] for i in order]

    def race_lines(
        self,
        view: PlayerView,
        legal: Sequence[Action],
        lines: Sequence[Sequence[Action]],
        rng: random.Random,
        budget: int,
        deadline: float | None,
    ) -> list[int]:
        """The lines' indices, best first: every line still in the race meets each new determinisation,
        until one is left or the budget (or the CPU time, ``time.process_time``) is spent."""
        rival_turns = min(self.rival_turns, view.players - 1)
        value = self.value(view)
        scores: list[list[float]] = [[] for _ in lines]
        alive = list(range(len(lines)))
        spent = 0
        while len(alive) > 1 and (spent == 0 or spent + len(alive) <= budget):
            if deadline is not None and time.process_time() > deadline:
                break
            world = sample_world(view, legal, rng)
            for i in alive:
                scores[i].append(simulate(world.copy(), lines[i], view.seat, rival_turns, value))
            spent += len(alive)
            alive = race(alive, scores)

        def rank_key(i: int) -> tuple[int, float]:
            return (-len(scores[i]), -math.fsum(scores[i]) / max(1, len(scores[i])))

        return sorted(range(len(lines)), key=rank_key)
