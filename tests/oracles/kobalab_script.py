"""Reads kobalab/majiang-core scripted games (script.json paipu) into the neutral GameRecord, for tests.

Paipu facts (majiang-core's Game and Board): inside a hand every ``l`` is the seat wind (0 = this hand's
dealer), so our absolute seat (0 = first dealer) is ``(jushu + l) % 4``; ``qipai.defen``, ``fenpei`` and
``pingju.shoupai`` are indexed by seat wind too; the game's ``player``, ``defen``, ``point`` and ``rank`` are
indexed by player id, and player id ``(qijia + seat) % 4`` sits at our seat. Tiles are kind codes, so each
physical tile gets its own id when it first shows (deal, draw, dora or ura indicator) and keeps it after.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from game.logs.record import (
    CallStep,
    DiscardStep,
    DoraStep,
    DrawResult,
    DrawStep,
    GameRecord,
    LogFormatError,
    Result,
    RoundRecord,
    Step,
    WinResult,
)
from rules.meld import Meld, MeldError, MeldType
from rules.scoring import YAKU_ORDER
from rules.tiles import FIVES, KIND_COUNT, WIND_LETTERS

from .kobalab_convert import YAKU_IDS, KobalabNotationError, Tile, parse_concealed, parse_meld, parse_tile

PINGJU_KINDS = {
    "荒牌平局": "exhaustive",
    "流し満貫": "nagashi_mangan",
    "九種九牌": "kyuushu_kyuuhai",
    "四風連打": "suufon_renda",
    "四家立直": "suucha_riichi",
    "四開槓": "suukaikan",
    "三家和": "sanchahou",
}
MELD_TYPES = {
    "chi": MeldType.CHI,
    "pon": MeldType.PON,
    "daiminkan": MeldType.DAIMINKAN,
    "ankan": MeldType.ANKAN,
    "shouminkan": MeldType.SHOUMINKAN,
}
RED_IDS = frozenset(kind * 4 for kind in FIVES)
_DORA_YAKU = frozenset({"dora", "aka_dora", "ura_dora"})
_YAKU_RANK = {name: rank for rank, name in enumerate(YAKU_ORDER)}


class _StepError(Exception):
    """A problem inside one step; the round reader adds where it was."""


class _TileIds:
    """The ids not yet shown in a hand: a red five takes copy 0, other tiles any free copy."""

    def __init__(self) -> None:
        self.plain = [
            [kind * 4 + copy for copy in range(3, 0 if kind in FIVES else -1, -1)]
            for kind in range(KIND_COUNT)
        ]
        self.red_free = dict.fromkeys(FIVES, True)

    def new(self, tile: Tile) -> int:
        """A fresh id for a tile that shows for the first time."""
        kind, red = tile
        if red:
            if not self.red_free.get(kind, False):
                raise _StepError(f"a second red five of kind {kind}")
            self.red_free[kind] = False
            return kind * 4
        if not self.plain[kind]:
            raise _StepError(f"a fifth tile of kind {kind}")
        return self.plain[kind].pop()


def _matches(tile_id: int, tile: Tile) -> bool:
    return tile_id >> 2 == tile[0] and (tile_id in RED_IDS) == tile[1]


class _RoundReader:
    """Reads one hand's paipu entries, tracking every seat's tiles so discards and calls keep their ids."""

    def __init__(self, where: str, entries: Sequence[Mapping[str, Any]]) -> None:
        self.where = where
        self.entries = entries
        self.ids = _TileIds()
        self.jushu = 0
        self.hands: list[list[int]] = [[] for _ in range(4)]
        self.melds: list[list[Meld]] = [[] for _ in range(4)]
        self.last_draw: list[int | None] = [None] * 4
        self.last_discard: tuple[int, int] | None = None
        self.ura: list[int] = []
        self.steps: list[Step] = []
        self.results: list[Result] = []

    def read(self) -> RoundRecord:
        """The hand as a RoundRecord."""
        if not self.entries:
            raise LogFormatError(f"{self.where}: an empty hand")
        first = self.entries[0]
        if list(first) != ["qipai"]:
            raise LogFormatError(f"{self.where} step 0: a hand opens with qipai, not {sorted(first)}")
        header = self.guard(0, first["qipai"], "qipai", self.read_qipai)
        for number, entry in enumerate(self.entries[1:], start=1):
            if len(entry) != 1:
                raise LogFormatError(
                    f"{self.where} step {number}: needs exactly one key, got {sorted(entry)}"
                )
            key = next(iter(entry))
            reader = getattr(self, f"read_{key}", None)
            if key == "qipai" or reader is None:
                raise LogFormatError(f"{self.where} step {number} <{key}>: unknown or misplaced entry")
            if self.results and key not in ("hule",):
                raise LogFormatError(f"{self.where} step {number} <{key}>: a move after the hand ended")
            self.guard(number, entry[key], key, reader)
        return RoundRecord(
            steps=tuple(self.steps), results=tuple(self.results), position=self.where, **header
        )

    def guard(self, number: int, body: Any, key: str, reader: Any) -> Any:
        """Run one entry's reader, turning any problem into a LogFormatError that says where."""
        try:
            return reader(body)
        except (_StepError, KobalabNotationError, MeldError) as error:
            raise LogFormatError(f"{self.where} step {number} <{key}>: {error}") from None
        except (KeyError, TypeError, ValueError, IndexError) as error:
            raise LogFormatError(f"{self.where} step {number} <{key}>: malformed entry ({error!r})") from None

    def seat(self, body: Mapping[str, Any]) -> int:
        """Our absolute seat for an entry's seat wind ``l``."""
        wind: int = body["l"]
        if wind not in (0, 1, 2, 3):
            raise _StepError(f"no seat wind {wind!r}")
        return (self.jushu + wind) % 4

    def per_seat(self, values: Sequence[Any]) -> tuple[Any, ...]:
        """A list indexed by seat wind, reordered by absolute seat."""
        if len(values) != 4:
            raise _StepError(f"needs 4 values, got {len(values)}")
        return tuple(values[(seat - self.jushu) % 4] for seat in range(4))

    def from_hand(self, seat: int, tile: Tile, prefer: int | None = None) -> int:
        """Take a tile out of a seat's concealed tiles, the preferred id when it is that tile."""
        hand = self.hands[seat]
        if prefer is not None and prefer in hand and _matches(prefer, tile):
            hand.remove(prefer)
            return prefer
        for tile_id in hand:
            if _matches(tile_id, tile):
                hand.remove(tile_id)
                return tile_id
        raise _StepError(f"seat {seat} does not hold tile {tile}")

    def read_qipai(self, body: Mapping[str, Any]) -> dict[str, Any]:
        self.jushu = body["jushu"]
        if self.jushu not in (0, 1, 2, 3) or body["zhuangfeng"] not in (0, 1, 2, 3):
            raise _StepError(f"no hand {body['zhuangfeng']}/{self.jushu}")
        for seat, text in enumerate(self.per_seat(body["shoupai"])):
            tiles = parse_concealed(text)
            if len(tiles) != 13:
                raise _StepError(f"seat {seat} is dealt {len(tiles)} tiles, not 13")
            self.hands[seat] = [self.ids.new(tile) for tile in tiles]
        label = f"{WIND_LETTERS[body['zhuangfeng']]}{self.jushu + 1}-{body['changbang']}"
        self.where = f"{self.where} ({label})"
        return {
            "round_wind": body["zhuangfeng"],
            "kyoku": self.jushu,
            "honba": body["changbang"],
            "riichi_sticks": body["lizhibang"],
            "scores": self.per_seat(body["defen"]),
            "dealer": self.jushu,
            "dora_indicator": self.ids.new(parse_tile(body["baopai"])),
            "hands": tuple(tuple(hand) for hand in self.hands),
        }

    def read_zimo(self, body: Mapping[str, Any]) -> None:
        seat = self.seat(body)
        tile_id = self.ids.new(parse_tile(body["p"]))
        self.hands[seat].append(tile_id)
        self.last_draw[seat] = tile_id
        self.steps.append(DrawStep(seat, tile_id))

    read_gangzimo = read_zimo

    def read_dapai(self, body: Mapping[str, Any]) -> None:
        seat = self.seat(body)
        code, flags = body["p"][:2], body["p"][2:]
        if flags not in ("", "_", "*", "_*"):
            raise _StepError(f"bad discard {body['p']!r}")
        prefer = self.last_draw[seat] if "_" in flags else None
        tile_id = self.from_hand(seat, parse_tile(code), prefer)
        if "_" in flags and tile_id != prefer:
            raise _StepError(f"tsumogiri of {code} but seat {seat} drew another tile")
        self.last_draw[seat] = None
        self.last_discard = (seat, tile_id)
        self.steps.append(DiscardStep(seat, tile_id, "*" in flags))

    def read_fulou(self, body: Mapping[str, Any]) -> None:
        seat = self.seat(body)
        meld = parse_meld(body["m"])
        if meld.type not in ("chi", "pon", "daiminkan") or meld.called is None or meld.source is None:
            raise _StepError(f"{body['m']!r} is no call on a discard")
        if self.last_discard is None:
            raise _StepError("a call with no discard to call")
        discarder, called_id = self.last_discard
        if (seat + meld.source) % 4 != discarder or not _matches(called_id, meld.tiles[meld.called]):
            raise _StepError(
                f"{body['m']!r} does not call the last discard (seat {discarder}, tile id {called_id})"
            )
        ids = tuple(
            called_id if index == meld.called else self.from_hand(seat, tile)
            for index, tile in enumerate(meld.tiles)
        )
        made = Meld(MELD_TYPES[meld.type], ids, called_id, meld.source)
        self.melds[seat].append(made)
        self.last_discard = None
        self.steps.append(CallStep(seat, made))

    def read_gang(self, body: Mapping[str, Any]) -> None:
        seat = self.seat(body)
        meld = parse_meld(body["m"])
        if meld.type == "ankan":
            made = Meld(MeldType.ANKAN, tuple(self.from_hand(seat, tile) for tile in meld.tiles))
            self.melds[seat].append(made)
        elif meld.type == "shouminkan":
            kind = meld.tiles[0][0]
            pons = [m for m in self.melds[seat] if m.type is MeldType.PON and m.kind == kind]
            if not pons or pons[0].from_seat != meld.source:
                raise _StepError(f"{body['m']!r} adds to no pon of seat {seat}")
            pon = pons[0]
            added = self.from_hand(seat, meld.tiles[3])
            made = Meld(MeldType.SHOUMINKAN, (*pon.tiles, added), pon.called, pon.from_seat)
            self.melds[seat][self.melds[seat].index(pon)] = made
        else:
            raise _StepError(f"{body['m']!r} is no kan declared from the hand")
        self.steps.append(CallStep(seat, made))

    def read_kaigang(self, body: Mapping[str, Any]) -> None:
        self.steps.append(DoraStep(self.ids.new(parse_tile(body["baopai"]))))

    def read_hule(self, body: Mapping[str, Any]) -> None:
        if any(isinstance(result, DrawResult) for result in self.results):
            raise _StepError("a win after a draw")
        seat = self.seat(body)
        baojia = body["baojia"]
        discarder = None if baojia is None else self.seat({"l": baojia})
        yaku: list[tuple[str, int]] = []
        for entry in body["hupai"]:
            if set(entry) != {"name", "fanshu"}:
                raise _StepError(f"unexpected yaku fields {sorted(entry)}")
            name, fanshu = YAKU_IDS.get(entry["name"]), entry["fanshu"]
            if name is None:
                raise _StepError(f"unknown yaku {entry['name']!r}")
            han = 13 * len(fanshu) if isinstance(fanshu, str) else int(fanshu)
            if han == 0 and name in _DORA_YAKU:
                continue
            yaku.append((name, han))
        yaku.sort(key=lambda item: _YAKU_RANK[item[0]])
        han = sum(value for _, value in yaku)
        if body.get("fanshu") is not None and body["fanshu"] != han:
            raise _StepError(f"fanshu {body['fanshu']} is not the sum of the yaku, {han}")
        self.results.append(
            WinResult(
                seat=seat,
                discarder=discarder,
                han=han,
                fu=body.get("fu") or 0,
                yakuman=body.get("damanguan") or 0,
                points=body["defen"],
                yaku=tuple(yaku),
                deltas=self.per_seat(body["fenpei"]),
                ura_indicators=self.ura_ids(body["fubaopai"] or []),
            )
        )

    def ura_ids(self, codes: Sequence[str]) -> tuple[int, ...]:
        """Ids for the ura indicators; a second winner of the same hand sees the same ones."""
        for index, code in enumerate(codes):
            tile = parse_tile(code)
            if index < len(self.ura):
                if not _matches(self.ura[index], tile):
                    raise _StepError(f"ura indicator {code} differs from the one already shown")
            else:
                self.ura.append(self.ids.new(tile))
        return tuple(self.ura[: len(codes)])

    def read_pingju(self, body: Mapping[str, Any]) -> None:
        kind = PINGJU_KINDS.get(body["name"])
        if kind is None:
            raise _StepError(f"unknown draw {body['name']!r}")
        if self.results:
            raise _StepError("a draw after a win")
        deltas = self.per_seat(body["fenpei"])
        shown = self.per_seat(body["shoupai"])
        tenpai: tuple[int, ...] = ()
        if kind in ("exhaustive", "nagashi_mangan"):
            tenpai = tuple(seat for seat in range(4) if shown[seat])
        nagashi = tuple(seat for seat in range(4) if deltas[seat] > 0) if kind == "nagashi_mangan" else ()
        self.results.append(DrawResult(kind, tenpai, deltas, nagashi))


