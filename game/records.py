"""The match database: one SQLite file holding every match and tournament as facts, never as objects.

A match is its rule set, seed, seats and the answers the table applied, written after every ``apply`` in one
transaction (WAL), so a process killed at any moment loses at most the decision in flight; the engine
rebuilds any position from them (``Table.restore``). Tournaments add their participants, schedule, byes and
points adjustments; the drills, each player's progress. Nothing else opens the file or writes SQL.
``PRAGMA user_version`` holds the schema version: an older file is upgraded in place by the forward-only
``MIGRATIONS``; a newer, foreign or damaged file gets one ``RecordsError`` line and is never written to.
"""

from __future__ import annotations

import dataclasses
import json
import sqlite3
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.home import config_dir
from rules.actions import (
    PASS,
    Action,
    Ankan,
    Chi,
    Daiminkan,
    Discard,
    Flower,
    Kita,
    Kyuushu,
    Pon,
    Ron,
    Shouminkan,
    Tsumo,
)
from rules.match import Standings
from rules.ruleset import PRESET_NAMES, RuleSet, RuleSetError, preset

DB_NAME = "records.sqlite3"
APPLICATION_ID = 0x524D4A44  # "RMJD": marks the file as this game's records
MATCH_STATUSES = ("pending", "playing", "finished", "abandoned")
SEAT_LEVELS = ("human", "easy", "normal", "strong")

# Forward-only: MIGRATIONS[v] takes a file from version v to v + 1. Version 1 kept matches and tournaments;
# version 2 added the per-decision clock (the tournament's setting and each answer's thinking time);
# version 3 gave single matches a clock of their own (a casual game's timer).
MIGRATIONS: tuple[str, ...] = (
    """
    CREATE TABLE tournaments (
        id INTEGER PRIMARY KEY,
        name TEXT NOT NULL,
        ruleset TEXT NOT NULL,
        rules TEXT NOT NULL,
        rounds INTEGER NOT NULL,
        seating TEXT NOT NULL,
        fill TEXT NOT NULL,
        seed INTEGER NOT NULL,
        status TEXT NOT NULL,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL
    );
    CREATE TABLE participants (
        tournament_id INTEGER NOT NULL REFERENCES tournaments(id),
        idx INTEGER NOT NULL,
        name TEXT NOT NULL,
        level TEXT NOT NULL,
        PRIMARY KEY (tournament_id, idx)
    );
    CREATE TABLE byes (
        tournament_id INTEGER NOT NULL REFERENCES tournaments(id),
        round INTEGER NOT NULL,
        participant INTEGER NOT NULL,
        PRIMARY KEY (tournament_id, round, participant)
    );
    CREATE TABLE adjustments (
        id INTEGER PRIMARY KEY,
        tournament_id INTEGER NOT NULL REFERENCES tournaments(id),
        participant INTEGER NOT NULL,
        points_tenths INTEGER NOT NULL,
        reason TEXT NOT NULL,
        created_at TEXT NOT NULL
    );
    CREATE TABLE matches (
        id INTEGER PRIMARY KEY,
        tournament_id INTEGER REFERENCES tournaments(id),
        round INTEGER,
        table_no INTEGER,
        ruleset TEXT NOT NULL,
        rules TEXT NOT NULL,
        seed INTEGER NOT NULL,
        status TEXT NOT NULL,
        result TEXT,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL
    );
    CREATE INDEX matches_by_tournament ON matches(tournament_id, round, table_no);
    CREATE TABLE match_seats (
        match_id INTEGER NOT NULL REFERENCES matches(id),
        seat INTEGER NOT NULL,
        name TEXT NOT NULL,
        level TEXT NOT NULL,
        participant INTEGER,
        PRIMARY KEY (match_id, seat)
    );
    CREATE TABLE actions (
        match_id INTEGER NOT NULL REFERENCES matches(id),
        idx INTEGER NOT NULL,
        seat INTEGER NOT NULL,
        action TEXT NOT NULL,
        PRIMARY KEY (match_id, idx)
    ) WITHOUT ROWID;
    """,
    """
    ALTER TABLE tournaments ADD COLUMN clock_base_s INTEGER;
    ALTER TABLE tournaments ADD COLUMN clock_bank_s INTEGER;
    ALTER TABLE actions ADD COLUMN elapsed_ms INTEGER;
    """,
    """
    ALTER TABLE matches ADD COLUMN clock_base_s INTEGER;
    ALTER TABLE matches ADD COLUMN clock_bank_s INTEGER;
    """,
    """
    CREATE TABLE drill_players (
        player TEXT PRIMARY KEY,
        streak INTEGER NOT NULL,
        best_streak INTEGER NOT NULL,
        used INTEGER NOT NULL
    ) WITHOUT ROWID;
    CREATE TABLE drill_tallies (
        player TEXT NOT NULL REFERENCES drill_players(player),
        kind TEXT NOT NULL,
        level INTEGER NOT NULL,
        attempts INTEGER NOT NULL,
        correct INTEGER NOT NULL,
        PRIMARY KEY (player, kind, level)
    ) WITHOUT ROWID;
    """,
)
SCHEMA_VERSION = len(MIGRATIONS)
_TABLES = {"tournaments", "participants", "byes", "adjustments", "matches", "match_seats", "actions"}


