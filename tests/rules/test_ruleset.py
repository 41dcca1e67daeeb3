"""Rule sets: §17.2 options exist with their §17.1 defaults, presets build, and overrides are checked."""

from __future__ import annotations

import dataclasses

import pytest

from rules.ruleset import CHOICES, LOCAL_YAKU, PRESET_NAMES, RuleSet, RuleSetError, preset


def test_presets_named_in_the_issue_exist() -> None:
    assert set(PRESET_NAMES) == {
        "standard", "tenhou", "mahjong-soul", "kobalab", "seed-deluxe", "seed-netmahjong", "tenhou-3p",
        "mahjong-soul-3p",
    }  # fmt: skip


@pytest.mark.parametrize("name", PRESET_NAMES)
def test_preset_builds_and_is_frozen(name: str) -> None:
    rules = preset(name)
    assert rules.name == name
    with pytest.raises(dataclasses.FrozenInstanceError):
        rules.kuitan = False  # type: ignore[misc]


STANDARD_17_1 = {
    "players": 4, "red_fives": (1, 1, 1), "game_length": "hanchan", "start_points": 25000,
    "return_points": 30000, "uma": "10-20", "kuitan": True, "atozuke": True, "pinfu_tsumo": True,
    "open_pinfu_ron_30_fu": True,
    "double_wind_pair_fu": 4, "kiriage_mangan": False, "kazoe_yakuman": True, "yakuman_stacking": True,
    "double_yakuman": True, "renhou": "off", "nagashi_mangan": True, "kokushi_chankan_ankan": True,
    "ryuuiisou_requires_hatsu": False, "kan_dora_timing": "after_discard", "ura_dora": True, "kan_ura": True,
    "riichi_min_tiles": 4, "riichi_min_points": 1000, "riichi_ankan": "waits", "kuikae": "forbidden",
    "ippatsu_cancelled_by_own_ankan": True, "double_ron": True, "triple_ron": "abortive",
    "multi_ron_sticks": "nearest", "renchan": "tenpai", "abortive_dealer": "keep",
    "noten_payment_total": 3000,
    "kyuushu_kyuuhai": True, "suufon_renda": True, "suucha_riichi": True, "suukaikan": True, "pao": "big",
    "chombo_payment": "mangan", "chips": False, "bust": True, "agari_yame": True, "west_extension": True,
    "flowers": False,
}  # fmt: skip


def test_standard_defaults_follow_section_17_1() -> None:
    rules = preset("standard")
    assert {option: getattr(rules, option) for option in STANDARD_17_1} == STANDARD_17_1
    assert rules.enabled_local_yaku() == ()
    assert rules.sanchahou


@pytest.mark.parametrize(
    "name, option, value",
    [
        ("tenhou", "double_yakuman", False),
        ("kobalab", "triple_ron", "abortive"),
        ("mahjong-soul", "triple_ron", "all"),
        ("seed-deluxe", "start_points", 30000),
        ("seed-netmahjong", "renhou", "baiman"),
        ("seed-netmahjong", "suucha_riichi", False),
        ("seed-netmahjong", "abortive_dealer", "pass"),
        ("tenhou-3p", "players", 3),
        ("tenhou-3p", "sanma_tsumo", "loss"),
        ("mahjong-soul-3p", "players", 3),
        ("mahjong-soul-3p", "red_fives", (0, 1, 1)),
    ],
)
def test_preset_choices(name: str, option: str, value: object) -> None:
    assert getattr(preset(name), option) == value


def test_every_local_yaku_is_an_option_off_by_default() -> None:
    for name in LOCAL_YAKU:
        assert getattr(RuleSet(), name) is False


def test_overrides_are_checked() -> None:
    assert RuleSet().with_overrides({"kuitan": False, "red_fives": [0, 2, 1]}).red_fives == (0, 2, 1)
    with pytest.raises(RuleSetError, match="unknown rule option 'tanyao'"):
        RuleSet().with_overrides({"tanyao": False})
    with pytest.raises(RuleSetError, match="option 'start_points' must be a whole number"):
        RuleSet().with_overrides({"start_points": "25000"})
    with pytest.raises(RuleSetError, match="option 'red_fives' must be a list of three whole numbers"):
        RuleSet().with_overrides({"red_fives": [1, 1]})
    with pytest.raises(RuleSetError, match="option 'red_fives' must be three counts from 0 to 4"):
        RuleSet().with_overrides({"red_fives": [1, 9, 1]})
    with pytest.raises(RuleSetError, match="option 'players' must be 3 or 4"):
        RuleSet().with_overrides({"players": 2})
    with pytest.raises(RuleSetError, match="unknown rule set 'house'"):
        preset("house")


@pytest.mark.parametrize("option", sorted(CHOICES))
def test_choice_options_reject_other_values(option: str) -> None:
    with pytest.raises(RuleSetError, match=f"option '{option}' must be one of"):
        RuleSet().with_overrides(
            {option: "no-such-value"} if isinstance(CHOICES[option][0], str) else {option: 3}
        )
