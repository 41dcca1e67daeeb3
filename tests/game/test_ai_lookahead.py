"""The strong AI's look-ahead (game/ai/lookahead.py): tenpai curves in closed form, steps from tenpai built on
the hands each improving draw leads to, and the caches keyed on tiles alone."""

from __future__ import annotations

import random

import pytest

from game.ai import hand as hand_module
from game.ai.hand import advances, fast_shanten, improving
from game.ai.lookahead import ALIVE, Lookahead
from game.ai.player import _closed_ids, _distinct_ids
from rules.shanten import shanten
from rules.tiles import parse_tiles, to_counts

POOL = [4] * 34


def _hand(text: str) -> bytearray:
    return bytearray(to_counts(parse_tiles(text)))


def _flat_value(hand: bytes | bytearray) -> tuple[int, float]:
    """Every wait is worth 1000 points: the look-ahead then measures speed alone."""
    waits = improving(hand, False)
    return sum(POOL[kind] for kind in waits), 1000.0


def test_a_tenpai_curve_is_the_closed_form_of_its_draws() -> None:
    look = Lookahead(POOL, 10, False, _flat_value, ron_factor=1.5)
    hand = _hand("123m456p789s1122z")  # shanpon on 1z and 2z: 8 copies counted
    hit = 8 / sum(POOL) * 1.5
    keep = ALIVE * (1 - hit)
    expected = 1000.0 * hit * (1 - keep**10) / (1 - keep)
    assert look.value(hand) == pytest.approx(expected)
    assert look.curve(hand)[0] == 0.0


def test_tenpai_when_the_wall_runs_out_takes_the_noten_payments_with_or_without_a_yaku() -> None:
    look = Lookahead(POOL, 10, False, _flat_value, ron_factor=1.5, noten=2700.0)
    hand = _hand("123m456p789s1122z")
    hit = 8 / sum(POOL) * 1.5
    keep = ALIVE * (1 - hit)
    # won on a draw, or still tenpai (not won, not ended by another seat) when the own draws run out
    expected = 1000.0 * hit * (1 - keep**10) / (1 - keep) + 2700.0 * keep**10
    assert look.value(hand) == pytest.approx(expected)
    assert look.curve(hand)[0] == 2700.0
    # a tenpai that cannot win (no yaku) is still tenpai at the end, if no other seat ends the hand first
    no_yaku = Lookahead(POOL, 10, False, lambda hand: (0, 0.0), ron_factor=1.5, noten=2700.0)
    assert no_yaku.curve(hand) == pytest.approx([2700.0 * ALIVE**t for t in range(11)])


def test_late_in_the_hand_a_one_shanten_hand_is_worth_its_chance_of_tenpai_by_the_end() -> None:
    one_shanten = _hand("23m456p789s1z345s9m")
    no_yaku = lambda hand: (0, 0.0)  # noqa: E731 - waits that can never win
    assert Lookahead(POOL, 3, False, no_yaku, ron_factor=1.5).value(one_shanten) == 0.0
    late = Lookahead(POOL, 3, False, no_yaku, ron_factor=1.5, noten=2700.0)
    # each of three draws may make tenpai (1m or 4m to the 23m, 1z or 9m for a pair: 16 of 136 tiles), and
    # the hand must then last to the end of the wall
    hit = 16 / 136
    reach = sum((ALIVE * (1 - hit)) ** (k - 1) * ALIVE * hit * ALIVE ** (3 - k) for k in range(1, 4))
    assert late.value(one_shanten) == pytest.approx(2700.0 * reach)
    assert Lookahead(POOL, 1, False, no_yaku, ron_factor=1.5, noten=2700.0).value(one_shanten) < late.value(
        one_shanten
    )
    # the noten payments add to what the hand wins, never take from it
    winning = Lookahead(POOL, 3, False, _flat_value, ron_factor=1.5)
    both = Lookahead(POOL, 3, False, _flat_value, ron_factor=1.5, noten=2700.0)
    assert both.value(one_shanten) > winning.value(one_shanten) > 0


def test_a_two_sided_wait_beats_a_closed_one_and_a_one_shanten_is_worth_less_than_its_tenpai() -> None:
    look = Lookahead(POOL, 12, False, _flat_value, ron_factor=1.5)
    wide = _hand("23m456p789s11z345s")  # tenpai on 1m-4m
    narrow = _hand("13m456p789s11z345s")  # tenpai on 2m only
    assert fast_shanten(wide, False) == fast_shanten(narrow, False) == 0
    assert look.value(wide) > look.value(narrow) > 0
    one_shanten = _hand("23m456p789s1z345s9m")
    assert fast_shanten(one_shanten, False) == 1
    assert 0 < look.value(one_shanten) < look.value(wide)


