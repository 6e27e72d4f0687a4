"""The store's areas, one module each, every one with its SQL beside its code:

    lobby         a game from its lobby to its start, or abandoned
    seats         seats over weeks: away and back, handed over, resigned; the pause when all are away
    log           the action log: actions and undos appended with their position, read, exported, replayed
    games         finding games: by id, channel, server, player, status
    settings      players' settings (their default, or per game)
    history       finished games, results, stats, ratings, post-game analyses
    presentation  what the channel and DMs show: the version last shown, each step of showing one
    timers        deadlines and reminders: due, claimed, fired, retried, set aside, held by a pause
    messages      the messages and posts the bot sent about a game

``game_rows`` reads a game's rows as they all do, ``base`` is what they stand on. ``Areas`` is all of them in
one class: a ``Store`` runs each of its calls in a transaction of its own, a ``Transaction`` runs every call
of one unit of work in one.
"""

from __future__ import annotations

from storage.areas.games import GamesArea
from storage.areas.history import HistoryArea
from storage.areas.lobby import LobbyArea
from storage.areas.log import LogArea
from storage.areas.messages import MessagesArea
from storage.areas.presentation import PresentationArea
from storage.areas.seats import SeatsArea
from storage.areas.settings import SettingsArea
from storage.areas.timers import TimersArea


class Areas(
    LobbyArea,
    SeatsArea,
    LogArea,
    GamesArea,
    SettingsArea,
    HistoryArea,
    PresentationArea,
    TimersArea,
    MessagesArea,
):
    """Every area's methods; how they reach the database is the subclass's (``Store``, ``Transaction``)."""
