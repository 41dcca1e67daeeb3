"""One test per fu rule of RULES.md §5 and the worked examples of §5.4; each total is worked out beside it."""

from __future__ import annotations

from typing import Any

import pytest

from game.calculator import score_request


def fu_of(request: dict[str, Any]) -> int:
    result = score_request({"seat_wind": "S", **request})
    assert "error" not in result, result
    fu: int = result["fu"]
    return fu


CASES: list[tuple[str, dict[str, Any], int]] = [
    # §5.4 [000] example 2: 20 + closed ron 10 + 2p triplet completed by ron = open simple 2 -> 32 -> 40.
    ("000_ex2", {"hand": "22p55p123m456m789s2p", "win_tile": "2p", "from": 1, "riichi": True}, 40),
    # §5.4 [000] example 3: 20 + tsumo 2 + kanchan 2 + 3p concealed 4 + hatsu open kan 16 + 7m closed kan 16.
    (
        "000_ex3",
        {
            "hand": "333p55s13m2m",
            "win_tile": "2m",
            "tsumo": True,
            "melds": [
                {"type": "daiminkan", "tiles": "6666z", "from": 1},
                {"type": "ankan", "tiles": "7777m"},
            ],
        },
        60,
    ),
    # §5.4 [000] example 4: open ron with nothing beyond the base -> 30.
    (
        "000_ex4",
        {
            "hand": "345m66m567p67s5s",
            "win_tile": "5s",
            "from": 3,
            "melds": [{"type": "chi", "tiles": "567s", "from": 3}],
        },
        30,
    ),
    # §5.4 [001] (seat North): penchan 2 + North pair 2 + East open triplet 4 + 7m closed kan 16 -> 50.
    (
        "001_example",
        {
            "hand": "44z12p456s3p",
            "win_tile": "3p",
            "from": 1,
            "seat_wind": "N",
            "melds": [{"type": "pon", "tiles": "111z", "from": 2}, {"type": "ankan", "tiles": "7777m"}],
        },
        50,
    ),
    # §5.4 [002]: 8p pair 0, 6s concealed (tsumo) 4, 9p open kan 16, 4m open kan 8, hatsu ankan 32, tsumo 2.
    (
        "002_example",
        {
            "hand": "88p66s6s",
            "win_tile": "6s",
            "tsumo": True,
            "melds": [
                {"type": "daiminkan", "tiles": "9999p", "from": 1},
                {"type": "daiminkan", "tiles": "4444m", "from": 2},
                {"type": "ankan", "tiles": "6666z"},
            ],
        },
        90,
    ),
    # Base 20 + closed ron 10, ryanmen, no triplets (pinfu) -> 30.
    ("pinfu_ron", {"hand": "234789m56p456s77s7p", "win_tile": "7p", "from": 3}, 30),
    # Pinfu tsumo is always 20 (§5.3).
    ("pinfu_tsumo", {"hand": "234789m56p456s77s7p", "win_tile": "7p", "tsumo": True}, 20),
    # Kanchan +2 on a closed ron: 20 + 10 + 2 = 32 -> 40.
    ("kanchan", {"hand": "234789m57p456s77s6p", "win_tile": "6p", "from": 3, "riichi": True}, 40),
    # Penchan +2: 12p on 3p, 32 -> 40.
    ("penchan", {"hand": "234789m12p456s77s3p", "win_tile": "3p", "from": 3, "riichi": True}, 40),
    # Tanki +2: 32 -> 40.
    ("tanki", {"hand": "234789m456p456s7s7s", "win_tile": "7s", "from": 3, "riichi": True}, 40),
    # Open triplets: 999m terminal 4, haku honor 4, 333m simple 2, tsumo 2, 20 -> 32 -> 40.
    (
        "open_triplets",
        {
            "hand": "55s78s9s",
            "win_tile": "9s",
            "tsumo": True,
            "melds": [
                {"type": "pon", "tiles": "999m", "from": 1},
                {"type": "pon", "tiles": "555z", "from": 2},
                {"type": "pon", "tiles": "333m", "from": 3},
            ],
        },
        40,
    ),
    # Concealed simple triplet 4 + concealed terminal triplet 8 + closed ron 10 + 20 = 42 -> 50.
    ("concealed_triplets", {"hand": "444m999p23455s67s5s", "win_tile": "5s", "from": 1, "riichi": True}, 50),
    # Open kans: simple 8, terminal 16; yaku haku pon 4. 20 + 8 + 16 + 4 = 48 -> 50 (open ron, ryanmen).
    (
        "open_kans",
        {
            "hand": "23p55s4p",
            "win_tile": "4p",
            "from": 1,
            "melds": [
                {"type": "daiminkan", "tiles": "3333m", "from": 1},
                {"type": "shouminkan", "tiles": "9999s", "from": 2},
                {"type": "pon", "tiles": "555z", "from": 3},
            ],
        },
        50,
    ),
    # Closed kans: simple 16, honor 32, tsumo 2, 20 -> 70 (ryanmen, haku ankan is the yaku).
    (
        "closed_kans",
        {
            "hand": "23p55s123m4p",
            "win_tile": "4p",
            "tsumo": True,
            "melds": [{"type": "ankan", "tiles": "3333s"}, {"type": "ankan", "tiles": "5555z"}],
        },
        70,
    ),
    # Dragon pair +2: 20 + 10 + 2 = 32 -> 40 (riichi, ryanmen).
    ("dragon_pair", {"hand": "234789m56p456s77z7p", "win_tile": "7p", "from": 3, "riichi": True}, 40),
    # Seat-wind pair +2 (seat South).
    ("seat_wind_pair", {"hand": "234789m56p456s22z7p", "win_tile": "7p", "from": 3, "riichi": True}, 40),
    # Guest-wind pair 0 (West for a South seat in an East round): pinfu, 30.
    ("guest_wind_pair", {"hand": "234789m56p456s33z7p", "win_tile": "7p", "from": 3}, 30),
    # Double-wind pair 4 (East seat, East round): 20 + 10 + 4 = 34 -> 40.
    (
        "double_wind_pair",
        {"hand": "234789m56p456s11z7p", "win_tile": "7p", "from": 3, "riichi": True, "seat_wind": "E"},
        40,
    ),
    # Chiitoitsu: 25, not rounded.
    ("chiitoitsu", {"hand": "3355m6m88m99p6699s6m", "win_tile": "6m", "from": 1}, 25),
    # Open tsumo with no other fu: 20 + 2 = 22 -> 30.
    (
        "open_tsumo",
        {
            "hand": "345m66m567p67s5s",
            "win_tile": "5s",
            "tsumo": True,
            "melds": [{"type": "chi", "tiles": "567s", "from": 3}],
        },
        30,
    ),
]


