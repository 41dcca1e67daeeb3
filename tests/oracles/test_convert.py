"""Unit tests of the oracle converters on hand-checked cases, plus a full decode of every oracle case."""

from __future__ import annotations

import json
from typing import Any

import pytest

from rules.tiles import parse_tiles
from tests.conftest import ORACLES, needs_shared

from . import kobalab_convert as kobalab
from . import riichienv_convert as riichienv


def kobalab_case(shoupai: str, rongpai: str | None = None, **param: Any) -> dict[str, Any]:
    given: dict[str, Any] = {
        "shoupai": shoupai,
        "param": {
            "zhuangfeng": 0,
            "menfeng": 1,
            "hupai": {},
            "baopai": ["s4"],
            "fubaopai": [],
            "jicun": {"changbang": 0, "lizhibang": 0},
        }
        | param,
    }
    if rongpai is not None:
        given["rongpai"] = rongpai
    out = {"hupai": [{"name": "断幺九", "fanshu": 1}], "fu": 30, "fanshu": 1, "damanguan": None}
    return {"in": given, "out": out | {"defen": 1000, "fenpei": [0, 1000, -1000, 0]}}


# (kobalab meld, our type, tiles, called, from) - each checked by hand against majiang-core's Mentu docs
@pytest.mark.parametrize(
    "text, meld_type, tiles, called, source",
    [
        ("m34-0", "chi", "340m", "4m", 3),
        ("m4-56", "chi", "456m", "4m", 3),
        ("s567-", "chi", "567s", "7s", 3),
        ("z555=", "pon", "555z", "5z", 2),
        ("m550=", "pon", "550m", "0m", 2),
        ("m505+", "pon", "550m", "5m", 1),
        ("p5505+", "daiminkan", "5550p", "5p", 1),
        ("z2222=", "daiminkan", "2222z", "2z", 2),
        ("m505+5", "shouminkan", "5550m", "5m", 1),
        ("z111=1", "shouminkan", "1111z", "1z", 2),
        ("p777-7", "shouminkan", "7777p", "7p", 3),
        ("s5550", "ankan", "5550s", None, None),
        ("z6666", "ankan", "6666z", None, None),
    ],
)
def test_kobalab_meld(text: str, meld_type: str, tiles: str, called: str | None, source: int | None) -> None:
    # ten concealed tiles waiting on 7z, the ron tile, and the meld: 14 tiles
    converted = kobalab.convert_case(kobalab_case(f"m789p123s123z7,{text}", "z7="))
    (meld,) = converted.request["melds"]
    assert meld["type"] == meld_type
    assert sorted(parse_tiles(meld["tiles"])) == sorted(parse_tiles(tiles))
    assert meld.get("called") == called
    assert meld.get("from") == source


@pytest.mark.parametrize("text", ["z12-3", "m135-", "m55+55", "m5-5+5", "m55", "m55555", "m555", "q555="])
def test_kobalab_bad_meld(text: str) -> None:
    with pytest.raises(kobalab.KobalabNotationError):
        kobalab.parse_meld(text)


def test_kobalab_tsumo_with_chi() -> None:
    # hule_given.json case 0: 11 concealed tiles, the drawn 8s written last, chi of 4m from the left
    case = kobalab_case("m345p40677s67s8,m34-0", menfeng=3)
    converted = kobalab.convert_case(case)
    assert converted.request["hand"] == "345m40677p678s"
    assert converted.request["win_tile"] == "8s"
    assert converted.request["tsumo"] is True
    assert "from" not in converted.request
    assert converted.request["seat_wind"] == "N"
    assert converted.request["melds"] == [{"type": "chi", "tiles": "340m", "from": 3, "called": "4m"}]
    assert (converted.winner, converted.discarder) == (3, None)