@dataclass(frozen=True)
class DrillRecord:
    """One player's drill progress as stored: streaks, and attempts and correct answers by drill and level."""

    player: str
    streak: int
    best_streak: int
    tallies: dict[tuple[str, int], tuple[int, int]]


class RecordsError(Exception):
    """The database cannot be used or holds something it should not; the message is one line for the user."""


def default_path() -> Path:
    """The records file in the settings folder."""
    return config_dir() / DB_NAME


# ---- actions as text --------------------------------------------------------------------------------------


def encode_action(action: Action) -> str:
    """An action as the short text stored for it.

    >>> encode_action(Discard(53, riichi=True)), encode_action(Chi((12, 17)))
    ('riichi 53', 'chi 12 17')
    """
    if isinstance(action, Discard):
        return f"{'riichi' if action.riichi else 'discard'} {action.tile}"
    if isinstance(action, Chi | Pon):
        return f"{'chi' if isinstance(action, Chi) else 'pon'} {action.tiles[0]} {action.tiles[1]}"
    if isinstance(action, Ankan):
        return f"ankan {action.kind}"
    if isinstance(action, Shouminkan):
        return f"shouminkan {action.tile}"
    if isinstance(action, Kita):
        return f"kita {action.tile}"
    if isinstance(action, Flower):
        return f"flower {action.tile}"
    for word, kind in _PLAIN.items():
        if isinstance(action, kind):
            return word
    raise ValueError(f"cannot store {action!r}")


_PLAIN: dict[str, type] = {
    "tsumo": Tsumo,
    "ron": Ron,
    "daiminkan": Daiminkan,
    "kyuushu": Kyuushu,
    "pass": type(PASS),
}


def decode_action(text: str) -> Action:
    """The action stored as ``text``; ValueError naming the text when it is none.

    >>> decode_action("pon 12 13")
    Pon(tiles=(12, 13))
    """
    word, *rest = text.split(" ") if text else [""]
    try:
        numbers = [int(part) for part in rest]
    except ValueError:
        raise ValueError(f"not an action: {text!r}") from None
    limit = 140 if word == "flower" else 136
    if any(not 0 <= number < limit for number in numbers) or any(part != str(int(part)) for part in rest):
        raise ValueError(f"not an action: {text!r}")
    if word in _PLAIN and not numbers:
        plain: Action = _PLAIN[word]()
        return plain
    if word in ("discard", "riichi") and len(numbers) == 1:
        return Discard(numbers[0], riichi=word == "riichi")
    if word in ("chi", "pon") and len(numbers) == 2:
        pair = (numbers[0], numbers[1])
        return Chi(pair) if word == "chi" else Pon(pair)
    if word == "ankan" and len(numbers) == 1 and numbers[0] < 34:
        return Ankan(numbers[0])
    if word == "shouminkan" and len(numbers) == 1:
        return Shouminkan(numbers[0])
    if word == "kita" and len(numbers) == 1:
        return Kita(numbers[0])
    if word == "flower" and len(numbers) == 1 and numbers[0] >= 136:
        return Flower(numbers[0])
    raise ValueError(f"not an action: {text!r}")


# ---- rule sets as text ------------------------------------------------------------------------------------


def rules_to_text(rules: RuleSet) -> tuple[str, str]:
    """The preset a rule set starts from and, as JSON, the options where it differs from that preset."""
    base = preset(rules.name) if rules.name in PRESET_NAMES else preset("standard")
    changed: dict[str, Any] = {}
    for option in dataclasses.fields(RuleSet):
        if option.name in ("name", "extra"):
            continue
        value = getattr(rules, option.name)
        if value != getattr(base, option.name):
            changed[option.name] = list(value) if isinstance(value, tuple) else value
    return base.name, json.dumps(changed, sort_keys=True)


