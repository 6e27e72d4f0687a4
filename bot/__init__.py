"""The Discord adapter: slash commands, DMs, buttons and deadlines over engine, render and storage."""

from bot.client import TigrisBot, create_bot
from bot.core import UserError

__all__ = ["TigrisBot", "UserError", "create_bot"]