def test_kobalab_ron_from_the_right() -> None:
    # case 2: West wins on 2s from the right (+), so North (seat 3) pays
    case = kobalab_case(
        "m678p555789s3488",
        "s2+",
        menfeng=2,
        hupai={"lizhi": 1},
        baopai=["m4", "p9"],
        fubaopai=["m1", "s9"],
        jicun={"changbang": 1, "lizhibang": 1},
    )
    request = kobalab.convert_case(case).request
    assert request["hand"] == "678m555789p23488s"
    assert (request["win_tile"], request["tsumo"], request["from"]) == ("2s", False, 1)
    assert (request["dora_indicators"], request["ura_indicators"]) == ("4m9p", "1m9s")
    assert (request["honba"], request["riichi_sticks"], request["riichi"]) == (1, 1, True)
    assert kobalab.convert_case(case).discarder == 3


@pytest.mark.parametrize(
    "hupai, flags",
    [
        ({"lizhi": 2, "yifa": True}, {"riichi": True, "double_riichi": True, "ippatsu": True}),
        ({"haidi": 1}, {"haitei": True}),
        ({"haidi": 2}, {"houtei": True}),
        ({"lingshang": True}, {"rinshan": True}),
        ({"qianggang": True}, {"chankan": True}),
        ({"tianhu": 1}, {"tenhou": True}),
        ({"tianhu": 2}, {"chiihou": True}),
    ],
)
def test_kobalab_situation_flags(hupai: dict[str, Any], flags: dict[str, bool]) -> None:
    request = kobalab.convert_case(kobalab_case("m123456789p11s23s4", None, hupai=hupai)).request
    situational = {"riichi", "double_riichi", "ippatsu", "haitei", "houtei", "rinshan", "chankan", "tenhou"}
    assert {key: value for key, value in request.items() if key in situational | {"chiihou"}} == flags


@pytest.mark.parametrize(
    "shoupai, rongpai",
    [
        ("m123456789p11s2s3", None),  # 13 tiles and no ron tile
        ("m123456789p11s234", "s5="),  # 15 tiles with the ron tile
        ("m123456p11s23s4,m789+", None),  # a chi from the right
        ("m123456789p00s23s4", None),  # two red 5p
        ("m123456789p11s234", None),  # the drawn tile is not written as its own group
        ("m123456789p11s23", "s4"),  # a ron tile without its source mark
    ],
)
def test_kobalab_rejects_malformed_hands(shoupai: str, rongpai: str | None) -> None:
    with pytest.raises(kobalab.KobalabNotationError):
        kobalab.convert_case(kobalab_case(shoupai, rongpai))


def test_kobalab_expected_yakuman_and_fenpei() -> None:
    out = {
        "hupai": [{"name": "四暗刻単騎", "fanshu": "**"}, {"name": "字一色", "fanshu": "*"}],
        "fu": None,
        "fanshu": None,
        "damanguan": 3,
        "defen": 96000,
        "fenpei": [-32000, 96000, -32000, -32000],
    }
    expected = kobalab.expected_of(out)
    assert expected.yaku == (("suuankou_tanki", 26), ("tsuuiisou", 13))
    assert (expected.han, expected.fu, expected.yakuman, expected.points) == (None, None, 3, 96000)


@pytest.mark.parametrize(
    "result, winner, discarder, fenpei",
    [
        ({"payments": {"ron": 1600}, "winner_gain": 2600}, 2, 3, (0, 0, 2600, -1600)),
        (
            {"payments": {"dealer": 2000, "non_dealer": 1000}, "winner_gain": 4000},
            3,
            None,
            (-2000, -1000, -1000, 4000),
        ),
        ({"payments": {"non_dealer": 1000}, "winner_gain": 3000}, 0, None, (3000, -1000, -1000, -1000)),
        ({"payments": {"ron": 12300}, "winner_gain": 13300}, 0, 1, (13300, -12300, 0, 0)),
    ],
)
def test_kobalab_fenpei_of(
    result: dict[str, Any], winner: int, discarder: int | None, fenpei: tuple[int, ...]
) -> None:
    assert kobalab.fenpei_of(result, winner, discarder) == fenpei