def rules_from_text(name: str, overrides: str, where: str) -> RuleSet:
    """The rule set stored as a preset name and its JSON overrides; RecordsError naming ``where``."""
    try:
        changes = json.loads(overrides)
        if not isinstance(changes, dict):
            raise RuleSetError("the overrides are not a JSON object")
        return preset(name).with_overrides(changes)
    except (ValueError, RecursionError) as error:  # RuleSetError and JSONDecodeError are ValueErrors
        raise RecordsError(f"{where}: unusable rule set {name!r}: {error}") from None


# ---- what is stored ---------------------------------------------------------------------------------------


@dataclass(frozen=True)
class SeatEntry:
    """Who plays a seat of a stored match: a person by name, or an AI level; a tournament's participant."""

    name: str
    level: str  # "human" or an AI level
    participant: int | None = None  # the tournament participant; None for house seats and single matches

    @property
    def is_human(self) -> bool:
        """Whether a person plays this seat."""
        return self.level == "human"


@dataclass(frozen=True)
class MatchResult:
    """A finished match: final scores, ranks and settled points (in points; 1000 = one settlement point), and
    each seat's chips under a rule set with chips (empty without; the settled points include them)."""

    scores: tuple[int, ...]
    ranks: tuple[int, ...]
    settled: tuple[int, ...]
    chips: tuple[int, ...] = ()

    @classmethod
    def of(cls, standings: Standings) -> MatchResult:
        """The result of a match's standings."""
        return cls(standings.scores, standings.ranks, standings.settled, standings.chips)

    def chip_count(self, seat: int) -> int:
        """A seat's chips over the match (0 without chips)."""
        return self.chips[seat] if self.chips else 0


@dataclass(frozen=True)
class MatchSummary:
    """A match as lists show it (no actions)."""

    id: int
    rules: RuleSet
    seed: int
    seats: tuple[SeatEntry, ...]
    status: str
    tournament: int | None
    round: int | None
    table: int | None
    result: MatchResult | None
    actions: int  # answers stored
    updated_at: str
    clock: Clock | None = None  # the people's decision clock: the match's own, or its tournament's

    @property
    def has_humans(self) -> bool:
        """Whether a person plays at this table."""
        return any(seat.is_human for seat in self.seats)


@dataclass(frozen=True)
class StoredMatch:
    """A match with every stored answer: enough to rebuild it at any decision."""

    summary: MatchSummary
    actions: tuple[tuple[int, Action], ...]  # (seat, action) in Table.actions order
    elapsed_ms: tuple[int | None, ...]  # thinking time of each answer, where a clock measured it

    @property
    def id(self) -> int:
        """The match's id."""
        return self.summary.id


@dataclass(frozen=True)
class Participant:
    """A tournament participant: a person (level "human") or an AI."""

    index: int
    name: str
    level: str


@dataclass(frozen=True)
class Adjustment:
    """A points adjustment the organiser gave (a penalty or a correction), in settlement points."""

    id: int
    participant: int
    points: float
    reason: str


@dataclass(frozen=True)
class Clock:
    """The per-decision clock for humans: ``base_s`` for each decision plus a bank of ``bank_s`` per hand."""

    base_s: int
    bank_s: int


@dataclass(frozen=True)
class TournamentInfo:
    """A tournament's setup and state (its matches are read separately)."""

    id: int
    name: str
    rules: RuleSet
    rounds: int
    seating: str
    fill: str
    seed: int
    status: str  # "running" or "finished"
    participants: tuple[Participant, ...]
    clock: Clock | None
    created_at: str
    updated_at: str


def _now() -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%S", time.localtime())


