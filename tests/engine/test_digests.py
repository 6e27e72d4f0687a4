"""The same seeds make exactly the same games: digests recorded from the engine before its restructure
(issue 11) are recomputed on every run; those of games with the 2015 options (R28, R29), recorded before the
engine's speed work of issue 22, in ``digests_2015.json``.

Each record is one random self-play game (``engine.cli.selfplay_game``'s chooser): ``game`` is the sha256
of its action list and its final ``dump()``; ``legal`` is the sha256 of the ``legal_actions()`` texts, in
order, at a sample of its positions (every decision, and every 7th turn action), so the order of legal actions
is pinned too. The 2015 games are played by ``builder_minded`` (tests/engine/positions.py), so buildings,
monuments and the wonder come often. Regenerate (``python -m tests.engine.test_digests``) only for a
deliberate change of the rules or of the notation, and say so in the commit.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

import pytest

from engine import Game, Phase, dump
from engine.cli import selfplay_game
from engine.rng import Rng
from tests.engine.positions import builder_minded

DIGESTS = Path(__file__).with_name("digests.json")
DIGESTS_2015 = Path(__file__).with_name("digests_2015.json")
GAMES = 150
GAMES_2015 = 60


def game_params(i: int) -> tuple[int, int, str, bool]:
    """Players, seed, board, English variant of the i-th recorded game: every player count, both boards,
    both commitment rules."""
    return 2 + i % 3, 7919 * i + 11, "advanced" if i % 5 == 4 else "standard", i % 4 == 3


def play_and_digest(
    players: int, seed: int, board: str, english: bool, options: bool = False
) -> dict[str, Any]:
    """With ``options``, a game with buildings and the wonder played by ``builder_minded``."""
    game = Game.new(players, seed, board, english, buildings=options, wonder=options)
    chooser = Rng(seed ^ 0x5DEECE66D)  # selfplay_game's chooser: the same game, step for step
    actions: list[str] = []
    legal_hash = hashlib.sha256()
    step = 0
    while not game.is_over:
        legal = game.legal_actions()
        if game.phase is not Phase.ACTION or step % 7 == 0:
            legal_hash.update(("\n".join(a.text for a in legal) + "\n\n").encode())
        action = builder_minded(game, chooser) if options else legal[chooser.below(len(legal))]
        game.apply(action)
        actions.append(action.text)
        step += 1
    game_hash = hashlib.sha256(("\n".join(actions) + "\n\n" + dump(game)).encode())
    return {
        "players": players,
        "seed": seed,
        "board": board,
        "english": english,
        "actions": len(actions),
        "game": game_hash.hexdigest(),
        "legal": legal_hash.hexdigest(),
    }


def recorded(path: Path = DIGESTS) -> list[dict[str, Any]]:
    data: list[dict[str, Any]] = json.loads(path.read_text(encoding="utf-8"))
    return data


@pytest.mark.parametrize("chunk", range(5))
def test_recorded_games_replay_identically(chunk: int) -> None:
    records = recorded()
    assert len(records) == GAMES
    for i in range(chunk, GAMES, 5):
        params = game_params(i)
        assert play_and_digest(*params) == records[i], f"game {i} {params} differs from the recorded digest"


@pytest.mark.parametrize("chunk", range(3))
def test_recorded_games_with_buildings_and_wonder_replay_identically(chunk: int) -> None:
    records = recorded(DIGESTS_2015)
    assert len(records) == GAMES_2015
    for i in range(chunk, GAMES_2015, 3):
        params = game_params(i)
        assert play_and_digest(*params, options=True) == records[i], f"game {i} {params} with the options"


def test_digests_follow_the_cli_selfplay() -> None:
    """The recorded games are exactly what ``python -m engine selfplay`` plays for those seeds."""
    for i in (0, 1, 2, 4):
        players, seed, board, english = game_params(i)
        actions = selfplay_game(players, seed, board, english)["actions"]
        digest = hashlib.sha256(("\n".join(actions) + "\n\n").encode())
        game = Game.new(players, seed, board, english)
        for text in actions:
            game.apply(text)
        digest.update(dump(game).encode())
        assert digest.hexdigest() == recorded()[i]["game"]


if __name__ == "__main__":
    records = [play_and_digest(*game_params(i)) for i in range(GAMES)]
    DIGESTS.write_text(json.dumps(records, indent=1) + "\n", encoding="utf-8")
    records = [play_and_digest(*game_params(i), options=True) for i in range(GAMES_2015)]
    DIGESTS_2015.write_text(json.dumps(records, indent=1) + "\n", encoding="utf-8")
