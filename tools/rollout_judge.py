"""Rollout judge: which of two choices at a logged decision is worth more, measured by playing the hand out.

``python -m tools.rollout_judge LOG... [--level strong] [--player-match TEXT] [--rollouts 16] [--only PATTERN]
[--skip-hands] [--jobs 2] [--json OUT]`` replays every hand of the tenhou.net/6 or mjai logs (files or folders
of them). At each decision of a judged seat (every seat, or those whose player name contains
``--player-match``) an AI of ``--level`` shadowing that seat is asked too; where its choice differs from the
logged one, the hand is played out ``--rollouts`` times from each of the two choices. Each pair of playouts
shares one re-shuffle of the live wall still to be drawn (the tiles behind the dead wall's reach left alone),
and every seat is played by an AI of ``--level`` from there. The measure is the judged seat's point change in
the hand: the mean of (the AI's choice - the logged one) over the rollouts. ``--level`` is a level name or
``module:Class``, an importable subclass of ``game.ai.player.AiSeat`` built like a strong seat (as
``tools.paired_play`` takes it): judged on logs of the strong level's own play with ``--player-match strong``,
only the decisions where that class would choose otherwise are played out, so an AI change is measured only
where it changes play.

Output: one line per category of decision (the threat on the table, claim or turn, shanten, and for calls and
riichi what each side did), ``category=C n=N mean=M se=S total=T``, then a summary line
``decisions=D differing=F judged=J``. ``--only 'claim:*,turn:*:sh0:*'`` judges only the categories that match
one of the shell patterns (the others still count as differing). ``--skip-hands`` (with ``--only``) first
replays each hand without the AI and leaves out the hands where no decision of a judged seat had a choice in
those categories: the same decisions are judged, far sooner when they are rare, and ``decisions`` and
``differing`` count the hands judged only. ``--json OUT`` writes every judged decision with its position and
its rollout differences. The rollouts are seeded from the file, hand, seat and draw, so a run is repeatable.
While it runs, a progress line on standard error counts the log files judged, with their rate and the time
left (a long run over many logs used to say nothing until its end).

It is a measuring instrument for the AI's work (see the README's strong AI section), not part of the game; bad
input (a missing or unreadable log, a bad option) is one line on stderr and exit status 2.
"""

from __future__ import annotations

import argparse
import contextlib
import copy
import dataclasses
import fnmatch
import json
import random
import statistics
import sys
import zlib
from collections import defaultdict
from collections.abc import Iterator, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.ai.hand import counts_of
from game.ai.player import AiSeat
from game.replay import ReplayError, replay_round
from game.review import ReviewError, file_plan, mjai_action, same_choice
from game.simulate import ProgressBar
from game.verify import round_label
from game.view import SeatView, redact, view_for
from rules.actions import PASS, Action, Discard
from rules.round import Phase, RoundState, apply, legal_actions
from rules.ruleset import RuleSet
from rules.shanten import shanten
from tools.ai_specs import AiSpecError, build_seat, seat_factory
from tools.log_paths import LogPathError
from tools.log_paths import log_files as find_logs

LOG_SUFFIXES = (".tenhou6.json", ".mjai.jsonl", ".json", ".jsonl", ".mjlog")


class JudgeError(ValueError):
    """Input the judge cannot use; the message is one line."""


@dataclass(frozen=True)
class Judged:
    """One decision where the AI and the log differ, with the rollouts' differences (AI - log)."""

    category: str
    source: str
    hand: str
    seat: int
    draws: int
    logged: dict[str, Any]
    ai: dict[str, Any]
    diffs: tuple[float, ...]

    @property
    def mean(self) -> float:
        return statistics.fmean(self.diffs)

    def to_json(self) -> dict[str, Any]:
        return {**dataclasses.asdict(self), "diffs": list(self.diffs), "mean": self.mean}


