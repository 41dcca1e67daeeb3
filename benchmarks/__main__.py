"""Runs the benchmarks and prints their figures as ``name=value`` lines (notes go to stderr).

``python -m benchmarks`` runs them all; ``python -m benchmarks gui idle`` only those named (``gui`` or
``gui_bench`` for benchmarks/gui_bench.py). Each benchmark runs in a fresh interpreter, so one benchmark's
caches and heap never slow or speed another.
"""

from __future__ import annotations

import subprocess
import sys

BENCHMARKS = (
    "benchmarks.shanten_bench",
    "benchmarks.score_bench",
    "benchmarks.engine_bench",
    "benchmarks.ai_bench",
    "benchmarks.coach_bench",
    "benchmarks.gui_bench",
    "benchmarks.idle_bench",
    "benchmarks.records_bench",
    "benchmarks.review_bench",
    "benchmarks.stats_bench",
)

_ONE = """
import sys
from benchmarks import {module} as bench
for name, value in bench.run().items():
    print(f"{{name}}={{value}}", flush=True)
"""


def chosen(names: list[str]) -> list[str]:
    """The benchmarks named (all when none are); ValueError naming a name that is not a benchmark.

    >>> chosen(["gui", "idle_bench"])
    ['benchmarks.gui_bench', 'benchmarks.idle_bench']
    """
    if not names:
        return list(BENCHMARKS)
    short = {module.rsplit(".", 1)[1].removesuffix("_bench"): module for module in BENCHMARKS}
    unknown = [name for name in names if name.removesuffix("_bench") not in short]
    if unknown:
        raise ValueError(f"no benchmark {', '.join(unknown)} (choose from {', '.join(short)})")
    wanted = {name.removesuffix("_bench") for name in names}
    return [module for name, module in short.items() if name in wanted]


def main(argv: list[str] | None = None) -> int:
    try:
        modules = chosen(sys.argv[1:] if argv is None else argv)
    except ValueError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    status = 0
    for module_name in modules:
        module = module_name.rsplit(".", 1)[1]
        done = subprocess.run([sys.executable, "-c", _ONE.format(module=module)], check=False)
        if done.returncode != 0:
            print(f"# note: {module_name} failed with exit status {done.returncode}", file=sys.stderr)
            status = 1
    return status


if __name__ == "__main__":
    sys.exit(main())
