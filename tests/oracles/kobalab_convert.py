"""Converts kobalab/majiang-core hule cases (hule_given.json) into score requests and expected results.

Notation (majiang-core's Mentu docs): in a meld ``+`` ``=`` ``-`` follows the called tile and says it came
from the right / opposite / left; pon and daiminkan carry the mark last, a shouminkan is a pon plus one digit.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from rules.tiles import assign_ids, format_tiles

WINDS = "ESWN"
SUIT_BASE = {"m": 0, "p": 9, "s": 18, "z": 27}
# kobalab mark -> our relative "from" (1 right, 2 opposite, 3 left)
MARK_FROM = {"+": 1, "=": 2, "-": 3}

# Every yaku name majiang-core's hule.js can produce, mapped to our ids.
YAKU_IDS = {
    "立直": "riichi",
    "ダブル立直": "double_riichi",
    "一発": "ippatsu",
    "海底摸月": "haitei",
    "河底撈魚": "houtei",
    "嶺上開花": "rinshan",
    "槍槓": "chankan",
    "門前清自摸和": "menzen_tsumo",
    "場風 東": "yakuhai_round_wind",
    "場風 南": "yakuhai_round_wind",
    "場風 西": "yakuhai_round_wind",
    "場風 北": "yakuhai_round_wind",
    "自風 東": "yakuhai_seat_wind",
    "自風 南": "yakuhai_seat_wind",
    "自風 西": "yakuhai_seat_wind",
    "自風 北": "yakuhai_seat_wind",
    "翻牌 白": "yakuhai_haku",
    "翻牌 發": "yakuhai_hatsu",
    "翻牌 中": "yakuhai_chun",
    "平和": "pinfu",
    "断幺九": "tanyao",
    "一盃口": "iipeikou",
    "三色同順": "sanshoku",
    "一気通貫": "ittsu",
    "混全帯幺九": "chanta",
    "七対子": "chiitoitsu",
    "対々和": "toitoi",
    "三暗刻": "sanankou",
    "三槓子": "sankantsu",
    "三色同刻": "sanshoku_doukou",
    "混老頭": "honroutou",
    "小三元": "shousangen",
    "混一色": "honitsu",
    "純全帯幺九": "junchan",
    "二盃口": "ryanpeikou",
    "清一色": "chinitsu",
    "ドラ": "dora",
    "赤ドラ": "aka_dora",
    "裏ドラ": "ura_dora",
    "天和": "tenhou",
    "地和": "chiihou",
    "国士無双": "kokushi",
    "国士無双十三面": "kokushi_13",
    "四暗刻": "suuankou",
    "四暗刻単騎": "suuankou_tanki",
    "大三元": "daisangen",
    "小四喜": "shousuushii",
    "大四喜": "daisuushii",
    "字一色": "tsuuiisou",
    "緑一色": "ryuuiisou",
    "清老頭": "chinroutou",
    "四槓子": "suukantsu",
    "九蓮宝燈": "chuuren",
    "純正九蓮宝燈": "junsei_chuuren",
}

Tile = tuple[int, bool]  # (kind, is_red)
_GROUP = re.compile(r"([mpsz])(\d+)")
_MELD = re.compile(r"[mpsz](?:\d[-=+]?){3,4}")


class KobalabNotationError(ValueError):
    """A kobalab hand, meld or tile string that does not read as a legal hand part."""


@dataclass(frozen=True)
class KobalabMeld:
    """One meld in kobalab notation; ``called`` indexes ``tiles``, ``source`` is our relative 'from'."""

    type: str
    tiles: tuple[Tile, ...]
    called: int | None
    source: int | None


@dataclass(frozen=True)
class Expected:
    """kobalab's result in our terms; ``han`` and ``fu`` are None for a yakuman."""

    yaku: tuple[tuple[str, int], ...]
    han: int | None
    fu: int | None
    yakuman: int
    points: int
    fenpei: tuple[int, int, int, int]


@dataclass(frozen=True)
class ConvertedCase:
    """A hule_given.json case: our request, the expected result, and the seats needed to rebuild fenpei."""

    index: int
    request: dict[str, Any]
    expected: Expected
    winner: int
    discarder: int | None


