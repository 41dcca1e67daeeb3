"""The table's events as frames for a screen: each event with the views of every seat the screen may show.

A screen watches some seats (all of them for a spectator, the human seats otherwise). The table tells each
watched seat's observers about an event one seat after another; the feed joins those calls into one ``Frame``
per event.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass

from game.table import Table
from game.view import SeatView
from rules.events import Event, TileDrawn


@dataclass(frozen=True)
class Frame:
    """One event as the screen may show it, with the watched seats' views right after it."""

    event: Event
    views: Mapping[int, SeatView]  # watched seat -> its view after the event

    @property
    def public(self) -> SeatView:
        """A view to read public information from (the lowest watched seat's)."""
        return self.views[min(self.views)]


class TableFeed:
    """Collects frames from a table for the watched seats; the screen pops them as its animator goes idle."""

    def __init__(self, table: Table, seats: Iterable[int]) -> None:
        self.seats = tuple(sorted(set(seats)))
        if not self.seats:
            raise ValueError("a feed needs at least one watched seat")
        self.frames: deque[Frame] = deque()
        self._event: Event | None = None
        self._views: dict[int, SeatView] = {}
        for seat in self.seats:
            table.subscribe(self._observer(seat), seat)

    def _observer(self, seat: int) -> Callable[[Event, SeatView], None]:
        def observe(event: Event, view: SeatView) -> None:
            if seat == self.seats[0]:
                self._event, self._views = event, {}
            # The drawer's own copy of a draw names the tile; other watchers got it hidden.
            if isinstance(event, TileDrawn) and event.seat == seat:
                self._event = event
            self._views[seat] = view
            if seat == self.seats[-1]:
                assert self._event is not None
                self.frames.append(Frame(self._event, dict(self._views)))

        return observe

    def pop(self) -> Frame | None:
        """The oldest frame not shown yet, or None."""
        return self.frames.popleft() if self.frames else None

    def __len__(self) -> int:
        return len(self.frames)
