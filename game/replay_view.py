"""A whole match as the replay viewer shows it: every hand replayed by the engine into frames, and a cursor
that steps through them by action, by turn and by hand.

Each hand is replayed on its own from its log record (``replay_round``: the logged wall, scores, honba and
sticks, the logged answer forced at each decision), so a log that starts late, skips a hand or ends early
still shows every hand it has. A frame is one engine event with every seat's view right after it, exactly as
the table feeds a screen (``game.feed.Frame``), so the screen animates a replay with the table's own
presenter. Hands the engine cannot follow to their logged end keep the frames up to the first disagreement
and say why in ``problems``.

The cursor is a (hand, frame) position: the frames of the hand up to ``frame`` are shown. Position
(h, 0) is hand h just dealt; a hand's last frame is its end (the score panel).
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from game.feed import Frame
from game.logs import mjai as mjai_log
from game.logs import tenhou6
from game.logs.record import GameRecord, LogFormatError, RoundRecord, UnwritableRecordError
from game.records import Records, RecordsError
from game.replay import ReplayError, replay_round
from game.review import match_record
from game.verify import TRUNCATED, log_rules, read_games, round_label
from game.view import SeatView, advance_view, redact, view_for
from rules.events import (
    AbortiveDraw,
    Event,
    ExhaustiveDraw,
    HandWon,
    RoundEnded,
    TileDiscarded,
)
from rules.round import RoundState
from rules.ruleset import RuleSet, RuleSetError

EXPORT_FORMATS = ("tenhou6", "mjai")
EXPORT_SUFFIXES = {"tenhou6": ".json", "mjai": ".mjson"}


class ReplayViewError(ValueError):
    """A file or stored match that cannot be shown; the one-line message names it and why."""


@dataclass(frozen=True)
class Win:
    """One win of a hand as the hand list names it."""

    seat: int
    discarder: int | None  # None for tsumo
    points: int  # the hand's table value (no honba or sticks)
    han: int
    fu: int
    yakuman: int


@dataclass(frozen=True)
class HandReplay:
    """One hand: its record, its frames and how it ended (as the engine replayed it)."""

    index: int
    record: RoundRecord
    frames: tuple[Frame, ...]
    wins: tuple[Win, ...]
    draw: str | None  # "exhaustive", "nagashi_mangan" or an abortive draw's kind; None for a win
    deltas: tuple[int, ...]  # every seat's score change over the hand
    problems: tuple[str, ...]  # where the engine could not follow the log (the frames stop there)

    @property
    def label(self) -> str:
        """E1-0 style: round wind, hand number, honba."""
        return round_label(self.record)

    @property
    def last(self) -> int:
        """The index of the hand's last frame."""
        return len(self.frames) - 1

    def turn_ends(self) -> tuple[int, ...]:
        """The frames that end a turn (a discard) or the hand (its last frame), in order."""
        ends = [i for i, frame in enumerate(self.frames) if isinstance(frame.event, TileDiscarded)]
        if not ends or ends[-1] != self.last:
            ends.append(self.last)
        return tuple(ends)

    def end_panel(self) -> int:
        """The frame of the hand's first end-of-hand panel (a win, or the draw), else its last frame."""
        return next(
            (
                i
                for i, frame in enumerate(self.frames)
                if isinstance(frame.event, (HandWon, ExhaustiveDraw, AbortiveDraw))
            ),
            self.last,
        )


@dataclass(frozen=True)
class MatchReplay:
    """A match's hands, ready to step through; ``record`` is what export writes."""

    record: GameRecord
    rules: RuleSet
    hands: tuple[HandReplay, ...]
    notes: tuple[str, ...] = ()  # hands left out or cut short, the file's other games

    @property
    def names(self) -> tuple[str, ...]:
        """The players' names in seat order ("" where the log has none)."""
        names = tuple(self.record.names)
        return names + ("",) * (self.rules.players - len(names))

    @property
    def players(self) -> int:
        """Seats at the table."""
        return self.rules.players


