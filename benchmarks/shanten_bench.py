"""Shanten speed against mahjong 2.1.0's ``Shanten.calculate_shanten`` on the same random hands.

Hands are 13 and 14 tiles dealt from a seeded shuffle of the 136-tile wall, given to both sides as 34-count
lists. Each round runs in a fresh process: our caches (per-group states only) start empty, are warmed on a
seeded sample different from the timed one (the same warm-up is given to both sides), then both sides time one
pass over the timed hands, on alternating halves, with the garbage collector off as timeit does. A cold round
skips the warm-up, so our caches first see hands during the timed pass. Figures are medians over the rounds,
which keeps a burst of load from other processes from deciding the result.
"""

from __future__ import annotations

import gc
import json
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SEED = 20_260_000
HANDS = 20_000
WARMUP_HANDS = 20_000
ROUNDS = 5
COLD_ROUNDS = 3

Counter = Callable[[Sequence[int]], int]


def deal_hands(seed: int, count: int) -> list[list[int]]:
    """`count` 34-count hands, alternately 13 and 14 tiles, each from a fresh seeded shuffle of the wall."""
    rng = random.Random(seed)
    wall = list(range(136))
    hands: list[list[int]] = []
    for index in range(count):
        rng.shuffle(wall)
        counts = [0] * 34
        for tile in wall[: 13 + index % 2]:
            counts[tile >> 2] += 1
        hands.append(counts)
    return hands


def _time_pass(function: Counter, hands: Sequence[Sequence[int]]) -> float:
    collecting = gc.isenabled()
    gc.disable()
    try:
        start = time.perf_counter()
        for counts in hands:
            function(counts)
        return time.perf_counter() - start
    finally:
        if collecting:
            gc.enable()


def _mahjong_shanten() -> Counter:
    from mahjong.shanten import Shanten  # test-only dependency, imported only here

    return Shanten.calculate_shanten


def measure_round(round_index: int, cold: bool) -> dict[str, float]:
    """One round in this process: seconds per side over the timed hands (ours on first sight of them)."""
    import_start = time.perf_counter()
    from rules.shanten import cache_sizes, shanten

    import_s = time.perf_counter() - import_start
    theirs = _mahjong_shanten()
    timed_seed = SEED + 2 * round_index
    if not cold:
        for counts in deal_hands(timed_seed + 1, WARMUP_HANDS):
            shanten(counts)
            theirs(counts)
    hands = deal_hands(timed_seed, HANDS)
    half = len(hands) // 2
    before = cache_sizes()["suit_keys"]
    ours_s = _time_pass(shanten, hands[:half])
    theirs_s = _time_pass(theirs, hands[:half])
    theirs_s += _time_pass(theirs, hands[half:])
    ours_s += _time_pass(shanten, hands[half:])
    new_suit_keys = cache_sizes()["suit_keys"] - before
    mismatches = sum(1 for counts in hands if shanten(counts) != theirs(counts))
    return {
        "ours_s": ours_s,
        "theirs_s": theirs_s,
        "import_s": import_s,
        "new_suit_keys": new_suit_keys,
        "mismatches": mismatches,
    }


def _round_in_subprocess(round_index: int, cold: bool) -> dict[str, float]:
    code = (
        "import json, benchmarks.shanten_bench as b; "
        f"print(json.dumps(b.measure_round({round_index}, {cold})))"
    )
    output = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, check=True, capture_output=True, text=True
    ).stdout
    result: dict[str, float] = json.loads(output.strip().splitlines()[-1])
    return result


def run() -> dict[str, object]:
    """Warm-cache and cold speedups of `rules.shanten.shanten` over mahjong's, with per-hand times."""
    try:
        _mahjong_shanten()
    except ModuleNotFoundError:
        print("# note: mahjong is not installed, shanten benchmark skipped", file=sys.stderr)
        return {}
    warm = [_round_in_subprocess(index, cold=False) for index in range(ROUNDS)]
    cold = [_round_in_subprocess(ROUNDS + index, cold=True) for index in range(COLD_ROUNDS)]

    def per_hand_us(rounds: list[dict[str, float]], side: str) -> float:
        return round(statistics.median(entry[side] for entry in rounds) / HANDS * 1e6, 3)

    def speedup(rounds: list[dict[str, float]]) -> float:
        return round(statistics.median(entry["theirs_s"] / entry["ours_s"] for entry in rounds), 2)

    return {
        "shanten_hands": HANDS,
        "shanten_warmup_hands": WARMUP_HANDS,
        "shanten_rounds": ROUNDS,
        "shanten_us": per_hand_us(warm, "ours_s"),
        "mahjong_shanten_us": per_hand_us(warm, "theirs_s"),
        "shanten_speedup": speedup(warm),
        "shanten_speedup_min": round(min(entry["theirs_s"] / entry["ours_s"] for entry in warm), 2),
        "shanten_new_suit_keys_timed": int(statistics.median(entry["new_suit_keys"] for entry in warm)),
        "shanten_cold_us": per_hand_us(cold, "ours_s"),
        "mahjong_shanten_cold_us": per_hand_us(cold, "theirs_s"),
        "shanten_speedup_cold": speedup(cold),
        "shanten_import_ms": round(statistics.median(entry["import_s"] for entry in warm) * 1e3, 1),
        "shanten_mahjong_mismatches": int(sum(entry["mismatches"] for entry in warm + cold)),
    }
