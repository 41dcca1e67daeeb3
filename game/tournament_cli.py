"""The ``tournament`` command line: new, play, standings, export and list on the records database.

Every user error is one line on standard error with exit status 2, and leaves the database as it was.
"""

from __future__ import annotations

import argparse
import json
import random
import time
from pathlib import Path
from typing import TextIO

from game.records import Clock, MatchSummary, Records, RecordsError, default_path
from game.schedule import MAX_ROUNDS, ScheduleError, check_setup
from game.tournament import (
    MAX_CLOCK_S,
    PlayOut,
    TournamentError,
    check_name,
    create,
    export,
    format_points,
    format_standings,
    load_view,
    parse_participants,
    play_ai_tables,
    standings_json,
)
from rules.ruleset import RuleSetError, preset

LENGTHS = {"east": "east", "south": "hanchan"}


def parse_clock(text: str) -> Clock:
    """``BASE+BANK`` seconds, e.g. ``5+20``; TournamentError naming the text when it is not that."""
    base, plus, bank = text.partition("+")
    try:
        clock = Clock(int(base), int(bank) if plus else 0)
    except ValueError:
        raise TournamentError(f"--clock {text!r}: expected BASE+BANK in whole seconds, e.g. 5+20") from None
    return clock


def run_tournament(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """Run one ``tournament`` action; 0 when it did what was asked, 2 for a user error."""
    db = args.db if args.db is not None else default_path()
    try:
        if args.tournament_command == "new":
            return _new(args, db, out)
        if args.tournament_command == "list":
            return _list(db, out)
        if db.is_dir():
            raise RecordsError(f"{db} is a folder, not a records database")
        with Records(db, create=False) as records:
            if args.tournament_command == "play":
                return _play(records, args.id, out, None if args.quiet else err)
            if args.tournament_command == "standings":
                view = load_view(records, args.id)
                if args.json:
                    out.write(json.dumps(standings_json(view), ensure_ascii=False, indent=2) + "\n")
                else:
                    out.write(format_standings(view) + "\n")
                return 0
            if args.tournament_command == "export":
                for path in export(records, args.id, args.out):
                    out.write(f"wrote {path}\n")
                return 0
    except (RecordsError, TournamentError, RuleSetError) as error:
        err.write(f"error: {error}\n")
        return 2
    raise AssertionError(f"unknown tournament action {args.tournament_command!r}")


def _new(args: argparse.Namespace, db: Path, out: TextIO) -> int:
    entries = parse_participants(args.players)
    try:
        rules = preset(args.ruleset)
    except RuleSetError as error:
        raise TournamentError(f"--ruleset: {error}") from None
    rules = rules.with_overrides({"game_length": LENGTHS[args.length]})
    if not 1 <= args.rounds <= MAX_ROUNDS:
        raise TournamentError(f"--rounds must be 1 to {MAX_ROUNDS}, got {args.rounds}")
    clock = parse_clock(args.clock) if args.clock is not None else None
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1, 10**9)
    if not 0 <= seed < 2**63:
        raise TournamentError(f"--seed must be a whole number from 0 to {2**63 - 1}, got {seed}")
    if db.is_dir():
        raise RecordsError(f"{db} is a folder, not a records database")
    # everything the user typed is checked before the file is opened (or created)
    check_name(args.name)
    try:
        check_setup(len(entries), rules.players, args.rounds, args.fill, args.seating)
    except ScheduleError as error:
        raise TournamentError(str(error)) from None
    if clock is not None and not (1 <= clock.base_s <= MAX_CLOCK_S and 0 <= clock.bank_s <= MAX_CLOCK_S):
        raise TournamentError(
            f"--clock {args.clock}: 1 to {MAX_CLOCK_S} s per decision and 0 to {MAX_CLOCK_S} s a hand"
        )
    with Records(db) as records:
        tournament = create(
            records,
            args.name,
            entries,
            rules,
            rounds=args.rounds,
            seating=args.seating,
            fill=args.fill,
            seed=seed,
            clock=clock,
        )
        view = load_view(records, tournament)
    people = ", ".join(
        person.name if person.level == "human" else f"{person.name} ({person.level} AI)"
        for person in view.info.participants
    )
    out.write(f"tournament {view.info.name!r}: {len(view.info.participants)} participants: {people}\n")
    out.write(
        f"rules {rules.name}, {args.length}, {args.rounds} rounds, {args.seating} seating, fill {args.fill}, "
        f"seed {seed}" + (f", clock {clock.base_s}+{clock.bank_s} s" if clock else "") + "\n"
    )
    out.write(f"database {db}\n")
    out.write(f"id={tournament}\n")
    return 0


