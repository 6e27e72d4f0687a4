"""Typed errors: the message is one sentence a player can read; where the game stood stays on the error
for logs."""

from __future__ import annotations

# Players see echoed text in a one-line reply: long or strange input is cut short and shown escaped.
ECHO_LIMIT = 24


class EngineError(ValueError):
    """Base class of every error the engine raises on bad input."""


class NotationError(EngineError):
    """Text that is not a valid action, square or position."""


class IllegalActionError(EngineError):
    """A well-formed action that the rules do not allow now."""

    def __init__(self, message: str, *, action: str = "", situation: str = "") -> None:
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
