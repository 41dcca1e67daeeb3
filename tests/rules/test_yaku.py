"""One test per yaku and yakuman (RULES.md §4) with the seed examples of §4.4, each worked out by hand.

Hands go through the JSON request form of the ``score`` command; seat South in an East round unless a case
says otherwise, so winds do not add yaku by accident.
"""

from __future__ import annotations

from typing import Any

import pytest

from game.calculator import score_request


def score(hand: str, win: str, *melds: tuple[str, str, int | None], **fields: Any) -> dict[str, Any]:
    request: dict[str, Any] = {"hand": hand, "win_tile": win, "seat_wind": "S", **fields}
    if melds:
        request["melds"] = [
            {"type": kind, "tiles": tiles} | ({"from": source} if source else {})
            for kind, tiles, source in melds
        ]
    return score_request(request)


def yaku_of(result: dict[str, Any]) -> dict[str, int]:
    assert "error" not in result, result
    return dict(result["yaku"])


# (name, hand, win tile, melds, fields, expected yaku, fu)
CASES: list[tuple[str, str, str, list[tuple[str, str, int | None]], dict[str, Any], dict[str, int], int]] = [
    # §4.4 menzen tsumo: 999p concealed terminal triplet 8 + tsumo 2 -> 30 fu.
    ("menzen_tsumo", "45m123999p234s44z6m", "6m", [], {"tsumo": True}, {"menzen_tsumo": 1}, 30),
    # §4.4 riichi: closed ron 10 + 999p 8 -> 38 -> 40 fu.
    ("riichi", "45m123999p234s44z6m", "6m", [], {"riichi": True, "from": 1}, {"riichi": 1}, 40),
    (
        "double_riichi",
        "45m123999p234s44z6m",
        "6m",
        [],
        {"double_riichi": True, "from": 1},
        {"double_riichi": 2},
        40,
    ),
    (
        "ippatsu",
        "45m123999p234s44z6m",
        "6m",
        [],
        {"riichi": True, "ippatsu": True, "from": 1},
        {"riichi": 1, "ippatsu": 1},
        40,
    ),
    # §4.4 pinfu: ryanmen 56p on 7p, guest-wind-free pair 7s.
    ("pinfu", "234789m56p456s77s7p", "7p", [], {"from": 3}, {"pinfu": 1}, 30),
    ("pinfu_tsumo", "234789m56p456s77s7p", "7p", [], {"tsumo": True}, {"menzen_tsumo": 1, "pinfu": 1}, 20),
    # §4.4 open tanyao: open ron with no fu is 30.
    ("tanyao", "345m66m567p67s5s", "5s", [("chi", "567s", 3)], {"from": 3}, {"tanyao": 1}, 30),
    # §4.4 iipeikou (tsumo 0s into 4566s: kanchan +2, 666m concealed 4, tsumo 2 -> 28 -> 30).
    (
        "iipeikou",
        "11m666789m44566s0s",
        "0s",
        [],
        {"tsumo": True},
        {"menzen_tsumo": 1, "iipeikou": 1, "aka_dora": 1},
        30,
    ),
    (
        "haitei",
        "45m123999p234s44z6m",
        "6m",
        [],
        {"tsumo": True, "haitei": True},
        {"menzen_tsumo": 1, "haitei": 1},
        30,
    ),
    ("houtei", "45m123999p234s44z6m", "6m", [], {"houtei": True, "from": 2}, {"houtei": 1}, 40),
    # Rinshan after an ankan of 2m: tsumo 2 + ankan simple 16 -> 38 -> 40.
    (
        "rinshan",
        "345m456p78s99s6s",
        "6s",
        [("ankan", "2222m", None)],
        {"tsumo": True, "rinshan": True},
        {"menzen_tsumo": 1, "rinshan": 1},
        40,
    ),
    ("chankan", "45m123999p234s44z6m", "6m", [], {"chankan": True, "from": 1}, {"chankan": 1}, 40),
    # §4.4 yakuhai (haku): open haku 4 + tsumo 2 -> 26 -> 30.
    (
        "yakuhai_haku",
        "345m234p05s78s9s",
        "9s",
        [("pon", "555z", 2)],
        {"tsumo": True},
        {"yakuhai_haku": 1, "aka_dora": 1},
        30,
    ),
    (
        "yakuhai_hatsu",
        "345m234p55s78s9s",
        "9s",
        [("pon", "666z", 2)],
        {"tsumo": True},
        {"yakuhai_hatsu": 1},
        30,
    ),
    (
        "yakuhai_chun",
        "345m234p55s78s9s",
        "9s",
        [("pon", "777z", 2)],
        {"tsumo": True},
        {"yakuhai_chun": 1},
        30,
    ),
    (
        "yakuhai_seat_wind",
        "345m234p55s78s9s",
        "9s",
        [("pon", "222z", 2)],
        {"tsumo": True},
        {"yakuhai_seat_wind": 1},
        30,
    ),
    (
        "yakuhai_round_wind",
        "345m234p55s78s9s",
        "9s",
        [("pon", "111z", 2)],
        {"tsumo": True},
        {"yakuhai_round_wind": 1},
        30,
    ),
    # A wind that is both seat and round wind gives two entries.
    (
        "double_east",
        "345m234p55s78s9s",
        "9s",
        [("pon", "111z", 2)],
        {"tsumo": True, "seat_wind": "E"},
        {"yakuhai_seat_wind": 1, "yakuhai_round_wind": 1},
        30,
    ),
    # §4.4 chanta (open): haku concealed 8 + chun pair 2 + kanchan 2 -> 32 -> 40.
    (
        "chanta",
        "13p77z555z2p",
        "2p",
        [("chi", "789s", 3), ("chi", "123s", 3)],
        {"from": 2},
        {"yakuhai_haku": 1, "chanta": 1},
        40,
    ),
    # Closed chanta: 444z concealed 8, 999s opened by the shanpon ron 4, closed ron 10 -> 42 -> 50.
    ("chanta_closed", "123m789p11s999s444z", "9s", [], {"from": 1}, {"chanta": 2}, 50),
    # §4.4 ittsu: pinfu ron, red 5p.
    ("ittsu", "88m67p123456789s0p", "0p", [], {"from": 1}, {"pinfu": 1, "ittsu": 2, "aka_dora": 1}, 30),
    # §4.4 sanshoku (open): with open tanyao.
    (
        "sanshoku",
        "345m66p45s3s",
        "3s",
        [("chi", "345p", 3), ("chi", "678m", 3)],
        {"from": 3},
        {"tanyao": 1, "sanshoku": 1},
        30,
    ),
    # §4.4 sanshoku doukou: 6m, 6p open (2 each), 666s concealed by tsumo 4, tsumo 2 -> 30.
    (
        "sanshoku_doukou",
        "789p99p66s6s",
        "6s",
        [("pon", "666m", 1), ("pon", "666p", 2)],
        {"tsumo": True},
        {"sanshoku_doukou": 2},
        30,
    ),
    # §4.4 toitoi: 444m open 2, hatsu open 4, 999p concealed 8, 666s concealed (tsumo) 4, tsumo 2 -> 40.
    (
        "toitoi",
        "88p999p66s6s",
        "6s",
        [("pon", "444m", 1), ("pon", "666z", 2)],
        {"tsumo": True},
        {"yakuhai_hatsu": 1, "toitoi": 2},
        40,
    ),
    # §4.4 sanankou: 5p shanpon by tsumo keeps the third triplet concealed.
    (
        "sanankou",
        "11m678m05p777p444s5p",
        "5p",
        [],
        {"tsumo": True},
        {"menzen_tsumo": 1, "sanankou": 2, "aka_dora": 1},
        40,
    ),
    # §4.4 sankantsu / [002] fu example: 90 fu.
    (
        "sankantsu",
        "88p66s6s",
        "6s",
        [("daiminkan", "9999p", 1), ("daiminkan", "4444m", 2), ("ankan", "6666z", None)],
        {"tsumo": True},
        {"yakuhai_hatsu": 1, "toitoi": 2, "sankantsu": 2},
        90,
    ),
    # §4.4 honroutou: 1p shanpon ron makes 111p open; toitoi and haku too.
    (
        "honroutou",
        "11p77z555z1p",
        "1p",
        [("pon", "999s", 3), ("pon", "111s", 1)],
        {"from": 2},
        {"yakuhai_haku": 1, "toitoi": 2, "honroutou": 2},
        50,
    ),
    (
        "honroutou_chiitoitsu",
        "1199m1199p11s1122z",
        "2z",
        [],
        {"from": 1},
        {"honroutou": 2, "chiitoitsu": 2},
        25,
    ),
    # §4.4 shousangen.
    (
        "shousangen",
        "33m555z66z3m",
        "3m",
        [("pon", "777z", 1), ("chi", "789p", 3)],
        {"tsumo": True},
        {"yakuhai_haku": 1, "yakuhai_chun": 1, "shousangen": 2},
        40,
    ),
    # §4.4 chiitoitsu.
    ("chiitoitsu", "3355m6m88m99p6699s6m", "6m", [], {"from": 1}, {"chiitoitsu": 2}, 25),
    # §4.4 ryanpeikou (beats chiitoitsu on the same tiles).
    (
        "ryanpeikou",
        "11m667788m44566s0s",
        "0s",
        [],
        {"tsumo": True},
        {"menzen_tsumo": 1, "ryanpeikou": 3, "aka_dora": 1},
        30,
    ),
    # §4.4 honitsu (open): 333s concealed 4, chun open 4, tanki 2, tsumo 2 -> 32 -> 40.
    (
        "honitsu",
        "3334566778s4s",
        "4s",
        [("pon", "777z", 1)],
        {"tsumo": True},
        {"yakuhai_chun": 1, "honitsu": 2},
        40,
    ),
    # §4.4 junchan (open): 999p concealed 8 + kanchan 2 -> 30.
    (
        "junchan",
        "11m13p999p2p",
        "2p",
        [("chi", "789s", 3), ("chi", "123s", 3)],
        {"from": 1},
        {"junchan": 2},
        30,
    ),
    # §4.4 chinitsu (open), 6p read as kanchan in 5_7p: 888p open 2 + kanchan 2 -> 24 -> 30.
    ("chinitsu", "12345566799p", "6p", [("pon", "888p", 1)], {"from": 1}, {"chinitsu": 5}, 30),
    ("chinitsu_closed", "12233456778999p", "5p", [], {"from": 1}, {"chinitsu": 6}, -1),
]


