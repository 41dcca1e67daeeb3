"""A simulate run's journal: each finished game as one JSON line, so that a run stopped or killed halfway goes
on from where it was (``main.py simulate --journal FILE``) instead of starting again.

The first line names the run (the options that decide its games: seat specs, rule set, length, seed, game
count, duplicate play, the mjai answer time); every later line is one game's tallies and decision times, as
the summary pools them. A game is written once it is over (after its logs, with ``--logs``), so a kill loses
only the games in play; a last line cut short by the kill is dropped and that game is played again. Reading
back is plain JSON through ``game.safe_json``, checked field by field: a journal of another run, or one that
is damaged, is one ``JournalError`` line naming the file and the line, and the file is left as it is.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, TextIO

from game import safe_json
from game.stats import SeatResult

FORMAT = "riichi-mahjong simulate journal"
VERSION = 1
_INT_FIELDS = tuple(
    field.name for field in dataclasses.fields(SeatResult) if field.name not in ("label", "yaku")
)
_LEAST = {"score": -(10**9), "rank": 1, "chips": -(10**9)}  # the least value of a seat's field (else 0)


class JournalError(ValueError):
    """A journal that cannot be used for this run; the message is one line naming the file (and line)."""


@dataclasses.dataclass(frozen=True)
class JournalGame:
    """One finished game as the journal keeps it (``game.simulate.GameResult`` without its record)."""

    index: int
    hands: int
    draws: int
    seats: tuple[SeatResult, ...]
    decision_ms: dict[str, list[float]]
    elapsed_s: float  # the run's time when it finished, earlier sessions of the run included


class Journal:
    """The journal file of one run; ``load`` first (it creates the file or reads the games it holds), then
    ``add`` each game as it finishes, and ``close``."""

    def __init__(self, path: Path, run: Mapping[str, Any]) -> None:
        self.path = path
        self.run = dict(run)
        self.elapsed_s = 0.0  # the time of the last game written in earlier sessions
        self._file: TextIO | None = None

    def load(self, games: int, labels: Sequence[str], players: int) -> dict[int, JournalGame]:
        """The games already played, by index (none for a new journal, which is created with its first line).
        ``games`` is the run's game count, ``labels`` its seat specs and ``players`` the seats of a game."""
        if self.path.is_dir():
            raise JournalError(f"cannot use --journal {self.path}: it is a directory")
        try:
            data = self.path.read_bytes() if self.path.exists() else b""
        except OSError as error:
            raise JournalError(f"cannot read --journal {self.path}: {error.strerror or error}") from None
        lines = data.split(b"\n")
        complete = lines[:-1]  # the part after the last newline was cut short (or is empty)
        header = json.dumps({"format": FORMAT, "version": VERSION, "run": self.run}, separators=(",", ":"))
        if not complete:
            # empty, or this run's first line cut short by a kill as it was being written: a new journal
            if not header.encode().startswith(data):
                raise JournalError(f"{self.path}: not a simulate journal (no complete first line)")
            self._open(truncate_to=0)
            self._write_line(header)
            return {}
        self._check_header(complete[0])
        found: dict[int, JournalGame] = {}
        for number, line in enumerate(complete[1:], start=2):
            game = self._game(line, number, games, set(labels), players)
            if game.index in found:
                raise JournalError(f"{self.path}: line {number}: game {game.index + 1} is there twice")
            found[game.index] = game
            self.elapsed_s = max(self.elapsed_s, game.elapsed_s)
        self._open(truncate_to=len(data) - len(lines[-1]))
        return found

    def add(
        self,
        index: int,
        hands: int,
        draws: int,
        seats: Sequence[SeatResult],
        decision_ms: Mapping[str, list[float]],
        elapsed_s: float,
    ) -> None:
        """Write one finished game (flushed at once, so a kill after it keeps it)."""
        data = {
            "game": index + 1,
            "hands": hands,
            "draws": draws,
            "elapsed_s": round(elapsed_s, 3),
            "seats": [_seat_json(seat) for seat in seats],
            "decision_ms": {label: [round(ms, 4) for ms in times] for label, times in decision_ms.items()},
        }
        self._write_line(json.dumps(data, separators=(",", ":")))

    def close(self) -> None:
        """Close the file (the games written stay)."""
        if self._file is not None:
            self._file.close()
            self._file = None

    def _open(self, truncate_to: int) -> None:
        try:
            if truncate_to == 0 or not self.path.exists():
                self._file = self.path.open("w", encoding="utf-8", newline="\n")
                return
            with self.path.open("r+b") as raw:  # drop a last line a kill cut short
                raw.truncate(truncate_to)
            self._file = self.path.open("a", encoding="utf-8", newline="\n")
        except OSError as error:
            raise JournalError(f"cannot write --journal {self.path}: {error.strerror or error}") from None

    def _write_line(self, text: str) -> None:
        assert self._file is not None, "load() opens the journal"
        try:
            self._file.write(text + "\n")
            self._file.flush()
        except OSError as error:
            raise JournalError(f"cannot write --journal {self.path}: {error.strerror or error}") from None

    def _check_header(self, line: bytes) -> None:
        where = f"{self.path}: line 1"
        try:
            header = safe_json.loads(line, where)
        except safe_json.JsonError:
            raise JournalError(f"{self.path}: not a simulate journal (line 1 is not JSON)") from None
        if not isinstance(header, dict) or header.get("format") != FORMAT:
            raise JournalError(f"{self.path}: not a simulate journal (line 1 does not say so)")
        if header.get("version") != VERSION:
            raise JournalError(
                f"{where}: journal version {header.get('version')!r}, this program writes {VERSION}"
            )
        theirs = header.get("run")
        if not isinstance(theirs, dict):
            raise JournalError(f"{where}: no run options")
        for key, ours in self.run.items():
            if key not in theirs or theirs[key] != ours:
                shown = repr(theirs[key]) if key in theirs else "missing"
                raise JournalError(
                    f"{self.path}: the journal of another run ({key} {shown}, this run {ours!r}); "
                    "give the same options or another --journal file"
                )

    def _game(self, line: bytes, number: int, games: int, labels: set[str], players: int) -> JournalGame:
        where = f"{self.path}: line {number}"
        try:
            data = safe_json.loads(line, where)
        except safe_json.JsonError as error:
            raise JournalError(str(error)) from None
        try:
            return _parse_game(data, games, labels, players)
        except _BadLineError as error:
            raise JournalError(f"{where}: {error}") from None