def _list(db: Path, out: TextIO) -> int:
    if not db.exists():
        out.write(f"no tournaments yet ({db} does not exist)\n")
        return 0
    with Records(db, create=False) as records:
        found = records.tournaments()
        if not found:
            out.write("no tournaments yet\n")
        for info in found:
            view = load_view(records, info.id)
            leader = view.rows[0] if view.rows and view.rounds_done else None
            lead = f"; leader {leader.name} {format_points(leader.points)}" if leader else ""
            out.write(
                f"id={info.id}  {info.name}  ({len(info.participants)} players, {info.rules.name}, "
                f"round {view.rounds_done}/{info.rounds} done, {info.status}{lead})\n"
            )
    return 0


class PlayProgress:
    """A one-line progress bar on standard error: how much of the play-out is done (``PlayOut.fraction``), its
    matches and the hand in play."""

    def __init__(self, stream: TextIO, min_interval_s: float = 0.2, width: int = 24) -> None:
        self.stream = stream
        self.min_interval_s = min_interval_s
        self.width = width
        self._last = -1.0
        self._shown = False

    def show(self, run: PlayOut) -> None:
        """Rewrite the line (at most every ``min_interval_s``): the bar, the count and the hand in play."""
        now = time.perf_counter()
        if now - self._last < self.min_interval_s:
            return
        self._last = now
        where = ""
        if run.table is not None:
            match = run.table.match
            where = f"  {'ESWN'[match.round_wind]}{match.kyoku + 1} hand {match.hands_played + 1}"
        filled = min(self.width, int(self.width * run.fraction))
        bar = "#" * filled + "." * (self.width - filled)
        total = max(run.total, len(run.played))
        self.stream.write(f"\r[{bar}] {len(run.played)}/{total} matches{where}   ")
        self.stream.flush()
        self._shown = True

    def close(self) -> None:
        """End the line, if one is shown."""
        if self._shown:
            self.stream.write("\n")
            self.stream.flush()
            self._shown = False


def _play(records: Records, tournament: int, out: TextIO, err: TextIO | None) -> int:
    view = load_view(records, tournament)
    if view.info.status == "finished":
        out.write(f"tournament {tournament} is finished: nothing to play\n")
        return 0
    progress = PlayProgress(err) if err else None

    def finished(summary: MatchSummary) -> None:
        if progress is not None:
            progress.close()  # the match's line stands on its own; the bar follows below it
        scores = summary.result.scores if summary.result else ()
        players = ", ".join(
            f"{entry.name} {score}" for entry, score in zip(summary.seats, scores, strict=True)
        )
        out.write(f"round {summary.round} table {summary.table}: {players}\n")
        out.flush()

    try:
        report = play_ai_tables(
            records, tournament, on_match=finished, on_step=progress.show if progress is not None else None
        )
    finally:
        if progress is not None:
            progress.close()
    if report.waiting is not None:
        match = report.waiting
        people = ", ".join(entry.name for entry in match.seats if entry.is_human)
        out.write(
            f"stopped: round {match.round} table {match.table} has people at it ({people}); "
            "play it in the game window (python main.py play)\n"
        )
    else:
        out.write(f"tournament {tournament} is finished\n")
    return 0
