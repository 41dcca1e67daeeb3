"""Statistics of play, one function per figure: ``simulate``, the ``stats`` command and the statistics
screen all count hands with ``HandTally``, keep each seat's match as a ``SeatResult`` and pool them in
``PlayerStats``.

The records' statistics replay every finished match (unfinished and abandoned ones are not counted) and pool
people by name (seats of level "human") and AI seats by level, as "Easy AI", "Normal AI" and "Strong AI":
every seat of one level is one more match of that entry, as in ``simulate``. A 3-player and a 4-player match
are different games, so each table size is an entry of its own (its ``players``) and ``ranks`` counts 1st,
2nd, ... for exactly that many places. Rates are fractions per hand played, except ``tsumo_share`` (tsumo wins
/ wins), ``tenpai_at_draw_rate`` (tenpai at exhaustive draws / exhaustive draws played), ``avg_win`` (mean
table value of a win) and ``avg_deal_in`` (mean table value of the wins dealt into, per hand dealt in; a
double ron counts both wins once).
"""

from __future__ import annotations

import json
import time
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TextIO

from game.ai import LEVELS
from game.records import MatchSummary, Records, RecordsError, SeatEntry, StoredMatch, default_path
from game.saved_match import NobodySeat
from game.table import RestoreError, Table
from rules.events import (
    Event,
    ExhaustiveDraw,
    FlowerRevealed,
    HandWon,
    MeldCalled,
    RiichiAccepted,
    RoundEnded,
    RoundStarted,
)
from rules.match import Standings
from rules.meld import MeldType
from rules.round import RoundState
from rules.scoring import YAKU_ORDER

NOT_YAKU = frozenset(YAKU_ORDER[YAKU_ORDER.index("dora") :])
"""Dora, red fives, ura dora, kita and flowers: counted in a hand's han, but no yaku of their own."""
AI_NAMES = {"easy": "Easy AI", "normal": "Normal AI", "strong": "Strong AI"}
"""The name of each AI level's entry in the records' statistics (the screen shows its own, translated)."""
TOP_YAKU = 5
"""Yaku shown per player in the command's table."""


# ---- one match: tallies from the engine's events ----------------------------------------------------------


@dataclass(frozen=True)
class SeatResult:
    """One seat's tallies over one game; hand counts are numbers of hands with that happening."""

    label: str
    score: int  # final score, leftover kyoutaku included (Standings.scores)
    rank: int  # 1-based, ties broken by the engine's final_standings
    hands: int = 0
    wins: int = 0
    win_points: int = 0  # sum of the wins' table values (HandValue.points: no honba, sticks or pao split)
    deal_ins: int = 0  # hands where one of its discards, kans or kitas was ronned (double ron counts once)
    riichi: int = 0  # hands with an accepted riichi
    calls: int = 0  # hands with an open call (chi, pon, daiminkan, shouminkan; not ankan)
    draws: int = 0  # exhaustive draws it took part in (nagashi mangan included)
    tenpai_at_draw: int = 0
    fallbacks: int = 0  # decisions an external mjai bot lost to safe play (crash, stall, illegal answer)
    tsumo_wins: int = 0  # wins by tsumo (the others are ron)
    deal_in_points: int = 0  # sum of the table values of the wins it dealt into
    yaku: tuple[tuple[str, int], ...] = ()  # (yaku, wins with it), dora kinds left out (NOT_YAKU)
    chips: int = 0  # chips over the game (RULES.md §12; 0 without chips)
    flowers: int = 0  # flowers it set aside over the game (the flowers option; 0 without)


