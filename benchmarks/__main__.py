"""Runs every benchmark and prints its figures as ``name=value`` lines (notes go to stderr).

Each benchmark runs in a fresh interpreter, so one benchmark's caches and heap never slow or speed another.
"""

from __future__ import annotations

import subprocess
import sys

BENCHMARKS = (
    "benchmarks.shanten_bench",
    "benchmarks.score_bench",
    "benchmarks.engine_bench",
    "benchmarks.ai_bench",
    "benchmarks.gui_bench",
    "benchmarks.records_bench",
)

_ONE = """
import sys
from benchmarks import {module} as bench
for name, value in bench.run().items():
    print(f"{{name}}={{value}}", flush=True)
"""


def main() -> int:
    status = 0
    for module_name in BENCHMARKS:
        module = module_name.rsplit(".", 1)[1]
        done = subprocess.run([sys.executable, "-c", _ONE.format(module=module)], check=False)
        if done.returncode != 0:
            print(f"# note: {module_name} failed with exit status {done.returncode}", file=sys.stderr)
            status = 1
    return status


if __name__ == "__main__":
    sys.exit(main())