def riichienv_case(
    tiles: list[int], win: int, melds: list[dict[str, Any]], **conditions: Any
) -> dict[str, Any]:
    base = {
        "tsumo": False,
        "riichi": False,
        "double_riichi": False,
        "ippatsu": False,
        "haitei": False,
        "houtei": False,
        "rinshan": False,
        "chankan": False,
        "tsumo_first_turn": False,
        "player_wind": 1,
        "round_wind": 0,
        "honba": 0,
        "kita_count": 0,
        "is_sanma": False,
        "num_players": 4,
    }
    return {
        "tiles_136": tiles,
        "melds": melds,
        "win_tile_136": win,
        "dora_indicators": [60],
        "ura_indicators": [],
        "conditions": base | conditions,
        "expected": {"is_win": True, "han": 1, "fu": 30, "yaku": [12]},
    }


def test_riichienv_closed_tsumo() -> None:
    # agari_4p.json case 0: ids 28 29 30 = 8m, 17 = 5m, 88 = red 5s, win 8 = 3m
    tiles = [28, 17, 100, 88, 40, 29, 84, 80, 48, 101, 12, 44, 30]
    converted = riichienv.convert_case(riichienv_case(tiles, 8, [], tsumo=True, riichi=True, player_wind=2))
    request = converted.request
    assert request["hand"] == "345888m234p34088s"
    assert (request["win_tile"], request["tsumo"], request["seat_wind"]) == ("3m", True, "W")
    assert (request["dora_indicators"], request["ruleset"], request["players"]) == ("7p", "mahjong-soul", 4)
    assert request["riichi"] is True


def test_riichienv_meld_sources_from_a_chi() -> None:
    # a chi from seat 2 puts the winner at seat 3: a pon from seat 1 is opposite, seat 0 is on the right
    melds = [
        {"meld_type": "chi", "tiles": [16, 8, 12], "opened": True, "from_who": 2},
        {"meld_type": "pon", "tiles": [124, 125, 126], "opened": True, "from_who": 1},
        {"meld_type": "kakan", "tiles": [36, 37, 38, 39], "opened": True, "from_who": 0},
    ]
    converted = riichienv.convert_case(riichienv_case([40, 41, 44, 48], 42, melds))
    assert converted.seat == 3
    assert converted.request["hand"] == "22234p"
    assert converted.request["melds"] == [
        {"type": "chi", "tiles": "340m", "from": 3, "called": "0m"},
        {"type": "pon", "tiles": "555z", "from": 2, "called": "5z"},
        {"type": "shouminkan", "tiles": "1111p", "from": 1, "called": "1p"},
    ]


def test_riichienv_fourteen_tiles_and_shared_ids() -> None:
    # agari_4p.json case 805: all 14 tiles listed, the win tile id 124 among them
    tiles = [108, 109, 110, 112, 113, 114, 116, 117, 118, 120, 121, 122, 124, 125]
    request = riichienv.convert_case(riichienv_case(tiles, 124, [], tsumo=True)).request
    assert (request["hand"], request["win_tile"]) == ("11122233344455z", "5z")
    # case 803: the win tile id 0 is also in the 13 tiles; both become 1m
    tiles = [0, 32, 36, 68, 72, 104, 108, 112, 116, 120, 124, 128, 132]
    request = riichienv.convert_case(riichienv_case(tiles, 0, [], tsumo=True)).request
    assert (request["hand"], request["win_tile"]) == ("119m19p19s1234567z", "1m")


