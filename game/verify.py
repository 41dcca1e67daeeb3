"""The verify-log command: replay every logged game through the engine and report each disagreement.

A file is read as Tenhou mjlog (XML, plain or gzip), tenhou.net/6 JSON or mjai JSON lines by its content.
Each hand must replay with every logged action legal and the same outcome; scores must carry over to the final
ones. A file that cannot be read or followed is one ``error:`` line and the run goes on with the next file.
"""

from __future__ import annotations

import contextlib
import dataclasses
import json
import re
import time
import zlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TextIO

from game.logs.record import DrawResult, GameRecord, LogFormatError, RoundRecord, WinResult
from game.replay import ReplayError, RoundReplay, replay_round
from rules.events import ExhaustiveDraw, HandWon, RoundEnded
from rules.match import MatchError, MatchState, final_standings, next_hand
from rules.round import hand_outcome
from rules.ruleset import RuleSet, RuleSetError, preset

WINDS = "ESWN"
MAX_FILE_BYTES = 64 * 1024 * 1024  # per file, and per file once decompressed
MAX_SIZE_LIMIT_MB = 4096  # --max-size at most
PROGRESS_AFTER_S = 2.0  # a run still going after this long shows its progress
PROGRESS_BYTES = 4 * 1024 * 1024  # inputs this large show it from the start
_GZIP_MAGIC = b"\x1f\x8b"
MAX_LINE_CHARS = 500  # one report line at most


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


def _megabytes(size: int) -> str:
    """A byte count for messages: in MB, under one MB in KB or bytes (a small --max-size is no "0 MB").

    >>> _megabytes(64 * 1024 * 1024), _megabytes(1536 * 1024), _megabytes(13076), _megabytes(1000)
    ('64 MB', '1.5 MB', '12.8 KB', '1000 bytes')
    """
    for unit, scale in (("MB", 1024 * 1024), ("KB", 1024)):
        if size >= scale:
            return f"{size / scale:.1f}".removesuffix(".0") + f" {unit}"
    return f"{size} bytes"


def read_log(path: Path, max_bytes: int = MAX_FILE_BYTES) -> list[GameRecord]:
    """Every game in a log file, whatever its format (mjlog XML plain or gzip, tenhou.net/6 JSON, mjai)."""
    return parse_log(_read_file(path, max_bytes), str(path), max_bytes)


def read_games(path: Path) -> list[GameRecord]:
    """The games of a log file that have hands, for a screen or command that shows or reviews them; every
    way it can fail (unreadable, malformed, nested too deeply, a reader bug, no hand at all) is one
    LogFormatError line naming the file."""
    try:
        games = read_log(path)
    except LogFormatError:
        raise
    except RecursionError:
        raise LogFormatError(f"{path}: nested too deeply to be read") from None
    except Exception as error:  # a reader bug: still one line
        text = " ".join(str(error).split())[:200]
        raise LogFormatError(
            f"{path}: cannot be read (internal error {type(error).__name__}: {text})"
        ) from None
    games = [game for game in games if game.rounds]
    if not games:
        raise LogFormatError(f"{path}: the log has no hands")
    return games


def _read_file(path: Path, max_bytes: int) -> bytes:
    """The file's bytes; LogFormatError when it cannot be read or is over the size limit."""
    try:
        size = path.stat().st_size
        if size > max_bytes:
            raise LogFormatError(
                f"{path}: the file is {_megabytes(size)}, over the {_megabytes(max_bytes)} limit (--max-size)"
            )
        with path.open("rb") as handle:
            data = handle.read(max_bytes + 1)  # a device or pipe need not say its size
    except OSError as error:
        raise LogFormatError(f"{path}: cannot read the file: {error.strerror or error}") from None
    if len(data) > max_bytes:
        raise LogFormatError(f"{path}: the file is over the {_megabytes(max_bytes)} limit (--max-size)")
    return data