@pytest.mark.parametrize("name, hand, win, melds, fields, yaku, fu", CASES, ids=[case[0] for case in CASES])
def test_yaku(
    name: str,
    hand: str,
    win: str,
    melds: list[tuple[str, str, int | None]],
    fields: dict[str, Any],
    yaku: dict[str, int],
    fu: int,
) -> None:
    result = score(hand, win, *melds, **fields)
    if fu < 0:  # only the named yaku is checked: the hand scores more than that
        assert yaku_of(result).items() >= yaku.items()
        return
    assert yaku_of(result) == yaku
    assert result["fu"] == fu
    assert result["han"] == sum(yaku.values())


YAKUMAN: list[tuple[str, str, str, list[tuple[str, str, int | None]], dict[str, Any], dict[str, int]]] = [
    ("kokushi", "9m19p19s12234567z1m", "1m", [], {"from": 1}, {"kokushi": 13}),
    ("kokushi_13", "19m19p19s1234567z1m", "1m", [], {"from": 1}, {"kokushi_13": 26}),
    ("suuankou", "11m666m05p777p444s5p", "5p", [], {"tsumo": True}, {"suuankou": 13}),
    ("suuankou_tanki", "111m222p333s444z5m5m", "5m", [], {"from": 1}, {"suuankou_tanki": 26}),
    (
        "daisangen",
        "33m555z66z6z",
        "6z",
        [("pon", "777z", 1), ("chi", "789p", 3)],
        {"tsumo": True},
        {"daisangen": 13},
    ),
    (
        "tsuuiisou",
        "1122244z1z",
        "1z",
        [("pon", "777z", 1), ("pon", "666z", 1)],
        {"tsumo": True},
        {"tsuuiisou": 13},
    ),
    ("tsuuiisou_chiitoitsu", "11223344556677z", "7z", [], {"from": 1}, {"tsuuiisou": 13}),
    ("ryuuiisou", "22334s66s888s4s", "4s", [("pon", "666z", 1)], {"tsumo": True}, {"ryuuiisou": 13}),
    ("ryuuiisou_without_hatsu", "22334466688844s", "4s", [], {"tsumo": True}, {"ryuuiisou": 13}),
    (
        "chinroutou",
        "111m11p99p1p",
        "1p",
        [("pon", "999s", 1), ("pon", "111s", 1)],
        {"from": 1},
        {"chinroutou": 13},
    ),
    (
        "shousuushii",
        "23m11122z4m",
        "4m",
        [("pon", "444z", 1), ("pon", "333z", 1)],
        {"tsumo": True},
        {"shousuushii": 13},
    ),
    (
        "daisuushii",
        "11m11122z2z",
        "2z",
        [("pon", "444z", 1), ("pon", "333z", 1)],
        {"tsumo": True},
        {"daisuushii": 26},
    ),
    (
        "suukantsu",
        "6s6s",
        "6s",
        [
            ("ankan", "8888p", None),
            ("daiminkan", "9999p", 1),
            ("daiminkan", "4444m", 2),
            ("ankan", "6666z", None),
        ],
        {"tsumo": True},
        {"suukantsu": 13},
    ),
    ("chuuren", "1112234578999m6m", "6m", [], {"from": 1}, {"chuuren": 13}),
    ("junsei_chuuren", "11123456789995m", "5m", [], {"from": 1}, {"junsei_chuuren": 26}),
    (
        "tenhou",
        "234789m56p456s77s7p",
        "7p",
        [],
        {"tsumo": True, "tenhou": True, "seat_wind": "E"},
        {"tenhou": 13},
    ),
    ("chiihou", "234789m56p456s77s7p", "7p", [], {"tsumo": True, "chiihou": True}, {"chiihou": 13}),
    # Yakuman stack: daisangen + tsuuiisou = double ([001]).
    (
        "stacked",
        "11z555z66z6z",
        "6z",
        [("pon", "777z", 1), ("pon", "222z", 1)],
        {"tsumo": True, "seat_wind": "W"},
        {"daisangen": 13, "tsuuiisou": 13},
    ),
]


