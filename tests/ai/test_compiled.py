"""This process runs the search as it was meant to: pure Python, or compiled by mypyc where .ci/run runs
tests/ai against a compiled wheel (``TIGRIS_EXPECT_COMPILED=1``); there, the tests marked
``interpreted_only`` (which replace a function of the search with a spy, which compiled callers never see)
are left out."""

from __future__ import annotations

import os

from ai import COMPILED_MODULES, compiled_modules


def test_this_process_runs_the_search_it_expects() -> None:
    expected = list(COMPILED_MODULES) if os.environ.get("TIGRIS_EXPECT_COMPILED") == "1" else []
    assert compiled_modules() == expected
