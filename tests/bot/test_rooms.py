"""The bot's rooms (docs/design.md, "Rooms of the bot"): imports inside bot/ go one way, with no circle,
lazy imports inside functions included, and no room reaches the Discord surface or the client.

The imports are read from the source (ast), not from what Python happened to load, so an import inside a
function counts as much as one at the top of a file.
"""

from __future__ import annotations

import ast
from collections.abc import Iterable
from pathlib import Path

import pytest

import bot

BOT_DIR = Path(bot.__file__).parent

# The order of the rooms: a module imports only modules of its own layer or below. Within a layer, the
# circle check below keeps them apart.
LAYERS = {
    "bot.core": 0,
    "bot.texts": 0,
    "bot.custom_ids": 0,
    "bot.deadlines": 0,
    "bot.autoplay": 0,
    "bot.squares": 0,
    "bot.help_texts": 0,
    "bot.history_texts": 0,
    "bot.command_words": 0,
    "bot.workers": 0,
    "bot.computer": 0,
    "bot.analysis": 0,
    "bot.shards": 0,
    "bot.steps": 0,
    "bot.permissions": 0,
    "bot.metrics": 0,
    "bot.health": 0,
    "bot.logs": 0,
    "bot.language": 0,
    "bot.present": 1,
    "bot.play": 2,
    "bot.seats": 2,
    "bot.history": 2,
    "bot.rooms": 2,
    "bot.timers": 3,
    "bot.surface": 4,
    "bot.client": 5,
    "bot": 6,
    "bot.__main__": 6,
    "bot.doctor": 6,
}
SURFACE = "bot.surface"
ROOMS = {name for name, layer in LAYERS.items() if layer < LAYERS[SURFACE]}


def module_name(path: Path, root: Path = BOT_DIR) -> str:
    parts = [root.name, *path.relative_to(root).with_suffix("").parts]
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def bot_modules(root: Path = BOT_DIR) -> dict[str, Path]:
    return {module_name(path, root): path for path in sorted(root.rglob("*.py"))}


def imported_by(source: str, name: str, is_package: bool, known: Iterable[str]) -> set[str]:
    """The modules of ``known`` that a module's source imports, anywhere in the file."""
    known = set(known)

    def resolve(target: str) -> str | None:
        while target and target not in known:  # `import bot.play.x` is an import of bot.play
            target = target.rpartition(".")[0]
        return target or None

    package = name if is_package else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        targets: list[str] = []
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*anchor, base] if base else anchor)
            # `from bot import texts` imports the module bot.texts; `from bot.play import Rooms`, bot.play
            targets = [f"{base}.{a.name}" if f"{base}.{a.name}" in known else base for a in node.names]
        for target in targets:
            module = resolve(target)
            if module is not None and module != name:
                found.add(module)
    return found


def import_graph(root: Path = BOT_DIR) -> dict[str, set[str]]:
    modules = bot_modules(root)
    return {
        name: imported_by(path.read_text(), name, path.name == "__init__.py", modules)
        for name, path in modules.items()
    }


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One import circle, as the list of modules around it, or None."""
    state: dict[str, str] = {}
    stack: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = "open"
        stack.append(node)
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == "open":
                return [*stack[stack.index(nxt) :], nxt]
            if nxt not in state and (cycle := visit(nxt)) is not None:
                return cycle
        stack.pop()
        state[node] = "done"
        return None

    for node in sorted(graph):
        if node not in state and (cycle := visit(node)) is not None:
            return cycle
    return None


def layer_of(module: str) -> int:
    room = SURFACE if module.startswith(SURFACE + ".") else module
    if room not in LAYERS:
        raise AssertionError(
            f"{module} belongs to no room: add it to LAYERS (docs/design.md, 'Rooms of the bot')"
        )
    return LAYERS[room]


def wrong_way(graph: dict[str, set[str]]) -> list[tuple[str, str]]:
    """Imports that point up the layers (a room importing a room that depends on it)."""
    return sorted((a, b) for a, deps in graph.items() for b in deps if layer_of(b) > layer_of(a))


def reachable(graph: dict[str, set[str]], start: str) -> set[str]:
    seen: set[str] = set()
    todo = [start]
    while todo:
        for nxt in graph.get(todo.pop(), ()):
            if nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    return seen


# ------------------------------------------------------------------------------------------ the rules


@pytest.fixture(scope="module")
def graph() -> dict[str, set[str]]:
    return import_graph()


def test_every_room_of_the_plan_is_there(graph):
    assert set(LAYERS) <= set(graph), set(LAYERS) - set(graph)
    assert any(name.startswith(SURFACE + ".") for name in graph)  # the surface is split by topic


def test_no_import_circle_inside_the_bot(graph):
    assert find_cycle(graph) is None, " -> ".join(find_cycle(graph) or [])


def test_imports_go_one_way(graph):
    assert wrong_way(graph) == []


def test_no_room_reaches_the_surface_or_the_client(graph):
    for room in ROOMS:
        reached = reachable(graph, room)
        bad = sorted(m for m in reached if m == "bot.client" or m == "bot" or m.startswith(SURFACE))
        assert not bad, (room, bad)


def test_only_the_client_imports_the_surface(graph):
    importers = {
        a for a, deps in graph.items() for b in deps if b.startswith(SURFACE) and not a.startswith(SURFACE)
    }
    assert importers == {"bot.client"}


# ------------------------------------------------------------------ the checks can fail (synthetic bots)


def _write(root: Path, files: dict[str, str]) -> Path:
    pkg = root / "bot"
    for rel, text in files.items():
        path = pkg / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    return pkg


def test_a_lazy_import_inside_a_function_closes_a_circle(tmp_path):
    pkg = _write(
        tmp_path,
        {
            "__init__.py": "",
            "core.py": "",
            "present.py": "from bot import core\n",
            "play.py": "from bot.present import x\n",
            "timers.py": "def later():\n    from bot.play import y\n",
        },
    )
    graph = import_graph(pkg)
    assert graph["bot.timers"] == {"bot.play"} and graph["bot.present"] == {"bot.core"}
    assert find_cycle(graph) is None
    (pkg / "present.py").write_text("def lazy():\n    from bot import play\n")
    cycle = find_cycle(import_graph(pkg))
    assert cycle is not None and set(cycle) == {"bot.present", "bot.play"}


def test_a_room_reaching_the_surface_or_the_client_is_caught(tmp_path):
    pkg = _write(
        tmp_path,
        {
            "__init__.py": "from bot.client import create_bot\n",
            "client.py": "from bot import surface\n",
            "surface/__init__.py": "from .lobby import COMMANDS\n",
            "surface/lobby.py": "from ..play import rooms_of\n",
            "play.py": "",
        },
    )
    graph = import_graph(pkg)
    assert graph["bot.surface.lobby"] == {"bot.play"}  # relative imports resolve
    assert graph["bot.surface"] == {"bot.surface.lobby"}
    assert wrong_way(graph) == []
    (pkg / "play.py").write_text("def f():\n    import bot.surface.lobby\n")
    graph = import_graph(pkg)
    assert wrong_way(graph) == [("bot.play", "bot.surface.lobby")]
    (pkg / "play.py").write_text("from bot import create_bot\n")  # through the package's __init__
    graph = import_graph(pkg)
    assert "bot.client" in reachable(graph, "bot.play")
