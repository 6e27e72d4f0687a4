"""Typed errors: the message is one English sentence for logs and the command line; an error a player
meets also carries its ``reason`` (a code with parameters, ``engine.reasons``) for the bot to put in the
player's language; where the game stood stays on the error for logs."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Self

from engine.reasons import Code, Param, Reason

# Players see echoed text in a one-line reply: long or strange input is cut short and shown escaped.
ECHO_LIMIT = 24


class EngineError(ValueError):
    """Base class of every error the engine raises on bad input.

    Raised with a ``Reason`` (what a player may be shown), or with a plain English message for what only
    logs and the command line show (a position or a record that does not load); ``reason`` is then None."""

    def __init__(self, message: str | Reason) -> None:
        super().__init__(str(message))
        self.reason: Reason | None = message if isinstance(message, Reason) else None

    @classmethod
    def because(cls, code: Code, /, **params: Param) -> Self:
        """The error for a code and its parameters, e.g. ``NotationError.because(Refusal.NOT_A_SQUARE,
        text="'z9'")``."""
        return cls(Reason(code, **params))

    @property
    def code(self) -> Code | None:
        """Why, as a code (``Refusal.RIVER_SQUARE``: ``"river-square"``), if a player may see it."""
        return None if self.reason is None else self.reason.code

    @property
    def params(self) -> Mapping[str, Param]:
        """The code's parameters (``{"square": "A4"}``); empty without a code."""
        return {} if self.reason is None else self.reason.params


class NotationError(EngineError):
    """Text that is not a valid action, square or position."""


class IllegalActionError(EngineError):
    """A well-formed action that the rules do not allow now."""

    def __init__(self, message: str | Reason, *, action: str = "", situation: str = "") -> None:
        super().__init__(message)
        self.action = action
        self.situation = situation  # turn, phase, seat and seed, for the log; never shown to players


class UndoRefused(EngineError):
    """The newest action cannot be taken back (R32); the message says why in one sentence."""


def quoted(text: str) -> str:
    """``text`` as it may appear inside an error message: quoted, control and invisible characters
    escaped by ``repr``, and cut to a few characters so a 10,000-character input gives a short reply."""
    if len(text) > ECHO_LIMIT:
        return repr(text[:ECHO_LIMIT]) + "…"
    return repr(text)