def replay_match(record: GameRecord, rules: RuleSet) -> MatchReplay:
    """Every hand of ``record`` replayed into frames; ReplayViewError when not one hand can be shown."""
    if rules.players != record.players:
        raise ReplayViewError(
            f"{record.source}: a {record.players}-player log under the {rules.players}-player rule set"
            f" '{rules.name}'"
        )
    hands: list[HandReplay] = []
    notes: list[str] = []
    for round_record in record.rounds:
        try:
            hand = replay_hand(len(hands), round_record, rules)
        except ReplayError as error:
            notes.append(f"{round_label(round_record)}: left out: {error}")
            continue
        hands.append(hand)
        for problem in hand.problems:
            notes.append(f"{hand.label}: shown up to where the rules disagree with the log: {problem}")
    if TRUNCATED in record.extra:
        where = record.extra[TRUNCATED]
        notes.append(f"the log is cut short{f' in {where}' if where else ''}: that hand is not shown")
    if not hands:
        raise ReplayViewError(f"{record.source}: no hand of the log can be shown" + _first(notes))
    return MatchReplay(record, rules, tuple(hands), tuple(notes))


def _first(notes: Sequence[str]) -> str:
    return f" ({notes[0]})" if notes else ""


def replay_hand(index: int, record: RoundRecord, rules: RuleSet) -> HandReplay:
    """One logged hand replayed into frames (ReplayError when its tiles do not even form a wall)."""
    players = rules.players
    frames: list[Frame] = []
    views: list[SeatView | None] = [None] * players

    def collect(events: tuple[Event, ...], state: RoundState) -> None:
        for position, event in enumerate(events):
            last = position == len(events) - 1
            step_views: dict[int, SeatView] = {}
            for seat in range(players):
                # between the events of one step each view follows the events; after the last, the engine's
                view = view_for(state, seat) if last else advance_view(views[seat], redact(event, seat), seat)
                views[seat] = step_views[seat] = view
            frames.append(Frame(event, step_views))

    replayed = replay_round(record, rules, on_events=collect)
    wins = tuple(
        Win(
            event.seat,
            event.discarder,
            event.value.points,
            event.value.han,
            event.value.fu,
            event.value.yakuman,
        )
        for event in replayed.events
        if isinstance(event, HandWon)
    )
    draw: str | None = None
    for event in replayed.events:
        if isinstance(event, ExhaustiveDraw):
            draw = "nagashi_mangan" if event.nagashi else "exhaustive"
        elif isinstance(event, AbortiveDraw):
            draw = event.kind
    ended = next((event for event in replayed.events if isinstance(event, RoundEnded)), None)
    deltas = ended.deltas if ended is not None else (0,) * players
    return HandReplay(index, record, tuple(frames), wins, draw, deltas, replayed.problems)


def open_file(path: Path) -> MatchReplay:
    """The first game of a log file (mjlog plain or gzip, tenhou.net/6 JSON, mjai JSON lines), replayed;
    ReplayViewError with one line for a file that cannot be shown."""
    try:
        games = read_games(path)
    except LogFormatError as error:
        raise ReplayViewError(str(error)) from None
    game = games[0]
    try:
        rules = log_rules(game)
    except RuleSetError as error:
        raise ReplayViewError(f"{game.source}: {error}") from None
    replay = replay_match(game, rules)
    if len(games) > 1:
        note = f"the file holds {len(games)} games: the first is shown"
        replay = dataclasses.replace(replay, notes=(*replay.notes, note))
    return replay


def open_match(records: Records, match_id: int) -> MatchReplay:
    """A stored match of the records, replayed; ReplayViewError (one line) when it cannot be rebuilt."""
    try:
        record, rules = match_record(records, match_id)
    except RecordsError as error:
        raise ReplayViewError(str(error)) from None
    return replay_match(record, rules)


def export_text(replay: MatchReplay, kind: str) -> str:
    """The match written as tenhou.net/6 JSON (``"tenhou6"``) or mjai JSON lines (``"mjai"``);
    ReplayViewError (one line) for a match these formats cannot hold (flowers)."""
    try:
        if kind == "tenhou6":
            return json.dumps(tenhou6.write_tenhou6(replay.record), ensure_ascii=False) + "\n"
        if kind == "mjai":
            return mjai_log.dumps(replay.record)
    except UnwritableRecordError as error:
        raise ReplayViewError(str(error)) from None
    raise ValueError(f"unknown export format {kind!r} (one of {', '.join(EXPORT_FORMATS)})")


