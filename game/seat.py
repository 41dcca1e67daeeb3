"""The seat protocol: what the table asks of every player, human or AI, and what it tells them."""

from __future__ import annotations

from typing import Protocol

from game.view import SeatView
from rules.actions import Action
from rules.events import Event


class Seat(Protocol):
    """A player at the table; it sees only its own view and its own redacted events."""

    def decide(self, view: SeatView, legal: tuple[Action, ...]) -> Action | None:
        """One of ``legal``, or None for "not yet" (a human seat until the UI posts a choice)."""
        ...

    def observe(self, event: Event) -> None:
        """An event as this seat may see it (redacted by the table)."""
        ...
