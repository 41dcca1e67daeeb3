"""The human seat: holds the decision the table waits on until the UI posts a choice, and plays the
automatic answers the player switched on (auto-win, no calls, auto-discard after riichi)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from game.view import SeatView
from rules.actions import PASS, Action, Chi, Daiminkan, Discard, Flower, Pon, Ron, Tsumo
from rules.events import Event


@dataclass(frozen=True)
class HumanToggles:
    """The player's automatic answers.

    ``auto_win``: take every tsumo or ron offered. ``no_calls``: pass on a discard when only chi, pon or kan
    is offered (never when ron is). ``auto_discard_after_riichi``: in riichi, discard each drawn tile unless
    there is a choice to make (tsumo, a kan or kita on offer).
    """

    auto_win: bool = False
    no_calls: bool = False
    auto_discard_after_riichi: bool = True


class Shadow(Protocol):
    """Something that follows the seat's play as the seat sees it (the practice coach)."""

    def observe(self, event: Event) -> None:
        """An event as the seat saw it."""
        ...

    def recall(self, view: SeatView, legal: tuple[Action, ...], action: Action) -> None:
        """A decision of the seat taken before a resume."""
        ...


@dataclass(frozen=True)
class Decision:
    """A question the table asked this seat; ``serial`` grows by one with each new question."""

    serial: int
    view: SeatView
    legal: tuple[Action, ...]


class HumanSeat:
    """A seat played through the UI: ``decide`` answers None until ``choose`` posts an offered action.

    The table asks again at every step while the answer is None; the same (view, legal) is the same decision
    (same ``serial``), anything else is a new one.
    """

    def __init__(self, name: str, toggles: HumanToggles | None = None) -> None:
        self.name = name
        self.toggles = toggles if toggles is not None else HumanToggles()
        self.pending: Decision | None = None
        self._serial = 0
        self._choice: Action | None = None
        self.shadow: Shadow | None = None  # told every event and every decision restored (practice)

    def decide(self, view: SeatView, legal: tuple[Action, ...]) -> Action | None:
        """The automatic answer the toggles give, else the UI's choice for this decision, else None."""
        automatic = self.automatic_answer(view, legal)
        if automatic is not None:
            self._settle()
            return automatic
        pending = self.pending
        if pending is None or pending.legal != legal or pending.view != view:
            self._serial += 1
            self.pending = Decision(self._serial, view, legal)
            self._choice = None
            return None
        choice = self._choice
        if choice is not None and choice in legal:
            self._settle()
            return choice
        return None

    @property
    def awaiting_choice(self) -> bool:
        """Whether a decision is pending and the UI has not posted its answer yet."""
        return self.pending is not None and self._choice is None

    def choose(self, action: Action) -> None:
        """Post the answer to the pending decision; ValueError if none is pending or it was not offered."""
        pending = self.pending
        if pending is None:
            raise ValueError(f"{self.name}: no decision is pending for {action}")
        if action not in pending.legal:
            raise ValueError(f"{self.name}: {action} is not offered in decision {pending.serial}")
        self._choice = action

    def observe(self, event: Event) -> None:
        """The hand moved on: any question still held is stale."""
        self._settle()
        if self.shadow is not None:
            self.shadow.observe(event)

    def recall(self, view: SeatView, legal: tuple[Action, ...], action: Action) -> None:
        """A decision of this seat replayed when a match resumes: the shadow follows it."""
        if self.shadow is not None:
            self.shadow.recall(view, legal, action)

    def automatic_answer(self, view: SeatView, legal: tuple[Action, ...]) -> Action | None:
        """What the toggles answer by themselves in this decision, or None when the player must choose."""
        toggles = self.toggles
        wins = [action for action in legal if isinstance(action, Tsumo | Ron)]
        if wins:
            return wins[0] if toggles.auto_win else None
        if (
            toggles.no_calls
            and PASS in legal
            and all(isinstance(a, Chi | Pon | Daiminkan) or a == PASS for a in legal)
        ):
            return PASS
        if toggles.auto_discard_after_riichi and view.players[view.seat].riichi and view.drawn is not None:
            tsumogiri = Discard(view.drawn)
            # Kans and kita are real choices even in riichi (kita is a dora): leave those to the player.
            if legal == (tsumogiri,):
                return tsumogiri
            if len(legal) == 1 and isinstance(legal[0], Flower):  # a drawn flower: nothing else to do
                return legal[0]
        return None

    def _settle(self) -> None:
        self.pending = None
        self._choice = None
