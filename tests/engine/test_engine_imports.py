"""The engine is pure: it imports nothing outside the standard library."""

import ast
import sys
from pathlib import Path

ENGINE = Path(__file__).resolve().parents[2] / "engine"


def test_engine_imports_only_the_standard_library():
    imported = set()
    for path in ENGINE.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                imported.update(alias.name.split(".")[0] for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                imported.add(node.module.split(".")[0])
    outside = {m for m in imported if m not in sys.stdlib_module_names and m != "engine"}
    assert not outside, f"engine imports {sorted(outside)}"
    assert "engine" in imported and "random" not in imported  # chance comes only from engine.rng (R3)
