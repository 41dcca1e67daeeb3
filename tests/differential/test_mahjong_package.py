"""Differential test: our hand calculator against the `mahjong` package (2.1.0) on seeded random wins.

Both score every generated hand under the same options (the profiles of benchmarks/winning_hands.py, mapped
for mahjong by mahjong_adapter.optional_rules, which refuses options mahjong hard-wires differently). Win or
error, han, fu, yakuman, limit, points, payments, winner gain and the yaku list must all agree.
"""

from __future__ import annotations

import dataclasses
import functools
import json
from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest

from benchmarks.winning_hands import (
    PROFILES,
    RuleProfile,
    WinningCase,
    generate_cases,
    rule_set,
    rules_inputs,
)
from game.calculator import score_request
from rules.scoring import HandError, score_hand
from tests.differential.mahjong_adapter import (
    YAKU_IDS,
    UnsupportedRuleError,
    estimate,
    mahjong_inputs,
    optional_rules,
    to_output,
)

SEED = 20_250_601
CHUNKS = 4
HANDS_PER_CHUNK = 6_000  # 24,000 hands in all, in chunks so pytest-xdist can spread them
FIELDS = ("han", "fu", "yakuman", "limit", "points", "payments", "winner_gain")
SHOWN = 20
SITUATION_FLAGS = (
    "riichi",
    "double_riichi",
    "ippatsu",
    "haitei",
    "houtei",
    "rinshan",
    "chankan",
    "tenhou",
    "chiihou",
    "renhou",
    "tsumo",
)
# every yaku both calculators know, except nagashi mangan (a draw result, not a hand to score)
EXPECTED_YAKU = frozenset(YAKU_IDS.values()) - {"nagashi_mangan"} | {"kita"}


def _error_kind(message: str) -> str:
    """Our error text and mahjong's error code, reduced to one vocabulary."""
    if message in ("no_yaku", "no yaku"):
        return "no yaku"
    if message in ("hand_not_winning", "not a winning hand"):
        return "not a winning hand"
    return f"other error: {message}"


def _difference(ours: dict[str, Any], theirs: dict[str, Any]) -> str | None:
    """A short name for how two results differ, or None when they agree."""
    if "error" in ours or "error" in theirs:
        if "error" not in theirs:
            return f"only ours fails ({_error_kind(ours['error'])})"
        if "error" not in ours:
            return f"only mahjong fails ({_error_kind(theirs['error'])})"
        mine, other = _error_kind(ours["error"]), _error_kind(theirs["error"])
        return None if mine == other else f"error kinds differ ({mine} vs {other})"
    fields = [name for name in FIELDS if ours.get(name) != theirs[name]]
    if Counter(map(tuple, ours.get("yaku", []))) != Counter(map(tuple, theirs["yaku"])):
        fields.append("yaku")
    return "+".join(fields) or None


def _report(total: int, kinds: Counter[str], shown: list[str]) -> str:
    lines = [f"{sum(kinds.values())} of {total} hands disagree with the mahjong package:"]
    lines += [f"  {count:6d}  {kind}" for kind, count in kinds.most_common()]
    lines.append(f"first {len(shown)}:")
    lines += shown
    return "\n".join(lines)


def _detail(case: WinningCase, kind: str, ours: dict[str, Any], theirs: dict[str, Any], fu: Any) -> str:
    return (
        f"--- {kind} [profile {case.profile.name}, shape {case.shape}]\n"
        f"request: {json.dumps(case.request())}\n"
        f"ours:    {json.dumps(ours)}\n"
        f"mahjong: {json.dumps(theirs)}  fu details: {fu}"
    )


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_scores_agree_with_mahjong_package(chunk: int) -> None:
    cases = generate_cases(SEED + chunk, HANDS_PER_CHUNK)
    kinds: Counter[str] = Counter()
    shown: list[str] = []
    seen_yaku: set[str] = set()
    for case in cases:
        response = estimate(mahjong_inputs(case))
        theirs = to_output(case, response)
        ours = score_request(case.request())
        kind = _difference(ours, theirs)
        if kind is None:
            seen_yaku.update(name for name, _ in ours.get("yaku", []))
            continue
        kinds[kind] += 1
        if len(shown) < SHOWN:
            shown.append(_detail(case, kind, ours, theirs, response.fu_details))
    assert not kinds, _report(len(cases), kinds, shown)
    # the comparison is only as good as what the generator reaches
    assert not EXPECTED_YAKU - seen_yaku, f"chunk {chunk} never compared {sorted(EXPECTED_YAKU - seen_yaku)}"


def test_generated_cases_cover_melds_situations_and_profiles() -> None:
    cases = generate_cases(SEED, HANDS_PER_CHUNK)
    seen: Counter[str] = Counter()
    for case in cases:
        seen.update(m.type for m in case.melds)
        seen.update(name for name in SITUATION_FLAGS if getattr(case, name))
        seen[f"profile {case.profile.name}"] += 1
        seen[f"seat {case.seat_wind}"] += 1
        seen[f"round {case.round_wind}"] += 1
        seen["open" if case.is_open else "closed"] += 1
        seen["ron"] += not case.tsumo
        seen["red five"] += any(tile in (16, 52, 88) for tile in case.all_tiles)
        seen["kita"] += case.kita > 0
        seen["honba"] += case.honba > 0
        seen[f"{len(case.dora_indicators)} dora indicators"] += 1
    wanted = (
        [
            "chi",
            "pon",
            "daiminkan",
            "shouminkan",
            "ankan",
            "open",
            "closed",
            "tsumo",
            "ron",
            "red five",
            "kita",
        ]
        + ["riichi", "double_riichi", "ippatsu", "haitei", "houtei", "rinshan", "chankan", "honba"]
        + ["tenhou", "chiihou", "renhou"]
        + [f"profile {name}" for name in PROFILES]
        + [f"seat {seat}" for seat in range(4)]
        + [f"round {wind}" for wind in range(4)]
        + [f"{n} dora indicators" for n in range(1, 5)]
    )
    assert [name for name in wanted if not seen[name]] == []


