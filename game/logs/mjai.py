"""mjai event streams (JSON Lines, the events Mortal and mjai-reviewer read) written from the GameRecord.

Events and fields as in Mortal's libriichi (``start_kyoku`` … ``end_game``, ``ura_markers``, ``consumed``)
plus ``kyoku_first`` and ``aka_flag`` on ``start_game`` as mjai-reviewer writes them. Tiles: "1m".."9s",
"5mr" for a red five, "E" "S" "W" "N" "P" (haku) "F" (hatsu) "C" (chun). Three players keep Mortal's four
seats (a blank fourth name, score 0, thirteen "?" tiles); a kita is ``nukidora``, as Mortal-based bots say.

The reader (``read_mjai``) takes such a stream back to a GameRecord. What the format cannot carry:

* Tile identity: tiles are numbered as the tenhou6 reader does (plain copies from copy 3 down, red fives
  from copy 0 up, in order of appearance; a tile leaving a hand is the lowest id of its name held, not the
  tile just drawn unless ``tsumogiri`` says so or it is the only one).
* Results: a win has only its score changes and ura indicators (han, fu, yakuman, points and yaku read back
  as 0 and empty, and ``extra["log_format"]`` is "mjai" so that verify-log takes them from the engine); a draw
  has only its score changes, its kind is worked out from the play (kyuushu after a draw, exhaustive when the
  wall is drawn out, four riichi, four kans, four winds, else a triple ron), tenpai seats are the ones
  paid (none when nobody is), nagashi seats the ones paid whose every discard was a terminal or honor left
  uncalled.
* The rule preset (read as tenhou, or tenhou-3p, with the game length from ``kyoku_first`` and the red fives
  from ``aka_flag`` and the red fives seen), the final scores and points (none).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from game import safe_json
from game.logs.record import (
    CallStep,
    DiscardStep,
    DoraStep,
    DrawResult,
    DrawStep,
    GameRecord,
    KitaStep,
    LogFormatError,
    Result,
    RoundRecord,
    Step,
    WinResult,
    refuse_flowers,
)
from game.logs.tenhou6 import game_length_of, red_fives_of
from rules.meld import Meld, MeldError, MeldType
from rules.tiles import FIVES, NORTH, TERMINALS_AND_HONORS, WIND_LETTERS, WINDS, is_red
from rules.wall import tile_set

UNKNOWN_TILE = "?"
_HONORS = ("E", "S", "W", "N", "P", "F", "C")
_CALL_TYPES = {
    MeldType.CHI: "chi",
    MeldType.PON: "pon",
    MeldType.DAIMINKAN: "daiminkan",
    MeldType.ANKAN: "ankan",
    MeldType.SHOUMINKAN: "kakan",
}


def mjai_tile(tile: int, red_fives: tuple[int, int, int] = (1, 1, 1)) -> str:
    """The mjai name of a tile id.

    >>> mjai_tile(16), mjai_tile(17), mjai_tile(124)
    ('5mr', '5m', 'P')
    """
    kind = tile >> 2
    if kind >= 27:
        return _HONORS[kind - 27]
    name = f"{kind % 9 + 1}{'mps'[kind // 9]}"
    return name + "r" if is_red(tile, red_fives) else name


def write_mjai(record: GameRecord) -> list[dict[str, Any]]:
    """The record's mjai events, from ``start_game`` to ``end_game``; UnwritableRecordError for flowers."""
    refuse_flowers(record, "mjai")
    red_fives = red_fives_of(record)
    events: list[dict[str, Any]] = [
        {
            "type": "start_game",
            "names": list(record.names) + [""] * (4 - record.players),
            "kyoku_first": 4 if game_length_of(record) == "east" else 0,
            "aka_flag": any(red_fives),
        }
    ]
    for hand in record.rounds:
        events += _RoundEvents(hand, record.players, red_fives).events()
    events.append({"type": "end_game"})  # also after a hand the record leaves unfinished: the log is whole
    return events


def dumps(record: GameRecord) -> str:
    """The record as mjai JSON Lines, one event per line."""
    return "".join(
        json.dumps(event, ensure_ascii=False, separators=(",", ":")) + "\n" for event in write_mjai(record)
    )


