"""The per-decision clock, as online clients keep it: a few seconds for each decision, then a time bank that
lasts the hand; one mechanism (and one set of presets) for tournaments and casual games. A value advanced by
the screen (the game layer keeps no timers); when both run out the seat passes, or discards the drawn tile."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from game.records import Clock
from game.table import default_answer
from game.view import SeatView
from rules.actions import Action

# The clocks the screens offer (seconds per decision + bank per hand), as Tenhou and Mahjong Soul play them.
CLOCK_PRESETS: tuple[Clock, ...] = (Clock(3, 10), Clock(5, 20), Clock(10, 30), Clock(15, 45))
TOURNAMENT_CLOCK = Clock(5, 20)  # a new tournament's clock unless the organiser turns it off
NO_CLOCK = "off"


def clock_name(clock: Clock | None) -> str:
    """A clock as settings and saved choices spell it: "off" or "BASE+BANK".

    >>> clock_name(Clock(5, 20)), clock_name(None)
    ('5+20', 'off')
    """
    return NO_CLOCK if clock is None else f"{clock.base_s}+{clock.bank_s}"


CLOCK_NAMES: tuple[str, ...] = (NO_CLOCK, *(clock_name(clock) for clock in CLOCK_PRESETS))


def clock_from_name(name: str) -> Clock | None:
    """The preset (or None for "off") that ``name`` spells; ValueError naming it when it is none of them.

    >>> clock_from_name("10+30"), clock_from_name("off")
    (Clock(base_s=10, bank_s=30), None)
    """
    if name == NO_CLOCK:
        return None
    for clock in CLOCK_PRESETS:
        if clock_name(clock) == name:
            return clock
    raise ValueError(f"not a clock: {name!r} (expected one of {', '.join(CLOCK_NAMES)})")


@dataclass
class DecisionClock:
    """One person's clock: ``base_s`` per decision, ``bank_s`` per hand; ``spend`` advances it.

    >>> clock = DecisionClock(5, 20)
    >>> clock.spend(8)
    >>> clock.base_left_s, clock.bank_now_s, clock.answered(), clock.bank_left_s
    (0.0, 17.0, 8000, 17.0)
    """

    base_s: float
    bank_s: float
    bank_left_s: float = -1.0  # the bank left in this hand (-1: full)
    used_s: float = 0.0  # spent on the decision in progress

    def __post_init__(self) -> None:
        if self.bank_left_s < 0:
            self.bank_left_s = self.bank_s

    def new_hand(self) -> None:
        """A new hand: the bank is full again."""
        self.bank_left_s = self.bank_s
        self.used_s = 0.0

    def start(self) -> None:
        """A new decision: its base time starts."""
        self.used_s = 0.0

    def spend(self, dt_s: float) -> None:
        """Time passes on the decision in progress."""
        self.used_s += max(0.0, dt_s)

    @property
    def base_left_s(self) -> float:
        """What is left of this decision's base time."""
        return max(0.0, self.base_s - self.used_s)

    @property
    def bank_now_s(self) -> float:
        """What is left of the bank, counting what this decision has taken from it."""
        return max(0.0, self.bank_left_s - max(0.0, self.used_s - self.base_s))

    @property
    def expired(self) -> bool:
        """Whether the decision's base time and the bank are both used up."""
        return self.used_s >= self.base_s + self.bank_left_s

    def answered(self) -> int:
        """The decision was answered: the bank keeps what is left; the thinking time in milliseconds."""
        self.bank_left_s = self.bank_now_s
        elapsed = round(self.used_s * 1000)
        self.used_s = 0.0
        return elapsed

    def restore(self, elapsed_ms: Sequence[int | None]) -> None:
        """Set the bank from the thinking times of this person's answers so far in the hand in play."""
        self.new_hand()
        for elapsed in elapsed_ms:
            if elapsed is not None:
                self.bank_left_s = max(0.0, self.bank_left_s - max(0.0, elapsed / 1000 - self.base_s))


def timeout_action(view: SeatView, legal: Sequence[Action]) -> Action:
    """What a seat whose time ran out does: what the table gives a seat that does not answer (pass a call or
    win, else discard the drawn tile, else the first plain discard)."""
    return default_answer(view.drawn, legal)
