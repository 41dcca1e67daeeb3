"""tenhou.net/6 JSON logs (as Tenhou's viewer, NAGA and mjai-reviewer read them) to and from the GameRecord.

Grammar: each hand is ``[[kyoku index, honba, sticks], scores, dora indicators, ura indicators, then per seat
its 13 dealt tiles, its draws (tiles; chi/pon/daiminkan strings) and its discards (tiles, 60 tsumogiri, "r"
riichi, ankan/kakan strings, "f44" kita, 0 after a daiminkan), result]``; tile codes 11-19 m, 21-29 p,
31-39 s, 41-47 honors, 51-53 red fives. Three-player games keep the four-seat layout (fourth name "",
empty fourth seat) and write call sources in four-seat geometry, as Tenhou does.

Logs written by Mahjong Soul's English client (its downloadlogs exporter, tensoul) are read too: yaku named in
English ("Fully Concealed Hand(1飜)", "Ura Dora(0飜)"), English limits and draws ("Mangan 8000点", "Exhaustive
Draw") and a label such as "Gold Room South"; they are written back in Tenhou's Japanese.

What the format cannot carry, and how it is dropped or approximated (the same way every time):

* Tile identity: only kind and redness are written. The reader numbers tiles itself: plain copies of a kind
  from copy 3 down and red fives from copy 0 up, in order of first appearance (dealt hands seat by seat, the
  dora indicator, then draws and kan dora as they happen, ura indicators last); a tile leaving a hand is the
  lowest id of its code held, but not the tile just drawn while another of its code is held (that is 60).
* When a kan dora was turned: the reader places it as Tenhou's mjlog does (ankan: right after the kan;
  daiminkan and kakan: before the kanning seat's next discard, or right after its next kan), or right after
  every kan when the rule set turns kan dora at once.
* The fu of a limit hand (mangan and above): the point string names only the limit; read back as 0.
* Tenpai seats: only for exhaustive draws, as the seats paid noten money ("全員聴牌" / "全員不聴" for all /
  none); a nagashi mangan or abortive draw reads back with none. Nagashi seats are the ones paid.
* Ura indicators: one list per hand; every winner who declared riichi in the hand gets it, others none.
* Yaku order (read back in our scoring order), zero-han dora (Tenhou leaves them out), a yakuman count
  capped below the sum of its entries (read back as that sum), the wall, and ``position`` ("log[i]").
* Rule options beyond the preset name (kept under "rule" as "ruleset"), the red five counts ("aka" fields) and
  the display string; final scores go in "sc" only together with the settled points.
"""

from __future__ import annotations

import dataclasses
import json
import re
from collections.abc import Callable
from dataclasses import dataclass
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
from rules.meld import Meld, MeldError, MeldType
from rules.points import ceil100
from rules.ruleset import PRESET_NAMES, RuleSet, preset
from rules.scoring import YAKU_ORDER
from rules.tiles import FIVES, NORTH, is_red

TSUMOGIRI = 60
SKIP = 0
WIND_NAMES = "東南西北"
WIN = "和了"
UNKNOWN_RESULT = "不明"

# Our draw kinds -> Tenhou's result names (the exhaustive draw has three, see _exhaustive_name)
DRAW_NAMES = {
    "nagashi_mangan": "流し満貫",
    "kyuushu_kyuuhai": "九種九牌",
    "suufon_renda": "四風連打",
    "suucha_riichi": "四家立直",
    "suukaikan": "四槓散了",
    "sanchahou": "三家和了",
}
_DRAW_KINDS = {
    **{name: kind for kind, name in DRAW_NAMES.items()},
    "四開槓": "suukaikan",
    "三家和": "sanchahou",
    "流局": "exhaustive",
    "全員聴牌": "exhaustive",
    "全員不聴": "exhaustive",
    # as Mahjong Soul's exporter writes them with romaji or English names
    "Ryuukyoku": "exhaustive",
    "Exhaustive Draw": "exhaustive",
    "Nagashi Mangan": "nagashi_mangan",
    "Mangan at Draw": "nagashi_mangan",
    "Kyuushu Kyuuhai": "kyuushu_kyuuhai",
    "Nine Terminal Abortion": "kyuushu_kyuuhai",
    "Suufon Renda": "suufon_renda",
    "Four Wind Abortion": "suufon_renda",
    "Suucha Riichi": "suucha_riichi",
    "Four Riichi Abortion": "suucha_riichi",
    "Suukaikan": "suukaikan",
    "Four Kan Abortion": "suukaikan",
    "Sanchahou": "sanchahou",
    "Three Ron Abortion": "sanchahou",
}
_ALL_TENPAI, _NONE_TENPAI = "全員聴牌", "全員不聴"

