"""Shanten speed against mahjong 2.1.0's ``Shanten.calculate_shanten`` on the same random hands.

Hands are 13 and 14 tiles dealt from a seeded shuffle of the 136-tile wall. Our caches hold per-group states only
and are warmed on a different seeded sample (given to both sides) before the timed hands are seen; the two sides
are timed in alternating chunks so load from other processes falls on both. The cold figure comes from a fresh
process whose caches are empty when it first sees the timed hands.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TIMED_SEED = 20_260_001
WARMUP_SEED = 20_260_002
HANDS = 20_000
WARMUP_HANDS = 20_000
CHUNK = 250

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
    start = time.perf_counter()
    for counts in hands:
        function(counts)
    return time.perf_counter() - start


def _time_interleaved(ours: Counter, theirs: Counter, hands: Sequence[Sequence[int]]) -> tuple[float, float]:
    """Seconds spent by each side over all hands, one pass each, alternating chunks and who goes first."""
    ours_s = theirs_s = 0.0
    for chunk_index, start in enumerate(range(0, len(hands), CHUNK)):
        chunk = hands[start : start + CHUNK]
        if chunk_index % 2:
            theirs_s += _time_pass(theirs, chunk)
            ours_s += _time_pass(ours, chunk)
        else:
            ours_s += _time_pass(ours, chunk)
            theirs_s += _time_pass(theirs, chunk)
    return ours_s, theirs_s


def _mahjong_shanten() -> Counter:
    from mahjong.shanten import Shanten  # test-only dependency, imported only here

    return Shanten.calculate_shanten


def cold() -> dict[str, float]:
    """Seconds for both sides over the timed hands in this process, ours with empty caches (import excluded)."""
    import_start = time.perf_counter()
    from rules.shanten import shanten

    import_s = time.perf_counter() - import_start
    hands = deal_hands(TIMED_SEED, HANDS)
    ours_s, theirs_s = _time_interleaved(shanten, _mahjong_shanten(), hands)
    return {"ours_s": ours_s, "theirs_s": theirs_s, "import_s": import_s}


def _cold_in_subprocess() -> dict[str, float]:
    code = "import json, benchmarks.shanten_bench as b; print(json.dumps(b.cold()))"
    output = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, check=True, capture_output=True, text=True
    ).stdout
    result: dict[str, float] = json.loads(output.strip().splitlines()[-1])
    return result


def run() -> dict[str, object]:
    """Warm-cache and cold speedups of `rules.shanten.shanten` over mahjong's, with per-hand times."""
    try:
        theirs = _mahjong_shanten()
    except ModuleNotFoundError:
        print("# note: mahjong is not installed, shanten benchmark skipped", file=sys.stderr)
        return {}
    from rules.shanten import cache_sizes, shanten

    for counts in deal_hands(WARMUP_SEED, WARMUP_HANDS):
        shanten(counts)
        theirs(counts)
    hands = deal_hands(TIMED_SEED, HANDS)
    before = cache_sizes()
    ours_s, theirs_s = _time_interleaved(shanten, theirs, hands)
    after = cache_sizes()
    mismatches = sum(1 for counts in hands if shanten(counts) != theirs(counts))
    cold_run = _cold_in_subprocess()
    return {
        "shanten_hands": len(hands),
        "shanten_warmup_hands": WARMUP_HANDS,
        "shanten_us": round(ours_s / len(hands) * 1e6, 3),
        "mahjong_shanten_us": round(theirs_s / len(hands) * 1e6, 3),
        "shanten_speedup": round(theirs_s / ours_s, 2),
        "shanten_new_suit_keys_timed": after["suit_keys"] - before["suit_keys"],
        "shanten_cold_us": round(cold_run["ours_s"] / len(hands) * 1e6, 3),
        "shanten_speedup_cold": round(cold_run["theirs_s"] / cold_run["ours_s"], 2),
        "shanten_import_ms": round(cold_run["import_s"] * 1e3, 1),
        "shanten_mahjong_mismatches": mismatches,
    }
