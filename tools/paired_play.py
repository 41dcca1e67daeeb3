"""Paired play: is one AI better than another, measured on the same walls and scores with one seat swapped.

``python -m tools.paired_play NEW [--old OLD] [--others SPEC] [--mode hand|end] [--from HAND] [--trials N]
[--start S] [--jobs 2] [--json OUT] [--mjai-timeout SECONDS]``. NEW and OLD are a level (``easy``,
``normal``, ``strong``; OLD defaults to ``strong``) or ``module:Class``, an importable subclass of
``game.ai.player.AiSeat`` built like a strong seat (how an AI change is tried before it is written into the
level). The table plays the standard preset (four players, hanchan). Each trial deals one position twice from
the same seed: every seat played by OLD, but one seat (the trial number modulo the players) by NEW in the
first play and by OLD in the second. ``--others SPEC`` seats any seat spec of ``main.py simulate`` in the
other seats instead of OLD, e.g. ``--others "mjai:node ../shared/tools/kobabot/kobabot.js"`` (kobalab's AI,
which answers the same position the same way, so that the pairing holds); an mjai bot that had to be
replaced by safe play is counted in the summary's ``fallbacks``. ``--mjai-timeout`` is the time such a bot
has for each answer (10 s; a slow or busy machine needs more, as ``simulate``'s option of that name says).

* ``--mode hand`` (the default): one hand from a random hand of the first seven (East 1 to South 3) with
  random scores; the measure is the swapped seat's point change in that hand.
* ``--mode end``: from ``--from`` (default ``S4``; ``E1``..``S4``) with random scores to the end of the
  hanchan; the measure is the swapped seat's final rank (the placement logic of the last hands).

Most trials play out the same both times (the two AIs choose alike); the others carry the difference. So the
first play asks OLD too at each of NEW's decisions (a shadow that sees what NEW sees), and a trial where the
two chose alike throughout is not played again: the table and the other seats are deterministic, so the
second play would repeat the first move for move (its measure is the first one's).

The last line is ``paired new=NEW old=OLD mode=M trials=N differing=D gain=G se=S unit=U`` (and
``others=SPEC fallbacks=F`` with ``--others``): the mean of
(NEW - OLD) over every trial, in points per hand (``unit=points``) or in final places (``unit=places``,
positive when NEW finishes higher), with its standard error. Trials are seeded from ``--start`` and their
number, so a run is repeatable; ``--json OUT`` writes each trial's position and both measures. While it
runs, a progress line on standard error counts the trials done, with their rate and the time left. Stopped
early (Ctrl-C, or a termination request such as ``kill``), it waits for the trials in play (a second stop
meanwhile is ignored), then says so on standard error and still writes and sums the trials done (exit status
130 after Ctrl-C, 143 after SIGTERM).

It is a measuring instrument for the AI's work (see the README's strong AI section), not part of the game; bad
input (an unknown level or class, a bad option) is one line on stderr and exit status 2.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import signal
import statistics
import sys
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from game.ai.player import AiSeat
from game.seat import Seat
from game.simulate import ProgressBar, SpecError, check_spec, close_seats, fallbacks_of
from game.simulate import make_seat as make_other
from game.table import Table
from game.view import SeatView
from rules.actions import Action
from rules.events import Event
from rules.match import MatchState
from rules.ruleset import RuleSet, preset
from tools import ai_specs
from tools.ai_specs import AiSpecError

HAND_NAMES = tuple(f"{wind}{number}" for wind in "ES" for number in range(1, 5))
HAND_SEED = 70000  # table seeds of the trials: HAND_SEED + start + trial
SEAT_SEED = 1000  # each seat's AI seed: SEAT_SEED + seat, as the rollout judge seeds its shadows
MAX_MJAI_TIMEOUT_S = 3600  # --mjai-timeout, as simulate's


class PairedError(ValueError):
    """Input the tool cannot use; the message is one line."""


@dataclass(frozen=True)
class Trial:
    """One position played twice: the swapped seat's measure with NEW and with OLD."""

    number: int
    hand: str
    seat: int
    scores: tuple[int, ...]
    new: float
    old: float
    fallbacks: int = 0


class Shadowed:
    """NEW in the swapped seat, with OLD shadowing it: OLD sees every event and is asked every decision,
    and ``differed`` tells whether it ever chose otherwise (NEW's choice is the one played)."""

    def __init__(self, new: AiSeat, old: AiSeat) -> None:
        self.new = new
        self.old = old
        self.differed = False

    def observe(self, event: Event) -> None:
        self.new.observe(event)
        self.old.observe(event)

    def decide(self, view: SeatView, legal: tuple[Action, ...]) -> Action | None:
        choice = self.new.decide(view, legal)
        if not self.differed and self.old.decide(view, legal) != choice:
            self.differed = True
        return choice


def seat_factory(spec: str) -> type[AiSeat] | None:
    """The class a ``module:Class`` spec names (None for a level name); PairedError when it is neither."""
    try:
        return ai_specs.seat_factory(spec)
    except AiSpecError as error:
        raise PairedError(str(error)) from None