# Our yaku ids -> the names Tenhou writes (seat and round wind yakuhai add the wind, see _yaku_label)
YAKU_NAMES = {
    "riichi": "立直",
    "double_riichi": "両立直",
    "ippatsu": "一発",
    "menzen_tsumo": "門前清自摸和",
    "pinfu": "平和",
    "tanyao": "断幺九",
    "iipeikou": "一盃口",
    "haitei": "海底摸月",
    "houtei": "河底撈魚",
    "rinshan": "嶺上開花",
    "chankan": "槍槓",
    "yakuhai_haku": "役牌 白",
    "yakuhai_hatsu": "役牌 發",
    "yakuhai_chun": "役牌 中",
    "yakuhai_seat_wind": "自風",
    "yakuhai_round_wind": "場風",
    "chanta": "混全帯幺九",
    "ittsu": "一気通貫",
    "sanshoku": "三色同順",
    "sanshoku_doukou": "三色同刻",
    "toitoi": "対々和",
    "sanankou": "三暗刻",
    "sankantsu": "三槓子",
    "honroutou": "混老頭",
    "shousangen": "小三元",
    "chiitoitsu": "七対子",
    "ryanpeikou": "二盃口",
    "honitsu": "混一色",
    "junchan": "純全帯幺九",
    "chinitsu": "清一色",
    "renhou": "人和",
    "nagashi_mangan": "流し満貫",
    "tuibudao": "推不倒",
    "sanshoku_sansetsukou": "三色三節高",
    "sanshoku_tsuukan": "三色通貫",
    "uumensai": "五門斉",
    "sanpuukou": "三風刻",
    "isshoku_sanbukou": "一色三歩高",
    "renkaihou": "連開花",
    "isshoku_sanjun": "一色三順",
    "sanrenkou": "三連刻",
    "uupin_kaihou": "五筒開花",
    "iipin_moyue": "一筒摸月",
    "kokushi": "国士無双",
    "kokushi_13": "国士無双１３面",
    "suuankou": "四暗刻",
    "suuankou_tanki": "四暗刻単騎",
    "daisangen": "大三元",
    "tsuuiisou": "字一色",
    "ryuuiisou": "緑一色",
    "chinroutou": "清老頭",
    "shousuushii": "小四喜",
    "daisuushii": "大四喜",
    "suukantsu": "四槓子",
    "chuuren": "九蓮宝燈",
    "junsei_chuuren": "純正九蓮宝燈",
    "tenhou": "天和",
    "chiihou": "地和",
    "daisharin": "大車輪",
    "daichisei": "大七星",
    "dora": "ドラ",
    "aka_dora": "赤ドラ",
    "ura_dora": "裏ドラ",
    "kita": "抜きドラ",
}
_YAKU_IDS = {
    **{
        name: yaku
        for yaku, name in YAKU_NAMES.items()
        if yaku not in ("yakuhai_seat_wind", "yakuhai_round_wind")
    },
    **{f"自風 {wind}": "yakuhai_seat_wind" for wind in WIND_NAMES},
    **{f"場風 {wind}": "yakuhai_round_wind" for wind in WIND_NAMES},
    # other spellings seen in converted logs
    "白": "yakuhai_haku",
    "發": "yakuhai_hatsu",
    "中": "yakuhai_chun",
    "ダブル立直": "double_riichi",
    "国士無双13面": "kokushi_13",
    "国士無双十三面": "kokushi_13",
    "北ドラ": "kita",
}
# The names in tenhou.net/6 logs written by Mahjong Soul's English client (the "downloadlogs" exporter and
# tensoul write each yaku's English name with Tenhou's han or 役満 suffix), and other common spellings.
_ENGLISH_YAKU_IDS = {
    "Riichi": "riichi",
    "Double Riichi": "double_riichi",
    "Ippatsu": "ippatsu",
    "Fully Concealed Hand": "menzen_tsumo",
    "Self-drawn Win": "menzen_tsumo",
    "Menzen Tsumo": "menzen_tsumo",
    "Pinfu": "pinfu",
    "All Simples": "tanyao",
    "Pure Double Sequence": "iipeikou",
    "Under the Sea": "haitei",
    "Under the River": "houtei",
    "After a Kan": "rinshan",
    "Robbing a Kan": "chankan",
    "White Dragon": "yakuhai_haku",
    "Green Dragon": "yakuhai_hatsu",
    "Red Dragon": "yakuhai_chun",
    "Seat Wind": "yakuhai_seat_wind",
    "Prevalent Wind": "yakuhai_round_wind",
    "Prevailing Wind": "yakuhai_round_wind",
    "Round Wind": "yakuhai_round_wind",
    "Half Outside Hand": "chanta",
    "Pure Straight": "ittsu",
    "Mixed Triple Sequence": "sanshoku",
    "Three Color Straight": "sanshoku",
    "Triple Triplets": "sanshoku_doukou",
    "Three Color Triplets": "sanshoku_doukou",
    "All Triplets": "toitoi",
    "Three Concealed Triplets": "sanankou",
    "Three Quads": "sankantsu",
    "Three Kans": "sankantsu",
    "All Terminals and Honours": "honroutou",
    "All Terminals and Honors": "honroutou",
    "Little Three Dragons": "shousangen",
    "Seven Pairs": "chiitoitsu",
    "Twice Pure Double Sequence": "ryanpeikou",
    "Half Flush": "honitsu",
    "Fully Outside Hand": "junchan",
    "Pure Outside Hand": "junchan",
    "Full Flush": "chinitsu",
    "Blessing of Man": "renhou",
    "Hand of Man": "renhou",
    "Mangan at Draw": "nagashi_mangan",
    "Thirteen Orphans": "kokushi",
    "Thirteen-wait Thirteen Orphans": "kokushi_13",
    "Thirteen Orphans 13-wait": "kokushi_13",
    "Thirteen Orphans 13-sided Wait": "kokushi_13",
    "Thirteen Orphans 13 Wait": "kokushi_13",
    "Thirteen Orphans 13-way Wait": "kokushi_13",
    "Four Concealed Triplets": "suuankou",
    "Single-wait Four Concealed Triplets": "suuankou_tanki",
    "Four Concealed Triplets Single-wait": "suuankou_tanki",
    "Four Concealed Triplets Single Wait": "suuankou_tanki",
    "Four Concealed Triplets 1-sided Wait": "suuankou_tanki",
    "Nine Gates 9-wait": "junsei_chuuren",
    "Nine Gates Nine Wait": "junsei_chuuren",
    "Big Three Dragons": "daisangen",
    "All Honours": "tsuuiisou",
    "All Honors": "tsuuiisou",
    "All Green": "ryuuiisou",
    "All Terminals": "chinroutou",
    "Little Four Winds": "shousuushii",
    "Big Four Winds": "daisuushii",
    "Four Quads": "suukantsu",
    "Four Kans": "suukantsu",
    "Nine Gates": "chuuren",
    "True Nine Gates": "junsei_chuuren",
    "Pure Nine Gates": "junsei_chuuren",
    "Blessing of Heaven": "tenhou",
    "Blessing of Earth": "chiihou",
    "Dora": "dora",
    "Red Five": "aka_dora",
    "Red Fives": "aka_dora",
    "Aka Dora": "aka_dora",
    "Red Dora": "aka_dora",
    "Ura Dora": "ura_dora",
    "Kita": "kita",
    "North Dora": "kita",
}
_YAKU_IDS.update(_ENGLISH_YAKU_IDS)
_YAKU_IDS.update(
    {
        f"{label}{colon} {wind}": _ENGLISH_YAKU_IDS[label]
        for label in ("Seat Wind", "Prevalent Wind", "Prevailing Wind", "Round Wind")
        for colon in ("", ":")
        for wind in ("East", "South", "West", "North")
    }
)
_YAKU_IDS_FOLDED = {name.casefold(): yaku for name, yaku in _YAKU_IDS.items()}  # "13-sided wait" too
_YAKU_RANK = {name: rank for rank, name in enumerate(YAKU_ORDER)}
_CALL_LETTERS = {MeldType.CHI: "c", MeldType.PON: "p", MeldType.DAIMINKAN: "m"}
_YAKUMAN_VALUES = {"役満": 1, "ダブル役満": 2, "トリプル役満": 3}
_LIMIT_NAMES = ("満貫", "跳満", "倍満", "三倍満", "数え役満", "役満", "切り上げ満貫")

_YAKU_ENTRY = re.compile(r"(.+)\((?:(\d+) ?(?:飜|Han)|(役満|ダブル役満|トリプル役満|(\d+)倍役満))\)")
_POINT_STRING = re.compile(
    r"(?:(\d+)(?:符|Fu))?(?:(\d+)(?:飜|Han))?"
    r"(満貫|跳満|倍満|三倍満|数え役満|役満|ダブル役満|トリプル役満|\d+倍役満|切り上げ満貫|"
    r"(?:Mangan|Haneman|Baiman|Sanbaiman|Yakuman|Kazoe Yakuman|Counted Yakuman|Kiriage Mangan|"
    r"Rounded Mangan) ?)?"
    r"(\d+)(?:-(\d+))?(?:点|Points)(∀)?"
)