def shanten_now(view: SeatView) -> int:
    """The hand's shanten (for 14 tiles, after its best discard)."""
    counts = counts_of(view.hand)
    if sum(counts) % 3 == 2:
        return min(shanten([c - (i == k) for i, c in enumerate(counts)]) for k in range(34) if counts[k])
    return shanten(counts)


def category(view: SeatView, logged: Action, ai: Action) -> str:
    """What kind of decision this is: the threat on the table (another seat's riichi, an open hand, none),
    then a claim (who called what), a riichi or not on the same discard, or a turn by shanten (at tenpai:
    the shanten after each side's discard, k for the log and o for ours)."""
    others = [seat for seat in range(view.n) if seat != view.seat]
    if any(view.players[seat].riichi for seat in others):
        threat = "riichi"
    elif any(any(meld.type.name != "ANKAN" for meld in view.players[seat].melds) for seat in others):
        threat = "open"
    else:
        threat = "none"
    if view.phase not in (Phase.TURN, Phase.AFTER_CALL):
        kind = f"we_call_{type(ai).__name__}" if ai != PASS else f"we_pass_{type(logged).__name__}"
        return f"claim:{threat}:{kind}"
    if not isinstance(logged, Discard) or not isinstance(ai, Discard):
        return f"turn:{threat}:sh{min(shanten_now(view), 3)}"
    if logged.tile >> 2 == ai.tile >> 2 and logged.riichi != ai.riichi:
        return f"riichi:{threat}:{'we_riichi' if ai.riichi else 'we_dama'}"
    level = min(shanten_now(view), 3)
    if level == 0:
        counts = counts_of(view.hand)

        def after(action: Discard) -> int:
            rest = list(counts)
            rest[action.tile >> 2] -= 1
            return shanten(rest)

        return f"turn:{threat}:sh0:k{after(logged)}o{after(ai)}"
    return f"turn:{threat}:sh{level}"


def reshuffled(state: RoundState, rng: random.Random) -> RoundState:
    """``state`` with the live tiles still to be drawn in a new order (the last four before the dead wall,
    which kans may move into it, stay where they are)."""
    wall = state.wall
    tiles = list(wall.tiles)
    start = 13 * state.n + state.draws
    end = wall.size - wall.dead_wall - 4
    if end - start > 1:
        part = tiles[start:end]
        rng.shuffle(part)
        tiles[start:end] = part
    return dataclasses.replace(state, wall=type(wall)(tuple(tiles), wall.players, wall.dice, wall.flowers))


def recall(
    seats: Sequence[AiSeat],
    state: RoundState,
    legal: Mapping[int, tuple[Action, ...]],
    choices: Mapping[int, Action],
    skip: int | None = None,
) -> None:
    """Let AI seats shadowing a replayed hand decide what its seats decided, for what deciding leaves behind
    (whether a seat is folding), as the seats at the table did (``skip``: a seat already asked)."""
    for number, options in legal.items():
        if number != skip and len(options) > 1:
            seats[number].recall(view_for(state, number), options, choices[number])


def play_out(state: RoundState, seats: Sequence[AiSeat], choices: dict[int, Action]) -> tuple[int, ...]:
    """Play the hand on from ``state`` with ``choices`` as the answers pending, then ``seats`` deciding;
    the hand's point changes."""
    state, events = apply(state, choices)
    while True:
        for event in events:
            for number, seat in enumerate(seats):
                seat.observe(redact(event, number))
        if state.phase is Phase.ENDED:
            assert state.ended is not None
            return tuple(state.ended.deltas)
        answers: dict[int, Action] = {}
        for number, options in legal_actions(state).items():
            if len(options) == 1:
                answers[number] = options[0]
            else:
                decided = seats[number].decide(view_for(state, number), options)
                answers[number] = options[0] if decided is None else decided
        state, events = apply(state, answers)


