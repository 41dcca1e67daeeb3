"""A rule set in words: every option that sets it apart from the standard rules, as catalogue keys to show.

The game layer holds no texts. Each line names the catalogue keys of its option's name (``rule.<option>``) and
value (``rule.<option>.<choice>`` for a choice, ``rule_value.<kind>`` for a switch, a count of points or
players, the red fives...) with the values to fill in, and a plain fallback for an option or value the
catalogues do not know yet (an option added later), so a screen never shows a raw key. A presentation layer
turns a line into text with ``phrase_text``/``line_text``, passing its own translation function.

Besides the options that differ from the standard rules, a preset's lines include the options its rulebook
states even where they agree with the standard ones (the boxed game's "the dealer keeps the deal after an
abortive draw"), marked ``as_standard``: every option a preset sets is shown.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass

from game.yaku_reference import YakuExample
from rules.ruleset import PRESET_NAMES, RuleSet, preset, preset_options

BASE = "standard"  # the rule set every other one is described against
NOT_OPTIONS = ("name", "extra")  # RuleSet fields that are not rule options

# The sections of the rule options, in RuleSet field order (RULES.md §17.2): each named by its first field; a
# field belongs to the last section starting at or before it.
SECTIONS: tuple[tuple[str, str], ...] = (
    ("game", "players"),
    ("tiles", "red_fives"),
    ("scoring", "kuitan"),
    ("calls", "kuikae"),
    ("draws", "kyuushu_kyuuhai"),
    ("multi_ron", "double_ron"),
    ("pao", "pao"),
    ("penalties", "chombo_payment"),
    ("chips", "chips"),
    ("three_players", "kita_dora"),
)
SECTION_NAMES = tuple(section for section, _ in SECTIONS)

ON = "rule_value.on"
OFF = "rule_value.off"
LINE = "rule_value.line"  # "{name}: {value}"
RED_FIVES = "rule_value.red_fives"  # "{man} · {pin} · {sou}" by suit
NO_CAP = "rule_value.no_cap"  # max_yakuman 0
# how a whole-number option's value reads: the catalogue key and the field it fills
UNIT_KEYS: dict[str, tuple[str, str]] = {
    "points": ("rule_value.points", "points"),
    "players": ("rule_value.players", "count"),
    "tiles": ("rule_value.tiles", "count"),
    "fu": ("rule_value.fu", "fu"),
    "chips": ("rule_value.chips", "count"),
    "yakuman": ("rule_value.yakuman_cap", "count"),
    "number": ("rule_value.number", "number"),
}
UNITS: dict[str, str] = {
    "players": "players",
    "start_points": "points",
    "return_points": "points",
    "honba_ron": "points",
    "honba_tsumo_each": "points",
    "riichi_min_points": "points",
    "noten_payment_total": "points",
    "chip_points": "points",
    "riichi_min_tiles": "tiles",
    "double_wind_pair_fu": "fu",
    "max_yakuman": "yakuman",
    "chip_yakuman_tsumo": "chips",
}


@dataclass(frozen=True)
class Phrase:
    """A catalogue key with the values of its fields, and the text to show if the catalogue lacks the key."""

    key: str
    params: tuple[tuple[str, str], ...] = ()
    fallback: str = ""


@dataclass(frozen=True)
class RuleLine:
    """One option of a rule set in words: its section, name and value.

    ``as_standard``: the standard rules have this value too (the rule set's preset states it explicitly).
    """

    option: str
    section: str
    name: Phrase
    value: Phrase
    as_standard: bool = False


def options() -> tuple[str, ...]:
    """Every rule option: the RuleSet fields, in declaration order."""
    return tuple(field.name for field in dataclasses.fields(RuleSet) if field.name not in NOT_OPTIONS)


def section_of(option: str) -> str:
    """The section an option is listed under (by its place among the RuleSet fields)."""
    order = options()
    place = order.index(option) if option in order else len(order)
    current = SECTIONS[0][0]
    for section, first in SECTIONS:
        if first in order and order.index(first) <= place:
            current = section
    return current


def stated_options(name: str) -> frozenset[str]:
    """The options the preset `name` sets explicitly, also where the standard rules agree (none if no preset).

    >>> sorted(stated_options("mahjong-soul"))
    ['max_yakuman', 'multi_ron_sticks', 'triple_ron']
    """
    if name not in PRESET_NAMES:
        return frozenset()
    # the presets' own override tables: the only record of what a rulebook states that standard also has
    return preset_options(name)


def rule_lines(rules: RuleSet) -> tuple[RuleLine, ...]:
    """Every option of `rules` that differs from the standard rules or that its preset states, in RuleSet
    field order (so grouped by section).

    >>> [line.option for line in rule_lines(preset("mahjong-soul"))]
    ['max_yakuman', 'triple_ron', 'multi_ron_sticks']
    """
    base = preset(BASE)
    stated = stated_options(rules.name)
    lines = []
    for option in options():
        value, standard = getattr(rules, option), getattr(base, option)
        if value != standard or option in stated:
            lines.append(option_line(option, value, as_standard=value == standard))
    return tuple(lines)


def option_line(option: str, value: object, as_standard: bool = False) -> RuleLine:
    """One option and its value in words."""
    return RuleLine(option, section_of(option), option_name(option), option_value(option, value), as_standard)


def option_name(option: str) -> Phrase:
    """An option's name: ``rule.<option>``, else the option id in words ("Chip points")."""
    return Phrase(f"rule.{option}", fallback=option.replace("_", " ").capitalize())


def option_value(option: str, value: object) -> Phrase:
    """An option's value: a switch as on/off, a count with its unit, a choice by its own key."""
    if isinstance(value, bool):
        return Phrase(ON if value else OFF, fallback="on" if value else "off")
    if isinstance(value, int):
        if option == "max_yakuman" and value == 0:
            return Phrase(NO_CAP, fallback="no cap")
        key, field = UNIT_KEYS[UNITS.get(option, "number")]
        return Phrase(key, ((field, f"{value:,}"),), fallback=f"{value:,}")
    if isinstance(value, str):
        choice = f"{option}.{value}"  # rule.<option>.<value>
        return Phrase(f"rule.{choice}", fallback=value.replace("_", " "))
    if option == "red_fives" and isinstance(value, tuple) and len(value) == 3:
        man, pin, sou = (str(count) for count in value)
        return Phrase(RED_FIVES, (("man", man), ("pin", pin), ("sou", sou)), fallback=f"{man}/{pin}/{sou}")
    if isinstance(value, tuple):
        return Phrase("", fallback=" / ".join(str(item) for item in value))
    return Phrase("", fallback=str(value))


def is_on(value: object) -> bool:
    """Whether an option's value switches its feature on: true, a count above 0, a choice other than "off"."""
    if isinstance(value, str):
        return value != "off"
    return bool(value)


def yaku_switch(example: YakuExample, rules: RuleSet) -> RuleLine | None:
    """The option that switches a local or optional yaku's card on (its example's first override) with its
    value under `rules`; None for a card every rule set has.

    >>> from game.yaku_reference import example_for
    >>> yaku_switch(example_for("renhou"), preset("seed-netmahjong")).value.key
    'rule.renhou.baiman'
    """
    if not example.local or not example.rules:
        return None
    option = example.rules[0][0]
    return option_line(option, getattr(rules, option))


def switched_example(example: YakuExample, rules: RuleSet) -> YakuExample:
    """The example as `rules` play it: where they switch its yaku on, its option takes their value (renhou as
    a baiman under the net-mahjong rulebook); else the example unchanged."""
    switch = yaku_switch(example, rules)
    if switch is None:
        return example
    value = getattr(rules, switch.option)
    if not is_on(value):
        return example
    overrides = tuple((option, value if option == switch.option else old) for option, old in example.rules)
    return dataclasses.replace(example, rules=overrides)


Translate = Callable[..., str]


def phrase_text(phrase: Phrase, translate: Translate, known: Callable[[str], bool]) -> str:
    """A phrase as text: ``translate(key, **params)`` when `known(key)`, else the phrase's fallback."""
    if phrase.key and known(phrase.key):
        return translate(phrase.key, **dict(phrase.params))
    return phrase.fallback


def line_text(line: RuleLine, translate: Translate, known: Callable[[str], bool]) -> str:
    """A rule line as one text: "Starting points: 30,000 points"."""
    name, value = (phrase_text(phrase, translate, known) for phrase in (line.name, line.value))
    return translate(LINE, name=name, value=value) if known(LINE) else f"{name}: {value}"
