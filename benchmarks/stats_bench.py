"""The records' statistics: replaying stored hanchan to count them (``game.stats``), per match, from a cold
cache, as the ``stats`` command and the statistics page do the first time.

A few hanchan between strong, normal and easy AIs are played once and stored as the game stores them; every
run then reads them all from a closed file with the replay cache emptied. The figure is the median run's time
divided by the matches; a last read, with every match in the cache, is what reopening the page costs.
"""

from __future__ import annotations

import statistics
import tempfile
import time
from pathlib import Path

SEED = 20_261_126
MATCHES = 4
RUNS = 5
LEVELS = ("strong", "normal", "easy", "strong")


def run() -> dict[str, float]:
    """stats_ms_per_match (median, cold cache), stats_cached_ms_per_match (read again), matches, hands."""
    import game.stats as stats
    from game.ai import create_ai
    from game.records import Records, SeatEntry
    from game.saved_match import MatchWriter
    from game.table import Table
    from rules.ruleset import preset

    rules = preset("standard")
    entries = [SeatEntry(f"{level} AI", level) for level in LEVELS]
    times = []
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "records.sqlite3"
        with Records(path) as records:
            for match in range(MATCHES):
                seed = SEED + match
                seats = [create_ai(level, rules, seed * 10 + seat) for seat, level in enumerate(LEVELS)]
                table = Table(rules, seats, seed)
                MatchWriter.attach(records, records.create_match(rules, seed, entries), table)
                table.run()
        for _ in range(RUNS):
            stats._cache.clear()
            start = time.perf_counter()
            with Records(path, create=False) as records:
                reader = stats.read_matches(records)
            times.append((time.perf_counter() - start) * 1000)
            assert len(reader.matches) == MATCHES
            assert not reader.skipped
        start = time.perf_counter()  # once more, every match in the cache: the statistics page reopened
        with Records(path, create=False) as records:
            stats.read_matches(records)
        cached_ms = (time.perf_counter() - start) * 1000
    hands = sum(match.results[0].hands for match in reader.matches)
    return {
        "stats_ms_per_match": round(statistics.median(times) / MATCHES, 1),
        "stats_cached_ms_per_match": round(cached_ms / MATCHES, 2),
        "stats_matches": MATCHES,
        "stats_hands": hands,
    }


if __name__ == "__main__":
    for name, value in run().items():
        print(f"{name}={value}")