def test_every_profile_maps_to_mahjong_options() -> None:
    for profile in PROFILES.values():
        optional_rules(profile)
        rule_set(profile)


def test_adapter_refuses_options_mahjong_hard_wires() -> None:
    standard = PROFILES["standard"]
    for change in ({"double_wind_pair_fu": 2}, {"yakuman_stacking": False}, {"renhou": "baiman"}):
        profile = RuleProfile(
            "changed", "standard", {**standard.overrides, **change}, red_fives=True, renhou=False
        )
        with pytest.raises(UnsupportedRuleError):
            optional_rules(profile)


def test_rules_level_inputs_score_like_the_json_interface() -> None:
    """The benchmark's pre-built inputs (rules_inputs) must mean the same hand as the JSON request."""
    rules = {name: rule_set(profile) for name, profile in PROFILES.items()}
    for case in generate_cases(SEED + 100, 400):
        via_json = score_request(case.request())
        try:
            value = score_hand(*rules_inputs(case), rules[case.profile.name])
        except HandError:
            assert "error" in via_json
            continue
        direct = {
            "han": value.han,
            "fu": value.fu,
            "yakuman": value.yakuman,
            "limit": value.limit,
            "points": value.points,
            "payments": value.payments.as_dict(),
            "winner_gain": value.winner_gain,
            "yaku": [[name, han] for name, han in value.yaku],
        }
        assert direct == via_json, json.dumps(case.request())


def _has_kan(case: WinningCase) -> bool:
    return any(m.type in ("daiminkan", "shouminkan", "ankan") for m in case.melds)


# situations both RULES.md and mahjong (hand.py's checks) call impossible: (name, applies to, change)
ILLEGAL: tuple[tuple[str, Callable[[WinningCase], bool], dict[str, Any]], ...] = (
    ("riichi on an open hand", lambda c: c.is_open, {"riichi": True}),
    ("double riichi on an open hand", lambda c: c.is_open, {"double_riichi": True}),
    ("ippatsu without riichi", lambda c: not (c.riichi or c.double_riichi), {"ippatsu": True}),
    ("chankan on a tsumo", lambda c: c.tsumo, {"chankan": True}),
    ("rinshan on a ron", lambda c: not c.tsumo and _has_kan(c), {"rinshan": True}),
    ("haitei on a ron", lambda c: not c.tsumo, {"haitei": True}),
    ("houtei on a tsumo", lambda c: c.tsumo, {"houtei": True}),
    ("haitei with rinshan", lambda c: c.tsumo and _has_kan(c), {"haitei": True, "rinshan": True}),
    ("houtei with chankan", lambda c: not c.tsumo and not c.melds, {"houtei": True, "chankan": True}),
    ("tenhou as a non-dealer", lambda c: c.tsumo and not c.melds and c.seat_wind != 0, {"tenhou": True}),
    ("tenhou on a ron", lambda c: not c.tsumo and not c.melds and c.seat_wind == 0, {"tenhou": True}),
    ("tenhou with a meld", lambda c: c.tsumo and bool(c.melds) and c.seat_wind == 0, {"tenhou": True}),
    ("chiihou as the dealer", lambda c: c.tsumo and not c.melds and c.seat_wind == 0, {"chiihou": True}),
    ("chiihou on a ron", lambda c: not c.tsumo and not c.melds and c.seat_wind != 0, {"chiihou": True}),
    ("chiihou with a meld", lambda c: c.tsumo and bool(c.melds) and c.seat_wind != 0, {"chiihou": True}),
    ("renhou as the dealer", lambda c: not c.tsumo and not c.melds and c.seat_wind == 0, {"renhou": True}),
    ("renhou on a tsumo", lambda c: c.tsumo and not c.melds and c.seat_wind != 0, {"renhou": True}),
    ("renhou with a meld", lambda c: not c.tsumo and bool(c.melds) and c.seat_wind != 0, {"renhou": True}),
)


@functools.cache
def _illegal_sample() -> list[WinningCase]:
    return generate_cases(SEED + 200, 3000)


@pytest.mark.parametrize(("name", "applies", "change"), ILLEGAL, ids=[entry[0] for entry in ILLEGAL])
def test_impossible_situations_are_errors_on_both_sides(
    name: str, applies: Callable[[WinningCase], bool], change: dict[str, Any]
) -> None:
    candidates = [case for case in _illegal_sample() if applies(case)][:40]
    assert candidates, f"no generated hand to turn into '{name}'"
    for case in candidates:
        bad = dataclasses.replace(case, **change)
        theirs = to_output(bad, estimate(mahjong_inputs(bad)))
        ours = score_request(bad.request())
        assert "error" in theirs, f"mahjong scored {name}: {json.dumps(bad.request())}"
        assert "error" in ours, f"we scored {name}: {json.dumps(bad.request())} -> {json.dumps(ours)}"