@dataclass(frozen=True)
class Job:
    path: Path
    level: str
    player_match: str | None
    rollouts: int
    only: tuple[str, ...]
    skip_hands: bool = False  # with ``only``: judge only the hands where a decision may fall in those


@dataclass
class Counts:
    compared: int = 0  # decisions with a choice, at the judged seats
    differing: int = 0  # of those, where the AI chose otherwise


def judge_file(job: Job) -> tuple[Counts, list[Judged]]:
    """Every differing decision of the judged seats in one log (of the categories asked for), and the
    counts of decisions compared and differing."""
    try:
        plan = file_plan(job.path)
    except ReviewError as error:
        raise JudgeError(str(error)) from None
    counts = Counts()
    found: list[Judged] = []
    for number, (game, rules, _) in enumerate(plan):
        judged = [
            seat
            for seat in range(game.players)
            if job.player_match is None or job.player_match in game.names[seat]
        ]
        for seat in judged:
            for record in game.rounds:
                if job.skip_hands and job.only and not _may_match(job, rules, record, seat):
                    continue
                _judge_hand(job, rules, f"{job.path.name}#{number}", record, seat, counts, found)
    return counts, found


def _matches(job: Job, kind: str) -> bool:
    return any(fnmatch.fnmatchcase(kind, pattern) for pattern in job.only)


def _may_match(job: Job, rules: RuleSet, record: Any, seat: int) -> bool:
    """Whether a decision of ``seat`` in the hand could be judged under ``job.only``: some other choice it
    had falls in a category asked for (a replay without the AI, far quicker than one with it)."""
    found = False

    def on_decision(state: RoundState, legal: Any, choices: Any) -> None:
        nonlocal found
        options = legal.get(seat, ())
        if found or len(options) < 2:
            return
        view = view_for(state, seat)
        logged = choices[seat]
        found = any(_matches(job, category(view, logged, option)) for option in options if option != logged)

    with contextlib.suppress(ReplayError):
        replay_round(record, rules, on_decision=on_decision)
    return found


def _judge_hand(
    job: Job, rules: RuleSet, source: str, record: Any, seat: int, counts: Counts, found: list[Judged]
) -> None:
    shadows = [build_seat(job.level, rules, 1000 + number) for number in range(rules.players)]
    hand = round_label(record)

    def on_events(events: tuple[Any, ...], state: RoundState) -> None:
        for event in events:
            for number, shadow in enumerate(shadows):
                shadow.observe(redact(event, number))

    def on_decision(state: RoundState, legal: Any, choices: Any) -> None:
        options = legal.get(seat, ())
        asked = len(options) > 1
        ai = shadows[seat].decide(view_for(state, seat), options) if asked else None
        recall(shadows, state, legal, choices, skip=seat)
        if not asked:
            return
        counts.compared += 1
        view = view_for(state, seat)
        logged = choices[seat]
        if ai is None or same_choice(mjai_action(logged, view, rules), mjai_action(ai, view, rules)):
            return
        counts.differing += 1
        kind = category(view, logged, ai)
        if job.only and not _matches(job, kind):
            return
        rng = random.Random(zlib.crc32(f"{source}:{hand}:{seat}:{state.draws}".encode()))
        diffs = []
        for _ in range(job.rollouts):
            shuffled = reshuffled(state, rng)
            mine = play_out(shuffled, copy.deepcopy(shadows), {**choices, seat: ai})[seat]
            theirs = play_out(shuffled, copy.deepcopy(shadows), {**choices, seat: logged})[seat]
            diffs.append(float(mine - theirs))
        found.append(
            Judged(
                kind,
                source,
                hand,
                seat,
                state.draws,
                mjai_action(logged, view, rules),
                mjai_action(ai, view, rules),
                tuple(diffs),
            )
        )

    with contextlib.suppress(ReplayError):  # a hand the engine cannot replay is judged up to where it stops
        replay_round(record, rules, on_events=on_events, on_decision=on_decision)