def tile_code(tile: int, red_fives: tuple[int, int, int]) -> int:
    """Tenhou's code of a tile id: 11-19 m, 21-29 p, 31-39 s, 41-47 honors, 51-53 red fives.

    >>> tile_code(16, (1, 1, 1)), tile_code(17, (1, 1, 1)), tile_code(135, (1, 1, 1))
    (51, 15, 47)
    """
    kind = tile >> 2
    if is_red(tile, red_fives):
        return 51 + kind // 9
    if kind >= 27:
        return 41 + kind - 27
    return (kind // 9 + 1) * 10 + kind % 9 + 1


def code_kind(code: int) -> tuple[int, bool] | None:
    """The (kind, is_red) a tile code stands for, or None for a number that is no tile code."""
    if 51 <= code <= 53:
        return (code - 51) * 9 + 4, True
    tens, units = divmod(code, 10)
    if 1 <= tens <= 3 and 1 <= units <= 9:
        return (tens - 1) * 9 + units - 1, False
    if tens == 4 and 1 <= units <= 7:
        return 27 + units - 1, False
    return None


# ----------------------------------------------------------------------------------------------------
# Writing


def write_tenhou6(record: GameRecord) -> dict[str, Any]:
    """The tenhou.net/6 JSON object of a record (json-serialisable); UnwritableRecordError for flowers."""
    refuse_flowers(record, "tenhou.net/6")
    rules = rules_of(record)
    red_fives = red_fives_of(record)
    names = list(record.names) + [""] * (4 - record.players)
    rule: dict[str, Any] = {"disp": record.extra.get("tenhou6_disp", _display(record, red_fives))}
    if red_fives[0] == red_fives[1] == red_fives[2]:
        rule["aka"] = red_fives[0]
    else:
        rule.update(aka51=red_fives[0], aka52=red_fives[1], aka53=red_fives[2])
    rule["ruleset"] = record.ruleset
    title = [record.extra.get("tenhou6_title", ""), record.extra.get("tenhou6_subtitle", "")]
    log = [_RoundWriter(record, hand, rules, red_fives).write() for hand in record.rounds]
    result: dict[str, Any] = {"title": title, "name": names, "rule": rule, "log": log}
    if record.final_scores is not None and record.final_points is not None:
        pairs = list(zip(record.final_scores, record.final_points, strict=True))
        pairs += [(0, 0.0)] * (4 - record.players)
        result["sc"] = [value for pair in pairs for value in pair]
    return result


def dumps(record: GameRecord) -> str:
    """The record as tenhou.net/6 JSON text (compact, UTF-8 names kept as they are)."""
    return json.dumps(write_tenhou6(record), ensure_ascii=False, separators=(",", ":"))


def rules_of(record: GameRecord) -> RuleSet:
    """The record's preset, or the standard rules for its player count when the name is unknown."""
    if record.ruleset in PRESET_NAMES:
        return preset(record.ruleset)
    return RuleSet(players=record.players)


def red_fives_of(record: GameRecord) -> tuple[int, int, int]:
    """Red five counts per suit: as a tenhou6 log gave them, none when an mjlog said so, else the preset's."""
    text = record.extra.get("tenhou6_aka")
    if text:
        counts = tuple(int(value) for value in text.split(","))
        return counts[0], counts[1], counts[2]
    if record.extra.get("red_fives") == "off":
        return 0, 0, 0
    return rules_of(record).red_fives


def game_length_of(record: GameRecord) -> str:
    """The game length ("east", "hanchan", "full"): as an mjlog's game type said, else the preset's."""
    return record.extra.get("game_length") or rules_of(record).game_length


def _display(record: GameRecord, red_fives: tuple[int, int, int]) -> str:
    """A Tenhou-style rule label ("般南喰赤"): 三 three players, 東 or 南, 喰 kuitan, 赤 red fives."""
    kuitan = record.extra.get("kuitan", "on" if rules_of(record).kuitan else "off") == "on"
    return "".join(
        (
            "三" if record.players == 3 else "",
            "般",
            "東" if game_length_of(record) == "east" else "南",
            "喰" if kuitan else "",
            "赤" if any(red_fives) else "",
        )
    )


class _RoundWriter:
    """Turns one RoundRecord into its tenhou6 array."""

    def __init__(
        self, record: GameRecord, hand: RoundRecord, rules: RuleSet, red_fives: tuple[int, int, int]
    ):
        self.hand = hand
        self.players = record.players
        self.rules = rules
        self.red_fives = red_fives
        self.where = (
            f"{record.source}: round {hand.round_wind * 4 + hand.kyoku} ({hand.position or 'unplaced'})"
        )

    def code(self, tile: int) -> int:
        """The code of one tile."""
        return tile_code(tile, self.red_fives)

    def write(self) -> list[Any]:
        """The hand as Tenhou's array."""
        hand = self.hand
        n = self.players
        if hand.dealer != hand.kyoku:
            raise ValueError(
                f"{self.where}: tenhou6 takes the dealer from the hand number, dealer {hand.dealer}"
            )
        scores = list(hand.scores) + [0] * (4 - n)
        dora = [self.code(hand.dora_indicator)]
        dora += [self.code(step.indicator) for step in hand.steps if isinstance(step, DoraStep)]
        ura: list[int] = []
        for result in hand.results:
            if isinstance(result, WinResult) and result.ura_indicators and not ura:
                ura = [self.code(tile) for tile in result.ura_indicators]
        draws, discards = self.moves()
        entry: list[Any] = [
            [hand.round_wind * 4 + hand.kyoku, hand.honba, hand.riichi_sticks],
            scores,
            dora,
            ura,
        ]
        for seat in range(4):
            dealt = [self.code(tile) for tile in hand.hands[seat]] if seat < n else []
            entry += [dealt, draws[seat], discards[seat]]
        entry.append(self.results())
        return entry

    def moves(self) -> tuple[list[list[Any]], list[list[Any]]]:
        """Every seat's draws and discards lists, walking the steps in order."""
        n = self.players
        draws: list[list[Any]] = [[] for _ in range(4)]
        discards: list[list[Any]] = [[] for _ in range(4)]
        last_draw: list[int | None] = [None] * n
        last_discard: tuple[int, int] | None = None
        pons: list[dict[int, Meld]] = [{} for _ in range(n)]
        for number, step in enumerate(self.hand.steps):
            if isinstance(step, DrawStep):
                draws[step.seat].append(self.code(step.tile))
                last_draw[step.seat] = step.tile
            elif isinstance(step, DiscardStep):
                item: int | str = TSUMOGIRI if step.tile == last_draw[step.seat] else self.code(step.tile)
                discards[step.seat].append(f"r{item}" if step.riichi else item)
                last_draw[step.seat] = None
                last_discard = step.seat, step.tile
            elif isinstance(step, KitaStep):
                discards[step.seat].append(f"f{self.code(step.tile)}")
                last_draw[step.seat] = None
            elif isinstance(step, CallStep):
                meld = step.meld
                last_draw[step.seat] = None
                if meld.type is MeldType.ANKAN:
                    tiles = sorted(self.code(tile) for tile in meld.tiles)
                    discards[step.seat].append(f"{tiles[0]}{tiles[1]}{tiles[2]}a{tiles[3]}")
                elif meld.type is MeldType.SHOUMINKAN:
                    pon = pons[step.seat].pop(meld.kind, None)
                    if pon is None:
                        raise ValueError(f"{self.where}: step {number} adds to a pon seat {step.seat} lacks")
                    discards[step.seat].append(self.added_kan(step.seat, pon, meld))
                else:
                    draws[step.seat].append(self.call(step.seat, meld, last_discard, number))
                    if meld.type is MeldType.DAIMINKAN:
                        discards[step.seat].append(SKIP)
                    elif meld.type is MeldType.PON:
                        pons[step.seat][meld.kind] = meld
                    last_discard = None
        return draws, discards

    def direction(self, seat: int, from_seat: int) -> int:
        """Tenhou's four-seat direction of a source (1 right, 2 opposite, 3 left) from our turn-order one."""
        source = (seat + from_seat) % self.players
        return (source - seat) % 4

    def call(self, seat: int, meld: Meld, last_discard: tuple[int, int] | None, number: int) -> str:
        """The draws-list string of a chi, pon or daiminkan."""
        if last_discard is None or meld.from_seat is None:
            raise ValueError(f"{self.where}: step {number} calls with no discard to call")
        source, called = last_discard
        if (seat + meld.from_seat) % self.players != source or called not in meld.tiles:
            raise ValueError(f"{self.where}: step {number} calls a tile that is not the last discard")
        own = [tile for tile in meld.tiles if tile != called]
        letter_called = f"{_CALL_LETTERS[meld.type]}{self.code(called)}"
        if meld.type is MeldType.CHI:
            return letter_called + "".join(str(self.code(tile)) for tile in sorted(own))
        codes = sorted(self.code(tile) for tile in own)
        first, rest = str(codes[0]), "".join(str(code) for code in codes[1:])
        direction = self.direction(seat, meld.from_seat)
        if direction == 3:
            return letter_called + first + rest
        if direction == 2:
            return first + letter_called + rest
        return first + rest + letter_called

    def added_kan(self, seat: int, pon: Meld, kan: Meld) -> str:
        """The discards-list string of a kakan: the pon's, with "k" and the added tile before the called."""
        added = [tile for tile in kan.tiles if tile not in pon.tiles]
        if len(added) != 1 or pon.called is None or pon.from_seat is None:
            raise ValueError(f"{self.where}: a kakan of seat {seat} does not extend its pon")
        own = sorted(self.code(tile) for tile in pon.tiles if tile != pon.called)
        middle = f"k{self.code(added[0])}{self.code(pon.called)}"
        direction = self.direction(seat, pon.from_seat)
        if direction == 3:
            return f"{middle}{own[0]}{own[1]}"
        if direction == 2:
            return f"{own[0]}{middle}{own[1]}"
        return f"{own[0]}{own[1]}{middle}"

    def results(self) -> list[Any]:
        """The result array: wins, one draw, or "不明" for a hand the log does not finish."""
        results = self.hand.results
        if not results:
            return [UNKNOWN_RESULT]
        if all(isinstance(result, WinResult) for result in results):
            entry: list[Any] = [WIN]
            for result in results:
                assert isinstance(result, WinResult)
                entry += [self.padded(result.deltas), self.win_details(result)]
            return entry
        draw = results[0]
        if len(results) != 1 or not isinstance(draw, DrawResult):
            raise ValueError(
                f"{self.where}: a hand ends in one draw or in wins, not {len(results)} mixed results"
            )
        deltas = list(draw.deltas) or [0] * self.players
        if draw.kind == "exhaustive":
            name = self.exhaustive_name(draw)
            if name == "流局" or any(deltas):
                return [name, self.padded(tuple(deltas))]
            return [name]
        if draw.kind not in DRAW_NAMES:
            raise ValueError(f"{self.where}: unknown draw kind {draw.kind!r}")
        if any(deltas) or draw.kind == "nagashi_mangan":
            return [DRAW_NAMES[draw.kind], self.padded(tuple(deltas))]
        return [DRAW_NAMES[draw.kind]]

    def exhaustive_name(self, draw: DrawResult) -> str:
        """流局, or 全員聴牌 / 全員不聴 when every seat / no seat is tenpai."""
        if len(set(draw.tenpai)) == self.players:
            return "全員聴牌"
        return "流局" if draw.tenpai else "全員不聴"

    def padded(self, deltas: tuple[int, ...]) -> list[int]:
        """Score changes for the four seats Tenhou always lists."""
        return list(deltas) + [0] * (4 - self.players)

    def win_details(self, win: WinResult) -> list[Any]:
        """[winner, discarder (the winner on tsumo), pao seat (the winner if none), point string, yaku...]."""
        source = win.seat if win.discarder is None else win.discarder
        pao = win.seat if win.pao is None else win.pao
        seat_wind = (win.seat - self.hand.dealer) % self.players
        labels = [self.yaku_label(name, han, win.yakuman > 0, seat_wind) for name, han in win.yaku]
        return [win.seat, source, pao, self.point_string(win), *labels]

    def yaku_label(self, name: str, han: int, yakuman: bool, seat_wind: int) -> str:
        """One yaku as Tenhou writes it: 立直(1飜), 自風 南(1飜), 大三元(役満), 国士無双１３面(ダブル役満)."""
        if name not in YAKU_NAMES:
            raise ValueError(f"{self.where}: yaku {name!r} has no tenhou6 name")
        label = YAKU_NAMES[name]
        if name == "yakuhai_seat_wind":
            label += f" {WIND_NAMES[seat_wind]}"
        elif name == "yakuhai_round_wind":
            label += f" {WIND_NAMES[self.hand.round_wind]}"
        if not yakuman:
            return f"{label}({han}飜)"
        multiple = han // 13
        value = {1: "役満", 2: "ダブル役満", 3: "トリプル役満"}.get(multiple, f"{multiple}倍役満")
        return f"{label}({value})"

    def point_string(self, win: WinResult) -> str:
        """The point string (30符1飜1000点, 満貫2000-4000点, 役満16000点∀): fu and han or the limit."""
        n = self.players
        dealer = win.seat == self.hand.dealer
        equal_split = self.rules.three_player and self.rules.sanma_tsumo == "equal"
        if win.discarder is not None:
            payment = f"{win.points}点"
            base = win.points / (6 if dealer else 4)
        elif dealer:
            each = win.points // (n - 1)
            payment = f"{each}点∀"
            base = each / (3 if equal_split else 2)
        else:
            # the split the total came from: the dealer's share is twice the others' or 100 less (rounding)
            from_each = win.points // 2 if equal_split else ceil100(-(-win.points // n))
            from_dealer = win.points - from_each * (n - 2)
            payment = f"{from_each}-{from_dealer}点"
            base = from_dealer / 2
        return self.limit_name(win, base) + payment

    def limit_name(self, win: WinResult, base: float) -> str:
        """The limit from the base points the payment implies; fu and han below mangan."""
        if win.yakuman:
            return "役満"
        for threshold, name in (
            (8000, "数え役満"),
            (6000, "三倍満"),
            (4000, "倍満"),
            (3000, "跳満"),
            (2000, "満貫"),
        ):
            if base >= threshold:
                return name
        return f"{win.fu}符{win.han}飜"


# ----------------------------------------------------------------------------------------------------
# Reading


@dataclass(frozen=True)
class _Take:
    """One draws-list item: a drawn tile or a call (codes: the called tile first, then the caller's own)."""

    kind: str  # "draw", "chi", "pon", "daiminkan"
    codes: tuple[int, ...]
    direction: int  # 1 right, 2 opposite, 3 left (four-seat geometry); 0 for a draw


@dataclass(frozen=True)
class _Out:
    """One discards-list item: a discard, tsumogiri, skip, ankan, kakan or kita."""

    kind: str  # "discard", "tsumogiri", "skip", "ankan", "kakan", "kita"
    code: int = 0  # the discarded tile (0 for tsumogiri)
    riichi: bool = False
    codes: tuple[int, ...] = ()  # ankan: four tiles; kakan: added, called, own, own
    direction: int = 0  # kakan: the pon's source


_DRAW, _RINSHAN, _CALL, _DISCARD, _AFTER_CALL = range(5)
MAX_LOG_BYTES = 64 * 1024 * 1024
_SEARCH_LIMIT = 200_000


def read_tenhou6(text: str, source: str, *, max_bytes: int = MAX_LOG_BYTES) -> GameRecord:
    """Read tenhou.net/6 JSON text; ``source`` names it in error messages."""
    try:
        data = safe_json.loads(text.removeprefix("\ufeff"), source, max_bytes=max_bytes)
    except safe_json.JsonError as error:
        raise LogFormatError(str(error)) from None
    return _Reader(source).read(data)


class _Reader:
    """Reads the whole JSON object; every failure names the source, the place in the log and the reason."""

    def __init__(self, source: str) -> None:
        self.source = source

    def fail(self, where: str, reason: str) -> LogFormatError:
        """An error naming the file, the place and the reason."""
        return LogFormatError(f"{self.source}: {where}: {reason}")

    def read(self, data: Any) -> GameRecord:
        """The record of a parsed JSON value."""
        if not isinstance(data, dict):
            raise LogFormatError(f"{self.source}: the log is not a JSON object")
        log = data.get("log")
        if not isinstance(log, list):
            raise LogFormatError(f"{self.source}: no 'log' list of hands")
        names = data.get("name")
        if (
            not isinstance(names, list)
            or len(names) not in (3, 4)
            or not all(isinstance(n, str) for n in names)
        ):
            raise LogFormatError(f"{self.source}: 'name' must list 3 or 4 player names")
        players = self.player_count(names, log)
        rule = data.get("rule", {})
        if not isinstance(rule, dict):
            raise LogFormatError(f"{self.source}: 'rule' must be an object")
        red_fives = self.red_fives(rule)
        ruleset = self.ruleset(rule, players)
        extra = {"tenhou6_aka": ",".join(str(count) for count in red_fives)}
        if isinstance(rule.get("disp"), str):
            extra["tenhou6_disp"] = rule["disp"]
        title = data.get("title")
        if isinstance(title, list) and len(title) >= 2 and all(isinstance(part, str) for part in title[:2]):
            extra.update(tenhou6_title=title[0], tenhou6_subtitle=title[1])
        rules = preset(ruleset)
        rounds = tuple(
            _RoundReader(self, f"log[{index}]", players, red_fives, rules).read(hand)
            for index, hand in enumerate(log)
        )
        final_scores, final_points = self.final(data.get("sc"), players)
        return GameRecord(
            source=self.source,
            ruleset=ruleset,
            players=players,
            names=tuple(names[:players]),
            rounds=rounds,
            final_scores=final_scores,
            final_points=final_points,
            extra=extra,
        )

    def player_count(self, names: list[str], log: list[Any]) -> int:
        """Three players when three names are given, or the fourth is blank and the fourth seat empty."""
        if len(names) == 3:
            return 3
        if names[3]:
            return 4
        first = log[0] if log else None
        if isinstance(first, list) and len(first) == 17 and first[13] != []:
            return 4
        return 3

    def red_fives(self, rule: dict[str, Any]) -> tuple[int, int, int]:
        """Red five counts per suit from "aka51".."aka53", else "aka" for each suit, else none."""
        keys = ("aka51", "aka52", "aka53")
        if any(key in rule for key in keys):
            counts = [rule.get(key, 0) for key in keys]
        else:
            counts = [rule.get("aka", 0)] * 3
        for key, count in zip(keys, counts, strict=True):
            if not _is_int(count) or not 0 <= count <= 4:
                raise LogFormatError(
                    f"{self.source}: rule '{key}' must be a red five count 0..4, got {count!r}"
                )
        return counts[0], counts[1], counts[2]

    def ruleset(self, rule: dict[str, Any], players: int) -> str:
        """Our preset named under "ruleset", else Tenhou's own rules for the player count."""
        name = rule.get("ruleset")
        if name is None:
            return "tenhou-3p" if players == 3 else "tenhou"
        if name not in PRESET_NAMES:
            known = ", ".join(PRESET_NAMES)
            raise LogFormatError(f"{self.source}: rule 'ruleset' {name!r} is not a known rule set ({known})")
        if preset(name).players != players:
            raise LogFormatError(f"{self.source}: rule set {name!r} does not play with {players} players")
        return str(name)

    def final(self, sc: Any, players: int) -> tuple[tuple[int, ...] | None, tuple[float, ...] | None]:
        """Final scores and settled points from "sc" (score, points per seat)."""
        if sc is None:
            return None, None
        if not isinstance(sc, list) or len(sc) not in (2 * players, 8):
            raise LogFormatError(f"{self.source}: 'sc' must hold a score and points for each seat")
        if not all(_is_number(value) for value in sc):
            raise LogFormatError(f"{self.source}: 'sc' must hold numbers")
        scores = sc[0 : 2 * players : 2]
        if not all(float(value).is_integer() for value in scores):
            raise LogFormatError(f"{self.source}: 'sc' scores must be whole numbers")
        return tuple(int(value) for value in scores), tuple(float(value) for value in sc[1 : 2 * players : 2])


class _RoundReader:
    """Reads one hand: checks each field, works out the turn order, numbers the tiles and builds the steps."""

    def __init__(
        self, reader: _Reader, where: str, players: int, red_fives: tuple[int, int, int], rules: RuleSet
    ) -> None:
        self.reader = reader
        self.where = where
        self.players = players
        self.red_fives = red_fives
        self.rules = rules

    def fail(self, field: str | None, item: int | None, reason: str) -> LogFormatError:
        """An error at a field (and item) of this hand."""
        where = self.where
        if field is not None:
            where += f" field '{field}'"
        if item is not None:
            where += f" item {item}"
        return self.reader.fail(where, reason)

    def read(self, hand: Any) -> RoundRecord:
        """The RoundRecord of one hand array."""
        n = self.players
        if not isinstance(hand, list) or len(hand) not in (17, 14) or (n == 4 and len(hand) != 17):
            raise self.fail(None, None, f"a hand is a list of {17 if n == 4 else '14 or 17'} fields")
        meta = self.ints(hand[0], "round")
        if len(meta) != 3 or any(value < 0 for value in meta):
            raise self.fail("round", None, "must be [hand number, honba, riichi sticks], none negative")
        round_wind, kyoku = divmod(meta[0], 4)
        if round_wind > 3 or kyoku >= n:
            raise self.fail("round", 0, f"hand number {meta[0]} is no hand of a {n}-player game")
        scores = self.ints(hand[1], "scores")
        if len(scores) not in (n, 4) or any(scores[n:]):
            raise self.fail("scores", None, f"needs {n} scores (a fourth, if any, must be 0)")
        dora = [self.code(value, "dora", index) for index, value in enumerate(self.items(hand[2], "dora"))]
        if not dora:
            raise self.fail("dora", None, "no dora indicator")
        ura = [self.code(value, "ura", index) for index, value in enumerate(self.items(hand[3], "ura"))]
        dealt: list[list[int]] = []
        takes: list[list[_Take]] = []
        outs: list[list[_Out]] = []
        for seat in range((len(hand) - 5) // 3):
            names = (f"hand{seat}", f"draws{seat}", f"discards{seat}")
            items = [self.items(hand[4 + 3 * seat + offset], names[offset]) for offset in range(3)]
            if seat >= n:
                if any(items):
                    raise self.fail(names[0], None, f"seat {seat} does not play in a {n}-player game")
                continue
            name = names[0]
            dealt.append([self.code(value, name, index) for index, value in enumerate(items[0])])
            if len(dealt[-1]) != 13:
                raise self.fail(name, None, f"holds {len(dealt[-1])} tiles, not 13")
            takes.append([self.take(value, seat, index) for index, value in enumerate(items[1])])
            outs.append([self.out(value, seat, index) for index, value in enumerate(items[2])])
        results_item = hand[-1]
        unfinished = results_item == [UNKNOWN_RESULT]
        built: list[_Built] = []
        _TurnOrder(self, takes, outs, kyoku, unfinished, built.append, dealt, dora).work_out()
        steps = built[-1]
        results = self.results(results_item, steps.steps, kyoku, round_wind)
        ura_ids: tuple[int, ...] = ()
        if ura and any(isinstance(result, WinResult) and result.seat in steps.riichi for result in results):
            ura_ids = tuple(steps.numbering.new(code, "ura", index) for index, code in enumerate(ura))
        results = tuple(
            _with_ura(
                result, ura_ids if isinstance(result, WinResult) and result.seat in steps.riichi else ()
            )
            for result in results
        )
        return RoundRecord(
            round_wind=round_wind,
            kyoku=kyoku,
            honba=meta[1],
            riichi_sticks=meta[2],
            scores=tuple(scores[:n]),
            dealer=kyoku,
            dora_indicator=steps.dora_indicator,
            hands=steps.hands,
            steps=tuple(steps.steps),
            results=results,
            position=self.where,
        )

    # -- field checks --

    def items(self, value: Any, field: str) -> list[Any]:
        """A field that must be a list."""
        if not isinstance(value, list):
            raise self.fail(field, None, "must be a list")
        return value

    def ints(self, value: Any, field: str) -> list[int]:
        """A field that must be a list of whole numbers."""
        values = self.items(value, field)
        for index, item in enumerate(values):
            if not _is_int(item):
                raise self.fail(field, index, f"{item!r} is not a whole number")
        return values

    def code(self, value: Any, field: str, index: int) -> int:
        """One tile code."""
        if not _is_int(value) or code_kind(value) is None:
            raise self.fail(field, index, f"{value!r} is not a tile code (11-19, 21-29, 31-39, 41-47, 51-53)")
        return int(value)

    def take(self, value: Any, seat: int, index: int) -> _Take:
        """One draws-list item: a tile, or a "c" chi, "p" pon or "m" daiminkan string."""
        field = f"draws{seat}"
        if not isinstance(value, str):
            return _Take("draw", (self.code(value, field, index),), 0)
        letter, position, codes = self.meld_string(value, field, index)
        kinds = {"c": ("chi", 3), "p": ("pon", 3), "m": ("daiminkan", 4)}
        if letter not in kinds:
            raise self.fail(field, index, f"{value!r} is no chi (c), pon (p) or daiminkan (m)")
        kind, count = kinds[letter]
        positions = {0: 3, 2: 2, 4: 1} if letter != "m" else {0: 3, 2: 2, 6: 1}
        if len(codes) != count or position not in positions or (letter == "c" and position != 0):
            raise self.fail(field, index, f"{value!r} is not a well-formed {kind} string")
        called = codes[position // 2]
        own = codes[: position // 2] + codes[position // 2 + 1 :]
        return _Take(kind, (called, *own), positions[position])

    def out(self, value: Any, seat: int, index: int) -> _Out:
        """One discards-list item."""
        field = f"discards{seat}"
        if not isinstance(value, str):
            if _is_int(value) and value == TSUMOGIRI:
                return _Out("tsumogiri")
            if _is_int(value) and value == SKIP:
                return _Out("skip")
            return _Out("discard", self.code(value, field, index))
        if value.startswith("r"):
            rest = value[1:]
            if rest == str(TSUMOGIRI):
                return _Out("tsumogiri", riichi=True)
            if not rest.isdigit():
                raise self.fail(field, index, f"{value!r} is not a riichi discard (r and a tile code or 60)")
            return _Out("discard", self.code(int(rest), field, index), riichi=True)
        if value.startswith("f"):
            rest = value[1:]
            if not rest.isdigit() or code_kind(int(rest)) != (NORTH, False):
                raise self.fail(field, index, f"{value!r} is not a kita (f44)")
            return _Out("kita", int(rest))
        letter, position, codes = self.meld_string(value, field, index)
        if letter == "a" and len(codes) == 4:
            return _Out("ankan", codes=codes)
        if letter == "k" and len(codes) == 4 and position in (0, 2, 4):
            at = position // 2
            own = codes[:at] + codes[at + 2 :]
            return _Out(
                "kakan", codes=(codes[at], codes[at + 1], *own), direction={0: 3, 2: 2, 4: 1}[position]
            )
        raise self.fail(
            field, index, f"{value!r} is no discard, riichi (r), ankan (a), kakan (k) or kita (f)"
        )

    def meld_string(self, value: str, field: str, index: int) -> tuple[str, int, tuple[int, ...]]:
        """A call string's letter, the letter's position and its tile codes (two digits each)."""
        letters = [(position, char) for position, char in enumerate(value) if not char.isdigit()]
        if len(letters) != 1 or not letters[0][1].isalpha():
            raise self.fail(
                field, index, f"{value!r} is not a call string (two-digit tile codes and one letter)"
            )
        position, letter = letters[0]
        digits = value[:position] + value[position + 1 :]
        if len(digits) % 2 or position % 2:
            raise self.fail(
                field, index, f"{value!r} is not a call string (two-digit tile codes and one letter)"
            )
        codes = tuple(self.code(int(digits[i : i + 2]), field, index) for i in range(0, len(digits), 2))
        return letter, position, codes

    # -- building the steps --

    def build(
        self,
        order: list[tuple[bool, int, int]],
        dealt: list[list[int]],
        takes: list[list[_Take]],
        outs: list[list[_Out]],
        dora: list[int],
    ) -> _Built:
        """Steps with tile ids, placing kan dora by the rule set's timing (or the other one if that fits)."""
        timings = [self.rules.kan_dora_timing]
        timings.append("immediate" if timings[0] == "after_discard" else "after_discard")
        for timing in timings:
            built = _Builder(self, dealt, takes, outs, dora, timing).build(order)
            if built.dora_used == len(dora):
                return built
        raise self.fail("dora", None, f"{len(dora)} indicators, more than the hand's kans turn over")

    def results(self, value: Any, steps: list[Step], kyoku: int, round_wind: int) -> tuple[Result, ...]:
        """The hand's results (wins without ura indicators yet)."""
        field = "result"
        items = self.items(value, field)
        if not items or not isinstance(items[0], str):
            raise self.fail(field, None, "must start with the way the hand ended, e.g. 和了 or 流局")
        name = items[0]
        if name == UNKNOWN_RESULT and len(items) == 1:
            return ()
        if name == WIN:
            if len(items) < 3 or len(items) % 2 == 0:
                raise self.fail(field, None, "a win lists score changes and details for each winner")
            return tuple(
                self.win(items[index], items[index + 1], index, steps, kyoku, round_wind)
                for index in range(1, len(items), 2)
            )
        if name not in _DRAW_KINDS:
            raise self.fail(field, 0, f"unknown way for a hand to end: {name!r}")
        if len(items) > 2:
            raise self.fail(field, None, "a draw has at most its name and the score changes")
        deltas = self.deltas(items[1], 1) if len(items) == 2 else (0,) * self.players
        kind = _DRAW_KINDS[name]
        tenpai: tuple[int, ...] = ()
        nagashi: tuple[int, ...] = ()
        positive = tuple(seat for seat, delta in enumerate(deltas) if delta > 0)
        if name == _ALL_TENPAI:
            tenpai = tuple(range(self.players))
        elif kind == "exhaustive" and name != _NONE_TENPAI:
            tenpai = positive
        elif kind == "nagashi_mangan":
            nagashi = positive
            if not nagashi:
                raise self.fail(field, 1, "a nagashi mangan that pays nobody")
        return (DrawResult(kind, tenpai, deltas, nagashi),)

    def deltas(self, value: Any, index: int) -> tuple[int, ...]:
        """Score changes for each seat (a padded fourth must be 0)."""
        if not isinstance(value, list) or not all(_is_int(delta) for delta in value):
            raise self.fail("result", index, "score changes must be a list of whole numbers")
        if len(value) not in (self.players, 4) or any(value[self.players :]):
            raise self.fail("result", index, f"needs a score change for each of the {self.players} seats")
        return tuple(value[: self.players])

    def seat(self, value: Any, index: int, what: str) -> int:
        """A seat number in a win's details."""
        if not _is_int(value) or not 0 <= value < self.players:
            raise self.fail("result", index, f"{what} {value!r} is no seat")
        return int(value)

    def win(
        self, deltas_value: Any, details: Any, index: int, steps: list[Step], kyoku: int, round_wind: int
    ) -> WinResult:
        """One winner: [winner, discarder or winner, pao or winner, point string, yaku...]."""
        deltas = self.deltas(deltas_value, index)
        where = index + 1
        if not isinstance(details, list) or len(details) < 5 or not isinstance(details[3], str):
            raise self.fail("result", where, "win details are [winner, from, pao, point string, yaku...]")
        seat = self.seat(details[0], where, "winner")
        source = self.seat(details[1], where, "discarder")
        pao = self.seat(details[2], where, "pao seat")
        entries = [self.yaku(label, where) for label in details[4:]]
        yakuman = sum(han for _, han, is_yakuman in entries if is_yakuman) // 13
        yaku = [(name, han) for name, han, _ in entries]
        if self.players == 3 and self.rules.kita_dora and all(name != "kita" for name, _ in yaku):
            yaku = _split_kita(
                yaku, sum(1 for step in steps if isinstance(step, KitaStep) and step.seat == seat)
            )
        yaku.sort(key=lambda entry: _YAKU_RANK[entry[0]])
        match = _POINT_STRING.fullmatch(details[3])
        if match is None:
            raise self.fail("result", where, f"{details[3]!r} is no point string like 30符1飜1000点")
        fu_text, han_text, _, first, second, all_pay = match.groups()
        tsumo = source == seat
        dealer = seat == kyoku
        if tsumo != (second is not None or all_pay is not None) or (
            tsumo and dealer != (all_pay is not None)
        ):
            kind = "dealer tsumo (N点∀)" if tsumo and dealer else "tsumo (N-M点)" if tsumo else "ron (N点)"
            raise self.fail("result", where, f"{details[3]!r} does not pay a {kind}")
        self.check_ending(steps, seat, source, where)
        if not tsumo:
            points = int(first)
        elif dealer:
            points = int(first) * (self.players - 1)
        else:
            points = int(first) * (self.players - 2) + int(second)
        han = 13 * yakuman if yakuman else int(han_text) if han_text else sum(han for _, han in yaku)
        return WinResult(
            seat=seat,
            discarder=None if tsumo else source,
            han=han,
            fu=int(fu_text) if fu_text else 0,
            yakuman=yakuman,
            points=points,
            yaku=tuple(yaku),
            deltas=deltas,
            pao=None if pao == seat else pao,
        )

    def check_ending(self, steps: list[Step], seat: int, source: int, where: int) -> None:
        """A tsumo ends on the winner's draw; a ron on the discarder's discard, kan or kita."""
        moves = [step for step in steps if not isinstance(step, DoraStep)]
        last = moves[-1] if moves else None
        if source == seat:
            fits = isinstance(last, DrawStep) and last.seat == seat
            wanted = f"a tsumo by seat {seat}"
        else:
            fits = isinstance(last, DiscardStep | KitaStep) or (
                isinstance(last, CallStep) and last.meld.type in (MeldType.ANKAN, MeldType.SHOUMINKAN)
            )
            fits = fits and getattr(last, "seat", None) == source
            wanted = f"a ron on seat {source}'s tile"
        if not fits:
            ending = (
                "nothing" if last is None else f"a {type(last).__name__[:-4].lower()} by seat {last.seat}"
            )
            raise self.fail("result", where, f"the hand ends with {ending}, but the result is {wanted}")

    def yaku(self, label: Any, where: int) -> tuple[str, int, bool]:
        """One yaku entry: our id, its han (13 per yakuman) and whether it is a yakuman."""
        match = _YAKU_ENTRY.fullmatch(label) if isinstance(label, str) else None
        if match is None:
            raise self.fail("result", where, f"{label!r} is no yaku like 立直(1飜) or 大三元(役満)")
        name, han, yakuman, multiple = match.groups()
        yaku = _YAKU_IDS.get(name) or _YAKU_IDS_FOLDED.get(" ".join(name.split()).casefold())
        if yaku is None:
            raise self.fail("result", where, f"unknown yaku {name!r}")
        if han is not None:
            return yaku, int(han), False
        count = int(multiple) if multiple else _YAKUMAN_VALUES[yakuman]
        return yaku, 13 * count, True


def _split_kita(yaku: list[tuple[str, int]], kita: int) -> list[tuple[str, int]]:
    """Tenhou counts set-aside Norths inside ドラ: take them out as our separate kita entry."""
    dora = next((han for name, han in yaku if name == "dora"), 0)
    if not kita or dora < kita:
        return yaku
    rest = [(name, han) for name, han in yaku if name != "dora"]
    if dora > kita:
        rest.append(("dora", dora - kita))
    return [*rest, ("kita", kita)]


def _with_ura(result: Result, ura: tuple[int, ...]) -> Result:
    if isinstance(result, WinResult) and ura:
        return dataclasses.replace(result, ura_indicators=ura)
    return result


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


class _TurnOrder:
    """Interleaves the seats' draws and discards lists into one turn order.

    The format keeps no order: the walk starts at the dealer and follows calls. A pending call string names
    its tile and source, but not which of two identical discards it took; the walk tries the call first (pon
    and kan before chi) and backs up when a branch cannot use every list or its tiles do not add up.
    """

    def __init__(
        self,
        hand: _RoundReader,
        takes: list[list[_Take]],
        outs: list[list[_Out]],
        dealer: int,
        unfinished: bool,
        accept: Callable[[_Built], None],
        dealt: list[list[int]],
        dora: list[int],
    ) -> None:
        self.hand = hand
        self.accept = accept
        self.dealt = dealt
        self.dora = dora
        self.build_error: LogFormatError | None = None
        self.takes = takes
        self.outs = outs
        self.n = len(takes)
        self.dealer = dealer
        self.unfinished = unfinished
        self.steps_tried = 0
        self.deepest = -1
        self.failure = (f"draws{dealer}", 0, "the dealer has no first draw")

    def work_out(self) -> None:
        """Find the order ((is a draws item, seat, item index) triples) whose steps build, and accept them."""
        if self.walk(self.dealer, _DRAW, [0] * self.n, [0] * self.n, []):
            return
        if self.build_error is not None:
            raise self.build_error
        field, item, reason = self.failure
        raise self.hand.fail(field, item, reason)

    def finish(self, order: list[tuple[bool, int, int]]) -> bool:
        """A complete order: build its steps; a tile that does not add up sends the search on."""
        try:
            self.accept(self.hand.build(order, self.dealt, self.takes, self.outs, self.dora))
        except LogFormatError as error:
            self.build_error = self.build_error or error
            return False
        return True

    def note(self, progress: int, field: str, item: int, reason: str) -> bool:
        """Keep the failure of the branch that got furthest; always False."""
        if progress > self.deepest:
            self.deepest = progress
            self.failure = (field, item, reason)
        return False

    def done(self, taken: list[int], out: list[int]) -> bool:
        """Whether every seat's lists are used up."""
        return all(taken[s] == len(self.takes[s]) and out[s] == len(self.outs[s]) for s in range(self.n))

    def walk(
        self, seat: int, phase: int, taken: list[int], out: list[int], order: list[tuple[bool, int, int]]
    ) -> bool:
        """Follow the hand from a seat and phase; True once every item is placed."""
        while True:
            self.steps_tried += 1
            if self.steps_tried > _SEARCH_LIMIT:
                raise self.hand.fail(
                    None, None, "the turn order cannot be worked out (too many possibilities)"
                )
            if phase in (_DRAW, _RINSHAN, _CALL):
                index = taken[seat]
                if index >= len(self.takes[seat]):
                    field, item = self.last_place(order)
                    return self.note(
                        len(order), field, item, f"seat {seat} should draw next but has no draw left"
                    )
                take = self.takes[seat][index]
                if phase != _CALL and take.kind != "draw":
                    reason = (
                        "a call here calls no discard"
                        if phase == _DRAW
                        else "a kan or kita needs a replacement tile"
                    )
                    return self.note(len(order), f"draws{seat}", index, reason)
                taken[seat] += 1
                order.append((True, seat, index))
                if take.kind == "draw":
                    phase = _DISCARD
                    if self.done(taken, out):
                        return self.finish(order)
                elif take.kind == "daiminkan":
                    skip = out[seat]
                    if skip >= len(self.outs[seat]) or self.outs[seat][skip].kind != "skip":
                        return self.note(len(order), f"discards{seat}", skip, "a daiminkan needs a 0 here")
                    out[seat] += 1
                    order.append((False, seat, skip))
                    if self.done(taken, out):
                        return self.finish(order)
                    phase = _RINSHAN
                else:
                    phase = _AFTER_CALL
                    if self.unfinished and self.done(taken, out):
                        return self.finish(order)
                continue
            index = out[seat]
            if index >= len(self.outs[seat]):
                reason = f"seat {seat} should discard next but has no discard left"
                return self.note(len(order), f"discards{seat}", index, reason)
            move = self.outs[seat][index]
            if move.kind == "skip" or (phase == _AFTER_CALL and move.kind != "discard"):
                reason = (
                    "after a chi or pon a tile must be discarded"
                    if phase == _AFTER_CALL
                    else "0 only follows a daiminkan"
                )
                return self.note(len(order), f"discards{seat}", index, reason)
            out[seat] += 1
            order.append((False, seat, index))
            if self.done(taken, out):
                return self.finish(order)
            if move.kind in ("ankan", "kakan", "kita"):
                phase = _RINSHAN
                continue
            code = move.code
            if move.kind == "tsumogiri":
                code = self.takes[seat][taken[seat] - 1].codes[0]
            choices = self.choices(seat, code, taken)
            if not choices:
                reason = f"nobody draws or calls after this discard of seat {seat}"
                return self.note(len(order), f"discards{seat}", index, reason)
            if len(choices) == 1:
                seat, phase = choices[0]
                continue
            for next_seat, next_phase in choices:
                mark = len(order)
                if self.walk(next_seat, next_phase, list(taken), list(out), order):
                    return True
                del order[mark:]
            return False

    def choices(self, seat: int, code: int, taken: list[int]) -> list[tuple[int, int]]:
        """Who can move after a discard: seats whose next draws item calls it (pon and kan first), then the
        next seat drawing, if its next item is a drawn tile."""
        calls: list[tuple[int, int]] = []
        for offset in range(1, self.n):
            other = (seat + offset) % self.n
            if taken[other] < len(self.takes[other]):
                take = self.takes[other][taken[other]]
                if take.kind != "draw" and take.codes[0] == code and (other + take.direction) % 4 == seat:
                    calls.append((1 if take.kind == "chi" else 0, other))
        result = [(other, _CALL) for _, other in sorted(calls)]
        following = (seat + 1) % self.n
        if (
            taken[following] < len(self.takes[following])
            and self.takes[following][taken[following]].kind == "draw"
        ):
            result.append((following, _DRAW))
        return result

    def last_place(self, order: list[tuple[bool, int, int]]) -> tuple[str, int]:
        """The field and item of the last placed move, for messages."""
        if not order:
            return f"draws{self.dealer}", 0
        is_take, seat, index = order[-1]
        return (f"draws{seat}" if is_take else f"discards{seat}"), index


@dataclass
class _Built:
    """A hand's numbered tiles and steps, and what the results need from them."""

    numbering: _Numbering
    hands: tuple[tuple[int, ...], ...]
    dora_indicator: int
    steps: list[Step]
    riichi: set[int]
    dora_used: int


class _Numbering:
    """Gives tile ids to codes in order of appearance: plain copies from 3 down, red fives from copy 0 up."""

    def __init__(self, hand: _RoundReader) -> None:
        self.hand = hand
        self.next_plain = [3] * 34
        self.next_red = [0] * 34

    def new(self, code: int, field: str, item: int) -> int:
        """A fresh id for a tile entering play."""
        decoded = code_kind(code)
        assert decoded is not None
        kind, red = decoded
        reds = self.hand.red_fives[kind // 9] if kind in FIVES else 0
        if red:
            if self.next_red[kind] >= reds:
                raise self.hand.fail(field, item, f"more red fives ({code}) than the rule's {reds}")
            copy = self.next_red[kind]
            self.next_red[kind] += 1
        else:
            if self.next_plain[kind] < reds:
                extra = f" (with {reds} red)" if reds else ""
                raise self.hand.fail(field, item, f"a fifth tile {code}{extra}")
            copy = self.next_plain[kind]
            self.next_plain[kind] -= 1
        return kind * 4 + copy


class _Builder:
    """Replays the worked-out order, tracking each seat's tiles, to build the steps with tile ids."""

    def __init__(
        self,
        hand: _RoundReader,
        dealt: list[list[int]],
        takes: list[list[_Take]],
        outs: list[list[_Out]],
        dora: list[int],
        timing: str,
    ) -> None:
        self.hand = hand
        self.takes = takes
        self.outs = outs
        self.dora = dora
        self.timing = timing
        self.numbering = _Numbering(hand)
        self.codes: dict[int, int] = {}
        self.held: list[list[int]] = []
        for seat, codes in enumerate(dealt):
            self.held.append([self.new(code, f"hand{seat}", index) for index, code in enumerate(codes)])
        self.dealt = tuple(tuple(tiles) for tiles in self.held)
        self.dora_indicator = self.new(dora[0], "dora", 0)
        self.dora_used = 1
        self.pending_dora = 0
        self.steps: list[Step] = []
        self.melds: list[list[Meld]] = [[] for _ in dealt]
        self.last_draw: list[int | None] = [None] * len(dealt)
        self.last_discard: tuple[int, int] | None = None
        self.riichi: set[int] = set()

    def new(self, code: int, field: str, item: int) -> int:
        """A fresh tile id, remembering its code."""
        tile = self.numbering.new(code, field, item)
        self.codes[tile] = code
        return tile

    def build(self, order: list[tuple[bool, int, int]]) -> _Built:
        """Every step of the hand, in order."""
        for is_take, seat, index in order:
            if is_take:
                self.take(seat, index, self.takes[seat][index])
            else:
                self.out(seat, index, self.outs[seat][index])
        return _Built(
            self.numbering, self.dealt, self.dora_indicator, self.steps, self.riichi, self.dora_used
        )

    def reveal(self, count: int) -> None:
        """Turn over kan dora indicators, as many as the log lists."""
        for _ in range(count):
            if self.dora_used < len(self.dora):
                tile = self.new(self.dora[self.dora_used], "dora", self.dora_used)
                self.steps.append(DoraStep(tile))
                self.dora_used += 1

    def pick(self, seat: int, code: int, field: str, item: int, avoid: int | None = None) -> int:
        """The lowest id of a code the seat holds (not ``avoid``, the tile just drawn, if another is held)."""
        held = sorted(tile for tile in self.held[seat] if self.codes[tile] == code)
        if not held:
            raise self.hand.fail(field, item, f"seat {seat} does not hold the tile {code}")
        if avoid in held and len(held) > 1:
            held.remove(avoid)
        self.held[seat].remove(held[0])
        return held[0]

    def take(self, seat: int, index: int, take: _Take) -> None:
        """A drawn tile or a call."""
        field = f"draws{seat}"
        if take.kind == "draw":
            tile = self.new(take.codes[0], field, index)
            self.held[seat].append(tile)
            self.steps.append(DrawStep(seat, tile))
            self.last_draw[seat] = tile
            return
        assert self.last_discard is not None
        source, called = self.last_discard
        own = tuple(self.pick(seat, code, field, index) for code in take.codes[1:])
        meld_type = {"chi": MeldType.CHI, "pon": MeldType.PON, "daiminkan": MeldType.DAIMINKAN}[take.kind]
        meld = self.meld(meld_type, (*own, called), called, (source - seat) % len(self.held), field, index)
        self.melds[seat].append(meld)
        self.steps.append(CallStep(seat, meld))
        self.last_draw[seat] = None
        if meld_type is MeldType.DAIMINKAN:
            self.kan(open_kan=True)

    def meld(
        self,
        meld_type: MeldType,
        tiles: tuple[int, ...],
        called: int | None,
        source: int | None,
        field: str,
        item: int,
    ) -> Meld:
        """A meld with sorted tiles, or an error naming the item."""
        try:
            return Meld(meld_type, tuple(sorted(tiles)), called, source)
        except MeldError as error:
            raise self.hand.fail(field, item, f"not a {meld_type.value}: {error}") from None

    def kan(self, *, open_kan: bool) -> None:
        """Kan dora: the one still pending first, then this kan's (now, or at the next discard or kan)."""
        if self.timing == "immediate":
            self.reveal(1)
            return
        self.reveal(self.pending_dora)
        self.pending_dora = 0
        if open_kan:
            self.pending_dora = 1
        else:
            self.reveal(1)

    def out(self, seat: int, index: int, out: _Out) -> None:
        """A discard, riichi, ankan, kakan or kita (or the skip after a daiminkan)."""
        field = f"discards{seat}"
        if out.kind == "skip":
            return
        if out.kind in ("discard", "tsumogiri"):
            if out.kind == "tsumogiri":
                tile = self.last_draw[seat]
                if tile is None:
                    raise self.hand.fail(field, index, "tsumogiri (60) without a tile just drawn")
                self.held[seat].remove(tile)
            else:
                tile = self.pick(seat, out.code, field, index, avoid=self.last_draw[seat])
            self.reveal(self.pending_dora)
            self.pending_dora = 0
            self.steps.append(DiscardStep(seat, tile, out.riichi))
            if out.riichi:
                self.riichi.add(seat)
            self.last_discard = seat, tile
        elif out.kind == "kita":
            self.steps.append(KitaStep(seat, self.pick(seat, out.code, field, index)))
        elif out.kind == "ankan":
            tiles = tuple(self.pick(seat, code, field, index) for code in out.codes)
            self.steps.append(CallStep(seat, self.meld(MeldType.ANKAN, tiles, None, None, field, index)))
            self.kan(open_kan=False)
        else:
            self.added_kan(seat, index, out, field)
        self.last_draw[seat] = None

    def added_kan(self, seat: int, index: int, out: _Out, field: str) -> None:
        """A kakan: the seat's pon of that kind (matching the string's source and called tile) plus a tile."""
        added, called, *own = out.codes
        pons = [meld for meld in self.melds[seat] if meld.type is MeldType.PON]
        pon = next((meld for meld in pons if self.same_kind(meld.tiles[0], added)), None)
        if pon is None or pon.called is None or pon.from_seat is None:
            raise self.hand.fail(field, index, f"seat {seat} has no pon to add {added} to")
        direction = ((seat + pon.from_seat) % len(self.held) - seat) % 4
        pon_codes = sorted(self.codes[tile] for tile in pon.tiles if tile != pon.called)
        if direction != out.direction or self.codes[pon.called] != called or pon_codes != sorted(own):
            raise self.hand.fail(field, index, "the kakan string does not match the pon it extends")
        tile = self.pick(seat, added, field, index)
        kan = self.meld(MeldType.SHOUMINKAN, (*pon.tiles, tile), pon.called, pon.from_seat, field, index)
        self.melds[seat][self.melds[seat].index(pon)] = kan
        self.steps.append(CallStep(seat, kan))
        self.kan(open_kan=True)

    def same_kind(self, tile: int, code: int) -> bool:
        """Whether a tile id is of the kind a code names."""
        decoded = code_kind(code)
        return decoded is not None and tile >> 2 == decoded[0]


def read_cut_tenhou6(
    text: str, source: str, *, max_bytes: int = MAX_LOG_BYTES
) -> tuple[GameRecord, str] | None:
    """A tenhou.net/6 log cut short (a truncated download): the hands before the cut, and the hand it stops
    in ("E2-1 (log[5])", "" when it stops between hands); None when no prefix of the text closes to a log."""
    text = text.removeprefix("\ufeff").rstrip()
    closed = _closed(text, source, max_bytes)
    if closed is None:
        return None
    data, closers, key = closed
    if not isinstance(data, dict) or not isinstance(data.get("log"), list):
        return None
    cut = ""
    if key == "log" and len(closers) >= 2 and data["log"]:  # the cut is inside the log list: its last hand
        index = len(data["log"]) - 1
        hand = data["log"].pop()
        cut = f"log[{index}]"
        meta = hand[0] if isinstance(hand, list) and hand else None
        if (
            isinstance(meta, list)
            and len(meta) >= 2
            and all(_is_int(value) and value >= 0 for value in meta[:2])
        ):
            wind, number = divmod(meta[0], 4)
            if wind < 4:
                cut = f"{'ESWN'[wind]}{number + 1}-{meta[1]} ({cut})"
    data.pop("sc", None)
    return _Reader(source).read(data), cut


def _closed(text: str, source: str, max_bytes: int) -> tuple[Any, str, str] | None:
    """The value of the longest prefix (among the last 50 places to close at) that closes to JSON, with its
    closing brackets and the root object's key being read there."""
    for end, closers, key in reversed(_cut_points(text)[-50:]):
        try:
            return (
                safe_json.loads(text[:end] + closers, source, max_bytes=max_bytes + len(closers)),
                closers,
                key,
            )
        except safe_json.JsonError:
            continue
    return None


def _cut_points(text: str) -> list[tuple[int, str, str]]:
    """Where a JSON text cut short can be closed: (end, the brackets that close it there, the root object's
    key being read there), at every comma and after every bracket outside strings."""
    points: list[tuple[int, str, str]] = []
    stack: list[str] = []
    key = last_string = ""
    in_string = escaped = False
    start = 0
    for index, char in enumerate(text):
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
                last_string = text[start + 1 : index]
            continue
        if char == '"':
            in_string, start = True, index
        elif char in "[{":
            stack.append("]" if char == "[" else "}")
            points.append((index + 1, "".join(reversed(stack)), key))
        elif char in "]}":
            if stack:
                stack.pop()
            points.append((index + 1, "".join(reversed(stack)), key))
        elif char == ":" and len(stack) == 1:
            key = last_string
        elif char == ",":
            points.append((index, "".join(reversed(stack)), key))
    return points