class Records:
    """An open records database. Use as a context manager, or call ``close``."""

    def __init__(self, path: Path | str | None = None, *, create: bool = True) -> None:
        self.path = Path(path) if path is not None else default_path()
        self._connection = _open(self.path, create)

    def close(self) -> None:
        """Close the file (every write is committed already)."""
        self._connection.close()

    def __enter__(self) -> Records:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # ---- plumbing ---------------------------------------------------------------------------------------

    @contextmanager
    def _write(self) -> Iterator[sqlite3.Connection]:
        """One transaction: everything inside is written together or not at all."""
        connection = self._connection
        try:
            connection.execute("BEGIN IMMEDIATE")
            yield connection
            connection.execute("COMMIT")
        except sqlite3.Error as error:
            _roll_back(connection)
            raise RecordsError(f"{self.path}: cannot write: {error}") from None
        except BaseException:
            _roll_back(connection)
            raise

    def _rows(self, sql: str, parameters: Sequence[object] = ()) -> list[sqlite3.Row]:
        try:
            return self._connection.execute(sql, parameters).fetchall()
        except sqlite3.Error as error:
            raise RecordsError(f"{self.path}: cannot read: {error}") from None

    # ---- matches ----------------------------------------------------------------------------------------

    def create_match(
        self,
        rules: RuleSet,
        seed: int,
        seats: Sequence[SeatEntry],
        *,
        tournament: int | None = None,
        round_number: int | None = None,
        table: int | None = None,
        status: str = "playing",
        clock: Clock | None = None,
    ) -> int:
        """Store a new match (no answers yet) and return its id; ``clock`` is a single match's own (a
        tournament's matches play by the tournament's)."""
        if len(seats) != rules.players:
            raise ValueError(f"{len(seats)} seats for a {rules.players}-player rule set")
        with self._write() as connection:
            return self._insert_match(
                connection, rules, seed, seats, tournament, round_number, table, status, clock
            )

    def _insert_match(
        self,
        connection: sqlite3.Connection,
        rules: RuleSet,
        seed: int,
        seats: Sequence[SeatEntry],
        tournament: int | None,
        round_number: int | None,
        table: int | None,
        status: str,
        clock: Clock | None = None,
    ) -> int:
        name, overrides = rules_to_text(rules)
        now = _now()
        cursor = connection.execute(
            "INSERT INTO matches (tournament_id, round, table_no, ruleset, rules, seed, status, created_at, "
            "updated_at, clock_base_s, clock_bank_s) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (
                tournament,
                round_number,
                table,
                name,
                overrides,
                seed,
                status,
                now,
                now,
                clock.base_s if clock else None,
                clock.bank_s if clock else None,
            ),
        )
        match_id = cursor.lastrowid
        assert match_id is not None
        connection.executemany(
            "INSERT INTO match_seats (match_id, seat, name, level, participant) VALUES (?, ?, ?, ?, ?)",
            [
                (match_id, seat, entry.name, entry.level, entry.participant)
                for seat, entry in enumerate(seats)
            ],
        )
        return match_id

    def append_actions(
        self,
        match_id: int,
        first_index: int,
        batch: Sequence[tuple[int, Action]],
        elapsed_ms: Sequence[int | None] = (),
    ) -> None:
        """Store the answers of one ``apply`` (indices from ``first_index``) in one transaction."""
        times = list(elapsed_ms) or [None] * len(batch)
        rows = [
            (match_id, first_index + offset, seat, encode_action(action), times[offset])
            for offset, (seat, action) in enumerate(batch)
        ]
        with self._write() as connection:
            connection.executemany(
                "INSERT INTO actions (match_id, idx, seat, action, elapsed_ms) VALUES (?, ?, ?, ?, ?)", rows
            )
            now = _now()
            connection.execute(
                "UPDATE matches SET status = 'playing', updated_at = ? WHERE id = ?", (now, match_id)
            )
            connection.execute(
                "UPDATE tournaments SET updated_at = ? "
                "WHERE id = (SELECT tournament_id FROM matches WHERE id = ?)",
                (now, match_id),
            )

    def finish_match(self, match_id: int, standings: Standings) -> None:
        """Mark a match finished with its result."""
        result = MatchResult.of(standings)
        data = {"scores": result.scores, "ranks": result.ranks, "settled": result.settled}
        if result.chips:  # only with chips: a result without keeps the form older versions read
            data["chips"] = result.chips
        text = json.dumps(data)
        with self._write() as connection:
            connection.execute(
                "UPDATE matches SET status = 'finished', result = ?, updated_at = ? WHERE id = ?",
                (text, _now(), match_id),
            )

    def truncate_actions(self, match_id: int, count: int) -> None:
        """Keep only the first ``count`` answers of a single match still playing (a practice game's undo)."""
        summary = self.match_summary(match_id)
        if summary.tournament is not None or summary.status != "playing":
            raise RecordsError(f"match {match_id}: only a single match in play can take back answers")
        with self._write() as connection:
            connection.execute("DELETE FROM actions WHERE match_id = ? AND idx >= ?", (match_id, count))
            connection.execute("UPDATE matches SET updated_at = ? WHERE id = ?", (_now(), match_id))

    def abandon_match(self, match_id: int) -> None:
        """Give up a single match: it stays stored but is no longer offered to continue."""
        summary = self.match_summary(match_id)
        if summary.tournament is not None:
            raise RecordsError(
                f"match {match_id} belongs to tournament {summary.tournament}: it cannot be abandoned"
            )
        with self._write() as connection:
            connection.execute(
                "UPDATE matches SET status = 'abandoned', updated_at = ? WHERE id = ?", (_now(), match_id)
            )

    def match_summary(self, match_id: int) -> MatchSummary:
        """One match without its actions; RecordsError when there is none."""
        found = self._summaries("WHERE m.id = ?", (match_id,))
        if not found:
            raise RecordsError(f"no match {match_id} in {self.path}")
        return found[0]

    def load_match(self, match_id: int) -> StoredMatch:
        """One match with every stored answer, checked; RecordsError naming what is wrong."""
        summary = self.match_summary(match_id)
        actions: list[tuple[int, Action]] = []
        times: list[int | None] = []
        rows = self._rows(
            "SELECT idx, seat, action, elapsed_ms FROM actions WHERE match_id = ? ORDER BY idx", (match_id,)
        )
        players = summary.rules.players
        for expected, row in enumerate(rows):
            where = f"{self.path}: match {match_id}, action {expected + 1}"
            if row["idx"] != expected:
                raise RecordsError(f"{where}: missing (the next stored one is number {row['idx'] + 1})")
            if not isinstance(row["seat"], int) or not 0 <= row["seat"] < players:
                raise RecordsError(f"{where}: no seat {row['seat']!r} at a {players}-player table")
            try:
                actions.append((row["seat"], decode_action(str(row["action"]))))
            except ValueError as error:
                raise RecordsError(f"{where}: {error}") from None
            elapsed = row["elapsed_ms"]
            times.append(elapsed if isinstance(elapsed, int) else None)
        return StoredMatch(summary, tuple(actions), tuple(times))

    def matches(
        self, *, tournament: int | None = None, statuses: Sequence[str] = (), single: bool = False
    ) -> list[MatchSummary]:
        """Matches, newest first; of one tournament (in schedule order), or only single matches."""
        clauses: list[str] = []
        parameters: list[object] = []
        if tournament is not None:
            clauses.append("m.tournament_id = ?")
            parameters.append(tournament)
        if single:
            clauses.append("m.tournament_id IS NULL")
        if statuses:
            clauses.append(f"m.status IN ({', '.join('?' for _ in statuses)})")
            parameters.extend(statuses)
        where = f"WHERE {' AND '.join(clauses)}" if clauses else ""
        order = "m.round, m.table_no, m.id" if tournament is not None else "m.updated_at DESC, m.id DESC"
        return self._summaries(where, parameters, order)

    def _summaries(self, where: str, parameters: Sequence[object], order: str = "m.id") -> list[MatchSummary]:
        # a tournament's matches play by the tournament's clock; a single match by its own
        rows = self._rows(
            "SELECT m.*, (SELECT COUNT(*) FROM actions a WHERE a.match_id = m.id) AS action_count, "
            "t.clock_base_s AS tournament_base_s, t.clock_bank_s AS tournament_bank_s "
            f"FROM matches m LEFT JOIN tournaments t ON t.id = m.tournament_id {where} ORDER BY {order}",
            parameters,
        )
        if not rows:
            return []
        ids = [row["id"] for row in rows]
        seats: dict[int, list[SeatEntry]] = {match_id: [] for match_id in ids}
        for seat_row in self._rows(
            f"SELECT * FROM match_seats WHERE match_id IN ({', '.join('?' for _ in ids)}) "
            "ORDER BY match_id, seat",
            ids,
        ):
            seats[seat_row["match_id"]].append(
                SeatEntry(seat_row["name"], seat_row["level"], seat_row["participant"])
            )
        rules_cache: dict[tuple[str, str], RuleSet] = {}
        found = []
        for row in rows:
            where_text = f"{self.path}: match {row['id']}"
            key = (row["ruleset"], row["rules"])
            if key not in rules_cache:
                rules_cache[key] = rules_from_text(row["ruleset"], row["rules"], where_text)
            rules = rules_cache[key]
            entries = tuple(seats[row["id"]])
            if len(entries) != rules.players or any(entry.level not in SEAT_LEVELS for entry in entries):
                raise RecordsError(f"{where_text}: its seats do not fit a {rules.players}-player table")
            if row["status"] not in MATCH_STATUSES:
                raise RecordsError(f"{where_text}: unknown status {row['status']!r}")
            found.append(
                MatchSummary(
                    id=row["id"],
                    rules=rules,
                    seed=row["seed"],
                    seats=entries,
                    status=row["status"],
                    tournament=row["tournament_id"],
                    round=row["round"],
                    table=row["table_no"],
                    result=_result_from_text(row["result"], rules.players, where_text),
                    actions=row["action_count"],
                    updated_at=row["updated_at"],
                    clock=_clock_of(row, "tournament_" if row["tournament_id"] is not None else "clock_"),
                )
            )
        return found

    # ---- tournaments ------------------------------------------------------------------------------------

    def create_tournament(
        self,
        name: str,
        rules: RuleSet,
        participants: Sequence[tuple[str, str]],
        *,
        rounds: int,
        seating: str,
        fill: str,
        seed: int,
        clock: Clock | None = None,
    ) -> int:
        """Store a new tournament and its participants ((name, level) in entry order); return its id."""
        ruleset, overrides = rules_to_text(rules)
        now = _now()
        with self._write() as connection:
            cursor = connection.execute(
                "INSERT INTO tournaments (name, ruleset, rules, rounds, seating, fill, seed, status, "
                "created_at, updated_at, clock_base_s, clock_bank_s) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, 'running', ?, ?, ?, ?)",
                (
                    name,
                    ruleset,
                    overrides,
                    rounds,
                    seating,
                    fill,
                    seed,
                    now,
                    now,
                    clock.base_s if clock else None,
                    clock.bank_s if clock else None,
                ),
            )
            tournament_id = cursor.lastrowid
            assert tournament_id is not None
            connection.executemany(
                "INSERT INTO participants (tournament_id, idx, name, level) VALUES (?, ?, ?, ?)",
                [(tournament_id, index, who, level) for index, (who, level) in enumerate(participants)],
            )
        return tournament_id

    def schedule_round(
        self,
        tournament: int,
        round_number: int,
        tables: Sequence[tuple[int, int, Sequence[SeatEntry]]],
        byes: Sequence[int],
    ) -> None:
        """Store one round's matches ((table, seed, seats) each, status pending) and byes together."""
        info = self.tournament(tournament)
        with self._write() as connection:
            for table, seed, seats in tables:
                self._insert_match(
                    connection, info.rules, seed, seats, tournament, round_number, table, "pending"
                )
            connection.executemany(
                "INSERT INTO byes (tournament_id, round, participant) VALUES (?, ?, ?)",
                [(tournament, round_number, participant) for participant in byes],
            )

    def set_tournament_status(self, tournament: int, status: str) -> None:
        """Mark a tournament running or finished."""
        with self._write() as connection:
            connection.execute(
                "UPDATE tournaments SET status = ?, updated_at = ? WHERE id = ?", (status, _now(), tournament)
            )

    def tournament(self, tournament: int) -> TournamentInfo:
        """One tournament's setup; RecordsError when there is none."""
        found = self._tournaments("WHERE id = ?", (tournament,))
        if not found:
            raise RecordsError(f"no tournament {tournament} in {self.path}")
        return found[0]

    def tournaments(self) -> list[TournamentInfo]:
        """Every tournament, newest first."""
        return self._tournaments("", (), "updated_at DESC, id DESC")

    def _tournaments(
        self, where: str, parameters: Sequence[object], order: str = "id"
    ) -> list[TournamentInfo]:
        rows = self._rows(f"SELECT * FROM tournaments {where} ORDER BY {order}", parameters)
        found = []
        for row in rows:
            where_text = f"{self.path}: tournament {row['id']}"
            people = tuple(
                Participant(person["idx"], person["name"], person["level"])
                for person in self._rows(
                    "SELECT * FROM participants WHERE tournament_id = ? ORDER BY idx", (row["id"],)
                )
            )
            if [person.index for person in people] != list(range(len(people))) or any(
                person.level not in SEAT_LEVELS for person in people
            ):
                raise RecordsError(f"{where_text}: its participants are damaged")
            found.append(
                TournamentInfo(
                    id=row["id"],
                    name=row["name"],
                    rules=rules_from_text(row["ruleset"], row["rules"], where_text),
                    rounds=row["rounds"],
                    seating=row["seating"],
                    fill=row["fill"],
                    seed=row["seed"],
                    status=row["status"],
                    participants=people,
                    clock=_clock_of(row, "clock_"),
                    created_at=row["created_at"],
                    updated_at=row["updated_at"],
                )
            )
        return found

    def delete_tournament(self, tournament: int) -> None:
        """Remove a tournament with its participants, schedule, matches and adjustments, all at once."""
        self.tournament(tournament)  # RecordsError when there is none
        matches = "SELECT id FROM matches WHERE tournament_id = ?"
        with self._write() as connection:
            connection.execute(f"DELETE FROM actions WHERE match_id IN ({matches})", (tournament,))
            connection.execute(f"DELETE FROM match_seats WHERE match_id IN ({matches})", (tournament,))
            for table in ("matches", "byes", "adjustments", "participants"):
                connection.execute(f"DELETE FROM {table} WHERE tournament_id = ?", (tournament,))
            connection.execute("DELETE FROM tournaments WHERE id = ?", (tournament,))

    def byes(self, tournament: int) -> dict[int, tuple[int, ...]]:
        """Each scheduled round's byes."""
        found: dict[int, list[int]] = {}
        for row in self._rows(
            "SELECT round, participant FROM byes WHERE tournament_id = ? ORDER BY round, participant",
            (tournament,),
        ):
            found.setdefault(row["round"], []).append(row["participant"])
        return {round_number: tuple(people) for round_number, people in found.items()}

    def add_adjustment(self, tournament: int, participant: int, points: float, reason: str) -> int:
        """Store a points adjustment (settlement points, one decimal) with its reason; return its id."""
        with self._write() as connection:
            cursor = connection.execute(
                "INSERT INTO adjustments (tournament_id, participant, points_tenths, reason, created_at) "
                "VALUES (?, ?, ?, ?, ?)",
                (tournament, participant, round(points * 10), reason, _now()),
            )
            assert cursor.lastrowid is not None
            return cursor.lastrowid

    def adjustments(self, tournament: int) -> list[Adjustment]:
        """A tournament's adjustments, oldest first."""
        return [
            Adjustment(row["id"], row["participant"], row["points_tenths"] / 10, row["reason"])
            for row in self._rows(
                "SELECT * FROM adjustments WHERE tournament_id = ? ORDER BY id", (tournament,)
            )
        ]

    def drill_players(self) -> list[DrillRecord]:
        """Every player's drill progress, the one who practised last first."""
        tallies: dict[str, dict[tuple[str, int], tuple[int, int]]] = {}
        for row in self._rows("SELECT * FROM drill_tallies ORDER BY player, kind, level"):
            where = f"{self.path}: the drill progress of {row['player']!r:.40}"
            attempts, correct = _count(row["attempts"], where), _count(row["correct"], where)
            if correct > attempts or not isinstance(row["level"], int) or not isinstance(row["kind"], str):
                raise RecordsError(f"{where} is damaged")
            tallies.setdefault(row["player"], {})[(row["kind"], row["level"])] = (attempts, correct)
        found = []
        for row in self._rows("SELECT * FROM drill_players ORDER BY used DESC, player"):
            where = f"{self.path}: the drill progress of {row['player']!r:.40}"
            found.append(
                DrillRecord(
                    row["player"],
                    _count(row["streak"], where),
                    _count(row["best_streak"], where),
                    tallies.get(row["player"], {}),
                )
            )
        return found

    def save_drill_player(self, record: DrillRecord) -> None:
        """Store one player's drill progress (they practised last) in one transaction."""
        with self._write() as connection:
            connection.execute(
                "INSERT INTO drill_players (player, streak, best_streak, used) "
                "VALUES (?, ?, ?, (SELECT COALESCE(MAX(used), 0) + 1 FROM drill_players)) "
                "ON CONFLICT (player) DO UPDATE SET streak = excluded.streak, "
                "best_streak = excluded.best_streak, used = excluded.used",
                (record.player, record.streak, record.best_streak),
            )
            connection.executemany(
                "INSERT INTO drill_tallies (player, kind, level, attempts, correct) VALUES (?, ?, ?, ?, ?) "
                "ON CONFLICT (player, kind, level) DO UPDATE SET attempts = excluded.attempts, "
                "correct = excluded.correct",
                [
                    (record.player, kind, level, attempts, correct)
                    for (kind, level), (attempts, correct) in sorted(record.tallies.items())
                ],
            )

    def has_unfinished(self) -> bool:
        """Whether a single match or a tournament waits to be continued (the title's Continue)."""
        rows = self._rows(
            "SELECT EXISTS (SELECT 1 FROM matches WHERE tournament_id IS NULL AND status = 'playing') "
            "OR EXISTS (SELECT 1 FROM tournaments WHERE status = 'running') AS waiting"
        )
        return bool(rows[0]["waiting"])

    def integrity(self) -> str:
        """SQLite's own check of the whole file: "ok" or what is damaged."""
        rows = self._rows("PRAGMA integrity_check")
        return "; ".join(str(row[0]) for row in rows)