def make_seat(spec: str, rules: RuleSet, seat: int) -> AiSeat:
    """The AI ``spec`` names for ``seat``, seeded as the rollout judge seeds its shadows."""
    return ai_specs.build_seat(spec, rules, SEAT_SEED + seat)


def random_scores(rng: random.Random, spread: float, players: int) -> tuple[int, ...]:
    """Scores summing to the start total, each off it by a normal ``spread`` (in hundreds, all above 1000)."""
    start = 25000
    while True:
        scores = [start + int(rng.gauss(0, spread) / 100) * 100 for _ in range(players - 1)]
        scores.append(start * players - sum(scores))
        if all(score > 1000 for score in scores):
            return tuple(scores)


@dataclass(frozen=True)
class Job:
    new: str
    old: str
    mode: str
    start_hand: int  # index into HAND_NAMES for --mode end
    number: int
    start: int
    others: str | None = None
    mjai_timeout_s: float = 10.0


def play_trial(job: Job) -> Trial:
    """Deal the job's position twice (NEW, then OLD in the swapped seat) and measure the seat both times."""
    rules = preset("standard")
    rng = random.Random(job.start + job.number)
    if job.mode == "hand":
        index = rng.randrange(len(HAND_NAMES) - 1)
        scores = random_scores(rng, 3000 + 3000 * index**0.5, rules.players)
    else:
        index = job.start_hand
        scores = random_scores(rng, 9000, rules.players)
    seat = job.number % rules.players
    measures: list[float] = []
    fallbacks = 0
    shadowed: Shadowed | None = None
    for spec in (job.new, job.old):
        if shadowed is not None and not shadowed.differed:
            measures.append(measures[0])  # OLD chose as NEW did throughout: the same play move for move
            break
        seats: list[Seat] = []
        try:
            for index_ in range(rules.players):
                if index_ == seat and not measures:
                    shadowed = Shadowed(make_seat(spec, rules, index_), make_seat(job.old, rules, index_))
                    seats.append(shadowed)
                elif index_ == seat:
                    seats.append(make_seat(spec, rules, index_))
                elif job.others is None:
                    seats.append(make_seat(job.old, rules, index_))
                else:
                    try:
                        trial = f"trial {job.number + 1} of --start {job.start}"  # for a bench warning
                        other = make_other(
                            job.others, index_, rules, SEAT_SEED + index_, job.mjai_timeout_s, trial
                        )
                    except Exception as error:  # a bot that cannot start is bad input, not a crash
                        raise PairedError(f"--others: cannot start seat {index_}: {error}") from None
                    seats.append(other)
            table = Table(rules, seats, HAND_SEED + job.start + job.number)
            table.match = MatchState(
                rules, round_wind=index // 4, kyoku=index % 4, honba=0, riichi_sticks=0, scores=scores
            )
            if job.mode == "hand":
                while table.match.hands_played == 0 and table.standings is None:
                    table.step(1)
                measures.append(float(table.match.scores[seat] - scores[seat]))
            else:
                standings = table.run()
                measures.append(-float(standings.ranks[seat]))  # higher is better, like points
        finally:
            fallbacks += sum(fallbacks_of(seat_object) for seat_object in seats)
            close_seats(seats)
    return Trial(job.number, HAND_NAMES[index], seat, scores, measures[0], measures[1], fallbacks)


def summary(new: str, old: str, mode: str, trials: Sequence[Trial], others: str | None = None) -> str:
    """The result line: the mean gain of NEW over OLD per trial with its standard error."""
    gains = [trial.new - trial.old for trial in trials]
    differing = sum(1 for gain in gains if gain)
    error = statistics.stdev(gains) / len(gains) ** 0.5 if len(gains) > 1 else 0.0
    unit = "points" if mode == "hand" else "places"
    return (
        f"paired new={new} old={old} mode={mode} trials={len(trials)} differing={differing} "
        f"gain={statistics.fmean(gains):.4g} se={error:.4g} unit={unit}"
        + (f" others={others} fallbacks={sum(trial.fallbacks for trial in trials)}" if others else "")
    )


def run(argv: Sequence[str] | None = None) -> int:
    """The command: prints the summary line; 2 on bad input, 130 or 143 when stopped (Ctrl-C, SIGTERM)."""
    previous = _catch_stops()
    try:
        return _run(argv)
    except KeyboardInterrupt:  # a stop before the first trial began: nothing to write
        return 128 + (_Stops.signum or signal.SIGINT)
    finally:
        _release_stops(previous)


