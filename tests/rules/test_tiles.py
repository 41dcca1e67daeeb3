"""Tiles and mpsz notation: reading, writing, red fives, dora order and the errors for bad notation."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.tiles import (
    NotationError,
    dora_from_indicator,
    format_tiles,
    is_red,
    kind_name,
    kind_of,
    parse_kinds,
    parse_tile,
    parse_tiles,
    to_counts,
)


def test_kinds_and_ids() -> None:
    assert [kind_name(k) for k in (0, 8, 9, 17, 18, 26, 27, 33)] == [
        "1m",
        "9m",
        "1p",
        "9p",
        "1s",
        "9s",
        "1z",
        "7z",
    ]
    assert kind_of(parse_tile("7z")) == 33
    assert [parse_tile(t) for t in ("0m", "0p", "0s")] == [16, 52, 88]


@pytest.mark.parametrize(
    "text, expected",
    [
        ("123m406p789s11z", "123m406p789s11z"),
        ("11z 789s 406p 123m", "123m406p789s11z"),
        ("5550m", "0555m"),
        ("1234567z", "1234567z"),
    ],
)
def test_round_trip(text: str, expected: str) -> None:
    assert format_tiles(parse_tiles(text)) == expected


def test_red_fives_by_rule() -> None:
    assert is_red(parse_tile("0p"))
    assert not is_red(parse_tile("5p"))
    assert not is_red(parse_tile("0p"), red_fives=(1, 0, 1))
    # Two red 5p (a rule set with two in pinzu) take copies 0 and 1.
    two = parse_tiles("00p")
    assert [is_red(tile, (1, 2, 1)) for tile in two] == [True, True]


@pytest.mark.parametrize(
    "text, message",
    [
        ("123m406p78x9s", "unknown suit 'x' at position 11"),
        ("3333m3m", "5 copies of 3m"),
        ("00000m", "5 copies of 5m"),
        ("8z", "no honor tile 8z at position 1 (honors are 1z-7z)"),
        ("0z", "no honor tile 0z at position 1 (honors are 1z-7z)"),
        ("123", "digits at position 1 have no suit letter"),
        ("m", "suit 'm' at position 1 has no digits before it"),
        ("12 3m", "digits before position 3 have no suit letter"),
    ],
)
def test_bad_notation(text: str, message: str) -> None:
    with pytest.raises(NotationError) as error:
        parse_tiles(text)
    assert str(error.value) == message


def test_parse_tile_needs_one() -> None:
    with pytest.raises(NotationError, match="expected one tile, got 2"):
        parse_tile("12m")


@pytest.mark.parametrize(
    "indicator, dora, three_player",
    [("1m", "2m", False), ("9m", "1m", False), ("9p", "1p", False), ("4z", "1z", False), ("1z", "2z", False),
     ("5z", "6z", False), ("7z", "5z", False), ("1m", "9m", True), ("9m", "1m", True), ("9s", "1s", True)],
)  # fmt: skip
def test_dora_order(indicator: str, dora: str, three_player: bool) -> None:
    assert kind_name(dora_from_indicator(kind_of(parse_tile(indicator)), three_player)) == dora


@given(st.lists(st.integers(min_value=0, max_value=135), min_size=1, max_size=14, unique=True))
def test_format_parse_keeps_kinds_and_reds(ids: list[int]) -> None:
    text = format_tiles(ids)
    again = parse_tiles(text)
    assert to_counts(again) == to_counts(ids)
    assert sum(is_red(t) for t in again) == sum(is_red(t) for t in ids)
    assert [kind for kind, _ in parse_kinds(text)] == sorted(kind_of(t) for t in ids)


def test_flowers_are_written_1f_to_4f_and_have_ids_of_their_own() -> None:
    from rules.tiles import FLOWER_IDS, is_flower, parse_flowers, tile_name

    assert parse_tiles("1234f") == FLOWER_IDS
    assert parse_tiles("5m2f1z") == (19, 137, 111)  # in written order, the flower by its own id
    assert format_tiles((137, 19, 139, 111)) == "5m1z24f"
    assert [tile_name(tile) for tile in FLOWER_IDS] == ["1f", "2f", "3f", "4f"]
    assert parse_flowers("31f") == (138, 136)
    assert is_flower(136)
    assert not is_flower(135)
    # every earlier id and name is unchanged
    assert parse_tiles("0m5m") == (16, 19)
    assert format_tiles(range(136)).count("f") == 0


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("5f", "no flower 5f at position 1"),
        ("0f", "no flower 0f at position 1"),
        ("11f", "flower 1f twice"),
        ("f", "suit 'f' at position 1 has no digits"),
    ],
)
def test_bad_flower_notation_is_one_clear_error(text: str, message: str) -> None:
    with pytest.raises(NotationError, match=message):
        parse_tiles(text)


def test_flowers_are_not_kinds() -> None:
    with pytest.raises(NotationError, match="flowers are set aside"):
        parse_kinds("12m3f")