def _count(value: object, where: str) -> int:
    """A stored count, which must be a whole number of at least 0; RecordsError names ``where`` otherwise."""
    if not isinstance(value, int) or value < 0:
        raise RecordsError(f"{where} is damaged (a count of {value!r:.20})")
    return value


def _clock_of(row: sqlite3.Row, prefix: str) -> Clock | None:
    """The clock stored in a row's ``{prefix}base_s`` and ``{prefix}bank_s`` columns (None: no clock)."""
    base, bank = row[f"{prefix}base_s"], row[f"{prefix}bank_s"]
    return Clock(base, bank) if isinstance(base, int) and isinstance(bank, int) else None


def _roll_back(connection: sqlite3.Connection) -> None:
    """Undo the transaction in progress, if the connection still has one (nothing was written)."""
    try:
        if connection.in_transaction:
            connection.execute("ROLLBACK")
    except sqlite3.Error:
        pass  # a closed or broken connection: SQLite rolls back on its own when it is reopened


def _result_from_text(text: object, players: int, where: str) -> MatchResult | None:
    if text is None:
        return None
    try:
        data = json.loads(str(text))
        result = MatchResult(
            tuple(int(value) for value in data["scores"]),
            tuple(int(value) for value in data["ranks"]),
            tuple(int(value) for value in data["settled"]),
            tuple(int(value) for value in data.get("chips", ())),  # none in older results
        )
    except (ValueError, TypeError, KeyError, AttributeError, RecursionError):
        raise RecordsError(f"{where}: its result is damaged") from None
    if not len(result.scores) == len(result.ranks) == len(result.settled) == players:
        raise RecordsError(f"{where}: its result is damaged")
    if result.chips and len(result.chips) != players:
        raise RecordsError(f"{where}: its result is damaged")
    return result


