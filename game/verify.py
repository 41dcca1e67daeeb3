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
from rules.match import MatchState, final_standings, next_hand
from rules.round import hand_outcome
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
    """Replay one game's hands; check where each hand stands in the match and the final scores and points."""
    where = game.source
    match: MatchState | None = None
    last_agreed = False
    for record in game.rounds:
        label = f"{where}: {round_label(record)}"
        summary.hands += 1
        problems: list[str] = []
        if match is None:
            match = MatchState(
                rules,
                record.round_wind,
                record.kyoku,
                record.honba,
                record.riichi_sticks,
                tuple(record.scores),
            )
        elif match.finished:
            problems.append("the engine's match ended before this hand")
        else:
            problems.extend(_position_problems(match, record))
        try:
            replay = replay_round(record, rules)
        except ReplayError as error:
            summary.errors += 1
            summary.lines.append(f"{label} ({record.position}): error: {error}")
            match, last_agreed = None, False
            continue
        problems.extend(replay.problems)
        if problems:
            summary.disagreed += 1
            summary.lines.extend(f"{label}: {problem}" for problem in problems)
        else:
            summary.agreed += 1
        last_agreed = not problems
        ended = [event for event in replay.events if isinstance(event, RoundEnded)]
        if ended and record.results and match is not None and not match.finished:
            match = next_hand(match, hand_outcome(ended[-1]))
        else:
            match = None  # a hand the log leaves unfinished: the match cannot be followed past it
    end_problems = _final_problems(game, match)
    if end_problems:
        summary.lines.extend(f"{where}: {problem}" for problem in end_problems)
        if last_agreed:  # the last hand's outcome did not reach the logged end of the game
            summary.agreed -= 1
            summary.disagreed += 1


def _position_problems(match: MatchState, record: RoundRecord) -> list[str]:
    """Where the engine's match says the next hand stands, against the logged hand."""
    ours = (match.round_wind, match.kyoku, match.honba, match.riichi_sticks, tuple(match.scores))
    theirs = (record.round_wind, record.kyoku, record.honba, record.riichi_sticks, tuple(record.scores))
    names = ("round wind", "hand", "honba", "riichi sticks", "scores")
    return [
        f"{name} at the start: log {their}, engine {our}"
        for name, our, their in zip(names, ours, theirs, strict=True)
        if our != their
    ]


def _final_problems(game: GameRecord, match: MatchState | None) -> list[str]:
    """The logged end of the game (final scores, settled points) against the engine's match."""
    if game.final_scores is None or match is None:
        return []
    if not match.finished:
        return ["the log ends the game, the engine's match goes on"]
    standings = final_standings(match)
    problems = []
    if tuple(game.final_scores) != standings.scores:
        problems.append(f"final scores: log {list(game.final_scores)}, engine {list(standings.scores)}")
    if game.final_points is not None:
        settled = [points / 1000 for points in standings.settled]
        if [round(float(p), 1) for p in game.final_points] != [round(p, 1) for p in settled]:
            problems.append(f"final points: log {list(game.final_points)}, engine {settled}")
    return problems


def log_rules(game: GameRecord) -> RuleSet:
    """The log's preset with the variants its game type states (Tenhou's no-red, no-kuitan, east-only)."""
    rules = preset(game.ruleset)
    extra = game.extra
    overrides: dict[str, object] = {}
    if extra.get("red_fives") == "off":
        overrides["red_fives"] = [0, 0, 0]
    if "tenhou6_aka" in extra:
        counts = extra["tenhou6_aka"].split(",")
        if len(counts) == 3 and all(count.isdigit() for count in counts):
            overrides["red_fives"] = [int(count) for count in counts]
    if extra.get("kuitan") == "off":
        overrides["kuitan"] = False
    if extra.get("game_length") in ("east", "hanchan"):
        overrides["game_length"] = extra["game_length"]
    return rules.with_overrides(overrides)


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
                rules = preset(ruleset) if ruleset else log_rules(game)
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
