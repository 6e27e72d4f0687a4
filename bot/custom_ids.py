"""The custom_id of a prompt button: ``te:<game>:<version>:<choice>``.

It carries the game, the game's version when the prompt was sent, and the choice in notation (spaces as
underscores), so a button works after a restart and a click on an old prompt is refused. Presentation builds
these ids; the surface's button handler reads them back. Anyone can send any id that matches the template,
so reading one checks nothing: the handler decides what it may do.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

CHOICE_TEMPLATE = r"te:(?P<game>[0-9]+):(?P<version>[0-9]+):(?P<choice>[a-z0-9_-]+)"

# SQLite's largest integer: a bigger number names no game and no version (and cannot even be queried).
_LARGEST_ID = 2**63 - 1


def choice_id(game_id: int, version: int, choice: str) -> str:
    return f"te:{game_id}:{version}:{choice.replace(' ', '_')}"


@dataclass(frozen=True)
class PromptChoice:
    """What a button's custom_id says; ``game_id`` and ``version`` are None when too large to be real."""

    game_id: int | None
    version: int | None
    choice: str  # in notation, with its spaces back

    @classmethod
    def from_match(cls, match: re.Match[str]) -> PromptChoice:
        """Read a custom_id that matched CHOICE_TEMPLATE; never raises."""
        return cls(_id(match["game"]), _id(match["version"]), match["choice"].replace("_", " "))


def _id(digits: str) -> int | None:
    # a custom_id has at most 100 characters, so int() of its digits is always cheap
    number = int(digits)
    return number if number <= _LARGEST_ID else None
