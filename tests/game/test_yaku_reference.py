"""The yaku reference examples: one per yaku, valid hands, and each scores with its yaku at the stated han."""

from __future__ import annotations

import dataclasses

import pytest

from game.yaku_reference import (
    EXAMPLES,
    OPEN_EXAMPLES,
    WITHOUT_EXAMPLE,
    YakuExample,
    example_for,
    example_rules,
    example_tiles,
    open_example_for,
    score_example,
)
from rules.ruleset import LOCAL_YAKU, preset
from rules.scoring import YAKU_ORDER, YAKUMAN_IDS, HandError
from rules.tiles import KIND_COUNT, NotationError, parse_kinds

ALL = EXAMPLES + OPEN_EXAMPLES
DORA_IDS = ("dora", "aka_dora", "ura_dora", "kita")


def _id(example: YakuExample) -> str:
    return f"{example.yaku}{'-open' if example.is_open else ''}"


def _kinds(text: str) -> list[int]:
    return [kind for kind, _ in parse_kinds(text)]


def test_one_example_per_yaku_in_yaku_order() -> None:
    assert [example.yaku for example in EXAMPLES] == [
        yaku for yaku in YAKU_ORDER if yaku not in WITHOUT_EXAMPLE
    ]
    assert set(WITHOUT_EXAMPLE) <= set(YAKU_ORDER)


def test_example_for_finds_each_and_explains_the_rest() -> None:
    for example in EXAMPLES:
        assert example_for(example.yaku) is example
    with pytest.raises(KeyError, match="no winning hand"):
        example_for("nagashi_mangan")
    with pytest.raises(KeyError, match="not a yaku id"):
        example_for("sanma")


def test_examples_are_distinct() -> None:
    shapes = [(example.hand, example.melds) for example in ALL]
    assert len(set(shapes)) == len(shapes)


def test_open_examples_are_open_and_add_to_a_closed_reference() -> None:
    for example in OPEN_EXAMPLES:
        assert example.is_open, example.yaku
        assert not example_for(example.yaku).is_open, example.yaku


@pytest.mark.parametrize("example", ALL, ids=_id)
def test_hand_is_valid(example: YakuExample) -> None:
    hand = _kinds(example.hand)
    melds = [_kinds(meld.split()[1]) for meld in example.melds]
    assert len(hand) + 3 * len(melds) == 14
    counts = [0] * KIND_COUNT
    for kind in [*hand, *(kind for meld in melds for kind in meld), *_kinds(example.dora_indicators)]:
        counts[kind] += 1
    for kind in _kinds(example.ura_indicators):
        counts[kind] += 1
    assert max(counts) <= 4
    assert len(_kinds(example.win_tile)) == 1
    assert parse_kinds(example.win_tile)[0] in parse_kinds(example.hand)


@pytest.mark.parametrize("example", ALL, ids=_id)
def test_tiles_are_one_id_space(example: YakuExample) -> None:
    tiles = example_tiles(example)
    ids = [*tiles.hand, *(tile for meld in tiles.melds for tile in meld.tiles)]
    ids += [*tiles.dora_indicators, *tiles.ura_indicators]
    assert len(set(ids)) == len(ids)
    assert tiles.win_tile in tiles.hand
    assert len(tiles.melds) == len(example.melds)


@pytest.mark.parametrize("example", ALL, ids=_id)
def test_example_scores_with_its_yaku_at_the_stated_han(example: YakuExample) -> None:
    value = score_example(example, preset("standard"))
    han = dict(value.yaku).get(example.yaku)
    assert han is not None, f"{example.yaku} not in {value.yaku}"
    assert han == (example.han_open if example.is_open else example.han_closed)
    if example.yaku in YAKUMAN_IDS:
        assert value.yakuman >= 1
        assert value.limit == "yakuman"
    else:
        assert value.yakuman == 0


def test_every_yaku_won_open_has_an_open_example() -> None:
    """The open han is shown from a hand, not only stated: each yaku allowed open has an open example."""
    missing = [
        example.yaku
        for example in EXAMPLES
        if example.han_open is not None and open_example_for(example.yaku) is None
    ]
    assert missing == []
    for example in EXAMPLES:
        if example.han_open is None:
            assert open_example_for(example.yaku) is None
            assert not example.is_open, example.yaku


