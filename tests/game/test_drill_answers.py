"""The drills' answers: each wait's shape, read from every way the completed hand splits."""

from __future__ import annotations

import pytest

from game.drill_answers import wait_shapes
from rules.tiles import parse_tiles


def _kind(text: str) -> int:
    return parse_tiles(text)[0] >> 2


@pytest.mark.parametrize(
    ("hand", "wait", "shapes"),
    [
        ("23m456p789s11122z", "1m", ("ryanmen",)),
        ("23m456p789s11122z", "4m", ("ryanmen",)),
        ("13m456p789s11122z", "2m", ("kanchan",)),
        ("12m456p789s11122z", "3m", ("penchan",)),
        ("89m456p789s11122z", "7m", ("penchan",)),
        ("11m456p789s11122z", "1m", ("shanpon",)),
        ("11m456p789s11122z", "2z", ("shanpon",)),
        ("1m456p789s111222z", "1m", ("tanki",)),
        ("1234m456p789s111z", "1m", ("tanki",)),  # nobetan: a tanki on either end
        ("1234m456p789s111z", "4m", ("tanki",)),
        ("2344m456p789s111z", "4m", ("ryanmen", "tanki")),
        ("2344m456p789s111z", "1m", ("ryanmen",)),
        ("1133m5577p99s112z", "2z", ("tanki",)),  # chiitoitsu
        ("19m19p19s1234567z", "1m", ("kokushi",)),
    ],
)
def test_each_wait_has_the_shapes_it_can_complete(hand: str, wait: str, shapes: tuple[str, ...]) -> None:
    assert wait_shapes(hand, _kind(wait)) == shapes


def test_a_tile_that_completes_nothing_has_no_shape() -> None:
    assert wait_shapes("23m456p789s11122z", _kind("5m")) == ()