@pytest.mark.parametrize("name, hand, win, melds, fields, yaku", YAKUMAN, ids=[case[0] for case in YAKUMAN])
def test_yakuman(
    name: str,
    hand: str,
    win: str,
    melds: list[tuple[str, str, int | None]],
    fields: dict[str, Any],
    yaku: dict[str, int],
) -> None:
    result = score(hand, win, *melds, **fields)
    assert yaku_of(result) == yaku
    multiple = sum(yaku.values()) // 13
    assert result["yakuman"] == multiple
    assert result["han"] == 13 * multiple
    assert result["limit"] == "yakuman"
    dealer = fields.get("seat_wind") == "E"
    assert result["points"] == multiple * (48000 if dealer else 32000)


@pytest.mark.parametrize(
    "ruleset, han",
    [("standard", 26), ("tenhou", 13), ("seed-netmahjong", 13)],
)
def test_double_yakuman_option(ruleset: str, han: int) -> None:
    result = score("19m19p19s1234567z1m", "1m", **{"from": 1, "ruleset": ruleset})
    assert yaku_of(result) == {"kokushi_13": han}
    assert result["yakuman"] == han // 13


def test_yakuman_stacking_off_keeps_the_biggest() -> None:
    result = score(
        "11z555z66z6z", "6z", ("pon", "777z", 1), ("pon", "222z", 1), tsumo=True, seat_wind="W",
        rules={"yakuman_stacking": False},
    )  # fmt: skip
    assert result["yakuman"] == 1
    assert len(result["yaku"]) == 1


