"""The ai package imports only the standard library and the engine's public package."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

AI = Path(__file__).resolve().parents[2] / "ai"


def test_ai_imports_only_the_standard_library_and_the_engine_package():
    for path in AI.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = []
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names = [node.module]
            for name in names:
                top = name.split(".")[0]
                assert top in sys.stdlib_module_names or top == "ai" or name == "engine", (path.name, name)
