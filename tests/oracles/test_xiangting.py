"""Shanten against kobalab/majiang-core's xiangting data: regular, kokushi and chiitoitsu for 20,000 hands
(497 of them holding all 4 copies of a kind)."""

from __future__ import annotations

import json
from functools import cache

import pytest

from rules.shanten import shanten, shanten_chiitoitsu, shanten_kokushi, shanten_regular
from tests.conftest import HAS_SHARED, NO_SHARED, ORACLES

if not HAS_SHARED:
    pytest.skip(NO_SHARED, allow_module_level=True)
KOBALAB = ORACLES / "kobalab"
FILES = ("xiangting_1.json", "xiangting_4.json")
SUIT_BASE = {"m": 0, "p": 9, "s": 18, "z": 27}


def counts_of(codes: list[str]) -> list[int]:
    """34-count of kobalab tile codes such as 'm3', 'p0' (red five), 'z7'."""
    counts = [0] * 34
    for code in codes:
        number = int(code[1]) or 5
        counts[SUIT_BASE[code[0]] + number - 1] += 1
    return counts


@cache
def cases(name: str) -> list[tuple[list[int], tuple[int, int, int]]]:
    data = json.loads((KOBALAB / name).read_text(encoding="utf-8"))
    return [(counts_of(case["q"]), (case["x"][0], case["x"][1], case["x"][2])) for case in data]


@pytest.mark.parametrize("name", FILES)
def test_files_hold_ten_thousand_fourteen_tile_hands(name: str) -> None:
    loaded = cases(name)
    assert len(loaded) == 10_000
    assert all(sum(counts) == 14 and max(counts) <= 4 for counts, _ in loaded)
    # hands holding all 4 copies of a kind, where exact shanten must not count a 5th copy, are in both files
    assert sum(1 for counts, _ in loaded if max(counts) == 4) >= 20


@pytest.mark.parametrize("name", FILES)
@pytest.mark.parametrize(
    ("component", "function"),
    [(0, shanten_regular), (1, shanten_kokushi), (2, shanten_chiitoitsu)],
    ids=["regular", "kokushi", "chiitoitsu"],
)
def test_component_matches_kobalab(name: str, component: int, function: object) -> None:
    assert callable(function)
    wrong = [
        (counts, expected, function(counts))
        for counts, expected in cases(name)
        if function(counts) != expected[component]
    ]
    assert not wrong, f"{len(wrong)} hands differ, first: {wrong[:3]}"


@pytest.mark.parametrize("name", FILES)
def test_overall_shanten_is_the_minimum(name: str) -> None:
    wrong = [(counts, expected) for counts, expected in cases(name) if shanten(counts) != min(expected)]
    assert not wrong, f"{len(wrong)} hands differ, first: {wrong[:3]}"
