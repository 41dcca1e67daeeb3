"""A rule set in words: every option a preset sets or changes gets a line, with keys, values and fallbacks."""

from __future__ import annotations

import dataclasses

import pytest

from game import rule_text
from game.rule_text import (
    SECTION_NAMES,
    Phrase,
    RuleLine,
    line_text,
    option_line,
    options,
    phrase_text,
    rule_lines,
    section_of,
    stated_options,
    switched_example,
    yaku_switch,
)
from game.terms import CHOICES, LOCAL_YAKU, PRESET_NAMES, RuleSet, preset
from game.yaku_reference import EXAMPLES, example_for, score_example
from rules.ruleset import preset_options

STANDARD = preset("standard")


def other_value(option: str) -> object:
    """A value of `option` that the standard rules do not have (a valid one)."""
    value = getattr(STANDARD, option)
    if option in CHOICES:
        return next(choice for choice in CHOICES[option] if choice != value)
    if isinstance(value, bool):
        return not value
    if option == "players":
        return 3
    if isinstance(value, int):
        return value + 1
    if option == "red_fives":
        return (0, 1, 2)
    raise AssertionError(f"no other value known for {option}")


def test_every_option_is_a_rule_set_field_but_the_name_and_extras() -> None:
    fields = [field.name for field in dataclasses.fields(RuleSet)]
    assert list(options()) == [name for name in fields if name not in ("name", "extra")]


def test_standard_has_no_line() -> None:
    assert rule_lines(STANDARD) == ()


@pytest.mark.parametrize("name", PRESET_NAMES)
def test_every_option_a_preset_sets_or_changes_has_one_line_in_field_order(name: str) -> None:
    rules = preset(name)
    differing = {option for option in options() if getattr(rules, option) != getattr(STANDARD, option)}
    stated = set(preset_options(name))
    lines = rule_lines(rules)
    shown = [line.option for line in lines]
    assert set(shown) == differing | stated
    assert len(shown) == len(set(shown))
    assert shown == sorted(shown, key=list(options()).index)
    for line in lines:
        assert line.as_standard == (line.option not in differing)
        assert line.name.key == f"rule.{line.option}"
        assert line.value.key, f"{name}: {line.option} has no value key"


def test_the_seed_presets_show_what_their_rulebooks_state() -> None:
    deluxe = {line.option: line for line in rule_lines(preset("seed-deluxe"))}
    assert deluxe["start_points"].value == Phrase("rule_value.points", (("points", "30,000"),), "30,000")
    assert deluxe["return_points"].as_standard  # 30000 as in the standard rules, but the rulebook says so
    assert deluxe["oka"].value.key == rule_text.OFF
    assert deluxe["flowers"].value.key == rule_text.ON
    assert deluxe["triple_ron"].value.key == "rule.triple_ron.all"
    for option in ("suukaikan_timing", "abortive_dealer", "kita_dora", "sanma_tsumo", "multi_ron_sticks"):
        assert deluxe[option].as_standard, option
    net = {line.option: line for line in rule_lines(preset("seed-netmahjong"))}
    assert net["renhou"].value.key == "rule.renhou.baiman"
    assert net["riichi_ankan"].value.key == "rule.riichi_ankan.composition"
    assert net["game_length"].value.key == "rule.game_length.east"
    assert net["chips"].value.key == rule_text.ON
    assert not any(line.as_standard for line in net.values())


def test_changed_switches_show_on_top_of_the_preset() -> None:
    rules = preset("seed-deluxe").with_overrides({"kuitan": False, "red_fives": [0, 0, 0]})
    lines = {line.option: line for line in rule_lines(rules)}
    assert lines["kuitan"].value.key == rule_text.OFF
    assert lines["red_fives"].value == Phrase(
        rule_text.RED_FIVES, (("man", "0"), ("pin", "0"), ("sou", "0")), "0/0/0"
    )
    assert "flowers" in lines


@pytest.mark.parametrize("option", options())
def test_any_single_override_gets_a_line_with_a_key_for_its_value(option: str) -> None:
    rules = STANDARD.with_overrides({option: other_value(option)})
    lines = [line for line in rule_lines(rules) if line.option == option]
    assert len(lines) == 1
    line = lines[0]
    assert not line.as_standard
    assert line.section in SECTION_NAMES
    assert line.value.key.startswith(("rule.", "rule_value."))
    assert line.name.fallback
    assert line.value.fallback


