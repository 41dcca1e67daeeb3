"""How each player does at the drills: attempts and correct answers per drill and level, and a streak.

Kept in the records database (``records.sqlite3`` in the settings folder, game/records.py), one row per player
and one per drill and level, written after every answer. The player who practised last is the one the
Practice screen starts with. A database that cannot be read gives one warning line and the drills run
unsaved; nothing stored is written over. No pygame.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass, field

from game.drills import KINDS, LEVELS
from game.records import DrillRecord, Records, RecordsError

logger = logging.getLogger(__name__)

DEFAULT_PLAYER = "Player 1"
NAME_CHARS = 24  # a player's name, as the practice screen's field takes it


@dataclass
class Tally:
    """Attempts and correct answers at one drill and level."""

    attempts: int = 0
    correct: int = 0

    @property
    def accuracy(self) -> float | None:
        """Correct answers as a share of attempts (None before the first attempt)."""
        return self.correct / self.attempts if self.attempts else None


@dataclass
class PlayerProgress:
    """One player's tallies by (drill, level), the current streak of correct answers and the best one."""

    tallies: dict[tuple[str, int], Tally] = field(default_factory=dict)
    streak: int = 0
    best_streak: int = 0

    def tally(self, kind: str, level: int | None = None) -> Tally:
        """The tally of a drill at one level, or at every level summed when ``level`` is None."""
        if level is not None:
            return self.tallies.get((kind, level), Tally())
        found = [self.tallies.get((kind, each), Tally()) for each in LEVELS]
        return Tally(sum(item.attempts for item in found), sum(item.correct for item in found))

    def record(self, kind: str, level: int, correct: bool) -> None:
        """Count one answer."""
        _check(kind, level)
        tally = self.tallies.setdefault((kind, level), Tally())
        tally.attempts += 1
        tally.correct += int(correct)
        self.streak = self.streak + 1 if correct else 0
        self.best_streak = max(self.best_streak, self.streak)


def _check(kind: str, level: int) -> None:
    if kind not in KINDS:
        raise ValueError(f"unknown drill {kind!r}")
    if level not in LEVELS:
        raise ValueError(f"level must be 1, 2 or 3, got {level}")


class DrillProgress:
    """Every player's progress, saved to ``records`` after each change (None: kept in memory only)."""

    def __init__(
        self,
        players: dict[str, PlayerProgress] | None = None,
        records: Records | None = None,
        current: str = DEFAULT_PLAYER,
    ) -> None:
        self.players: dict[str, PlayerProgress] = players if players is not None else {}
        self.records = records
        self.current = current  # who practised last: the practice screen starts with them

    def player(self, name: str = DEFAULT_PLAYER) -> PlayerProgress:
        """A player's progress (empty for a new player)."""
        return self.players.setdefault(name, PlayerProgress())

    def record(self, kind: str, level: int, correct: bool, player: str = DEFAULT_PLAYER) -> None:
        """Count one answer of ``player`` and save it (a failed write is one warning line)."""
        self.player(player).record(kind, level, correct)
        self.current = player
        self._save(player)

    def set_current(self, name: str) -> str:
        """Practise as ``name`` from now on (blank: the default player), remembered; the name used."""
        name = "".join(char for char in name.strip() if char.isprintable())[:NAME_CHARS] or DEFAULT_PLAYER
        if name != self.current:
            self.current = name
            self._save(name)
        return name

    def _save(self, name: str) -> None:
        if self.records is None:
            return
        progress = self.player(name)
        record = DrillRecord(
            name,
            progress.streak,
            progress.best_streak,
            {key: (tally.attempts, tally.correct) for key, tally in progress.tallies.items()},
        )
        try:
            self.records.save_drill_player(record)
        except RecordsError as error:
            logger.warning("the drill progress is not saved: %s", error)


def load_progress(records: Records | None) -> DrillProgress:
    """The stored progress of every player (the last to practise is ``current``); with no records, or when
    they cannot be read (one warning line), an empty progress kept in memory only, so nothing stored is
    written over."""
    if records is None:
        return DrillProgress()
    try:
        stored = records.drill_players()
    except RecordsError as error:
        logger.warning("%s; the drills run without saving", error)
        return DrillProgress()
    players: dict[str, PlayerProgress] = {}
    for entry in stored:
        progress = players[entry.player] = PlayerProgress(streak=entry.streak, best_streak=entry.best_streak)
        for (kind, level), (attempts, correct) in entry.tallies.items():
            if kind in KINDS and level in LEVELS:  # a drill this version does not know is kept, not shown
                progress.tallies[(kind, level)] = Tally(attempts, correct)
    current = stored[0].player if stored else DEFAULT_PLAYER
    return DrillProgress(players, records, current)


def open_progress(open_records: Callable[[], Records]) -> DrillProgress:
    """``load_progress`` from the records ``open_records`` opens; a database that cannot be opened is one
    warning line and the drills run unsaved."""
    try:
        records = open_records()
    except RecordsError as error:
        logger.warning("%s; the drills run without saving", error)
        return DrillProgress()
    return load_progress(records)