def test_beyond_its_depth_a_hand_is_worth_nothing_to_the_look_ahead() -> None:
    look = Lookahead(POOL, 12, False, _flat_value, ron_factor=1.5, depth=1)
    two_shanten = _hand("23m456p789s1z35s9m9p")
    assert fast_shanten(two_shanten, False) == 2
    assert look.value(two_shanten) == 0.0
    assert Lookahead(POOL, 12, False, _flat_value, ron_factor=1.5, depth=2).value(two_shanten) > 0


def test_pace_speeds_only_the_steps_of_its_shanten() -> None:
    plain = Lookahead(POOL, 12, False, _flat_value, ron_factor=1.5)
    paced = Lookahead(POOL, 12, False, _flat_value, ron_factor=1.5, pace=(1.0, 1.0, 1.6))
    tenpai, one_shanten, two_shanten = (
        _hand("23m456p789s11z345s"),
        _hand("23m456p789s1z345s9m"),
        _hand("23m456p789s1z35s9m9p"),
    )
    assert paced.value(tenpai) == plain.value(tenpai)
    assert paced.value(one_shanten) == plain.value(one_shanten)
    assert paced.value(two_shanten) > 1.3 * plain.value(two_shanten)
    # the chance to improve on a draw is capped as before: a pace never makes a step surer than MAX_HIT
    assert paced.value(two_shanten) < paced.value(one_shanten)


@pytest.mark.parametrize("text", ["123m456p789s1122z", "23m456p789s1z345s9m", "19m19p19s1234567z"])
def test_the_cached_helpers_agree_with_the_engine(text: str) -> None:
    hand = _hand(text)
    assert fast_shanten(hand, False) == shanten(hand)
    current = shanten(hand)
    for kind in range(34):
        if hand[kind] < 4:
            hand[kind] += 1
            lowers = shanten(hand) < current
            hand[kind] -= 1
            assert (kind in improving(hand, False)) == lowers


@pytest.mark.parametrize(
    "text", ["2358m146p2479s117z", "23m456p789s1z345s9m", "1247m3589p2467s5z", "2389m7p"]
)
def test_the_advances_are_every_improving_draw_with_every_discard_that_keeps_the_step(text: str) -> None:
    hand = _hand(text)
    if sum(hand) % 3 == 2:
        hand[max(range(34), key=lambda kind: hand[kind])] -= 1  # a 3n+1 hand
    current = shanten(hand)
    steps = advances(hand, False)
    assert [drawn for drawn, _ in steps] == list(improving(hand, False))
    for drawn, after in steps:
        expected = []
        for discard in range(34):
            following = bytearray(hand)
            following[drawn] += 1
            if following[discard] and discard != drawn:
                following[discard] -= 1
                if shanten(following) < current:
                    expected.append(bytes(following))
        assert list(after) == expected
        assert expected  # an improving draw always has such a discard


def test_the_advances_cache_is_cleared_past_its_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    # an entry holds its successor hands (about 1 KB), so the cache keeps far fewer than the shanten caches
    monkeypatch.setattr(hand_module, "_ADVANCES", {})
    monkeypatch.setattr(hand_module, "_ADVANCES_LIMIT", 3)
    for text in [
        "2358m146p2479s11z",
        "23m456p789s1z345s9m",
        "1247m3589p2467s5z",
        "2389m5678p2s5667z",
        "13m579p2468s1236z",
    ]:
        first = advances(_hand(text), False)
        assert len(hand_module._ADVANCES) <= 4
        assert advances(_hand(text), False) is first  # cached until the next clear


def test_an_open_hand_counts_the_calls_that_would_do_what_a_draw_does() -> None:
    # an open hand's 10 tiles, 1-shanten: pairs of 1z and 9m (a pon from any seat), 23m (a chi from the left)
    hand = _hand("23m456p11z99m5s")
    plain = Lookahead(POOL, 12, False, _flat_value, ron_factor=1.5).value(hand)
    calling = Lookahead(POOL, 12, False, _flat_value, ron_factor=1.5, call_share=0.3).value(hand)
    assert fast_shanten(hand, False) == 1
    assert calling > plain > 0


def test_a_closed_hands_scoring_ids_are_the_distinct_ids_of_its_kinds() -> None:
    # the per-kind shortcut the tenpai values score with gives what _distinct_ids gives, a 5th copy refused
    rng = random.Random(7)
    for _ in range(2000):
        counts = [0] * 34
        for _ in range(rng.choice([1, 4, 7, 10, 13])):
            kind = rng.randrange(34)
            counts[kind] += counts[kind] < 4
        wait = rng.choice([kind for kind in range(34) if counts[kind]] + [rng.randrange(34)])
        tiles = [kind * 4 for kind in range(34) for _ in range(counts[kind])]
        try:
            expected: list[int] | None = _distinct_ids([*tiles, wait * 4 + 3], ())
        except ValueError:
            expected = None
        assert _closed_ids(bytes(counts), wait) == expected
    assert _closed_ids(bytes(to_counts(parse_tiles("1111m"))), 0) is None
