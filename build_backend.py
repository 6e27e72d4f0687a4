"""The build backend: setuptools', with mypyc (mypy) added to the build's needs only when the engine is to be
compiled (``TIGRIS_COMPILE=1``, setup.py); never compiled into an editable install, where compiled modules
beside the sources would run instead of every later edit of them, nor into an sdist (source only)."""

from __future__ import annotations

import os
import shutil
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from setuptools import build_meta
from setuptools.build_meta import *  # noqa: F403  (every hook not redefined here)

COMPILE_SWITCH = "TIGRIS_COMPILE"
MYPYC = "mypy==2.4.1"  # as pinned in pyproject.toml's test extra
EDITABLE_REFUSED = (
    f"{COMPILE_SWITCH}=1 needs a regular install (pip install .), not an editable one: compiled modules "
    "beside the sources would run instead of every later edit of them"
)


def _compiling() -> bool:
    value = os.environ.get(COMPILE_SWITCH, "")
    if value not in ("", "0", "1"):
        raise SystemExit(f"{COMPILE_SWITCH} is 1 (compile the engine with mypyc) or 0, not {value!r}")
    return value == "1"


@contextmanager
def _switched_off() -> Iterator[None]:
    """Runs setup.py without the switch: setuptools runs it to find its own needs (before mypyc is there to
    import) and to write an sdist (source only)."""
    before = os.environ.get(COMPILE_SWITCH)
    os.environ[COMPILE_SWITCH] = "0"
    try:
        yield
    finally:
        if before is None:
            del os.environ[COMPILE_SWITCH]
        else:
            os.environ[COMPILE_SWITCH] = before


def get_requires_for_build_wheel(config_settings: dict[str, Any] | None = None) -> list[str]:
    compiling = _compiling()
    with _switched_off():
        needs = list(build_meta.get_requires_for_build_wheel(config_settings))
    return [*needs, MYPYC] if compiling else needs


def build_wheel(
    wheel_directory: str, config_settings: dict[str, Any] | None = None, metadata_directory: str | None = None
) -> str:
    _compiling()
    # setuptools packages whatever build/lib holds: a compiled module of an earlier build, no longer built
    # or no longer compiled, would ship and run instead of its source
    shutil.rmtree("build", ignore_errors=True)
    return str(build_meta.build_wheel(wheel_directory, config_settings, metadata_directory))


def _sdist_hook(hook: Callable[..., Any]) -> Callable[..., Any]:
    def without_switch(*args: Any, **kwargs: Any) -> Any:
        _compiling()
        with _switched_off():
            return hook(*args, **kwargs)

    return without_switch


get_requires_for_build_sdist = _sdist_hook(build_meta.get_requires_for_build_sdist)
build_sdist = _sdist_hook(build_meta.build_sdist)


def _editable_hook(hook: Callable[..., Any]) -> Callable[..., Any]:
    """``hook`` refusing the switch: pip asks for the needs only with build isolation, so every hook asks."""

    def refusing(*args: Any, **kwargs: Any) -> Any:
        if _compiling():
            raise SystemExit(EDITABLE_REFUSED)
        return hook(*args, **kwargs)

    return refusing


get_requires_for_build_editable = _editable_hook(build_meta.get_requires_for_build_editable)
prepare_metadata_for_build_editable = _editable_hook(build_meta.prepare_metadata_for_build_editable)
build_editable = _editable_hook(build_meta.build_editable)
