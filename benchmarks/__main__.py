"""Runs every benchmark and prints its figures as ``name=value`` lines (notes go to stderr)."""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable, Mapping

BENCHMARKS = ("benchmarks.shanten_bench", "benchmarks.score_bench", "benchmarks.engine_bench")


def main() -> int:
    for module_name in BENCHMARKS:
        try:
            module = importlib.import_module(module_name)
        except ModuleNotFoundError as error:
            if error.name != module_name:
                raise
            print(f"# note: {module_name} is not there yet, skipped", file=sys.stderr)
            continue
        run: Callable[[], Mapping[str, object]] = module.run
        for name, value in run().items():
            print(f"{name}={value}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
