"""The per-decision clock: base time per decision, a bank per hand, the bank rebuilt from stored thinking
times, and what a seat whose time ran out plays."""

import pytest

from game.clock import (
    CLOCK_NAMES,
    CLOCK_PRESETS,
    TOURNAMENT_CLOCK,
    DecisionClock,
    clock_from_name,
    clock_name,
    timeout_action,
)
from game.records import Clock
from rules.actions import PASS, Chi, Discard, Ron


def test_the_base_time_comes_first_then_the_bank_which_lasts_the_hand() -> None:
    clock = DecisionClock(5, 20)
    clock.start()
    clock.spend(3)
    assert clock.base_left_s == 2
    assert clock.bank_now_s == 20
    assert clock.answered() == 3000
    clock.start()
    clock.spend(12)  # 5 of base, 7 of bank
    assert clock.base_left_s == 0
    assert clock.bank_now_s == 13
    assert not clock.expired
    clock.answered()
    clock.start()
    clock.spend(5 + 13)
    assert clock.expired
    clock.new_hand()
    clock.start()
    assert clock.bank_now_s == 20
    assert not clock.expired


def test_the_bank_is_rebuilt_from_stored_thinking_times() -> None:
    clock = DecisionClock(5, 20)
    clock.restore([4000, None, 12_500, 9000])  # 7.5 s and 4 s over the base
    assert clock.bank_left_s == pytest.approx(8.5)
    clock.restore([60_000])
    assert clock.bank_left_s == 0


class _View:
    def __init__(self, drawn: int | None) -> None:
        self.drawn = drawn


@pytest.mark.parametrize(
    ("drawn", "legal", "expected"),
    [
        (None, (Ron(), PASS), PASS),
        (None, (Chi((1, 5)), PASS), PASS),
        (40, (Discard(3), Discard(40), Discard(40, riichi=True)), Discard(40)),
        (None, (Discard(3), Discard(9), Discard(9, riichi=True)), Discard(3)),  # after a call: the first
        (None, (Discard(9, riichi=True), Discard(9)), Discard(9)),  # a plain discard, never a riichi
    ],
)
def test_a_seat_out_of_time_passes_or_discards_the_drawn_tile(
    drawn: int | None, legal: tuple[object, ...], expected: object
) -> None:
    view = _View(drawn)
    assert timeout_action(view, legal) == expected  # type: ignore[arg-type]


def test_the_presets_are_named_as_settings_store_them_and_read_back() -> None:
    assert CLOCK_NAMES[0] == "off"
    assert clock_from_name("off") is None
    assert clock_name(None) == "off"
    assert TOURNAMENT_CLOCK in CLOCK_PRESETS, "the tournament's default is one the screens offer"
    for clock in CLOCK_PRESETS:
        assert clock.base_s >= 1
        assert clock_from_name(clock_name(clock)) == clock
    assert clock_name(Clock(5, 20)) == "5+20"
    assert len(set(CLOCK_NAMES)) == len(CLOCK_NAMES) == len(CLOCK_PRESETS) + 1


@pytest.mark.parametrize("name", ["", "5+21", "5 + 20", "On", "OFF", "5"])
def test_a_name_that_is_no_preset_is_refused_by_name(name: str) -> None:
    with pytest.raises(ValueError, match="not a clock"):
        clock_from_name(name)
