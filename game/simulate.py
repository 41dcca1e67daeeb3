"""Headless self-play: many hanchan between AI levels, simple bots and external mjai bots, with statistics.

``simulate`` plans the games (optionally duplicate: every wall replayed with the players rotated through every
seat), plays them in one process or several, counts each seat's results from the unredacted engine events and
pools them per seat spec ("label") with the tallies of ``game.stats`` (the records' statistics share them);
with a LogWriter each game is also written as tenhou.net/6 JSON and mjai JSON lines. The ``simulate`` command
of main.py is a thin shell around it.

Rates are per hand played by the label's seats, except ``tenpai_at_draw_rate`` (tenpai hands at exhaustive
draws / exhaustive draws the label's seats took part in) and ``avg_win_points`` (mean table value of a win).
``fallbacks`` is a count: the decisions of an external mjai bot that safe play answered instead (it crashed,
stalled or answered illegally; from then on, every decision of that game), 0 for AI levels and simple bots.
"""

from __future__ import annotations

import contextlib
import ctypes
import dataclasses
import importlib
import math
import multiprocessing
import os
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from types import FrameType
from typing import Any, TextIO, cast

from game.ai import LEVELS, create_ai
from game.bots import GreedySeat, RandomSeat, TsumogiriSeat
from game.journal import Journal
from game.logs import mjai as mjai_log
from game.logs import tenhou6
from game.logs.record import GameRecord
from game.recorder import GameRecorder
from game.seat import Seat
from game.stats import HandTally, PlayerStats, SeatResult
from game.table import Table, derive_seed
from game.view import SeatView
from rules.actions import Action
from rules.events import Event
from rules.ruleset import RuleSet, RuleSetError, preset

BOTS = ("random", "tsumogiri", "greedy")
"""The simple bots of game/bots.py a seat spec may name."""
MJAI_PREFIX = "mjai:"
"""A seat spec ``mjai:<command>`` runs an external mjai bot with that command line."""

Progress = Callable[[int, int], None]
"""Told (games done, games in all) after each finished game."""


class SpecError(ValueError):
    """A bad simulation argument (seat spec, player count, game count, jobs, rule set); one-line message."""


class SimulationError(RuntimeError):
    """A game could not be played, e.g. an external bot failed to start; one-line message."""


class LogWriteError(SimulationError):
    """A game log could not be written (disk full, the folder removed mid-run); one-line message."""


def parse_players(text: str) -> tuple[str, ...]:
    """Split a comma-separated seat list; a piece that is no spec continues the mjai command before it.

    >>> parse_players("mjai:python bot.py --opt a,b,strong, normal")
    ('mjai:python bot.py --opt a,b', 'strong', 'normal')
    """
    specs: list[str] = []
    for piece in text.split(","):
        spec = piece.strip()
        if specs and specs[-1].startswith(MJAI_PREFIX) and not _is_spec_start(spec):
            specs[-1] += "," + piece  # a comma inside the mjai command line
            continue
        specs.append(spec)
    for spec in specs:
        check_spec(spec)
    return tuple(specs)


def _is_spec_start(spec: str) -> bool:
    return spec in LEVELS or spec in BOTS or spec.startswith(MJAI_PREFIX)


def check_spec(spec: str) -> None:
    """Raise SpecError unless ``spec`` names an AI level, a simple bot or ``mjai:<command>``."""
    if spec.startswith(MJAI_PREFIX):
        if not spec[len(MJAI_PREFIX) :].strip():
            raise SpecError(f"seat spec {spec!r} has no command after 'mjai:'")
        return
    if spec not in LEVELS and spec not in BOTS:
        known = ", ".join((*LEVELS, *BOTS, "mjai:<command>"))
        raise SpecError(f"unknown seat spec {spec!r} (expected one of {known})")


def rules_for(name: str) -> RuleSet:
    """The named rule preset; an unknown name is a SpecError listing the known ones."""
    try:
        return preset(name)
    except RuleSetError as error:
        raise SpecError(str(error)) from None


def rotations(rules: RuleSet, duplicate: bool) -> int:
    """Games per wall: the player count in duplicate mode, else 1."""
    return rules.players if duplicate else 1


