"""Turns the table's frames into steps to show: a Show to animate to, how long it takes and what comes with
it.

It keeps what the events imply for the screen but the views do not carry: the physical wall (dice, break,
tiles taken from either end), riichi sticks on the table, hands laid open at the end. Pacing lives here, as
presentation, never in the game layer. Dice are cosmetic and come from the match seed, so a replay looks the
same.
"""

from __future__ import annotations

import dataclasses
import random
from dataclasses import dataclass, field

from game.feed import Frame
from game.terms import (
    AbortiveDraw,
    DoraRevealed,
    Event,
    ExhaustiveDraw,
    FlowerRevealed,
    HandWon,
    KitaDeclared,
    MeldCalled,
    MeldType,
    RiichiAccepted,
    RoundEnded,
    RoundStarted,
    TileDiscarded,
    TileDrawn,
)
from graphics.board import Show, WallState, break_stack_for

WALL_SOURCE = -1  # a step whose new tiles come from the wall

# Seconds at speed 1: long enough to follow, short enough for a hanchan in reasonable time.
DURATION_S = {
    "wall": 0.45,
    "deal": 0.16,
    "draw": 0.16,
    "discard": 0.2,
    "riichi": 0.4,
    "call": 0.32,
    "kita": 0.3,
    "dora": 0.5,
    "reveal": 0.45,
}
HOLD_S = {"dice": 0.7, "discard": 0.12, "call": 0.55, "riichi": 0.55, "dora": 0.25, "draw": 0.05}


@dataclass(frozen=True)
class Step:
    """One thing to show: animate to `show` over `duration_s`, then hold `hold_s` (plus any overlay)."""

    show: Show
    duration_s: float
    hold_s: float = 0.0
    source: int | None = None  # seat whose face-down tiles new sprites come from, or WALL_SOURCE
    label: tuple[int, str] | None = None  # (seat, catalogue key) of a call label
    event: Event | None = None  # the event shown (sounds play when it is shown)
    dice: tuple[int, int] | None = None
    overlay: object | None = None  # an overlay model from graphics/overlays.py


@dataclass
class HandMemory:
    """What one hand has shown so far beyond the views."""

    wall: WallState
    sticks: set[int] = field(default_factory=set)
    open_hands: dict[int, tuple[int, ...]] = field(default_factory=dict)
    hand_number: int = 0


