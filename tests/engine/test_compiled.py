"""This process runs the rules as it was meant to: pure Python, or compiled by mypyc where .ci/run runs
tests/engine against a compiled wheel (``TIGRIS_EXPECT_COMPILED=1``), so that the rule tests and the pinned
self-play digests check the compiled rules too (tests/test_build.py checks the build itself)."""

from __future__ import annotations

import os

from engine import COMPILED_MODULES, compiled_modules


def test_this_process_runs_the_engine_it_expects() -> None:
    """Compiled everywhere or nowhere, as asked: a compiled file left beside the sources (from a build in
    place) would otherwise run instead of every later edit of them, and pass these tests unseen."""
    expected = list(COMPILED_MODULES) if os.environ.get("TIGRIS_EXPECT_COMPILED") == "1" else []
    assert compiled_modules() == expected