@dataclass(frozen=True)
class GameJob:
    """Everything one worker needs to play one game: picklable, so it runs the same under spawn."""

    index: int
    rules: RuleSet
    specs: tuple[str, ...]  # by seat, after the duplicate rotation
    table_seed: int  # the Table seed; the same for every rotation of one wall
    seat_seeds: tuple[int, ...]
    mjai_timeout_s: float = 2.0
    record: bool = False  # also return the game's GameRecord (for its logs)


def plan_games(
    specs: Sequence[str],
    games: int,
    rules: RuleSet,
    seed: int,
    duplicate: bool,
    mjai_timeout_s: float = 2.0,
    record: bool = False,
) -> list[GameJob]:
    """The games of a run, in order; game ``g`` of a duplicate run plays wall ``g // n`` rotated ``g % n``.

    In rotation ``r`` the player given as ``specs[p]`` sits at seat ``(p + r) % n``, so over one wall's ``n``
    games each player has sat at every seat. Seat seeds depend only on (seed, game index, seat).
    """
    check_run(specs, games, rules, 1, duplicate)
    count = rotations(rules, duplicate)
    players = rules.players
    jobs = []
    for index in range(games):
        wall, rotation = divmod(index, count)
        jobs.append(
            GameJob(
                index=index,
                rules=rules,
                specs=tuple(specs[(seat - rotation) % players] for seat in range(players)),
                table_seed=derive_seed("table", seed, wall),
                seat_seeds=tuple(derive_seed("seat", seed, index, seat) for seat in range(players)),
                mjai_timeout_s=mjai_timeout_s,
                record=record,
            )
        )
    return jobs


def check_run(specs: Sequence[str], games: int, rules: RuleSet, jobs: int, duplicate: bool) -> None:
    """Raise SpecError for a run that cannot be played as asked."""
    for spec in specs:
        check_spec(spec)
        if spec.startswith(MJAI_PREFIX) and rules.flowers:
            raise SpecError(f"the rule set {rules.name!r} has flowers, which mjai has no tiles for: {spec!r}")
    if len(specs) != rules.players:
        raise SpecError(
            f"{len(specs)} seat specs for the {rules.players}-player rule set {rules.name!r}; "
            f"give exactly {rules.players}, comma-separated"
        )
    if games <= 0:
        raise SpecError(f"the number of games must be at least 1, got {games}")
    if jobs <= 0:
        raise SpecError(f"the number of jobs must be at least 1, got {jobs}")
    count = rotations(rules, duplicate)
    if games % count:
        raise SpecError(
            f"duplicate mode plays each wall {count} times: the games ({games}) must be a multiple"
        )


def make_seat(
    spec: str, seat: int, rules: RuleSet, seed: int, mjai_timeout_s: float = 2.0, where: str = ""
) -> Seat:
    """A new seat playing ``spec`` at ``seat`` (``where``: the game, named when an mjai bot is benched)."""
    if spec in LEVELS:
        return create_ai(spec, rules, seed)
    if spec == "random":
        return RandomSeat(seed)
    if spec == "tsumogiri":
        return TsumogiriSeat()
    if spec == "greedy":
        return GreedySeat(seed)
    check_spec(spec)
    # imported only when asked for: the external-bot module starts processes and is not needed otherwise
    module: Any = importlib.import_module("game.mjai.seat")
    command = spec[len(MJAI_PREFIX) :].strip()
    return cast(
        Seat, module.ExternalMjaiSeat(command, seat, rules, timeout_s=mjai_timeout_s, name=spec, where=where)
    )


class TimedSeat:
    """A seat proxy that records how long each answered ``decide`` took, in milliseconds."""

    def __init__(self, inner: Seat, sink: list[float]) -> None:
        self.inner = inner
        self.sink = sink

    def decide(self, view: SeatView, legal: tuple[Action, ...]) -> Action | None:
        """The inner seat's answer; its time is kept only when it answered (None is "not yet")."""
        start = time.perf_counter_ns()
        answer = self.inner.decide(view, legal)
        if answer is not None:
            self.sink.append((time.perf_counter_ns() - start) / 1e6)
        return answer

    def observe(self, event: Event) -> None:
        """Passed on to the inner seat."""
        self.inner.observe(event)