class HandTally:
    """An engine observer counting, per seat, the hands with a win, deal-in, riichi, open call and draw, and
    the tsumo wins, the points dealt in and the yaku of the wins."""

    def __init__(self, players: int) -> None:
        self.players = players
        self.hands = 0
        self.draws = 0
        self.wins = [0] * players
        self.win_points = [0] * players
        self.deal_ins = [0] * players
        self.riichi = [0] * players
        self.calls = [0] * players
        self.tenpai_at_draw = [0] * players
        self.tsumo_wins = [0] * players
        self.deal_in_points = [0] * players
        self.flowers = [0] * players
        self.yaku: list[Counter[str]] = [Counter() for _ in range(players)]
        self._dealt_in: set[int] = set()
        self._riichi: set[int] = set()
        self._called: set[int] = set()

    def __call__(self, events: tuple[Event, ...], state: RoundState) -> None:
        """Count one engine step's events."""
        for event in events:
            if isinstance(event, RoundStarted):
                self.hands += 1
                self._dealt_in, self._riichi, self._called = set(), set(), set()
            elif isinstance(event, RiichiAccepted):
                self._riichi.add(event.seat)
            elif isinstance(event, MeldCalled) and event.meld.type is not MeldType.ANKAN:
                self._called.add(event.seat)
            elif isinstance(event, HandWon):
                self._won(event)
            elif isinstance(event, FlowerRevealed):
                self.flowers[event.seat] += 1
            elif isinstance(event, ExhaustiveDraw):
                self.draws += 1
                for seat in event.tenpai:
                    self.tenpai_at_draw[seat] += 1
            elif isinstance(event, RoundEnded):
                for seat in self._dealt_in:
                    self.deal_ins[seat] += 1
                for seat in self._riichi:
                    self.riichi[seat] += 1
                for seat in self._called:
                    self.calls[seat] += 1

    def _won(self, event: HandWon) -> None:
        seat = event.seat
        self.wins[seat] += 1
        self.win_points[seat] += event.value.points
        self.yaku[seat].update(name for name, _ in event.value.yaku if name not in NOT_YAKU)
        if event.discarder is None:
            self.tsumo_wins[seat] += 1
        else:
            self._dealt_in.add(event.discarder)
            self.deal_in_points[event.discarder] += event.value.points

    def seat_result(self, seat: int, label: str, standings: Standings, fallbacks: int = 0) -> SeatResult:
        """The tallies of ``seat`` over the match that ended in ``standings``."""
        return SeatResult(
            label=label,
            score=standings.scores[seat],
            rank=standings.ranks[seat],
            hands=self.hands,
            wins=self.wins[seat],
            win_points=self.win_points[seat],
            deal_ins=self.deal_ins[seat],
            riichi=self.riichi[seat],
            calls=self.calls[seat],
            draws=self.draws,
            tenpai_at_draw=self.tenpai_at_draw[seat],
            fallbacks=fallbacks,
            tsumo_wins=self.tsumo_wins[seat],
            deal_in_points=self.deal_in_points[seat],
            yaku=tuple(sorted(self.yaku[seat].items())),
            chips=standings.chip_count(seat),
            flowers=self.flowers[seat],
        )


# ---- many matches: the pooled figures ---------------------------------------------------------------------


