"""The review command on one hanchan: read the log, replay every hand and ask the strong AI at every decision
of one seat (target: under 10 s).

A hanchan (standard preset) between a strong, a normal, an easy and a strong AI is played once and written
as a tenhou.net/6 log; seat 1 (the normal AI, which disagrees now and then) is then reviewed by the command
itself, ``python main.py review FILE --seat 1``, in a fresh interpreter each time (start-up, imports and cold
caches counted, as a player runs it). The figure is the median of a few runs.
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

SEED = 20_261_125
LEVELS = ("strong", "normal", "easy", "strong")
SEAT = 1
RUNS = 3
MAIN = Path(__file__).resolve().parents[1] / "main.py"


def run() -> dict[str, float]:
    """review_hanchan_s (median), the decisions reviewed and the hands of the hanchan."""
    from game.ai import create_ai
    from game.logs import tenhou6
    from game.recorder import GameRecorder
    from game.table import Table
    from rules.ruleset import preset

    rules = preset("standard")
    seats = [create_ai(level, rules, SEED + seat) for seat, level in enumerate(LEVELS)]
    table = Table(rules, seats, SEED)
    recorder = GameRecorder.attach(table, LEVELS)
    record = recorder.record(table.run())
    times = []
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "hanchan.tenhou6.json"
        path.write_text(tenhou6.dumps(record), encoding="utf-8")
        for _ in range(RUNS):
            start = time.perf_counter()
            done = subprocess.run(
                [sys.executable, str(MAIN), "review", str(path), "--seat", str(SEAT)],
                capture_output=True,
                text=True,
                check=False,
            )
            times.append(time.perf_counter() - start)
            assert done.returncode == 0, done.stderr
    decisions = int(done.stdout.split()[0].removeprefix("decisions="))
    return {
        "review_hanchan_s": round(statistics.median(times), 2),
        "review_hanchan_decisions": decisions,
        "review_hanchan_hands": len(record.rounds),
    }


if __name__ == "__main__":
    for name, value in run().items():
        print(f"{name}={value}")
