"""The package's build (its metadata is in pyproject.toml). With ``TIGRIS_COMPILE=1``, the modules that
every step of a game and of a computer player's search run through (``engine.COMPILED_MODULES``,
``ai.COMPILED_MODULES``) are compiled with mypyc from their own source, about twice as fast; the same
source runs interpreted otherwise (docs/deploy.md)."""

from __future__ import annotations

import ast
import os
import sys
from pathlib import Path

from setuptools import setup

COMPILE_SWITCH = "TIGRIS_COMPILE"
HERE = Path(__file__).resolve().parent
BUILDS = {"bdist_wheel", "build", "build_ext"}  # the setup.py commands that compile


def _listed(package: str) -> tuple[str, ...]:
    """``COMPILED_MODULES`` of ``package``, read from its ``__init__.py`` without importing it."""
    source = HERE / package / "__init__.py"
    for node in ast.parse(source.read_text(encoding="utf-8")).body:
        target = node.targets[0] if isinstance(node, ast.Assign) and len(node.targets) == 1 else None
        if isinstance(node, ast.AnnAssign):
            target = node.target
        if isinstance(target, ast.Name) and target.id == "COMPILED_MODULES" and node.value is not None:
            return tuple(ast.literal_eval(node.value))
    raise SystemExit(f"{source} does not list COMPILED_MODULES")


def compiled_modules() -> list[str]:
    """``engine.COMPILED_MODULES`` and ``ai.COMPILED_MODULES``, as paths."""
    return [f"{package}/{name}.py" for package in ("engine", "ai") for name in _listed(package)]


def extensions() -> list[object]:
    # only when building: setuptools also runs this file for the metadata, and mypyc type-checks and writes
    # the C code as soon as it is called
    if os.environ.get(COMPILE_SWITCH) != "1" or not BUILDS & set(sys.argv[1:]):
        return []
    from mypyc.build import mypycify  # a build requirement only then (build_backend.py)

    return list(mypycify(compiled_modules(), opt_level="3", group_name="tigris"))


if __name__ == "__main__":  # as setuptools runs it; the tests import it for compiled_modules()
    setup(ext_modules=extensions())
