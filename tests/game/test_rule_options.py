"""The main rule options as switches: read from each preset, applied one at a time, dependants following."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from game import rule_options
from game.rule_options import OPTIONS, build_rules, option_values
from game.terms import LOCAL_YAKU, PRESET_NAMES, RuleSet, preset

THREE_PLAYER = tuple(name for name in PRESET_NAMES if preset(name).players == 3)
# the field each switch stands for, read back as a bool
READ: dict[str, Callable[[RuleSet], bool]] = {
    "red_fives": lambda rules: any(rules.red_fives),
    "kuitan": lambda rules: rules.kuitan,
    "double_ron": lambda rules: rules.double_ron,
    "ura_dora": lambda rules: rules.ura_dora,
    "bust": lambda rules: rules.bust,
    "local_yaku": lambda rules: bool(rules.enabled_local_yaku()),
}


def _with_base(monkeypatch: pytest.MonkeyPatch, changes: dict[str, object]) -> None:
    """Make every preset come with `changes` applied, as a preset that ships with them would."""
    real = rule_options.preset
    monkeypatch.setattr(rule_options, "preset", lambda name: real(name).with_overrides(changes))


def test_the_switches_are_the_six_main_options() -> None:
    assert OPTIONS == ("red_fives", "kuitan", "double_ron", "ura_dora", "bust", "local_yaku")
    assert set(READ) == set(OPTIONS)


@pytest.mark.parametrize("name", PRESET_NAMES)
def test_switches_read_the_preset(name: str) -> None:
    rules = preset(name)
    assert option_values(rules) == {option: READ[option](rules) for option in OPTIONS}


@pytest.mark.parametrize("name", PRESET_NAMES)
def test_untouched_switches_give_the_preset_back(name: str) -> None:
    base = preset(name)
    assert build_rules(name, base.game_length, option_values(base)) == base
    other = "east" if base.game_length != "east" else "hanchan"
    assert build_rules(name, other, option_values(base)) == base.with_overrides({"game_length": other})


@pytest.mark.parametrize("option", OPTIONS)
@pytest.mark.parametrize("name", PRESET_NAMES)
def test_each_switch_flips_alone_and_back(name: str, option: str) -> None:
    base = preset(name)
    flipped = {**option_values(base), option: not option_values(base)[option]}
    rules = build_rules(name, base.game_length, flipped)
    assert option_values(rules) == flipped, "only the flipped switch changed"
    assert READ[option](rules) is flipped[option]
    assert (rules.players, rules.uma, rules.start_points, rules.name) == (
        base.players,
        base.uma,
        base.start_points,
        base.name,
    )
    assert build_rules(name, base.game_length, option_values(base)) == base, "switched back: the preset"


@pytest.mark.parametrize("name", PRESET_NAMES)
def test_everything_off(name: str) -> None:
    rules = build_rules(name, "east", dict.fromkeys(OPTIONS, False))
    assert rules.red_fives == (0, 0, 0)
    assert not rules.chip_red, "no red five, no chip for one"
    assert rules.kuitan is False
    assert rules.double_ron is False
    assert rules.ura_dora is False
    assert rules.bust is False
    assert rules.enabled_local_yaku() == ()
    assert rules.game_length == "east"


@pytest.mark.parametrize("name", PRESET_NAMES)
def test_ura_dora_off_takes_kan_ura_and_its_chips_with_it(name: str) -> None:
    base = preset(name)
    rules = build_rules(name, base.game_length, {**option_values(base), "ura_dora": False})
    assert (rules.ura_dora, rules.kan_ura, rules.chip_ura) == (False, False, False)
    assert rules.kan_dora == base.kan_dora, "kan dora is not ura dora"


@pytest.mark.parametrize("name", PRESET_NAMES)
def test_double_ron_off_leaves_no_triple_ron_that_needs_it(name: str) -> None:
    base = preset(name)
    rules = build_rules(name, base.game_length, {**option_values(base), "double_ron": False})
    assert rules.double_ron is False
    expected = "atamahane" if base.triple_ron in ("all", "two_earliest") else base.triple_ron
    assert rules.triple_ron == expected


def test_triple_ron_all_becomes_atamahane() -> None:
    assert preset("mahjong-soul").triple_ron == "all"
    options = {**option_values(preset("mahjong-soul")), "double_ron": False}
    assert build_rules("mahjong-soul", "hanchan", options).triple_ron == "atamahane"


@pytest.mark.parametrize("name", THREE_PLAYER)
def test_three_players_never_get_a_red_five_of_characters(name: str) -> None:
    base = preset(name)
    on = build_rules(name, base.game_length, {**option_values(base), "red_fives": True})
    off = build_rules(name, base.game_length, {**option_values(base), "red_fives": False})
    assert on.red_fives == (0, 1, 1)
    assert off.red_fives == (0, 0, 0)


@pytest.mark.parametrize(("name", "red"), [("standard", (1, 1, 1)), ("tenhou-3p", (0, 1, 1))])
def test_red_fives_on_over_a_preset_without_them(
    monkeypatch: pytest.MonkeyPatch, name: str, red: tuple[int, int, int]
) -> None:
    _with_base(monkeypatch, {"red_fives": [0, 0, 0], "chip_red": False})
    rules = build_rules(name, "hanchan", {**option_values(preset(name)), "red_fives": True})
    assert rules.red_fives == red, "one per suit in the wall"
    assert rules.chip_red is False, "a preset without chips for red fives gets none"


def test_local_yaku_switch_turns_every_local_yaku_on_and_off(monkeypatch: pytest.MonkeyPatch) -> None:
    on = build_rules("standard", "hanchan", {**option_values(preset("standard")), "local_yaku": True})
    assert on.enabled_local_yaku() == LOCAL_YAKU
    _with_base(monkeypatch, {LOCAL_YAKU[0]: True})  # a preset with one local yaku reads as switched on
    some = rule_options.preset("standard")
    assert option_values(some)["local_yaku"] is True
    off = build_rules("standard", "hanchan", {**option_values(some), "local_yaku": False})
    assert off.enabled_local_yaku() == ()