def _gunzip(data: bytes, source: str, max_bytes: int) -> bytes:
    """Every gzip member decompressed, stopping as soon as the output would pass ``max_bytes``."""
    parts: list[bytes] = []
    size = 0
    while data:
        decompressor = zlib.decompressobj(wbits=16 + zlib.MAX_WBITS)
        try:
            part = decompressor.decompress(data, max_bytes + 1 - size)
        except zlib.error as error:
            raise LogFormatError(f"{source}: a damaged gzip file: {error}") from None
        size += len(part)
        if size > max_bytes:
            raise LogFormatError(
                f"{source}: a gzip file that unpacks to over the {_megabytes(max_bytes)} limit (--max-size)"
            )
        if not decompressor.eof:
            raise LogFormatError(f"{source}: a damaged gzip file: it ends in the middle of the data")
        parts.append(part)
        data = decompressor.unused_data.lstrip(b"\0")  # gzip pads with zeros; anything else is a member
        if data and not data.startswith(_GZIP_MAGIC):
            raise LogFormatError(f"{source}: a damaged gzip file: bytes that are no gzip data after its end")
    return b"".join(parts)


def parse_log(data: bytes, source: str, max_bytes: int = MAX_FILE_BYTES) -> list[GameRecord]:
    """Every game in a log's bytes, told apart by content: gzip, then mjlog XML, mjai lines, tenhou6 JSON."""
    if data.startswith(_GZIP_MAGIC):
        data = _gunzip(data, source, max_bytes)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise LogFormatError(f"{source}: not UTF-8 text (byte {error.start})") from None
    stripped = text.lstrip("\ufeff \t\r\n")
    if stripped.startswith("<"):
        return [_read_mjlog(text, source)]
    if stripped.startswith("{"):
        from game.logs.mjai import is_mjai

        if is_mjai(stripped):
            return [_read_mjai(text, source, max_bytes)]
    if stripped.startswith(("{", "[")):
        return [_read_tenhou6(text, source, max_bytes)]
    raise LogFormatError(
        f"{source}: neither mjlog XML, tenhou.net/6 JSON nor mjai JSON lines"
        f" (it starts with {stripped[:12]!r})"
    )


# A log cut short (a truncated download) is read up to the cut: the file lacks its end (mjlog's </mjloggm>,
# the closing brace of tenhou.net/6 JSON, mjai's end_game event). The record keeps the finished hands, and its
# extra "truncated" names the hand the log stops in ("" when it stops between hands); verify_game reports it.
TRUNCATED = "truncated"


def _read_mjlog(text: str, source: str) -> GameRecord:
    """mjlog XML; cut short, the hands up to the last whole tag."""
    from game.logs.mjlog import parse_mjlog

    try:
        return parse_mjlog(text, source)
    except LogFormatError:
        body = text.rstrip()
        end = body.rfind(">")
        if body.endswith("</mjloggm>") or end < 0 or "<INIT" not in body[:end]:
            raise
        try:
            record = parse_mjlog(body[: end + 1] + "</mjloggm>", source)
        except LogFormatError:
            pass
        else:
            return _cut_short(record)
        raise


def _read_mjai(text: str, source: str, max_bytes: int) -> GameRecord:
    """mjai JSON lines; without end_game, the hands before the cut (a last line cut in two is left out)."""
    from game.logs.mjai import read_mjai

    lines = text.rstrip().split("\n")
    try:
        ended = json.loads(lines[-1]).get("type") == "end_game"
    except (ValueError, AttributeError, RecursionError):
        ended = False
        if len(lines) > 1 and not text.endswith("\n"):  # the last line stops in the middle
            try:
                return _cut_short(read_mjai("\n".join(lines[:-1]), source, max_bytes=max_bytes))
            except LogFormatError:
                pass
    record = read_mjai(text, source, max_bytes=max_bytes)
    return record if ended else _cut_short(record)


