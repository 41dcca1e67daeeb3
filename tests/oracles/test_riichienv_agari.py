"""Oracle test: the hand calculator against RiichiEnv's Mahjong Soul agari cases (4 and 3 players).

Every case must agree on win / no win, total han (13 per yakuman, 26 for a double), fu (not for yakuman, where
RiichiEnv writes 0) and the yaku as Mahjong Soul fan ids (one id per entry; dora counts show only in han).
A case where RiichiEnv breaks RULES.md is kept in CORRECTIONS with a one-line reason and the RULES.md value.
"""

from __future__ import annotations

import dataclasses
import json
from collections import Counter
from typing import Any

import pytest

from game.calculator import score_request
from tests.conftest import HAS_SHARED, NO_SHARED, ORACLES

from .riichienv_convert import ConvertedCase, Expected, convert_case, our_yaku_ids, result_yaku_ids

if not HAS_SHARED:
    pytest.skip(NO_SHARED, allow_module_level=True)
RIICHIENV = ORACLES / "riichienv"
DETAILS_SHOWN = 20

# (file, case index) -> (why RiichiEnv is wrong under RULES.md, the corrected fields of Expected)
CORRECTIONS: dict[tuple[str, int], tuple[str, dict[str, Any]]] = {}


def load_cases(name: str) -> list[ConvertedCase]:
    raw = json.loads((RIICHIENV / name).read_text(encoding="utf-8"))["cases"]
    return [convert_case(case, index) for index, case in enumerate(raw)]


def differences(expected: Expected, result: dict[str, Any]) -> list[str]:
    """The kinds of disagreement between our result and RiichiEnv's (empty when they agree)."""
    if "error" in result:
        return [] if not expected.is_win else ["error"]
    if not expected.is_win:
        return ["win"]
    kinds = []
    if result_yaku_ids(result) != our_yaku_ids(expected.yaku):
        kinds.append("yaku")
    if result["han"] != expected.han:
        kinds.append("han")
    if not expected.is_yakuman and result["fu"] != expected.fu:
        kinds.append("fu")
    return kinds


def describe(case: ConvertedCase, expected: Expected, result: dict[str, Any], kinds: list[str]) -> str:
    lines = [f"case {case.index} ({', '.join(kinds)}): {json.dumps(case.request)}"]
    lines.append(
        f"  expected: is_win={expected.is_win} yaku={list(our_yaku_ids(expected.yaku))} "
        f"han={expected.han} fu={expected.fu}"
    )
    lines.append(f"  ours:     {result}")
    return "\n".join(lines)


@pytest.mark.parametrize("name, total", [("agari_4p.json", 816), ("agari_3p_given.json", 201)])
def test_riichienv_agari_agrees(name: str, total: int) -> None:
    cases = load_cases(name)
    assert len(cases) == total
    counts: Counter[str] = Counter()
    details: list[str] = []
    for case in cases:
        expected = case.expected
        if (name, case.index) in CORRECTIONS:
            expected = dataclasses.replace(expected, **CORRECTIONS[name, case.index][1])
        result = score_request(case.request)
        kinds = differences(expected, result)
        if kinds:
            counts.update(kinds)
            counts["cases"] += 1
            if len(details) < DETAILS_SHOWN:
                details.append(describe(case, expected, result, kinds))
    summary = ", ".join(f"{kind}: {count}" for kind, count in counts.most_common())
    header = f"{name}: {counts['cases']} of {total} cases disagree ({summary})"
    assert not counts, "\n".join([header, *details])
