"""Adapter to the `mahjong` package (2.1.0): a generated case to its API, its answer to our vocabulary."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from mahjong.hand_calculating.hand import HandCalculator
from mahjong.hand_calculating.hand_config import HandConfig, HandConstants, OptionalRules
from mahjong.hand_calculating.hand_response import HandResponse
from mahjong.meld import Meld

from benchmarks.winning_hands import (
    ANKAN,
    CHI,
    DAIMINKAN,
    PON,
    SHOUMINKAN,
    RuleProfile,
    WinningCase,
)
from rules.ruleset import LOCAL_YAKU

# mahjong's yaku class name -> our yaku id
YAKU_IDS = {
    "Tsumo": "menzen_tsumo",
    "Riichi": "riichi",
    "DaburuRiichi": "double_riichi",
    "Ippatsu": "ippatsu",
    "Pinfu": "pinfu",
    "Tanyao": "tanyao",
    "Iipeiko": "iipeikou",
    "Haitei": "haitei",
    "Houtei": "houtei",
    "Rinshan": "rinshan",
    "Chankan": "chankan",
    "Haku": "yakuhai_haku",
    "Hatsu": "yakuhai_hatsu",
    "Chun": "yakuhai_chun",
    "SeatWindEast": "yakuhai_seat_wind",
    "SeatWindSouth": "yakuhai_seat_wind",
    "SeatWindWest": "yakuhai_seat_wind",
    "SeatWindNorth": "yakuhai_seat_wind",
    "RoundWindEast": "yakuhai_round_wind",
    "RoundWindSouth": "yakuhai_round_wind",
    "RoundWindWest": "yakuhai_round_wind",
    "RoundWindNorth": "yakuhai_round_wind",
    "Chantai": "chanta",
    "Ittsu": "ittsu",
    "Sanshoku": "sanshoku",
    "SanshokuDoukou": "sanshoku_doukou",
    "Toitoi": "toitoi",
    "Sanankou": "sanankou",
    "SanKantsu": "sankantsu",
    "Honroto": "honroutou",
    "Shosangen": "shousangen",
    "Chiitoitsu": "chiitoitsu",
    "Ryanpeikou": "ryanpeikou",
    "Honitsu": "honitsu",
    "Junchan": "junchan",
    "Chinitsu": "chinitsu",
    "Renhou": "renhou",
    "RenhouYakuman": "renhou",
    "NagashiMangan": "nagashi_mangan",
    "Dora": "dora",
    "AkaDora": "aka_dora",
    "UraDora": "ura_dora",
    "KokushiMusou": "kokushi",
    "DaburuKokushiMusou": "kokushi_13",
    "Suuankou": "suuankou",
    "SuuankouTanki": "suuankou_tanki",
    "Daisangen": "daisangen",
    "Tsuuiisou": "tsuuiisou",
    "Ryuuiisou": "ryuuiisou",
    "Chinroutou": "chinroutou",
    "Shousuushii": "shousuushii",
    "DaiSuushii": "daisuushii",
    "Suukantsu": "suukantsu",
    "ChuurenPoutou": "chuuren",
    "DaburuChuurenPoutou": "junsei_chuuren",
    "Tenhou": "tenhou",
    "Chiihou": "chiihou",
    "Daisharin": "daisharin",
    "Daichisei": "daichisei",
}

# mahjong's score tier label -> our `limit`
LIMITS: dict[str, str | None] = {
    "": None,
    "mangan": "mangan",
    "kiriage mangan": "mangan",
    "haneman": "haneman",
    "baiman": "baiman",
    "sanbaiman": "sanbaiman",
    "kazoe sanbaiman": "sanbaiman",
    "yakuman": "yakuman",
}


class UnsupportedRuleError(ValueError):
    """A rule option the mahjong package cannot express (hard-wired there)."""


def _require(overrides: dict[str, Any], name: str, value: object) -> None:
    # an unpinned option would silently take the preset's default, which may not be mahjong's choice
    if name not in overrides or overrides[name] != value:
        raise UnsupportedRuleError(f"mahjong hard-wires {name}={value!r}, got {overrides.get(name)!r}")


def optional_rules(profile: RuleProfile) -> OptionalRules:
    """mahjong's OptionalRules equal to the profile's options; UnsupportedRuleError when it cannot match."""
    o = profile.overrides
    three = o["players"] == 3
    _require(o, "double_wind_pair_fu", 4)  # fu.py: DOUBLE_VALUED_PAIR is always 4
    _require(o, "yakuman_stacking", True)  # hand.py sums every yakuman found
    _require(o, "ryuuiisou_requires_hatsu", False)
    _require(o, "ura_dora", True)
    _require(o, "kan_ura", True)  # every ura indicator passed is counted
    # scores.py: a ron pays 300 per honba (200 with three players), a tsumo 100 per payer
    _require(o, "honba_ron", 200 if three else 300)
    _require(o, "honba_tsumo_each", 100)
    if three:
        _require(o, "sanma_tsumo", "loss")  # scores.py: the absent fourth player's share is simply not paid
        _require(o, "kita_dora", True)
    red = list(o["red_fives"])
    if red not in ([1, 1, 1], [0, 0, 0]) and not (three and red == [0, 1, 1]):
        raise UnsupportedRuleError(f"red_fives={red}")  # AKA_DORAS is one fixed red five per suit
    if o["pinfu_tsumo"] and not o["open_pinfu_ron_30_fu"]:
        # fu.py then gives an open tsumo with no other fu 20 fu, dropping the tsumo 2 fu (RULES.md §5.2)
        raise UnsupportedRuleError("pinfu_tsumo with open_pinfu_ron_30_fu off")
    if o["renhou"] == "baiman":
        # mahjong's non-yakuman renhou is a 5-han yaku (stacking with other yaku and dora), never 8
        raise UnsupportedRuleError("renhou='baiman'")
    if o["max_yakuman"] not in (0, 6):
        raise UnsupportedRuleError(f"max_yakuman={o['max_yakuman']}")
    _require(o, "ippatsu", True)
    _require(o, "haitei_houtei_merged", False)
    _require(o, "five_honba_two_han", False)
    _require(o, "paarenchan", False)
    for name in LOCAL_YAKU:
        if name not in ("daisharin", "daichisei"):
            _require(o, name, False)
    if o["daisharin"]:
        _require(o, "daisharin_double", False)  # yaku_list/yakuman/daisharin.py: 13 han
    if o["daichisei"]:
        # hand.py lists daichisei (13) beside tsuuiisou (13): the double yakuman of RULES.md §4.5 only when
        # our double yakuman count double
        _require(o, "double_yakuman", True)
    return OptionalRules(
        has_open_tanyao=bool(o["kuitan"]),
        has_aka_dora=any(red),
        has_double_yakuman=bool(o["double_yakuman"]),
        kazoe_limit=HandConstants.KAZOE_LIMITED if o["kazoe_yakuman"] else HandConstants.KAZOE_SANBAIMAN,
        kiriage=bool(o["kiriage_mangan"]),
        fu_for_open_pinfu=bool(o["open_pinfu_ron_30_fu"]),
        fu_for_pinfu_tsumo=not o["pinfu_tsumo"],
        renhou_as_yakuman=o["renhou"] == "yakuman",
        limit_to_sextuple_yakuman=o["max_yakuman"] == 6,
        is_three_player=three,
        # mahjong would also give daisharin to an open hand (RULES.md §4.5: closed only); ours are all closed
        has_daisharin=bool(o["daisharin"]),
        has_daisharin_other_suits=bool(o["daisharin"] and o.get("daisharin_all_suits")),
        has_daichisei=bool(o["daichisei"]),
    )


_MELD_TYPES = {
    CHI: (Meld.CHI, True),
    PON: (Meld.PON, True),
    DAIMINKAN: (Meld.KAN, True),
    SHOUMINKAN: (Meld.SHOUMINKAN, True),
    ANKAN: (Meld.KAN, False),
}


@dataclass(frozen=True)
class MahjongInputs:
    """Pre-built arguments of HandCalculator.estimate_hand_value."""

    tiles: list[int]
    win_tile: int
    melds: list[Meld]
    dora_indicators: list[int]
    ura_indicators: list[int]
    config: HandConfig


def mahjong_inputs(case: WinningCase, options: OptionalRules | None = None) -> MahjongInputs:
    """The case as mahjong arguments (tiles include the meld tiles; winds as 34-kinds; seats absolute)."""
    melds = []
    for m in case.melds:
        mtype, opened = _MELD_TYPES[m.type]
        from_who = (
            None if m.from_seat is None else m.from_seat
        )  # relative seat; mahjong ignores it for scoring
        melds.append(
            Meld(mtype, list(m.tiles), opened=opened, called_tile=m.called, who=0, from_who=from_who)
        )
    config = HandConfig(
        is_tsumo=case.tsumo,
        is_riichi=case.riichi,
        is_daburu_riichi=case.double_riichi,
        is_ippatsu=case.ippatsu,
        is_rinshan=case.rinshan,
        is_chankan=case.chankan,
        is_haitei=case.haitei,
        is_houtei=case.houtei,
        is_tenhou=case.tenhou,
        is_chiihou=case.chiihou,
        is_renhou=case.renhou,
        player_wind=27 + case.seat_wind,
        round_wind=27 + case.round_wind,
        kyoutaku_number=case.riichi_sticks,
        tsumi_number=case.honba,
        num_nuki_dora=case.kita,
        options=options if options is not None else optional_rules(case.profile),
    )
    return MahjongInputs(
        tiles=list(case.all_tiles),
        win_tile=case.win_tile,
        melds=melds,
        dora_indicators=list(case.dora_indicators),
        ura_indicators=list(case.ura_indicators),
        config=config,
    )


def estimate(inputs: MahjongInputs) -> HandResponse:
    """Run mahjong's calculator on pre-built inputs."""
    return HandCalculator.estimate_hand_value(
        inputs.tiles,
        inputs.win_tile,
        melds=inputs.melds,
        dora_indicators=inputs.dora_indicators,
        config=inputs.config,
        ura_dora_indicators=inputs.ura_indicators,
    )


