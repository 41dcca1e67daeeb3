"""Tenpai against RiichiEnv's hands_negative.json: 200 closed 13-tile hands with their tenpai flag."""

from __future__ import annotations

import json

import pytest

from rules.shanten import is_tenpai, shanten, waits
from tests.conftest import HAS_SHARED, NO_SHARED, ORACLES

if not HAS_SHARED:
    pytest.skip(NO_SHARED, allow_module_level=True)
DATA = ORACLES / "riichienv" / "hands_negative.json"
# The file is {"cases": [{"counts_34": [34 ints], "is_tenpai": bool}, ...]}, not the layout its README gives.
CASES = json.loads(DATA.read_text(encoding="utf-8"))["cases"]


def test_shape_of_the_file() -> None:
    assert len(CASES) == 200
    assert all(set(case) == {"counts_34", "is_tenpai"} for case in CASES)
    assert {sum(case["counts_34"]) for case in CASES} == {13}
    assert sum(case["is_tenpai"] for case in CASES) == 28


@pytest.mark.parametrize("index", range(len(CASES)))
def test_is_tenpai_matches(index: int) -> None:
    counts = CASES[index]["counts_34"]
    assert is_tenpai(counts) is CASES[index]["is_tenpai"]


@pytest.mark.parametrize("index", range(len(CASES)))
def test_tenpai_exactly_at_shanten_zero(index: int) -> None:
    # shanten is exact (a wait only on a 5th copy is no wait, RULES.md §7.3): 0 exactly for the tenpai hands
    counts = CASES[index]["counts_34"]
    if CASES[index]["is_tenpai"]:
        assert shanten(counts) == 0
        assert waits(counts)
    else:
        assert shanten(counts) >= 1
        assert waits(counts) == ()
