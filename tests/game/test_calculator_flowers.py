"""The score command with flowers (the flowers option): ``"flowers": n`` or the flowers written out, each one
dora; a flower indicator points at the flowers; every misuse is one error line."""

from __future__ import annotations

from typing import Any

import pytest

from game.calculator import score_request

# 222m 888m 345p 789s 66s, a closed tsumo by South: menzen tsumo 1 han, 40 fu (two closed simple triplets).
BASE: dict[str, Any] = {
    "hand": "222888m345p789s66s",
    "win_tile": "6s",
    "tsumo": True,
    "seat_wind": "S",
    "ruleset": "seed-deluxe",
}


def yaku(result: dict[str, Any]) -> dict[str, int]:
    return dict(result["yaku"])


@pytest.mark.parametrize("flowers", [2, "13f", "42f"])
def test_each_flower_is_one_dora(flowers: object) -> None:
    result = score_request({**BASE, "flowers": flowers})
    assert yaku(result) == {"menzen_tsumo": 1, "flower": 2}
    assert (result["han"], result["fu"], result["points"]) == (3, 40, 5200)


def test_no_flowers_no_flower_dora() -> None:
    assert yaku(score_request(BASE)) == {"menzen_tsumo": 1}
    assert yaku(score_request({**BASE, "flowers": 0})) == {"menzen_tsumo": 1}


def test_a_flower_indicator_points_at_the_flowers_set_aside() -> None:
    # 1f and 2f set aside, 3f turned as the dora indicator: 2 flowers + 2 dora = mangan with menzen tsumo.
    result = score_request({**BASE, "flowers": "12f", "dora_indicators": "3f"})
    assert yaku(result) == {"menzen_tsumo": 1, "dora": 2, "flower": 2}
    assert result["limit"] == "mangan"


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"flowers": 5}, "field 'flowers' must be a whole number from 0 to 4"),
        ({"flowers": True}, "field 'flowers' must be a whole number from 0 to 4"),
        ({"flowers": "5f"}, "flowers: no flower 5f"),
        ({"flowers": "11f"}, "flowers: flower 1f twice"),
        ({"flowers": "1f2m"}, "not flowers"),
        ({"flowers": "3f", "dora_indicators": "3f"}, "3f is also a dora indicator"),
        ({"hand": "222888m345p789s6s1f"}, "hand: a flower (1f-4f) at position 19"),
        ({"ruleset": "standard", "flowers": 1}, "flowers are set aside only with the flowers option"),
    ],
)
def test_misuse_is_one_error_line(change: dict[str, Any], message: str) -> None:
    result = score_request({**BASE, **change})
    assert set(result) == {"error"}
    assert message in result["error"]
    assert "\n" not in result["error"]