class _BadLineError(ValueError):
    """What is wrong with one journal line (the caller names the place)."""


def _seat_json(seat: SeatResult) -> dict[str, Any]:
    data = dataclasses.asdict(seat)
    data["yaku"] = [[name, count] for name, count in seat.yaku]
    return data


def _int(data: Mapping[str, Any], key: str, low: int = 0) -> int:
    value = data.get(key)
    if not isinstance(value, int) or isinstance(value, bool) or value < low:
        raise _BadLineError(f"{key!r} is not a whole number of at least {low}")
    return value


def _number(value: object, what: str) -> float:
    if not isinstance(value, int | float) or isinstance(value, bool) or value < 0:
        raise _BadLineError(f"{what} is not a number of at least 0")
    return float(value)


def _parse_game(data: object, games: int, labels: set[str], players: int) -> JournalGame:
    if not isinstance(data, dict):
        raise _BadLineError("not a JSON object")
    number = _int(data, "game", 1)
    if number > games:
        raise _BadLineError(f"game {number} is beyond the run's {games}")
    seats = data.get("seats")
    if not isinstance(seats, list) or len(seats) != players:
        raise _BadLineError(f"'seats' is not a list of {players}")
    timings = data.get("decision_ms")
    if not isinstance(timings, dict) or not all(
        label in labels and isinstance(times, list) for label, times in timings.items()
    ):
        raise _BadLineError("'decision_ms' is not lists of times by the run's seat specs")
    return JournalGame(
        index=number - 1,
        hands=_int(data, "hands"),
        draws=_int(data, "draws"),
        seats=tuple(_parse_seat(seat, labels, index) for index, seat in enumerate(seats)),
        decision_ms={
            label: [_number(ms, f"a time of {label!r}") for ms in times] for label, times in timings.items()
        },
        elapsed_s=_number(data.get("elapsed_s"), "'elapsed_s'"),
    )


def _parse_seat(data: object, labels: set[str], index: int) -> SeatResult:
    if not isinstance(data, dict):
        raise _BadLineError(f"seat {index} is not a JSON object")
    label = data.get("label")
    if label not in labels:
        raise _BadLineError(f"seat {index}'s label {label!r} is none of the run's seat specs")
    yaku = data.get("yaku")
    if not isinstance(yaku, list) or not all(
        isinstance(pair, list)
        and len(pair) == 2
        and isinstance(pair[0], str)
        and isinstance(pair[1], int)
        and not isinstance(pair[1], bool)
        for pair in yaku
    ):
        raise _BadLineError(f"seat {index}'s 'yaku' is not [name, wins] pairs")
    try:
        fields = {name: _int(data, name, _LEAST.get(name, 0)) for name in _INT_FIELDS}
    except _BadLineError as error:
        raise _BadLineError(f"seat {index}: {error}") from None
    return SeatResult(label=label, yaku=tuple((name, count) for name, count in yaku), **fields)