def to_output(case: WinningCase, resp: HandResponse) -> dict[str, Any]:
    """mahjong's answer in our output vocabulary (`error`, or han/fu/yakuman/limit/points/payments/...)."""
    if resp.error:
        return {"error": str(resp.error)}
    cost = resp.cost
    assert cost is not None
    assert resp.han is not None
    assert resp.yaku is not None
    is_open = bool(resp.is_open_hand)
    yaku = []
    for y in resp.yaku:
        han = y.han_open if is_open and y.han_open else y.han_closed
        name = YAKU_IDS[type(y).__name__]
        if name == "dora" and case.kita:
            # hand.py counts each kita as one more dora; we list kita on its own
            han -= case.kita
            yaku.append(["kita", case.kita])
            if not han:
                continue
        yaku.append([name, han])
    has_yakuman = any(y.is_yakuman for y in resp.yaku)
    if any(name == "daichisei" for name, _ in yaku):
        # hand.py adds daichisei (13) on top of tsuuiisou (13); RULES.md §4.5 has one double yakuman instead
        yaku = [entry for entry in yaku if entry[0] not in ("daichisei", "tsuuiisou")] + [["daichisei", 26]]
    level = str(cost["yaku_level"])
    limit = LIMITS["yakuman" if level.endswith("x yakuman") else level]
    if limit == "yakuman" and not has_yakuman:
        # scores.py labels kazoe "kazoe yakuman" and then overwrites the label with "yakuman"
        limit = "kazoe_yakuman"
    # with kiriage on, mahjong leaves the label empty for an ordinary 1-4 han mangan (scores.py)
    if limit is None and resp.han < 5 and (resp.fu or 0) * 2 ** (resp.han + 2) > 2000:
        limit = "mangan"
    main, additional = cost["main"], cost["additional"]
    dealer = case.seat_wind == 0
    others = case.profile.players - 1
    if not case.tsumo:
        points = main
        payments = {"ron": main + cost["main_bonus"]}
    elif dealer:
        points = others * main
        payments = {"non_dealer": main + cost["main_bonus"]}
    else:
        points = main + (others - 1) * additional
        payments = {"dealer": main + cost["main_bonus"], "non_dealer": additional + cost["additional_bonus"]}
    return {
        "han": resp.han,
        "fu": resp.fu,
        "yakuman": resp.han // 13 if has_yakuman else 0,
        "limit": limit,
        "points": points,
        "payments": payments,
        "winner_gain": cost["total"],
        "yaku": sorted(yaku),
    }


def mahjong_output(case: WinningCase) -> dict[str, Any]:
    """Convenience: build inputs, run mahjong, convert."""
    return to_output(case, estimate(mahjong_inputs(case)))