@dataclass(frozen=True)
class GameResult:
    """What one game gave: its hands and draws, each seat's tallies, and decision times per label."""

    index: int
    hands: int
    draws: int
    seats: tuple[SeatResult, ...]
    decision_ms: dict[str, list[float]] = field(default_factory=dict)
    record: GameRecord | None = None  # the whole game, when the job asked for it


def play_game(job: GameJob) -> GameResult:
    """Play one game to its end and tally it (a top-level function, so worker processes can run it)."""
    rules = job.rules
    timings: dict[str, list[float]] = {spec: [] for spec in job.specs}
    seats: list[Seat] = []
    recorder: GameRecorder | None = None
    try:
        for seat, (spec, seed) in enumerate(zip(job.specs, job.seat_seeds, strict=True)):
            try:
                seats.append(make_seat(spec, seat, rules, seed, job.mjai_timeout_s, f"game {job.index + 1}"))
            except Exception as error:
                raise SimulationError(f"cannot start seat {seat} ({spec}): {error}") from None
        table = Table(
            rules,
            [TimedSeat(seat, timings[spec]) for seat, spec in zip(seats, job.specs, strict=True)],
            job.table_seed,
        )
        tally = HandTally(rules.players)
        table.subscribe_engine(tally)
        if job.record:
            extra = {"seed": str(job.table_seed)}  # the recorder adds the length the table plays
            recorder = GameRecorder(rules, job.specs, source=f"game {job.index + 1}", extra=extra)
            table.subscribe_engine(recorder.observe)
        standings = table.run()
    finally:
        close_seats(seats)
    results = tuple(
        tally.seat_result(seat, job.specs[seat], standings, fallbacks_of(seats[seat]))
        for seat in range(rules.players)
    )
    record = recorder.record(standings) if recorder is not None else None
    return GameResult(job.index, tally.hands, tally.draws, results, timings, record)


def close_seats(seats: Iterable[Seat]) -> None:
    """Close the seats that hold something open (an external mjai bot's process)."""
    for seat in seats:
        close = getattr(seat, "close", None)
        if callable(close):
            close()


def fallbacks_of(seat: Seat) -> int:
    """How many of the seat's decisions were answered by safe play in place of its own (an external mjai
    bot's ``fallbacks``; 0 for the seats that always answer themselves)."""
    count = getattr(seat, "fallbacks", 0)
    return count if isinstance(count, int) else 0


@dataclass(frozen=True)
class DecisionTimes:
    """Distribution of one label's answered ``decide`` times in milliseconds (nearest-rank percentiles)."""

    count: int
    p50: float
    p95: float
    p99: float
    max: float

    @classmethod
    def of(cls, samples: Iterable[float]) -> DecisionTimes:
        """The distribution of ``samples`` (all zero when there are none)."""
        ordered = sorted(samples)
        if not ordered:
            return cls(0, 0.0, 0.0, 0.0, 0.0)
        return cls(
            len(ordered),
            percentile(ordered, 50),
            percentile(ordered, 95),
            percentile(ordered, 99),
            ordered[-1],
        )


def percentile(ordered: Sequence[float], percent: float) -> float:
    """The nearest-rank percentile of sorted, non-empty ``ordered``.

    >>> percentile([1.0, 2.0, 3.0, 4.0], 50), percentile([1.0, 2.0, 3.0, 4.0], 95)
    (2.0, 4.0)
    """
    rank = max(1, math.ceil(percent / 100 * len(ordered)))
    return ordered[rank - 1]


@dataclass(frozen=True)
class GameOutcome:
    """How one game ended for each seat: its label, place (1-based) and final score; two runs of the same seed
    can be compared game by game (the same walls; play differs only from a first differing decision)."""

    game: int  # 1-based, as in the log names
    labels: tuple[str, ...]
    ranks: tuple[int, ...]
    scores: tuple[int, ...]
    hands: int

    def to_json(self) -> dict[str, Any]:
        """One entry of ``per_game`` in the ``--json`` object."""
        return {
            "game": self.game,
            "labels": list(self.labels),
            "ranks": list(self.ranks),
            "scores": list(self.scores),
            "hands": self.hands,
        }


