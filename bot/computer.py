"""The computer player in the bot: its moves and ``/te hint``'s suggestions are thought out in a worker
process (``bot.workers``), never on the event loop nor in one of its threads (a hard move is seconds of
pure Python, which holds the GIL).

The worker gets plain data: the position's text (``engine.dump``), the seat, the level, the budget and a
seed, and sees nothing but that seat's view (``engine.player_view``: R25, the computer player never reads
another hand or the bag). The seed comes from the game's seed and version, so a move thought out again after
a restart is the same move (unless ``seconds`` cut the search short, which depends on the machine).

Its own worker process, apart from the replays' (``TigrisBot.workers``): a long replay never holds up a
computer's move, nor a move a replay.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from ai import hint as ai_hint
from ai import make_player
from ai.hint import Why
from bot.workers import Workers
from engine import Action, Game, dump, load, player_view


@dataclass(frozen=True)
class ComputerConfig:
    """How the computer player plays in the bot.

    ``pause``: seconds between a computer seat's actions, so that the channel reads like a table (rounded
    up to whole seconds: timers are rows with whole-second times; 0 in tests). ``simulations`` and
    ``seconds``: the hard level's budget (None: the level's own default, and no time cap; ``seconds`` counts
    the worker's CPU time, so a busy machine slows a move down rather than making it weaker)."""

    pause: float = 3.0
    simulations: int | None = None
    seconds: float | None = 4.0

    def __post_init__(self) -> None:
        if self.pause < 0:
            raise ValueError(f"the pause between a computer's actions cannot be negative ({self.pause})")
        if self.simulations is not None and self.simulations < 1:
            raise ValueError(f"the hard level needs at least one simulation ({self.simulations})")
        if self.seconds is not None and self.seconds <= 0:
            raise ValueError(f"the hard level's time cap must be positive ({self.seconds})")


@dataclass(frozen=True)
class Suggestion:
    """A move suggested by ``/te hint``, and why (codes, worded for the reader by ``i18n.hints``)."""

    action: Action
    why: Why


def move_seed(game_seed: int, version: int, seat: int) -> int:
    """The computer's chance for one move: fixed by the game and its version, so a restart repeats it."""
    return (game_seed * 1_000_003 + version * 7 + seat) % (2**63)


def think(
    position: str, seat: int, level: str, seed: int, simulations: int | None, seconds: float | None
) -> str:
    """In the worker: the move of the computer player at ``level`` for ``seat``, which the game waits on, as
    notation. It is given only that seat's view and the legal answers."""
    game = load(position)
    if game.to_act != seat:
        raise ValueError(f"the game waits on seat {game.to_act}, not seat {seat}")
    player = make_player(level, simulations=simulations, seconds=seconds)
    return player.choose(player_view(game, seat), game.legal_actions(), random.Random(seed)).text


def suggest(position: str, seat: int, seed: int) -> tuple[str, Why]:
    """In the worker: the suggested move for ``seat`` and why (``ai.hint``)."""
    game = load(position)
    if game.to_act != seat:
        raise ValueError(f"the game waits on seat {game.to_act}, not seat {seat}")
    found = ai_hint(player_view(game, seat), game.legal_actions(), seed)
    return found.action.text, found.why


class Computer:
    """Thinks for computer seats and ``/te hint`` in its worker process."""

    def __init__(self, workers: Workers, config: ComputerConfig) -> None:
        self._workers = workers
        self.config = config

    @property
    def pause(self) -> int:
        """The pause between a computer's actions, in whole seconds (rounded up)."""
        return -int(-self.config.pause // 1)

    async def move(self, game: Game, seat: int, level: str, seed: int) -> Action:
        """The move of the computer player at ``level`` for ``seat``."""
        c = self.config
        text = await self._workers.run(think, dump(game), seat, level, seed, c.simulations, c.seconds)
        return Action.parse(text)

    async def hint(self, game: Game, seat: int, seed: int) -> Suggestion:
        text, why = await self._workers.run(suggest, dump(game), seat, seed)
        return Suggestion(Action.parse(text), why)

    async def close(self) -> None:
        await self._workers.close()
