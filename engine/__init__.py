"""The rules of Tigris & Euphrates: pure, deterministic, standard library only.

Rooms, each importing only those before it: ``cells`` (what a square holds), ``kingdoms`` (regions, kingdoms
and the per-square facts legal moves read, kept up to date piece by piece), ``state`` (a position's fields and
what follows from them), ``legal`` (what may be done now, and why not), ``game`` (``apply``). Around them:
``model`` (settings, phases, conflicts, events), ``scoring``, ``diagram`` and ``notation`` (positions as
text), ``coherence`` (what ``load`` accepts), ``builder`` (positions by hand or from one seat's view),
``views`` (what a player sees), ``undo`` (replay and take back), ``export`` (a whole game as text).

The 2015 edition's civilization buildings (R28) and wonder (R29) are options of a game:
``Game.new(players, seed, buildings=True, wonder=True)`` (docs/notation.md).

>>> from engine import Game
>>> game = Game.new(players=3, seed=7)
>>> actions = game.legal_actions()
>>> events = game.apply(actions[0])

The modules every step of a game runs through (``COMPILED_MODULES``) can be compiled with mypyc from this
same source, for about twice the speed: ``TIGRIS_COMPILE=1 pip install .`` (setup.py, docs/deploy.md).
``compiled_modules()`` says which run compiled in this process.
"""

import importlib.machinery
from collections.abc import Iterable

from engine.actions import COLOURS, MONUMENTS, Action, Colour, Kind
from engine.board import NEIGHBOURS, parse_square, square_name
from engine.builder import position, position_from_view
from engine.diagram import board_diagram
from engine.errors import EngineError, IllegalActionError, NotationError, UndoRefused
from engine.export import (
    UNDO,
    GameExport,
    HolderReason,
    LoggedAction,
    SeatHolder,
    Who,
    WhoKind,
    computer_name,
    computer_numbers,
    read_export,
    replay_log,
    write_export,
)
from engine.game import Game
from engine.model import Conflict, Event, Phase, Settings
from engine.notation import dump, load
from engine.reasons import Code, Content, Reason, Refusal
from engine.scoring import Outcome, Points, Score, Standing
from engine.state import Piece
from engine.undo import TakeBack, replay, take_back
from engine.views import ConflictView, PlayerView, PublicView, SeatView, SquareView, player_view, public_view

# What setup.py compiles with mypyc when asked (with ``ai.COMPILED_MODULES``): the rules' hot path and the
# self-play loop. The rest (actions, notation, views, export...) stays interpreted: it is not where the time
# goes, and mypyc refuses some of it as written (actions reads attributes through a class, Event sets its
# ``__dict__``: docs/design.md).
COMPILED_MODULES = ("board", "cells", "rng", "kingdoms", "state", "legal", "game", "scoring", "cli")


def running_compiled(package: str, names: Iterable[str]) -> list[str]:
    """The modules ``names`` of ``package`` that run compiled in this process: all or none from an install;
    a mix means compiled files left beside the sources."""
    compiled = []
    for name in names:
        module = importlib.import_module(f"{package}.{name}")
        if isinstance(module.__loader__, importlib.machinery.ExtensionFileLoader):
            compiled.append(name)
    return compiled


def compiled_modules() -> list[str]:
    """The modules of ``COMPILED_MODULES`` that run compiled in this process."""
    return running_compiled("engine", COMPILED_MODULES)


__all__ = [
    "COLOURS",
    "COMPILED_MODULES",
    "MONUMENTS",
    "NEIGHBOURS",
    "UNDO",
    "Action",
    "Code",
    "Colour",
    "Conflict",
    "ConflictView",
    "Content",
    "EngineError",
    "Event",
    "Game",
    "GameExport",
    "HolderReason",
    "IllegalActionError",
    "Kind",
    "LoggedAction",
    "NotationError",
    "Outcome",
    "Phase",
    "Piece",
    "PlayerView",
    "Points",
    "PublicView",
    "Reason",
    "Refusal",
    "Score",
    "SeatHolder",
    "SeatView",
    "Settings",
    "SquareView",
    "Standing",
    "TakeBack",
    "UndoRefused",
    "Who",
    "WhoKind",
    "board_diagram",
    "compiled_modules",
    "computer_name",
    "computer_numbers",
    "dump",
    "load",
    "parse_square",
    "player_view",
    "position",
    "position_from_view",
    "public_view",
    "read_export",
    "replay",
    "replay_log",
    "running_compiled",
    "square_name",
    "take_back",
    "write_export",
]