@dataclass(frozen=True)
class SimulationResult:
    """A whole run: games, hands, exhaustive draws, elapsed time, each label's stats and decision times."""

    games: int
    hands: int
    draws: int
    elapsed_s: float
    players: tuple[PlayerStats, ...]
    decision_ms: dict[str, DecisionTimes]
    chips: bool = False  # the rule set has chips (RULES.md §12): the summary table shows them
    per_game: tuple[GameOutcome, ...] = ()  # each game's places and scores, in game order

    @property
    def draw_rate(self) -> float:
        """Hands ending in an exhaustive draw (nagashi mangan included) over all hands."""
        return self.draws / self.hands if self.hands else 0.0

    def to_json(self) -> dict[str, Any]:
        """The ``--json`` object, as plain data for ``json.dump``."""
        return {
            "games": self.games,
            "hands": self.hands,
            "elapsed_s": round(self.elapsed_s, 3),
            "draw_rate": self.draw_rate,
            "players": [player.to_json() for player in self.players],
            "decision_ms": {
                label: {
                    "p50": round(times.p50, 4),
                    "p95": round(times.p95, 4),
                    "p99": round(times.p99, 4),
                    "max": round(times.max, 4),
                }
                for label, times in self.decision_ms.items()
            },
            "decision_counts": {label: times.count for label, times in self.decision_ms.items()},
            "per_game": [outcome.to_json() for outcome in self.per_game],
        }


def summarize(
    specs: Sequence[str],
    players: int,
    results: Iterable[GameResult],
    elapsed_s: float,
    chips: bool = False,
) -> SimulationResult:
    """Pool game results per label (labels in the order first given in ``specs``), in game order; ``chips``
    when the rule set has chips (the summary table then shows them)."""
    stats = {spec: PlayerStats(spec, players) for spec in specs}
    samples: dict[str, list[float]] = {spec: [] for spec in specs}
    games = hands = draws = 0
    outcomes = []
    for result in sorted(results, key=lambda result: result.index):
        games += 1
        hands += result.hands
        draws += result.draws
        outcomes.append(
            GameOutcome(
                result.index + 1,
                tuple(seat.label for seat in result.seats),
                tuple(seat.rank for seat in result.seats),
                tuple(seat.score for seat in result.seats),
                result.hands,
            )
        )
        for seat in result.seats:
            stats[seat.label].add(seat)
        for label, times in result.decision_ms.items():
            samples[label].extend(times)
    return SimulationResult(
        games=games,
        hands=hands,
        draws=draws,
        elapsed_s=elapsed_s,
        players=tuple(stats.values()),
        decision_ms={label: DecisionTimes.of(times) for label, times in samples.items()},
        chips=chips,
        per_game=tuple(outcomes),
    )


def simulate(
    specs: Sequence[str],
    games: int,
    rules: RuleSet,
    seed: int = 1,
    jobs: int = 1,
    duplicate: bool = False,
    progress: Progress | None = None,
    mjai_timeout_s: float = 2.0,
    logs: LogWriter | None = None,
    journal: Journal | None = None,
) -> SimulationResult:
    """Play ``games`` games of ``specs`` (one per seat) and pool the stats; the same for any ``jobs``.

    With ``logs`` every game is also written as it finishes (LogWriteError when it cannot be). With a
    ``journal`` (see ``game.journal``), the games it holds are not played again and each game played is added
    to it as it finishes (after its logs); the stats and the elapsed time cover the run's every session.
    """
    check_run(specs, games, rules, jobs, duplicate)
    planned = plan_games(specs, games, rules, seed, duplicate, mjai_timeout_s, record=logs is not None)
    done: list[GameResult] = []
    earlier_s = 0.0
    if journal is not None:
        kept = journal.load(games, specs, rules.players)
        done = [GameResult(g.index, g.hands, g.draws, g.seats, g.decision_ms) for g in kept.values()]
        earlier_s = journal.elapsed_s
        planned = [job for job in planned if job.index not in kept]
    start = time.perf_counter()

    def take(result: GameResult) -> GameResult:
        if logs is not None:
            result = logs.take(result)
        if journal is not None:
            elapsed = earlier_s + time.perf_counter() - start
            journal.add(result.index, result.hands, result.draws, result.seats, result.decision_ms, elapsed)
        return result

    counted = progress
    if progress is not None and done:

        def counted(finished: int, total: int) -> None:
            progress(finished + len(done), total + len(done))

    try:
        results = run_games(planned, jobs, counted, take) if planned else []
    finally:
        if journal is not None:
            journal.close()
    elapsed_s = earlier_s + time.perf_counter() - start
    return summarize(specs, rules.players, [*done, *results], elapsed_s, rules.chips)