@dataclass
class PlayerStats:
    """One label's results pooled over all its seats and games (raw counts; the rates are properties)."""

    label: str
    players: int  # seats at the table, the number of ranks
    games: int = 0  # seat-games
    hands: int = 0  # seat-hands
    rank_counts: list[int] = field(default_factory=list)
    score_sum: int = 0
    wins: int = 0
    win_points: int = 0
    deal_ins: int = 0
    riichi: int = 0
    calls: int = 0
    draws: int = 0
    tenpai_at_draw: int = 0
    fallbacks: int = 0  # decisions answered by safe play in place of an external bot's own
    tsumo_wins: int = 0
    deal_in_points: int = 0
    yaku: Counter[str] = field(default_factory=Counter)
    ranks_in_order: list[int] = field(default_factory=list)  # each seat-game's rank, in the order added
    chips: int = 0  # chips won (lost when negative) over its games
    flowers: int = 0  # flowers set aside over its games

    def __post_init__(self) -> None:
        if not self.rank_counts:
            self.rank_counts = [0] * self.players

    def add(self, seat: SeatResult) -> None:
        """Pool one seat's game."""
        self.games += 1
        self.hands += seat.hands
        self.rank_counts[seat.rank - 1] += 1
        self.ranks_in_order.append(seat.rank)
        self.score_sum += seat.score
        self.wins += seat.wins
        self.win_points += seat.win_points
        self.deal_ins += seat.deal_ins
        self.riichi += seat.riichi
        self.calls += seat.calls
        self.draws += seat.draws
        self.tenpai_at_draw += seat.tenpai_at_draw
        self.fallbacks += seat.fallbacks
        self.tsumo_wins += seat.tsumo_wins
        self.deal_in_points += seat.deal_in_points
        self.yaku.update(dict(seat.yaku))
        self.chips += seat.chips
        self.flowers += seat.flowers

    @property
    def avg_rank(self) -> float:
        """Mean final rank."""
        return sum(rank * count for rank, count in enumerate(self.rank_counts, 1)) / self.games

    @property
    def rank_dist(self) -> list[float]:
        """Share of games finished 1st, 2nd, ..."""
        return [count / self.games for count in self.rank_counts]

    @property
    def avg_score(self) -> float:
        """Mean final score in points."""
        return self.score_sum / self.games

    def per_hand(self, count: int) -> float:
        """``count`` over the hands played (0 when none)."""
        return count / self.hands if self.hands else 0.0

    @property
    def avg_win_points(self) -> float | None:
        """Mean table value of its wins (None without a win)."""
        return self.win_points / self.wins if self.wins else None

    @property
    def tenpai_at_draw_rate(self) -> float:
        """Tenpai hands at exhaustive draws over the exhaustive draws it took part in."""
        return self.tenpai_at_draw / self.draws if self.draws else 0.0

    @property
    def tsumo_share(self) -> float | None:
        """Tsumo wins over all its wins (None without a win)."""
        return self.tsumo_wins / self.wins if self.wins else None

    @property
    def avg_deal_in_points(self) -> float | None:
        """Mean table value dealt in per hand it dealt in (None without a deal-in)."""
        return self.deal_in_points / self.deal_ins if self.deal_ins else None

    def top_yaku(self, count: int | None = None) -> list[tuple[str, int]]:
        """The yaku of its wins, most frequent first (ties in the order of the yaku list)."""
        order = {name: index for index, name in enumerate(YAKU_ORDER)}
        ranked = sorted(self.yaku.items(), key=lambda item: (-item[1], order.get(item[0], len(order))))
        return ranked if count is None else ranked[:count]

    def to_json(self) -> dict[str, Any]:
        """The entry of the ``simulate --json`` object's ``players`` list."""
        return {
            "label": self.label,
            "games": self.games,
            "hands": self.hands,
            "avg_rank": self.avg_rank,
            "rank_dist": self.rank_dist,
            "avg_score": self.avg_score,
            "win_rate": self.per_hand(self.wins),
            "deal_in_rate": self.per_hand(self.deal_ins),
            "riichi_rate": self.per_hand(self.riichi),
            "call_rate": self.per_hand(self.calls),
            "avg_win_points": self.avg_win_points,
            "tenpai_at_draw_rate": self.tenpai_at_draw_rate,
            "fallbacks": self.fallbacks,
            "chips": self.chips,
            "flowers": self.per_hand(self.flowers),
        }


# ---- the records: finished matches replayed ---------------------------------------------------------------


@dataclass(frozen=True)
class MatchTally:
    """A finished match of the records, replayed: its rules, when it ended, who sat where and how each did."""

    id: int
    ruleset: str  # the preset its rules start from
    players: int
    finished_at: str  # local time, "YYYY-MM-DDTHH:MM:SS"
    seats: tuple[SeatEntry, ...]
    results: tuple[SeatResult, ...]


