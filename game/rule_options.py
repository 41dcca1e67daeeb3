"""The main rule options a setup screen offers as switches, read from a rule set and applied to a preset.

Switching an option keeps the options that depend on it consistent (no ura dora means no kan ura either), so
no impossible rule set can be built from the switches.
"""

from __future__ import annotations

from collections.abc import Mapping

from rules.ruleset import LOCAL_YAKU, RuleSet, preset

OPTIONS = ("red_fives", "kuitan", "double_ron", "ura_dora", "bust", "local_yaku")


def option_values(rules: RuleSet) -> dict[str, bool]:
    """The main options as a rule set has them (the switches a setup screen shows).

    >>> option_values(preset("standard"))["local_yaku"]
    False
    """
    return {
        "red_fives": any(rules.red_fives),
        "kuitan": rules.kuitan,
        "double_ron": rules.double_ron,
        "ura_dora": rules.ura_dora,
        "bust": rules.bust,
        "local_yaku": any(getattr(rules, name) for name in LOCAL_YAKU),
    }


def build_rules(preset_name: str, game_length: str, options: Mapping[str, bool]) -> RuleSet:
    """The preset with the chosen length and switches; options that depend on a switched-off one follow it."""
    base = preset(preset_name)
    changes: dict[str, object] = {"game_length": game_length}
    if options["red_fives"] != any(base.red_fives):
        # on: one red five per suit the game uses (three players have no 5m: 2-8 man are out of the wall)
        red = (0, 1, 1) if base.players == 3 else (1, 1, 1)
        changes["red_fives"] = list(red) if options["red_fives"] else [0, 0, 0]
        changes["chip_red"] = base.chip_red and options["red_fives"]
    if options["kuitan"] != base.kuitan:
        changes["kuitan"] = options["kuitan"]
    if options["double_ron"] != base.double_ron:
        changes["double_ron"] = options["double_ron"]
        # without double ron, three rons cannot all win either: the nearest takes it (atamahane)
        if not options["double_ron"] and base.triple_ron in ("all", "two_earliest"):
            changes["triple_ron"] = "atamahane"
    if options["ura_dora"] != base.ura_dora:
        changes["ura_dora"] = options["ura_dora"]
        changes["kan_ura"] = base.kan_ura and options["ura_dora"]
        changes["chip_ura"] = base.chip_ura and options["ura_dora"]
    if options["bust"] != base.bust:
        changes["bust"] = options["bust"]
    if options["local_yaku"] != option_values(base)["local_yaku"]:
        for name in LOCAL_YAKU:
            changes[name] = options["local_yaku"]
    return base.with_overrides(changes)