class _RoundEvents:
    """The events of one hand, in step order."""

    def __init__(self, hand: RoundRecord, players: int, red_fives: tuple[int, int, int]) -> None:
        self.hand = hand
        self.players = players
        self.red_fives = red_fives

    def tile(self, tile: int) -> str:
        """The mjai name of a tile."""
        return mjai_tile(tile, self.red_fives)

    def tiles(self, tiles: list[int]) -> list[str]:
        """Names of tiles in id order (a red five before the plain ones)."""
        return [self.tile(tile) for tile in sorted(tiles)]

    def four(self, values: tuple[int, ...]) -> list[int]:
        """A per-seat list padded to Mortal's four seats."""
        return list(values) + [0] * (4 - self.players)

    def events(self) -> list[dict[str, Any]]:
        """start_kyoku, every step, the results and end_kyoku (none of those two for an unfinished hand)."""
        hand = self.hand
        tehais = [[self.tile(tile) for tile in dealt] for dealt in hand.hands]
        tehais += [[UNKNOWN_TILE] * 13] * (4 - self.players)
        events: list[dict[str, Any]] = [
            {
                "type": "start_kyoku",
                "bakaze": _HONORS[hand.round_wind],
                "dora_marker": self.tile(hand.dora_indicator),
                "kyoku": hand.kyoku + 1,
                "honba": hand.honba,
                "kyotaku": hand.riichi_sticks,
                "oya": hand.dealer,
                "scores": self.four(hand.scores),
                "tehais": tehais,
            }
        ]
        last_draw: list[int | None] = [None] * self.players
        last_discard: tuple[int, int] | None = None
        riichi_pending: int | None = None
        for step in hand.steps:
            if isinstance(step, DrawStep | CallStep) and riichi_pending is not None:
                # the riichi stands once play goes on past its discard (Mortal: before the next draw or call)
                events.append({"type": "reach_accepted", "actor": riichi_pending})
                riichi_pending = None
            if isinstance(step, DrawStep):
                events.append({"type": "tsumo", "actor": step.seat, "pai": self.tile(step.tile)})
                last_draw[step.seat] = step.tile
            elif isinstance(step, DiscardStep):
                if step.riichi:
                    events.append({"type": "reach", "actor": step.seat})
                    riichi_pending = step.seat
                tsumogiri = step.tile == last_draw[step.seat]
                events.append(
                    {"type": "dahai", "actor": step.seat, "pai": self.tile(step.tile), "tsumogiri": tsumogiri}
                )
                last_draw[step.seat] = None
                last_discard = step.seat, step.tile
            elif isinstance(step, CallStep):
                events.append(self.call(step, last_discard))
                last_draw[step.seat] = None
            elif isinstance(step, KitaStep):
                events.append({"type": "nukidora", "actor": step.seat, "pai": self.tile(step.tile)})
                last_draw[step.seat] = None
            elif isinstance(step, DoraStep):
                events.append({"type": "dora", "dora_marker": self.tile(step.indicator)})
        if not hand.results:
            return events
        for result in hand.results:
            if isinstance(result, WinResult):
                target = result.seat if result.discarder is None else result.discarder
                events.append(
                    {
                        "type": "hora",
                        "actor": result.seat,
                        "target": target,
                        "deltas": self.four(result.deltas),
                        "ura_markers": [self.tile(tile) for tile in result.ura_indicators],
                    }
                )
            else:
                events += self.draw(result, riichi_pending)
        events.append({"type": "end_kyoku"})
        return events

    def call(self, step: CallStep, last_discard: tuple[int, int] | None) -> dict[str, Any]:
        """chi / pon / daiminkan (actor, target, pai, consumed), kakan (pai added, consumed) or ankan."""
        meld = step.meld
        event: dict[str, Any] = {"type": _CALL_TYPES[meld.type], "actor": step.seat}
        if meld.type is MeldType.ANKAN:
            event["consumed"] = self.tiles(list(meld.tiles))
            return event
        if meld.type is MeldType.SHOUMINKAN:
            added = self.added_tile(step)
            event["pai"] = self.tile(added)
            event["consumed"] = self.tiles([tile for tile in meld.tiles if tile != added])
            return event
        called = meld.called
        if called is None and last_discard is not None:
            called = last_discard[1]
        if called is None or meld.from_seat is None:
            raise ValueError(f"round {self.hand.position}: a {meld.type.value} with no called tile")
        event["target"] = (step.seat + meld.from_seat) % self.players
        event["pai"] = self.tile(called)
        event["consumed"] = self.tiles([tile for tile in meld.tiles if tile != called])
        return event

    def added_tile(self, step: CallStep) -> int:
        """The tile a kakan added to its pon (found from the seat's earlier pon step)."""
        for earlier in self.hand.steps:
            if earlier is step:
                break
            if (
                isinstance(earlier, CallStep)
                and earlier.seat == step.seat
                and earlier.meld.type is MeldType.PON
                and earlier.meld.kind == step.meld.kind
            ):
                added = [tile for tile in step.meld.tiles if tile not in earlier.meld.tiles]
                if len(added) == 1:
                    return added[0]
        raise ValueError(f"round {self.hand.position}: a kakan of seat {step.seat} without its pon")

    def draw(self, result: DrawResult, riichi_pending: int | None) -> list[dict[str, Any]]:
        """ryukyoku with the score changes; a fourth riichi that ends the hand is accepted first."""
        events: list[dict[str, Any]] = []
        if result.kind == "suucha_riichi" and riichi_pending is not None:
            events.append({"type": "reach_accepted", "actor": riichi_pending})
        deltas = result.deltas or (0,) * self.players
        events.append({"type": "ryukyoku", "deltas": self.four(deltas)})
        return events


