"""Compare runs: two ``simulate --json`` results of the same games, one label's places game by game.

``python -m tools.compare_runs OLD.json NEW.json [--label strong]``. Both files come from ``main.py simulate
... --json`` (or ``ai_strength.sh`` with ``OUT=``) with the same seed, games, players, rule set and length,
and differ in the code that played them (an AI change). The same seed deals the same walls, so the two runs
play every game alike up to the first decision the change answers otherwise: a game the change never touched
ends the same, and the comparison of the others is far less noisy than two runs on different seeds (where a
difference of 0.05 in average rank is within the noise of 400 hanchan).

The runs may differ in length: a run of the first 200 games of a seed and one of 400 play the same 200 first
games (each game's walls come from the seed and its number), so the longer is compared on the games the
shorter holds. Games that only one of them holds, other than such a tail, are refused.

The last line is ``compare label=L games=N old=A new=B diff=D se=S unchanged=U``: the label's average place
in each run, the mean of (NEW - OLD) per game over its seats (negative when NEW places higher), its
standard error over games, and the games that ended with the same scores in both (untouched by the
change). It measures a change on the seed it was tried on; a claim still needs a fresh seed. A seat's bot
named by two paths to the same file (a run from a worktree through its own ``../shared`` link) is the same
player.

It is a measuring instrument for the AI's work (see the README's strong AI section), not part of the game; bad
input (a missing or unreadable file, runs that are not of the same games, an unknown label) is one line on
stderr and exit status 2.
"""

from __future__ import annotations

import argparse
import math
import os
import statistics
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.safe_json import JsonError, loads

SAME_INPUTS = ("players", "ruleset", "length", "seed", "duplicate")
"""The ``inputs`` of the two runs that must agree for their games to be the same games (``games`` may differ:
the shorter run's games are the first games of the longer)."""


def _same_input(key: str, value: Any) -> Any:
    """An input as the comparison sees it: in ``players``, a word of a seat spec that names an existing file
    stands for that file wherever it was reached from (a bot run from a worktree through a link to the same
    ``../shared`` is the same bot)."""
    if key != "players" or not isinstance(value, list):
        return value
    return [
        " ".join(os.path.realpath(word) if os.path.isfile(word) else word for word in spec.split(" "))
        if isinstance(spec, str)
        else spec
        for spec in value
    ]


class CompareError(ValueError):
    """Runs that cannot be compared; the message is one line."""


@dataclass(frozen=True)
class Comparison:
    """One label's places in two runs of the same games."""

    label: str
    games: int
    old: float
    new: float
    diff: float
    se: float
    unchanged: int

    def line(self) -> str:
        """The summary line (see the module's doc)."""
        return (
            f"compare label={self.label} games={self.games} old={self.old:.3f} new={self.new:.3f} "
            f"diff={self.diff:+.3f} se={self.se:.3f} unchanged={self.unchanged}"
        )


def load_run(path: Path) -> dict[str, Any]:
    """A ``simulate --json`` object with its ``inputs`` and ``per_game`` (CompareError otherwise)."""
    try:
        data = loads(path.read_bytes(), str(path))
    except JsonError as error:
        raise CompareError(str(error)) from None
    except OSError as error:
        raise CompareError(f"{path}: {error.strerror or error}") from None
    if not isinstance(data, dict):
        raise CompareError(f"{path}: not a JSON object")
    for key in ("inputs", "per_game"):
        if not isinstance(data.get(key), dict if key == "inputs" else list):
            raise CompareError(f"{path}: no {key!r} (not a simulate --json file of this version)")
    return data


def _places(data: dict[str, Any], label: str, path: Path) -> dict[int, tuple[float, tuple[int, ...]]]:
    """Per game: the label's average place over its seats, and the final scores."""
    found: dict[int, tuple[float, tuple[int, ...]]] = {}
    for index, entry in enumerate(data["per_game"]):
        try:
            game = int(entry["game"])
            ranks = [
                int(rank) for rank, name in zip(entry["ranks"], entry["labels"], strict=True) if name == label
            ]
            scores = tuple(int(score) for score in entry["scores"])
        except (KeyError, TypeError, ValueError):
            raise CompareError(f"{path}: per_game entry {index + 1} is malformed") from None
        if ranks:
            found[game] = (sum(ranks) / len(ranks), scores)
    return found


def compare(old: dict[str, Any], new: dict[str, Any], label: str, paths: Sequence[Path]) -> Comparison:
    """``label``'s places in ``old`` and ``new``, paired by game over the games both hold (CompareError when
    they are not the same games, or one holds games the other lacks beyond the shorter run's)."""
    for key in SAME_INPUTS:
        if _same_input(key, old["inputs"].get(key)) != _same_input(key, new["inputs"].get(key)):
            raise CompareError(
                f"{paths[1]}: not the same games as {paths[0]} ({key} {new['inputs'].get(key)!r} against "
                f"{old['inputs'].get(key)!r})"
            )
    before, after = _places(old, label, paths[0]), _places(new, label, paths[1])
    if not before:
        raise CompareError(f"{paths[0]}: no seat labelled {label!r}")
    games = sorted(set(before) & set(after))
    if len(games) != min(len(before), len(after)):
        raise CompareError(f"{paths[1]}: the runs hold different games")
    diffs = [after[game][0] - before[game][0] for game in games]
    se = statistics.stdev(diffs) / math.sqrt(len(diffs)) if len(diffs) > 1 else 0.0
    return Comparison(
        label=label,
        games=len(games),
        old=statistics.fmean(before[game][0] for game in games),
        new=statistics.fmean(after[game][0] for game in games),
        diff=statistics.fmean(diffs),
        se=se,
        unchanged=sum(1 for game in games if before[game][1] == after[game][1]),
    )


def main(argv: Sequence[str] | None = None) -> int:
    """The command line (see the module's doc); the exit status."""
    parser = argparse.ArgumentParser(prog="python -m tools.compare_runs", description=__doc__.split("\n")[0])
    parser.add_argument("old", type=Path, help="simulate --json of the code before the change")
    parser.add_argument("new", type=Path, help="simulate --json of the same games played with the change")
    parser.add_argument("--label", default="strong", help="the seat label to compare (default strong)")
    args = parser.parse_args(argv)
    try:
        result = compare(load_run(args.old), load_run(args.new), args.label, (args.old, args.new))
    except CompareError as error:
        print(f"compare_runs: {error}", file=sys.stderr)
        return 2
    print(result.line())
    return 0


if __name__ == "__main__":
    sys.exit(main())