def entry_key(entry: SeatEntry) -> tuple[str, str]:
    """Whose statistics a seat counts for: (``"human"``, name) for a person, (level, the level's name) for an
    AI.

    >>> entry_key(SeatEntry("Ann", "human")), entry_key(SeatEntry("Normal AI 2", "normal"))
    (('human', 'Ann'), ('normal', 'Normal AI'))
    """
    if entry.is_human:
        return "human", entry.name
    return entry.level, AI_NAMES.get(entry.level, entry.level)


def tally_match(stored: StoredMatch, where: str = "") -> MatchTally:
    """A finished match replayed by the engine and counted; RecordsError (one line, after ``where``) when
    its answers do not rebuild a whole match."""
    summary = stored.summary
    rules = summary.rules
    prefix = f"{where}: " if where else ""
    table = Table(rules, [NobodySeat() for _ in range(rules.players)], summary.seed)
    tally = HandTally(rules.players)
    table.subscribe_engine(tally)
    try:
        table.restore(stored.actions, whole_match=True)
    except RestoreError as error:
        raise RecordsError(f"{prefix}match {summary.id}: {error}") from None
    standings = table.standings
    if standings is None:
        raise RecordsError(f"{prefix}match {summary.id}: its answers end before the match does")
    return MatchTally(
        id=summary.id,
        ruleset=rules.name,
        players=rules.players,
        finished_at=summary.updated_at,
        seats=summary.seats,
        results=tuple(
            tally.seat_result(seat, entry_key(entry)[1], standings)
            for seat, entry in enumerate(summary.seats)
        ),
    )


CACHE_LIMIT = 20_000
"""Matches kept by ``_cache``; past it the cache starts again (a finished match replays the same anyway)."""
_cache: dict[tuple[str, int, int, str, int], MatchTally] = {}
"""Replayed matches of this process by (file, id, seed, last change, answers): a finished match never changes,
so the statistics screen opens at once the second time."""


class MatchReader:
    """Replays the finished matches of the records, oldest first, a few at a time (``read`` with a time
    budget), so a screen can show its progress; a match that cannot be rebuilt is skipped with one line."""

    def __init__(self, records: Records) -> None:
        """Lists the finished matches (RecordsError when the records cannot be read)."""
        self.records = records
        self.summaries: list[MatchSummary] = list(reversed(records.matches(statuses=("finished",))))
        self.position = 0  # the next summary to read
        self.matches: list[MatchTally] = []
        self.skipped: list[str] = []  # one line for each match left out
        self._file = str(Path(records.path).resolve())

    @property
    def total(self) -> int:
        """The finished matches to read."""
        return len(self.summaries)

    @property
    def done(self) -> bool:
        """Whether every finished match has been read."""
        return self.position >= len(self.summaries)

    def read(self, budget_s: float | None = None) -> bool:
        """Replay matches until all are read or ``budget_s`` has passed (at least one); whether all are."""
        start = time.perf_counter()
        while not self.done:
            summary = self.summaries[self.position]
            self.position += 1
            key = (self._file, summary.id, summary.seed, summary.updated_at, summary.actions)
            known = _cache.get(key)
            if known is None:
                try:
                    known = tally_match(self.records.load_match(summary.id), str(self.records.path))
                except RecordsError as error:
                    self.skipped.append(str(error))
                    continue
                if len(_cache) >= CACHE_LIMIT:
                    _cache.clear()
                _cache[key] = known
            self.matches.append(known)
            if budget_s is not None and time.perf_counter() - start >= budget_s:
                break
        return self.done


def read_matches(records: Records) -> MatchReader:
    """Every finished match of the records replayed (see ``MatchReader``)."""
    reader = MatchReader(records)
    reader.read()
    return reader


