"""Draw docs/board.png, the board picture shown in the README, from a real position.

    .venv/bin/python scripts/readme_board.py [--seed N] [--actions N] [-o docs/board.png]

A seeded game is played by a simple random player that mostly places tiles and leaders (as people do;
a uniformly random player burns its catastrophes at once), always builds a monument when it can, and
is stopped in mid-game. The board is drawn with the last action's highlights, as the bot posts it.
The same seed always gives the same picture.
"""

from __future__ import annotations

import argparse
import random
from pathlib import Path

from engine import Action, Event, Game, Kind, Phase, public_view
from i18n import words_for
from render import board_png, changed_squares, removed_squares

EN = words_for("en")

ROOT = Path(__file__).resolve().parents[1]
NAMES = ["Ishtar", "Gilgamesh", "Enheduanna", "Hammurabi"]
WEIGHTS = {Kind.TILE: 70, Kind.LEADER: 20, Kind.CATASTROPHE: 1, Kind.SWAP: 2, Kind.PASS: 1, Kind.WITHDRAW: 1}


def choose(game: Game, rng: random.Random) -> Action:
    actions = game.legal_actions()
    if game.phase is Phase.MONUMENT:
        return actions[0]  # build rather than decline
    if game.phase is not Phase.ACTION:
        return rng.choice(actions)
    kinds = sorted({a.kind for a in actions})
    kind = rng.choices(kinds, weights=[WEIGHTS.get(k, 1) for k in kinds])[0]
    return rng.choice([a for a in actions if a.kind == kind])


def play(seed: int, actions: int) -> tuple[Game, list[Event]]:
    game = Game.new(players=4, seed=seed)
    rng = random.Random(seed)
    events: list[Event] = []
    for _ in range(actions):
        if game.is_over:
            break
        events = game.apply(choose(game, rng))
    return game, events


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=17)
    parser.add_argument("--actions", type=int, default=120)
    parser.add_argument("-o", "--output", type=Path, default=ROOT / "docs" / "board.png")
    args = parser.parse_args()
    game, events = play(args.seed, args.actions)
    png = board_png(
        public_view(game),
        names=NAMES,
        changed=changed_squares(events),
        removed=removed_squares(events),
        words=EN,
    )
    args.output.parent.mkdir(parents=True, exist_ok=True)
    args.output.write_bytes(png)
    print(
        f"wrote {args.output} ({len(png)} bytes): seed {args.seed}, {args.actions} actions, turn {game.turn}."
    )


if __name__ == "__main__":
    main()
