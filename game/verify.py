"""The verify-log command: replay every logged game through the engine and report each disagreement.

A file is read as Tenhou mjlog (XML, plain or gzip) or tenhou.net/6 JSON by its content. Each hand must
replay with every logged action legal and the same outcome; scores must carry over to the final ones.
"""

from __future__ import annotations

import gzip
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TextIO

from game.logs.record import GameRecord, LogFormatError, RoundRecord
from game.replay import ReplayError, replay_round
from rules.events import RoundEnded
from rules.ruleset import RuleSet, RuleSetError, preset

WINDS = "ESWN"


@dataclass
class Summary:
    """Counts over every hand checked."""

    hands: int = 0
    agreed: int = 0
    disagreed: int = 0
    errors: int = 0
    lines: list[str] = field(default_factory=list)

    def line(self) -> str:
        """The closing line."""
        return f"hands={self.hands} agreed={self.agreed} disagreed={self.disagreed} errors={self.errors}"


def read_log(path: Path) -> list[GameRecord]:
    """Every game in a log file, whatever its format (mjlog XML plain or gzip, tenhou.net/6 JSON)."""
    try:
        data = path.read_bytes()
    except OSError as error:
        raise LogFormatError(f"{path}: cannot read the file: {error.strerror or error}") from None
    if data[:2] == b"\x1f\x8b":
        try:
            data = gzip.decompress(data)
        except (OSError, EOFError) as error:
            raise LogFormatError(f"{path}: a damaged gzip file: {error}") from None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise LogFormatError(f"{path}: not UTF-8 text (byte {error.start})") from None
    stripped = text.lstrip("\ufeff \t\r\n")
    if stripped.startswith("<"):
        from game.logs.mjlog import parse_mjlog

        return [parse_mjlog(text, str(path))]
    if stripped.startswith(("{", "[")):
        from game.logs.tenhou6 import read_tenhou6

        return [read_tenhou6(text, str(path))]
    raise LogFormatError(
        f"{path}: neither mjlog XML nor tenhou.net/6 JSON (it starts with {stripped[:12]!r})"
    )


def round_label(record: RoundRecord) -> str:
    """E1-0 style: round wind, hand number, honba."""
    return f"{WINDS[record.round_wind]}{record.kyoku + 1}-{record.honba}"


def verify_game(game: GameRecord, rules: RuleSet, summary: Summary) -> None:
    """Replay one game's hands and check its scores from hand to hand and at the end."""
    where = game.source
    scores: tuple[int, ...] | None = (rules.start_points,) * rules.players
    last_agreed = False
    for record in game.rounds:
        label = f"{where}: {round_label(record)}"
        summary.hands += 1
        problems: list[str] = []
        if scores is not None and tuple(record.scores) != scores:
            problems.append(f"scores at the start: log {list(record.scores)}, engine {list(scores)}")
        try:
            replay = replay_round(record, rules)
        except ReplayError as error:
            summary.errors += 1
            summary.lines.append(f"{label} ({record.position}): error: {error}")
            scores, last_agreed = None, False
            continue
        problems.extend(replay.problems)
        if problems:
            summary.disagreed += 1
            summary.lines.extend(f"{label}: {problem}" for problem in problems)
        else:
            summary.agreed += 1
        last_agreed = not problems
        ended = [event for event in replay.events if isinstance(event, RoundEnded)]
        scores = ended[-1].scores if ended and record.results else None
    if scores is not None and game.final_scores is not None and tuple(game.final_scores) != scores:
        summary.lines.append(f"{where}: final scores: log {list(game.final_scores)}, engine {list(scores)}")
        if last_agreed:  # the last hand's outcome did not reach the logged final scores
            summary.agreed -= 1
            summary.disagreed += 1


def verify_files(paths: Sequence[Path], ruleset: str | None, out: TextIO) -> Summary:
    """Check every file; problems are printed as they are found, one line each."""
    summary = Summary()
    for path in paths:
        try:
            games = read_log(path)
        except LogFormatError as error:
            summary.errors += 1
            print(f"error: {error}", file=out)
            continue
        for game in games:
            try:
                rules = preset(ruleset or game.ruleset)
            except RuleSetError as error:
                summary.errors += 1
                print(f"error: {game.source}: {error}", file=out)
                continue
            if rules.players != game.players:
                summary.errors += 1
                print(
                    f"error: {game.source}: a {game.players}-player log under the {rules.players}-player "
                    f"rule set '{rules.name}'",
                    file=out,
                )
                continue
            before = len(summary.lines)
            verify_game(game, rules, summary)
            for line in summary.lines[before:]:
                print(line, file=out)
    print(summary.line(), file=out)
    return summary


def run(paths: Sequence[str], ruleset: str | None, out: TextIO) -> int:
    """The command: exit status 0 only when every hand agreed and no file failed."""
    summary = verify_files([Path(path) for path in paths], ruleset, out)
    return 0 if summary.disagreed == 0 and summary.errors == 0 else 1