def _read_tenhou6(text: str, source: str, max_bytes: int) -> GameRecord:
    """tenhou.net/6 JSON; cut short (no closing brace), the hands before the cut."""
    from game.logs.tenhou6 import read_cut_tenhou6, read_tenhou6

    try:
        return read_tenhou6(text, source, max_bytes=max_bytes)
    except LogFormatError:
        if text.rstrip().endswith("}"):
            raise
        cut = read_cut_tenhou6(text, source, max_bytes=max_bytes)
        if cut is None:
            raise
        record, where = cut
        return dataclasses.replace(record, extra={**record.extra, TRUNCATED: where})


def _cut_short(record: GameRecord) -> GameRecord:
    """A record read from a log cut short: its unfinished last hand set aside and named under "truncated"."""
    rounds = record.rounds
    where = ""
    if rounds and not rounds[-1].results:
        where = f"{round_label(rounds[-1])} ({rounds[-1].position})"
        rounds = rounds[:-1]
    extra = {**record.extra, TRUNCATED: where}
    return dataclasses.replace(record, rounds=rounds, final_scores=None, final_points=None, extra=extra)


def round_label(record: RoundRecord) -> str:
    """E1-0 style: round wind, hand number, honba."""
    return f"{WINDS[record.round_wind]}{record.kyoku + 1}-{record.honba}"


def verify_game(
    game: GameRecord, rules: RuleSet, summary: Summary, on_hand: Callable[[], None] | None = None
) -> None:
    """Replay one game's hands; check where each hand stands in the match and the final scores and points."""
    where = game.source
    match: MatchState | None = None
    last_agreed = False
    for record in game.rounds:
        label = f"{where}: {round_label(record)}"
        summary.hands += 1
        if on_hand is not None:
            on_hand()
        problems: list[str] = []
        try:
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
            replay = _replay(game, record, rules)
        except (ReplayError, MatchError) as error:
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
            try:
                match = next_hand(match, hand_outcome(ended[-1]))
            except MatchError as error:  # the log's hand header does not follow from the match so far
                if not problems:  # else this is what the lines above already say: one report is enough
                    summary.errors += 1
                    summary.lines.append(
                        f"{label} ({record.position}): error: the match cannot be followed past this hand:"
                        f" {error}"
                    )
                match, last_agreed = None, False  # the next hand is followed from its own header
        else:
            match = None  # a hand the log leaves unfinished: the match cannot be followed past it
    if TRUNCATED in game.extra:  # a download cut short: an error of the file, not a disagreement
        summary.errors += 1
        if cut := game.extra[TRUNCATED]:
            summary.hands += 1
            if on_hand is not None:
                on_hand()
            summary.lines.append(f"{where}: {cut}: truncated: the log stops in the middle of this hand")
        else:
            summary.lines.append(f"{where}: truncated: the log stops after its last whole hand")
        return
    try:
        end_problems = _final_problems(game, match)
    except MatchError as error:
        summary.errors += 1
        summary.lines.append(f"{where}: error: the game's end cannot be settled: {error}")
        return
    if end_problems:
        summary.lines.extend(f"{where}: {problem}" for problem in end_problems)
        if last_agreed:  # the last hand's outcome did not reach the logged end of the game
            summary.agreed -= 1
            summary.disagreed += 1


def _replay(game: GameRecord, record: RoundRecord, rules: RuleSet) -> RoundReplay:
    """Replay a hand; for a format whose results carry only score changes (mjai), the rest comes from the
    engine, so that what the log does say (who won from whom, every score change) is what is compared."""
    replay = replay_round(record, rules)
    if game.extra.get("log_format") != "mjai" or not record.results:
        return replay
    filled = _with_engine_details(record, replay)
    return replay if filled == record else replay_round(filled, rules)


