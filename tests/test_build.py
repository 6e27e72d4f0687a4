"""The build (setup.py, build_backend.py; docs/deploy.md): with ``TIGRIS_COMPILE=1`` it compiles exactly
``engine.COMPILED_MODULES`` and ``ai.COMPILED_MODULES`` with mypyc, asks for the pinned mypy only then,
and refuses to compile into an editable install. tests/engine/test_compiled.py and tests/ai/test_compiled.py
check which modules a test process runs compiled; .ci/run runs those two folders again against a compiled
wheel."""

from __future__ import annotations

import importlib.util
import os
import shutil
import subprocess
import sys
import tarfile
import tomllib
from pathlib import Path
from types import ModuleType

import pytest

import ai
import engine

ROOT = Path(__file__).resolve().parents[1]
SWITCH = "TIGRIS_COMPILE"


def load(name: str) -> ModuleType:
    """A file at the repository's root (setup.py, build_backend.py) as a module; neither builds anything
    when imported."""
    spec = importlib.util.spec_from_file_location(name, ROOT / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_setup_compiles_exactly_the_listed_modules() -> None:
    paths = load("setup").compiled_modules()
    assert paths == [f"engine/{name}.py" for name in engine.COMPILED_MODULES] + [
        f"ai/{name}.py" for name in ai.COMPILED_MODULES
    ]
    assert all((ROOT / path).is_file() for path in paths)


def test_the_build_asks_for_the_pinned_mypy_only_when_compiling(monkeypatch: pytest.MonkeyPatch) -> None:
    backend = load("build_backend")
    extra = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["optional-dependencies"]["test"]
    assert backend.MYPYC in extra  # the version the tests type-check with

    seen: list[str | None] = []

    def setuptools_needs(config_settings: object = None) -> list[str]:
        seen.append(os.environ.get(SWITCH))  # setuptools runs setup.py here, before mypyc is installed
        return ["wheel"]

    monkeypatch.setattr(backend.build_meta, "get_requires_for_build_wheel", setuptools_needs)
    monkeypatch.delenv(SWITCH, raising=False)
    assert backend.get_requires_for_build_wheel() == ["wheel"]
    assert SWITCH not in os.environ
    monkeypatch.setenv(SWITCH, "1")
    assert backend.get_requires_for_build_wheel() == ["wheel", backend.MYPYC]
    assert os.environ[SWITCH] == "1"
    assert seen == ["0", "0"]


@pytest.mark.parametrize(
    "hook", ["get_requires_for_build_editable", "prepare_metadata_for_build_editable", "build_editable"]
)
def test_a_compiled_editable_install_is_refused_at_every_step(
    hook: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """pip asks for the build's needs only with build isolation: --no-build-isolation goes straight on."""
    backend = load("build_backend")
    calls: list[str] = []
    monkeypatch.setattr(backend.build_meta, hook, lambda *args, **kwargs: calls.append(hook) or "done")
    monkeypatch.setattr(backend, hook, backend._editable_hook(getattr(backend.build_meta, hook)))
    monkeypatch.setenv(SWITCH, "1")
    with pytest.raises(SystemExit, match="regular install"):
        getattr(backend, hook)("somewhere")
    assert calls == []
    monkeypatch.setenv(SWITCH, "0")  # an editable install of the interpreted source goes on
    assert getattr(backend, hook)("somewhere") == "done" and calls == [hook]


def test_a_switch_neither_0_nor_1_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    backend = load("build_backend")
    monkeypatch.setenv(SWITCH, "yes")
    with pytest.raises(SystemExit, match="not 'yes'"):
        backend.get_requires_for_build_wheel()


def test_a_wheel_is_built_from_an_empty_build_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A compiled module of an earlier build left in build/lib would ship in the wheel, and run."""
    backend = load("build_backend")
    stale = tmp_path / "build" / "lib.linux-x86_64-cpython-311" / "engine" / "old.cpython-311.so"
    stale.parent.mkdir(parents=True)
    stale.write_bytes(b"")
    seen: list[bool] = []
    monkeypatch.setattr(
        backend.build_meta, "build_wheel", lambda *args: seen.append(stale.exists()) or "w.whl"
    )
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv(SWITCH, raising=False)
    assert backend.build_wheel(str(tmp_path)) == "w.whl"
    assert seen == [False]


def test_the_sdist_carries_the_build_backend(tmp_path: Path) -> None:
    """An sdist is built into a wheel by the backend it names: without build_backend.py it cannot be."""
    for name in ("pyproject.toml", "setup.py", "build_backend.py", "MANIFEST.in", "README.md"):
        shutil.copy(ROOT / name, tmp_path / name)
    env = {**os.environ, SWITCH: "1"}  # an sdist is source only, switch or not
    made = subprocess.run(
        [sys.executable, "-c", "import build_backend as b; print(b.build_sdist('dist'))"],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    with tarfile.open(tmp_path / "dist" / made.stdout.split()[-1]) as sdist:
        names = {Path(name).name for name in sdist.getnames()}
    assert {"build_backend.py", "setup.py", "pyproject.toml"} <= names
