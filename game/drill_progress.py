"""How each player does at the drills: attempts and correct answers per drill and level, and a streak.

Kept as JSON in the settings folder (``drill_progress.json``). A damaged file (bad JSON or values, not
UTF-8, too large) gives one warning line naming it and what is wrong, and is kept aside as
``drill_progress.json.bad`` before anything new is written over it, so nothing saved is lost. No pygame.
"""

from __future__ import annotations

import json
import logging
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game.drills import KINDS, LEVELS
from game.home import config_dir
from game.safe_json import JsonError
from game.safe_json import loads as load_json

logger = logging.getLogger(__name__)

DEFAULT_PLAYER = "Player 1"
MAX_FILE_BYTES = 1024 * 1024  # a progress file is a few kilobytes: anything this large is not one
MAX_COUNT = 10**9  # attempts, correct answers and streaks above this are not from play
NAME_CHARS = 24  # a player's name, as the practice screen's field takes it


class ProgressError(ValueError):
    """A progress file that cannot be used (the message is one line, naming the file)."""


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


def progress_path() -> Path:
    """The progress file."""
    return config_dir() / "drill_progress.json"


class DrillProgress:
    """Every player's progress, read from and written to one file."""

    def __init__(
        self,
        players: dict[str, PlayerProgress] | None = None,
        path: Path | None = None,
        current: str = DEFAULT_PLAYER,
    ) -> None:
        self.players: dict[str, PlayerProgress] = players if players is not None else {}
        self.path = path
        self.current = current  # who practised last: the practice screen starts with them

    def set_current(self, name: str) -> str:
        """Practise as ``name`` from now on (blank: the default player), remembered in the file; the name
        used."""
        name = "".join(char for char in name.strip() if char.isprintable())[:NAME_CHARS] or DEFAULT_PLAYER
        if name != self.current:
            self.current = name
            self._save()
        return name

    def player(self, name: str = DEFAULT_PLAYER) -> PlayerProgress:
        """A player's progress (empty for a new player)."""
        return self.players.setdefault(name, PlayerProgress())

    def record(self, kind: str, level: int, correct: bool, player: str = DEFAULT_PLAYER) -> None:
        """Count one answer of ``player`` and save the file (a failed write is one warning line)."""
        self.player(player).record(kind, level, correct)
        self._save()

    def _save(self) -> None:
        if self.path is not None:
            try:
                save_progress(self, self.path)
            except OSError as exc:
                logger.warning("%s: cannot save the drill progress (%s)", self.path, exc)

    def to_json(self) -> dict[str, Any]:
        """The file's JSON value."""
        players: dict[str, Any] = {}
        for name, progress in sorted(self.players.items()):
            drills: dict[str, dict[str, dict[str, int]]] = {}
            for (kind, level), tally in sorted(progress.tallies.items()):
                drills.setdefault(kind, {})[str(level)] = {
                    "attempts": tally.attempts,
                    "correct": tally.correct,
                }
            players[name] = {"drills": drills, "streak": progress.streak, "best_streak": progress.best_streak}
        return {"current": self.current, "players": players}


def _count(value: object, where: str, what: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= MAX_COUNT:
        raise ProgressError(
            f"{where}: {what} must be a whole number from 0 to {MAX_COUNT}, got {value!r:.60}"
        )
    return value


def _object(value: object, where: str, what: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise ProgressError(f"{where}: {what} must be a JSON object, got {type(value).__name__}")
    return value


def parse_progress(text: str | bytes, where: str) -> DrillProgress:
    """Progress from a file's JSON text; ProgressError (one line naming ``where``) when it is not usable."""
    if len(text) > MAX_FILE_BYTES:
        raise ProgressError(f"{where}: larger than {MAX_FILE_BYTES} bytes, so not a progress file")
    try:
        data = _object(load_json(text, where, max_bytes=MAX_FILE_BYTES), where, "the file")
    except JsonError as exc:
        raise ProgressError(str(exc)) from None
    current = data.get("current", DEFAULT_PLAYER)
    if not isinstance(current, str) or not current.isprintable() or not 0 < len(current) <= NAME_CHARS:
        raise ProgressError(f"{where}: 'current' must be a name of 1 to {NAME_CHARS} characters")
    players: dict[str, PlayerProgress] = {}
    for name, entry in _object(data.get("players", {}), where, "'players'").items():
        entry = _object(entry, where, f"player {name!r:.40}")
        progress = PlayerProgress(
            streak=_count(entry.get("streak", 0), where, "'streak'"),
            best_streak=_count(entry.get("best_streak", 0), where, "'best_streak'"),
        )
        for kind, levels in _object(entry.get("drills", {}), where, "'drills'").items():
            if kind not in KINDS:
                raise ProgressError(f"{where}: unknown drill {kind!r:.40}")
            for level, tally in _object(levels, where, f"drill {kind!r}").items():
                if level not in {str(each) for each in LEVELS}:
                    raise ProgressError(f"{where}: {kind} level must be 1, 2 or 3, got {level!r:.20}")
                tally = _object(tally, where, f"{kind} level {level}")
                attempts = _count(tally.get("attempts", 0), where, "'attempts'")
                correct = _count(tally.get("correct", 0), where, "'correct'")
                if correct > attempts:
                    raise ProgressError(
                        f"{where}: {kind} level {level} has more correct answers than attempts"
                    )
                progress.tallies[(kind, int(level))] = Tally(attempts, correct)
        players[str(name)] = progress
    return DrillProgress(players, current=current)


def load_progress(path: Path | None = None) -> DrillProgress:
    """The saved progress, or none (with one warning line) when the file is missing or unusable; saving it
    later keeps a damaged file aside first."""
    path = path or progress_path()
    try:
        with path.open("rb") as file:
            data = file.read(MAX_FILE_BYTES + 1)
    except FileNotFoundError:
        return DrillProgress(path=path)
    except OSError as exc:
        logger.warning("%s: cannot read the drill progress (%s); starting afresh", path, exc)
        return DrillProgress(path=path)
    try:
        progress = parse_progress(data, str(path))
    except ProgressError as exc:
        logger.warning("%s; starting afresh (the file is kept as %s.bad)", exc, path.name)
        return DrillProgress(path=path)
    progress.path = path
    return progress


def save_progress(progress: DrillProgress, path: Path | None = None) -> None:
    """Write the progress atomically; a damaged file already there is kept aside as ``.bad`` first."""
    path = path or progress.path or progress_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    if path.exists():
        try:
            with path.open("rb") as file:
                parse_progress(file.read(MAX_FILE_BYTES + 1), str(path))
        except (ProgressError, OSError):
            path.replace(path.with_name(path.name + ".bad"))
    temporary = path.with_name(path.name + ".tmp")
    temporary.write_text(json.dumps(progress.to_json(), indent=2, sort_keys=True) + "\n", encoding="utf-8")
    temporary.replace(path)