# -- reading ------------------------------------------------------------------------------------------------

MAX_LOG_BYTES = 64 * 1024 * 1024
_LINE_DEPTH = 8  # an event object holds lists of lists at most (tehais)
_SUIT_LETTERS = "mps"
_RED_NAMES = ("5mr", "5pr", "5sr")
_CALLS = {"chi": (MeldType.CHI, 2), "pon": (MeldType.PON, 2), "daiminkan": (MeldType.DAIMINKAN, 3)}


def is_mjai(text: str) -> bool:
    """Whether text looks like mjai JSON lines: its first line is a JSON object with a "type", or begins
    like one (a damaged first line is then reported by the mjai reader, with its line number).

    >>> is_mjai('{"type":"start_game"}\\n{"type":"end_game"}\\n'), is_mjai('{"log": []}')
    (True, False)
    >>> is_mjai('{"type":"start_game","names":["a",\\n{"type":"end_game"}\\n')
    True
    """
    first = text.removeprefix("\ufeff").lstrip().split("\n", 1)[0]
    if not first.startswith("{") or '"type"' not in first:
        return False
    if re.match(r'\{\s*"type"\s*:', first):
        return True
    try:
        value = safe_json.loads(first, "line 1", max_bytes=len(first) + 1, max_depth=_LINE_DEPTH)
    except safe_json.JsonError:
        return False
    return isinstance(value, dict) and "type" in value


def read_mjai(text: str, source: str, *, max_bytes: int = MAX_LOG_BYTES) -> GameRecord:
    """Read mjai JSON lines (one game, ``start_game`` first); ``source`` names it in error messages."""
    if len(text) > max_bytes:
        raise LogFormatError(f"{source}: {len(text)} characters is too large (at most {max_bytes})")
    events: list[tuple[int, dict[str, Any]]] = []
    for number, line in enumerate(text.removeprefix("\ufeff").split("\n"), start=1):
        if not line.strip():
            continue
        try:
            value = safe_json.loads(
                line, f"line {number}", max_bytes=max_bytes, max_depth=_LINE_DEPTH, one_line=True
            )
        except safe_json.JsonError as error:
            raise LogFormatError(f"{source}: {error}") from None
        if not isinstance(value, dict):
            raise LogFormatError(f"{source}: line {number}: an mjai event is a JSON object")
        events.append((number, value))
    return _Reader(source, events).read()


def tile_kind(name: object) -> tuple[int, bool] | None:
    """The (kind, is red) of an mjai tile name, None for anything else ("?" included)."""
    if not isinstance(name, str):
        return None
    if name in _HONORS:
        return 27 + _HONORS.index(name), False
    red = name in _RED_NAMES
    body = name[:2] if red else name
    if len(body) != 2 or body[0] not in "123456789" or body[1] not in _SUIT_LETTERS:
        return None
    return _SUIT_LETTERS.index(body[1]) * 9 + int(body[0]) - 1, red


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


@dataclass
class _Hand:
    """The hand being read: its header, the steps so far and each seat's tiles, by id."""

    label: str
    line: int
    round_wind: int
    kyoku: int
    honba: int
    riichi_sticks: int
    scores: tuple[int, ...]
    red_fives: tuple[int, int, int]
    players: int
    next_plain: list[int] = field(default_factory=lambda: [3] * 34)
    next_red: list[int] = field(default_factory=lambda: [0] * 34)
    dora_indicator: int = 0
    hands: tuple[tuple[int, ...], ...] = ()
    held: list[list[int]] = field(default_factory=list)
    melds: list[list[Meld]] = field(default_factory=list)
    steps: list[Step] = field(default_factory=list)
    results: list[Result] = field(default_factory=list)
    last_draw: list[int | None] = field(default_factory=list)
    last_discard: tuple[int, int] | None = None
    riichi: int | None = None  # a seat that declared riichi and has not discarded yet
    ura: tuple[int, ...] | None = None
    draws: int = 0
    discards: list[list[int]] = field(default_factory=list)
    called_from: set[int] = field(default_factory=set)  # seats a tile was called from

    def freeze(self) -> RoundRecord:
        """The finished RoundRecord."""
        return RoundRecord(
            round_wind=self.round_wind,
            kyoku=self.kyoku,
            honba=self.honba,
            riichi_sticks=self.riichi_sticks,
            scores=self.scores,
            dealer=self.kyoku,
            dora_indicator=self.dora_indicator,
            hands=self.hands,
            steps=tuple(self.steps),
            results=tuple(self.results),
            position=f"line {self.line}",
        )