@dataclass(frozen=True)
class StatsFilter:
    """Which matches count: by rule preset, by table size and from a moment on (None: any)."""

    ruleset: str | None = None
    players: int | None = None
    since: str | None = None  # local time "YYYY-MM-DDTHH:MM:SS": matches finished then or later

    def accepts(self, match: MatchTally) -> bool:
        """Whether ``match`` counts."""
        return (
            (self.ruleset is None or match.ruleset == self.ruleset)
            and (self.players is None or match.players == self.players)
            and (self.since is None or match.finished_at >= self.since)
        )


def days_ago(days: float, now_s: float | None = None) -> str:
    """The local time ``days`` before now (or ``now_s``) as the records write it (``StatsFilter.since``)."""
    moment = (time.time() if now_s is None else now_s) - days * 86_400
    return time.strftime("%Y-%m-%dT%H:%M:%S", time.localtime(moment))


@dataclass(frozen=True)
class PlayerEntry:
    """One player of the records' statistics: a person or an AI level, at one table size."""

    name: str  # the person's name, or the AI level's (AI_NAMES)
    level: str  # "human" for a person, else the AI level
    stats: PlayerStats

    @property
    def is_human(self) -> bool:
        """Whether a person's matches are pooled here."""
        return self.level == "human"

    @property
    def players(self) -> int:
        """Seats at its tables: the number of ranks."""
        return self.stats.players

    def matches_name(self, name: str) -> bool:
        """Whether ``name`` asks for this entry: its name in any case, or an AI's level ("normal")."""
        asked = name.strip().casefold()
        return asked == self.name.casefold() or (not self.is_human and asked == self.level.casefold())


def pool(matches: Iterable[MatchTally], chosen: StatsFilter | None = None) -> list[PlayerEntry]:
    """The entries of the matches ``chosen`` accepts, in match order: 4-player tables before 3-player ones;
    people first (most matches first, then by name), then the AI levels weakest first."""
    wanted = chosen if chosen is not None else StatsFilter()
    pooled: dict[tuple[int, str, str], PlayerStats] = {}
    for match in matches:
        if not wanted.accepts(match):
            continue
        for entry, result in zip(match.seats, match.results, strict=True):
            level, name = entry_key(entry)
            key = (match.players, level, name)
            if key not in pooled:
                pooled[key] = PlayerStats(name, match.players)
            pooled[key].add(result)
    ai_order = {level: index for index, level in enumerate(LEVELS)}

    def order(key: tuple[int, str, str]) -> tuple[int, int, int, str]:
        players, level, name = key
        if level == "human":
            return -players, 0, -pooled[key].games, name
        return -players, 1, ai_order.get(level, len(ai_order)), name

    return [PlayerEntry(key[2], key[1], pooled[key]) for key in sorted(pooled, key=order)]


def entry_json(entry: PlayerEntry) -> dict[str, Any]:
    """One entry of the ``stats --json`` object's ``players`` list."""
    stats = entry.stats
    return {
        "name": entry.name,
        "kind": "human" if entry.is_human else "ai",
        "level": entry.level,
        "players": entry.players,
        "matches": stats.games,
        "hands": stats.hands,
        "avg_rank": stats.avg_rank,
        "ranks": list(stats.rank_counts),
        "avg_score": stats.avg_score,
        "win_rate": stats.per_hand(stats.wins),
        "deal_in_rate": stats.per_hand(stats.deal_ins),
        "riichi_rate": stats.per_hand(stats.riichi),
        "call_rate": stats.per_hand(stats.calls),
        "tsumo_share": stats.tsumo_share,
        "avg_win": stats.avg_win_points,
        "avg_deal_in": stats.avg_deal_in_points,
        "tenpai_at_draw_rate": stats.tenpai_at_draw_rate,
        "yaku": dict(stats.top_yaku()),
    }


def stats_json(entries: Sequence[PlayerEntry]) -> dict[str, Any]:
    """The ``stats --json`` object."""
    return {"players": [entry_json(entry) for entry in entries]}


def _percent(value: float | None) -> str:
    return "-" if value is None else f"{value:.1%}"


