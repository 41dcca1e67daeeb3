"""The strong AI's sense of the match before its last hand: what a hand's points do for the final place.

A match is ranked by place, not points, and the points of one hand are worth more or less in places as the
scores stand: a deal-in that drops a leader behind the field costs far more than it would at even scores, a
win that cannot lift the last seat past anybody gains little. ``Standing`` reads this from the scores and the
hands still to play. Each other seat's gap to this one is taken to end the match as it is now plus a normal
spread that grows with the hands left (``GAP_SPREAD`` per hand, ``RENCHAN`` more hands than nominal), so the
places this seat is expected to beat are ``sum over the others of Phi(gap / spread)`` (the expected place is
what the level plays for, and it is linear in these pairwise chances).

A change of the scores is then priced in points: its change of places beaten over the places one point moves
at the scores as they are (the local slope), and taken relative to the same change at even scores. At even
scores every price is its points, so the constants the AI was tuned with keep their meaning; only the tilt
of uneven scores is added (bounded by ``RATIO``). The last hand of the match has its own exact rules in the
player (``_placed``, ``_placement_threat``).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

# the spread (sd) of the change of the gap between two seats in one hand: measured over 524 logged hanchan of
# the strong AI against kobalab's (7,810 points, heavy-tailed; seeds 48001 and 9001)
GAP_SPREAD = 7800.0
RENCHAN = 1.33  # hands played per nominal hand in the same logs (10.6 hands a hanchan: repeats and draws)
RATIO = (0.2, 5.0)  # the bounds of a price over its points
TSUMO_SHARE = 0.4  # of a win's chances, the share by tsumo (the rest: ron from any other seat alike)
STEP = 1000.0  # the points moved to read the local slope
SLOPE_FLOOR = 0.25  # the least slope read, as a share of the slope at even scores (a far lead or deficit)


def _normal(x: float) -> float:
    return 0.5 * (1.0 + math.erf(x / math.sqrt(2.0)))


class Standing:
    """One seat's place outlook at the scores of a hand that is not the match's last (see the module)."""

    def __init__(self, scores: Sequence[int], seat: int, hands_after: int) -> None:
        self.scores = [float(score) for score in scores]
        self.seat = seat
        self.spread = GAP_SPREAD * math.sqrt(max(0.5, hands_after * RENCHAN))
        self.base = self.beaten(self.scores)
        # the same seat at even scores (None when the scores are even: then every price is its points)
        self.even = None if len(set(scores)) == 1 else Standing([0] * len(scores), seat, hands_after)
        self.slope = self._slope(self.scores)
        if self.even is not None:
            self.slope = max(self.slope, SLOPE_FLOOR * self.even.slope)
        self._wins: dict[tuple[int, int], float] = {}

    def beaten(self, scores: Sequence[float]) -> float:
        """The number of other seats this one is expected to finish above."""
        mine = scores[self.seat]
        return sum(
            _normal((mine - score) / self.spread) for other, score in enumerate(scores) if other != self.seat
        )

    def _slope(self, scores: Sequence[float]) -> float:
        """Places beaten per point this seat gains from the others evenly."""
        share = STEP / (len(scores) - 1)
        up = [score - share for score in scores]
        down = [score + share for score in scores]
        up[self.seat] = scores[self.seat] + STEP
        down[self.seat] = scores[self.seat] - STEP
        return (self.beaten(up) - self.beaten(down)) / (2 * STEP)

    def _raw_win(self, won: float, sticks: int) -> float:
        others = [seat for seat in range(len(self.scores)) if seat != self.seat]
        paid = won - 1000 * sticks
        total = 0.0
        for payer in [*others, None]:
            scores = list(self.scores)
            scores[self.seat] += won
            for seat in others:
                if payer is None:
                    scores[seat] -= paid / len(others)
                elif seat == payer:
                    scores[seat] -= paid
            share = TSUMO_SHARE if payer is None else (1.0 - TSUMO_SHARE) / len(others)
            total += share * (self.beaten(scores) - self.base)
        return max(0.0, total / self.slope)

    def _raw_loss(self, to: int, lost: float, sticks: int) -> float:
        scores = list(self.scores)
        scores[self.seat] -= lost
        scores[to] += lost + 1000 * sticks
        return max(0.0, (self.base - self.beaten(scores)) / self.slope)

    def win(self, won: float, sticks: int) -> float:
        """What a win of ``won`` points (sticks and honba in) is worth, in points at even scores: averaged
        over a tsumo and a ron from each other seat."""
        if self.even is None or won <= 0:
            return won
        key = (int(won) // 100, sticks)
        found = self._wins.get(key)
        if found is None:
            found = won * _bounded(self._raw_win(won, sticks) / max(1.0, self.even._raw_win(won, sticks)))
            self._wins[key] = found
        return found

    def loss(self, to: int, lost: float, sticks: int) -> float:
        """What dealing ``lost`` points in to seat ``to`` costs (the sticks on the table go to it too), in
        points at even scores."""
        if self.even is None or lost <= 0:
            return lost
        even = max(1.0, self.even._raw_loss(to, lost, sticks))
        return lost * _bounded(self._raw_loss(to, lost, sticks) / even)


def _bounded(ratio: float) -> float:
    return min(RATIO[1], max(RATIO[0], ratio))
