"""The words room: it may read the engine, never the bot, storage, render or the computer players."""

from __future__ import annotations

import ast
from pathlib import Path

import i18n

FORBIDDEN = ("bot", "storage", "render", "ai", "discord", "PIL", "aiosqlite", "asyncpg")


def test_i18n_imports_no_room_above_it():
    found = []
    for path in sorted(Path(i18n.__file__).parent.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = (
                [alias.name for alias in node.names]
                if isinstance(node, ast.Import)
                else [node.module or ""]
                if isinstance(node, ast.ImportFrom) and node.level == 0
                else []
            )
            found += [f"{path.name}: {name}" for name in names if name.split(".")[0] in FORBIDDEN]
    assert not found
