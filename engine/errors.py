"""Typed errors: the message is one sentence a player can read; the position stays on the error for logs."""

from __future__ import annotations


class EngineError(ValueError):
    """Base class of every error the engine raises on bad input."""


class NotationError(EngineError):
    """Text that is not a valid action, square or position."""


class IllegalActionError(EngineError):
    """A well-formed action that the rules do not allow now."""

    def __init__(self, message: str, *, action: str = "", position: str = "") -> None:
        super().__init__(message)
        self.action = action
        self.position = position  # the position as JSON, for the log; never shown to players
