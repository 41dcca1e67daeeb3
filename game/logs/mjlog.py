"""Reads Tenhou's mjlog XML (plain or gzip) into the neutral GameRecord, decoding its bit-packed meld codes.

Formats: shared/oracles/README.md (mjx section); meld layout and yaku numbers as in Tenhou's own viewer.
"""

from __future__ import annotations

import gzip
import re
import xml.etree.ElementTree as ET
import zlib
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import unquote

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
)
from rules.meld import Meld, MeldError, MeldType
from rules.scoring import YAKU_ORDER
from rules.tiles import NORTH, TILE_COUNT, WIND_LETTERS

# Tenhou's yaku numbers (index) -> our yaku ids; 10-13 are the seat wind E S W N, 14-17 the round wind.
TENHOU_YAKU = (
    "menzen_tsumo",
    "riichi",
    "ippatsu",
    "chankan",
    "rinshan",
    "haitei",
    "houtei",
    "pinfu",
    "tanyao",
    "iipeikou",
    *("yakuhai_seat_wind",) * 4,
    *("yakuhai_round_wind",) * 4,
    "yakuhai_haku",
    "yakuhai_hatsu",
    "yakuhai_chun",
    "double_riichi",
    "chiitoitsu",
    "chanta",
    "ittsu",
    "sanshoku",
    "sanshoku_doukou",
    "sankantsu",
    "toitoi",
    "sanankou",
    "shousangen",
    "honroutou",
    "ryanpeikou",
    "junchan",
    "honitsu",
    "chinitsu",
    "renhou",
    "tenhou",
    "chiihou",
    "daisangen",
    "suuankou",
    "suuankou_tanki",
    "tsuuiisou",
    "ryuuiisou",
    "chinroutou",
    "chuuren",
    "junsei_chuuren",
    "kokushi",
    "kokushi_13",
    "daisuushii",
    "shousuushii",
    "suukantsu",
    "dora",
    "ura_dora",
    "aka_dora",
)
_DORA_YAKU = frozenset({"dora", "ura_dora", "aka_dora"})
_YAKU_RANK = {name: rank for rank, name in enumerate(YAKU_ORDER)}

# RYUUKYOKU type -> DRAW_KINDS; no type is the exhaustive draw
DRAW_TYPES = {
    None: "exhaustive",
    "yao9": "kyuushu_kyuuhai",
    "reach4": "suucha_riichi",
    "ron3": "sanchahou",
    "kan4": "suukaikan",
    "kaze4": "suufon_renda",
    "nm": "nagashi_mangan",
}

# GO type bits
GO_HUMAN = 0x01
GO_NO_RED = 0x02
GO_NO_KUITAN = 0x04
GO_HANCHAN = 0x08
GO_THREE_PLAYER = 0x10

_DRAW_TAG = re.compile(r"([TUVW])(\d{1,6})")  # longer numbers are no tile (and int() refuses 4,300 digits)
_DISCARD_TAG = re.compile(r"([DEFG])(\d{1,6})")
_MAX_DIGITS = 12  # of one number in an attribute
_GZIP_MAGIC = b"\x1f\x8b"


class _MeldCodeError(ValueError):
    """A meld code that does not decode; the reader adds where it was."""


def decode_meld(code: int, seat: int, players: int = 4) -> CallStep | KitaStep:
    """Decode one ``<N m=...>`` code of ``seat`` into the call (or a three-player kita) it stands for."""
    relative = code & 3
    if code & 0x04:
        return CallStep(seat, _decode_chi(code, relative, players))
    if code & 0x18:
        return CallStep(seat, _decode_pon_or_added_kan(code, relative, players))
    if code & 0x20:
        tile = code >> 8
        if players != 3:
            raise _MeldCodeError(f"meld code {code} is a kita, which only three players have")
        if tile >= TILE_COUNT or tile >> 2 != NORTH:
            raise _MeldCodeError(f"kita code {code} names tile {tile}, not a North")
        return KitaStep(seat, tile)
    tile = code >> 8
    if tile >= TILE_COUNT:
        raise _MeldCodeError(f"kan code {code} names tile {tile}, beyond 135")
    kind = tile >> 2
    tiles = tuple(kind * 4 + copy for copy in range(4))
    if relative == 0:
        return CallStep(seat, _meld(code, MeldType.ANKAN, tiles, None, None))
    return CallStep(seat, _meld(code, MeldType.DAIMINKAN, tiles, tile, _from_seat(code, relative, players)))


