"""mjai event streams (JSON Lines, the events Mortal and mjai-reviewer read) written from the GameRecord.

Events and fields as in Mortal's libriichi (``start_kyoku`` … ``end_game``, ``ura_markers``, ``consumed``)
plus ``kyoku_first`` and ``aka_flag`` on ``start_game`` as mjai-reviewer writes them. Tiles: "1m".."9s",
"5mr" for a red five, "E" "S" "W" "N" "P" (haku) "F" (hatsu) "C" (chun). Three players keep Mortal's four
seats (a blank fourth name, score 0, thirteen "?" tiles); a kita is ``nukidora``, as Mortal-based bots say.
There is no reader: mjai results carry only score changes, not the han, fu and yaku a GameRecord holds.
"""

from __future__ import annotations

import json
from typing import Any

from game.logs.record import (
    CallStep,
    DiscardStep,
    DoraStep,
    DrawResult,
    DrawStep,
    GameRecord,
    KitaStep,
    RoundRecord,
    WinResult,
)
from game.logs.tenhou6 import game_length_of, red_fives_of
from rules.meld import MeldType
from rules.tiles import is_red

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
    """The record's mjai events, from ``start_game`` to ``end_game``."""
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
    if not record.rounds or record.rounds[-1].results:
        events.append({"type": "end_game"})
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