def test_numbers_carry_their_unit_and_separators() -> None:
    assert option_line("max_yakuman", 0).value.key == rule_text.NO_CAP
    assert option_line("max_yakuman", 6).value == Phrase("rule_value.yakuman_cap", (("count", "6"),), "6")
    assert option_line("players", 3).value.key == "rule_value.players"
    assert option_line("riichi_min_tiles", 4).value.key == "rule_value.tiles"
    assert option_line("double_wind_pair_fu", 2).value.key == "rule_value.fu"
    assert option_line("chip_yakuman_tsumo", 3).value.key == "rule_value.chips"
    assert option_line("noten_payment_total", 2000).value.params == (("points", "2,000"),)


def test_sections_follow_the_field_groups() -> None:
    assert section_of("players") == "game"
    assert section_of("settlement_rounding") == "game"
    assert section_of("flowers") == "tiles"
    assert section_of("daichisei") == "scoring"
    assert section_of("kuikae") == "calls"
    assert section_of("noten_payment_total") == "draws"
    assert section_of("yakuman_beats_atamahane") == "multi_ron"
    assert section_of("pao_combined_yakuman") == "pao"
    assert section_of("false_call") == "penalties"
    assert section_of("chip_yakuman_tsumo") == "chips"
    assert section_of("sanma_tsumo") == "three_players"
    assert [section for section, _ in rule_text.SECTIONS] == list(SECTION_NAMES)


def test_an_option_unknown_to_the_catalogue_falls_back_to_words() -> None:
    line = option_line("some_future_option", "after_the_call")
    assert line.name == Phrase("rule.some_future_option", fallback="Some future option")

    def nothing_known(key: str) -> bool:
        return False

    def translate(key: str, **params: object) -> str:
        raise AssertionError("nothing is known")

    assert phrase_text(line.name, translate, nothing_known) == "Some future option"
    assert phrase_text(line.value, translate, nothing_known) == "after the call"
    assert line_text(line, translate, nothing_known) == "Some future option: after the call"
    assert phrase_text(option_line("some_flag", True).value, translate, nothing_known) == "on"
    assert phrase_text(option_line("some_count", 12000).value, translate, nothing_known) == "12,000"
    assert phrase_text(Phrase("", fallback="(1, 2)"), translate, nothing_known) == "(1, 2)"


def test_line_text_fills_the_catalogue_templates() -> None:
    catalogue = {
        "rule.start_points": "Starting points",
        "rule_value.points": "{points} points",
        "rule_value.line": "{name}: {value}",
    }

    def translate(key: str, **params: object) -> str:
        return catalogue[key].format(**params)

    line = option_line("start_points", 30000)
    assert line_text(line, translate, catalogue.__contains__) == "Starting points: 30,000 points"


def test_stated_options_only_for_presets() -> None:
    assert stated_options("standard") == frozenset()
    assert stated_options("no-such-preset") == frozenset()
    assert stated_options("seed-deluxe") >= {"flowers", "abortive_dealer", "kita_dora"}
    renamed = dataclasses.replace(preset("seed-deluxe"), name="custom")
    assert "abortive_dealer" not in {line.option for line in rule_lines(renamed)}


# ---- the yaku reference's local and optional yaku


def test_every_local_example_names_the_option_that_switches_it_on() -> None:
    local = [example for example in EXAMPLES if example.local]
    assert {"renhou", "paarenchan", "flower", *LOCAL_YAKU} <= {example.yaku for example in local}
    for example in local:
        switch = yaku_switch(example, STANDARD)
        assert switch is not None, example.yaku
        assert not rule_text.is_on(getattr(STANDARD, switch.option)), f"{example.yaku} is on in standard"
        assert rule_text.is_on(dict(example.rules)[switch.option])
    assert yaku_switch(example_for("riichi"), STANDARD) is None
    assert yaku_switch(example_for("kita"), STANDARD) is None  # a three-player dora, not an option


def test_the_seed_presets_switch_their_local_yaku_on() -> None:
    flower = yaku_switch(example_for("flower"), preset("seed-deluxe"))
    assert isinstance(flower, RuleLine)
    assert (flower.option, flower.value.key) == ("flowers", rule_text.ON)
    renhou = yaku_switch(example_for("renhou"), preset("seed-netmahjong"))
    assert renhou is not None
    assert (renhou.option, renhou.value.key) == ("renhou", "rule.renhou.baiman")
    assert yaku_switch(example_for("renhou"), STANDARD) == option_line("renhou", "off")


def test_a_switched_example_scores_with_the_rule_sets_value() -> None:
    renhou = example_for("renhou")
    assert score_example(renhou).limit == "mangan"
    baiman = switched_example(renhou, preset("seed-netmahjong"))
    assert score_example(baiman).limit == "baiman"
    assert switched_example(renhou, STANDARD) is renhou  # off: the example as it is
    assert switched_example(example_for("riichi"), preset("seed-netmahjong")) is example_for("riichi")