def read_game(entry: Mapping[str, Any], source: str) -> GameRecord:
    """One scripted game: its hands, players, final scores and points, all by absolute seat."""
    try:
        qijia = entry["qijia"]
        title = entry["title"]
        by_seat = [(qijia + seat) % 4 for seat in range(4)]
        names = tuple(entry["player"][index] for index in by_seat)
        final_scores = tuple(int(entry["defen"][index]) for index in by_seat)
        final_points = tuple(float(entry["point"][index]) for index in by_seat)
        ranks = ",".join(str(entry["rank"][index]) for index in by_seat)
        hands = entry["log"]
    except (KeyError, TypeError, ValueError, IndexError) as error:
        raise LogFormatError(f"{source}: malformed game ({error!r})") from None
    rounds = tuple(_RoundReader(f"{source} log[{index}]", hand).read() for index, hand in enumerate(hands))
    return GameRecord(
        source=source,
        ruleset="kobalab",
        players=4,
        names=names,
        rounds=rounds,
        final_scores=final_scores,
        final_points=final_points,
        extra={"title": title, "rank": ranks},
    )


def read_script(path: Path) -> list[GameRecord]:
    """Every game of a kobalab script.json file."""
    try:
        games = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as error:
        raise LogFormatError(f"{path.name}: cannot read JSON ({error})") from None
    if not isinstance(games, list):
        raise LogFormatError(f"{path.name}: expected a list of games")
    return [read_game(game, f"{path.name}[{index}]") for index, game in enumerate(games)]