def _decode_chi(code: int, relative: int, players: int) -> Meld:
    # bits 10-15: base sequence * 3 + index of the called tile; bits 3-8: the copy (0-3) of each tile
    packed = code >> 10
    called_index, base = packed % 3, packed // 3
    if base >= 21:
        raise _MeldCodeError(f"chi code {code} names sequence {base}, beyond the 21 there are")
    kind = base // 7 * 9 + base % 7
    tiles = tuple((kind + offset) * 4 + ((code >> (3 + 2 * offset)) & 3) for offset in range(3))
    return _meld(code, MeldType.CHI, tiles, tiles[called_index], _from_seat(code, relative, players))


def _decode_pon_or_added_kan(code: int, relative: int, players: int) -> Meld:
    # bits 9-15: kind * 3 + index of the called tile among the pon's three; bits 5-6: the copy left out
    packed = code >> 9
    called_index, kind = packed % 3, packed // 3
    if kind >= 34:
        raise _MeldCodeError(f"pon code {code} names kind {kind}, beyond the 34 there are")
    left_out = (code >> 5) & 3
    pon = tuple(kind * 4 + copy for copy in range(4) if copy != left_out)
    source = _from_seat(code, relative, players)
    if code & 0x08:
        return _meld(code, MeldType.PON, pon, pon[called_index], source)
    return _meld(code, MeldType.SHOUMINKAN, (*pon, kind * 4 + left_out), pon[called_index], source)


def _from_seat(code: int, relative: int, players: int) -> int:
    # Tenhou's low two bits count seats in turn order from the caller, as rules.meld does
    if relative == 0 or relative >= players:
        raise _MeldCodeError(
            f"meld code {code} is called from relative seat {relative} with {players} players"
        )
    return relative


def _meld(
    code: int, meld_type: MeldType, tiles: tuple[int, ...], called: int | None, source: int | None
) -> Meld:
    try:
        return Meld(meld_type, tiles, called, source)
    except MeldError as error:
        raise _MeldCodeError(f"meld code {code} does not make a meld: {error}") from None


@dataclass
class _Round:
    """The hand being read: header, steps so far, results, and riichi declared but not yet discarded."""

    number: int
    label: str
    round_wind: int
    kyoku: int
    honba: int
    riichi_sticks: int
    scores: tuple[int, ...]
    dealer: int
    dora_indicator: int
    hands: tuple[tuple[int, ...], ...]
    position: str
    steps: list[Step] = field(default_factory=list)
    results: list[Result] = field(default_factory=list)
    riichi_declared: set[int] = field(default_factory=set)

    def freeze(self) -> RoundRecord:
        """The finished RoundRecord."""
        return RoundRecord(
            round_wind=self.round_wind,
            kyoku=self.kyoku,
            honba=self.honba,
            riichi_sticks=self.riichi_sticks,
            scores=self.scores,
            dealer=self.dealer,
            dora_indicator=self.dora_indicator,
            hands=self.hands,
            steps=tuple(self.steps),
            results=tuple(self.results),
            position=self.position,
        )


