"""The practice coach's speed: the panel's numbers for one decision (every discard's shanten, ukeire, waits,
value and danger, and the strong AI's choice), over the decisions of whole hands with four shadowed seats;
and the table's own help at each turn, shown to every player (each discard's shanten, ukeire and waits, with
riichi too when it is legal, and the hand's status: graphics/table_screen.py computes these three).

Targets: coach_ms_p95 under 30 ms on this machine (issue 15); table_advice_ms_p95 under 5 ms.
"""

from __future__ import annotations

import time

from game.advice import discard_advice, hand_status
from game.coach import Coach
from game.table import Table
from game.view import SeatView
from rules.actions import Action, Discard
from rules.events import Event
from rules.ruleset import preset

SEED = 20_261_500
WARMUP_SEED = 20_261_499
HANDS = 8
WARMUP_HANDS = 2  # the AI's one-off set-up and the shanten caches, as a long session has them


class _Coached:
    """A strong AI seat whose coach (a second strong AI, as in a practice game) is timed at every decision."""

    def __init__(self, seed: int, times_ms: list[float], table_ms: list[float]) -> None:
        self.rules = preset("standard")
        self.coach = Coach(self.rules, seed)
        self.times_ms = times_ms
        self.table_ms = table_ms

    def observe(self, event: Event) -> None:
        self.coach.observe(event)

    def decide(self, view: SeatView, legal: tuple[Action, ...]) -> Action | None:
        start = time.perf_counter()
        advice = self.coach.advise(view, legal)
        if len(legal) > 1:
            self.times_ms.append((time.perf_counter() - start) * 1000.0)
        if any(isinstance(action, Discard) for action in legal):  # a turn: what the table screen shows
            start = time.perf_counter()
            discard_advice(view, legal, self.rules)
            if any(isinstance(action, Discard) and action.riichi for action in legal):
                discard_advice(view, legal, self.rules, riichi=True)
            hand_status(view, self.rules)
            self.table_ms.append((time.perf_counter() - start) * 1000.0)
        return advice.choice


def _play(seed: int, hands: int) -> tuple[list[float], list[float]]:
    rules = preset("standard")
    times: list[float] = []
    table_times: list[float] = []
    seats = [_Coached(seed + seat, times, table_times) for seat in range(rules.players)]
    table = Table(rules, list(seats), seed)
    while not table.finished and table.match.hands_played < hands:
        table.step(max_steps=1)
    return times, table_times


def measure() -> tuple[list[float], list[float]]:
    """Milliseconds of every advice with a choice to make, and of the table's help at every turn, over the
    first hands of a match (after warming up on another)."""
    _play(WARMUP_SEED, WARMUP_HANDS)
    return _play(SEED, HANDS)


def _at(ordered: list[float], share: float) -> float:
    return round(ordered[min(len(ordered) - 1, int(len(ordered) * share))], 3)


def run() -> dict[str, float]:
    """coach_ms_p95 (target under 30 ms) and coach_ms_p50; table_advice_ms_p95 (target under 5 ms) and
    table_advice_ms_p50."""
    coach, table = (sorted(times) for times in measure())
    return {
        "coach_ms_p50": _at(coach, 0.5),
        "coach_ms_p95": _at(coach, 0.95),
        "table_advice_ms_p50": _at(table, 0.5),
        "table_advice_ms_p95": _at(table, 0.95),
    }


if __name__ == "__main__":
    for name, value in run().items():
        print(f"{name}={value}")
