"""Oracle test: the hand calculator against kobalab/majiang-core's 5,000 scored hands (hule_given.json).

Every case must agree on yaku (with han), han, fu, yakuman count, hand value (defen) and the four seat
changes (fenpei), under our ``kobalab`` preset. A case where kobalab breaks RULES.md is kept in CORRECTIONS
with a one-line reason and the value RULES.md gives.
"""

from __future__ import annotations

import dataclasses
import json
from collections import Counter
from typing import Any

import pytest

from game.calculator import score_request
from tests.conftest import HAS_SHARED, NO_SHARED, ORACLES

from .kobalab_convert import ConvertedCase, Expected, convert_case, fenpei_of, yaku_of

if not HAS_SHARED:
    pytest.skip(NO_SHARED, allow_module_level=True)
HULE_GIVEN = ORACLES / "kobalab" / "hule_given.json"
CASE_COUNT = 5000
DETAILS_SHOWN = 20

# case index -> (why kobalab is wrong under RULES.md, the corrected fields of Expected)
CORRECTIONS: dict[int, tuple[str, dict[str, Any]]] = {}


def load_cases() -> list[ConvertedCase]:
    raw = json.loads(HULE_GIVEN.read_text(encoding="utf-8"))
    return [convert_case(case, index) for index, case in enumerate(raw)]


def differences(case: ConvertedCase, expected: Expected, result: dict[str, Any]) -> list[str]:
    """The kinds of disagreement between our result and the expected one (empty when they agree)."""
    if "error" in result:
        return ["error"]
    kinds = []
    if yaku_of(result) != expected.yaku:
        kinds.append("yaku")
    if expected.han is not None and result["han"] != expected.han:
        kinds.append("han")
    if expected.fu is not None and result["fu"] != expected.fu:
        kinds.append("fu")
    if result["yakuman"] != expected.yakuman:
        kinds.append("yakuman")
    if result["points"] != expected.points:
        kinds.append("points")
    if fenpei_of(result, case.winner, case.discarder) != expected.fenpei:
        kinds.append("fenpei")
    return kinds


def describe(case: ConvertedCase, expected: Expected, result: dict[str, Any], kinds: list[str]) -> str:
    lines = [f"case {case.index} ({', '.join(kinds)}): {json.dumps(case.request, ensure_ascii=False)}"]
    lines.append(
        f"  expected: yaku={list(expected.yaku)} han={expected.han} fu={expected.fu} "
        f"yakuman={expected.yakuman} points={expected.points} fenpei={list(expected.fenpei)}"
    )
    if "error" in result:
        lines.append(f"  ours: {result}")
    else:
        lines.append(
            f"  ours:     yaku={list(yaku_of(result))} han={result['han']} fu={result['fu']} "
            f"yakuman={result['yakuman']} points={result['points']} "
            f"fenpei={list(fenpei_of(result, case.winner, case.discarder))}"
        )
    return "\n".join(lines)


def test_kobalab_hule_given_agrees() -> None:
    cases = load_cases()
    assert len(cases) == CASE_COUNT
    counts: Counter[str] = Counter()
    details: list[str] = []
    for case in cases:
        expected = case.expected
        if case.index in CORRECTIONS:
            expected = dataclasses.replace(expected, **CORRECTIONS[case.index][1])
        result = score_request(case.request)
        kinds = differences(case, expected, result)
        if kinds:
            counts.update(kinds)
            counts["cases"] += 1
            if len(details) < DETAILS_SHOWN:
                details.append(describe(case, expected, result, kinds))
    summary = ", ".join(f"{kind}: {count}" for kind, count in counts.most_common())
    header = f"{counts['cases']} of {CASE_COUNT} cases disagree ({summary})"
    assert not counts, "\n".join([header, *details])