class _Reader:
    """Walks the tags of one mjlog in order, building rounds; every failure names the file and the tag."""

    def __init__(self, source: str) -> None:
        self.source = source
        self.players = 0
        self.names: tuple[str, ...] = ()
        self.extra: dict[str, str] = {}
        self.rounds: list[RoundRecord] = []
        self.current: _Round | None = None
        self.final_scores: tuple[int, ...] | None = None
        self.final_points: tuple[float, ...] | None = None
        self.tag_number = 0
        self.tag = ""
        self.disconnections = 0

    def fail(self, reason: str) -> LogFormatError:
        """An error naming the file, the round and tag being read, and the reason."""
        where = f"tag {self.tag_number} <{_tag_name(self.tag)}>"
        if self.current is not None:
            where = f"round {self.current.number} ({self.current.label}), {where}"
        return LogFormatError(f"{self.source}: {where}: {reason}")

    def read(self, root: ET.Element) -> GameRecord:
        """Read every tag under the root and return the record."""
        if root.tag != "mjloggm":
            raise LogFormatError(f"{self.source}: the root tag is <{_tag_name(root.tag)}>, not <mjloggm>")
        for number, element in enumerate(root, start=1):
            self.tag_number, self.tag = number, element.tag
            self.read_tag(element)
        if self.current is None:
            raise LogFormatError(f"{self.source}: the log holds no hand (no <INIT> tag)")
        self.close_round(last=True)
        return GameRecord(
            source=self.source,
            ruleset="tenhou-3p" if self.players == 3 else "tenhou",
            players=self.players,
            names=self.names,
            rounds=tuple(self.rounds),
            final_scores=self.final_scores,
            final_points=self.final_points,
            extra=self.extra,
        )

    def read_tag(self, element: ET.Element) -> None:
        """Dispatch one tag."""
        tag = element.tag
        draw, discard = _DRAW_TAG.fullmatch(tag), _DISCARD_TAG.fullmatch(tag)
        if draw:
            seat = self.seat_number("TUVW".index(draw[1]), f"draw by seat {'TUVW'.index(draw[1])}")
            self.step(DrawStep(seat, self.tile(int(draw[2]))), seat)
        elif discard:
            seat = self.seat_number("DEFG".index(discard[1]), f"discard by seat {'DEFG'.index(discard[1])}")
            tile = self.tile(int(discard[2]))
            riichi = seat in self.open_round().riichi_declared
            self.open_round().riichi_declared.discard(seat)
            self.step(DiscardStep(seat, tile, riichi), seat)
        elif tag == "N":
            seat = self.seat(element, "who")
            try:
                call = decode_meld(self.integer(element, "m"), seat, self.players)
            except _MeldCodeError as error:
                raise self.fail(str(error)) from None
            self.step(call, seat)
        elif tag == "REACH":
            self.read_reach(element)
        elif tag == "DORA":
            self.step(DoraStep(self.tile(self.integer(element, "hai"))), None)
        elif tag == "INIT":
            self.read_init(element)
        elif tag == "AGARI":
            self.read_agari(element)
        elif tag == "RYUUKYOKU":
            self.read_ryuukyoku(element)
        elif tag == "GO":
            self.read_go(element)
        elif tag == "UN":
            self.read_names(element)
        elif tag == "BYE":
            self.seat(element, "who")
            self.disconnections += 1
            self.extra["disconnections"] = str(self.disconnections)
        elif tag == "TAIKYOKU":
            if self.integer(element, "oya") != 0:
                raise self.fail("the first dealer is not seat 0, which Tenhou logs always have")
        elif tag == "SHUFFLE":
            self.extra["shuffle"] = element.get("seed", "")
        else:
            raise self.fail("unknown tag")

    def read_go(self, element: ET.Element) -> None:
        """The game type flags: player count, red fives, kuitan, length."""
        flags = self.integer(element, "type")
        self.players = 3 if flags & GO_THREE_PLAYER else 4
        self.extra.update(
            go_type=str(flags),
            lobby=element.get("lobby", ""),
            red_fives="off" if flags & GO_NO_RED else "on",
            kuitan="off" if flags & GO_NO_KUITAN else "on",
            game_length="hanchan" if flags & GO_HANCHAN else "east",
            opponents="human" if flags & GO_HUMAN else "computer",
        )

    def read_names(self, element: ET.Element) -> None:
        """The first UN gives the players' names; a later one is a reconnection and changes nothing."""
        if self.names:
            return
        count = self.players or 4
        self.names = tuple(unquote(element.get(f"n{seat}", "")) for seat in range(count))
        for key in ("dan", "rate", "sx"):
            if key in element.attrib:
                self.extra[key] = element.attrib[key]

    def read_init(self, element: ET.Element) -> None:
        """Start a hand: seed (round, honba, sticks, dice, dora indicator), scores, dealer and the deal."""
        if not self.players:
            raise self.fail("a hand starts before the <GO> tag that says how many play")
        if self.current is not None:
            self.close_round(last=False)
        seed = self.integers(element, "seed")
        if len(seed) != 6:
            raise self.fail(f"seed needs 6 numbers, got {len(seed)}")
        round_wind, kyoku = divmod(seed[0], 4)
        if round_wind > 3 or kyoku >= self.players:
            raise self.fail(f"seed round {seed[0]} is no hand of a {self.players}-player game")
        label = f"{WIND_LETTERS[round_wind]}{kyoku + 1}-{seed[1]}"
        self.current = _Round(
            number=len(self.rounds) + 1,
            label=label,
            round_wind=round_wind,
            kyoku=kyoku,
            honba=seed[1],
            riichi_sticks=seed[2],
            scores=tuple(100 * value for value in self.per_seat(self.integers(element, "ten"), "ten")),
            dealer=self.seat(element, "oya"),
            dora_indicator=self.tile(seed[5]),
            hands=(),
            position=f"tag {self.tag_number}",
        )
        if self.current.dealer != kyoku:
            raise self.fail(f"dealer {self.current.dealer} does not deal hand {label}")
        hands = []
        for seat in range(4):
            text = element.get(f"hai{seat}", "")
            if seat >= self.players:
                if text:
                    raise self.fail(f"hai{seat} is dealt in a {self.players}-player game")
                continue
            hand = tuple(self.tile(tile) for tile in self.numbers(text, f"hai{seat}"))
            if len(hand) != 13:
                raise self.fail(f"hai{seat} holds {len(hand)} tiles, not 13")
            hands.append(hand)
        self.current.hands = tuple(hands)

    def read_reach(self, element: ET.Element) -> None:
        """Step 1 marks the seat's next discard as its riichi tile; step 2 (accepted) adds nothing."""
        current = self.open_round()
        seat = self.seat(element, "who")
        step = self.integer(element, "step")
        if step == 1:
            current.riichi_declared.add(seat)
        elif step != 2:
            raise self.fail(f"REACH step {step} is neither 1 nor 2")

    def read_agari(self, element: ET.Element) -> None:
        """One winner: han and fu, yaku, ura indicators, pao, the score changes; owari ends the game."""
        current = self.current_for_result()
        seat = self.seat(element, "who")
        source = self.seat(element, "fromWho")
        ten = self.integers(element, "ten")
        if len(ten) != 3:
            raise self.fail(f"ten needs fu, points and limit, got {len(ten)} numbers")
        yaku, yakuman = self.read_yaku(element)
        han = 13 * yakuman if yakuman else sum(value for _, value in yaku)
        pao = self.seat(element, "paoWho") if "paoWho" in element.attrib else None
        ura = tuple(self.tile(tile) for tile in self.integers(element, "doraHaiUra", required=False))
        current.results.append(
            WinResult(
                seat=seat,
                discarder=None if source == seat else source,
                han=han,
                fu=ten[0],
                yakuman=yakuman,
                points=ten[1],
                yaku=yaku,
                deltas=self.deltas(element),
                ura_indicators=ura,
                pao=pao,
            )
        )
        self.read_owari(element)

    def read_yaku(self, element: ET.Element) -> tuple[tuple[tuple[str, int], ...], int]:
        """Our (yaku id, han) list, zero-count dora left out as our scorer does, and the yakuman count."""
        pairs = self.integers(element, "yaku", required=False)
        yakuman_ids = self.integers(element, "yakuman", required=False)
        if len(pairs) % 2:
            raise self.fail("yaku needs (id, han) pairs")
        if pairs and yakuman_ids:
            raise self.fail("both yaku and yakuman are given")
        if not pairs and not yakuman_ids:
            raise self.fail("a win without yaku")
        entries: list[tuple[str, int]] = []
        for number, han in zip(pairs[0::2], pairs[1::2], strict=True):
            name = self.yaku_name(number)
            if han == 0 and name in _DORA_YAKU:
                continue
            if han <= 0:
                raise self.fail(f"yaku {number} ({name}) has {han} han")
            entries.append((name, han))
        entries += [(self.yaku_name(number), 13) for number in yakuman_ids]
        entries.sort(key=lambda entry: _YAKU_RANK[entry[0]])
        return tuple(entries), len(yakuman_ids)

    def yaku_name(self, number: int) -> str:
        """Our id for a Tenhou yaku number."""
        if not 0 <= number < len(TENHOU_YAKU):
            raise self.fail(f"unknown yaku number {number}")
        return TENHOU_YAKU[number]

    def read_ryuukyoku(self, element: ET.Element) -> None:
        """A hand without a winner: its kind, the tenpai seats shown, the payments, nagashi mangan seats."""
        current = self.current_for_result()
        draw_type = element.get("type")
        if draw_type not in DRAW_TYPES:
            raise self.fail(f"unknown draw type {_short(draw_type)}")
        kind = DRAW_TYPES[draw_type]
        deltas = self.deltas(element)
        tenpai: tuple[int, ...] = ()
        if kind in ("exhaustive", "nagashi_mangan"):
            tenpai = tuple(seat for seat in range(self.players) if element.get(f"hai{seat}"))
        nagashi: tuple[int, ...] = ()
        if kind == "nagashi_mangan":
            # Tenhou names no nagashi seat: the ones paid are those who end up ahead
            nagashi = tuple(seat for seat, delta in enumerate(deltas) if delta > 0)
            if not nagashi:
                raise self.fail("a nagashi mangan that pays nobody")
        current.results.append(DrawResult(kind, tenpai, deltas, nagashi))
        self.read_owari(element)

    def read_owari(self, element: ET.Element) -> None:
        """The final scores and settled points, on the game's last result."""
        text = element.get("owari")
        if text is None:
            return
        values = text.split(",")
        if len(values) not in (2 * self.players, 8):
            raise self.fail(f"owari needs a score and points per seat, got {len(values)} values")
        try:
            scores = tuple(100 * int(value) for value in values[0::2])
            points = tuple(float(value) for value in values[1::2])
        except ValueError:
            raise self.fail(f"owari {_short(text)} is not a list of numbers") from None
        self.final_scores = scores[: self.players]
        self.final_points = points[: self.players]

    def deltas(self, element: ET.Element) -> tuple[int, ...]:
        """The score changes from ``sc`` (score, change pairs in hundreds)."""
        values = self.integers(element, "sc")
        if len(values) not in (2 * self.players, 8):
            raise self.fail(f"sc needs a score and change per seat, got {len(values)} values")
        changes = [100 * value for value in values[1::2]]
        if any(changes[self.players :]):
            raise self.fail(f"sc pays a seat beyond the {self.players} players")
        return tuple(changes[: self.players])

    def per_seat(self, values: list[int], name: str) -> list[int]:
        """A four-value list cut to the players; an absent fourth seat must hold 0."""
        if len(values) not in (self.players, 4) or any(values[self.players :]):
            raise self.fail(f"{name} needs {self.players} values, got {values}")
        return values[: self.players]

    def step(self, step: Step, seat: int | None) -> None:
        """Add a step to the open hand; a riichi declarer must discard before anything else of theirs."""
        current = self.open_round()
        if seat is not None and seat in current.riichi_declared and not isinstance(step, DiscardStep):
            raise self.fail(f"seat {seat} declared riichi but did not discard")
        current.steps.append(step)

    def open_round(self) -> _Round:
        """The hand in play; steps before a deal or after its result are errors."""
        if self.current is None:
            raise self.fail("a move before the first <INIT>")
        if self.current.results:
            raise self.fail("a move after the hand ended")
        return self.current

    def current_for_result(self) -> _Round:
        """The hand a result belongs to: only wins may follow a win (double ron)."""
        if self.current is None:
            raise self.fail("a result before the first <INIT>")
        results = self.current.results
        if results and not (self.tag == "AGARI" and isinstance(results[-1], WinResult)):
            raise self.fail("a second result for a hand that already ended")
        return self.current

    def close_round(self, last: bool) -> None:
        """Store the open hand; only the log's last hand may stop without a result."""
        assert self.current is not None
        if not self.current.results and not last:
            raise self.fail("the hand ended without a result")
        self.rounds.append(self.current.freeze())
        self.current = None

    def seat(self, element: ET.Element, name: str) -> int:
        """A seat-number attribute, checked against the player count."""
        return self.seat_number(self.integer(element, name), f"{name}={element.get(name)}")

    def seat_number(self, seat: int, what: str) -> int:
        """A seat, checked against the player count."""
        if not 0 <= seat < (self.players or 4):
            raise self.fail(f"{what}: no such seat with {self.players or 4} players")
        return seat

    def tile(self, tile: int) -> int:
        """A tile id, checked to be 0..135."""
        if not 0 <= tile < TILE_COUNT:
            raise self.fail(f"tile id {tile} is not 0..135")
        return tile

    def integer(self, element: ET.Element, name: str) -> int:
        """A required integer attribute."""
        values = self.integers(element, name)
        if len(values) != 1:
            raise self.fail(f"{name} needs one number, got {_short(element.get(name))}")
        return values[0]

    def integers(self, element: ET.Element, name: str, required: bool = True) -> list[int]:
        """A comma-separated integer attribute; a missing optional one is empty."""
        text = element.get(name)
        if text is None:
            if required:
                raise self.fail(f"missing attribute {name!r}")
            return []
        return self.numbers(text, name)

    def numbers(self, text: str, name: str) -> list[int]:
        """Comma-separated integers; empty text is an empty list."""
        if not text.strip():
            return []
        values = text.split(",")
        if any(len(value.strip()) > _MAX_DIGITS for value in values):
            raise self.fail(f"{name}={_short(text)} holds a number of more than {_MAX_DIGITS} digits")
        try:
            return [int(value) for value in values]
        except ValueError:
            raise self.fail(f"{name}={_short(text)} is not a list of integers") from None