def test_riichienv_three_players() -> None:
    melds = [{"meld_type": "ankan", "tiles": [48, 49, 50, 51], "opened": False, "from_who": -1}]
    tiles = [36, 37, 38, 72, 73, 74, 76, 77, 78, 0]
    case = riichienv_case(tiles, 1, melds, is_sanma=True, num_players=3, kita_count=2, tsumo=True)
    request = riichienv.convert_case(case).request
    assert (request["players"], request["ruleset"], request["kita"]) == (3, "mahjong-soul-3p", 2)
    assert request["melds"] == [{"type": "ankan", "tiles": "4444p"}]
    with pytest.raises(riichienv.RiichiEnvCaseError):
        riichienv.convert_case(riichienv_case([*tiles[:-1], 4], 5, melds, is_sanma=True, num_players=3))


@pytest.mark.parametrize(
    "from_who, seat, players, source",
    [
        (1, 0, 4, 1),
        (2, 0, 4, 2),
        (3, 0, 4, 3),
        (0, 3, 4, 1),
        (1, 0, 3, 1),
        (2, 0, 3, 2),
        (1, None, 3, 2),
        (0, 2, 3, 1),
        (2, None, 4, 3),
    ],
)
def test_riichienv_relative_source(from_who: int, seat: int | None, players: int, source: int) -> None:
    assert riichienv.relative_source(from_who, seat, players) == source


def test_riichienv_first_turn_tsumo() -> None:
    tiles = [0, 1, 2, 4, 8, 12, 17, 20, 24, 28, 32, 33, 34]
    dealer = riichienv.convert_case(
        riichienv_case(tiles, 18, [], tsumo=True, tsumo_first_turn=True, player_wind=0)
    )
    other = riichienv.convert_case(
        riichienv_case(tiles, 18, [], tsumo=True, tsumo_first_turn=True, player_wind=2)
    )
    assert (dealer.request.get("tenhou"), dealer.request.get("chiihou")) == (True, None)
    assert (other.request.get("tenhou"), other.request.get("chiihou")) == (None, True)


@pytest.mark.parametrize(
    "tiles, melds",
    [
        ([0, 1, 2, 4, 8, 12, 17, 20, 24, 28, 32, 33], []),  # 12 + 1 tiles
        ([0, 1, 2, 4, 8, 12, 16, 52, 88, 100, 32, 33, 60, 61], []),  # 14 tiles without the win tile 8m
        ([0, 1, 2, 4, 8, 12, 16, 52, 88, 100, 32, 33, 60, 61, 62], []),  # 15 tiles
        (
            [0, 1, 2, 4, 8, 12, 16, 17, 24, 28],
            [{"meld_type": "pon", "tiles": [124, 125, 126], "opened": False}],
        ),
        (
            [0, 1, 2, 4, 8, 12, 16, 17, 24, 28],
            [{"meld_type": "kakan", "tiles": [128, 129, 130], "opened": True}],
        ),
    ],
)
def test_riichienv_rejects_malformed_cases(tiles: list[int], melds: list[dict[str, Any]]) -> None:
    with pytest.raises(riichienv.RiichiEnvCaseError):
        riichienv.convert_case(riichienv_case(tiles, 29, melds))


@needs_shared
def test_every_oracle_case_decodes_to_fourteen_tiles() -> None:
    hule = json.loads((ORACLES / "kobalab" / "hule_given.json").read_text(encoding="utf-8"))
    requests = [kobalab.convert_case(case, index).request for index, case in enumerate(hule)]
    for name in ("agari_4p.json", "agari_3p_given.json"):
        cases = json.loads((ORACLES / "riichienv" / name).read_text(encoding="utf-8"))["cases"]
        requests += [riichienv.convert_case(case, index).request for index, case in enumerate(cases)]
    assert len(requests) == 5000 + 816 + 201
    for request in requests:
        melds = request.get("melds", [])
        assert len(parse_tiles(request["hand"])) + 3 * len(melds) == 14, request
        assert parse_tiles(request["win_tile"])[0] >> 2 in {
            tile >> 2 for tile in parse_tiles(request["hand"])
        }
