"""The Discord adapter: slash commands, DMs, buttons and deadlines over engine, render and storage."""

from bot.app import TigrisBot, UserError, create_bot

__all__ = ["TigrisBot", "UserError", "create_bot"]
