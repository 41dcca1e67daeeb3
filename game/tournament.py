"""Local tournaments: creating one, keeping its schedule, playing its AI tables, standings and export.

Everything is read from and written to the records (``game.records``); the standings are computed by one
function (``standings``) that the screens, the command line and the export share.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.ai import LEVELS
from game.logs.tenhou6 import dumps as tenhou6_dumps
from game.recorder import GameRecorder
from game.records import (
    Adjustment,
    Clock,
    MatchSummary,
    Participant,
    Records,
    SeatEntry,
    TournamentInfo,
)
from game.saved_match import rebuild
from game.schedule import (
    FILLS,
    SEATINGS,
    RoundPlan,
    ScheduleError,
    TablePlan,
    balanced_schedule,
    check_setup,
    first_round,
    swiss_round,
)
from game.table import Table, derive_seed
from rules.match import WINDS_PLAYED, Standings
from rules.ruleset import RuleSet

NAME_CHARS = 24  # a participant's name
TITLE_CHARS = 60  # a tournament's name
HOUSE_LEVEL = "normal"  # house seats: unranked AIs that fill a table
MAX_CLOCK_S = 600


class TournamentError(ValueError):
    """A tournament that cannot be made or played as asked; the message is one line for the user."""


@dataclass(frozen=True)
class Entry:
    """A participant as entered: a person (level "human") or an AI level."""

    name: str
    level: str = "human"


def parse_participants(spec: str) -> list[Entry]:
    """Participants from ``NAME`` (a person) or ``NAME=LEVEL`` (an AI), comma-separated.

    >>> parse_participants("Ann, Bob=strong, Cid=easy")  # doctest: +NORMALIZE_WHITESPACE
    [Entry(name='Ann', level='human'), Entry(name='Bob', level='strong'), Entry(name='Cid', level='easy')]
    """
    entries = []
    for position, part in enumerate(spec.split(","), start=1):
        name, _, level = part.partition("=")
        name, level = name.strip(), level.strip().lower()
        if not name:
            raise TournamentError(f"participant {position}: empty name in {spec!r}")
        if "=" in part and level not in LEVELS:
            raise TournamentError(
                f"participant {position} ({name}): unknown AI level {level!r} (expected {', '.join(LEVELS)})"
            )
        entries.append(Entry(name, level or "human"))
    check_entries(entries)
    return entries


def check_entries(entries: Sequence[Entry]) -> None:
    """TournamentError unless the participants can play: 3 to 32, names distinct, short and printable."""
    if not 3 <= len(entries) <= 32:
        raise TournamentError(f"a tournament needs 3 to 32 participants, got {len(entries)}")
    seen: set[str] = set()
    for position, entry in enumerate(entries, start=1):
        if not entry.name.strip() or not entry.name.isprintable():
            raise TournamentError(
                f"participant {position}: the name {entry.name!r} is empty or not printable"
            )
        if len(entry.name) > NAME_CHARS:
            raise TournamentError(
                f"participant {position}: the name {entry.name!r} is over {NAME_CHARS} characters"
            )
        if entry.level not in ("human", *LEVELS):
            raise TournamentError(f"participant {position}: unknown level {entry.level!r}")
        key = entry.name.casefold()
        if key in seen:
            raise TournamentError(f"participant {position}: the name {entry.name!r} is used twice")
        seen.add(key)


def match_seed(tournament_seed: int, round_number: int, table: int) -> int:
    """The seed of one scheduled match (walls and AIs), fixed by the tournament's seed.

    >>> match_seed(1, 1, 1) != match_seed(1, 1, 2)
    True
    """
    return derive_seed("tournament", tournament_seed, round_number, table) >> 1  # SQLite: signed 64-bit


def check_name(name: str) -> str:
    """A tournament's name as stored (trimmed); TournamentError when it is empty, too long or unprintable.

    >>> check_name("  Spring league ")
    'Spring league'
    >>> check_name("x" * 200)
    Traceback (most recent call last):
    ...
    game.tournament.TournamentError: the tournament's name must be 1 to 60 printable characters
    """
    name = name.strip()
    if not name or not name.isprintable() or len(name) > TITLE_CHARS:
        raise TournamentError(f"the tournament's name must be 1 to {TITLE_CHARS} printable characters")
    return name


def create(
    records: Records,
    name: str,
    entries: Sequence[Entry],
    rules: RuleSet,
    *,
    rounds: int,
    seating: str = "balanced",
    fill: str = "house",
    seed: int = 1,
    clock: Clock | None = None,
) -> int:
    """Store a new tournament with its first round (every round, when balanced); return its id."""
    name = check_name(name)
    check_entries(entries)
    if seating not in SEATINGS:
        raise TournamentError(f"unknown seating {seating!r} (expected {', '.join(SEATINGS)})")
    if fill not in FILLS:
        raise TournamentError(f"unknown fill {fill!r} (expected {', '.join(FILLS)})")
    if not 0 <= seed < 2**63:
        raise TournamentError(f"the seed must be a whole number from 0 to {2**63 - 1}, got {seed}")
    if clock is not None and not (1 <= clock.base_s <= MAX_CLOCK_S and 0 <= clock.bank_s <= MAX_CLOCK_S):
        raise TournamentError(
            f"the clock must be 1 to {MAX_CLOCK_S} s per decision and 0 to {MAX_CLOCK_S} s a hand"
        )
    try:
        check_setup(len(entries), rules.players, rounds, fill, seating)
    except ScheduleError as error:
        raise TournamentError(str(error)) from None
    tournament = records.create_tournament(
        name,
        rules,
        [(entry.name, entry.level) for entry in entries],
        rounds=rounds,
        seating=seating,
        fill=fill,
        seed=seed,
        clock=clock,
    )
    advance(records, tournament)
    return tournament


def _seat_entries(info: TournamentInfo, plan: TablePlan) -> list[SeatEntry]:
    """The seats of a planned table: participants by name and level, house seats numbered."""
    entries = []
    house = 0
    for participant in plan.seats:
        if participant is None:
            house += 1
            entries.append(SeatEntry(f"House {house}", HOUSE_LEVEL, None))
        else:
            person = info.participants[participant]
            entries.append(SeatEntry(person.name, person.level, participant))
    return entries


def _store_round(records: Records, info: TournamentInfo, plan: RoundPlan) -> None:
    tables = [
        (table.table, match_seed(info.seed, plan.round, table.table), _seat_entries(info, table))
        for table in plan.tables
    ]
    records.schedule_round(info.id, plan.round, tables, plan.byes)


def advance(records: Records, tournament: int) -> TournamentInfo:
    """Schedule what can be scheduled now and mark the tournament finished when its last match is.

    Idempotent, so a process killed between two writes is put right the next time the tournament is opened.
    """
    info = records.tournament(tournament)
    matches = records.matches(tournament=tournament)
    byes = records.byes(tournament)
    scheduled = {match.round for match in matches if match.round is not None} | set(byes)
    people = len(info.participants)
    size = info.rules.players
    if info.seating == "balanced":
        missing = [number for number in range(1, info.rounds + 1) if number not in scheduled]
        if missing:
            plans = balanced_schedule(people, size, info.rounds, info.fill, info.seed)
            for plan in plans:
                if plan.round in missing:
                    _store_round(records, info, plan)
    else:
        last = max(scheduled, default=0)
        done = all(match.status == "finished" for match in matches if match.round == last)
        if last == 0:
            _store_round(records, info, first_round(people, size, info.fill, info.seed))
        elif done and last < info.rounds:
            rows = standings(info, matches, records.adjustments(tournament), byes)
            order = [row.participant for row in rows]
            counts = {
                index: sum(index in round_byes for round_byes in byes.values()) for index in range(people)
            }
            _store_round(records, info, swiss_round(last + 1, order, counts, size, info.fill, info.seed))
    matches = records.matches(tournament=tournament)
    scheduled = {match.round for match in matches if match.round is not None} | set(records.byes(tournament))
    finished = len(scheduled) == info.rounds and all(match.status == "finished" for match in matches)
    status = "finished" if finished else "running"
    if status != info.status:
        records.set_tournament_status(tournament, status)
        info = records.tournament(tournament)
    return info


def next_match(records: Records, tournament: int) -> MatchSummary | None:
    """The first match not yet finished, in schedule order (round, then table)."""
    for match in records.matches(tournament=tournament):
        if match.status in ("pending", "playing"):
            return match
    return None


def current_round(records: Records, tournament: int) -> int:
    """The round in play (the last round once every match is played)."""
    pending = next_match(records, tournament)
    if pending is not None and pending.round is not None:
        return pending.round
    return records.tournament(tournament).rounds


def open_match(
    records: Records,
    match_id: int,
    human: Callable[[int, SeatEntry], Any] | None = None,
    prepare: Callable[[Table], None] | None = None,
) -> Table:
    """A tournament match ready to play on (restored at its last answer, saving as it goes); when it ends,
    the tournament moves on (next swiss round, or finished)."""
    table, stored, writer = rebuild(records, match_id, human, prepare=prepare)
    tournament = stored.summary.tournament
    if tournament is not None:

        def moved_on(standings: Standings) -> None:
            advance(records, tournament)

        writer.on_finish.append(moved_on)
        if table.finished:
            advance(records, tournament)
    return table


@dataclass(frozen=True)
class PlayReport:
    """What ``play_ai_tables`` did: the matches it finished and the table it stopped at, if any."""

    played: tuple[MatchSummary, ...]
    waiting: MatchSummary | None  # the first table with a person, where it stopped


class PlayOut:
    """Plays a tournament's tables of AIs only, a few engine steps at a time (for a screen), saving every
    answer as it is applied.

    In schedule order it stops at the first table with a person (the command line's ``play``). With
    ``skip_people`` (the lobby's "play out") it plays every table of AIs of the round in play and steps over
    the tables with people; it goes on into the next round only once the round in play is complete.
    """

    def __init__(self, records: Records, tournament: int, *, skip_people: bool = False) -> None:
        self.records = records
        self.tournament = tournament
        self.skip_people = skip_people
        advance(records, tournament)
        self.total = len(self._plan())  # tables of AIs to play now (a swiss round may add more later)
        self.played: list[MatchSummary] = []
        self.waiting: MatchSummary | None = None
        self.current: MatchSummary | None = None
        self.table: Table | None = None
        self.finished = False
        self._fraction = 0.0  # the most ``fraction`` has said

    def _plan(self) -> list[MatchSummary]:
        """The tables of AIs to play, in order, as things stand."""
        todo = [
            m for m in self.records.matches(tournament=self.tournament) if m.status in ("pending", "playing")
        ]
        if self.skip_people:
            first_round = min((m.round or 0 for m in todo), default=0)
            return [m for m in todo if (m.round or 0) == first_round and not m.has_humans]
        plan = []
        for match in todo:
            if match.has_humans:
                break
            plan.append(match)
        return plan

    @property
    def fraction(self) -> float:
        """How much of the play-out is done, from 0 to 1 (the match in play counted by its hands). It never
        goes back, though the tables to play may grow (a swiss round is scheduled when the last ends)."""
        done = float(len(self.played))
        table = self.table
        if table is not None:
            if table.finished:
                done += 1.0
            else:
                hands = WINDS_PLAYED[table.rules.game_length] * table.rules.players
                done += min(0.95, table.match.hands_played / hands)
        self._fraction = max(self._fraction, min(1.0, done / max(1, self.total, len(self.played))))
        return self._fraction

    def advance(self, steps: int = 1) -> bool:
        """Play up to ``steps`` engine steps; True while there is more to play."""
        for _ in range(steps):
            if self.finished:
                return False
            table = self.table
            if table is None:
                plan = self._plan()
                if not plan:
                    self.waiting = next_match(self.records, self.tournament)
                    self.finished = True
                    return False
                self.current = plan[0]
                self.total = max(self.total, len(self.played) + len(plan))
                self.table = open_match(self.records, self.current.id)
                continue
            if table.finished:
                assert self.current is not None
                self.played.append(self.records.match_summary(self.current.id))
                self.table = None
                continue
            table.step(max_steps=1)
        return not self.finished


def play_ai_tables(
    records: Records,
    tournament: int,
    on_match: Callable[[MatchSummary], None] | None = None,
    on_step: Callable[[PlayOut], None] | None = None,
) -> PlayReport:
    """Play every table of AIs only, in schedule order, until the end or the first table with a person.

    Every answer is saved as it is applied, so an interrupted run, run again, ends exactly as an
    uninterrupted one. ``on_step`` gets the play-out after every engine step (its ``fraction`` and ``table``
    show the progress), ``on_match`` every finished match.
    """
    run = PlayOut(records, tournament)
    reported = 0
    while run.advance():
        while reported < len(run.played):
            if on_match is not None:
                on_match(run.played[reported])
            reported += 1
        if on_step is not None and run.table is not None:
            on_step(run)
    while reported < len(run.played):
        if on_match is not None:
            on_match(run.played[reported])
        reported += 1
    return PlayReport(tuple(run.played), run.waiting)


# ---- standings --------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class StandingRow:
    """One participant's line in the standings (points in settlement points, adjustments included)."""

    rank: int
    participant: int
    name: str
    level: str
    points: float
    matches: int
    ranks: tuple[int, ...]  # how often 1st, 2nd, ... (one count per seat of a table)
    avg_rank: float | None
    best: float | None  # the best single match's points
    adjustments: tuple[Adjustment, ...]
    byes: int
    cumulative: tuple[float, ...]  # points after each round (adjustments at the end)
    chips: int = 0  # chips over its matches (RULES.md §12), already in ``points`` at chip_points each


def _tenths(points: int) -> int:
    """Settlement points in tenths, from points (1000 = one settlement point): exact for stored results."""
    return round(points / 100)


def standings(
    info: TournamentInfo,
    matches: Sequence[MatchSummary],
    adjustments: Sequence[Adjustment],
    byes: dict[int, tuple[int, ...]],
) -> list[StandingRow]:
    """Every participant ranked: total points (uma and oka included), then more first places, then the best
    single match. Participants equal on all three share a rank. House seats are not ranked."""
    people = len(info.participants)
    size = info.rules.players
    totals = [0] * people
    counts = [[0] * size for _ in range(people)]
    played = [0] * people
    best: list[int | None] = [None] * people  # the best single match, in tenths
    per_round = [[0] * info.rounds for _ in range(people)]
    chips = [0] * people
    for match in matches:
        if match.status != "finished" or match.result is None:
            continue
        for seat, entry in enumerate(match.seats):
            who = entry.participant
            if who is None or not 0 <= who < people:
                continue
            tenths = _tenths(match.result.settled[seat])
            totals[who] += tenths
            counts[who][match.result.ranks[seat] - 1] += 1
            chips[who] += match.result.chip_count(seat)
            played[who] += 1
            previous = best[who]
            best[who] = tenths if previous is None else max(previous, tenths)
            if match.round is not None and 1 <= match.round <= info.rounds:
                per_round[who][match.round - 1] += tenths
    adjusted = [0] * people
    given: list[list[Adjustment]] = [[] for _ in range(people)]
    for adjustment in adjustments:
        if 0 <= adjustment.participant < people:
            adjusted[adjustment.participant] += round(adjustment.points * 10)
            given[adjustment.participant].append(adjustment)

    def key(who: int) -> tuple[int, int, int]:
        single = best[who]
        return (-(totals[who] + adjusted[who]), -counts[who][0], -single if single is not None else 10**9)

    order = sorted(range(people), key=lambda who: (key(who), who))
    rows: list[StandingRow] = []
    for position, who in enumerate(order):
        single = best[who]
        rank = position + 1
        if position and key(order[position - 1]) == key(who):
            rank = rows[-1].rank
        running = 0
        cumulative = []
        for tenths in per_round[who]:
            running += tenths
            cumulative.append(running / 10)
        if cumulative:
            cumulative[-1] = (running + adjusted[who]) / 10
        person: Participant = info.participants[who]
        ranks_total = sum(place * count for place, count in enumerate(counts[who], start=1))
        rows.append(
            StandingRow(
                rank=rank,
                participant=who,
                name=person.name,
                level=person.level,
                points=(totals[who] + adjusted[who]) / 10,
                matches=played[who],
                ranks=tuple(counts[who]),
                avg_rank=round(ranks_total / played[who], 3) if played[who] else None,
                best=single / 10 if single is not None else None,
                adjustments=tuple(given[who]),
                byes=sum(who in people_out for people_out in byes.values()),
                cumulative=tuple(cumulative),
                chips=chips[who],
            )
        )
    return rows


@dataclass(frozen=True)
class TournamentView:
    """Everything a screen or report shows of a tournament, read in one go."""

    info: TournamentInfo
    matches: tuple[MatchSummary, ...]
    byes: dict[int, tuple[int, ...]]
    adjustments: tuple[Adjustment, ...]
    rows: tuple[StandingRow, ...]

    @property
    def rounds_done(self) -> int:
        """Rounds whose every match is finished."""
        done = 0
        for number in range(1, self.info.rounds + 1):
            in_round = [match for match in self.matches if match.round == number]
            if (in_round or number in self.byes) and all(match.status == "finished" for match in in_round):
                done = number
            else:
                break
        return done


def load_view(records: Records, tournament: int) -> TournamentView:
    """The tournament with its matches, byes, adjustments and standings."""
    info = records.tournament(tournament)
    matches = tuple(records.matches(tournament=tournament))
    byes = records.byes(tournament)
    adjustments = tuple(records.adjustments(tournament))
    rows = tuple(standings(info, matches, adjustments, byes))
    return TournamentView(info, matches, byes, adjustments, rows)


def adjust(records: Records, tournament: int, participant_name: str, points: float, reason: str) -> int:
    """Give a participant (by name) a points adjustment with a reason; return its id."""
    info = records.tournament(tournament)
    matches = [p for p in info.participants if p.name.casefold() == participant_name.strip().casefold()]
    if not matches:
        raise TournamentError(f"tournament {tournament} has no participant {participant_name!r}")
    if not reason.strip() or not reason.isprintable() or len(reason) > 200:
        raise TournamentError("an adjustment needs a reason of 1 to 200 printable characters")
    if not -1000 <= points <= 1000 or points != points:
        raise TournamentError(f"an adjustment must be between -1000 and 1000 points, got {points}")
    return records.add_adjustment(tournament, matches[0].index, round(points, 1), reason.strip())


# ---- reports ----------------------------------------------------------------------------------------------


def standings_json(view: TournamentView) -> dict[str, Any]:
    """The standings as ``tournament standings --json`` writes them."""
    names = {person.index: person.name for person in view.info.participants}
    return {
        "name": view.info.name,
        "rounds": view.info.rounds,
        "rounds_done": view.rounds_done,
        "status": view.info.status,
        "standings": [
            {
                "rank": row.rank,
                "name": row.name,
                "points": round(row.points, 1),
                "matches": row.matches,
                "ranks": list(row.ranks),
                "avg_rank": row.avg_rank,
                "adjustments": [
                    {"points": round(item.points, 1), "reason": item.reason} for item in row.adjustments
                ],
                **({"chips": row.chips} if view.info.rules.chips else {}),
            }
            for row in view.rows
        ],
        "matches": [
            {
                "round": match.round,
                "table": match.table,
                "status": match.status,
                "players": [entry.name for entry in match.seats],
                "final_scores": list(match.result.scores) if match.result else None,
                "points": [_tenths(value) / 10 for value in match.result.settled] if match.result else None,
                **(
                    {"chips": [match.result.chip_count(seat) for seat in range(len(match.seats))]}
                    if view.info.rules.chips and match.result
                    else {}
                ),
            }
            for match in view.matches
        ],
        "byes": [
            {"round": number, "players": [names[who] for who in people]}
            for number, people in sorted(view.byes.items())
        ],
    }


def format_points(points: float) -> str:
    """Settlement points with a sign and one decimal: +12.0, -3.5, ±0.0.

    >>> format_points(12), format_points(-3.5), format_points(0)
    ('+12.0', '-3.5', '±0.0')
    """
    if round(points, 1) == 0:
        return "±0.0"
    return f"{points:+.1f}"


def format_standings(view: TournamentView) -> str:
    """The standings as a text table for the terminal."""
    size = view.info.rules.players
    places = " ".join(ordinal(place) for place in range(1, size + 1))
    chips = view.info.rules.chips  # a chips column (their points are in the points already)
    lines = [
        f"{view.info.name} — round {view.rounds_done} of {view.info.rounds} done ({view.info.status})",
        f"{'rank':>4}  {'name':<{NAME_CHARS}}  {'points':>8}  {'matches':>7}  {places}  avg rank"
        + (f"  {'chips':>5}" if chips else ""),
    ]
    for row in view.rows:
        counts = " ".join(f"{count:>{len(str(place)) + 2}}" for place, count in enumerate(row.ranks, start=1))
        average = f"{row.avg_rank:.2f}" if row.avg_rank is not None else "-"
        lines.append(
            f"{row.rank:>4}  {row.name:<{NAME_CHARS}}  {format_points(row.points):>8}  {row.matches:>7}  "
            f"{counts}  {average:>8}" + (f"  {row.chips:>+5}" if chips else "")
        )
        for item in row.adjustments:
            lines.append(f"{'':>4}  adjustment {format_points(item.points)}: {item.reason}")
    return "\n".join(lines)


def ordinal(place: int) -> str:
    """A place as the standings head it: 1st, 2nd, 3rd, 4th."""
    return f"{place}" + {1: "st", 2: "nd", 3: "rd"}.get(place, "th")


def standings_csv(view: TournamentView) -> str:
    """The standings as CSV (one row per participant)."""
    size = view.info.rules.players
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(
        [
            "rank",
            "name",
            "points",
            "matches",
            *(ordinal(place) for place in range(1, size + 1)),
            "avg_rank",
            "adjustments",
            "adjustment_reasons",
            *(("chips",) if view.info.rules.chips else ()),
        ]
    )
    for row in view.rows:
        writer.writerow(
            [
                row.rank,
                _csv_text(row.name),
                f"{row.points:.1f}",
                row.matches,
                *row.ranks,
                f"{row.avg_rank:.3f}" if row.avg_rank is not None else "",
                f"{sum(item.points for item in row.adjustments):.1f}",
                _csv_text("; ".join(f"{item.points:+.1f} {item.reason}" for item in row.adjustments)),
                *((row.chips,) if view.info.rules.chips else ()),
            ]
        )
    return out.getvalue()


def _csv_text(text: str) -> str:
    """A name or reason as a CSV cell that a spreadsheet shows as text, never runs as a formula.

    >>> _csv_text("=SUM(A1)"), _csv_text("Ann")
    ("'=SUM(A1)", 'Ann')
    """
    return f"'{text}" if text[:1] in ("=", "+", "-", "@", "\t", "\r") else text


def match_record_json(records: Records, match: MatchSummary) -> str:
    """One stored match's log as tenhou.net/6 JSON (rebuilt from its answers)."""
    recorders: list[GameRecorder] = []

    def prepare(table: Table) -> None:
        recorder = GameRecorder(
            table.rules,
            [entry.name for entry in match.seats],
            source=f"match {match.id}",
            extra={"seed": str(match.seed)},
        )
        table.subscribe_engine(recorder.observe)
        recorders.append(recorder)

    table, _, _ = rebuild(records, match.id, whole_match=True, prepare=prepare)
    standings_value: Standings | None = table.standings
    return tenhou6_dumps(recorders[0].record(standings_value))


def export(records: Records, tournament: int, out_dir: Path) -> list[Path]:
    """Write standings.csv, standings.html and logs/*.json (tenhou.net/6) into ``out_dir``; return them."""
    view = load_view(records, tournament)
    try:
        logs = out_dir / "logs"
        logs.mkdir(parents=True, exist_ok=True)
        written = []
        path = out_dir / "standings.csv"
        path.write_text(standings_csv(view), encoding="utf-8")
        written.append(path)
        path = out_dir / "standings.html"
        path.write_text(standings_html(view), encoding="utf-8")
        written.append(path)
        for match in view.matches:
            if match.actions == 0 or match.rules.flowers:  # tenhou.net/6 has no flower tiles: no log
                continue
            path = logs / f"round-{match.round:02d}-table-{match.table}.json"
            path.write_text(match_record_json(records, match), encoding="utf-8")
            written.append(path)
    except OSError as error:
        raise TournamentError(f"cannot write into {out_dir}: {error.strerror or error}") from None
    return written


def standings_html(view: TournamentView) -> str:
    """A self-contained printable page: standings, the points chart, adjustments and every match."""
    from game.tournament_html import render

    return render(view)


def standings_json_text(view: TournamentView) -> str:
    """``standings_json`` as text."""
    return json.dumps(standings_json(view), ensure_ascii=False, indent=2)