def _with_engine_details(record: RoundRecord, replay: RoundReplay) -> RoundRecord:
    """The record's results with han, fu, yaku, points and pao of each win, and the tenpai seats of an
    exhaustive draw nobody was paid for (all tenpai or none), taken from the engine's ending."""
    wins = {event.seat: event for event in replay.events if isinstance(event, HandWon)}
    draws = [event for event in replay.events if isinstance(event, ExhaustiveDraw)]
    results: list[WinResult | DrawResult] = []
    for result in record.results:
        if isinstance(result, WinResult) and result.seat in wins:
            won = wins[result.seat]
            value = won.value
            result = dataclasses.replace(
                result,
                han=value.han,
                fu=value.fu,
                yakuman=value.yakuman,
                points=value.points,
                yaku=value.yaku,
                pao=won.pao,
            )
        elif (
            isinstance(result, DrawResult)
            and result.kind == "exhaustive"
            and not any(result.deltas)
            and draws
            and not draws[-1].nagashi
            and len(draws[-1].tenpai) in (0, len(result.deltas))
        ):
            result = dataclasses.replace(result, tenpai=tuple(draws[-1].tenpai))
        results.append(result)
    return dataclasses.replace(record, results=tuple(results))


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
    elif disp := extra.get("tenhou6_disp", ""):  # the label: 東 / East east only, 南 / South to the south
        words = set(re.findall(r"[A-Za-z]+", disp))
        if "東" in disp or "East" in words:
            overrides["game_length"] = "east"
        elif ("南" in disp or "South" in words) and rules.game_length == "east":
            overrides["game_length"] = "hanchan"
    return rules.with_overrides(overrides)


def check_data(
    data: bytes,
    source: str,
    ruleset: str | None,
    summary: Summary,
    report: Callable[[str], None],
    *,
    max_bytes: int = MAX_FILE_BYTES,
    on_hand: Callable[[], None] | None = None,
) -> None:
    """Read one log's bytes and check every game in it; each problem goes to ``report`` as one line."""

    def report_line(line: str) -> None:
        report(one_line(line))

    try:
        games = parse_log(data, source, max_bytes)
    except LogFormatError as error:
        summary.errors += 1
        report_line(f"error: {error}")
        return
    check_games(games, ruleset, summary, report_line, on_hand=on_hand)


def one_line(text: str, limit: int = MAX_LINE_CHARS) -> str:
    """A report line: line breaks become spaces and a very long one is cut (a log can hold anything).

    >>> one_line("a\\nb"), one_line("x" * 20, limit=10)
    ('a b', 'xxxxxxx...')
    """
    text = " ".join(text.splitlines())
    return text if len(text) <= limit else text[: limit - 3] + "..."


def check_games(
    games: Sequence[GameRecord],
    ruleset: str | None,
    summary: Summary,
    report: Callable[[str], None],
    *,
    on_hand: Callable[[], None] | None = None,
) -> None:
    """Check games already read, under the named preset or the one each log names."""
    for game in games:
        try:
            rules = preset(ruleset) if ruleset else log_rules(game)
        except RuleSetError as error:
            summary.errors += 1
            report(f"error: {game.source}: {error}")
            continue
        if rules.players != game.players:
            summary.errors += 1
            report(
                f"error: {game.source}: a {game.players}-player log under the {rules.players}-player "
                f"rule set '{rules.name}'"
            )
            continue
        before = len(summary.lines)
        verify_game(game, rules, summary, on_hand)
        for line in summary.lines[before:]:
            report(line)