_SQLITE_MAGIC = b"SQLite format 3\x00"


def _open(path: Path, create: bool) -> sqlite3.Connection:
    """Open, check and (when it is older) upgrade the file; never write to a file that fails a check."""
    exists = path.exists()
    if exists:
        try:
            with path.open("rb") as handle:
                header = handle.read(len(_SQLITE_MAGIC))
        except OSError as error:
            raise RecordsError(
                f"cannot open the records database {path}: {error.strerror or error}"
            ) from None
        if header and header != _SQLITE_MAGIC:
            raise RecordsError(f"{path} is not a records database (not an SQLite file); it was left as it is")
        if not header and not create:
            raise RecordsError(f"{path} is empty: it holds no records yet")
    elif not create:
        raise RecordsError(f"no records database at {path}")
    else:
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise RecordsError(f"cannot create the folder of {path}: {error.strerror or error}") from None
    try:
        connection = sqlite3.connect(str(path), isolation_level=None, timeout=10.0)
    except sqlite3.Error as error:
        raise RecordsError(f"cannot open the records database {path}: {error}") from None
    connection.row_factory = sqlite3.Row
    try:
        _check_and_upgrade(connection, path)
    except BaseException:
        connection.close()
        raise
    return connection


def _check_and_upgrade(connection: sqlite3.Connection, path: Path) -> None:
    try:
        application_id = connection.execute("PRAGMA application_id").fetchone()[0]
        version = connection.execute("PRAGMA user_version").fetchone()[0]
        tables = {row[0] for row in connection.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    except sqlite3.DatabaseError as error:
        raise RecordsError(f"{path} is damaged ({error}); it was left as it is") from None
    if application_id not in (0, APPLICATION_ID) or (application_id == 0 and tables):
        raise RecordsError(f"{path} is not a records database of this game; it was left as it is")
    if version > SCHEMA_VERSION:
        raise RecordsError(
            f"{path} was written by a newer version of the game (records version {version}, this one reads "
            f"up to {SCHEMA_VERSION}); it was left as it is"
        )
    if version > 0 and not tables >= _TABLES:
        raise RecordsError(f"{path} is damaged (tables are missing); it was left as it is")
    try:
        connection.execute("PRAGMA journal_mode = WAL")
        connection.execute("PRAGMA synchronous = NORMAL")  # with WAL: a crash never corrupts the file
        connection.execute("PRAGMA foreign_keys = ON")
        connection.execute("PRAGMA busy_timeout = 10000")
        if version < SCHEMA_VERSION:
            connection.execute("BEGIN IMMEDIATE")
            for step in range(version, SCHEMA_VERSION):
                for statement in MIGRATIONS[step].split(";"):
                    if statement.strip():
                        connection.execute(statement)
            connection.execute(f"PRAGMA application_id = {APPLICATION_ID}")
            connection.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
            connection.execute("COMMIT")
    except sqlite3.Error as error:
        _roll_back(connection)
        raise RecordsError(f"cannot set up the records database {path}: {error}") from None