def _short(text: str | None) -> str:
    """An attribute value for a message: quoted, and cut short when long.

    >>> _short("1,2"), _short("9" * 100)
    ("'1,2'", "'99999999999999999999999999999999999999999999999999'... (100 characters)")
    """
    if text is None or len(text) <= 60:
        return repr(text)
    return f"{text[:50]!r}... ({len(text)} characters)"


def _tag_name(tag: str) -> str:
    """A tag's name for a message, cut short when long (so that the reason after it stays on the line).

    >>> _tag_name("INIT"), _tag_name("T" + "9" * 100)
    ('INIT', 'T9999999999999999999... (101 characters)')
    """
    return tag if len(tag) <= 30 else f"{tag[:20]}... ({len(tag)} characters)"


def parse_mjlog(text: str, source: str) -> GameRecord:
    """Read the text of an mjlog; ``source`` names it in error messages."""
    try:
        root = ET.fromstring(text)
    except ET.ParseError as error:
        raise LogFormatError(f"{source}: not well-formed XML ({error})") from None
    return _Reader(source).read(root)


def read_mjlog(path: Path) -> GameRecord:
    """Read an mjlog file, plain or gzip-compressed (told apart by the gzip magic bytes)."""
    try:
        data = path.read_bytes()
    except OSError as error:
        raise LogFormatError(f"{path.name}: cannot read the file ({error.strerror})") from None
    if data.startswith(_GZIP_MAGIC):
        try:
            data = gzip.decompress(data)
        except (OSError, EOFError, zlib.error) as error:
            raise LogFormatError(f"{path.name}: broken gzip data ({error})") from None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise LogFormatError(f"{path.name}: not UTF-8 text at byte {error.start}") from None
    return parse_mjlog(text, path.name)