class Progress:
    """A one-line progress bar on standard error, rewritten in place: files done of all, hands, the file.

    It shows when asked, or on a terminal once the run has taken ``PROGRESS_AFTER_S`` or from the start for
    inputs of ``PROGRESS_BYTES`` and more; it is redrawn at most ten times a second and wiped before each
    line of the report so the two never mix.
    """

    def __init__(
        self,
        stream: TextIO | None,
        files: int,
        *,
        enabled: bool,
        immediate: bool = False,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.stream = stream
        self.files = files
        self.enabled = enabled and stream is not None
        self.clock = clock
        self.start = clock() - (PROGRESS_AFTER_S if immediate else 0.0)
        self.next_draw = 0.0
        self.done = 0
        self.hands = 0
        self.name = ""
        self.shown = 0  # characters of the line on screen

    def file(self, done: int, name: str) -> None:
        """Starting a file, ``done`` files finished."""
        self.done, self.name = done, name
        self.draw(force=True)

    def hand(self) -> None:
        """One more hand checked."""
        self.hands += 1
        self.draw()

    def text(self) -> str:
        """The progress line as it reads now."""
        name = self.name if len(self.name) <= 40 else "..." + self.name[-37:]
        return f"verify-log: {self.done}/{self.files} files, {self.hands} hands: {name}"

    def draw(self, force: bool = False) -> None:
        """Redraw if it is time to."""
        if not self.enabled or self.stream is None:
            return
        now = self.clock()
        if now - self.start < PROGRESS_AFTER_S or (not force and now < self.next_draw):
            return
        self.next_draw = now + 0.1
        text = self.text()
        self.stream.write("\r" + text.ljust(self.shown))
        self.stream.flush()
        self.shown = len(text)

    def clear(self) -> None:
        """Wipe the line (before a report line, and at the end)."""
        if self.shown and self.stream is not None:
            self.stream.write("\r" + " " * self.shown + "\r")
            self.stream.flush()
            self.shown = 0
            self.next_draw = 0.0


def verify_files(
    paths: Sequence[Path],
    ruleset: str | None,
    out: TextIO,
    *,
    err: TextIO | None = None,
    progress: bool | None = None,
    max_bytes: int = MAX_FILE_BYTES,
) -> Summary:
    """Check every file; problems are printed as they are found, one line each.

    ``progress``: True always shows the bar on ``err``, None shows it when ``err`` is a terminal (see
    Progress), False never.
    """
    summary = Summary()
    total = 0
    for path in paths:
        with contextlib.suppress(OSError):  # an unreadable file is reported when its turn comes
            total += path.stat().st_size
    is_terminal = err is not None and err.isatty()
    bar = Progress(
        err,
        len(paths),
        enabled=bool(progress) or (progress is None and is_terminal),
        immediate=bool(progress) or total >= PROGRESS_BYTES,
    )

    def report(line: str) -> None:
        bar.clear()
        print(one_line(line), file=out, flush=bar.enabled)

    for done, path in enumerate(paths):
        bar.file(done, str(path))
        try:
            data = _read_file(path, max_bytes)
            check_data(data, str(path), ruleset, summary, report, max_bytes=max_bytes, on_hand=bar.hand)
        except LogFormatError as error:
            summary.errors += 1
            report(f"error: {error}")
        except RecursionError:
            summary.errors += 1
            report(f"error: {path}: nested too deeply to be read")
        except Exception as error:  # a reader bug must not stop the run: still one line, and it is counted
            summary.errors += 1
            text = " ".join(str(error).split())[:200]
            report(f"error: {path}: cannot be checked (internal error {type(error).__name__}: {text})")
    bar.clear()
    print(summary.line(), file=out)
    return summary


def run(
    paths: Sequence[str],
    ruleset: str | None,
    out: TextIO,
    *,
    err: TextIO | None = None,
    progress: bool | None = None,
    max_size_mb: float | None = None,
) -> int:
    """The command's exit status: 0 when every hand agreed, 1 when some disagreed, 2 when a file or a hand
    could not be checked (a data error) or --max-size is out of range."""
    if max_size_mb is not None and not 0 < max_size_mb <= MAX_SIZE_LIMIT_MB:
        print(f"verify-log: --max-size must be more than 0 and at most {MAX_SIZE_LIMIT_MB} MB", file=err)
        return 2
    max_bytes = MAX_FILE_BYTES if max_size_mb is None else max(1, int(max_size_mb * 1024 * 1024))
    summary = verify_files(
        [Path(path) for path in paths], ruleset, out, err=err, progress=progress, max_bytes=max_bytes
    )
    return 2 if summary.errors else 1 if summary.disagreed else 0