def tile_of(suit: str, digit: str) -> Tile:
    """The (kind, is_red) of one kobalab digit in a suit; 0 is the red five."""
    number = int(digit)
    if suit == "z":
        if not 1 <= number <= 7:
            raise KobalabNotationError(f"no honor z{digit}")
        return 27 + number - 1, False
    if suit not in SUIT_BASE:
        raise KobalabNotationError(f"unknown suit {suit!r}")
    if number == 0:
        return SUIT_BASE[suit] + 4, True
    return SUIT_BASE[suit] + number - 1, False


def parse_concealed(text: str) -> list[Tile]:
    """Read a kobalab concealed part such as ``m345p40677s67s8`` in written order."""
    if _GROUP.sub("", text):
        raise KobalabNotationError(f"bad concealed tiles {text!r}")
    return [tile_of(suit, digit) for suit, digits in _GROUP.findall(text) for digit in digits]


def parse_meld(text: str) -> KobalabMeld:
    """Read one kobalab meld: chi ``m34-0``, pon ``z555=``, kans ``p5505+``, ``m505+5`` (added), ``p5555``."""
    if not _MELD.fullmatch(text) or len(re.findall(r"[-=+]", text)) > 1:
        raise KobalabNotationError(f"bad meld {text!r}")
    suit, body = text[0], text[1:]
    tiles: list[Tile] = []
    called: int | None = None
    source: int | None = None
    for char in body:
        if char in MARK_FROM:
            called, source = len(tiles) - 1, MARK_FROM[char]
        else:
            tiles.append(tile_of(suit, char))
    kinds = sorted(kind for kind, _ in tiles)
    same = kinds[0] == kinds[-1]
    if len(tiles) == 3 and not same:
        meld_type = "chi"
        if suit == "z" or source != 3 or kinds != [kinds[0], kinds[0] + 1, kinds[0] + 2]:
            raise KobalabNotationError(f"bad chi {text!r}")
    elif len(tiles) == 3:
        meld_type = "pon"
        if called != 2:
            raise KobalabNotationError(f"pon mark must come last in {text!r}")
    elif not same:
        raise KobalabNotationError(f"a kan needs four identical tiles: {text!r}")
    elif called is None:
        meld_type = "ankan"
    elif called == 3:
        meld_type = "daiminkan"
    elif called == 2:
        meld_type = "shouminkan"  # the mark closes the original pon, the 4th digit is the added tile
    else:
        raise KobalabNotationError(f"bad kan mark in {text!r}")
    return KobalabMeld(meld_type, tuple(tiles), called, source)


def parse_tile(text: str) -> Tile:
    """Read one kobalab tile code such as ``s4`` or ``z7``."""
    if not re.fullmatch(r"[mpsz]\d", text):
        raise KobalabNotationError(f"bad tile {text!r}")
    return tile_of(text[0], text[1])


def convert_case(case: Mapping[str, Any], index: int = 0) -> ConvertedCase:
    """Turn one hule_given.json entry into our score request and the expected result."""
    given = case["in"]
    param = given["param"]
    parts = given["shoupai"].split(",")
    concealed = parse_concealed(parts[0])
    melds = [parse_meld(part) for part in parts[1:]]
    rongpai = given.get("rongpai")
    tsumo = rongpai is None
    if tsumo:
        if not re.search(r"[mpsz]\d$", parts[0]) or re.search(r"\d\d$", parts[0]):
            raise KobalabNotationError(f"a tsumo hand ends with its drawn tile as a group: {parts[0]!r}")
        win = concealed[-1]
        source = None
    else:
        if not re.fullmatch(r"[mpsz]\d[-=+]", rongpai):
            raise KobalabNotationError(f"bad rongpai {rongpai!r}")
        win = parse_tile(rongpai[:2])
        source = MARK_FROM[rongpai[2]]
        concealed.append(win)
    if len(concealed) + 3 * len(melds) != 14:
        raise KobalabNotationError(f"{len(concealed)} concealed tiles with {len(melds)} melds is not a win")

    # ids are assigned over the whole hand at once so that no tile id repeats between hand and melds
    meld_tiles = [tile for meld in melds for tile in meld.tiles]
    ids = assign_ids([*concealed, *meld_tiles])
    hand_ids = ids[: len(concealed)]
    win_id = hand_ids[-1]  # the drawn tile is written last; the ron tile was appended last
    reds = [kind for kind, red in [*concealed, *meld_tiles] if red]
    if len(reds) != len(set(reds)):
        raise KobalabNotationError("kobalab rules have one red five per suit")
    request: dict[str, Any] = {
        "hand": format_tiles(hand_ids),
        "win_tile": format_tiles([win_id]),
        "tsumo": tsumo,
        "seat_wind": WINDS[param["menfeng"]],
        "round_wind": WINDS[param["zhuangfeng"]],
        "dora_indicators": format_tiles(assign_ids(parse_tile(code) for code in param["baopai"])),
        "honba": param["jicun"]["changbang"],
        "riichi_sticks": param["jicun"]["lizhibang"],
        "ruleset": "kobalab",
    }
    if melds:
        request["melds"] = []
        position = len(concealed)
        for meld in melds:
            meld_ids = ids[position : position + len(meld.tiles)]
            position += len(meld.tiles)
            entry: dict[str, Any] = {"type": meld.type, "tiles": format_tiles(meld_ids)}
            if meld.source is not None and meld.called is not None:
                entry["from"] = meld.source
                entry["called"] = format_tiles([meld_ids[meld.called]])
            request["melds"].append(entry)
    if not tsumo:
        request["from"] = source
    if param["fubaopai"]:
        request["ura_indicators"] = format_tiles(assign_ids(parse_tile(code) for code in param["fubaopai"]))
    request.update(_situation_flags(param["hupai"]))

    winner = param["menfeng"]
    discarder = None if source is None else (winner + source) % 4
    return ConvertedCase(index, request, expected_of(case["out"]), winner, discarder)