@pytest.mark.parametrize("name, request_, fu", CASES, ids=[case[0] for case in CASES])
def test_fu(name: str, request_: dict[str, Any], fu: int) -> None:
    assert fu_of(request_) == fu


def test_double_wind_pair_option() -> None:
    # 20 + tsumo 2 + 222m concealed 4 + tanki 2 + East pair for an East seat in the East round 4 = 32 -> 40;
    # with the 2-fu option it is 30 -> 30.
    tsumo = {"hand": "222m789m456p456s1z1z", "win_tile": "1z", "tsumo": True, "seat_wind": "E"}
    assert fu_of(tsumo) == 40
    assert fu_of({**tsumo, "rules": {"double_wind_pair_fu": 2}}) == 30


def test_open_pinfu_ron_option() -> None:
    request = {
        "hand": "345m66m567p67s5s",
        "win_tile": "5s",
        "from": 3,
        "melds": [{"type": "chi", "tiles": "567s", "from": 3}],
        "rules": {"open_pinfu_ron_30_fu": False},
    }
    assert fu_of(request) == 20


def test_kokushi_and_yakuman_fu_do_not_change_points() -> None:
    result = score_request({"hand": "9m19p19s12234567z1m", "win_tile": "1m", "from": 1, "seat_wind": "S"})
    assert result["points"] == 32000