def test_suuankou_shanpon_ron_is_sanankou_toitoi() -> None:
    # [000][001]: a shanpon ron opens the fourth triplet.
    result = score("11m666m05p777p444s5p", "5p", **{"from": 1})
    assert yaku_of(result) == {"toitoi": 2, "sanankou": 2, "aka_dora": 1}


def test_ryuuiisou_requires_hatsu_option() -> None:
    result = score("22334466688844s", "4s", tsumo=True, rules={"ryuuiisou_requires_hatsu": True})
    assert result["yakuman"] == 0
    assert yaku_of(result)["chinitsu"] == 6


def test_highest_reading_wins() -> None:
    # RULES.md §4 [001]: 1112223334 + fixed 123p, win 4: sanankou (more fu) beats pinfu + iipeikou.
    result = score("1112223334m4m", "4m", ("chi", "123p", 3), **{"from": 3})
    # Open hand: sanankou 2 (111 222 333 concealed; 4m tanki) vs iipeikou closed-only: sanankou wins.
    assert yaku_of(result) == {"sanankou": 2}
    closed = score("1112223334m4m789p", "4m", riichi=True, **{"from": 3})
    assert yaku_of(closed) == {"riichi": 1, "sanankou": 2}
    assert closed["fu"] == 50  # 20 + 10 + three concealed simple triplets 12 + tanki 2 = 44 -> 50