def _run(argv: Sequence[str] | None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.paired_play", description=__doc__.split("\n")[0])
    parser.add_argument("new", metavar="NEW", help="a level or module:Class (an AiSeat subclass)")
    parser.add_argument("--old", default="strong", metavar="OLD", help="a level or module:Class (strong)")
    parser.add_argument(
        "--others", metavar="SPEC", help="the other seats: any simulate seat spec, e.g. mjai:COMMAND (OLD)"
    )
    parser.add_argument("--mode", default="hand", choices=("hand", "end"))
    parser.add_argument(
        "--from", dest="start_hand", default="S4", metavar="HAND", help="--mode end: E1..S4 (S4)"
    )
    parser.add_argument("--trials", type=int, default=400, metavar="N", help="positions (400)")
    parser.add_argument("--start", type=int, default=0, metavar="S", help="first trial's seed (0)")
    parser.add_argument("--jobs", type=int, default=1, metavar="N", help="worker processes (1)")
    parser.add_argument("--json", metavar="OUT", help="write every trial to OUT")
    parser.add_argument(
        "--mjai-timeout",
        default="10",
        metavar="SECONDS",
        help=f"--others: time an mjai bot has for each answer, at most {MAX_MJAI_TIMEOUT_S} (10)",
    )
    args = parser.parse_args(argv)
    try:
        if args.trials < 1 or args.jobs < 1:
            raise PairedError("--trials and --jobs must be at least 1")
        timeout = _timeout(args.mjai_timeout)
        if args.start_hand not in HAND_NAMES:
            raise PairedError(f"--from {args.start_hand}: not one of {', '.join(HAND_NAMES)}")
        for spec in (args.new, args.old):
            seat_factory(spec)
        if args.others is not None:
            try:
                check_spec(args.others)
            except SpecError as error:
                raise PairedError(f"--others: {error}") from None
        start_hand = HAND_NAMES.index(args.start_hand)
        jobs = [
            Job(args.new, args.old, args.mode, start_hand, n, args.start, args.others, timeout)
            for n in range(args.trials)
        ]
        bar = ProgressBar(sys.stderr, unit="trials")
        trials: list[Trial] = []
        stopped = 0  # the exit status of a run stopped early: 130 by Ctrl-C, 143 by SIGTERM (as main.py's)
        pool = ProcessPoolExecutor(args.jobs, initializer=_ignore_stops) if args.jobs > 1 else None
        try:
            # one trial at a time to each worker, so that a stop waits for one trial a worker at most
            for trial in pool.map(play_trial, jobs) if pool else map(play_trial, jobs):
                trials.append(trial)
                bar(len(trials), len(jobs))
        except KeyboardInterrupt as error:
            stopped = 128 + (signal.SIGTERM if isinstance(error, Terminated) else signal.SIGINT)
        finally:
            bar.close()
            if pool:
                pool.shutdown(cancel_futures=True)
        _Stops.signum = _Stops.signum or -1  # the trials are over: a stop now would only cut the writing
        if stopped:
            print(f"paired_play: stopped after {len(trials)} of {len(jobs)} trials", file=sys.stderr)
            if not trials:
                return stopped
        if args.json:
            try:
                Path(args.json).write_text(json.dumps([asdict(trial) for trial in trials]), encoding="utf-8")
            except OSError as error:
                raise PairedError(f"--json {args.json}: {error.strerror or error}") from None
    except PairedError as error:
        print(f"paired_play: {error}", file=sys.stderr)
        return 2
    print(summary(args.new, args.old, args.mode, trials, args.others))
    return stopped


def _timeout(text: str) -> float:
    """``--mjai-timeout``'s seconds: more than 0 and at most ``MAX_MJAI_TIMEOUT_S`` (as ``simulate``'s)."""
    try:
        seconds = float(text)
    except ValueError:
        seconds = math.nan
    if not 0 < seconds <= MAX_MJAI_TIMEOUT_S:
        raise PairedError(
            f"--mjai-timeout {text}: must be more than 0 and at most {MAX_MJAI_TIMEOUT_S} seconds"
        )
    return seconds


class Terminated(KeyboardInterrupt):
    """SIGTERM, raised to stop the run as Ctrl-C does."""


class _Stops:
    """The stop signal the run is winding down from (0: none yet; -1: none, the trials are over)."""

    signum = 0


def _stop(signum: int, frame: object) -> None:
    """Ctrl-C or a termination request stops the run: the trials done are still written and summed. Only the
    first one raises; another while the run waits for the trials in play is ignored (it would end the wait
    with a traceback and lose the trials done)."""
    if _Stops.signum:
        return
    _Stops.signum = signum
    raise Terminated if signum == signal.SIGTERM else KeyboardInterrupt


def _catch_stops() -> dict[int, Any]:
    """Put ``_stop`` in place for Ctrl-C and SIGTERM (a signal the tool was started with ignored stays
    ignored); the handlers it replaced."""
    _Stops.signum = 0
    previous: dict[int, Any] = {}
    for signum in (signal.SIGINT, signal.SIGTERM):
        handler = signal.getsignal(signum)
        if handler is not signal.SIG_IGN:
            previous[signum] = handler
            signal.signal(signum, _stop)
    return previous


def _release_stops(previous: dict[int, Any]) -> None:
    """The handlers ``_catch_stops`` replaced, back in place once the run has written what it did."""
    for signum, handler in previous.items():
        signal.signal(signum, signal.SIG_DFL if handler is None else handler)


def _ignore_stops() -> None:
    """In a worker: leave Ctrl-C and termination to the main process, which stops the run in order."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_IGN)


if __name__ == "__main__":
    sys.exit(run())
