"""Saving a match as it is played and resuming it: seats rebuilt from the stored setup, the table restored
from the stored answers, and every new answer written before anyone sees its events.

A resumed match plays on exactly as it would have: walls come from (seed, hand), AI seats from
``ai_seed(match seed, seat)`` and decide from their own view and position, never from a running stream.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from game.ai import create_ai
from game.records import Records, RecordsError, SeatEntry, StoredMatch
from game.seat import Seat
from game.table import RestoreError, Table, derive_seed
from game.view import SeatView
from rules.actions import Action
from rules.events import Event
from rules.match import Standings
from rules.ruleset import RuleSet

HumanFactory = Callable[[int, SeatEntry], Seat]
"""Makes the seat of a person (seat number, stored entry); the screen's human seat, or a scripted one."""


def ai_seed(match_seed: int, seat: int) -> int:
    """The seed of the AI at ``seat`` of a match: the same whenever the match is rebuilt.

    >>> ai_seed(1, 0) == ai_seed(1, 0) != ai_seed(1, 1)
    True
    """
    return derive_seed("ai", match_seed, seat)


class NobodySeat:
    """A seat for a person when a match is only replayed or played by AIs: it is never asked to decide."""

    def decide(self, view: SeatView, legal: tuple[Action, ...]) -> Action | None:
        """Never called while restoring; a live table waits on it forever."""
        return None

    def observe(self, event: Event) -> None:
        """Nothing to remember."""


def build_seats(
    rules: RuleSet, seed: int, entries: Sequence[SeatEntry], human: HumanFactory | None
) -> list[Seat]:
    """The seats of a stored match: AIs from (seed, seat), persons from ``human`` (else never asked)."""
    seats: list[Seat] = []
    for index, entry in enumerate(entries):
        if entry.is_human:
            seats.append(human(index, entry) if human is not None else NobodySeat())
        else:
            seats.append(create_ai(entry.level, rules, ai_seed(seed, index)))
    return seats


class MatchWriter:
    """Writes every answer a table applies, and its result, to the records (subscribe with ``attach``)."""

    def __init__(self, records: Records, match_id: int, table: Table) -> None:
        self.records = records
        self.match_id = match_id
        self.table = table
        self.elapsed_ms: dict[int, int] = {}  # thinking time of the answers about to be applied, by seat
        self.on_finish: list[Callable[[Standings], None]] = []
        # where a failed write goes instead of stopping the table (the screen plays on unsaved); None: raise
        self.on_error: Callable[[RecordsError], None] | None = None
        self.failed = False

    @classmethod
    def attach(cls, records: Records, match_id: int, table: Table) -> MatchWriter:
        """A writer storing ``table``'s answers from now on."""
        writer = cls(records, match_id, table)
        table.subscribe_actions(writer.write_actions)
        table.subscribe_finish(writer.write_result)
        return writer

    def write_actions(self, batch: tuple[tuple[int, Action], ...]) -> None:
        """Store one apply's answers (their index follows what the table applied already)."""
        times = [self.elapsed_ms.pop(seat, None) for seat, _ in batch]
        if not self.failed:
            self._guarded(
                lambda: self.records.append_actions(self.match_id, len(self.table.actions), batch, times)
            )

    def write_result(self, standings: Standings) -> None:
        """Store the final result."""
        if self.failed:
            return
        self._guarded(lambda: self.records.finish_match(self.match_id, standings))
        if not self.failed:
            for callback in self.on_finish:
                callback(standings)

    def _guarded(self, write: Callable[[], None]) -> None:
        """Write, or hand the error to ``on_error`` and stop writing (a later answer would leave a gap)."""
        try:
            write()
        except RecordsError as error:
            if self.on_error is None:
                raise
            self.failed = True
            self.on_error(error)


def rebuild(
    records: Records,
    match_id: int,
    human: HumanFactory | None = None,
    *,
    whole_match: bool = False,
    prepare: Callable[[Table], None] | None = None,
) -> tuple[Table, StoredMatch, MatchWriter]:
    """The stored match rebuilt at its last answer, with a writer attached for what follows.

    ``prepare`` gets the new table before the restore (to subscribe observers that must see the hand in
    play, or with ``whole_match`` every hand). RecordsError when the stored answers do not fit the match.
    """
    stored = records.load_match(match_id)
    summary = stored.summary
    if summary.status in ("finished", "abandoned") and not whole_match:
        raise RecordsError(f"match {match_id} is {summary.status}: there is nothing to continue")
    table = Table(summary.rules, build_seats(summary.rules, summary.seed, summary.seats, human), summary.seed)
    if prepare is not None:
        prepare(table)
    try:
        table.restore(stored.actions, whole_match=whole_match)
    except RestoreError as error:
        raise RecordsError(f"{records.path}: match {match_id}: {error}") from None
    writer = MatchWriter.attach(records, match_id, table)
    if table.finished and summary.status != "finished" and table.standings is not None:
        writer.write_result(table.standings)  # killed between its last answer and its result
    return table, stored, writer