def _points(value: float | None) -> str:
    return "-" if value is None else f"{value:,.0f}"


def format_stats(entries: Sequence[PlayerEntry]) -> str:
    """The table the ``stats`` command prints: one block per table size, then each player's top yaku."""
    lines: list[str] = []
    for players in sorted({entry.players for entry in entries}, reverse=True):
        block = [entry for entry in entries if entry.players == players]
        width = max(len("player"), *(len(entry.name) for entry in block))
        places = "".join(f" {name:>4}" for name in ("1st", "2nd", "3rd", "4th")[:players])
        if lines:
            lines.append("")
        lines.append(f"{players}-player matches")
        lines.append(
            f"{'player':<{width}} {'matches':>7} {'hands':>6} {'rank':>5}{places} {'score':>7}"
            f" {'win':>6} {'dealin':>6} {'riichi':>6} {'call':>6} {'tsumo':>6} {'avgwin':>7}"
            f" {'avgdealin':>9} {'tenpai@draw':>11}"
        )
        for entry in block:
            stats = entry.stats
            counts = "".join(f" {count:>4}" for count in stats.rank_counts)
            lines.append(
                f"{entry.name:<{width}} {stats.games:>7} {stats.hands:>6} {stats.avg_rank:>5.2f}{counts}"
                f" {stats.avg_score:>7,.0f} {_percent(stats.per_hand(stats.wins)):>6}"
                f" {_percent(stats.per_hand(stats.deal_ins)):>6} {_percent(stats.per_hand(stats.riichi)):>6}"
                f" {_percent(stats.per_hand(stats.calls)):>6} {_percent(stats.tsumo_share):>6}"
                f" {_points(stats.avg_win_points):>7} {_points(stats.avg_deal_in_points):>9}"
                f" {_percent(stats.tenpai_at_draw_rate):>11}"
            )
        lines.append("most frequent yaku (wins with it)")
        for entry in block:
            seen = ", ".join(f"{name} {count}" for name, count in entry.stats.top_yaku(TOP_YAKU)) or "-"
            lines.append(f"  {entry.name:<{width}} {seen}")
    return "\n".join(lines)


# ---- the command line -------------------------------------------------------------------------------------


def run(
    db: Path | None,
    out: TextIO,
    err: TextIO,
    *,
    player: str | None = None,
    as_json: bool = False,
    chosen: StatsFilter | None = None,
) -> int:
    """The ``stats`` command: 0 with the table (or the JSON) on ``out``; 2 with one ``error:`` line on ``err``
    for a missing, foreign or damaged file (never created nor changed) or a player with no matches."""
    path = db if db is not None else default_path()
    try:
        if path.is_dir():
            raise RecordsError(f"{path} is a folder, not a records database")
        with Records(path, create=False) as records:
            reader = read_matches(records)
    except RecordsError as error:
        err.write(f"error: {_one_line(str(error))}\n")
        return 2
    for line in reader.skipped:
        err.write(f"warning: left out {_one_line(line)}\n")
    entries = pool(reader.matches, chosen)
    if player is not None:
        found = [entry for entry in entries if entry.matches_name(player)]
        if not found:
            known = ", ".join(dict.fromkeys(entry.name for entry in entries))
            listed = f" (the players: {known})" if known else ""
            err.write(_one_line(f"error: no finished matches of a player named {player!r} in {path}{listed}"))
            err.write("\n")
            return 2
        entries = found
    if as_json:
        out.write(json.dumps(stats_json(entries), ensure_ascii=False, indent=2) + "\n")
    elif not entries:
        out.write(f"no finished matches in {path}\n")
    else:
        out.write(format_stats(entries) + "\n")
    return 0


def _one_line(text: str, limit: int = 400) -> str:
    """``text`` on one line, cut at ``limit`` characters (a list of names can be long)."""
    joined = " ".join(text.split())
    return joined if len(joined) <= limit else joined[: limit - 1] + "…"
