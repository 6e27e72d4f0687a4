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


def engine_imports() -> dict[str, set[str]]:
    """Each engine module and the engine modules it imports, anywhere in the file (inside functions too)."""
    graph: dict[str, set[str]] = {}
    for path in ENGINE.glob("*.py"):
        name = f"engine.{path.stem}"
        found: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                found.update(alias.name for alias in node.names if alias.name.startswith("engine."))
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                if node.module == "engine":  # a module of the package, else its front door
                    for alias in node.names:
                        module = (ENGINE / f"{alias.name}.py").exists()
                        found.add(f"engine.{alias.name}" if module else "engine.__init__")
                elif node.module.startswith("engine."):
                    found.add(node.module)
        graph[name] = {m for m in found if (ENGINE / f"{m.split('.')[1]}.py").exists()} - {name}
    return graph


def test_no_import_circles_inside_the_engine():
    """A module imported by another never imports it back, directly or through others, lazily or not."""
    graph = engine_imports()
    state: dict[str, int] = {}

    def visit(module: str, path: list[str]) -> None:
        state[module] = 1
        for dep in sorted(graph.get(module, ())):
            assert state.get(dep) != 1, "import circle: " + " -> ".join([*path, module, dep])
            if dep not in state:
                visit(dep, [*path, module])
        state[module] = 2

    for module in sorted(graph):
        if module not in state:
            visit(module, [])


def test_the_game_does_not_import_its_serialisation():
    graph = engine_imports()
    reachable: set[str] = set()
    stack = ["engine.game"]
    while stack:
        for dep in graph[stack.pop()]:
            if dep not in reachable:
                reachable.add(dep)
                stack.append(dep)
    assert "engine.notation" not in reachable and "engine.views" not in reachable
