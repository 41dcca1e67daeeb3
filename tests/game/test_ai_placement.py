"""The strong AI's standing before the last hand: what points do for the final place."""

from __future__ import annotations

import pytest

from game.ai.placement import RATIO, Standing


@pytest.mark.parametrize("hands_after", [1, 3, 7])
def test_at_even_scores_every_price_is_its_points(hands_after: int) -> None:
    standing = Standing([25000] * 4, 0, hands_after)
    for points in (1000, 3900, 8000, 12000, 24000):
        assert standing.win(points, 1) == points
        assert standing.loss(2, points, 1) == points


def test_a_leader_prices_deal_ins_above_their_points_and_wins_below() -> None:
    standing = Standing([45000, 25000, 15000, 15000], 0, 3)
    assert standing.win(8000, 0) < 0.7 * 8000
    assert standing.loss(1, 8000, 0) > 1.5 * 8000
    # a deal-in to the seat in second costs more than the same to a seat behind it
    assert standing.loss(1, 12000, 0) > standing.loss(3, 12000, 0)


def test_a_trailing_seat_prices_big_wins_above_their_points_and_deal_ins_below() -> None:
    standing = Standing([10000, 30000, 30000, 30000], 0, 3)
    assert standing.win(12000, 0) > 1.5 * 12000
    assert standing.win(12000, 0) / 12000 > standing.win(2000, 0) / 2000
    assert standing.loss(1, 8000, 0) < 0.8 * 8000


def test_the_tilt_grows_as_the_match_runs_out() -> None:
    scores = [35000, 28000, 20000, 17000]
    early, late = Standing(scores, 0, 7), Standing(scores, 0, 1)
    assert 8000 < early.loss(1, 8000, 0) < late.loss(1, 8000, 0)


def test_prices_are_bounded() -> None:
    standing = Standing([80000, 10000, 5000, 5000], 0, 1)
    assert standing.win(1000, 0) >= RATIO[0] * 1000
    assert standing.loss(1, 48000, 0) <= RATIO[1] * 48000