def run_games(
    planned: Sequence[GameJob],
    jobs: int,
    progress: Progress | None = None,
    take: Callable[[GameResult], GameResult] | None = None,
) -> list[GameResult]:
    """Play the planned games here (``jobs`` 1) or in a pool of worker processes; results in any order.

    ``take`` sees each result first, here, as the games finish (it may write the record and drop it).
    """
    total = len(planned)
    results: list[GameResult] = []

    def finished(result: GameResult) -> None:
        results.append(take(result) if take is not None else result)
        if progress is not None:
            progress(len(results), total)

    if jobs == 1:
        for job in planned:
            finished(play_game(job))
        return results
    with signals_blocked() as unblock:
        pool = multiprocessing.get_context().Pool(
            min(jobs, total), initializer=_start_worker, initargs=(os.getpid(),)
        )
        try:
            unblock()  # a Ctrl-C or SIGTERM that came while the pool started is raised here
            for result in pool.imap_unordered(_play_in_worker, planned):
                finished(result)
            pool.close()
        except BaseException as error:
            watchdog = _stop_watchdog(error)
            pool.terminate()  # Ctrl-C, SIGTERM or a failed game: stop every worker now
            raise
        else:
            watchdog = None
        finally:
            pool.join()
            if watchdog is not None:
                watchdog.cancel()
    return results


STOP_GRACE_S = 5.0
"""How long the pool may take to stop after Ctrl-C or SIGTERM before its workers are killed outright."""


def _stop_watchdog(error: BaseException) -> threading.Timer | None:
    """After Ctrl-C or SIGTERM, a promise that the run ends: should the pool's own shutdown still be stuck
    after STOP_GRACE_S, kill every worker process and end the program with the signal's status. None for
    other errors.

    Seen once in a CI run, under load: the parent hung in Pool.terminate() and a worker, left behind, waited
    forever for the task queue's read lock (multiprocessing.Pool takes that lock to stop its workers; a worker
    blocked on it is not reached by the parent's SIGTERM in time)."""
    if isinstance(error, KeyboardInterrupt):
        status = 130
    elif isinstance(error, SystemExit) and isinstance(error.code, int) and error.code > 128:
        status = error.code  # main.py's Terminated: 143
    else:
        return None

    def kill_and_exit() -> None:
        for process in multiprocessing.active_children():  # replacements the pool started included
            with contextlib.suppress(Exception):
                process.kill()
        os._exit(status)

    timer = threading.Timer(STOP_GRACE_S, kill_and_exit)
    timer.daemon = True
    timer.start()
    return timer


STOP_SIGNALS = frozenset(getattr(signal, name) for name in ("SIGINT", "SIGTERM") if hasattr(signal, name))
"""The signals that end a run: Ctrl-C and SIGTERM (a kill, a service manager stopping it)."""