class Presenter:
    """Steps for each frame, given who sits at the bottom and whose concealed tiles may be shown."""

    def __init__(
        self, players: int, red_fives: tuple[int, int, int], seed: int, flowers: bool = False
    ) -> None:
        self.players = players
        self.red_fives = red_fives
        self.flowers = flowers  # 140 tiles (35 stacks a side) and a 9-stack dead wall
        self.seed = seed
        self.memory: HandMemory | None = None
        self.hands_dealt = 0
        self.last_show: Show | None = None

    def dice_for(self, purpose: str) -> tuple[int, int]:
        """Two cosmetic dice for `purpose`, the same in every replay of the match."""
        rng = random.Random(f"{self.seed}:{purpose}")
        return rng.randint(1, 6), rng.randint(1, 6)

    def first_dealer_dice(self) -> tuple[int, int]:
        """Dice whose total, counted counter-clockwise from seat 0, points at seat 0 (the first dealer)."""
        rng = random.Random(f"{self.seed}:first-dealer")
        pairs = [(a, b) for a in range(1, 7) for b in range(1, 7) if (a + b - 1) % self.players == 0]
        return rng.choice(pairs)

    def steps(self, frame: Frame, bottom: int, shown_seats: frozenset[int]) -> list[Step]:
        """The steps that show `frame` with `bottom` at the bottom and `shown_seats` face up."""
        event = frame.event
        if isinstance(event, RoundStarted):
            return self._deal(frame, bottom, shown_seats)
        memory = self.memory
        if memory is None:
            raise ValueError(f"{type(event).__name__} before the hand was dealt")
        source: int | None = None
        label: tuple[int, str] | None = None
        kind = "draw"
        if isinstance(event, TileDrawn):
            if event.rinshan:
                memory.wall = dataclasses.replace(memory.wall, rinshan_drawn=memory.wall.rinshan_drawn + 1)
            else:
                memory.wall = dataclasses.replace(memory.wall, live_drawn=memory.wall.live_drawn + 1)
            source, kind = WALL_SOURCE, "draw"
        elif isinstance(event, TileDiscarded):
            source, kind = event.seat, "riichi" if event.riichi else "discard"
            if event.riichi:
                label = (event.seat, "call.riichi")
        elif isinstance(event, MeldCalled):
            source, kind = event.seat, "call"
            meld_type = event.meld.type
            name = "kan" if meld_type in (MeldType.DAIMINKAN, MeldType.SHOUMINKAN, MeldType.ANKAN) else None
            label = (event.seat, f"call.{name or meld_type.value}")
        elif isinstance(event, KitaDeclared):
            source, kind, label = event.seat, "kita", (event.seat, "call.kita")
        elif isinstance(event, FlowerRevealed):
            source, kind, label = event.seat, "kita", (event.seat, "call.flower")
        elif isinstance(event, DoraRevealed):
            memory.wall = dataclasses.replace(
                memory.wall, indicators=(*memory.wall.indicators, event.indicator)
            )
            kind = "dora"
        elif isinstance(event, RiichiAccepted):
            memory.sticks.add(event.seat)
            kind = "riichi"
        elif isinstance(event, HandWon):
            memory.open_hands[event.seat] = event.hand
            if event.ura_indicators and frame.public.players[event.seat].riichi:
                pass  # the win overlay flips the ura dora beside the winner's hand
            return [
                self._step(frame, bottom, shown_seats, DURATION_S["reveal"], 0.2, event=event, overlay=event)
            ]
        elif isinstance(event, ExhaustiveDraw):
            for seat, hand in enumerate(event.hands):
                if seat in event.tenpai and hand:
                    memory.open_hands[seat] = hand
            return [
                self._step(frame, bottom, shown_seats, DURATION_S["reveal"], 0.2, event=event, overlay=event)
            ]
        elif isinstance(event, AbortiveDraw):
            if event.seat is not None and event.hand:
                memory.open_hands[event.seat] = event.hand
            return [
                self._step(frame, bottom, shown_seats, DURATION_S["reveal"], 0.2, event=event, overlay=event)
            ]
        elif isinstance(event, RoundEnded):
            return [self._step(frame, bottom, shown_seats, 0.0, 0.0, event=event, overlay=event)]
        return [
            self._step(
                frame,
                bottom,
                shown_seats,
                DURATION_S[kind],
                HOLD_S.get(kind, 0.0) + (0.6 if label else 0.0) * 0,
                source=source,
                label=label,
                event=event,
            )
        ]

    def _show(
        self,
        frame: Frame,
        bottom: int,
        shown_seats: frozenset[int],
        dealt: tuple[int, ...] | None = None,
    ) -> Show:
        memory = self.memory
        assert memory is not None
        public = frame.public
        hands: dict[int, tuple[int, ...]] = {}
        drawn: dict[int, int] = {}
        for seat in shown_seats:
            view = frame.views.get(seat)
            if view is not None:
                hands[seat] = view.hand
                if view.drawn is not None:
                    drawn[seat] = view.drawn
        for seat, hand in memory.open_hands.items():
            hands[seat] = hand
        claimable = public.claimable if isinstance(frame.event, TileDiscarded) else None
        show = Show(
            view=public,
            bottom=bottom,
            wall=memory.wall,
            red_fives=self.red_fives,
            hands=hands,
            drawn=drawn,
            dealt=dealt,
            sticks=frozenset(memory.sticks),
            claimable=claimable,
            open_hands=frozenset(memory.open_hands),
        )
        self.last_show = show
        return show

    def _step(
        self,
        frame: Frame,
        bottom: int,
        shown_seats: frozenset[int],
        duration_s: float,
        hold_s: float,
        **extra: object,
    ) -> Step:
        show = self._show(frame, bottom, shown_seats)
        return Step(show, duration_s, hold_s, **extra)  # type: ignore[arg-type]

    def reshow(self, frame: Frame, bottom: int, shown_seats: frozenset[int]) -> Show | None:
        """The current moment again with another bottom seat or other seats face up (privacy changes)."""
        if self.memory is None:
            return None
        return self._show(frame, bottom, shown_seats)

    def _deal(self, frame: Frame, bottom: int, shown_seats: frozenset[int]) -> list[Step]:
        event = frame.event
        assert isinstance(event, RoundStarted)
        n = self.players
        stacks = (68 if n == 4 else 54) + (2 if self.flowers else 0)
        dice = self.dice_for(f"break:{self.hands_dealt}")
        self.hands_dealt += 1
        wall = WallState(
            stacks, break_stack_for(sum(dice), event.dealer, stacks), dead_stacks=9 if self.flowers else 7
        )
        self.memory = HandMemory(wall=wall, hand_number=self.hands_dealt)
        # the built wall and the dice roll, then blocks of four, then the dora indicator turned up
        empty = self._show(frame, bottom, shown_seats, dealt=(0,) * n)
        steps = []
        if self.hands_dealt == 1:  # the match opens with the dice choosing the first dealer
            first = self.first_dealer_dice()
            steps.append(
                Step(
                    empty,
                    DURATION_S["wall"],
                    HOLD_S["dice"] + 0.5,
                    dice=first,
                    label=(0, "table.first_dealer"),
                )
            )
        steps.append(Step(empty, DURATION_S["wall"], HOLD_S["dice"], dice=dice, event=event))
        held = [0] * n
        order = [(event.dealer + i) % n for i in range(n)]
        for block in (4, 4, 4, 1):
            for seat in order:
                held[seat] += block
                self.memory.wall = dataclasses.replace(
                    self.memory.wall, live_drawn=self.memory.wall.live_drawn + block
                )
                show = self._show(frame, bottom, shown_seats, dealt=tuple(held))
                steps.append(Step(show, DURATION_S["deal"], 0.0, source=WALL_SOURCE))
        self.memory.wall = dataclasses.replace(self.memory.wall, indicators=(event.dora_indicator,))
        show = self._show(frame, bottom, shown_seats)
        steps.append(Step(show, DURATION_S["dora"], HOLD_S["dora"]))
        return steps
