"""Simple seats for tests, fuzzing and benchmarks: random, scripted, tsumogiri and greedy-shanten players.

Each keeps its own ``random.Random``; none looks at anything but its view and the legal list.
"""

from __future__ import annotations

import random
from collections.abc import Iterable

from game.view import SeatView
from rules.actions import (
    PASS,
    Action,
    Ankan,
    Chi,
    Daiminkan,
    Discard,
    Flower,
    Kita,
    Kyuushu,
    Pon,
    Ron,
    Shouminkan,
    Tsumo,
)
from rules.events import Event
from rules.shanten import shanten


class RandomSeat:
    """Chooses uniformly among the legal actions."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def decide(self, view: SeatView, legal: tuple[Action, ...]) -> Action | None:
        """A uniformly random legal action."""
        return self.rng.choice(legal)

    def observe(self, event: Event) -> None:
        """Ignores events."""


class ScriptedSeat:
    """Plays a given list of answers in order (None entries mean "not yet"); None once the list runs out."""

    def __init__(self, actions: Iterable[Action | None]) -> None:
        self.script = list(actions)
        self.position = 0
        self.asked: list[tuple[SeatView, tuple[Action, ...]]] = []
        self.events: list[Event] = []

    def decide(self, view: SeatView, legal: tuple[Action, ...]) -> Action | None:
        """The next scripted answer, legal or not."""
        self.asked.append((view, legal))
        if self.position >= len(self.script):
            return None
        answer = self.script[self.position]
        self.position += 1
        return answer

    def observe(self, event: Event) -> None:
        """Keeps every event it is shown (for tests)."""
        self.events.append(event)


class TsumogiriSeat:
    """Never calls or wins: passes every claim and discards the drawn tile (or the first legal discard)."""

    def decide(self, view: SeatView, legal: tuple[Action, ...]) -> Action | None:
        """Pass, else tsumogiri, else the first discard offered."""
        if PASS in legal:
            return PASS
        if view.drawn is not None and Discard(view.drawn) in legal:
            return Discard(view.drawn)
        return next(action for action in legal if isinstance(action, Discard))

    def observe(self, event: Event) -> None:
        """Ignores events."""


class GreedySeat:
    """Plays for the lowest shanten: wins whenever it can, riichi when offered, calls and kans when they do
    not slow the hand (each with a probability, so that every kind of hand turns up in self-play)."""

    def __init__(
        self, seed: int, *, call_rate: float = 0.6, kan_rate: float = 0.8, riichi_rate: float = 0.9
    ) -> None:
        self.rng = random.Random(seed)
        self.call_rate = call_rate
        self.kan_rate = kan_rate
        self.riichi_rate = riichi_rate

    def decide(self, view: SeatView, legal: tuple[Action, ...]) -> Action | None:
        """The greedy choice among ``legal``."""
        for action in legal:
            if isinstance(action, Tsumo | Ron):
                return action
        if Kyuushu() in legal and self.rng.random() < 0.5:
            return Kyuushu()
        kita = [action for action in legal if isinstance(action, Kita | Flower)]
        if kita:
            return kita[0]
        kans = [action for action in legal if isinstance(action, Ankan | Shouminkan)]
        if kans and self.rng.random() < self.kan_rate:
            return self.rng.choice(kans)
        discards = [action for action in legal if isinstance(action, Discard)]
        if discards:
            return self._discard(view, discards)
        return self._claim(view, legal)

    def observe(self, event: Event) -> None:
        """Ignores events."""

    def _discard(self, view: SeatView, discards: list[Discard]) -> Action:
        three_player = view.n == 3
        counts = _counts(view.hand)
        scored: list[tuple[int, Discard]] = []
        for action in discards:
            if action.riichi:
                continue
            counts[action.tile >> 2] -= 1
            scored.append((shanten(counts, three_player=three_player), action))
            counts[action.tile >> 2] += 1
        best = min(value for value, _ in scored)
        choice = self.rng.choice([action for value, action in scored if value == best])
        riichi = Discard(choice.tile, riichi=True)
        if riichi in discards and self.rng.random() < self.riichi_rate:
            return riichi
        return choice

    def _claim(self, view: SeatView, legal: tuple[Action, ...]) -> Action:
        three_player = view.n == 3
        if any(tile >= 136 for tile in view.hand):
            return PASS if PASS in legal else legal[0]  # a flower to set aside first: no reading of the hand
        counts = _counts(view.hand)
        now = shanten(counts, three_player=three_player)
        calls: list[Action] = []
        for action in legal:
            if isinstance(action, Pon | Chi):
                for tile in action.tiles:
                    counts[tile >> 2] -= 1
                # the hand after the call holds 3n+2 tiles: its shanten is that of its best discard
                if shanten(counts, three_player=three_player) < now:
                    calls.append(action)
                for tile in action.tiles:
                    counts[tile >> 2] += 1
            elif isinstance(action, Daiminkan) and self.rng.random() < self.kan_rate:
                calls.append(action)
        if calls and self.rng.random() < self.call_rate:
            return self.rng.choice(calls)
        return PASS if PASS in legal else legal[0]


def _counts(tiles: Iterable[int]) -> list[int]:
    counts = [0] * 34
    for tile in tiles:
        if tile < 136:  # a flower not yet set aside belongs to no kind
            counts[tile >> 2] += 1
    return counts
