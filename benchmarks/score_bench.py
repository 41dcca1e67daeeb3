"""Full hand scoring speed: our ``rules.scoring.score_hand`` against mahjong 2.1.0's ``estimate_hand_value``.

Both sides score the same seeded winning hands (benchmarks/winning_hands.py, every rule profile) from inputs
built before timing. Each side first scores a different seeded sample once (warm-up; our caches are per suit /
per shape, never per hand), then the timed hands are scored in alternating chunks so outside load hits both.
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable, Sequence
from typing import Any

from benchmarks.winning_hands import PROFILES, generate_cases, rule_set, rules_inputs

TIMED_SEED = 20_260_101
WARMUP_SEED = 20_260_102
HANDS = 6_000
WARMUP_HANDS = 2_000
CHUNK = 200


def _our_scorer(cases: Sequence[Any]) -> tuple[Callable[[], None], ...]:
    """One closure per hand calling score_hand on pre-built arguments (no-yaku hands raise, as in use)."""
    from rules.scoring import HandError, score_hand

    rules = {name: rule_set(profile) for name, profile in PROFILES.items()}

    def make(args: tuple[Any, ...]) -> Callable[[], None]:
        def call() -> None:
            with contextlib.suppress(HandError):
                score_hand(*args)

        return call

    return tuple(make((*rules_inputs(case), rules[case.profile.name])) for case in cases)


def _their_scorer(cases: Sequence[Any]) -> tuple[Callable[[], None], ...]:
    """One closure per hand calling HandCalculator.estimate_hand_value on pre-built arguments and config."""
    from mahjong.hand_calculating.hand import HandCalculator

    from tests.differential.mahjong_adapter import mahjong_inputs

    estimate = HandCalculator.estimate_hand_value

    def make(case: Any) -> Callable[[], None]:
        i = mahjong_inputs(case)

        def call() -> None:
            estimate(
                i.tiles,
                i.win_tile,
                melds=i.melds,
                dora_indicators=i.dora_indicators,
                config=i.config,
                ura_dora_indicators=i.ura_indicators,
            )

        return call

    return tuple(make(case) for case in cases)


def _time_pass(calls: Sequence[Callable[[], None]]) -> float:
    start = time.perf_counter()
    for call in calls:
        call()
    return time.perf_counter() - start


def _time_interleaved(
    ours: Sequence[Callable[[], None]], theirs: Sequence[Callable[[], None]]
) -> tuple[float, float]:
    """Seconds per side over all hands, alternating chunks and which side goes first."""
    ours_s = theirs_s = 0.0
    for index, start in enumerate(range(0, len(ours), CHUNK)):
        if index % 2:
            theirs_s += _time_pass(theirs[start : start + CHUNK])
            ours_s += _time_pass(ours[start : start + CHUNK])
        else:
            ours_s += _time_pass(ours[start : start + CHUNK])
            theirs_s += _time_pass(theirs[start : start + CHUNK])
    return ours_s, theirs_s


def run() -> dict[str, float]:
    """score_speedup (mahjong time / our time), score_us and mahjong_score_us (microseconds per hand)."""
    warm = generate_cases(WARMUP_SEED, WARMUP_HANDS)
    _time_pass(_our_scorer(warm))
    _time_pass(_their_scorer(warm))
    cases = generate_cases(TIMED_SEED, HANDS)
    ours, theirs = _our_scorer(cases), _their_scorer(cases)
    # one timed pass: a repeat would let per-suit caches see exactly the timed hands again
    ours_s, theirs_s = _time_interleaved(ours, theirs)
    return {
        "score_speedup": round(theirs_s / ours_s, 2),
        "score_us": round(ours_s / HANDS * 1e6, 1),
        "mahjong_score_us": round(theirs_s / HANDS * 1e6, 1),
    }


if __name__ == "__main__":
    for name, value in run().items():
        print(f"{name}={value}")