def log_files(paths: Sequence[str]) -> list[Path]:
    """The logs named, folders read for their log files (sorted); JudgeError for a path that is neither."""
    try:
        return find_logs(paths, LOG_SUFFIXES)
    except LogPathError as error:
        raise JudgeError(str(error)) from None


def summary_lines(judged: Sequence[Judged], counts: Counts) -> list[str]:
    """One line per category, then the summary line."""
    by_category: dict[str, list[float]] = defaultdict(list)
    for decision in judged:
        by_category[decision.category].append(decision.mean)
    lines = []
    for name in sorted(by_category):
        means = by_category[name]
        error = statistics.stdev(means) / len(means) ** 0.5 if len(means) > 1 else 0.0
        lines.append(
            f"category={name} n={len(means)} mean={statistics.fmean(means):.0f} se={error:.0f}"
            f" total={sum(means):.0f}"
        )
    lines.append(f"decisions={counts.compared} differing={counts.differing} judged={len(judged)}")
    return lines


def run(argv: Sequence[str] | None = None) -> int:
    """The command: prints the category lines and the summary; 2 on bad input."""
    parser = argparse.ArgumentParser(prog="python -m tools.rollout_judge", description=__doc__.split("\n")[0])
    parser.add_argument("logs", nargs="+", metavar="LOG", help="log files, or folders of them")
    parser.add_argument(
        "--level",
        default="strong",
        metavar="AI",
        help="strong, normal, easy or module:Class (strong)",
    )
    parser.add_argument("--player-match", metavar="TEXT", help="judge only seats whose name contains TEXT")
    parser.add_argument("--rollouts", type=int, default=16, metavar="K", help="playouts per choice (16)")
    parser.add_argument(
        "--only",
        default="",
        metavar="PATTERN[,PATTERN]",
        help="judge only categories matching a shell pattern",
    )
    parser.add_argument(
        "--skip-hands",
        action="store_true",
        help="with --only: judge only the hands where a decision may fall in those categories",
    )
    parser.add_argument("--jobs", type=int, default=1, metavar="N", help="worker processes (1)")
    parser.add_argument("--json", metavar="OUT", help="write every judged decision to OUT")
    args = parser.parse_args(argv)
    try:
        if args.rollouts < 1 or args.jobs < 1:
            raise JudgeError("--rollouts and --jobs must be at least 1")
        try:
            seat_factory(args.level)
        except AiSpecError as error:
            raise JudgeError(f"--level {error}") from None
        only = tuple(text for text in args.only.split(",") if text)
        if args.skip_hands and not only:
            raise JudgeError("--skip-hands needs --only")
        files = log_files(args.logs)
        jobs = [
            Job(path, args.level, args.player_match, args.rollouts, only, args.skip_hands) for path in files
        ]
        bar = ProgressBar(sys.stderr, unit="logs")
        results: list[tuple[Counts, list[Judged]]] = []
        with contextlib.ExitStack() as stack:
            stack.callback(bar.close)  # a log found broken midway gets its error on a line of its own
            done: Iterator[tuple[Counts, list[Judged]]]
            if args.jobs == 1:
                done = map(judge_file, jobs)
            else:
                done = stack.enter_context(ProcessPoolExecutor(args.jobs)).map(judge_file, jobs)
            for result in done:
                results.append(result)
                bar(len(results), len(jobs))
        counts = Counts(sum(c.compared for c, _ in results), sum(c.differing for c, _ in results))
        judged = [decision for _, found in results for decision in found]
        if args.json:
            try:
                Path(args.json).write_text(json.dumps([d.to_json() for d in judged]), encoding="utf-8")
            except OSError as error:
                raise JudgeError(f"--json {args.json}: {error.strerror or error}") from None
    except JudgeError as error:
        print(f"rollout_judge: {error}", file=sys.stderr)
        return 2
    for line in summary_lines(judged, counts):
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(run())