def export(replay: MatchReplay, kind: str, folder: Path, stem: str) -> Path:
    """Write the match to ``folder``/``stem`` with the format's suffix (never over another file: a number is
    added); ReplayViewError naming the file when it cannot be written."""
    suffix = EXPORT_SUFFIXES[kind]
    text = export_text(replay, kind)
    try:
        folder.mkdir(parents=True, exist_ok=True)
        target = folder / f"{stem}{suffix}"
        number = 2
        while target.exists():
            target = folder / f"{stem}-{number}{suffix}"
            number += 1
        partial = target.with_name(target.name + ".part")
        partial.write_text(text, encoding="utf-8")
        partial.replace(target)
    except OSError as error:
        raise ReplayViewError(f"cannot write {folder / (stem + suffix)}: {error.strerror or error}") from None
    return target


# ---- the cursor --------------------------------------------------------------------------------------------


@dataclass(frozen=True, order=True)
class Position:
    """A place in the match: hand ``hand`` shown up to and including its frame ``frame``."""

    hand: int
    frame: int


class Cursor:
    """Where the viewer is, and where each step goes from there (pure arithmetic over the hands' frames)."""

    def __init__(self, replay: MatchReplay, position: Position | None = None) -> None:
        self.replay = replay
        self.position = position if position is not None else Position(0, 0)

    def _hand(self, index: int) -> HandReplay:
        return self.replay.hands[index]

    @property
    def hand(self) -> HandReplay:
        """The hand shown."""
        return self._hand(self.position.hand)

    @property
    def first(self) -> Position:
        """The first hand, just dealt."""
        return Position(0, 0)

    @property
    def end(self) -> Position:
        """The last frame of the last hand."""
        last = len(self.replay.hands) - 1
        return Position(last, self._hand(last).last)

    def action(self, step: int) -> Position:
        """One frame on (``step`` 1) or back (-1), across hand boundaries; the ends stay put."""
        hand, frame = self.position.hand, self.position.frame + step
        if frame > self._hand(hand).last:
            return Position(hand + 1, 0) if hand + 1 < len(self.replay.hands) else self.position
        if frame < 0:
            return Position(hand - 1, self._hand(hand - 1).last) if hand > 0 else self.position
        return Position(hand, frame)

    def turn(self, step: int) -> Position:
        """To the end of the next turn (a discard, or the hand's end) or back to the end of the one before."""
        hand, frame = self.position.hand, self.position.frame
        ends = self._hand(hand).turn_ends()
        if step > 0:
            later = [end for end in ends if end > frame]
            if later:
                return Position(hand, later[0])
            return Position(hand + 1, 0) if hand + 1 < len(self.replay.hands) else self.position
        earlier = [end for end in ends if end < frame]
        if earlier:
            return Position(hand, earlier[-1])
        if frame > 0:
            return Position(hand, 0)
        if hand > 0:
            return Position(hand - 1, self._hand(hand - 1).last)
        return self.position

    def hand_step(self, step: int) -> Position:
        """The start of the next hand, or back to the start of this one (of the one before when at it)."""
        hand, frame = self.position.hand, self.position.frame
        if step > 0:
            return Position(hand + 1, 0) if hand + 1 < len(self.replay.hands) else self.end
        if frame > 0:
            return Position(hand, 0)
        return Position(max(0, hand - 1), 0)

    def frames_between(self, start: Position, stop: Position) -> list[tuple[int, int]]:
        """The (hand, frame) pairs shown going forward from just after ``start`` to ``stop`` included."""
        found: list[tuple[int, int]] = []
        hand, frame = start.hand, start.frame
        while (hand, frame) < (stop.hand, stop.frame):
            frame += 1
            if frame > self._hand(hand).last:
                hand, frame = hand + 1, 0
            found.append((hand, frame))
        return found