@contextlib.contextmanager
def signals_blocked() -> Iterator[Callable[[], None]]:
    """Hold back STOP_SIGNALS in this thread until the ``unblock`` function given is called (or the block
    ends); one that came meanwhile is raised then. POSIX only (elsewhere it does nothing).

    The pool starts inside it, for two reasons: its helper threads inherit the block and keep it, so a
    signal always reaches the main thread, which wakes at once instead of at the next finished game; and
    no signal lands while the workers are forked, where an at-fork callback would swallow the
    KeyboardInterrupt ("Exception ignored in ... _releaseLock") and the run would go on to its end.
    """
    if not hasattr(signal, "pthread_sigmask"):
        yield lambda: None
        return
    previous = signal.pthread_sigmask(signal.SIG_BLOCK, STOP_SIGNALS)
    blocked = True

    def unblock() -> None:
        nonlocal blocked
        if blocked:
            blocked = False
            signal.pthread_sigmask(signal.SIG_SETMASK, previous)

    try:
        yield unblock
    finally:
        unblock()


_playing = False
"""In a worker process: a game is being played (SIGTERM then unwinds it, closing its external bots)."""


def _start_worker(parent: int) -> None:
    """Pool initializer. Ctrl-C is left to the parent, which terminates the pool (so workers print no
    tracebacks); the parent's SIGTERM ends the game in play through its finally blocks, closing any external
    bot, and the worker quietly; the signals blocked while the pool started are let through again; and on
    Linux the worker is killed when the parent ends, however it ends (no worker is ever left behind)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, _worker_terminated)
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, STOP_SIGNALS)
    _die_with(parent)


def _die_with(parent: int) -> None:
    """Linux: SIGKILL this process when the parent's thread that started it ends (prctl PR_SET_PDEATHSIG);
    if the parent is already gone, end now. Elsewhere nothing (the watchdog of run_games still applies)."""
    if sys.platform != "linux":
        return
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(1, int(signal.SIGKILL), 0, 0, 0)  # 1: PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        return
    if os.getppid() != parent:
        os._exit(1)


def _worker_terminated(signum: int, frame: FrameType | None) -> None:
    """SIGTERM in a worker: unwind the game being played; between games, just end."""
    if _playing:
        raise SystemExit(128 + signum)
    os._exit(128 + signum)


def _play_in_worker(job: GameJob) -> GameResult:
    """play_game in a worker process, marked as playing for _worker_terminated."""
    global _playing
    _playing = True
    try:
        return play_game(job)
    finally:
        _playing = False


class LogWriter:
    """Writes each finished game of a run into a folder, as tenhou.net/6 JSON and as mjai JSON lines.

    The names say the run's seed and the game's number (from 1, at least four digits), so the same run
    writes the same files: ``seed-1-game-0001.tenhou6.json`` and ``seed-1-game-0001.mjai.jsonl``. The
    players are named by their seat specs; the records keep the game length (the mjai ``kyoku_first``).
    """

    def __init__(self, folder: Path, seed: int) -> None:
        self.folder = folder
        self.seed = seed
        self.written: list[Path] = []

    def prepare(self) -> None:
        """Create the folder (and its parents) before the run; SpecError, one line, when it cannot be made
        or written into."""
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
        except FileExistsError:
            raise SpecError(f"cannot create --logs {self.folder}: a file has that name") from None
        except OSError as error:
            raise SpecError(f"cannot create --logs {self.folder}: {error.strerror or error}") from None
        if not os.access(self.folder, os.W_OK | os.X_OK):
            raise SpecError(f"cannot write into --logs {self.folder}: permission denied")

    def paths(self, index: int) -> tuple[Path, Path]:
        """The tenhou.net/6 and mjai files of game ``index`` (0-based)."""
        stem = f"seed-{self.seed}-game-{index + 1:04d}"
        return self.folder / f"{stem}.tenhou6.json", self.folder / f"{stem}.mjai.jsonl"

    def take(self, result: GameResult) -> GameResult:
        """Write the result's game (LogWriteError, one line, when a file cannot be written); the result
        without its record, so a long run keeps no logs in memory."""
        record = result.record
        if record is None:
            return result
        titled = dataclasses.replace(
            record,
            extra={
                **record.extra,
                "tenhou6_title": "riichi-mahjong simulate",
                "tenhou6_subtitle": f"seed {self.seed}, game {result.index + 1}",
            },
        )
        texts = (tenhou6.dumps(titled) + "\n", mjai_log.dumps(titled))
        for path, text in zip(self.paths(result.index), texts, strict=True):
            try:
                path.write_text(text, encoding="utf-8")
            except OSError as error:
                raise LogWriteError(f"cannot write the log {path}: {error.strerror or error}") from None
            self.written.append(path)
        return dataclasses.replace(result, record=None)


class ProgressBar:
    """A one-line progress display (games done/total, rate, ETA) rewritten in place with carriage returns."""

    def __init__(
        self, stream: TextIO, min_interval_s: float = 0.2, width: int = 24, unit: str = "games"
    ) -> None:
        self.stream = stream
        self.unit = unit
        self.min_interval_s = min_interval_s
        self.width = width
        self.start = time.perf_counter()
        self._last_shown = -math.inf
        self._shown = False

    def __call__(self, done: int, total: int) -> None:
        """Show the progress, at most every ``min_interval_s`` except for the last game."""
        now = time.perf_counter()
        if done < total and now - self._last_shown < self.min_interval_s:
            return
        self._last_shown = now
        elapsed = now - self.start
        rate = done / elapsed if elapsed > 0 else 0.0
        eta = _clock((total - done) / rate) if rate > 0 else "?"
        filled = self.width * done // total
        bar = "#" * filled + "." * (self.width - filled)
        unit = self.unit
        self.stream.write(f"\r[{bar}] {done}/{total} {unit}  {rate:.2f} {unit}/s  ETA {eta}  ")
        self.stream.flush()
        self._shown = True

    def close(self) -> None:
        """End the progress line (if one was shown)."""
        if self._shown:
            self.stream.write("\n")
            self.stream.flush()
            self._shown = False


def _clock(seconds: float) -> str:
    whole = round(seconds)
    return f"{whole // 3600}:{whole // 60 % 60:02d}:{whole % 60:02d}"


def format_summary(result: SimulationResult) -> str:
    """The summary table printed by the ``simulate`` command."""
    players = result.players[0].players if result.players else 4
    width = max([len("label"), *(len(player.label) for player in result.players)])
    places = "".join(f" {name:>5}" for name in ("1st", "2nd", "3rd", "4th")[:players])
    header = (
        f"{'label':<{width}} {'games':>6} {'hands':>7} {'rank':>5}{places} {'score':>8}"
        f" {'win':>6} {'dealin':>6} {'riichi':>6} {'call':>6} {'winpts':>7} {'tenpai@draw':>11}"
        + (f" {'chips':>6}" if result.chips else "")
        + f" {'fallbacks':>9}"
    )
    lines = [header]
    for player in result.players:
        dist = "".join(f" {share:>5.1%}" for share in player.rank_dist)
        win_points = f"{player.avg_win_points:>7.0f}" if player.avg_win_points is not None else f"{'-':>7}"
        lines.append(
            f"{player.label:<{width}} {player.games:>6} {player.hands:>7} {player.avg_rank:>5.2f}{dist}"
            f" {player.avg_score:>8.0f} {player.per_hand(player.wins):>6.1%}"
            f" {player.per_hand(player.deal_ins):>6.1%} {player.per_hand(player.riichi):>6.1%}"
            f" {player.per_hand(player.calls):>6.1%} {win_points} {player.tenpai_at_draw_rate:>11.1%}"
            + (f" {f'{player.chips:+d}' if player.chips else '0':>6}" if result.chips else "")
            + f" {player.fallbacks:>9}"
        )
    rate = result.games / result.elapsed_s if result.elapsed_s > 0 else 0.0
    lines.append(
        f"draw rate {result.draw_rate:.1%}  games {result.games}  hands {result.hands}"
        f"  elapsed {result.elapsed_s:.1f} s ({rate:.2f} games/s)"
    )
    width = max(width, len("decision ms"))
    lines.append(f"{'decision ms':<{width}} {'p50':>8} {'p95':>8} {'p99':>8} {'max':>8} {'calls':>9}")
    for label, times in result.decision_ms.items():
        lines.append(
            f"{label:<{width}} {times.p50:>8.3f} {times.p95:>8.3f} {times.p99:>8.3f} {times.max:>8.3f}"
            f" {times.count:>9}"
        )
    return "\n".join(lines)
