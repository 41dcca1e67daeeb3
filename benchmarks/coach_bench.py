"""The practice coach's speed: the panel's numbers for one decision (every discard's shanten, ukeire, waits,
value and danger, and the strong AI's choice), over the decisions of whole hands with four shadowed seats.

Target (issue 15): coach_ms_p95 under 30 ms on this machine.
"""

from __future__ import annotations

import time

from game.coach import Coach
from game.table import Table
from game.view import SeatView
from rules.actions import Action
from rules.events import Event
from rules.ruleset import preset

SEED = 20_261_500
WARMUP_SEED = 20_261_499
HANDS = 8
WARMUP_HANDS = 2  # the AI's one-off set-up and the shanten caches, as a long session has them


class _Coached:
    """A strong AI seat whose coach (a second strong AI, as in a practice game) is timed at every decision."""

    def __init__(self, seed: int, times_ms: list[float]) -> None:
        rules = preset("standard")
        self.coach = Coach(rules, seed)
        self.times_ms = times_ms

    def observe(self, event: Event) -> None:
        self.coach.observe(event)

    def decide(self, view: SeatView, legal: tuple[Action, ...]) -> Action | None:
        start = time.perf_counter()
        advice = self.coach.advise(view, legal)
        if len(legal) > 1:
            self.times_ms.append((time.perf_counter() - start) * 1000.0)
        return advice.choice


def _play(seed: int, hands: int) -> list[float]:
    rules = preset("standard")
    times: list[float] = []
    seats = [_Coached(seed + seat, times) for seat in range(rules.players)]
    table = Table(rules, list(seats), seed)
    while not table.finished and table.match.hands_played < hands:
        table.step(max_steps=1)
    return times


def measure() -> list[float]:
    """Milliseconds of every advice with a choice to make, over the first hands of a match (after warming up
    on another)."""
    _play(WARMUP_SEED, WARMUP_HANDS)
    return _play(SEED, HANDS)


def run() -> dict[str, float]:
    """coach_ms_p95 (target under 30 ms) and coach_ms_p50."""
    times = sorted(measure())
    return {
        "coach_ms_p50": round(times[len(times) // 2], 3),
        "coach_ms_p95": round(times[min(len(times) - 1, int(len(times) * 0.95))], 3),
    }


if __name__ == "__main__":
    for name, value in run().items():
        print(f"{name}={value}")