def test_renhou_values() -> None:
    hand = ("234789m56p456s77s7p", "7p")
    assert yaku_of(score(*hand, renhou=True, **{"from": 3})) == {"pinfu": 1}
    assert yaku_of(score(*hand, renhou=True, rules={"renhou": "mangan"}, **{"from": 3})) == {
        "pinfu": 1,
        "renhou": 5,
    }
    baiman = score(*hand, renhou=True, rules={"renhou": "baiman"}, **{"from": 3})
    assert baiman["limit"] == "baiman"
    yakuman = score(*hand, renhou=True, rules={"renhou": "yakuman"}, **{"from": 3})
    assert yaku_of(yakuman) == {"renhou": 13}


def test_dora_kinds_are_counted_and_listed() -> None:
    result = score(
        "45m123999p234s44z6m",
        "6m",
        riichi=True,
        dora_indicators="3z8p",
        ura_indicators="5m",
        **{"from": 1},
    )
    # 3z -> 4z (pair: 2), 8p -> 9p (triplet: 3), ura 5m -> 6m (1).
    assert yaku_of(result) == {"riichi": 1, "dora": 5, "ura_dora": 1}
    assert result["han"] == 7
    assert result["limit"] == "haneman"


def test_ura_needs_riichi() -> None:
    result = score("45m123999p234s44z6m", "6m", tsumo=True, ura_indicators="5m")
    assert yaku_of(result) == {"menzen_tsumo": 1}


def test_dora_alone_is_no_yaku() -> None:
    result = score("234m456p78s55s9s", "9s", ("chi", "678m", 3), dora_indicators="4p", **{"from": 3})
    assert result == {"error": "no yaku"}


def test_open_tanyao_option() -> None:
    result = score("345m66m567p67s5s", "5s", ("chi", "567s", 3), rules={"kuitan": False}, **{"from": 3})
    assert result == {"error": "no yaku"}


def test_pinfu_tsumo_option() -> None:
    # [002] local option: no pinfu on tsumo; the tsumo 2 fu then counts (22 -> 30 fu).
    result = score("234789m56p456s77s7p", "7p", tsumo=True, rules={"pinfu_tsumo": False})
    assert yaku_of(result) == {"menzen_tsumo": 1}
    assert result["fu"] == 30


def test_kita_three_player() -> None:
    result = score(
        "111999m456p55s78s9s", "9s", tsumo=True, players=3, kita=2, dora_indicators="3z", ruleset="tenhou-3p"
    )
    # kita 2, and with North as dora each kita counts once more as dora.
    assert yaku_of(result) == {"menzen_tsumo": 1, "dora": 2, "kita": 2}