class _Reader:
    """Walks the events in order, building hands; every failure names the file, the line and the hand."""

    def __init__(self, source: str, events: list[tuple[int, dict[str, Any]]]) -> None:
        self.source = source
        self.events = events
        self.line = 0
        self.players = 4
        self.red_fives = (0, 0, 0)
        self.rounds: list[RoundRecord] = []
        self.current: _Hand | None = None
        self.ended = False

    def fail(self, reason: str) -> LogFormatError:
        """An error naming the file, the line and hand being read, and the reason."""
        where = f"line {self.line}"
        if self.current is not None:
            where += f" ({self.current.label})"
        return LogFormatError(f"{self.source}: {where}: {reason}")

    def read(self) -> GameRecord:
        """The record of the whole stream."""
        if not self.events:
            raise LogFormatError(f"{self.source}: no mjai events")
        self.line, start = self.events[0]
        if start.get("type") != "start_game":
            raise self.fail(f"the first event is {start.get('type')!r}, not start_game")
        names = start.get("names")
        if (
            not isinstance(names, list)
            or len(names) not in (3, 4)
            or not all(isinstance(n, str) for n in names)
        ):
            raise self.fail("start_game 'names' must list 3 or 4 player names")
        if "id" in start:
            raise self.fail("start_game has an 'id': this is one player's view, not a whole game's log")
        aka = start.get("aka_flag")
        if aka is not None and not isinstance(aka, bool):
            raise self.fail(f"start_game 'aka_flag' must be true or false, got {aka!r}")
        self.players = self.player_count(names)
        self.red_fives = self.red_counts(aka)
        for line, event in self.events[1:]:
            self.line = line
            kind = event.get("type")
            if self.ended:
                raise self.fail(f"a {kind!r} event after end_game")
            handler = _HANDLERS.get(kind) if isinstance(kind, str) else None
            if handler is None:
                raise self.fail(f"unknown event type {kind!r}")
            handler(self, event)
        if self.current is not None:
            self.rounds.append(self.current.freeze())  # no end_game: a log cut short (verify-log reports it)
        if not self.rounds:
            raise LogFormatError(f"{self.source}: the log holds no hand (no start_kyoku)")
        extra = {"log_format": "mjai", "tenhou6_aka": ",".join(str(count) for count in self.red_fives)}
        first = start.get("kyoku_first")
        if _is_int(first) and first in (0, 4):
            extra["game_length"] = "east" if first == 4 else "hanchan"
        return GameRecord(
            source=self.source,
            ruleset="tenhou-3p" if self.players == 3 else "tenhou",
            players=self.players,
            names=tuple(names[: self.players]),
            rounds=tuple(self.rounds),
            extra=extra,
        )

    def player_count(self, names: list[str]) -> int:
        """Three players when three names are given, or the fourth is blank and its dealt tiles all "?"."""
        if len(names) == 3:
            return 3
        if names[3]:
            return 4
        first = next((event for _, event in self.events if event.get("type") == "start_kyoku"), None)
        tehais = first.get("tehais") if first is not None else None
        fourth = tehais[3] if isinstance(tehais, list) and len(tehais) == 4 else None
        if isinstance(fourth, list) and all(tile == UNKNOWN_TILE for tile in fourth):
            return 3
        return 4

    def red_counts(self, aka: bool | None) -> tuple[int, int, int]:
        """Red fives per suit: the most seen in one hand, at least one per suit in play when ``aka_flag``."""
        seen = [0, 0, 0]
        counts = [0, 0, 0]
        ura_seen = False

        def note(name: object) -> None:
            if isinstance(name, str) and name in _RED_NAMES:
                suit = _RED_NAMES.index(name)
                counts[suit] += 1
                seen[suit] = max(seen[suit], counts[suit])

        for _, event in self.events:
            kind = event.get("type")
            if kind == "start_kyoku":
                counts = [0, 0, 0]
                ura_seen = False
                note(event.get("dora_marker"))
                tehais = event.get("tehais")
                for hand in tehais if isinstance(tehais, list) else ():
                    for name in hand if isinstance(hand, list) else ():
                        note(name)
            elif kind == "tsumo":
                note(event.get("pai"))
            elif kind == "dora":
                note(event.get("dora_marker"))
            elif kind == "hora" and not ura_seen:
                markers = event.get("ura_markers")
                if isinstance(markers, list) and markers:
                    ura_seen = True
                    for name in markers:
                        note(name)
        floor = [1 if aka else 0] * 3
        if self.players == 3:
            floor[0] = 0  # no 2m-8m in the three-player set
        return max(seen[0], floor[0]), max(seen[1], floor[1]), max(seen[2], floor[2])

    # -- fields --

    def integer(self, event: dict[str, Any], name: str, low: int = 0, high: int | None = None) -> int:
        """A whole-number field within bounds."""
        value: Any = event.get(name)
        if not _is_int(value) or value < low or (high is not None and value > high):
            bounds = f"{low}..{high}" if high is not None else f"at least {low}"
            raise self.fail(f"{event.get('type')} '{name}' must be a whole number {bounds}, got {value!r}")
        return int(value)

    def seat(self, event: dict[str, Any], name: str) -> int:
        """A seat field, checked against the player count."""
        value: Any = event.get(name)
        if not _is_int(value) or not 0 <= value < self.players:
            raise self.fail(f"{event.get('type')} '{name}' {value!r} is no seat of {self.players} players")
        return int(value)

    def kind(self, name: object, what: str) -> tuple[int, bool]:
        """The kind and redness of a tile name; "?" and anything else are errors."""
        if name == UNKNOWN_TILE:
            raise self.fail(f"{what} is hidden (?): this is one player's view, not a whole game's log")
        kind = tile_kind(name)
        if kind is None:
            raise self.fail(f"{what} {name!r} is no mjai tile name")
        return kind

    def deltas(self, event: dict[str, Any], required: bool) -> tuple[int, ...]:
        """Score changes: one per seat, a padded fourth 0."""
        value = event.get("deltas")
        if value is None and not required:
            return (0,) * self.players
        if (
            not isinstance(value, list)
            or len(value) not in (self.players, 4)
            or not all(_is_int(delta) for delta in value)
            or any(value[self.players :])
        ):
            raise self.fail(
                f"{event.get('type')} 'deltas' must be a whole number for each of the {self.players} seats"
            )
        return tuple(value[: self.players])

    def hand(self) -> _Hand:
        """The hand in play; a move before start_kyoku or after the hand's result is an error."""
        if self.current is None:
            raise self.fail("a move outside a hand (before start_kyoku or after end_kyoku)")
        if self.current.results:
            raise self.fail("a move after the hand ended")
        return self.current

    # -- tiles --

    def new(self, hand: _Hand, name: object, what: str) -> int:
        """A fresh id for a tile entering play: red fives from copy 0 up, plain copies from 3 down."""
        kind, red = self.kind(name, what)
        reds = hand.red_fives[kind // 9] if kind in FIVES else 0
        if red:
            if hand.next_red[kind] >= reds:
                raise self.fail(f"{what}: more red {name} than the {reds} the game has")
            copy = hand.next_red[kind]
            hand.next_red[kind] += 1
        else:
            if hand.next_plain[kind] < reds:
                extra = f" (with {reds} red)" if reds else ""
                raise self.fail(f"{what}: a fifth {name}{extra}")
            copy = hand.next_plain[kind]
            hand.next_plain[kind] -= 1
        return kind * 4 + copy

    def pick(self, hand: _Hand, seat: int, name: object, what: str, avoid: int | None = None) -> int:
        """The lowest id of a name the seat holds (not ``avoid``, the tile just drawn, if another is held)."""
        kind, red = self.kind(name, what)
        held = sorted(
            tile for tile in hand.held[seat] if tile >> 2 == kind and is_red(tile, hand.red_fives) == red
        )
        if not held:
            raise self.fail(f"{what}: seat {seat} does not hold {name}")
        if avoid in held and len(held) > 1:
            held.remove(avoid)
        hand.held[seat].remove(held[0])
        return held[0]

    def names(self, event: dict[str, Any], field_name: str, count: int) -> list[object]:
        """A list of ``count`` tile names."""
        value = event.get(field_name)
        if not isinstance(value, list) or len(value) != count:
            raise self.fail(f"{event.get('type')} '{field_name}' must list {count} tiles")
        return value

    def meld(self, meld_type: MeldType, tiles: list[int], called: int | None, source: int | None) -> Meld:
        """A meld with sorted tiles, or an error naming the line."""
        try:
            return Meld(meld_type, tuple(sorted(tiles)), called, source)
        except MeldError as error:
            raise self.fail(f"not a {meld_type.value}: {error}") from None

    def step(self, hand: _Hand, step: Step, seat: int | None) -> None:
        """Add a step; a riichi declarer must discard before anything else happens."""
        if hand.riichi is not None and not isinstance(step, DiscardStep):
            raise self.fail(f"seat {hand.riichi} declared riichi but did not discard")
        hand.steps.append(step)
        if seat is not None:
            hand.last_draw[seat] = None

    # -- events --

    def start_kyoku(self, event: dict[str, Any]) -> None:
        """A new hand: header, scores and the deal."""
        if self.current is not None:
            if not self.current.results:
                raise self.fail("a new hand starts before the last one ended")
            self.rounds.append(self.current.freeze())
            self.current = None
        n = self.players
        wind = event.get("bakaze")
        if not isinstance(wind, str) or wind not in WIND_LETTERS:
            raise self.fail(f"start_kyoku 'bakaze' {wind!r} is not E, S, W or N")
        kyoku = self.integer(event, "kyoku", 1, n) - 1
        dealer = self.integer(event, "oya", 0, n - 1)
        if dealer != kyoku:
            raise self.fail(f"start_kyoku: seat {dealer} does not deal hand {kyoku + 1}")
        honba = self.integer(event, "honba")
        sticks = self.integer(event, "kyotaku")
        scores = event.get("scores")
        if (
            not isinstance(scores, list)
            or len(scores) not in (n, 4)
            or not all(_is_int(score) for score in scores)
            or any(scores[n:])
        ):
            raise self.fail(f"start_kyoku 'scores' must be a whole number for each of the {n} seats")
        round_wind = WIND_LETTERS.index(wind)
        hand = _Hand(
            label=f"{wind}{kyoku + 1}-{honba}",
            line=self.line,
            round_wind=round_wind,
            kyoku=kyoku,
            honba=honba,
            riichi_sticks=sticks,
            scores=tuple(scores[:n]),
            red_fives=self.red_fives,
            players=n,
        )
        self.current = hand
        tehais = event.get("tehais")
        if not isinstance(tehais, list) or len(tehais) not in (n, 4):
            raise self.fail(f"start_kyoku 'tehais' must list the {n} seats' dealt tiles")
        dealt: list[tuple[int, ...]] = []
        for seat, tiles in enumerate(tehais):
            if not isinstance(tiles, list):
                raise self.fail(f"start_kyoku 'tehais' of seat {seat} is not a list")
            if seat >= n:
                if any(tile != UNKNOWN_TILE for tile in tiles):
                    raise self.fail(f"start_kyoku deals tiles to seat {seat} in a {n}-player game")
                continue
            if len(tiles) != 13:
                raise self.fail(f"start_kyoku deals seat {seat} {len(tiles)} tiles, not 13")
            dealt.append(tuple(self.new(hand, name, f"seat {seat}'s dealt tile") for name in tiles))
        hand.hands = tuple(dealt)
        hand.held = [list(tiles) for tiles in dealt]
        hand.melds = [[] for _ in range(n)]
        hand.last_draw = [None] * n
        hand.discards = [[] for _ in range(n)]
        hand.dora_indicator = self.new(hand, event.get("dora_marker"), "the dora indicator")

    def tsumo(self, event: dict[str, Any]) -> None:
        """A draw (from the live wall, or a replacement tile)."""
        hand = self.hand()
        seat = self.seat(event, "actor")
        tile = self.new(hand, event.get("pai"), "the drawn tile")
        self.step(hand, DrawStep(seat, tile), seat)
        hand.held[seat].append(tile)
        hand.last_draw[seat] = tile
        hand.draws += 1

    def dahai(self, event: dict[str, Any]) -> None:
        """A discard: the tile just drawn when ``tsumogiri``, else one from the hand."""
        hand = self.hand()
        seat = self.seat(event, "actor")
        tsumogiri = event.get("tsumogiri", False)
        if not isinstance(tsumogiri, bool):
            raise self.fail(f"dahai 'tsumogiri' must be true or false, got {tsumogiri!r}")
        if hand.riichi is not None and hand.riichi != seat:
            raise self.fail(f"seat {hand.riichi} declared riichi but seat {seat} discards")
        drawn = hand.last_draw[seat]
        if tsumogiri:
            if drawn is None:
                raise self.fail(f"seat {seat} discards the tile just drawn, but drew none")
            if (drawn >> 2, is_red(drawn, hand.red_fives)) != self.kind(event.get("pai"), "the discard"):
                raise self.fail(
                    f"seat {seat} discards {event.get('pai')!r} as the tile just drawn, which it is not"
                )
            hand.held[seat].remove(drawn)
            tile = drawn
        else:
            tile = self.pick(hand, seat, event.get("pai"), "the discard", avoid=drawn)
        riichi = hand.riichi == seat
        hand.riichi = None
        self.step(hand, DiscardStep(seat, tile, riichi), seat)
        hand.last_discard = seat, tile
        hand.discards[seat].append(tile)

    def reach(self, event: dict[str, Any]) -> None:
        """A riichi declaration: the seat's next move is its riichi discard."""
        hand = self.hand()
        seat = self.seat(event, "actor")
        if hand.riichi is not None:
            raise self.fail(
                f"seat {seat} declares riichi while seat {hand.riichi}'s riichi discard is pending"
            )
        hand.riichi = seat

    def reach_accepted(self, event: dict[str, Any]) -> None:
        """The riichi stands (the engine places the stick itself)."""
        if self.current is None:
            raise self.fail("reach_accepted outside a hand")
        self.seat(event, "actor")

    def call(self, event: dict[str, Any]) -> None:
        """A chi, pon or daiminkan of the last discard."""
        hand = self.hand()
        meld_type, count = _CALLS[str(event.get("type"))]
        seat = self.seat(event, "actor")
        target = self.seat(event, "target")
        if hand.last_discard is None:
            raise self.fail(f"a {meld_type.value} with no discard to call")
        source, called = hand.last_discard
        if target != source:
            raise self.fail(f"a {meld_type.value} from seat {target}, but seat {source} discarded last")
        if self.kind(event.get("pai"), "the called tile") != (called >> 2, is_red(called, hand.red_fives)):
            raise self.fail(
                f"a {meld_type.value} of {event.get('pai')!r}, not the tile seat {source} discarded"
            )
        own = [
            self.pick(hand, seat, name, "a consumed tile") for name in self.names(event, "consumed", count)
        ]
        meld = self.meld(meld_type, [*own, called], called, (target - seat) % self.players)
        hand.last_discard = None
        hand.called_from.add(source)
        hand.melds[seat].append(meld)
        self.step(hand, CallStep(seat, meld), seat)

    def ankan(self, event: dict[str, Any]) -> None:
        """A closed kan of four tiles from the hand."""
        hand = self.hand()
        seat = self.seat(event, "actor")
        tiles = [self.pick(hand, seat, name, "a consumed tile") for name in self.names(event, "consumed", 4)]
        meld = self.meld(MeldType.ANKAN, tiles, None, None)
        hand.melds[seat].append(meld)
        self.step(hand, CallStep(seat, meld), seat)

    def kakan(self, event: dict[str, Any]) -> None:
        """A tile added to the seat's pon of its kind."""
        hand = self.hand()
        seat = self.seat(event, "actor")
        kind, _ = self.kind(event.get("pai"), "the added tile")
        pon = next((m for m in hand.melds[seat] if m.type is MeldType.PON and m.kind == kind), None)
        if pon is None:
            raise self.fail(f"seat {seat} has no pon to add {event.get('pai')!r} to")
        consumed = sorted(self.kind(name, "a consumed tile") for name in self.names(event, "consumed", 3))
        if consumed != sorted((tile >> 2, is_red(tile, hand.red_fives)) for tile in pon.tiles):
            raise self.fail(f"kakan 'consumed' is not seat {seat}'s pon")
        added = self.pick(hand, seat, event.get("pai"), "the added tile")
        kan = self.meld(MeldType.SHOUMINKAN, [*pon.tiles, added], pon.called, pon.from_seat)
        hand.melds[seat][hand.melds[seat].index(pon)] = kan
        self.step(hand, CallStep(seat, kan), seat)

    def nukidora(self, event: dict[str, Any]) -> None:
        """Three players: a North set aside."""
        hand = self.hand()
        seat = self.seat(event, "actor")
        if self.kind(event.get("pai"), "the tile set aside") != (NORTH, False):
            raise self.fail(f"nukidora sets aside {event.get('pai')!r}, not a North")
        self.step(hand, KitaStep(seat, self.pick(hand, seat, "N", "the tile set aside")), seat)

    def dora(self, event: dict[str, Any]) -> None:
        """A kan dora indicator turned over."""
        hand = self.hand()
        self.step(hand, DoraStep(self.new(hand, event.get("dora_marker"), "the dora indicator")), None)

    def hora(self, event: dict[str, Any]) -> None:
        """One winner: score changes and ura indicators (a second hora is a double ron)."""
        if self.current is None:
            raise self.fail("hora outside a hand")
        hand = self.current
        if any(isinstance(result, DrawResult) for result in hand.results):
            raise self.fail("a hora after the hand was drawn")
        seat = self.seat(event, "actor")
        target = self.seat(event, "target")
        if any(isinstance(result, WinResult) and result.seat == seat for result in hand.results):
            raise self.fail(f"seat {seat} wins the hand twice")
        markers = event.get("ura_markers", [])
        if not isinstance(markers, list) or len(markers) > 5:
            raise self.fail("hora 'ura_markers' must list at most 5 tiles")
        ura: tuple[int, ...] = ()
        if markers:
            if hand.ura is None:
                hand.ura = tuple(self.new(hand, name, "an ura indicator") for name in markers)
            elif [self.kind(name, "an ura indicator") for name in markers] != [
                (tile >> 2, is_red(tile, hand.red_fives)) for tile in hand.ura
            ]:
                raise self.fail("the winners' ura indicators differ")
            ura = hand.ura
        hand.results.append(
            WinResult(
                seat=seat,
                discarder=None if target == seat else target,
                han=0,
                fu=0,
                yakuman=0,
                points=0,
                yaku=(),
                deltas=self.deltas(event, required=True),
                ura_indicators=ura,
            )
        )

    def ryukyoku(self, event: dict[str, Any]) -> None:
        """A hand without a winner; its kind worked out from the play."""
        hand = self.hand()
        if hand.riichi is not None:
            raise self.fail(f"seat {hand.riichi} declared riichi but did not discard")
        deltas = self.deltas(event, required=False)
        hand.results.append(self.draw_result(hand, deltas))

    def draw_result(self, hand: _Hand, deltas: tuple[int, ...]) -> DrawResult:
        """The draw kind the play shows (see the module's docstring), with tenpai and nagashi seats."""
        n = self.players
        moves = [step for step in hand.steps if not isinstance(step, DoraStep)]
        paid = tuple(seat for seat, delta in enumerate(deltas) if delta > 0)
        if moves and isinstance(moves[-1], DrawStep):
            return DrawResult("kyuushu_kyuuhai", (), deltas)
        if hand.draws >= len(tile_set(n)) - 14 - 13 * n:
            nagashi = tuple(
                seat
                for seat in paid
                if seat not in hand.called_from
                and hand.discards[seat]
                and all(tile >> 2 in TERMINALS_AND_HONORS for tile in hand.discards[seat])
            )
            if nagashi:
                return DrawResult("nagashi_mangan", (), deltas, nagashi)
            return DrawResult("exhaustive", paid, deltas)
        discards = [step for step in moves if isinstance(step, DiscardStep)]
        if (
            n == 4
            and len(moves) == 8
            and len(discards) == 4
            and len({step.tile >> 2 for step in discards}) == 1
            and discards[0].tile >> 2 in WINDS
        ):
            return DrawResult("suufon_renda", (), deltas)
        if len({step.seat for step in discards if step.riichi}) == 4:
            return DrawResult("suucha_riichi", (), deltas)
        kans = [step for step in moves if isinstance(step, CallStep) and step.meld.is_kan]
        if len(kans) >= 4:
            return DrawResult("suukaikan", (), deltas)
        return DrawResult("sanchahou", (), deltas)

    def end_kyoku(self, event: dict[str, Any]) -> None:
        """The end of a hand: it must have a result."""
        if self.current is None:
            raise self.fail("end_kyoku outside a hand")
        if not self.current.results:
            raise self.fail("the hand ends without hora or ryukyoku")
        self.rounds.append(self.current.freeze())
        self.current = None

    def end_game(self, event: dict[str, Any]) -> None:
        """The end of the game: nothing may follow (a hand still open is one the log leaves unfinished)."""
        if self.current is not None:
            self.rounds.append(self.current.freeze())
            self.current = None
        self.ended = True

    def start_game(self, event: dict[str, Any]) -> None:
        """A second start_game: one game per log."""
        raise self.fail("a second start_game (one game per log)")


_HANDLERS: dict[str, Callable[[_Reader, dict[str, Any]], None]] = {
    "start_game": _Reader.start_game,
    "start_kyoku": _Reader.start_kyoku,
    "tsumo": _Reader.tsumo,
    "dahai": _Reader.dahai,
    "reach": _Reader.reach,
    "reach_accepted": _Reader.reach_accepted,
    "chi": _Reader.call,
    "pon": _Reader.call,
    "daiminkan": _Reader.call,
    "ankan": _Reader.ankan,
    "kakan": _Reader.kakan,
    "nukidora": _Reader.nukidora,
    "dora": _Reader.dora,
    "hora": _Reader.hora,
    "ryukyoku": _Reader.ryukyoku,
    "end_kyoku": _Reader.end_kyoku,
    "end_game": _Reader.end_game,
}
