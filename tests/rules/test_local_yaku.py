"""The local yaku of RULES.md §4.5: each absent by default and scored with its own option switched on."""

from __future__ import annotations

from typing import Any

import pytest

from game.calculator import score_request
from rules.meld import Meld, MeldType
from rules.ruleset import LOCAL_YAKU, RuleSet
from rules.scoring import HandError, WinSituation, nagashi_mangan_value, score_hand
from rules.tiles import parse_tile, parse_tiles

RIICHI_RON = {"riichi": True, "from": 1, "seat_wind": "S"}

# (option, request, the local yaku entry expected with the option on)
CASES: list[tuple[str, dict[str, Any], tuple[str, int]]] = [
    ("tuibudao", {"hand": "123p345p999p888s55z", "win_tile": "1p", **RIICHI_RON}, ("tuibudao", 1)),
    (
        "sanshoku_sansetsukou",
        {"hand": "333m444p555s11z789m", "win_tile": "9m", **RIICHI_RON},
        ("sanshoku_sansetsukou", 1),
    ),
    (
        "sanshoku_tsuukan",
        {"hand": "123m456p789s11z234s", "win_tile": "1m", **RIICHI_RON},
        ("sanshoku_tsuukan", 1),
    ),
    ("uumensai", {"hand": "123m456p789s11z555z", "win_tile": "1m", **RIICHI_RON}, ("uumensai", 2)),
    ("sanpuukou", {"hand": "111z333z444z55p123m", "win_tile": "1m", **RIICHI_RON}, ("sanpuukou", 2)),
    (
        "isshoku_sanbukou",
        {"hand": "123234345m678p99s", "win_tile": "6p", **RIICHI_RON},
        ("isshoku_sanbukou", 2),
    ),
    ("isshoku_sanjun", {"hand": "123123123m456p99s", "win_tile": "6p", **RIICHI_RON}, ("isshoku_sanjun", 2)),
    ("sanrenkou", {"hand": "222333444p789m55s", "win_tile": "7m", **RIICHI_RON}, ("sanrenkou", 2)),
    (
        "uupin_kaihou",
        {
            "hand": "345m456s99s46p5p",
            "win_tile": "5p",
            "tsumo": True,
            "rinshan": True,
            "seat_wind": "S",
            "melds": [{"type": "ankan", "tiles": "2222m"}],
        },
        ("uupin_kaihou", 4),
    ),
    (
        "iipin_moyue",
        {"hand": "345m456s789m99s23p1p", "win_tile": "1p", "tsumo": True, "haitei": True, "seat_wind": "S"},
        ("iipin_moyue", 4),
    ),
    (
        "daisharin",
        {"hand": "22334455667788p", "win_tile": "5p", "tsumo": True, "seat_wind": "S"},
        ("daisharin", 26),
    ),
    (
        "daichisei",
        {"hand": "11223344556677z", "win_tile": "7z", "from": 1, "seat_wind": "S"},
        ("daichisei", 26),
    ),
]


def test_every_local_yaku_option_is_tested() -> None:
    assert {case[0] for case in CASES} | {"renkaihou"} == set(LOCAL_YAKU)
    assert RuleSet().enabled_local_yaku() == ()


@pytest.mark.parametrize("option, request_, entry", CASES, ids=[case[0] for case in CASES])
def test_local_yaku(option: str, request_: dict[str, Any], entry: tuple[str, int]) -> None:
    off = score_request(request_)
    assert "error" not in off, off
    assert entry[0] not in dict(off["yaku"])
    on = score_request({**request_, "rules": {option: True}})
    assert "error" not in on, on
    assert dict(on["yaku"])[entry[0]] == entry[1]
    assert on["han"] >= off["han"] or on["yakuman"] > off["yakuman"]


def test_isshoku_sanjun_replaces_iipeikou_and_is_one_han_open() -> None:
    on = score_request(
        {"hand": "123123123m456p99s", "win_tile": "6p", **RIICHI_RON, "rules": {"isshoku_sanjun": True}}
    )
    assert dict(on["yaku"]) == {"riichi": 1, "pinfu": 1, "isshoku_sanjun": 2}
    opened = score_request(
        {
            "hand": "123123m456p99s",
            "win_tile": "6p",
            "from": 1,
            "seat_wind": "S",
            "melds": [{"type": "chi", "tiles": "123m", "from": 3}],
            "rules": {"isshoku_sanjun": True},
        }
    )
    assert dict(opened["yaku"]) == {"isshoku_sanjun": 1}


def test_uupin_kaihou_replaces_rinshan() -> None:
    request = CASES[8][1]
    assert dict(score_request(request)["yaku"]) == {"menzen_tsumo": 1, "rinshan": 1}
    on = score_request({**request, "rules": {"uupin_kaihou": True}})
    assert dict(on["yaku"]) == {"menzen_tsumo": 1, "uupin_kaihou": 4}


def test_daisharin_suits_and_single_option() -> None:
    manzu = {"hand": "22334455667788m", "win_tile": "5m", "tsumo": True, "seat_wind": "S"}
    assert "daisharin" not in dict(score_request({**manzu, "rules": {"daisharin": True}})["yaku"])
    both = {"daisharin": True, "daisharin_all_suits": True}
    assert dict(score_request({**manzu, "rules": both})["yaku"]) == {"daisharin": 26}
    single = {**both, "daisharin_double": False}
    assert score_request({**manzu, "rules": single})["yakuman"] == 1


def test_renkaihou_after_two_consecutive_kans() -> None:
    melds = [Meld(MeldType.ANKAN, parse_tiles("2222m")), Meld(MeldType.ANKAN, parse_tiles("8888s"))]
    hand = parse_tiles("345m99s46p5p")
    situation = WinSituation(win_tile=hand[-1], is_tsumo=True, rinshan=True, seat_wind=1, consecutive_kans=2)
    off = score_hand(hand, melds, situation, RuleSet())
    assert dict(off.yaku) == {"menzen_tsumo": 1, "rinshan": 1}
    on = score_hand(hand, melds, situation, RuleSet(renkaihou=True))
    assert dict(on.yaku) == {"menzen_tsumo": 1, "renkaihou": 2}


def test_five_honba_two_han_minimum() -> None:
    request = {"hand": "234789m56p456s77s7p", "win_tile": "7p", "from": 3, "seat_wind": "S", "honba": 5}
    assert score_request(request)["han"] == 1
    result = score_request({**request, "rules": {"five_honba_two_han": True}})
    assert result == {"error": "from 5 honba a win needs 2 han besides dora (five_honba_two_han)"}
    assert "error" not in score_request({**request, "honba": 4, "rules": {"five_honba_two_han": True}})


@pytest.mark.parametrize(
    "is_dealer, payments, points",
    [(False, {"dealer": 4000, "non_dealer": 2000}, 8000), (True, {"non_dealer": 4000}, 12000)],
)
def test_nagashi_mangan_pays_as_a_mangan_tsumo(
    is_dealer: bool, payments: dict[str, int], points: int
) -> None:
    value = nagashi_mangan_value(is_dealer=is_dealer, rules=RuleSet())
    assert value.payments.as_dict() == payments
    assert value.points == points
    assert value.yaku == (("nagashi_mangan", 5),)
    with pytest.raises(HandError, match="nagashi mangan is off"):
        nagashi_mangan_value(is_dealer=is_dealer, rules=RuleSet(nagashi_mangan=False))


def test_parse_tile_helper_is_exact() -> None:
    assert parse_tile("0p") == 52
