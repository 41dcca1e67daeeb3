"""The strong AI's look ahead: the expected points of a hand over the draws left, through every sequence of
improving draws down to tenpai and the scored value of its waits.

A 3n+1 hand's outlook is a curve: ``curve[t]`` is what the hand is expected to win (chance x points) with
``t`` own draws left. At tenpai the chance comes from the live waits and the ron chances of each go-round;
one step further away, each improving draw leads to the best hand it allows (the one whose own curve is
highest with one draw fewer), and a draw that does not help leaves the hand as it is:

    curve[t] = alive * (sum over improving draws d of p(d) * after_d[t - 1] + (1 - p(improve)) * curve[t - 1])

where ``alive`` is the chance the hand is not ended by another seat before the next draw (lower while a seat
that may be tenpai can win first). With no own draw left, a tenpai hand is worth ``noten``: what tenpai when
the wall runs out takes in noten payments, so a hand that is still one or two steps away late counts its
chance of reaching tenpai by the end as well as its chance of winning. The curves of every
hand met are cached for the decision, so the many discards of one turn share their successors; shanten and
the improving kinds of a hand with the hands one step on that each leaves (``hand.advances``), which depend
on the tiles alone, are cached for the whole process.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from game.ai.hand import advances, fast_shanten

ALIVE = 0.95  # chance that a hand is not ended by another seat between two own draws (no threat in sight)
MAX_HIT = 0.95


class Lookahead:
    """Outlook curves of the 3n+1 hands of one decision (one seat, one set of melds, one table).

    ``tenpai_value(hand)`` gives a tenpai hand's live waits (unseen copies of the waits that win with a yaku)
    and their average value in points; ``ron_factor`` multiplies a tenpai hand's chance per own draw for the
    discards it may ron; ``depth`` is how many steps from tenpai are looked through (further hands get
    ``far(hand, shanten)``, a flat estimate of the curve's last value); ``noten`` is what a hand still tenpai
    when the wall runs out gains (0: none), whether or not it has a yaku, times any chance of reaching the end
    that ``alive`` does not already give.
    """

    def __init__(
        self,
        unseen: Sequence[int],
        draws: int,
        three_player: bool,
        tenpai_value: Callable[[bytes | bytearray], tuple[int, float]],
        ron_factor: float,
        depth: int = 2,
        call_share: float = 0.0,
        others: int = 3,
        alive: float = ALIVE,
        pace: Sequence[float] = (1.0, 1.0, 1.0),
        noten: float = 0.0,
    ) -> None:
        self.unseen = unseen
        self.pool = max(1, sum(unseen))
        self.draws = max(0, draws)
        self.three_player = three_player
        self.tenpai_value = tenpai_value
        self.ron_factor = ron_factor
        self.depth = depth
        self.call_share = call_share  # an open hand may also take a tile from each other seat's discards
        self.others = others
        self.alive = alive  # chance the hand goes on to the next own draw (lower against a tenpai threat)
        # per shanten, how much faster than its strict ukeire a hand moves on (draws that widen its shape,
        # calls a closed hand may still make): measured, not derived
        self.pace = pace
        self.noten = noten
        self._curves: dict[bytes, list[float]] = {}

    def value(self, hand: bytearray, shanten_now: int | None = None) -> float:
        """Expected points of a 3n+1 hand with all the draws left."""
        return self.curve(hand, shanten_now)[self.draws]

    def curve(self, hand: bytes | bytearray, shanten_now: int | None = None) -> list[float]:
        """The hand's outlook for 0..draws own draws left (see the module's doc)."""
        key = bytes(hand)
        found = self._curves.get(key)
        if found is not None:
            return found
        current = fast_shanten(hand, self.three_player) if shanten_now is None else shanten_now
        if current == 0:
            found = self._tenpai_curve(hand)
        elif current <= self.depth:
            found = self._step_curve(hand, current)
        else:
            found = [0.0] * (self.draws + 1)
        self._curves[key] = found
        return found

    def _tenpai_curve(self, hand: bytes | bytearray) -> list[float]:
        live, points = self.tenpai_value(hand)
        curve = [0.0] * (self.draws + 1)
        curve[0] = self.noten  # no own draw left: the wall runs out with the hand tenpai (unless it is ended)
        gain = hit = 0.0
        if live and points > 0:
            hit = min(MAX_HIT, live / self.pool * self.ron_factor)
            gain = hit * points
        keep = self.alive * (1.0 - hit)
        for t in range(1, self.draws + 1):
            curve[t] = gain + keep * curve[t - 1]
        return curve

    def _step_curve(self, hand: bytes | bytearray, current: int) -> list[float]:
        """A hand ``current`` steps from tenpai: each improving draw leads to the best hand it allows."""
        three_player = self.three_player
        draws = self.draws
        unseen = self.unseen
        compared = max(0, draws - 1)  # successors are ranked by their value one draw on
        successors: list[tuple[float, list[float]]] = []
        improve = 0.0
        pace = self.pace[min(current, len(self.pace) - 1)]
        for drawn, after in advances(hand, three_player):
            copies = unseen[drawn]
            if not copies:
                continue
            share = copies / self.pool * pace
            if self.call_share:
                share *= 1.0 + self._callers(hand, drawn) * self.call_share
            improve += share
            best: list[float] | None = None
            for successor in after:
                option = self.curve(successor, current - 1)
                if best is None or option[compared] > best[compared]:
                    best = option
            if best is not None:
                successors.append((share, best))
        if improve > MAX_HIT:
            successors = [(share * MAX_HIT / improve, after) for share, after in successors]
            improve = MAX_HIT
        # mixed[t] is what the successors are worth with t own draws left (summed in the successors' order)
        mixed = [0.0] * draws
        for share, successor_curve in successors:
            mixed = [total + share * value for total, value in zip(mixed, successor_curve, strict=False)]
        curve = [0.0] * (draws + 1)
        alive = self.alive
        stay = alive * (1.0 - min(1.0, improve))
        for t in range(1, draws + 1):
            curve[t] = alive * mixed[t - 1] + stay * curve[t - 1]
        return curve

    def _callers(self, hand: bytes | bytearray, kind: int) -> int:
        """How many other seats could discard ``kind`` into a call that does what drawing it does: all of them
        for a pon, the seat on the left for a chi."""
        if hand[kind] >= 2:
            return self.others
        if kind >= 27:
            return 0
        rank = kind % 9
        low = rank >= 2 and hand[kind - 2] and hand[kind - 1]
        middle = 1 <= rank <= 7 and hand[kind - 1] and hand[kind + 1]
        high = rank <= 6 and hand[kind + 1] and hand[kind + 2]
        return 1 if low or middle or high else 0