def test_open_and_closed_han_agree_across_examples() -> None:
    for example in OPEN_EXAMPLES:
        main = example_for(example.yaku)
        assert (example.han_closed, example.han_open) == (main.han_closed, main.han_open)


@pytest.mark.parametrize("example", [e for e in ALL if e.yaku not in DORA_IDS], ids=_id)
def test_no_dora_in_yaku_examples(example: YakuExample) -> None:
    """Outside the dora examples the han shown come from yaku (and red fives, which some seed hands hold)."""
    value = score_example(example)
    assert not {name for name, _ in value.yaku} & {"dora", "ura_dora", "kita"}


@pytest.mark.parametrize("yaku", DORA_IDS)
def test_dora_examples_hold_one_and_a_yaku(yaku: str) -> None:
    value = score_example(example_for(yaku))
    names = [name for name, _ in value.yaku]
    assert dict(value.yaku)[yaku] == 1
    assert set(names) - set(DORA_IDS), "dora alone is not a yaku"


@pytest.mark.parametrize("example", [e for e in ALL if e.local], ids=_id)
def test_local_examples_need_their_option(example: YakuExample) -> None:
    """A local yaku is off in the standard rules: the example's overrides are what switch it on."""
    assert example.rules
    plain = dataclasses.replace(example, rules=())
    try:
        value = score_example(plain)
    except HandError:
        return  # nothing else makes it a win
    assert example.yaku not in dict(value.yaku)


def test_local_flags_match_the_rules() -> None:
    for example in EXAMPLES:
        off_by_default = example.yaku in LOCAL_YAKU or example.yaku in ("renhou", "paarenchan", "flower")
        assert example.local == off_by_default, example.yaku
        if not example.local:
            assert dict(example.rules).keys() <= {"players"}, example.yaku


def test_example_rules_switch_on_only_what_is_named() -> None:
    base = preset("tenhou")
    rules = example_rules(example_for("daisharin"), base)
    assert rules.daisharin
    assert dataclasses.replace(rules, daisharin=False) == base
    assert example_rules(example_for("pinfu"), base) is base


def test_kita_example_is_three_player() -> None:
    example = example_for("kita")
    assert example_rules(example).players == 3
    assert all(kind not in range(1, 8) for kind in _kinds(example.hand))


def test_yakuman_values_follow_the_rule_set() -> None:
    """Double yakuman count 26 han under standard rules and 13 where the rule set has none (Tenhou)."""
    assert dict(score_example(example_for("kokushi_13")).yaku)["kokushi_13"] == 26
    assert dict(score_example(example_for("kokushi_13"), preset("tenhou")).yaku)["kokushi_13"] == 13


@pytest.mark.parametrize(
    ("meld", "message"),
    [
        ("pon", "expected '<type> <tiles> \\[<from>\\]'"),
        ("kakan 555z", "unknown meld type 'kakan'"),
        ("ankan 5555z 2", "an ankan is not called from anyone"),
        ("pon 555z 4", "from must be 1, 2 or 3"),
    ],
)
def test_bad_meld_notation_is_explained(meld: str, message: str) -> None:
    example = dataclasses.replace(example_for("yakuhai_haku"), melds=(meld,))
    with pytest.raises(NotationError, match=message):
        example_tiles(example)


def test_win_tile_must_be_in_the_hand() -> None:
    example = dataclasses.replace(example_for("pinfu"), win_tile="1z")
    with pytest.raises(NotationError, match="not one tile of the hand"):
        example_tiles(example)


def test_called_tile_and_source_come_from_the_notation() -> None:
    tiles = example_tiles(example_for("tanyao"))  # "chi 657s": 6s called from the left
    (meld,) = tiles.melds
    assert meld.called is not None
    assert meld.called >> 2 == 18 + 5
    assert meld.from_seat == 3
    haku = example_tiles(example_for("yakuhai_haku")).melds[0]  # "pon 555z 1"
    assert haku.from_seat == 1
    (ankan,) = [meld for meld in example_tiles(example_for("sankantsu")).melds if meld.called is None]
    assert ankan.from_seat is None
