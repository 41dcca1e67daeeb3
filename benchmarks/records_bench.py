"""The match database: rebuilding a saved hanchan at its last answer (open the file, read the match, replay
it, AIs recalling the hand in play) and the cost of saving one answer.

A hanchan between strong AIs is played once and stored without its final answer (status playing); the resume
is then timed from a closed file, as when the game starts and the player presses Continue.
"""

from __future__ import annotations

import statistics
import tempfile
import time
from pathlib import Path

SEED = 20_261_124
RUNS = 7


def run() -> dict[str, float]:
    """tournament_resume_ms (median), records_append_us (one answer, one transaction), answers stored."""
    from game.records import Records, SeatEntry
    from game.saved_match import build_seats, rebuild
    from game.table import Table
    from rules.ruleset import preset

    rules = preset("standard")
    entries = [SeatEntry(f"AI {seat}", "strong") for seat in range(4)]
    whole = Table(rules, build_seats(rules, SEED, entries, None), SEED)
    whole.run()
    ends: list[int] = []
    rebuilt = Table(rules, build_seats(rules, SEED, entries, None), SEED)
    rebuilt.subscribe_actions(lambda batch: ends.append(len(rebuilt.actions) + len(batch)))
    rebuilt.run()
    stop = ends[-2]  # the last answer before the one that ends the match
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "records.sqlite3"
        with Records(path) as records:
            match_id = records.create_match(rules, SEED, entries)
            start = time.perf_counter()
            for index, action in enumerate(whole.actions[:stop]):
                records.append_actions(match_id, index, [action])
            append_us = (time.perf_counter() - start) / stop * 1e6
        times = []
        for _ in range(RUNS):
            start = time.perf_counter()
            with Records(path) as records:
                table, stored, _ = rebuild(records, match_id)
            times.append((time.perf_counter() - start) * 1000)
            assert len(table.actions) == stop == len(stored.actions)
    return {
        "tournament_resume_ms": round(statistics.median(times), 1),
        "tournament_resume_answers": stop,
        "records_append_us": round(append_us, 1),
    }


if __name__ == "__main__":
    for name, value in run().items():
        print(f"{name}={value}")