def _situation_flags(hupai: Mapping[str, Any]) -> dict[str, bool]:
    flags: dict[str, bool] = {}
    lizhi = hupai.get("lizhi", 0)
    if lizhi:
        # a double riichi is still a riichi (ura dora, riichi stick); the flag says which one
        flags["riichi"] = True
        if lizhi == 2:
            flags["double_riichi"] = True
    if hupai.get("yifa"):
        flags["ippatsu"] = True
    if hupai.get("qianggang"):
        flags["chankan"] = True
    if hupai.get("lingshang"):
        flags["rinshan"] = True
    haidi = hupai.get("haidi", 0)
    if haidi == 1:
        flags["haitei"] = True
    elif haidi == 2:
        flags["houtei"] = True
    tianhu = hupai.get("tianhu", 0)
    if tianhu == 1:
        flags["tenhou"] = True
    elif tianhu == 2:
        flags["chiihou"] = True
    unknown = set(hupai) - {"lizhi", "yifa", "qianggang", "lingshang", "haidi", "tianhu"}
    if unknown:
        raise KobalabNotationError(f"unknown hupai flags {sorted(unknown)}")
    return flags


def expected_of(out: Mapping[str, Any]) -> Expected:
    """kobalab's ``out`` in our terms: yaku ids with han (13 per ``*``), totals, points and fenpei."""
    yaku: list[tuple[str, int]] = []
    for entry in out["hupai"]:
        name, fanshu = entry["name"], entry["fanshu"]
        if name not in YAKU_IDS:
            raise KobalabNotationError(f"unknown yaku name {name!r}")
        han = 13 * len(fanshu) if isinstance(fanshu, str) else int(fanshu)
        yaku.append((YAKU_IDS[name], han))
    fenpei = tuple(out["fenpei"])
    if len(fenpei) != 4:
        raise KobalabNotationError(f"fenpei needs four entries: {fenpei}")
    return Expected(
        yaku=tuple(sorted(yaku)),
        han=out["fanshu"],
        fu=out["fu"],
        yakuman=out["damanguan"] or 0,
        points=out["defen"],
        fenpei=(fenpei[0], fenpei[1], fenpei[2], fenpei[3]),
    )


def fenpei_of(result: Mapping[str, Any], winner: int, discarder: int | None) -> tuple[int, int, int, int]:
    """Our score changes per seat wind (0 = dealer), rebuilt from ``payments`` and ``winner_gain``."""
    payments: Mapping[str, int] = result["payments"]
    changes = [0, 0, 0, 0]
    changes[winner] = result["winner_gain"]
    if discarder is not None:
        changes[discarder] = -payments["ron"]
    else:
        for seat in range(4):
            if seat != winner:
                changes[seat] = -payments["dealer" if seat == 0 else "non_dealer"]
    return changes[0], changes[1], changes[2], changes[3]


def yaku_of(result: Mapping[str, Any]) -> tuple[tuple[str, int], ...]:
    """Our yaku list as a sorted tuple of (id, han), comparable with ``Expected.yaku``."""
    entries: Sequence[Sequence[Any]] = result["yaku"]
    return tuple(sorted((str(entry[0]), int(entry[1])) for entry in entries))
